//! The settings screen's group (`Settings::prefs`: volume, mute, UI scale, palette,
//! reaction defaults) through the settings file, the palettes' side colours and map
//! marks, and which event plays which sound, checked on events of real battles played
//! through `Battle::submit`.

use skirmish::game::ReactPolicy;
use skirmish::game::palette::{Palette, level_colours, marks, side_colour};
use skirmish::game::settings::{Prefs, Settings, load, store};
use skirmish::game::sound::{Sound, mute_reason, sound_for, sounds_for};
use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::engine::Command;
use skirmish_rules::event::{Event, Outcome, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};

use crate::support::d20::{arena, duel};
use crate::support::{id, since};

/// A fresh folder for one test's settings file.
fn folder(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-prefs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn the_settings_file_round_trips_volume_scale_palette_reaction_default_and_window() {
    let dir = folder("round-trip");
    let path = dir.join("settings.ron");
    let mine = Settings {
        prefs: Prefs {
            volume: 35,
            muted: true,
            ui_scale: 1.5,
            palette: Palette::ColourBlind,
            reactions: ReactPolicy::Never,
            fullscreen: true,
            window_size: [1024, 640],
            keys: std::collections::BTreeMap::from([("Attack".into(), "J".into())]),
            auto_below: vec![0, 60],
        },
        ..Settings::default()
    };
    store(&path, &mine).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    for want in [
        "volume: 35",
        "muted: true",
        "ui_scale: 1.5",
        "palette: ColourBlind",
        "reactions: Never",
        "fullscreen: true",
        "window_size: (1024, 640)",
        "\"Attack\": \"J\"",
        "auto_below:",
    ] {
        assert!(text.contains(want), "{want} in {text}");
    }
    assert_eq!(load(&path), (mine, None));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_old_settings_file_without_the_new_fields_loads_them_as_defaults() {
    let dir = folder("old");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.ron");
    // As written before the settings screen: no `prefs` at all.
    std::fs::write(
        &path,
        "(animation: \"fast\", confirm_end_turn: false, threat_overlay: true)",
    )
    .unwrap();
    let (s, problem) = load(&path);
    assert_eq!(problem, None);
    assert_eq!(s.animation, "fast");
    assert!(!s.confirm_end_turn && s.threat_overlay);
    assert_eq!(s.prefs, Prefs::default());
    // Part of the group: the rest are defaults.
    std::fs::write(&path, "(prefs: (volume: 20, palette: HighContrast))").unwrap();
    let (s, problem) = load(&path);
    assert_eq!(problem, None);
    assert_eq!(
        s.prefs,
        Prefs {
            volume: 20,
            palette: Palette::HighContrast,
            ..Prefs::default()
        }
    );
    assert_eq!(s.animation, Settings::default().animation);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_malformed_settings_file_gives_the_defaults_and_a_message() {
    let dir = folder("bad");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.ron");
    for bad in [
        "(prefs: (palette: Purple))",
        "(prefs: (volume: 300))",
        "(prefs: (ui_scale: \"big\"))",
        "(prefs: (volume: 20)",
    ] {
        std::fs::write(&path, bad).unwrap();
        let (s, problem) = load(&path);
        assert_eq!(s, Settings::default(), "{bad}");
        let problem = problem.unwrap_or_else(|| panic!("a message for {bad}"));
        assert!(problem.contains("settings.ron"), "{problem}");
        assert!(problem.contains("default settings"), "{problem}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ui_scale_snaps_to_an_offered_one_and_mute_silences() {
    let p = |ui_scale| Prefs {
        ui_scale,
        ..Prefs::default()
    };
    assert_eq!(p(1.0).scale(), 1.0);
    assert_eq!(p(1.3).scale(), 1.25);
    assert_eq!(p(1.45).scale(), 1.5);
    assert_eq!(p(9.0).scale(), 1.5);
    assert_eq!(p(-2.0).scale(), 1.0);
    let v = |volume, muted| {
        Prefs {
            volume,
            muted,
            ..Prefs::default()
        }
        .gain()
    };
    assert_eq!(v(50, false), 0.5);
    assert_eq!(v(100, false), 1.0);
    assert_eq!(v(50, true), 0.0);
    assert_eq!(v(0, false), 0.0);
}

#[test]
fn the_palette_changes_side_colours_and_keeps_sides_apart() {
    let red = [0xc8, 0x3c, 0x3c];
    let blue = [0x3c, 0x6e, 0xc8];
    let green = [0x3c, 0xc8, 0x50];
    // The default palette: the level's colours.
    assert_eq!(side_colour(Palette::Default, &[red, blue], 0), red);
    assert_eq!(side_colour(Palette::Default, &[red, blue], 1), blue);
    // Colour-blind safe: the warm side orange, the cool one blue, whatever their order.
    let orange = [230, 159, 0];
    let okabe_blue = [0, 114, 178];
    assert_eq!(side_colour(Palette::ColourBlind, &[red, blue], 0), orange);
    assert_eq!(
        side_colour(Palette::ColourBlind, &[red, blue], 1),
        okabe_blue
    );
    assert_eq!(
        side_colour(Palette::ColourBlind, &[blue, red], 0),
        okabe_blue
    );
    assert_eq!(side_colour(Palette::ColourBlind, &[blue, red], 1), orange);
    // High contrast: yellow and cyan.
    assert_eq!(
        side_colour(Palette::HighContrast, &[red, blue], 0),
        [255, 235, 0]
    );
    assert_eq!(
        side_colour(Palette::HighContrast, &[red, blue], 1),
        [0, 230, 255]
    );
    // Up to four sides (even of one colour) stay apart in every palette but the level's.
    for sides in [
        vec![red, blue, green],
        vec![red, blue, green, red],
        vec![red, red],
    ] {
        for p in [Palette::ColourBlind, Palette::HighContrast] {
            let got: Vec<[u8; 3]> = (0..sides.len())
                .map(|i| side_colour(p, &sides, i))
                .collect();
            let mut apart = got.clone();
            apart.sort();
            apart.dedup();
            assert_eq!(apart.len(), got.len(), "{p:?} {sides:?} gives {got:?}");
        }
    }
    // A shipped level's sides change colour under the colour-blind palette.
    let level = skirmish_rules::level::load(&crate::repo("levels/flow-bridge.ron")).unwrap();
    let sides = level_colours(&level);
    for i in 0..sides.len() {
        assert_ne!(
            side_colour(Palette::ColourBlind, &sides, i),
            side_colour(Palette::Default, &sides, i)
        );
    }
    // The map marks follow the palette too.
    assert_ne!(marks(Palette::ColourBlind), marks(Palette::Default));
    assert_ne!(marks(Palette::HighContrast), marks(Palette::Default));
    let m = marks(Palette::ColourBlind);
    assert_ne!(m.threat, m.reach);
    assert_ne!(m.provoke, m.intercept);
}

/// Every event of a battle's setup is silent; a move steps.
#[test]
fn setup_events_are_silent_and_a_move_steps() {
    let mut b = duel(GridKind::Square, &[]);
    assert!(!b.log().is_empty());
    for l in b.log() {
        assert_eq!(sound_for(&l.event), None, "{:?}", l.event);
    }
    let c = id(&b, "Corwin");
    let n = b.log().len();
    b.submit(Command::Move {
        unit: c,
        to: Cell::new(4, 2),
    })
    .unwrap();
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(e, Event::Moved { .. })));
    assert_eq!(sounds_for(&ev), [Sound::Step], "{ev:?}");
}

/// One attack in a tactical-d20 duel with the d20 forced to `face` (and its damage dice
/// after): the attack's outcome and the sounds of its events.
fn swing(face: u32, grub_hp: Option<i32>) -> (Battle, Outcome, Vec<Event>) {
    let units = match grub_hp {
        Some(hp) => format!(
            r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: {hp})"#
        ),
        None => crate::support::d20::DUEL.to_string(),
    };
    let mut b = arena(GridKind::Square, &units, &[20, 1, face, 4, 4, 4, 4]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: c,
        target: g,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    let outcome = ev
        .iter()
        .find_map(|e| match e {
            Event::Attack { outcome, .. } => Some(*outcome),
            _ => None,
        })
        .expect("an attack roll");
    (b, outcome, ev)
}

#[test]
fn attacks_sound_by_their_outcome_and_a_kill_plays_death_and_victory() {
    // A natural 1 misses.
    let (_, o, ev) = swing(1, None);
    assert!(!o.is_success());
    assert_eq!(sounds_for(&ev), [Sound::Miss]);
    // A plain hit.
    let (_, o, ev) = swing(15, None);
    assert_eq!(o, Outcome::Success);
    assert_eq!(sounds_for(&ev), [Sound::Hit]);
    // A natural 20: a critical hit.
    let (_, o, ev) = swing(20, None);
    assert_eq!(o, Outcome::Critical);
    assert_eq!(sounds_for(&ev), [Sound::Crit]);
    // A hit that drops the last foe: the hit, the fall and the victory, each once.
    let (b, o, ev) = swing(15, Some(1));
    assert!(o.is_success());
    assert!(matches!(b.status(), Status::Ended(Some(_))), "{ev:?}");
    assert_eq!(sounds_for(&ev), [Sound::Hit, Sound::Death, Sound::Victory]);
    let down = ev.iter().find(|e| matches!(e, Event::Down { .. })).unwrap();
    assert_eq!(sound_for(down), Some(Sound::Death));
    // A battle that ends without a winner plays no victory.
    assert_eq!(sound_for(&Event::BattleEnded { winner: None }), None);
}

#[test]
fn a_reaction_taken_clangs_and_its_offer_is_silent() {
    // Corwin ends his turn; Grub walks away from him: Corwin is offered an opportunity
    // attack (its offer silent) and takes it (a clang, then the attack's own sound).
    let mut b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    b.submit(Command::EndTurn { unit: c }).unwrap();
    b.dice_force_for_tests(&[12, 3]);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(8, 4),
    })
    .unwrap();
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(c),
        "{:?}",
        since(&b, n)
    );
    let ev = since(&b, n);
    let offer = ev
        .iter()
        .find(|e| matches!(e, Event::ReactionOffered { .. }))
        .expect("an offer");
    assert_eq!(sound_for(offer), None);
    assert_eq!(
        sounds_for(&ev),
        [],
        "the offer comes before the step: silence"
    );
    let m = b.log().len();
    b.submit(Command::React {
        unit: c,
        choice: Some(ReactionKind::ReactionAttack),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    let ev = since(&b, m);
    let reacted = ev
        .iter()
        .find(|e| matches!(e, Event::Reacted { .. }))
        .expect("the reaction");
    assert_eq!(sound_for(reacted), Some(Sound::Reaction));
    assert_eq!(
        sounds_for(&ev),
        [Sound::Step, Sound::Hit, Sound::Reaction],
        "{ev:?}"
    );
}

#[test]
fn sound_is_off_under_ci_or_skirmish_mute_unless_skirmish_mute_is_0() {
    assert_eq!(mute_reason(None, None), None);
    assert_eq!(mute_reason(None, Some("")), None);
    assert!(mute_reason(None, Some("true")).unwrap().contains("CI"));
    assert!(
        mute_reason(Some("1"), None)
            .unwrap()
            .contains("SKIRMISH_MUTE=1")
    );
    assert_eq!(mute_reason(Some("0"), Some("true")), None);
    assert_eq!(mute_reason(Some(""), None), None);
}

/// A file where the settings folder should be (issue 33: the write said only "File
/// exists"): the message names that file and the folder that cannot be made, and the
/// file is left as it was.
#[test]
fn a_file_in_the_settings_folders_place_is_named_and_left_alone() {
    let dir = folder("settings-blocked");
    std::fs::create_dir_all(&dir).unwrap();
    let blocker = dir.join("config");
    std::fs::write(&blocker, "not a folder").unwrap();
    let path = blocker.join("skirmish").join("settings.ron");
    let e = store(&path, &Settings::default()).unwrap_err();
    assert!(e.contains("not a folder"), "{e}");
    assert!(e.contains("config"), "{e}");
    assert_eq!(std::fs::read_to_string(&blocker).unwrap(), "not a folder");
}

/// The prompt's "answer by itself when no option reaches N%" is a setting (issue 31,
/// item 10): per side, saved in `settings.ron` with the rest, read back at start; a file
/// written before it had the field (keys and window size, no `auto_below`) still loads,
/// with every side asked.
#[test]
fn the_long_shot_threshold_is_saved_and_an_older_file_without_it_loads() {
    let dir = folder("auto-below");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("settings.ron");
    std::fs::write(
        &path,
        "(animation: \"normal\", prefs: (volume: 50, window_size: (1024, 640), \
         keys: {\"Attack\": \"J\"}))",
    )
    .unwrap();
    let (s, problem) = load(&path);
    assert_eq!(problem, None);
    assert!(s.prefs.auto_below.is_empty());
    assert_eq!(s.prefs.threshold(0), 0.0, "always asked");
    assert_eq!(s.prefs.keys.get("Attack").map(String::as_str), Some("J"));
    let mut set = s.clone();
    set.prefs.auto_below = vec![25, 0, 95];
    store(&path, &set).unwrap();
    let (back, problem) = load(&path);
    assert_eq!(problem, None);
    assert_eq!(back, set);
    assert_eq!(back.prefs.threshold(0), 0.25);
    assert_eq!(back.prefs.threshold(1), 0.0);
    assert_eq!(
        back.prefs.threshold(2),
        0.95,
        "a hand-edited file may say more"
    );
    assert_eq!(
        back.prefs.threshold(3),
        0.0,
        "a side past the list is asked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
