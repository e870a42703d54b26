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
    use bevy::input::gamepad::*;
    let mut t = Board::new();
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
