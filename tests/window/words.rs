//! Issue 31's minor points in words: a unit card's stats named in words, never by the
//! rules crate's identifiers ("MissDamage 1", "Bab 0", "MagicalAptitude 4"); a side's
//! victory that reads right for a plural name ("Millers won").

use skirmish::game::words::{side_won, stat_words};
use skirmish_rules::components::Stat;

#[test]
fn card_stats_are_words_not_identifiers() {
    assert_eq!(
        stat_words(Stat::Bab, 0).as_deref(),
        Some("Base attack\u{a0}+0")
    );
    assert_eq!(
        stat_words(Stat::Ac, 12).as_deref(),
        Some("Armour class\u{a0}12")
    );
    assert_eq!(
        stat_words(Stat::MagicalAptitude, 4).as_deref(),
        Some("Magical Aptitude\u{a0}4")
    );
    assert_eq!(
        stat_words(Stat::RecoveryDie, 8).as_deref(),
        Some("Recovery die d8")
    );
    assert_eq!(
        stat_words(Stat::MissDamage, 1).as_deref(),
        Some("A miss still deals its Level in damage")
    );
    assert_eq!(
        stat_words(Stat::MissDamage, 0),
        None,
        "a flag that is off: nothing"
    );
    // Every stat of every unit of every shipped level: no CamelCase identifier left.
    let mut seen = 0;
    for entry in std::fs::read_dir(crate::repo("levels")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("ron") {
            continue;
        }
        let Ok(level) = skirmish_rules::level::load(&path) else {
            continue;
        };
        for u in &level.units {
            for (k, v) in &u.stats.0 {
                let Some(w) = stat_words(*k, *v) else {
                    continue;
                };
                seen += 1;
                for word in w.split([' ', '\u{a0}']) {
                    let caps = word.chars().filter(|c| c.is_ascii_uppercase()).count();
                    assert!(
                        caps <= 1 || word.chars().all(|c| !c.is_ascii_lowercase()),
                        "{}: {k:?} {v} shows {w:?}",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(seen > 50, "stats of the shipped levels: {seen}");
}

#[test]
fn a_plural_sides_victory_reads_right() {
    assert_eq!(side_won("Millers"), "Millers won");
    assert_eq!(side_won("Red"), "Red won");
}

/// Undo greyed says why in a sentence (issue 31: "only a move that rolled no dice…"):
/// nothing yet; then a plain move can be undone; then after an attack, why not.
#[test]
fn undo_greyed_says_why_in_a_sentence() {
    use bevy::prelude::KeyCode;
    use skirmish::game::act::undo_blocked;
    let mut t = super::dialogs::Board::new();
    let why = |t: &mut super::dialogs::Board| {
        let w = t.app.world();
        undo_blocked(
            &w.resource::<skirmish::game::BattleRes>().0,
            w.resource::<skirmish::game::Session>(),
        )
    };
    assert_eq!(why(&mut t), Some("Nothing to undo yet."));
    // A step up (the first arrow shows the cursor, the second moves it), Enter moves.
    t.key(KeyCode::ArrowUp);
    t.key(KeyCode::ArrowUp);
    t.key(KeyCode::Enter);
    assert!(matches!(
        t.session().commands.last(),
        Some(skirmish_rules::engine::Command::Move { .. })
    ));
    assert_eq!(why(&mut t), None, "a plain move can be undone");
    // Down again, next to Grub, and attack him: not a move.
    t.key(KeyCode::ArrowDown);
    t.key(KeyCode::Enter);
    t.key(KeyCode::ArrowRight);
    t.key(KeyCode::Enter);
    let w = why(&mut t).expect("greyed");
    assert!(w.starts_with(char::is_uppercase) && w.ends_with('.'), "{w}");
    assert!(
        w.contains("not a move") || w.contains("rolled dice"),
        "{w}: {:?}",
        t.session().commands
    );
}

/// A message goes once it no longer applies (issue 31): it stays while nothing is
/// played, goes with the next command or when the turn passes; one that came with a
/// command stays until the next.
#[test]
fn a_message_goes_with_the_next_command_or_turn() {
    use skirmish::game::text_layout::MessageClock;
    use skirmish_rules::components::UnitId;
    let (a, b) = (Some(UnitId(0)), Some(UnitId(1)));
    let mut clock = MessageClock::default();
    let mut m = Some(("No valid target for it now.".to_string(), true));
    clock.tick(&mut m, 3, a);
    clock.tick(&mut m, 3, a);
    assert!(m.is_some(), "nothing played: it stays");
    clock.tick(&mut m, 4, a);
    assert!(m.is_none(), "a command played: it goes");
    // Set with a command ("Move undone."): it stays that frame, goes with the next.
    let mut m = Some(("Move undone.".to_string(), false));
    clock.tick(&mut m, 2, a);
    clock.tick(&mut m, 2, a);
    assert!(m.is_some());
    clock.tick(&mut m, 2, b);
    assert!(m.is_none(), "another unit's turn: it goes");
}
