//! The weapons, archetypes and abilities a level may use: the ruleset's built-in
//! catalogue, extended by the level's own.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::messages::{echo, name_list};
use super::problems::Problems;
use super::ron_options;
use crate::abilities::Ability;
use crate::components::{Size, Stat, Weapon};
use crate::rulesets::Registry;
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
    /// Energy resistance by damage type (`{"fire": 5}`: 5 less of each fire damage).
    #[serde(default)]
    pub resist: BTreeMap<String, i32>,
    /// Energy weaknesses (damage types that deal half as much again).
    #[serde(default)]
    pub weak: Vec<String>,
    /// tactical-d20: material components carried, by value (`{1: 2}`: two worth 1; one
    /// is consumed instead of the SQ of a spell of that order).
    #[serde(default)]
    pub materials: BTreeMap<u8, u32>,
    /// Feats and traits by name (`["Reach"]`): a unit of the archetype has them, and
    /// its own `feats` add to them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub feats: Vec<String>,
    /// Its armour is magical (counters: only magical equipment absorbs magical damage).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub magical_armour: bool,
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
        // Parsed once per ruleset (every level load asks for it; the text never changes).
        static PARSED: [std::sync::OnceLock<Catalogue>; RulesetId::ALL.len()] =
            [const { std::sync::OnceLock::new() }; RulesetId::ALL.len()];
        PARSED[r.index()]
            .get_or_init(|| {
                // The built-in files are tested to parse (`builtin_catalogues_parse`).
                ron_options()
                    .from_str(r.catalogue_source())
                    .unwrap_or_default()
            })
            .clone()
    }
}

/// Add a level's `own` abilities to the catalogue (over the ruleset's), name each by its
/// key, and report what is wrong with them and with the abilities its `archetypes` list.
pub(super) fn merge_abilities(
    catalogue: &mut Catalogue,
    own: &BTreeMap<String, Ability>,
    archetypes: &BTreeMap<String, Archetype>,
    p: &mut Problems,
) {
    // Abilities: the level's own over the ruleset's, each named by its key; the level's
    // are checked here (the built-in catalogues list none yet).
    for (k, a) in own.clone() {
        catalogue.abilities.insert(k, a);
    }
    for (k, a) in catalogue.abilities.iter_mut() {
        if a.name.is_empty() {
            a.name = k.clone();
        }
    }
    for (k, a) in own {
        if !a.name.is_empty() && &a.name != k {
            p.at(
                &format!("abilities{{{k}}}"),
                format!(
                    "ability `{}` is listed as `{}`: leave `name` out, or make them the same",
                    echo(&a.name),
                    echo(k)
                ),
            );
        }
        let named = catalogue
            .abilities
            .get(k)
            .cloned()
            .unwrap_or_else(|| a.clone());
        for m in crate::abilities::problems(&named) {
            p.at(&format!("abilities{{{k}}}"), m);
        }
        for e in &named.effects {
            if let crate::abilities::Effect::Summon { archetype } = e
                && !catalogue.archetypes.contains_key(archetype)
            {
                let mean =
                    p.did_you_mean(archetype, catalogue.archetypes.keys().map(String::as_str));
                p.at(
                    &format!("abilities{{{k}}}"),
                    format!(
                        "`{}` summons unknown archetype `{}`{mean} (known: {})",
                        echo(k),
                        echo(archetype),
                        name_list(catalogue.archetypes.keys().map(String::as_str))
                    ),
                );
            }
        }
    }
    for (name, a) in archetypes {
        // Uses are counted per ability index in a pool named by a byte.
        if a.abilities.len() > usize::from(u8::MAX) {
            p.at(
                &format!("archetypes{{{name}}}.abilities"),
                format!(
                    "archetype `{}` lists {} abilities; at most {}",
                    echo(name),
                    a.abilities.len(),
                    u8::MAX
                ),
            );
        }
        for (j, x) in a.abilities.iter().enumerate() {
            if !catalogue.abilities.contains_key(x) {
                let mean = p.did_you_mean(x, catalogue.abilities.keys().map(String::as_str));
                p.at(
                    &format!("archetypes{{{name}}}.abilities[{j}]"),
                    format!(
                        "unknown ability `{}`{mean} in archetype `{}` (known: {})",
                        echo(x),
                        echo(name),
                        name_list(catalogue.abilities.keys().map(String::as_str))
                    ),
                );
            }
        }
    }
}

/// What each archetype an ability of the catalogue summons is, ready to spawn (weapons
/// and abilities looked up; unknown ones are reported elsewhere and left out). Named by
/// the archetype; side, cell and name are the summoning's.
pub(super) fn summon_templates(catalogue: &Catalogue) -> BTreeMap<String, super::UnitDef> {
    let mut out = BTreeMap::new();
    for a in catalogue.abilities.values() {
        for e in &a.effects {
            let crate::abilities::Effect::Summon { archetype } = e else {
                continue;
            };
            if out.contains_key(archetype) {
                continue;
            }
            let Some(arch) = catalogue.archetypes.get(archetype) else {
                continue;
            };
            out.insert(
                archetype.clone(),
                super::UnitDef {
                    name: archetype.clone(),
                    side: crate::components::SideId(0),
                    cell: crate::grid::Cell::new(0, 0),
                    stats: crate::components::Stats(arch.stats.clone()),
                    hp: arch.hp.max(1),
                    weapons: arch
                        .weapons
                        .iter()
                        .filter_map(|w| catalogue.weapons.get(w).cloned())
                        .collect(),
                    size: arch.size,
                    facing: crate::components::Facing(0),
                    conditions: Vec::new(),
                    abilities: arch
                        .abilities
                        .iter()
                        .filter_map(|x| catalogue.abilities.get(x).cloned())
                        .collect(),
                    resist: arch.resist.clone(),
                    weak: arch.weak.clone(),
                    materials: arch.materials.clone(),
                    archetype: Some(archetype.clone()),
                    feats: arch.feats.clone(),
                    magical_armour: arch.magical_armour,
                    hidden: false,
                    initiator: false,
                },
            );
        }
    }
    out
}
