//! Rewind a live battle from its roll log (issue 32): the roll log's ↺ button on a
//! command's first line asks `saves::rewind::Rewind` for that command; the window's
//! `saves` systems take the battle back to just before it, keep the line before as a
//! save of its own, and give the new line an autosave of its own.

use bevy::prelude::*;
use skirmish::game::View;
use skirmish::game::dialog::Dialog;
use skirmish::game::saves::FileIntent;
use skirmish::game::saves::rewind::Rewind;
use skirmish_rules::save::{Save, log_hash};

use super::saves::{Win, scratch};

fn ask(w: &mut Win, to: usize) {
    w.app.world_mut().resource_mut::<Rewind>().to = Some(to);
    w.frames(3);
}

#[test]
fn play_from_a_command_of_the_live_roll_log_keeps_the_line_before_as_a_save() {
    let dir = scratch("rewind");
    let mut w = Win::new(&dir, true);
    for _ in 0..3 {
        w.end_turn();
    }
    assert_eq!(w.commands(), 3);
    let line = log_hash(w.battle().log());
    let old_auto = w.autosaves();
    assert_eq!(old_auto.len(), 1);
    // Hot-seat: the side to play takes the seat (the panel is hidden behind its screen).
    w.key(KeyCode::Space);
    assert_eq!(w.dialog(), None);

    // Under a dialog the ask is dropped, as every side-panel button's.
    w.app.world_mut().resource_mut::<View>().battle_menu = true;
    ask(&mut w, 1);
    assert_eq!(w.commands(), 3, "rewound under the Esc menu");
    w.app.world_mut().resource_mut::<View>().battle_menu = false;
    // Past the end: nothing to take back.
    ask(&mut w, 3);
    assert_eq!(w.commands(), 3);
    assert!(std::fs::read_dir(&w.saves).map_or(true, |d| {
        d.filter_map(|e| e.ok()).all(|e| e.path().is_dir())
    }));

    ask(&mut w, 1);
    assert_eq!(w.commands(), 1, "back to just before the second command");
    let kept: Vec<_> = std::fs::read_dir(&w.saves)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    assert_eq!(kept.len(), 1, "one save keeps the line before: {kept:?}");
    let name = kept[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.contains("line before rewind"), "{name}");
    let text = std::fs::read_to_string(&kept[0]).unwrap();
    let save = Save::load(&text).expect("the kept line loads").save;
    assert_eq!(save.commands.len(), 3, "the whole line before");
    assert_eq!(log_hash(save.battle_at(3).unwrap().log()), line);
    assert_eq!(
        log_hash(w.battle().log()),
        log_hash(save.battle_at(1).unwrap().log()),
        "the battle on the board is the line's after one command"
    );
    let msg = w.app.world().resource::<View>().message.clone();
    assert!(
        msg.as_ref()
            .is_some_and(|(m, _)| m.contains("Rewound") && m.contains("line before")),
        "{msg:?}"
    );

    // The new line is live and has an autosave of its own; the kept line is untouched.
    w.end_turn();
    assert_eq!(w.commands(), 2);
    assert_eq!(w.autosaves().len(), 2, "the branch's own autosave");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), text);

    // Back to the line before: open its save.
    w.app.world_mut().resource_mut::<FileIntent>().open = Some(kept[0].clone());
    w.frames(4);
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    assert_eq!(w.commands(), 3, "the kept line opened");
    assert_eq!(log_hash(w.battle().log()), line);
}
