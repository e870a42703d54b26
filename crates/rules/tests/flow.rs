//! `flow` (seed 002): one scripted scenario per rule, through `Battle::submit` — the path
//! the window, the runner and the AI use. Dice are forced; each test says which face
//! goes where.
//!
//! The builders shared by the topic files are here; the tests are in `flow/`: `movement`,
//! `attacks`, `defences` (Block, Parry, Dodge, Riposte), `intercept`, `flow_points` (Feint,
//! FP and RP), `maneuvers` (Shove, Grapple, Disarm, items), `turns` (Total Defense, Ready,
//! surprise, initiative, the golden battle).

use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Action;
use skirmish_rules::event::{AttackKind, Event, ReactionKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::flow::arena;

mod attacks;
mod defences;
mod flow_points;
mod intercept;
mod maneuvers;
mod movement;
mod turns;

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
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

fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn attacks(ev: &[Event]) -> Vec<(UnitId, AttackKind, i32, Vec<String>, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                kind,
                roll,
                target_number,
                ..
            } => Some((
                *attacker,
                *kind,
                *target_number,
                roll.modifiers.iter().map(|m| m.name.to_string()).collect(),
                roll.expr.count,
            )),
            _ => None,
        })
        .collect()
}

/// Red fighter "Brakka" at (2,2), Blue duelist "Sable" at (3,2); Sable acts first.
const DUEL: &str = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
    Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist")"#;

fn duel(kind: GridKind, dice: &[u32]) -> Battle {
    let mut d = vec![1, 10];
    d.extend_from_slice(dice);
    let b = arena(kind, 20, 6, DUEL, "", &d);
    assert_eq!(b.current(), b.find("Sable"));
    b
}
