//! The `--event-log` file: every event as a JSON line, plus the window's own lines
//! (restart, handover, undo).

use std::io::Write;

use bevy::prelude::*;
use skirmish_rules::record::{Record, record};

use super::types::ActStep;
use crate::game::state::{BattleRes, Session};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, write_event_log.in_set(ActStep::EventLog));
}

pub(super) fn undo_record(round: u32, detail: &str) -> Record {
    Record {
        kind: "undo",
        round,
        detail: Some(detail.into()),
        ..Default::default()
    }
}

pub(super) fn append_line(s: &Session, r: &Record) {
    let Some(path) = &s.event_log else { return };
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{}", r.json());
    }
}

/// Append new events to the `--event-log` file, one JSON object per line (the format of
/// `skirmish run --json`).
fn write_event_log(battle: Res<BattleRes>, mut session: ResMut<Session>) {
    let b = &battle.0;
    if session.logged >= b.log().len() {
        return;
    }
    if let Some(path) = &session.event_log
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
    {
        let mut out = String::new();
        for l in &b.log()[session.logged..] {
            out.push_str(&record(b, l).json());
            out.push('\n');
        }
        let _ = f.write_all(out.as_bytes());
    }
    session.logged = b.log().len();
}
