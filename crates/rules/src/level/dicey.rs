//! Dicey spots: what a level says a risky move over one of its obstacles gives
//! (escalation's Dicey Move, seed 001 "Special Actions › Dicey Moves": "might give the
//! character or an ally 1 Advantage on an attack performed right, deal some environmental
//! damage, add a condition for a round, or give an ally 1 Advantage on Disengagement").

use serde::{Deserialize, Serialize};

use super::Terrain;
use crate::components::ConditionKind;
use crate::dice::DiceExpr;
use crate::grid::Cell;

/// What a successful Dicey Move over a spot gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceyReward {
    /// The mover: 1 Advantage on its next attack (the default, where no spot is named).
    Advantage,
    /// An ally next to the landing cell: 1 Advantage on its next attack, until the
    /// mover's next turn.
    AllyAdvantage,
    /// Environmental damage (a kicked brazier, a pushed cart) to an enemy next to the
    /// landing cell: these dice, rolled.
    Damage(DiceExpr),
    /// A condition on an enemy next to the landing cell, for a round (until the mover's
    /// next turn): one of [`DICEY_CONDITIONS`].
    Condition(ConditionKind),
    /// An ally next to the landing cell: 1 Advantage on its next Disengage, until the
    /// mover's next turn.
    AllyDisengage,
}

/// Whom a reward needs the mover to name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceyTarget {
    /// Nobody: the mover.
    Mover,
    /// An ally of the mover next to the landing cell.
    Ally,
    /// An enemy next to the landing cell.
    Enemy,
}

impl DiceyReward {
    /// Whom it needs named.
    pub fn target(&self) -> DiceyTarget {
        match self {
            DiceyReward::Advantage => DiceyTarget::Mover,
            DiceyReward::AllyAdvantage | DiceyReward::AllyDisengage => DiceyTarget::Ally,
            DiceyReward::Damage(_) | DiceyReward::Condition(_) => DiceyTarget::Enemy,
        }
    }

    /// The reward in words ("2d6 damage to an enemy next to the landing").
    pub fn words(&self) -> String {
        match self {
            DiceyReward::Advantage => "1 Advantage on the mover's next attack".into(),
            DiceyReward::AllyAdvantage => {
                "1 Advantage on the next attack of an ally next to the landing".into()
            }
            DiceyReward::Damage(d) => format!("{d} damage to an enemy next to the landing"),
            DiceyReward::Condition(k) => {
                format!("{k:?} for a round on an enemy next to the landing")
            }
            DiceyReward::AllyDisengage => {
                "1 Advantage on the next Disengage of an ally next to the landing".into()
            }
        }
    }
}

/// The conditions a dicey spot may put on an enemy for a round: escalation's conditions
/// that change how a unit fights.
pub const DICEY_CONDITIONS: [ConditionKind; 7] = [
    ConditionKind::Dazed,
    ConditionKind::Weakened,
    ConditionKind::Hampered,
    ConditionKind::Stuck,
    ConditionKind::Vulnerable,
    ConditionKind::Confused,
    ConditionKind::Shaken,
];

/// A dicey spot as the battle uses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceySpot {
    /// The obstacle (a low wall or a pit) to get over.
    pub cell: Cell,
    /// The check's Difficulty (3d6 against it).
    pub dc: i32,
    /// What success gives.
    pub reward: DiceyReward,
}

/// A dicey spot as written: `Dicey(cell: (8, 5), dc: 12, reward: Damage("1d6"))`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Dicey")]
pub(super) struct DiceyFile {
    pub(super) cell: Cell,
    #[serde(default)]
    pub(super) dc: Option<i64>,
    #[serde(default = "advantage")]
    pub(super) reward: DiceyReward,
}

fn advantage() -> DiceyReward {
    DiceyReward::Advantage
}

/// The Difficulty of getting over `t` where no spot names one: a low wall 11, a pit 13.
pub fn default_dc(t: Terrain) -> Option<i32> {
    match t {
        Terrain::Low => Some(11),
        Terrain::Pit => Some(13),
        _ => None,
    }
}
