//! Keyboard-only play (issue 31, items 2, 3 and 8): the cell cursor moves with the arrows
//! and Enter does on its cell what a click does; Tab cycles the armed action's valid
//! targets (or, with nothing armed, the units to inspect, which never act); Esc cancels
//! what is pending, else opens the menu, and never deselects the acting unit; every
//! action of every ruleset has a key. Driven like `dialogs`: the window's `input` and
//! `act` plugins on a headless app, keys pressed into its `ButtonInput`.

use bevy::prelude::*;
use skirmish::game::act::{ActionKey, Pending, chords_of};
use skirmish::game::keymap::{Bind, Chord, Group, KeyMap, about};
use skirmish_rules::Status;
use skirmish_rules::engine::Command;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::{Registry, RulesetId};

use super::dialogs::Board;
use crate::support::d20::duel;

fn last_command(t: &mut Board) -> Option<Command> {
    t.session().commands.last().cloned()
}

/// The arrows move the cursor from the acting unit (square and hex alike, never off the
/// map); Enter moves Corwin to its cell, the command a click there makes. After the mouse
/// moved (the cursor hidden), the first Enter only shows the cursor.
#[test]
fn the_arrows_move_the_cursor_and_enter_does_what_a_click_on_its_cell_does() {
    for kind in [GridKind::Square, GridKind::Hex] {
        let mut t = Board::with(duel(kind, &[]));
        let home = t.battle().pos(t.corwin);
        assert_eq!(t.seen().cursor, Some(home), "{kind:?}: on Corwin");
        assert!(!t.seen().keyboard, "hidden until a key moves it");
        // Hidden, the first arrow only shows it (on Corwin, wherever it was).
        t.view().cursor = Some(Cell::new(0, 0));
        t.key(KeyCode::ArrowDown);
        assert_eq!(t.seen().cursor, Some(home), "{kind:?}: shown on Corwin");
        assert!(t.seen().keyboard);
        t.key(KeyCode::ArrowUp);
        t.key(KeyCode::ArrowLeft);
        t.key(KeyCode::KeyD);
        t.key(KeyCode::KeyW);
        let to = Cell::new(home.x, home.y - 2);
        assert_eq!(t.seen().cursor, Some(to), "{kind:?}");
        assert_eq!(t.seen().hovered, Some(to), "previews follow the cursor");
        assert_eq!(t.played().1, 0, "moving the cursor plays nothing");
        // The mouse moved since (the cursor hides): Enter only shows it again, on Corwin.
        t.view().keyboard = false;
        t.key(KeyCode::Enter);
        assert_eq!(t.played().1, 0, "{kind:?}: the first Enter after the mouse");
        assert!(t.seen().keyboard);
        assert_eq!(t.seen().cursor, Some(home));
        t.key(KeyCode::ArrowUp);
        t.key(KeyCode::ArrowUp);
        t.key(KeyCode::Enter);
        assert_eq!(
            last_command(&mut t),
            Some(Command::Move { unit: t.corwin, to }),
            "{kind:?}: Enter on the cursor's cell moves there"
        );
        // The map's edge holds the cursor.
        for _ in 0..30 {
            t.key(KeyCode::ArrowLeft);
        }
        assert_eq!(t.seen().cursor.map(|c| c.x), Some(0), "{kind:?}");
    }
}

/// Space confirms like Enter: the cursor on Grub attacks him.
#[test]
fn space_on_an_enemy_under_the_cursor_attacks_it() {
    let mut t = Board::new();
    t.key(KeyCode::ArrowRight);
    t.key(KeyCode::ArrowRight);
    assert_eq!(t.seen().cursor, Some(t.enemy));
    t.key(KeyCode::Space);
    assert!(
        matches!(last_command(&mut t), Some(Command::Attack { unit, .. }) if unit == t.corwin),
        "{:?}",
        last_command(&mut t)
    );
}

/// With an action armed (Trip, 3), Tab jumps the cursor to its valid targets (Grub, the
/// only one) and Enter takes it; Shift+Tab goes the other way. With nothing armed, Tab
/// inspects the units in turn order: the card shows Grub, but an action key still acts
/// for Corwin, and brings his card back.
#[test]
fn tab_cycles_the_armed_actions_targets_or_inspects_and_action_keys_act_for_the_actor() {
    let mut t = Board::new();
    let grub = t.battle().find("Grub").unwrap();
    let trip = ActionKey::named(t.battle(), "Trip").unwrap();
    t.key(KeyCode::Digit3);
    assert_eq!(t.seen().pending, Some(Pending(trip)), "3 arms Trip");
    let targets = skirmish::game::act::armed_targets(t.battle(), t.seen(), t.corwin);
    assert_eq!(targets, Some(vec![t.enemy]), "Grub is Trip's one target");
    t.key(KeyCode::Tab);
    assert_eq!(t.seen().cursor, Some(t.enemy), "Tab jumps to Grub");
    t.chord(KeyCode::ShiftLeft, KeyCode::Tab);
    assert_eq!(
        t.seen().cursor,
        Some(t.enemy),
        "Shift+Tab: the same one target"
    );
    assert_eq!(
        t.seen().selected,
        Some(t.corwin),
        "a target is not an inspection"
    );
    t.key(KeyCode::Enter);
    assert_eq!(t.seen().pending, None, "Enter took the target");
    assert!(
        matches!(last_command(&mut t), Some(Command::Act { unit, .. }) if unit == t.corwin),
        "{:?}",
        last_command(&mut t)
    );

    // Nothing armed: Tab inspects Grub (next in turn order), then Corwin again.
    let mut t = Board::new();
    t.key(KeyCode::Tab);
    assert_eq!(t.seen().selected, Some(grub), "Tab inspects the next unit");
    assert_eq!(t.seen().cursor, Some(t.enemy), "the cursor jumps to it");
    assert_eq!(
        t.battle().current(),
        Some(t.corwin),
        "inspecting acts for no one"
    );
    // An action key acts for Corwin, whose turn it is, and his card comes back.
    t.key(KeyCode::Digit3);
    assert_eq!(t.seen().pending, Some(Pending(trip)));
    assert_eq!(
        t.seen().selected,
        Some(t.corwin),
        "the actor's card is back"
    );
    t.key(KeyCode::Escape);
    t.key(KeyCode::Tab);
    t.key(KeyCode::Tab);
    assert_eq!(t.seen().selected, Some(t.corwin), "Tab wraps to Corwin");
    // Home brings the card and the cursor back to the acting unit.
    t.key(KeyCode::Tab);
    t.key(KeyCode::Home);
    assert_eq!(t.seen().selected, Some(t.corwin));
    assert_eq!(t.seen().cursor, Some(t.battle().pos(t.corwin)));
}

/// A keyless action gets Shift+1, Shift+2, … in bar order (tactical-d20's "Wait: move" is
/// its third keyless one); one that needs a cell is completed by Tab and Enter.
#[test]
fn a_keyless_action_takes_its_shift_digit_and_the_cursor_gives_it_its_cell() {
    let mut t = Board::new();
    let wait_move = ActionKey::named(t.battle(), "Wait: move").unwrap();
    assert_eq!(
        wait_move.chord(t.battle()),
        Some(Chord::shift(KeyCode::Digit3))
    );
    t.chord(KeyCode::ShiftLeft, KeyCode::Digit3);
    assert_eq!(
        t.seen().pending,
        Some(Pending(wait_move)),
        "Shift+3 arms it"
    );
    t.key(KeyCode::Tab);
    let at = t.seen().cursor.expect("a cell");
    assert_ne!(at, t.battle().pos(t.corwin));
    t.key(KeyCode::Enter);
    assert_eq!(t.seen().pending, None);
    assert!(
        matches!(last_command(&mut t), Some(Command::Act { unit, .. }) if unit == t.corwin),
        "{:?}",
        last_command(&mut t)
    );
}

/// Esc: the first press cancels the armed action, the next opens the menu, the next
/// closes it; the acting unit stays selected throughout. With nothing pending, one press
/// opens the menu at once (an inspection is not pending: it stays).
#[test]
fn esc_cancels_what_is_pending_else_opens_the_menu_and_never_deselects() {
    let mut t = Board::new();
    t.key(KeyCode::Digit3);
    assert!(t.seen().pending.is_some());
    t.key(KeyCode::Escape);
    assert_eq!(t.seen().pending, None, "the first Esc cancels Trip");
    assert!(!t.seen().battle_menu, "…and opens no menu");
    assert_eq!(t.seen().selected, Some(t.corwin));
    t.key(KeyCode::Escape);
    assert!(t.seen().battle_menu, "the second opens the menu");
    assert_eq!(t.seen().selected, Some(t.corwin), "never deselected");
    t.key(KeyCode::Escape);
    assert!(!t.seen().battle_menu, "Esc resumes");
    assert_eq!(t.seen().selected, Some(t.corwin));
    // Nothing pending: the menu at the first press.
    t.key(KeyCode::Escape);
    assert!(t.seen().battle_menu);
    t.key(KeyCode::Escape);
    // A right click with nothing pending keeps the actor selected too.
    t.press_button(MouseButton::Right);
    assert_eq!(t.seen().selected, Some(t.corwin));
    assert_eq!(t.played().1, 0, "no Esc played anything");
    assert_eq!(t.battle().status(), Status::Turn(t.corwin));
}

/// Every action of every playable ruleset has a key (its own, or Shift+digit when it names
/// none); no two share one, and none is a board key of the window.
#[test]
fn every_action_of_every_ruleset_has_a_key_that_collides_with_nothing() {
    let map = KeyMap::default();
    let mut window: Vec<Chord> = Vec::new();
    for b in [
        Bind::CursorUp,
        Bind::CursorDown,
        Bind::CursorLeft,
        Bind::CursorRight,
        Bind::Confirm,
        Bind::CastPicked,
        Bind::NextTarget,
        Bind::PrevTarget,
        Bind::Actor,
        Bind::Escape,
        Bind::EndTurn,
        Bind::Undo,
        Bind::NextAbility,
        Bind::Attack,
        Bind::Threat,
        Bind::Help,
        Bind::Minimap,
        Bind::PanUp,
        Bind::PanDown,
        Bind::PanLeft,
        Bind::PanRight,
        Bind::ZoomIn,
        Bind::ZoomOut,
    ] {
        assert!(matches!(about(b).0, Group::Board | Group::Camera), "{b:?}");
        window.extend_from_slice(map.chords(b));
    }
    for r in RulesetId::ALL {
        let Some(view) = r.view() else { continue };
        let chords = chords_of(view.actions());
        for (a, c) in view.actions().iter().zip(&chords) {
            let c = c.unwrap_or_else(|| panic!("{r} {}: no key", a.label));
            assert!(
                !window.contains(&c),
                "{r} {}: {} is the window's",
                a.label,
                c.label()
            );
            assert_eq!(
                chords.iter().filter(|x| **x == Some(c)).count(),
                1,
                "{r}: two actions on {}",
                c.label()
            );
        }
    }
}

/// Under load a frame can take longer than the gap between two key presses (e2e 12 lost
/// one Left of three and one Up of two on a busy machine): every press still moves the
/// cursor a cell.
#[test]
fn two_presses_in_one_slow_frame_move_the_cursor_two_cells() {
    let mut t = Board::with(duel(GridKind::Square, &[]));
    let home = t.battle().pos(t.corwin);
    t.key(KeyCode::ArrowDown);
    assert_eq!(t.seen().cursor, Some(home), "shown on Corwin");
    t.presses_in_one_frame(KeyCode::ArrowUp, 2);
    assert_eq!(t.seen().cursor, Some(Cell::new(home.x, home.y - 2)));
    t.presses_in_one_frame(KeyCode::ArrowRight, 3);
    assert_eq!(t.seen().cursor, Some(Cell::new(home.x + 3, home.y - 2)));
}
