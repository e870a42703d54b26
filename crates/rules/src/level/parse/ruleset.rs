//! The ruleset and the catalogue: the ruleset's id, its built-in catalogue with the
//! level's weapons, archetypes and abilities merged in, and the unknown weapons of the
//! level's archetypes (reported once each, after the units that carry them are counted).

use std::collections::BTreeMap;

use crate::level::catalogue::{self, Catalogue};
use crate::level::file::LevelFile;
use crate::level::messages::echo;
use crate::level::problems::Problems;
use crate::vocab::RulesetId;

/// Unknown weapons of the level's archetypes, by archetype: each weapon's place in the
/// archetype's list and its name, and the number of units that carry them.
pub(super) type BadArchWeapons<'a> = BTreeMap<&'a str, (Vec<(usize, &'a str)>, usize)>;

/// The file's ruleset (`None` when unknown, reported), the catalogue the level's units
/// are built from (the ruleset's, or the default one's), and the unknown weapons of the
/// level's archetypes (their users not yet counted).
pub(super) fn catalogue<'a>(
    p: &mut Problems,
    raw: &'a LevelFile,
) -> (Option<RulesetId>, Catalogue, BadArchWeapons<'a>) {
    let ruleset = RulesetId::parse(&raw.ruleset);
    if ruleset.is_none() {
        let known: Vec<&str> = RulesetId::ALL.iter().map(|r| r.id()).collect();
        let mean = p.did_you_mean(&raw.ruleset, known.iter().copied());
        p.at(
            "ruleset",
            format!(
                "unknown ruleset `{}`{mean} (known: {})",
                echo(&raw.ruleset),
                known.join(", ")
            ),
        );
    }
    let mut catalogue = Catalogue::builtin(ruleset.unwrap_or(RulesetId::DEFAULT));
    for (k, mut w) in raw.weapons.clone() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
        catalogue.weapons.insert(k, w);
    }
    for (k, w) in catalogue.weapons.iter_mut() {
        if w.name.is_empty() {
            w.name = k.clone();
        }
    }
    catalogue.archetypes.extend(raw.archetypes.clone());
    catalogue::merge_abilities(&mut catalogue, &raw.abilities, &raw.archetypes, p);
    // Unknown weapons of the level's archetypes: reported once each, at the archetype,
    // with the number of units that carry them (counted with the units).
    let mut bad_arch_weapons = BadArchWeapons::new();
    for (name, a) in &raw.archetypes {
        for (j, w) in a.weapons.iter().enumerate() {
            if !catalogue.weapons.contains_key(w) {
                bad_arch_weapons
                    .entry(name.as_str())
                    .or_default()
                    .0
                    .push((j, w.as_str()));
            }
        }
    }
    (ruleset, catalogue, bad_arch_weapons)
}

/// Report the unknown weapons of the level's archetypes, each once, with the number of
/// units that carry them.
pub(super) fn report_bad_arch_weapons(
    p: &mut Problems,
    bad_arch_weapons: &BadArchWeapons,
    catalogue: &Catalogue,
) {
    for (name, (bad, users)) in bad_arch_weapons {
        let used = match users {
            0 => String::new(),
            1 => " (used by 1 unit)".to_string(),
            n => format!(" (used by {n} units)"),
        };
        for (j, w) in bad {
            let mean = p.did_you_mean(w, catalogue.weapons.keys().map(String::as_str));
            p.at(
                &format!("archetypes{{{name}}}.weapons[{j}]"),
                format!(
                    "unknown weapon `{}` in archetype `{}`{used}{mean}",
                    echo(w),
                    echo(name)
                ),
            );
        }
    }
}
