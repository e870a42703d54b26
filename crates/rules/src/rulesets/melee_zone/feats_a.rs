//! melee-zone's feats of wave 2A, as data on archetypes and units (`feats: [..]`):
//! "Reach: increase melee zone to 2 spaces around you" and "Weapon focus: increase damage
//! of 3 chosen weapons by one dice roll" (`feats: ["Weapon focus: longsword, spear,
//! dagger"]`: the weapons by name, the first three counted).

use crate::battle::Battle;
use crate::components::UnitId;
use crate::dice::DiceExpr;
use crate::event::AttackKind;

/// The Reach feat's name.
pub const REACH: &str = "Reach";
/// "increase melee zone to 2 spaces around you".
pub const REACH_ZONE: u32 = 2;
/// The Weapon focus feat's name; the chosen weapons follow a colon.
pub const FOCUS: &str = "Weapon focus";
/// "3 chosen weapons".
pub const FOCUS_WEAPONS: usize = 3;

/// The melee zone's reach: a melee weapon's (`reach`; 0 without one), 2 with Reach.
pub fn threat_reach(b: &Battle, u: UnitId, reach: u32) -> u32 {
    if reach > 0 && b.has_feat(u, REACH) {
        reach.max(REACH_ZONE)
    } else {
        reach
    }
}

/// The weapons `u` chose for Weapon focus (at most three), by name.
pub fn focus_weapons(b: &Battle, u: UnitId) -> impl Iterator<Item = &str> {
    b.feats(u)
        .iter()
        .filter_map(|f| {
            let rest = f.strip_prefix(FOCUS)?.trim_start();
            rest.strip_prefix(':')
        })
        .flat_map(|names| names.split(','))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .take(FOCUS_WEAPONS)
}

/// Is weapon `i` of `u` one of its Weapon focus weapons?
pub fn focused(b: &Battle, u: UnitId, i: usize) -> bool {
    b.weapons(u)
        .get(i)
        .is_some_and(|w| focus_weapons(b, u).any(|n| n == w.name))
}

/// The damage dice of `u`'s weapon `i` for an attack of `kind`: one die more with
/// Weapon focus ("by one dice roll": 1d8 → 2d8), not on the extra attack ("without feats
/// or Strength modifier").
pub fn damage_dice(b: &Battle, u: UnitId, i: usize, kind: AttackKind) -> Option<DiceExpr> {
    let mut d = b.weapons(u).get(i)?.damage;
    if kind != AttackKind::Secondary && focused(b, u, i) {
        d.count += 1;
    }
    Some(d)
}
