//! The gamepad drives the keyboard's intents (issue 31, "keyboard and gamepad first"): the
//! headless board of `dialogs` with Bevy's own gamepad systems added, a pad connected and
//! its buttons and sticks changed by Bevy's raw gamepad messages, as gilrs sends them.

use bevy::input::InputSystems;
use bevy::input::gamepad::{
    GamepadAxis, GamepadButton, RawGamepadAxisChangedEvent, RawGamepadButtonChangedEvent,
    RawGamepadEvent,
};
use bevy::prelude::*;
use skirmish::game::act::{ActionKey, Pending};
use skirmish::game::keymap::{Group, KeyMap};
use skirmish_rules::engine::Command;

use super::dialogs::Board;

/// The board with Bevy's gamepad processing and one pad connected.
fn with_pad() -> (Board, Entity) {
    with_pad_on(crate::support::d20::duel(
        skirmish_rules::grid::GridKind::Square,
        &[],
    ))
}

/// The same on another battle with a Corwin to act and a Grub.
fn with_pad_on(b: skirmish_rules::Battle) -> (Board, Entity) {
    use bevy::input::gamepad::*;
    let mut t = Board::with(b);
    t.app
        .add_message::<GamepadEvent>()
        .add_message::<GamepadConnectionEvent>()
        .add_message::<GamepadButtonChangedEvent>()
        .add_message::<GamepadButtonStateChangedEvent>()
        .add_message::<GamepadAxisChangedEvent>()
        .add_message::<RawGamepadEvent>()
        .add_message::<RawGamepadAxisChangedEvent>()
        .add_message::<RawGamepadButtonChangedEvent>()
        .add_systems(
            PreUpdate,
            (
                gamepad_connection_system,
                gamepad_event_processing_system.after(gamepad_connection_system),
            )
                .in_set(InputSystems),
        );
    let pad = t.app.world_mut().spawn_empty().id();
    t.app.world_mut().write_message(GamepadConnectionEvent::new(
        pad,
        GamepadConnection::Connected {
            name: "Test pad".into(),
            vendor_id: None,
            product_id: None,
        },
    ));
    t.frame();
    (t, pad)
}

fn raw(t: &mut Board, e: RawGamepadEvent) {
    t.app.world_mut().write_message(e);
}

/// `b` pressed for one frame, then released (and a frame for the release).
fn button(t: &mut Board, pad: Entity, b: GamepadButton) {
    raw(
        t,
        RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, b, 1.0)),
    );
    t.frame();
    raw(
        t,
        RawGamepadEvent::Button(RawGamepadButtonChangedEvent::new(pad, b, 0.0)),
    );
    t.frame();
}

fn axis(t: &mut Board, pad: Entity, a: GamepadAxis, v: f32) {
    raw(
        t,
        RawGamepadEvent::Axis(RawGamepadAxisChangedEvent::new(pad, a, v)),
    );
    t.frame();
}

/// The d-pad moves the cursor (the first push shows it on Corwin, as the first arrow
/// does), South does on its cell what Enter does: Grub attacked.
#[test]
fn the_dpad_moves_the_cursor_and_south_confirms() {
    let (mut t, pad) = with_pad();
    button(&mut t, pad, GamepadButton::DPadRight);
    assert!(t.seen().keyboard, "the cursor shows");
    assert_eq!(t.seen().cursor, Some(t.battle().pos(t.corwin)));
    button(&mut t, pad, GamepadButton::DPadRight);
    assert_eq!(t.seen().cursor, Some(t.enemy), "a cell right: Grub");
    assert_eq!(t.played().1, 0, "moving plays nothing");
    button(&mut t, pad, GamepadButton::South);
    let last = t.session().commands.last().cloned();
    assert!(
        matches!(last, Some(Command::Attack { unit, .. }) if unit == t.corwin),
        "{last:?}"
    );
}

/// West arms the attack, the right shoulder jumps to its target, South attacks; East
/// cancels, then opens the menu; Start closes it, and opens it at once over an armed
/// action; North ends the turn.
#[test]
fn west_shoulders_east_start_and_north_act_as_their_keys() {
    let (mut t, pad) = with_pad();
    button(&mut t, pad, GamepadButton::West);
    assert_eq!(t.seen().pending, Some(Pending(ActionKey::attack())));
    button(&mut t, pad, GamepadButton::RightTrigger);
    assert_eq!(t.seen().cursor, Some(t.enemy), "the next target: Grub");
    button(&mut t, pad, GamepadButton::LeftTrigger);
    assert_eq!(t.seen().cursor, Some(t.enemy), "the previous: Grub again");
    button(&mut t, pad, GamepadButton::East);
    assert_eq!(t.seen().pending, None, "East cancels");
    assert!(!t.seen().battle_menu);
    button(&mut t, pad, GamepadButton::East);
    assert!(t.seen().battle_menu, "then opens the menu");
    button(&mut t, pad, GamepadButton::Start);
    assert!(!t.seen().battle_menu, "Start resumes");
    button(&mut t, pad, GamepadButton::West);
    button(&mut t, pad, GamepadButton::Start);
    assert!(t.seen().battle_menu, "Start: the menu at once");
    button(&mut t, pad, GamepadButton::East);
    assert!(!t.seen().battle_menu);
    assert_eq!(t.played().1, 0, "nothing played yet");
    button(&mut t, pad, GamepadButton::RightTrigger);
    button(&mut t, pad, GamepadButton::South);
    assert!(matches!(
        t.session().commands.last(),
        Some(Command::Attack { .. })
    ));
    let before = t.played().1;
    button(&mut t, pad, GamepadButton::North);
    let corwin = t.corwin;
    assert_eq!(
        t.session().commands.last(),
        Some(&Command::EndTurn { unit: corwin }),
        "North ends the turn"
    );
    assert_eq!(t.played().1, before + 1);
    assert_ne!(t.battle().current(), Some(t.corwin));
}

/// The left stick moves the cursor a cell on the push, then a cell per repeat while held;
/// back in the middle, nothing more.
#[test]
fn the_left_stick_moves_the_cursor_and_repeats_while_held() {
    let (mut t, pad) = with_pad();
    button(&mut t, pad, GamepadButton::DPadLeft); // shows the cursor
    let home = t.battle().pos(t.corwin);
    assert_eq!(t.seen().cursor, Some(home));
    assert!(home.y >= 3, "room below… above: {home:?}");
    axis(&mut t, pad, GamepadAxis::LeftStickY, 1.0);
    assert_eq!(t.seen().cursor.map(|c| c.y), Some(home.y - 1), "up a row");
    t.frame();
    assert_eq!(
        t.seen().cursor.map(|c| c.y),
        Some(home.y - 1),
        "no repeat yet"
    );
    // Held past the delay (Time's step is capped at 0.25 s: two sleeps).
    for _ in 0..2 {
        std::thread::sleep(std::time::Duration::from_millis(
            (skirmish::game::gamepad::DELAY * 600.0) as u64,
        ));
        t.frame();
    }
    let y = t.seen().cursor.map(|c| c.y).unwrap();
    assert!(y <= home.y - 2, "it repeated: {y} from {}", home.y);
    axis(&mut t, pad, GamepadAxis::LeftStickY, 0.0);
    t.frame();
    assert_eq!(t.seen().cursor.map(|c| c.y), Some(y), "let go: it stays");
    assert_eq!(t.played().1, 0);
}

/// F1 lists the pad: every button's binds show it next to their keys, and the pad's
/// Start names the menu (a bind with no key by default).
#[test]
fn help_lists_the_pad_buttons() {
    let rows = KeyMap::default().rows();
    let row = |what: &str| {
        rows.iter()
            .find(|(_, _, w)| w.starts_with(what))
            .unwrap_or_else(|| panic!("{what}: {rows:?}"))
            .1
            .clone()
    };
    assert!(
        row("what a click").contains("pad South"),
        "{}",
        row("what a click")
    );
    assert!(row("end the turn").contains("pad North"));
    assert!(row("cursor left").contains("d-pad / left stick"));
    assert!(row("the in-battle menu at once").contains("pad Start"));
    assert!(row("pan up").contains("right stick"));
    for (b, _) in skirmish::game::gamepad::BUTTONS {
        assert!(
            rows.iter()
                .any(|(_, k, _)| k.contains(skirmish::game::gamepad::button_label(*b))),
            "{b:?} listed"
        );
    }
    assert!(
        rows.iter()
            .any(|(g, k, _)| *g == Group::Board && k.contains("pad")),
        "on the board"
    );
}

/// Item 2 of the second round, "the pad reaches everything": the triggers walk the pick
/// along the bar (the basic attack, the ruleset's actions, the abilities, Undo) and West
/// takes it exactly as the action's own key does. For every action of tactical-d20: one
/// board presses its key, another walks there with the right trigger and presses West;
/// both end with the same armed action, the same commands and the same log.
#[test]
fn the_triggers_walk_the_bar_and_west_takes_each_action_as_its_key_does() {
    use skirmish::game::gamepad::{BarEntry, bar_ring};
    let (t, _) = with_pad();
    let ring = bar_ring(t.battle());
    let actions: Vec<ActionKey> = ActionKey::of(t.battle()).collect();
    assert!(actions.len() >= 10, "tactical-d20's bar");
    assert_eq!(
        ring[0],
        BarEntry::Action(ActionKey::attack()),
        "Attack first"
    );
    assert_eq!(ring.last(), Some(&BarEntry::Undo), "Undo last");
    assert_eq!(
        ring.len(),
        actions.len() + 2 + t.battle().abilities(t.corwin).len()
    );
    let mut armed = 0;
    for (i, a) in actions.iter().enumerate() {
        let chord = a.chord(t.battle()).expect("every action has a key");
        // By its key.
        let (mut by_key, _) = with_pad();
        if chord.shift {
            by_key.chord(KeyCode::ShiftLeft, chord.key);
        } else {
            by_key.key(chord.key);
        }
        // By the pad: the right trigger i + 1 times, then West.
        let (mut by_pad, pad) = with_pad();
        for _ in 0..=i {
            button(&mut by_pad, pad, GamepadButton::RightTrigger2);
        }
        assert_eq!(by_pad.seen().bar_pick, i + 1);
        let msg = by_pad.seen().message.clone().unwrap_or_default().0;
        assert!(
            msg.starts_with(&format!("Pad: {} ({} of {})", a.label(), i + 2, ring.len())),
            "{msg}"
        );
        button(&mut by_pad, pad, GamepadButton::West);
        let label = a.label();
        assert_eq!(by_pad.seen().pending, by_key.seen().pending, "{label}");
        assert_eq!(
            by_pad.session().commands,
            by_key.session().commands,
            "{label}"
        );
        assert_eq!(by_pad.played(), by_key.played(), "{label}");
        armed += usize::from(by_pad.seen().pending == Some(Pending(*a)));
    }
    assert!(armed >= 3, "some actions were armed by West: {armed}");
    // The left trigger from Attack wraps to Undo; West then undoes as Ctrl+Z does
    // (nothing to undo yet: it says why, as the key does).
    let (mut t, pad) = with_pad();
    button(&mut t, pad, GamepadButton::LeftTrigger2);
    assert_eq!(t.seen().bar_pick, ring.len() - 1);
    button(&mut t, pad, GamepadButton::West);
    let (mut by_key, _) = with_pad();
    by_key.chord(KeyCode::ControlLeft, KeyCode::KeyZ);
    let said = |t: &Board| t.seen().message.clone().unwrap_or_default().0;
    assert!(said(&t).contains("undone"), "{}", said(&t));
    assert_eq!(said(&t), said(&by_key));
    assert_eq!(t.played(), by_key.played());
    assert_eq!(t.played().1, 0);
}

/// Options 2–9 of a reaction prompt from the pad: the right shoulder (or the d-pad down)
/// moves the highlight, South takes the highlighted option; a new prompt starts on the
/// first. Flow: Corwin attacks Grub, and Iris, Grub's ally, may intercept — three
/// options; the pad picks the second.
#[test]
fn the_shoulders_pick_a_prompts_option_and_south_takes_it() {
    use skirmish_rules::Status;
    use skirmish_rules::event::ReactionKind;
    use skirmish_rules::grid::GridKind;
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (3, 2), archetype: "duelist"),
        Unit(name: "Iris", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
    let b = crate::support::flow::arena(GridKind::Square, 10, 8, units, "", &[10, 1, 2, 30, 20, 6]);
    let (mut t, pad) = with_pad_on(b);
    t.click(t.enemy);
    let iris = t.battle().find("Iris").unwrap();
    assert_eq!(t.battle().status(), Status::AwaitingReaction(iris));
    // Blue's answer: the board is handed over (South shows it, as Space).
    button(&mut t, pad, GamepadButton::South);
    assert_eq!(t.dialog(), Some(skirmish::game::dialog::Dialog::Reaction));
    let options = t.battle().window().unwrap().options.clone();
    assert!(options.len() >= 3, "{options:?}");
    assert_eq!(t.seen().option_pick, 0, "the first highlighted");
    button(&mut t, pad, GamepadButton::RightTrigger);
    button(&mut t, pad, GamepadButton::DPadDown);
    button(&mut t, pad, GamepadButton::LeftTrigger);
    assert_eq!(t.seen().option_pick, 1, "down, down, up: the second");
    assert_eq!(
        t.battle().status(),
        Status::AwaitingReaction(iris),
        "nothing answered"
    );
    button(&mut t, pad, GamepadButton::South);
    let answer = t.session().commands.last().cloned();
    assert!(
        matches!(answer, Some(Command::React { unit, choice: Some(c), .. }) if unit == iris && c == options[1]),
        "the second option: {:?} of {options:?}",
        answer
    );
    assert_ne!(
        options[1],
        ReactionKind::Intercept,
        "not the first: {options:?}"
    );
}

/// A choice (an action's chooser) from the pad: the shoulders move the highlight, South
/// takes it (Enter does not: `dialogs` checks a second Enter chooses nothing).
#[test]
fn the_shoulders_pick_a_choice_and_south_takes_it() {
    use skirmish_rules::rulesets::ui::Choice;
    let (mut t, pad) = with_pad();
    let corwin = t.corwin;
    t.view().chooser = Some(Choice {
        title: "Which?".into(),
        options: vec![
            (
                "Attack yourself".into(),
                Command::Attack {
                    unit: corwin,
                    target: corwin,
                    weapon: None,
                    slot: None,
                    aim: None,
                },
            ),
            ("End the turn".into(), Command::EndTurn { unit: corwin }),
        ],
    });
    t.frame();
    assert_eq!(t.seen().option_pick, 0);
    button(&mut t, pad, GamepadButton::RightTrigger);
    assert_eq!(t.seen().option_pick, 1);
    assert_eq!(t.played().1, 0);
    button(&mut t, pad, GamepadButton::South);
    assert_eq!(
        t.session().commands.last(),
        Some(&Command::EndTurn { unit: corwin }),
        "the second choice"
    );
}
