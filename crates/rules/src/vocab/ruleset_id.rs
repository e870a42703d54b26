//! Which ruleset a battle plays: the ids level files and logs name. The one list of the
//! ids outside the registry (`crate::rulesets`), which maps each to its code.

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

    /// The ruleset a level is read with when its own `ruleset:` is missing or unknown
    /// (the level is refused then; this only lets the rest of it be checked).
    pub const DEFAULT: RulesetId = RulesetId::Flow;

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

    /// Does a level of this ruleset read its optional field `field` (`"facing"`,
    /// `"hidden"`, `"hazards"`, `"exits"`, `"role"`; docs/levels.md's field table)? The
    /// level editor offers a field only where it means something.
    pub fn reads_field(self, field: &str) -> bool {
        match field {
            "facing" | "exits" => self == RulesetId::MeleeZone,
            "hidden" => matches!(self, RulesetId::MeleeZone | RulesetId::TacticalD20),
            "hazards" => self == RulesetId::Counters,
            "role" => self == RulesetId::TacticalD20,
            _ => false,
        }
    }

    /// Its place in [`RulesetId::ALL`] (a table index).
    pub fn index(self) -> usize {
        Self::ALL.iter().position(|r| *r == self).unwrap_or(0)
    }
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}
