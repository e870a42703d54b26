//! Every command the window makes goes in through [`submit`], as in the headless runner;
//! the session keeps it, so the last move can be taken back ([`undoable`], [`replay`]).

use skirmish_rules::Battle;

use skirmish_rules::components::Pool;
use skirmish_rules::engine::Command;
use skirmish_rules::event::{Event, Spend};

use crate::game::state::{Session, View};

pub(super) fn submit(b: &mut Battle, s: &mut Session, view: &mut View, cmd: Command) -> bool {
    let mark = b.log().len();
    match b.submit(cmd.clone()) {
        Ok(_) => {
            s.commands.push(cmd);
            s.marks.push(mark);
            view.message = None;
            true
        }
        Err(e) => {
            view.message = Some((e.to_string(), true));
            false
        }
    }
}

/// Can the last command be taken back? Only a move that rolled no dice, offered no
/// reaction and did not end the turn: its events are the movement it bought (paid from
/// any pool on `Spend::Move`: flow's AP, a Move action) and its steps.
pub fn undoable(b: &Battle, s: &Session) -> bool {
    undo_blocked(b, s).is_none()
}

/// Why Undo cannot take the last command back, as a sentence the greyed button shows
/// (issue 31: not a lower-case fragment); `None`: it can.
pub fn undo_blocked(b: &Battle, s: &Session) -> Option<&'static str> {
    let Some(last) = s.commands.last() else {
        return Some("Nothing to undo yet.");
    };
    let Command::Move { unit, .. } = last else {
        return Some("Only a move can be undone, and the last command was not a move.");
    };
    // The AI's moves are not the player's to take back.
    if s.is_ai(b.side(*unit)) {
        return Some("The last move was the AI's: it is not yours to take back.");
    }
    // The events the move produced must all be plain movement.
    let Some(&mark) = s.marks.last() else {
        return Some("Nothing to undo yet.");
    };
    let plain = b.log().get(mark..).is_some_and(|added| {
        added.iter().all(|l| {
            matches!(
                l.event,
                Event::Spent {
                    on: Spend::Move,
                    ..
                } | Event::Refilled {
                    pool: Pool::Movement,
                    ..
                } | Event::Moved { .. }
            )
        })
    });
    (!plain).then_some(
        "That move rolled dice or provoked a reaction: what happened cannot be taken back.",
    )
}

/// The battle after the first `n` commands of the session.
pub fn replay(s: &Session, n: usize) -> Result<Battle, String> {
    let mut b = Battle::new(s.level.clone(), s.seed, Vec::new()).map_err(|e| e.to_string())?;
    for c in &s.commands[..n] {
        b.submit(c.clone()).map_err(|e| e.to_string())?;
    }
    Ok(b)
}
