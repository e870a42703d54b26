//! melee-zone's feats of wave 2B, by name on archetypes and units (a level's `feats`):
//! * "Sneak attack: add another d4 to sneak damage" ([`super::stealth::sneak_dice`]).
//! * "Maneuverer: move normally while sneaking, swimming, and tumbling": no half speed
//!   while hidden ([`super::stealth::sneaking`]), and difficult ground (the seed's
//!   swimming ground) costs 1 a space ([`difficult_cost`]). melee-zone has no tumbling.
//! * "Legion leader: gain 2 extra summoning slots" ([`summoning_slots`]: "The number of
//!   summoning slots you have is equal to your level").
//!
//! And the unit card's lines for facing and hiding ([`notes`]).

use crate::battle::Battle;
use crate::components::{Stat, UnitId};
use crate::rulesets::ui::Gauge;

use super::facing::facing;
use crate::vocab::direction_name;

/// "Sneak attack: add another d4 to sneak damage."
pub const SNEAK_ATTACK: &str = "Sneak attack";
/// "Maneuverer: move normally while sneaking, swimming, and tumbling."
pub const MANEUVERER: &str = "Maneuverer";
/// "Legion leader: gain 2 extra summoning slots."
pub const LEGION_LEADER: &str = "Legion leader";
/// Legion leader's "2 extra summoning slots".
pub const LEGION_SLOTS: u32 = 2;

/// Does `u` have Maneuverer?
pub fn maneuverer(b: &Battle, u: UnitId) -> bool {
    b.has_feat(u, MANEUVERER)
}

/// "Summoning Slots: is the number of summoned creatures you may have under your control
/// at one time. The number of summoning slots you have is equal to your level", 2 more
/// with Legion leader.
pub fn summoning_slots(b: &Battle, u: UnitId) -> u32 {
    let level = b.stats(u).get(Stat::Level).max(0) as u32;
    level
        + if b.has_feat(u, LEGION_LEADER) {
            LEGION_SLOTS
        } else {
            0
        }
}

/// What a space of difficult ground costs `u`: 1 with Maneuverer ("move normally while
/// … swimming": difficult ground is the seed's swimming ground), else the terrain's 2.
/// The engine plans paths, the reachable field and each step's charge with it
/// (`Ruleset::difficult_cost`).
pub fn difficult_cost(b: &Battle, u: UnitId) -> u32 {
    if maneuverer(b, u) {
        1
    } else {
        crate::level::Terrain::Difficult.cost().unwrap_or(2)
    }
}

/// The unit card's lines of wave 2B: where it faces, whether it is hidden, its summoning
/// slots with Legion leader.
pub fn notes(b: &Battle, u: UnitId) -> Vec<Gauge> {
    let mut v = vec![Gauge::Note(format!(
        "faces {}",
        direction_name(b.grid().kind, facing(b, u))
    ))];
    if b.hidden(u) {
        v.push(Gauge::Note(if maneuverer(b, u) {
            "hidden (sneaking)".into()
        } else {
            "hidden (sneaking: half speed)".into()
        }));
    }
    if b.has_feat(u, LEGION_LEADER) {
        v.push(Gauge::Note(format!(
            "{} summoning slots (Legion leader +{LEGION_SLOTS})",
            summoning_slots(b, u)
        )));
    }
    v
}
