//! counters' own vocabulary: its actions ([`CountersAction`], besides the engine's
//! [`crate::engine::CommonAction`]s; none in wave 1) and the frames only it queues
//! ([`CountersFrame`]).

use serde::{Deserialize, Serialize};

use crate::dice::Roll;
use crate::engine::Hit;

/// counters' id in level files and logs (`Ruleset::id`).
pub const ID: &str = "counters";

/// counters' own actions. Wave 1 has none (attacking and moving are the engine's
/// commands); ending status effects comes with wave 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountersAction {}

impl CountersAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match *self {}
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
}

impl CountersFrame {
    /// The unit whose movement the frame is part of: none.
    pub fn mover(&self) -> Option<crate::components::UnitId> {
        None
    }
}
