//! The autosave (issue 32): after every command (and an undo, a restart) the battle is
//! written to its autosave file, through the writer thread; a battle opened from a save
//! keeps its file, and a hot-seat one replays to each side what happened since its last
//! turn.

use bevy::prelude::*;

use super::lines::Lines;
use super::{Autosave, Origin, list, save_of, saves_dir, write_text, writer};
use crate::game::state::{BattleRes, Launch, Session, View};

/// After every command (and an undo, a restart): the battle written to its autosave.
pub(super) fn autosave(
    battle: Res<BattleRes>,
    session: Res<Session>,
    launch: Res<Launch>,
    mut origin: ResMut<Origin>,
    mut auto: ResMut<Autosave>,
    mut view: ResMut<View>,
    lines: Res<Lines>,
) {
    if view.viewing {
        // The replay viewer steps through a save: nothing new is played.
        return;
    }
    let b = &battle.0;
    let key = (session.generation, b.history().commands.len());
    if auto.written == Some(key) {
        return;
    }
    auto.written = Some(key);
    if key.1 == 0 {
        // Nothing played yet: nothing worth continuing.
        return;
    }
    let Ok(dir) = saves_dir(&launch) else { return };
    let dir = dir.to_path_buf();
    if auto.path.is_none() {
        // A new file: the ones handed over before are on disk, so its name is free.
        auto.flush(std::time::Duration::from_secs(2));
        auto.path = Some(list::fresh(
            &dir.join(list::AUTOSAVES),
            &list::autosave_name(&b.level().name, list::now()),
        ));
    }
    let Some(path) = auto.path.clone() else {
        return;
    };
    let text = match save_of(b, &session, &mut origin, &launch, &lines) {
        Ok(s) => s.to_ron(),
        Err(e) => {
            if auto.failed.as_ref() != Some(&e) {
                view.message = Some((format!("Autosave failed: {e}"), true));
            }
            auto.failed = Some(e);
            return;
        }
    };
    if auto.writer.is_none() {
        auto.writer = writer::Writer::start();
    }
    // To the writer thread (the frame does not wait for the disk); without it, here.
    let queued = auto
        .writer
        .as_mut()
        .is_some_and(|w| w.send(path.clone(), text.clone(), Some(dir.clone())));
    let done = if queued {
        Ok(())
    } else {
        write_text(&path, &text).map(|()| list::prune_autosaves(&dir, list::KEEP_AUTOSAVES, &path))
    };
    // A failure of an earlier write on the thread is said now.
    match done
        .err()
        .or_else(|| auto.writer.as_ref().and_then(|w| w.take_error()))
    {
        None => auto.failed = None,
        Some(e) => {
            if auto.failed.as_ref() != Some(&e) {
                view.message = Some((format!("Autosave failed: {e}"), true));
            }
            auto.failed = Some(e);
        }
    }
}

/// A battle starts: a new autosave file, unless it was opened from one. A hot-seat
/// battle opened from a save replays to each side, once its handover screen is
/// dismissed, what happened since the end of its last turn (play by file).
pub(super) fn new_battle(
    mut auto: ResMut<Autosave>,
    mut lines: ResMut<Lines>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    replay: Option<ResMut<crate::game::replay::Replay>>,
) {
    if auto.loaded
        && let (Some(b), Some(s), Some(mut r)) = (battle, session, replay)
        && s.human_sides() >= 2
    {
        let b = &b.0;
        let seen = (0..b.level().sides.len())
            .map(|side| {
                b.log()
                    .iter()
                    .rposition(|l| {
                        matches!(l.event, skirmish_rules::event::Event::TurnEnded { unit }
                            if b.side(unit).0 as usize == side)
                    })
                    .map(|i| i + 1)
            })
            .collect();
        r.seen_until(s.generation, seen);
    }
    if !auto.loaded {
        auto.path = None;
    }
    // A battle not opened from a save has no other lines yet.
    if !std::mem::take(&mut lines.loaded) {
        lines.kept.clear();
    }
    auto.loaded = false;
    auto.written = None;
    auto.failed = None;
}

/// The window closing: the last autosave reaches the disk first.
pub(super) fn flush_on_exit(mut exit: MessageReader<AppExit>, auto: Res<Autosave>) {
    if exit.read().next().is_some() {
        auto.flush(std::time::Duration::from_secs(2));
    }
}
