//! `tactical-d20` (seed 004): the gaps of issue 16 closed, one forced-dice scenario per
//! rule through `Battle::submit`. Initiative takes one d20 per unit in level order.
//!
//! The builders shared by the topic files are here; the tests are in `td_gaps/`, the
//! gaps numbered as in issue 16: `provokes` (1-3: Charge, Tumble, Push), `reactions` (4-5:
//! one a round, Blind), `conditions` (6-7: a level's conditions, Prone), `waiting` (8-9:
//! Free actions, Wait).

use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Action;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::{Battle, Command, Illegal};

mod conditions;
mod provokes;
mod reactions;
mod waiting;

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// (reactor, trigger) of every `ReactionOffered` event.
fn triggers(ev: &[Event]) -> Vec<(UnitId, Trigger)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor, trigger, ..
            } => Some((*reactor, trigger.clone())),
            _ => None,
        })
        .collect()
}

/// (attacker, weapon, kind, d20 face, total, outcome) of every attack.
fn swings(ev: &[Event]) -> Vec<(UnitId, String, AttackKind, u32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                weapon,
                kind,
                roll,
                outcome,
                ..
            } => Some((
                *attacker,
                weapon.clone(),
                *kind,
                roll.faces[0],
                roll.total,
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}
