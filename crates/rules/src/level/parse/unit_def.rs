//! What a unit is made of: its archetype, scores, HP, weapons, conditions, facing,
//! feats and flags (magical armour, hidden, initiator), checked and resolved into the
//! [`UnitDef`] the battle uses.

use crate::components::{ActiveCondition, Facing, SideId, Stats, Weapon};
use crate::level::UnitDef;
use crate::level::catalogue::{Archetype, Catalogue};
use crate::level::file;
use crate::level::messages::{echo, name_list};
use crate::level::problems::{
    Problems, foreign_conditions, partnerless_grapple, unplayed_conditions,
};

use super::ruleset::BadArchWeapons;
use super::units::{Lookups, Placed};

/// Check a placed unit's makings and build it. `known_archetypes` keeps the list of
/// known archetypes once written for a message.
pub(super) fn build(
    p: &mut Problems,
    placed: &Placed,
    look: &Lookups,
    bad_arch_weapons: &mut BadArchWeapons,
    known_archetypes: &mut Option<String>,
) -> UnitDef {
    let Placed {
        i,
        file: u,
        ref name,
        side,
    } = *placed;
    let at = |f: &str| format!("units[{i}].{f}");
    let catalogue = look.catalogue;
    let arch = archetype(p, placed, catalogue, known_archetypes);
    let mut stats = arch.as_ref().map(|a| a.stats.clone()).unwrap_or_default();
    stats.extend(u.stats.clone().unwrap_or_default());
    let hp = u.hp.or(arch.as_ref().map(|a| a.hp)).unwrap_or(1);
    if hp <= 0 {
        p.at(
            &at("hp"),
            format!("unit `{name}` has {hp} HP; it needs at least 1"),
        );
    }
    let weapons = weapons(p, placed, arch.as_ref(), catalogue, bad_arch_weapons);
    let arch_feats = arch.as_ref().map_or(&[][..], |a| a.feats.as_slice());
    let feats = super::feats::of_unit(p, i, arch_feats, &u.feats);
    partnerless_grapple(p, i, u);
    unplayed_conditions(p, i, u);
    foreign_conditions(p, i, u, look.ruleset);
    let dirs = look.board.grid.directions() as u8;
    if let Some(f) = u.facing
        && f >= dirs
    {
        p.at(
            &at("facing"),
            format!("facing {f} is not a direction 0..{} of this grid", dirs - 1),
        );
    }
    UnitDef {
        name: u.name.clone(),
        side: SideId(side.unwrap_or(0) as u32),
        cell: u.cell,
        stats: Stats(stats),
        hp,
        weapons,
        size: u.size.or(arch.as_ref().map(|a| a.size)).unwrap_or_default(),
        facing: Facing(u.facing.unwrap_or(0)),
        conditions: u
            .conditions
            .iter()
            .filter_map(|(k, d)| match k {
                file::CondKey::Known(kind) => Some(ActiveCondition {
                    kind: *kind,
                    duration: *d,
                    source: None,
                }),
                file::CondKey::NotPlayed(_) => None,
            })
            .collect(),
        abilities: arch
            .as_ref()
            .map(|a| {
                a.abilities
                    .iter()
                    .filter_map(|x| catalogue.abilities.get(x).cloned())
                    .collect()
            })
            .unwrap_or_default(),
        resist: arch.as_ref().map(|a| a.resist.clone()).unwrap_or_default(),
        weak: arch.as_ref().map(|a| a.weak.clone()).unwrap_or_default(),
        materials: arch
            .as_ref()
            .map(|a| a.materials.clone())
            .unwrap_or_default(),
        archetype: u.archetype.clone().filter(|_| arch.is_some()),
        feats,
        magical_armour: u
            .magical_armour
            .unwrap_or(arch.as_ref().is_some_and(|a| a.magical_armour)),
        hidden: u.hidden,
        initiator: u.initiator,
    }
}

/// The unit's archetype, if it names a known one. A unit without one needs both its
/// `stats` and its `hp`.
fn archetype(
    p: &mut Problems,
    placed: &Placed,
    catalogue: &Catalogue,
    known_archetypes: &mut Option<String>,
) -> Option<Archetype> {
    let (u, name) = (placed.file, &placed.name);
    let at = |f: &str| format!("units[{}].{f}", placed.i);
    match &u.archetype {
        Some(a) => match catalogue.archetypes.get(a) {
            Some(a) => Some(a.clone()),
            None => {
                let known = known_archetypes.get_or_insert_with(|| {
                    name_list(catalogue.archetypes.keys().map(String::as_str))
                });
                let mean = p.did_you_mean(a, catalogue.archetypes.keys().map(String::as_str));
                p.at(
                    &at("archetype"),
                    format!("unknown archetype `{}`{mean} (known: {known})", echo(a)),
                );
                None
            }
        },
        None => {
            if u.stats.is_none() || u.hp.is_none() {
                p.at(
                    &at("name"),
                    format!("unit `{name}` needs an `archetype` or both `stats` and `hp`"),
                );
            }
            None
        }
    }
}

/// The unit's weapons, its own or its archetype's. Those of a level archetype with
/// unknown ones are counted for that archetype's one message; a unit's own unknown
/// weapon is reported at the unit.
fn weapons(
    p: &mut Problems,
    placed: &Placed,
    arch: Option<&Archetype>,
    catalogue: &Catalogue,
    bad_arch_weapons: &mut BadArchWeapons,
) -> Vec<Weapon> {
    let (i, u, name) = (placed.i, placed.file, &placed.name);
    // Weapons from a level archetype with unknown ones: counted for its one message.
    let from_bad_archetype = match (&u.weapons, &u.archetype) {
        (None, Some(a)) if arch.is_some() => bad_arch_weapons.get_mut(a.as_str()),
        _ => None,
    };
    let weapon_names = u
        .weapons
        .clone()
        .or(arch.map(|a| a.weapons.clone()))
        .unwrap_or_default();
    let mut weapons = Vec::new();
    match from_bad_archetype {
        Some((_, users)) => {
            *users += 1;
            weapons.extend(
                weapon_names
                    .iter()
                    .filter_map(|w| catalogue.weapons.get(w).cloned()),
            );
        }
        None => {
            for (j, w) in weapon_names.iter().enumerate() {
                match catalogue.weapons.get(w) {
                    Some(w) => weapons.push(w.clone()),
                    None => {
                        let mean = p.did_you_mean(w, catalogue.weapons.keys().map(String::as_str));
                        p.at(
                            &format!("units[{i}].weapons[{j}]"),
                            format!("unknown weapon `{}` for unit `{name}`{mean}", echo(w)),
                        )
                    }
                }
            }
        }
    }
    weapons
}
