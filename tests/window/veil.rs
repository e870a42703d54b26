//! The board dims behind a dialog (issue 31): the veil sprite is shown exactly while the
//! one input-routing rule (`dialog::open`) says a dialog is open, and a change of the open
//! dialog asks the sleeping window for the frames that draw it.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish::game::dialog::Dialog;
use skirmish::game::veil::Veil;

use super::dialogs::Board;

fn veil_shown(t: &mut Board) -> bool {
    let w = t.app.world_mut();
    let mut q = w.query_filtered::<&Visibility, With<Veil>>();
    let v: Vec<Visibility> = q.iter(w).copied().collect();
    assert_eq!(v.len(), 1, "one veil");
    v[0] == Visibility::Visible
}

fn redraws(t: &mut Board) -> usize {
    let mut m = t.app.world_mut().resource_mut::<Messages<RequestRedraw>>();
    m.drain().count()
}

#[test]
fn the_veil_is_shown_exactly_while_a_dialog_is_open() {
    let mut t = Board::new();
    assert_eq!(t.dialog(), None);
    assert!(!veil_shown(&mut t), "no dialog: the board is not dimmed");
    // Esc with nothing pending: the Esc menu, through the real key path.
    t.key(KeyCode::Escape);
    assert_eq!(t.dialog(), Some(Dialog::Menu));
    assert!(veil_shown(&mut t), "the Esc menu dims the board");
    t.key(KeyCode::Escape);
    assert_eq!(t.dialog(), None);
    assert!(!veil_shown(&mut t), "closed: the board is clear again");
    for (want, set) in [
        (
            Dialog::Help,
            (|v: &mut skirmish::game::View| v.help = true) as fn(&mut _),
        ),
        (Dialog::Settings, |v| v.settings_open = true),
        (Dialog::Files, |v| v.files_open = true),
    ] {
        set(&mut t.view());
        t.frame();
        assert_eq!(t.dialog(), Some(want));
        assert!(veil_shown(&mut t), "{want:?} dims the board");
        let mut v = t.view();
        v.help = false;
        v.settings_open = false;
        v.files_open = false;
        t.frame();
        assert!(!veil_shown(&mut t), "{want:?} closed: not dimmed");
    }
}

#[test]
fn a_change_of_the_open_dialog_asks_for_the_frames_that_draw_it() {
    let mut t = Board::new();
    for _ in 0..5 {
        t.frame();
    }
    redraws(&mut t);
    t.frame();
    assert_eq!(redraws(&mut t), 0, "nothing changed: the window may sleep");
    t.view().battle_menu = true;
    let mut asked = 0;
    for _ in 0..5 {
        t.frame();
        asked += usize::from(redraws(&mut t) > 0);
    }
    assert_eq!(asked, 5, "the menu opened: five frames asked for");
    for _ in 0..2 {
        t.frame();
    }
    redraws(&mut t);
    t.frame();
    assert_eq!(redraws(&mut t), 0, "drawn: the window may sleep again");
}
