//! melee-zone's own vocabulary: its actions ([`MeleeZoneAction`], besides the engine's
//! [`crate::engine::CommonAction`]s) and the frames only it queues ([`MeleeZoneFrame`]).
//! Scripts write them flat, by variant name (`Disengage(bonus: true)`, `PowerStrike`).

use serde::{Deserialize, Serialize};

use crate::components::{Slot, UnitId};

/// melee-zone's id in level files and logs (`Ruleset::id`).
pub const ID: &str = "melee-zone";

/// melee-zone's actions, each paid with the Attack Action (AA), the Move Action (MA) or
/// Bonus Actions (BA) as the seed lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeZoneAction {
    /// Leave enemy melee zones for the round without provoking free hits: 1 AA, or 2 BA
    /// with `bonus`.
    Disengage {
        /// Pay with both Bonus Actions instead of the Attack Action.
        #[serde(default)]
        bonus: bool,
    },
    /// 1 BA: +1 damage with melee weapons until the round ends.
    PowerStrike,
    /// 1 BA: +1 to hit until the round ends.
    SteadyAim,
    /// 1 BA: +1 dodge (the number to hit it) until its next turn.
    Evade,
    /// 1 BA: 2 more spaces of movement this turn.
    Sprint,
    /// Delay its turn this round until after `after` (a unit still to act this round),
    /// before spending anything. Free.
    Delay {
        /// The unit to go after.
        after: UnitId,
    },
    /// Standing on an exit cell: leave the battle (1 MA).
    Flee,
    /// 1 BA: "Toggle the effects of spells cast": the terrain of the unit's ability
    /// `ability` goes down, or comes back up.
    Toggle {
        /// Index into the unit's abilities.
        ability: usize,
    },
    /// Out of every foe's sight: hide (1 AA, else 1 MA) until seen or attacking.
    Hide,
    /// Stand up from prone paying with the named action (`Attack`, `Move` or `Bonus`): on
    /// the unit's own turn it spends it; on another unit's turn it owes it from its next
    /// turn ("it consumes the action you chose to use from your next turn"). The common
    /// `StandUp` chooses for it.
    StandUpWith {
        /// The action it pays with.
        owe: Slot,
    },
}

impl MeleeZoneAction {
    /// The action's name as players read it.
    pub fn name(&self) -> &'static str {
        match self {
            MeleeZoneAction::Disengage { .. } => "Disengage",
            MeleeZoneAction::PowerStrike => "Power Strike",
            MeleeZoneAction::SteadyAim => "Steady Aim",
            MeleeZoneAction::Evade => "Evade",
            MeleeZoneAction::Sprint => "Sprint",
            MeleeZoneAction::Delay { .. } => "Delay",
            MeleeZoneAction::Flee => "Flee",
            MeleeZoneAction::Toggle { .. } => "Toggle",
            MeleeZoneAction::Hide => "Hide",
            MeleeZoneAction::StandUpWith { .. } => "Stand Up",
        }
    }
}

/// The frames only melee-zone queues.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeZoneFrame {
    /// A free critical hit of `by` on `on` after `on`'s tragedy ("the unit gains a free
    /// critical hit against you"): no attack roll, the damage doubled.
    FreeCritical {
        /// Who strikes.
        by: UnitId,
        /// The attacker who fumbled.
        on: UnitId,
    },
    /// After a summoning went off: what `by` summoned since log entry `since` is
    /// summoning sick ("cannot take actions or dodge during the first round").
    Sicken {
        /// The summoner.
        by: UnitId,
        /// The log's length when the summoning began to go off.
        since: usize,
    },
}

impl MeleeZoneFrame {
    /// The unit whose movement the frame is part of: none.
    pub fn mover(&self) -> Option<UnitId> {
        None
    }
}
