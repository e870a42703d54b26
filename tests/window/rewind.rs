//! Rewind a live battle from its roll log (issue 32): the roll log's ↺ button on a
//! command's first line asks `saves::rewind::Rewind` for that command; the window's
//! `saves` systems take the battle back to just before it and keep the line before as a
//! branch inside the battle's saves; Ctrl+R lists the lines and goes back to one. Also the Esc menu's
//! Save and Open entries, and the replay viewer's play speed.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use skirmish::game::View;
use skirmish::game::dialog::Dialog;
use skirmish::game::saves::lines::{self, Lines, Row};
use skirmish::game::saves::rewind::Rewind;
use skirmish::game::saves::viewer::Viewer;
use skirmish::game::saves::{FileIntent, Files, Mode, Prompt};
use skirmish_rules::save::{Save, log_hash};

use super::saves::{Win, scratch};

fn ask(w: &mut Win, to: usize) {
    w.app.world_mut().resource_mut::<Rewind>().to = Some(to);
    w.frames(3);
}

/// The autosave on disk, loaded.
fn autosaved(w: &Win) -> Save {
    let autos = w.autosaves();
    assert_eq!(autos.len(), 1, "one battle, one autosave file: {autos:?}");
    let text = std::fs::read_to_string(&autos[0].path).unwrap();
    Save::load(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .save
}

/// Ctrl+R, then Down `down` times and Enter in the lines window.
fn lines_window(w: &mut Win, down: usize) -> Vec<Row> {
    w.key_with(Some(KeyCode::ControlLeft), KeyCode::KeyR);
    assert_eq!(
        w.dialog(),
        Some(Dialog::Files),
        "Ctrl+R opens the lines window"
    );
    assert!(matches!(
        w.app.world().resource::<Files>().mode,
        Some(Mode::Lines { chosen: 0 })
    ));
    let rows = lines::rows(w.battle(), w.app.world().resource::<Lines>());
    for _ in 0..down {
        w.key(KeyCode::ArrowDown);
    }
    w.key(KeyCode::Enter);
    assert_eq!(
        w.dialog().filter(|d| *d != Dialog::Handover),
        None,
        "it closed"
    );
    rows
}

#[test]
fn play_from_a_command_of_the_live_roll_log_keeps_the_line_before_as_a_branch_of_the_save() {
    let dir = scratch("rewind");
    let mut w = Win::new(&dir, true);
    for _ in 0..3 {
        w.end_turn();
    }
    assert_eq!(w.commands(), 3);
    let line = log_hash(w.battle().log());
    assert!(autosaved(&w).branches.is_empty());
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

    ask(&mut w, 1);
    assert_eq!(w.commands(), 1, "back to just before the second command");
    let msg = w.app.world().resource::<View>().message.clone();
    assert!(
        msg.as_ref().is_some_and(|(m, _)| m.contains("Rewound")
            && m.contains("line before rewind")
            && m.contains("Ctrl+R")),
        "{msg:?}"
    );
    // No save file of its own: the line before is a branch inside the battle's autosave,
    // and replays to its own log hash.
    assert!(std::fs::read_dir(&w.saves).map_or(true, |d| {
        d.filter_map(|e| e.ok()).all(|e| e.path().is_dir())
    }));
    let save = autosaved(&w);
    assert_eq!(save.commands.len(), 1);
    assert_eq!(save.branches.len(), 1);
    assert_eq!(save.branches[0].at, 1);
    assert!(save.branches[0].name.starts_with("line before rewind"));
    let old = save.line(0).unwrap();
    assert_eq!(old.commands.len(), 3, "the whole line before");
    assert_eq!(log_hash(old.replay().expect("its own hash").log()), line);
    assert_eq!(
        log_hash(w.battle().log()),
        log_hash(old.battle_at(1).unwrap().log()),
        "the battle on the board is the line's after one command"
    );

    // The new line is live; its saves keep the line before.
    w.end_turn();
    assert_eq!(w.commands(), 2);
    let new_line = log_hash(w.battle().log());
    let save = autosaved(&w);
    assert_eq!((save.commands.len(), save.branches.len()), (2, 1));
    w.key(KeyCode::Space);

    // Ctrl+R lists the kept line first, then this line's commands, the newest first;
    // Enter on the kept line goes back to it, exactly.
    let b = w.battle();
    let kept = w.app.world().resource::<Lines>();
    let first = lines::label(b, kept, Row::Command(0));
    assert!(
        first.starts_with("Rewind to before command 1 (round 1): ") && first.len() > 40,
        "the roll log's words for it: {first}"
    );
    assert!(
        lines::label(b, kept, Row::Branch(0)).starts_with("Go back to \"line before rewind"),
        "{}",
        lines::label(b, kept, Row::Branch(0))
    );
    let rows = lines_window(&mut w, 0);
    assert_eq!(rows, [Row::Branch(0), Row::Command(1), Row::Command(0)]);
    assert_eq!(w.commands(), 3, "the line before, back on the board");
    assert_eq!(log_hash(w.battle().log()), line);
    let save = autosaved(&w);
    assert_eq!(save.commands.len(), 3);
    assert_eq!(save.branches.len(), 1, "the line left is kept in its turn");
    assert!(save.branches[0].name.starts_with("line left"));
    assert_eq!(
        log_hash(save.line(0).unwrap().replay().unwrap().log()),
        new_line
    );
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }

    // Ctrl+R, Down to the second command row ("before command 2"), Enter: a rewind by
    // keys alone, which keeps this line as a second branch.
    let rows = lines_window(&mut w, 2);
    assert_eq!(rows[2], Row::Command(1));
    assert_eq!(w.commands(), 1);
    let save = autosaved(&w);
    assert_eq!(save.branches.len(), 2, "{:?}", save.branches);
}

/// The Esc menu's "Save…" and "Open a save…" (their buttons set `FileIntent::prompt`)
/// open the save prompt and the list of saves over the closed menu, as Ctrl+S and Ctrl+O
/// do (which work with the menu open too).
#[test]
fn the_esc_menus_save_and_open_entries_open_the_files_windows() {
    let dir = scratch("menu-files");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    w.key(KeyCode::Space);
    for p in [Prompt::Save, Prompt::Open] {
        w.app.world_mut().resource_mut::<View>().battle_menu = true;
        assert_eq!(w.dialog(), Some(Dialog::Menu));
        w.app.world_mut().resource_mut::<FileIntent>().prompt = Some(p);
        w.frames(2);
        assert_eq!(w.dialog(), Some(Dialog::Files), "{p:?}: the files window");
        assert!(
            !w.app.world().resource::<View>().battle_menu,
            "the menu closed"
        );
        let mode = w.app.world().resource::<Files>().mode.clone();
        match p {
            Prompt::Save => assert!(
                matches!(&mode, Some(Mode::Save { name }) if name.contains("Duel")),
                "{mode:?}"
            ),
            Prompt::Open => assert!(matches!(mode, Some(Mode::Open { .. })), "{mode:?}"),
        }
        w.key(KeyCode::Escape);
        assert_eq!(w.dialog(), None, "Esc closed it");
    }
    // Ctrl+S with the menu open: the save prompt too.
    w.app.world_mut().resource_mut::<View>().battle_menu = true;
    let mut keys = w.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.press(KeyCode::ControlLeft);
    keys.press(KeyCode::KeyS);
    w.frames(1);
    let mut keys = w.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release_all();
    keys.clear();
    w.frames(2);
    assert!(matches!(
        w.app.world().resource::<Files>().mode,
        Some(Mode::Save { .. })
    ));
}

/// The replay viewer plays at 1× (a command every 0.8 s); Up plays faster (up to 4×),
/// Down slower (down to 0.25×): at 4× a second of play shows several commands, at 0.25×
/// none. Frames of 0.1 s each (the app's clock set by hand).
#[test]
fn the_replay_viewer_plays_faster_and_slower() {
    let dir = scratch("viewer-speed");
    let mut w = Win::new(&dir, true);
    for _ in 0..8 {
        w.end_turn();
    }
    w.key_with(Some(KeyCode::ControlLeft), KeyCode::KeyS);
    w.key(KeyCode::Enter);
    w.key_with(Some(KeyCode::ControlLeft), KeyCode::KeyO);
    w.key(KeyCode::KeyR);
    assert_eq!(w.dialog(), Some(Dialog::Viewer));
    let viewer = |w: &Win| {
        let v = w.app.world().resource::<Viewer>();
        (v.at, v.speed_label(), v.step_secs())
    };
    assert_eq!(viewer(&w).1, "1×");
    w.app
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
    for (keys, label, steps) in [
        (
            &[KeyCode::ArrowUp, KeyCode::ArrowUp, KeyCode::ArrowUp][..],
            "4×",
            3..9,
        ),
        (&[KeyCode::ArrowDown; 6][..], "0.25×", 0..1),
    ] {
        w.key(KeyCode::Home);
        for k in keys {
            w.key(*k);
        }
        assert_eq!(viewer(&w).1, label, "the speed shown");
        assert_eq!(viewer(&w).0, 0);
        w.key(KeyCode::Space);
        w.frames(8);
        let at = viewer(&w).0;
        assert!(
            steps.contains(&at),
            "{label}: {at} commands shown in ~1.2 s"
        );
        w.key(KeyCode::Space);
    }
    assert!((viewer(&w).2 - 3.2).abs() < 1e-6, "0.25×: 3.2 s a command");
}
