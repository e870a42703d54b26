//! The level file as written: the RON shapes serde reads before validation.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::*;
use crate::components::*;
use crate::grid::{Cell, GridKind};

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub(super) struct SideFile {
    pub(super) name: String,
    #[serde(alias = "color")]
    pub(super) colour: String,
    #[serde(default)]
    pub(super) controller: Controller,
    #[serde(default)]
    pub(super) role: Option<Role>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Unit")]
pub(super) struct UnitFile {
    pub(super) name: String,
    pub(super) side: String,
    pub(super) cell: Cell,
    #[serde(default)]
    pub(super) archetype: Option<String>,
    #[serde(default)]
    pub(super) stats: Option<BTreeMap<Stat, i32>>,
    #[serde(default)]
    pub(super) hp: Option<i32>,
    #[serde(default)]
    pub(super) weapons: Option<Vec<String>>,
    #[serde(default)]
    pub(super) size: Option<Size>,
    #[serde(default)]
    pub(super) facing: Option<u8>,
    /// Conditions at the start and how long they last.
    #[serde(default)]
    pub(super) conditions: BTreeMap<CondKey, Duration>,
    /// escalation: starts Grabbed by this unit (an enemy next to it), held until the
    /// grab ends in play.
    #[serde(default)]
    pub(super) grabbed_by: Option<String>,
    /// Feats and traits, added to its archetype's.
    #[serde(default)]
    pub(super) feats: Vec<String>,
    /// Its armour is magical (over its archetype's `magical_armour`).
    #[serde(default)]
    pub(super) magical_armour: Option<bool>,
    /// It starts hidden.
    #[serde(default)]
    pub(super) hidden: bool,
    /// It started the battle by attacking.
    #[serde(default)]
    pub(super) initiator: bool,
}

/// A hazard as written: `Hazard(cell: (2, 1), kind: Trap(dc: 12, damage: "1d6"))`. The
/// numbers and dice are read as written and checked at their field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Hazard")]
pub(super) struct HazardFile {
    pub(super) cell: Cell,
    pub(super) kind: HazardKindFile,
}

/// A hazard's kind as written, with its check's Difficulty and its damage dice.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "HazardKind")]
pub(super) enum HazardKindFile {
    Trap {
        dc: i64,
        damage: String,
    },
    FallingRocks {
        dc: i64,
        damage: String,
    },
    MagicalBurst {
        dc: i64,
        damage: String,
        radius: i64,
    },
}

/// A condition named in a level: one the game has, or one of seed 004's that it does not
/// play (refused with the reason: `problems::unplayed_conditions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum CondKey {
    Known(ConditionKind),
    NotPlayed(&'static str),
}

/// Seed 004's conditions the game does not play, and why: each is refused at load.
pub(super) const NOT_PLAYED: [(&str, &str); 4] = [
    (
        "Deaf",
        "it only stops auditory checks and makes everything [Silent], and the game has no \
         auditory checks (Listen/Spot is left out) and nothing [Silent]",
    ),
    (
        "Suffocating",
        "its CON and INT damage comes once a minute (every 10 rounds) and INT has no use in \
         a battle; the game does not keep minutes of suffocation",
    ),
    (
        "Friendly",
        "it applies toward particular individuals (\"treat individuals with whom this \
         condition applies as allies\"), and a level cannot name them",
    ),
    (
        "Hostile",
        "\"cannot be calmed to avoid conflict\": nothing in a battle calms a creature, so it \
         would change nothing",
    ),
];

impl<'de> Deserialize<'de> for CondKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = CondKey;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a condition such as `Prone`")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<CondKey, E> {
                use serde::de::IntoDeserializer;
                if let Some((name, _)) = NOT_PLAYED.iter().find(|(n, _)| *n == s) {
                    return Ok(CondKey::NotPlayed(name));
                }
                ConditionKind::deserialize(s.into_deserializer()).map(CondKey::Known)
            }
        }
        d.deserialize_identifier(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Level")]
pub(super) struct LevelFile {
    pub(super) name: String,
    #[serde(default)]
    pub(super) description: String,
    pub(super) ruleset: String,
    pub(super) grid: GridKind,
    #[serde(default)]
    pub(super) seed: Option<u64>,
    #[serde(default)]
    pub(super) legend: BTreeMap<char, Terrain>,
    pub(super) map: Vec<String>,
    pub(super) sides: Vec<SideFile>,
    pub(super) units: Vec<UnitFile>,
    #[serde(default)]
    pub(super) weapons: BTreeMap<String, Weapon>,
    #[serde(default)]
    pub(super) archetypes: BTreeMap<String, Archetype>,
    #[serde(default)]
    pub(super) abilities: BTreeMap<String, crate::abilities::Ability>,
    #[serde(default)]
    pub(super) surprise: Option<String>,
    #[serde(default)]
    pub(super) stalemate_rounds: Option<i64>,
    #[serde(default)]
    pub(super) dicey: Vec<super::dicey::DiceyFile>,
    #[serde(default)]
    pub(super) hazards: Vec<HazardFile>,
    #[serde(default)]
    pub(super) exits: Vec<Cell>,
}

pub(super) fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.is_ascii() {
        return None;
    }
    let b = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([b(0)?, b(2)?, b(4)?])
}
