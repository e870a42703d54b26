//! The five rulesets. Each module holds its own numbers and checks; the engine asks
//! them through [`RulesetId`].

pub mod flow;

use serde::{Deserialize, Serialize};

/// Which combat system a battle plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RulesetId {
    /// Seed 000: "Counters and Reactions".
    #[serde(rename = "counters")]
    Counters,
    /// Seed 001: "Combat Rules" (3d6 + escalation die).
    #[serde(rename = "escalation")]
    Escalation,
    /// Seed 002: "Round Resolution Cheat Sheet".
    #[serde(rename = "flow")]
    Flow,
    /// Seed 003: "Combat rules" (melee zone, free hits).
    #[serde(rename = "melee-zone")]
    MeleeZone,
    /// Seed 004: "Action".
    #[serde(rename = "tactical-d20")]
    TacticalD20,
}

impl RulesetId {
    /// All rulesets.
    pub const ALL: [RulesetId; 5] = [
        RulesetId::Counters,
        RulesetId::Escalation,
        RulesetId::Flow,
        RulesetId::MeleeZone,
        RulesetId::TacticalD20,
    ];

    /// The id used in level files.
    pub fn id(self) -> &'static str {
        match self {
            RulesetId::Counters => "counters",
            RulesetId::Escalation => "escalation",
            RulesetId::Flow => "flow",
            RulesetId::MeleeZone => "melee-zone",
            RulesetId::TacticalD20 => "tactical-d20",
        }
    }

    /// From a level file's id.
    pub fn parse(s: &str) -> Option<RulesetId> {
        Self::ALL.into_iter().find(|r| r.id() == s)
    }

    /// Can a battle be played under it yet?
    pub fn playable(self) -> bool {
        matches!(self, RulesetId::Flow)
    }

    /// Built-in weapons and archetypes (RON).
    pub fn catalogue_source(self) -> &'static str {
        match self {
            RulesetId::Flow => include_str!("../../data/flow.ron"),
            RulesetId::TacticalD20 => include_str!("../../data/tactical-d20.ron"),
            RulesetId::Counters | RulesetId::Escalation | RulesetId::MeleeZone => {
                include_str!("../../data/d20-base.ron")
            }
        }
    }
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}
