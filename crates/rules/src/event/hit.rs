//! A landed attack in flight: what the engine, the rulesets' own frames and the
//! reaction windows carry between the attack roll and the damage.

use serde::{Deserialize, Serialize};

use crate::components::UnitId;
use crate::event::{AttackKind, Outcome};
use crate::grid::Cell;
use crate::vocab::Aim;

/// A successful attack waiting for defence and damage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// Who.
    pub attacker: UnitId,
    /// Whom.
    pub target: UnitId,
    /// Loadout index.
    pub weapon: usize,
    /// Normal or reaction.
    pub kind: AttackKind,
    /// The attack's level.
    pub level: Outcome,
    /// The natural roll of the attack (the kept dice before modifiers): what crit and
    /// fumble rules read.
    #[serde(default)]
    pub natural: i32,
    /// What the hit does when it lands.
    #[serde(default)]
    pub effect: HitEffect,
}

/// What a landed hit does.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum HitEffect {
    /// Roll the weapon's damage.
    #[default]
    Damage,
    /// Roll the weapon's damage; the attack was aimed here (`Command::Attack`'s `aim`).
    Aimed(Aim),
    /// An ability's attack (a spell attack): a landed hit applies the ability's effects
    /// (index into the attacker's abilities), a miss its `on_miss`.
    Ability(usize),
    /// Slain outright, no damage roll (melee-zone's decisive super critical): the
    /// damage is every HP the target has left.
    Slay,
    /// flow Disarm: the target drops an item.
    Disarm {
        /// The target's item.
        item: usize,
        /// Where the attacker sends it on a Hard success or better (`None`: take it).
        send: Option<Cell>,
    },
}
