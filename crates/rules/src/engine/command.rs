//! The vocabulary of commands: what a controller asks for, the common actions, and the
//! shared types of readied actions and moves.

use serde::{Deserialize, Serialize};

use crate::components::{Slot, UnitId};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::rulesets::Action;
pub use crate::vocab::{
    Aim, CastAt, CommonAction, MoveMode, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
    ready_words, ready_words_named,
};

/// What a controller (mouse, AI, script, replay) asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Move along the cheapest path to a cell.
    Move {
        /// Who.
        unit: UnitId,
        /// Where to.
        to: Cell,
    },
    /// Attack a unit with a weapon (index into the loadout; `None` = the best one).
    Attack {
        /// Who.
        unit: UnitId,
        /// Whom.
        target: UnitId,
        /// Which weapon.
        weapon: Option<usize>,
        /// tactical-d20: the action that pays (Standard: Primary, Move: Secondary −5,
        /// Quick: Tertiary −10); `None` takes the first one left in that order.
        #[serde(default)]
        slot: Option<Slot>,
        /// Where the attack is aimed (melee-zone's aimed wounds); `None`: not aimed.
        /// Only a ruleset that lists the aim (`Ruleset::aims`) takes it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aim: Option<Aim>,
    },
    /// End the turn.
    EndTurn {
        /// Whose.
        unit: UnitId,
    },
    /// Answer an open reaction window (`None` declines).
    React {
        /// The reactor.
        unit: UnitId,
        /// The choice.
        choice: Option<ReactionKind>,
        /// How much the reactor commits to it from the pool its ruleset names
        /// (`Ruleset::commit_range`; counters: skill dice); 0 when nothing.
        #[serde(default, skip_serializing_if = "is_zero")]
        commit: u32,
        /// Amounts per pool and part ([`Commit`]), for an answer that takes more than
        /// one pool or part (counters' Block and Dig In); `commit` is a shorthand for an
        /// amount of the first part's first pool.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        commits: Vec<Commit>,
    },
    /// A special action: a common one or one of the battle's ruleset (flow: Take a Step,
    /// Feint, Shove, Grapple, ...; another ruleset's is refused).
    Act {
        /// Who.
        unit: UnitId,
        /// What.
        action: Action,
    },
}

impl Command {
    /// The unit that gives the command.
    pub fn unit(&self) -> UnitId {
        match self {
            Command::Move { unit, .. }
            | Command::Attack { unit, .. }
            | Command::EndTurn { unit }
            | Command::React { unit, .. }
            | Command::Act { unit, .. } => *unit,
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// An amount a reactor commits from one pool to one part of its answer
/// (`Command::React`'s `commits`; the parts are the ruleset's
/// [`crate::rulesets::Ruleset::commit_range`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commit {
    /// Index of the part in the ruleset's list.
    #[serde(default)]
    pub part: usize,
    /// The pool it is paid from.
    pub pool: crate::pools::Pool,
    /// How much.
    pub amount: u32,
}
