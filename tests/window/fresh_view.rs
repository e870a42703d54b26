//! A battle opened from a save starts with the view a fresh battle has (issue noted in
//! session 16): nothing of the battle before stays selected, hovered, armed, filtered or
//! open, and the acting unit is selected with the cell cursor on it, even when the unit
//! that acted before the load has the same id. Through the window's own systems on a
//! headless app (`saves::Win`): Ctrl+S, keys, Ctrl+O and Enter, Continue.

use bevy::prelude::*;
use skirmish::game::dialog::Dialog;
use skirmish::game::saves::Mode;
use skirmish::game::{Screen, View};

use super::saves::{Win, scratch};

/// What a fresh battle's view has on its acting unit, and nothing else.
fn assert_fresh(w: &Win, what: &str) {
    let b = w.battle();
    let cur = b.current().expect("a unit acts");
    let v: &View = w.view();
    assert_eq!(v.selected, Some(cur), "{what}: the acting unit is selected");
    assert_eq!(v.cursor, Some(b.pos(cur)), "{what}: the cursor on it");
    assert!(!v.keyboard, "{what}: the cursor not shown");
    assert_eq!(v.hovered, None, "{what}: nothing hovered");
    assert!(v.pending.is_none(), "{what}: nothing armed");
    assert!(v.casting.is_none(), "{what}: no ability aimed");
    assert_eq!(v.log_filter, None, "{what}: the roll log unfiltered");
    assert!(!v.help && !v.battle_menu, "{what}: no window open");
    assert_eq!(v.prompt_hover, None);
    assert_eq!(v.option_pick, 0);
}

/// The view messed up as a player would leave it: Tab inspects the foe, the arrows move
/// the cell cursor off the acting unit, F1 opens help and closes it, the roll log
/// filtered on the foe.
fn wander(w: &mut Win) {
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    let b = w.battle();
    let cur = b.current().unwrap();
    let foe = b.units().find(|&u| u != cur).unwrap();
    w.key(KeyCode::Tab);
    w.key(KeyCode::ArrowUp);
    w.key(KeyCode::ArrowUp);
    w.app.world_mut().resource_mut::<View>().log_filter = Some(foe);
    let v = w.view();
    assert_eq!(v.selected, Some(foe), "Tab inspected the foe");
    assert!(v.keyboard && v.cursor != Some(w.battle().pos(cur)));
    assert!(v.hovered.is_some());
}

/// Saved at the start (Brakka to act), the view wandered, Ctrl+O and Enter: the save
/// opens on Brakka's turn again (the same unit id as before the load) with a fresh
/// view. Then quit to the level menu with the view wandered again, and Continue.
#[test]
fn a_loaded_battle_starts_with_the_view_of_a_fresh_one() {
    let dir = scratch("fresh-view");
    let mut w = Win::new(&dir, true);
    assert_eq!(w.screen(), Screen::Battle);
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    assert_fresh(&w, "a battle from the menu");
    let first = w.battle().current();
    w.ctrl(KeyCode::KeyS);
    assert!(matches!(w.files().mode, Some(Mode::Save { .. })));
    w.key(KeyCode::Enter);
    assert_eq!(w.files().mode, None, "saved");

    wander(&mut w);
    w.ctrl(KeyCode::KeyO);
    assert!(matches!(w.files().mode, Some(Mode::Open { .. })));
    w.key(KeyCode::Enter);
    assert_eq!(w.screen(), Screen::Battle);
    assert_eq!(w.battle().current(), first, "the same unit acts again");
    assert_fresh(&w, "Ctrl+O");
    assert!(
        w.view()
            .message
            .as_ref()
            .is_some_and(|(m, _)| m.starts_with("Opened")),
        "the load still says so: {:?}",
        w.view().message
    );

    // Played on a turn (an autosave), wandered, quit to the level menu, Continue.
    w.end_turn();
    wander(&mut w);
    w.key(KeyCode::Escape);
    w.key(KeyCode::KeyQ);
    assert_eq!(w.screen(), Screen::Menu);
    w.key(KeyCode::KeyC);
    assert_eq!(w.screen(), Screen::Battle, "Continue");
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    assert_fresh(&w, "Continue");
}
