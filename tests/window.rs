//! The window's tests (a module of the `main` test binary): the modules below by topic,
//! and here the action bar's words, hovers, settings, zoom and undo.

/// The window's choices before a command goes in: Focus categories, which item a Sunder
/// or Disarm goes for, which item to hand over.
mod choices;

/// The settings screen's group, palettes, sounds.
mod prefs;

/// Dialogs take the input: a click or a board key beside one plays nothing.
mod dialogs;

/// The board dims behind a dialog (the veil).
mod veil;

/// Keyboard-only play: the cell cursor, Tab's targets, Esc, every action's key.
mod keyboard;

/// The gamepad: the d-pad, sticks and buttons drive the keyboard's intents.
mod gamepad;

/// Issue 31's minor points in words: card stats, a plural side's victory.
mod words;

/// Issue 31's minor points on the map: no threat hatching on walls, clear reach.
mod marks;

/// What a side sees: a hidden foe neither drawn nor found; the token marks' data.
mod sight;

/// The roll log's crit and tragedy chains, die by die.
mod chain;

/// A key answering a reaction prompt commits the amounts its pickers show.
mod amounts;

/// The level menu's list (shipped, user and command-line folders, refreshed on focus),
/// its solo default and a broken level's problems.
mod menu;

/// Saves: Ctrl+S, Ctrl+O, the autosave after every command, Continue.
mod saves;

/// Hazard cells on the board: a mark per kind, the hover's words, a rune's reach.
mod hazards;

/// Rewind a live battle from its roll log; the line before kept as a save.
mod rewind;

/// The win forecast in the background.
mod forecast;

/// Reaction prompts that show who, their words and odds; hot-seat reactions.
mod prompts;

/// The reaction prompt in a real egui context: clicks during the replay, checks memoized.
mod prompt_frames;

/// A battle opened from a save starts with a fresh view.
mod fresh_view;

/// The level editor's screen: paint, place, undo, save, playtest and back (issue 35).
mod editor;

/// Text and panel layout: floaters queued, the action panel's order, tooltips, names,
/// units that are down.
mod layout;

use skirmish::game::act::ActionKey;
use skirmish_rules::Battle;
use skirmish_rules::engine::Command;
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;

use crate::support::d20::duel;
use crate::support::{flow, id, since};

/// The battle's ruleset's action with this button label.
fn key(b: &Battle, label: &str) -> ActionKey {
    ActionKey::named(b, label).unwrap_or_else(|| panic!("no {label} action"))
}

#[test]
fn a_pending_feint_or_shove_shows_its_chance_against_the_enemy_under_the_pointer() {
    // Flow: Feint (2) waits for a target; hovering the enemy shows the same chance the
    // AI weighs (rulesets::flow::feint_chance).
    use skirmish::game::View;
    use skirmish::game::act::Pending;
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    let b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let (gor, brute) = (id(&b, "Gor"), id(&b, "Brute"));
    let view = View {
        hovered: Some(b.pos(brute)),
        pending: Some(Pending(key(&b, "Feint"))),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    let chance = skirmish_rules::rulesets::flow::feint_chance(&b, gor, brute);
    let want = format!("{:.0}% to out-feint Brute", chance * 100.0);
    assert!(
        lines.iter().any(|l| l.starts_with(&want)),
        "{lines:?} lacks {want}"
    );
    // Shove (3 or 4) shows its own chance against a foe it can shove, and only the
    // rules' refusal against one it cannot (Brute is too large): no odds then.
    let units2 = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Vex", side: "Blue", cell: (4, 3), archetype: "fighter")"#;
    let b2 = flow::arena(GridKind::Square, 10, 7, units2, "", &[10, 1]);
    let (gor2, vex) = (id(&b2, "Gor"), id(&b2, "Vex"));
    for label in ["Shove back", "Shove prone"] {
        let shove = View {
            hovered: Some(b2.pos(vex)),
            pending: Some(Pending(key(&b2, label))),
            ..View::default()
        };
        let lines = skirmish::game::hud::hover_lines(&b2, &shove);
        let chance = skirmish_rules::rulesets::flow::shove_chance(&b2, gor2, vex);
        let want = format!("{:.0}% to shove Vex", chance * 100.0);
        assert!(
            lines.iter().any(|l| l.starts_with(&want)),
            "{lines:?} lacks {want}"
        );
        let too_large = View {
            hovered: Some(b.pos(brute)),
            pending: Some(Pending(key(&b, label))),
            ..View::default()
        };
        let lines = skirmish::game::hud::hover_lines(&b, &too_large);
        assert!(
            lines.iter().any(|l| l.starts_with("cannot: "))
                && !lines.iter().any(|l| l.contains('%')),
            "{lines:?}: the refusal, no odds"
        );
    }
    let _ = gor;
    // Hovering an empty cell shows no chance.
    let view = View {
        hovered: Some(skirmish_rules::grid::Cell::new(0, 0)),
        ..view
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    assert_eq!(lines.len(), 1, "{lines:?}");
}

#[test]
fn each_rulesets_action_bar_keeps_its_labels_keys_and_prices() {
    let bar = |b: &Battle| -> Vec<String> {
        let u = b.current().unwrap();
        ActionKey::of(b)
            .map(|a| {
                format!(
                    "{} [{}] {}",
                    a.label(),
                    a.key_label().unwrap_or_default(),
                    a.cost_label(b, u)
                )
            })
            .collect()
    };
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    let b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    assert_eq!(
        bar(&b),
        [
            "Step [1] 1 AP",
            "Feint [2] 1 AP",
            "Shove back [3] 1 AP",
            "Shove prone [4] 1 AP",
            "Grapple [5] 2 AP",
            "Disarm [6] 2 AP",
            "Tumble [7] 1 AP",
            "Flow State [8] 1 AP",
            "Total Defense [9] 3 AP",
            "Ready [0] 0 AP",
            "Ready shot [H] 0 AP",
            "Ready move [V] 0 AP",
            "Ready vs casting [K] 0 AP",
            "Ready spell [C] 0 AP",
            "Stand Up [U] 1 AP",
            "Break Free [B] 0 AP",
            "Release [R] 0 AP",
            "Pick Up [P] 1 AP",
            "Drop [X] 0 AP",
        ]
    );
    let b = duel(GridKind::Square, &[]);
    assert_eq!(
        bar(&b),
        [
            "Secondary attack [E] Move",
            "Tertiary attack [Q] Quick",
            "Dash [1] Standard",
            "Charge [2] Standard+Move",
            "Trip [3] Standard",
            "Push [4] Standard",
            "Grapple [5] Standard",
            "Disarm [6] Standard",
            "Sunder [7] Standard",
            "Feint [8] Move",
            "Tumble [9] Move",
            "Jump [0] Standard+Move",
            "Overrun [O] Standard+Move",
            "Defend [V] Standard",
            "Guard [G] Move",
            "Focus [F] Quick",
            "Assist [H] Standard",
            "Concentrate [C] Move",
            "Wait [K] Standard",
            "Wait: shot [] Standard",
            "Wait: caster [] Standard",
            "Wait: move [] Standard",
            "Wait: trip [] Standard",
            "Wait: spell, Defend, Assist [] Standard",
            "Step [X] Quick",
            "Grapple attack [J] Standard",
            "Break Free [B] Standard",
            "Stand Up [U] Move",
            "Drop prone [R] Move",
            "Pick Up [P] Move",
            "Patch Wound [L] Standard",
            "Hand over [I] Move",
            "Command [Y] Quick",
        ]
    );
    // What each waits for, as the prompt says it.
    let d20: Vec<Option<&str>> = ActionKey::of(&b).map(|a| a.target()).collect();
    assert_eq!(d20[0], Some("an enemy"));
    assert_eq!(d20[2], Some("a cell"));
    assert_eq!(d20[16], Some("an ally"));
    assert_eq!(d20[30], Some("itself or an adjacent bleeding ally"));
    assert_eq!(d20[31], Some("an adjacent ally"));
    assert_eq!(d20[32], None, "the Command asks for words");
    assert_eq!(key(&b, "Command").words().map(|w| w.0), Some(13));
}

/// escalation: hovering a cell whose path brings the mover next to an ally of a Free foe
/// names the step that may be intercepted and by whom; a cell short of it names none.
#[test]
fn the_move_hover_names_the_step_an_escalation_foe_may_intercept() {
    use skirmish::game::View;
    use skirmish_rules::grid::Cell;
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [
            Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {{Band: 4}}),
            Unit(name: "Ash", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Bex", side: "PCs", cell: (3, 4), archetype: "cleric"),
        ])"##
    );
    let l = skirmish_rules::level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    let b = Battle::new(l, 7, vec![]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.current(), Some(id(&b, "Snitch")));
    let hover = |c: Cell| {
        skirmish::game::hud::hover_lines(
            &b,
            &View {
                hovered: Some(c),
                ..View::default()
            },
        )
    };
    let lines = hover(Cell::new(4, 2));
    let marks: Vec<&String> = lines.iter().filter(|l| l.starts_with('!')).collect();
    assert_eq!(
        marks,
        [
            "! stepping to (4, 2) may be intercepted by Bex (guarding Ash; the move would stop on (5, 2))"
        ],
        "{lines:?}"
    );
    let lines = hover(Cell::new(6, 2));
    assert!(lines[0].starts_with("Move to (6, 2)"), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with('!')), "{lines:?}");
}

/// escalation under the "Auto" policy: the side's answer takes the opportunity attack and
/// the intercept (the AI's: in melee stance, not Staggered), as the prompts offer them.
#[test]
fn escalations_auto_policy_takes_opportunity_attacks_and_intercepts() {
    use skirmish::game::act::auto_choice;
    use skirmish_rules::Status;
    use skirmish_rules::event::ReactionKind;
    use skirmish_rules::grid::Cell;
    let src = std::fs::read_to_string(crate::repo("tests/fixtures/e2e-escalation.ron"))
        .expect("the e2e fixture");
    let l = skirmish_rules::level::parse(&src, "e2e-escalation").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Battle::new(l, 2, vec![]).unwrap_or_else(|e| panic!("{e}"));
    let (brannoc, sefa, grik) = (id(&b, "Brannoc"), id(&b, "Sefa"), id(&b, "Grik"));
    // Brannoc walks off Grik: Grik's window, answered with its opportunity attack.
    b.submit(Command::Move {
        unit: brannoc,
        to: Cell::new(1, 1),
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(grik));
    assert_eq!(auto_choice(&b), Some(ReactionKind::ReactionAttack));
    b.submit(Command::React {
        unit: grik,
        choice: None,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    b.submit(Command::EndTurn { unit: brannoc }).unwrap();
    b.submit(Command::EndTurn { unit: sefa }).unwrap();
    // Grik comes at Sefa: Brannoc's window, answered with an intercept.
    b.submit(Command::Move {
        unit: grik,
        to: Cell::new(4, 3),
    })
    .unwrap();
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(brannoc),
        "{:?}",
        b.window()
    );
    assert_eq!(auto_choice(&b), Some(ReactionKind::Intercept));
}

/// Hovering a cell to move to lists only the reactions that can happen (tactical-d20:
/// each foe once a movement) and the damage to expect on the way.
#[test]
fn the_move_hover_lists_each_possible_reaction_once_with_the_expected_damage() {
    use skirmish::game::View;
    let map = [
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let units = r#"Unit(name: "Orc", side: "Blue", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Tam", side: "Red", cell: (1, 3), archetype: "rogue")"#;
    let mut b = crate::support::d20::field(GridKind::Square, &map, units, "", &[20, 1]);
    let o = id(&b, "Orc");
    b.submit(Command::EndTurn { unit: o }).unwrap();
    let view = View {
        hovered: Some(skirmish_rules::grid::Cell::new(5, 3)),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    let provoking: Vec<&String> = lines.iter().filter(|l| l.starts_with('!')).collect();
    assert_eq!(provoking.len(), 1, "{lines:?}");
    assert!(provoking[0].contains("may provoke Orc"), "{lines:?}");
    let expected = lines
        .iter()
        .find(|l| l.starts_with("expected damage to Tam on the way: "))
        .unwrap_or_else(|| panic!("no expected damage in {lines:?}"));
    let tam = id(&b, "Tam");
    let p = b.provoked_along(
        tam,
        &b.path_to(tam, skirmish_rules::grid::Cell::new(5, 3))
            .unwrap()
            .0,
    );
    let want = skirmish_rules::rulesets::attack_odds_numbers(
        &b,
        o,
        tam,
        p[0].weapon,
        skirmish_rules::event::AttackKind::Reaction,
    )
    .expected_damage();
    assert!(want > 0.0);
    assert!(
        expected.contains(&format!("{want:.1}")),
        "{expected} vs {want:.1}"
    );
}

#[test]
fn the_bar_disables_what_the_rules_refuse_now_with_their_reason() {
    use skirmish::game::act::{Usable, why_not_action};
    // tactical-d20 duel: Corwin next to Grub, every action left.
    let mut b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(
        why_not_action(&b, c, key(&b, "Trip")),
        None,
        "Grub is in reach"
    );
    assert_eq!(why_not_action(&b, c, key(&b, "Defend")), None);
    // Nobody bleeds: Patch Wound has no target, and says what the rules say.
    let why = why_not_action(&b, c, key(&b, "Patch Wound")).expect("no bleeder");
    assert!(why.contains("not bleeding"), "{why}");
    // Defend spends the Standard action: Trip and Defend are refused now, with the
    // rules' reason; a Move action (Guard) is still fine.
    let cmd = key(&b, "Defend").command(&b, c, None).unwrap();
    b.submit(cmd).unwrap();
    for label in ["Trip", "Defend"] {
        let why = why_not_action(&b, c, key(&b, label));
        assert!(
            why.as_deref().is_some_and(|w| w.contains("Standard")),
            "{label}: {why:?}"
        );
    }
    assert_eq!(why_not_action(&b, c, key(&b, "Guard")), None);
    // The bar's cache agrees, and is worked out again only when the battle changes.
    let mut usable = Usable::default();
    usable.refresh(&b, c, 0, 1);
    let trip = ActionKey::of(&b).position(|a| a.label() == "Trip").unwrap();
    assert!(usable.actions[trip].1.is_some());
    let stamp = usable.stamp;
    usable.refresh(&b, c, 0, 1);
    assert_eq!(usable.stamp, stamp);
    usable.refresh(&b, c, 1, 1);
    assert_ne!(usable.stamp, stamp, "a restart is a new state");
    let _ = g;
}

#[test]
fn ending_a_turn_asks_first_while_actions_are_left() {
    use skirmish::game::act::unspent;
    let mut b = duel(GridKind::Square, &[]);
    let c = id(&b, "Corwin");
    assert_eq!(unspent(&b, c), ["Standard 1", "Move 1", "Quick 1"]);
    for label in ["Defend", "Guard", "Focus"] {
        let a = key(&b, label);
        let cmd = match a.choices(&b, c, None).unwrap() {
            Some(ch) => ch.options[0].1.clone(),
            None => a.command(&b, c, None).unwrap(),
        };
        b.submit(cmd).unwrap();
    }
    assert!(unspent(&b, c).is_empty(), "{:?}", unspent(&b, c));
    // flow counts AP.
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    let b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let gor = id(&b, "Gor");
    assert_eq!(unspent(&b, gor), [format!("AP {}", b.ap(gor))]);
}

#[test]
fn odds_are_shown_only_for_a_target_the_rules_allow() {
    use skirmish::game::View;
    use skirmish::game::act::Pending;
    // Flow: Brute two cells away. Feint waits for a target: hovering Brute says why it
    // cannot, and shows no chance.
    let units = r#"Unit(name: "Gor", side: "Red", cell: (3, 3), archetype: "fighter"),
        Unit(name: "Brute", side: "Blue", cell: (6, 3), archetype: "brute")"#;
    let b = flow::arena(GridKind::Square, 10, 7, units, "", &[10, 1]);
    let brute = id(&b, "Brute");
    let view = View {
        hovered: Some(b.pos(brute)),
        pending: Some(Pending(key(&b, "Feint"))),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    assert!(
        lines.iter().any(|l| l.starts_with("cannot: ")),
        "{lines:?} says why not"
    );
    assert!(!lines.iter().any(|l| l.contains('%')), "{lines:?} has odds");
    // An attack out of reach: the reason, no odds.
    let view = View {
        hovered: Some(b.pos(brute)),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    assert!(lines.len() == 1 && lines[0].contains("cannot"), "{lines:?}");
}

/// Hovering a cell of difficult terrain says what it does, in the ruleset's words (the
/// same `Ruleset::explain` text the help window's terrain legend lists).
#[test]
fn hovering_terrain_explains_it_in_the_rulesets_words() {
    use skirmish::game::View;
    use skirmish_rules::level::Terrain;
    use skirmish_rules::rulesets::explain::Topic;
    let map = ["......", "..~~..", "......"];
    let units = r#"Unit(name: "Orc", side: "Blue", cell: (5, 0), archetype: "fighter"),
        Unit(name: "Tam", side: "Red", cell: (0, 1), archetype: "rogue")"#;
    let mut b = crate::support::d20::field(GridKind::Square, &map, units, "", &[20, 1]);
    b.submit(Command::EndTurn {
        unit: id(&b, "Orc"),
    })
    .unwrap();
    let want = skirmish_rules::rulesets::view_of(&b)
        .expect("a registered ruleset")
        .explain(Topic::Terrain(Terrain::Difficult))
        .expect("tactical-d20 explains difficult terrain");
    let view = View {
        hovered: Some(skirmish_rules::grid::Cell::new(2, 1)),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    assert!(
        lines.iter().any(|l| l.contains(want.text)),
        "{lines:?} lacks {}",
        want.text
    );
    // Plain floor adds nothing.
    let view = View {
        hovered: Some(skirmish_rules::grid::Cell::new(1, 0)),
        ..View::default()
    };
    let lines = skirmish::game::hud::hover_lines(&b, &view);
    assert!(!lines.iter().any(|l| l.contains(want.text)), "{lines:?}");
}

/// Settings round-trip through their file: written atomically (no temporary file left),
/// read back equal; a missing file is the defaults with no complaint; a broken one is
/// the defaults with a message naming the file.
#[test]
fn settings_are_saved_and_read_back_and_a_bad_file_falls_back_to_defaults() {
    use skirmish::game::settings::{Settings, load, store};
    let dir = std::env::temp_dir().join(format!("skirmish-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("sub").join("settings.ron");
    let (s, problem) = load(&path);
    assert_eq!((s, problem), (Settings::default(), None));
    let mine = Settings {
        animation: "fast".into(),
        confirm_end_turn: false,
        threat_overlay: true,
        minimap: false,
        camera_follow: false,
        ..Settings::default()
    };
    store(&path, &mine).unwrap();
    assert_eq!(load(&path), (mine.clone(), None));
    assert_eq!(mine.anim_speed(), skirmish::game::prefs::AnimSpeed::Fast);
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(left, ["settings.ron"], "no temporary file left behind");
    std::fs::write(&path, "Settings(animation: 3").unwrap();
    let (s, problem) = load(&path);
    assert_eq!(s, Settings::default());
    let problem = problem.expect("a message");
    assert!(problem.contains("settings.ron"), "{problem}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Zoom to the cursor: after zooming, the world point that was under the cursor is under
/// it still (and a cursor in the middle of the window leaves the camera where it is).
#[test]
fn zooming_keeps_the_point_under_the_cursor() {
    use bevy::math::Vec2;
    use skirmish::game::camera::zoom_about;
    let size = Vec2::new(1280.0, 800.0);
    let world = |at: Vec2, scale: f32, c: Vec2| {
        at + Vec2::new(c.x - size.x / 2.0, size.y / 2.0 - c.y) * scale
    };
    let (at, cursor) = (Vec2::new(100.0, -40.0), Vec2::new(900.0, 200.0));
    for (s, s2) in [(1.0, 1.15), (2.0, 1.0 / 1.15), (0.5, 0.3)] {
        let before = world(at, s, cursor);
        let at2 = zoom_about(at, s, s2, cursor, size);
        let after = world(at2, s2, cursor);
        assert!((before - after).length() < 1e-3, "{before} vs {after}");
        assert_ne!(at2, at);
    }
    assert_eq!(zoom_about(at, 1.0, 2.0, size / 2.0, size), at);
}

#[test]
fn the_frame_time_summary_reads_the_median_p95_and_worst_frame() {
    use skirmish::game::frame_stats::summary;
    assert_eq!(summary(&[]), None);
    let frames: Vec<f64> = (1..=100).rev().map(f64::from).collect();
    let (n, median, p95, max) = summary(&frames).expect("frames");
    assert_eq!(n, 100);
    // Sorted 1..=100: index round(99 * 0.5) = 50 -> 51, round(99 * 0.95) = 94 -> 95.
    assert_eq!((median, p95, max), (51.0, 95.0, 100.0));
}

/// escalation: the bar's Dicey move over a level's dicey spot whose reward goes on an
/// enemy next to the landing asks which enemy when there are two (keys 1-9), and each
/// answer is the command the rules take; with one there, it is named without asking.
#[test]
fn the_dicey_move_button_asks_whom_a_dicey_spots_reward_goes_to() {
    use skirmish_rules::grid::Cell;
    use skirmish_rules::rulesets::escalation::EscalationAction;
    let level = |units: &str| {
        let src = format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: Square,
            map: ["..........", "...=......", "..........", "..........", "..........", ".........."],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [Unit(name: "Ash", side: "PCs", cell: (2, 1), archetype: "fighter", stats: {{Band: 4}}), {units}],
            dicey: [Dicey(cell: (3, 1), dc: 3, reward: Damage("1d6"))])"##
        );
        let l = skirmish_rules::level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
        Battle::new(l, 7, vec![]).unwrap_or_else(|e| panic!("{e}"))
    };
    let two = r#"Unit(name: "Snitch", side: "Foes", cell: (5, 1), archetype: "goblin", hp: 40),
        Unit(name: "Grub", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40)"#;
    let mut b = level(two);
    let (a, g) = (id(&b, "Ash"), id(&b, "Grub"));
    let dicey = key(&b, "Dicey move");
    let ch = dicey
        .choices(&b, a, Some(Cell::new(4, 1)))
        .unwrap()
        .expect("two enemies: it asks");
    assert_eq!(
        ch.options
            .iter()
            .map(|(l, _)| l.as_str())
            .collect::<Vec<_>>(),
        ["Snitch", "Grub"]
    );
    let n = b.log().len();
    b.submit(ch.options[1].1.clone()).unwrap();
    assert!(
        since(&b, n)
            .iter()
            .any(|e| matches!(e, Event::Damage { unit, .. } if *unit == g)),
        "the damage goes to the one picked"
    );
    let one = r#"Unit(name: "Grub", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40)"#;
    let b = level(one);
    let (a, g) = (id(&b, "Ash"), id(&b, "Grub"));
    let dicey = key(&b, "Dicey move");
    assert_eq!(dicey.choices(&b, a, Some(Cell::new(4, 1))).unwrap(), None);
    assert_eq!(
        dicey.command(&b, a, Some(Cell::new(4, 1))).unwrap(),
        Command::Act {
            unit: a,
            action: EscalationAction::DiceyMove {
                to: Cell::new(4, 1),
                target: Some(g)
            }
            .into()
        }
    );
}

mod camera;

/// Undo takes back a plain move whatever pays for it: flow's AP, tactical-d20's and
/// escalation's Move action (`act::undoable` reads the events' `Spend::Move`, no pool of
/// one ruleset); a move that ended the turn or rolled dice is not undoable.
#[test]
fn a_plain_move_is_undoable_in_every_ruleset() {
    use skirmish::game::prefs::ReactPolicy;
    use skirmish::game::{Session, act::undoable};
    use skirmish_rules::grid::Cell;
    use skirmish_rules::level::Controller;
    for (ruleset, a, b_) in [
        ("flow", "fighter", "brute"),
        ("tactical-d20", "fighter", "wolf"),
        ("escalation", "fighter", "goblin"),
    ] {
        let row = format!("\"{}\"", ".".repeat(12));
        let map = vec![row; 6].join(", ");
        let src = format!(
            r##"Level(name: "undo", ruleset: "{ruleset}", grid: Square, map: [{map}],
            sides: [Side(name: "A", colour: "#3c6ec8", role: Pc), Side(name: "B", colour: "#c83c3c", role: Npc)],
            units: [Unit(name: "Ann", side: "A", cell: (1, 2), archetype: "{a}"),
                    Unit(name: "Bo", side: "B", cell: (10, 2), archetype: "{b_}")])"##
        );
        let l = skirmish_rules::level::parse(&src, "undo").unwrap_or_else(|e| panic!("{e}"));
        let mut b = Battle::new(l.clone(), 3, vec![]).unwrap_or_else(|e| panic!("{e}"));
        // Whoever acts first moves one cell towards nobody.
        let u = b.current().expect("a turn");
        let to = if b.pos(u).x < 5 {
            Cell::new(b.pos(u).x, b.pos(u).y + 1)
        } else {
            Cell::new(b.pos(u).x, b.pos(u).y - 1)
        };
        let mut s = Session {
            level: l,
            seed: 3,
            policies: vec![ReactPolicy::Ask; 2],
            controllers: vec![Controller::Human; 2],
            commands: Vec::new(),
            marks: Vec::new(),
            viewer: None,
            logged: 0,
            event_log: None,
            generation: 0,
            confirm_end_turn: false,
        };
        let cmd = Command::Move { unit: u, to };
        s.marks.push(b.log().len());
        s.commands.push(cmd.clone());
        b.submit(cmd).unwrap_or_else(|e| panic!("{ruleset}: {e}"));
        assert!(undoable(&b, &s), "{ruleset}: a plain move can be undone");
        // An end of turn cannot.
        let end = Command::EndTurn { unit: u };
        s.marks.push(b.log().len());
        s.commands.push(end.clone());
        b.submit(end).unwrap();
        assert!(!undoable(&b, &s), "{ruleset}: an end of turn cannot");
    }
}
