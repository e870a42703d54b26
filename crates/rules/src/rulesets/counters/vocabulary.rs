//! counters' own vocabulary: its actions ([`CountersAction`], besides the engine's
//! [`crate::engine::CommonAction`]s: ending a status effect) and the frames only it
//! queues ([`CountersFrame`]).

use serde::{Deserialize, Serialize};

use crate::components::{ConditionKind, UnitId};
use crate::dice::Roll;
use crate::engine::Hit;
use crate::grid::Cell;

/// counters' id in level files and logs (`Ruleset::id`).
pub const ID: &str = "counters";

/// counters' own actions (attacking, moving and casting are the engine's commands).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountersAction {
    /// End an escapable status effect (Grappled, Restrained, Charmed): "Spend one of: 2
    /// SD, 20ft movement, 1 SD + 10ft movement", then 1d20 + ability modifier (+
    /// proficiency) against the source's DC (`status.rs`).
    EndStatus {
        /// The status to end.
        kind: ConditionKind,
        /// How it is paid.
        pay: EndPay,
    },
}

/// The three prices of ending a status effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndPay {
    /// 2 skill dice.
    TwoDice,
    /// 20 ft (4 cells) of movement.
    Move20,
    /// 1 skill die and 10 ft (2 cells) of movement.
    DieAndMove10,
}

impl CountersAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            CountersAction::EndStatus { .. } => "End Status",
        }
    }
}

/// The frames only counters queues.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountersFrame {
    /// Deal a hit's damage after every counter declared against it resolved: the
    /// rolled damage (passive absorption already in it) less what each Block and Parry
    /// took off (their `Defence` events since the hit's attack roll), never below 0.
    Deal {
        /// The hit.
        hit: Hit,
        /// The damage roll, absorption included.
        roll: Roll,
    },
    /// A spell succeeded (its attack or casting check) on `targets`: its damage is rolled
    /// once and they declare their counters (`spells.rs`).
    Lands {
        /// Who cast it.
        caster: UnitId,
        /// The caster's ability.
        ability: usize,
        /// Whom it landed on.
        targets: Vec<UnitId>,
        /// The successful check total (what a counterspell must reach).
        total: i32,
        /// Damage dice multiplier (2 on a natural 20).
        mult: i32,
    },
    /// The spell's damage and status effects, after the counters declared against it
    /// resolved.
    Land {
        /// Who cast it.
        caster: UnitId,
        /// The caster's ability.
        ability: usize,
        /// Whom it landed on.
        targets: Vec<UnitId>,
        /// Its damage, rolled once for the casting.
        damage: Option<Roll>,
        /// The successful check total.
        total: i32,
    },
    /// A hazard on `cell` falls on `unit` unless its Counteraction since log index
    /// `since` succeeded (`hazards.rs`).
    Hazard {
        /// The hazard's cell.
        cell: Cell,
        /// Who it falls on.
        unit: UnitId,
        /// The log's length when it sprang.
        since: usize,
    },
}

impl CountersFrame {
    /// The unit whose movement the frame is part of: none.
    pub fn mover(&self) -> Option<crate::components::UnitId> {
        None
    }
}
