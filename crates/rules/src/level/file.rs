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
    pub(super) conditions: BTreeMap<ConditionKind, Duration>,
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
    pub(super) surprise: Option<String>,
    #[serde(default)]
    pub(super) stalemate_rounds: Option<i64>,
}
