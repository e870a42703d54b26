//! The `--event-log` file: every event as a JSON line, plus the window's own lines
//! (restart, handover, undo).

use bevy::prelude::*;
use skirmish_rules::record::{Record, record};

use super::types::ActStep;
use crate::game::state::{BattleRes, Session};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, write_event_log.in_set(ActStep::EventLog));
}

pub(crate) fn undo_record(round: u32, detail: &str) -> Record {
    Record {
        kind: "undo",
        round,
        detail: Some(detail.into()),
        ..Default::default()
    }
}

pub(crate) fn append_line(s: &Session, r: &Record) {
    let Some(path) = &s.event_log else { return };
    let _ = crate::files::append_log(path, &format!("{}\n", r.json()));
}

/// Append new events to the `--event-log` file, one JSON object per line (the format of
/// `skirmish run --json`).
fn write_event_log(
    battle: Res<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<crate::game::state::View>,
) {
    let b = &battle.0;
    if session.logged >= b.log().len() {
        return;
    }
    if let Some(path) = &session.event_log {
        let mut out = String::new();
        for l in &b.log()[session.logged..] {
            out.push_str(&record(b, l).json());
            out.push('\n');
        }
        // A write error goes to stderr and to the message line (issue 33).
        if let Err(e) = crate::files::append_log(path, &out) {
            view.message = Some((e, true));
        }
    }
    session.logged = b.log().len();
}
