//! The weapons, archetypes and abilities a level may use: the ruleset's built-in
//! catalogue, extended by the level's own.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ron_options;
use crate::abilities::Ability;
use crate::components::{Size, Stat, Weapon};
use crate::rulesets::RulesetId;

/// An archetype: a ready-made unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Archetype {
    /// HP.
    pub hp: i32,
    /// Size.
    #[serde(default)]
    pub size: Size,
    /// Scores.
    #[serde(default)]
    pub stats: BTreeMap<Stat, i32>,
    /// Weapon names.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Ability names (in the catalogue's `abilities`).
    #[serde(default)]
    pub abilities: Vec<String>,
}

/// Weapons and archetypes available to a level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// Weapons by name.
    #[serde(default)]
    pub weapons: BTreeMap<String, Weapon>,
    /// Archetypes by name.
    #[serde(default)]
    pub archetypes: BTreeMap<String, Archetype>,
    /// Abilities by name (spells, class abilities, potions, items).
    #[serde(default)]
    pub abilities: BTreeMap<String, Ability>,
}

impl Catalogue {
    /// The built-in catalogue of a ruleset.
    pub fn builtin(r: RulesetId) -> Catalogue {
        // The built-in files are tested to parse (`builtin_catalogues_parse`).
        ron_options()
            .from_str(r.catalogue_source())
            .unwrap_or_default()
    }
}
