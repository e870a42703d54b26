//! counters' numbers: Strength and Agility modifiers, proficiency, Passive Dodge,
//! absorption, the attack bonus, skill dice and the proficiency cap counted across the
//! round, unspent movement in 10 ft steps.

use crate::battle::Battle;
use crate::components::{Pool, Stat, UnitId, WeaponKind, WeaponTag};
use crate::dice::{ModKind, Modifier};

/// Cells a turn's move gives (30 ft).
pub const SPEED: u32 = 6;
/// Cells in one 10 ft step of unspent movement (a cell is 5 ft).
pub const STEP_CELLS: u32 = 2;
/// The feat that makes a unit proficient in Strength (adds its proficiency bonus to
/// absorption and Block).
pub const STRENGTH_PROFICIENCY: &str = "Strength proficiency";
/// The feat that makes a unit proficient in Agility (adds its proficiency bonus to
/// Passive Dodge and Parry).
pub const AGILITY_PROFICIENCY: &str = "Agility proficiency";

/// The Strength modifier: (score − 10) / 2, rounded down.
pub fn strength(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).d20_mod(Stat::Str)
}

/// The Agility modifier: (score − 10) / 2, rounded down.
pub fn agility(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).d20_mod(Stat::Agility)
}

/// The proficiency bonus.
pub fn proficiency(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Proficiency).max(0)
}

/// The proficiency bonus if `u` is proficient in Strength, else 0.
pub fn strength_prof(b: &Battle, u: UnitId) -> i32 {
    if b.has_feat(u, STRENGTH_PROFICIENCY) {
        proficiency(b, u)
    } else {
        0
    }
}

/// The proficiency bonus if `u` is proficient in Agility, else 0.
pub fn agility_prof(b: &Battle, u: UnitId) -> i32 {
    if b.has_feat(u, AGILITY_PROFICIENCY) {
        proficiency(b, u)
    } else {
        0
    }
}

/// "Passive Dodge = Agility score; if proficient in Agility: add proficiency bonus": the
/// number an attack must reach, as its parts.
pub fn passive_dodge(b: &Battle, u: UnitId) -> Vec<Modifier> {
    let score = Modifier::new(
        ModKind::Skill,
        "Agility score",
        b.stats(u).get(Stat::Agility),
    );
    let p = agility_prof(b, u);
    if p != 0 {
        // Both at once: one allocation (a push after a `vec!` of one reallocated).
        vec![
            score,
            Modifier::new(ModKind::Skill, "Agility proficiency", p),
        ]
    } else {
        vec![score]
    }
}

/// The attack bonus with `weapon`: the proficiency bonus, plus the Strength modifier
/// with a melee weapon or the Agility modifier with a ranged one.
pub fn attack_bonus(b: &Battle, u: UnitId, weapon: usize) -> Vec<Modifier> {
    attack_bonus_parts(b, u, weapon).into()
}

/// [`attack_bonus`]'s two parts, in its order, without a list (what a roll adds one by
/// one).
pub(super) fn attack_bonus_parts(b: &Battle, u: UnitId, weapon: usize) -> [Modifier; 2] {
    let ranged = b
        .weapons(u)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Ranged);
    [
        Modifier::new(ModKind::Skill, "proficiency", proficiency(b, u)),
        if ranged {
            Modifier::new(ModKind::Skill, "Agility mod", agility(b, u))
        } else {
            Modifier::new(ModKind::Skill, "Strength mod", strength(b, u))
        },
    ]
}

/// Passive absorption off every hit: the Strength modifier, plus the proficiency bonus
/// if proficient in Strength, never below 0. Magical damage only with magical armour
/// ("only magical equipment may absorb magical damage").
pub fn absorption(b: &Battle, u: UnitId, magical: bool) -> i32 {
    if magical && !b.magical_armour(u) {
        return 0;
    }
    (strength(b, u) + strength_prof(b, u)).max(0)
}

/// Is `weapon` of `u` magical?
pub fn magical_weapon(b: &Battle, u: UnitId, weapon: usize) -> bool {
    b.weapons(u)
        .get(weapon)
        .is_some_and(|w| w.has(WeaponTag::Magical))
}

/// Does `u` hold a melee weapon (not a shield) to parry with?
pub fn wields_melee(b: &Battle, u: UnitId) -> bool {
    b.weapons(u)
        .iter()
        .enumerate()
        .any(|(i, w)| w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && b.in_hand(u, i))
}

/// A unit's Agility score, Strength score and proficiency bonus (0 where missing, the
/// bonus never below 0), from one walk of its scores in their order rather than three
/// searches: what [`super::attack::numbers`] reads of each unit.
pub(super) fn agility_str_prof(stats: &crate::components::Stats) -> (i32, i32, i32) {
    let (mut agility, mut str, mut prof) = (0, 0, 0);
    for (&k, &v) in &stats.0 {
        match k {
            Stat::Agility => agility = v,
            Stat::Str => str = v,
            Stat::Proficiency => {
                prof = v;
                // The scores are in `Stat`'s order: none of the three comes after it.
                break;
            }
            _ => {}
        }
    }
    (agility, str, prof.max(0))
}

/// The d20 modifier of a score: (score − 10) / 2, rounded down (`Stats::d20_mod`).
pub(super) fn d20_mod(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// Skill dice a round: the `SkillDice` stat, else the proficiency bonus.
pub fn skill_dice_of(stats: &crate::components::Stats) -> i32 {
    match stats.0.get(&Stat::SkillDice) {
        Some(&n) => n.max(0),
        None => stats.get(Stat::Proficiency).max(0),
    }
}

/// The proficiency cap on skill dice: how many a unit may spend on counters in one
/// round before a counter becomes strained (the pool's cap, its proficiency bonus).
pub fn cap(b: &Battle, u: UnitId) -> i32 {
    b.pools(u)
        .and_then(|p| p.get(Pool::SkillDice))
        .map_or(0, |s| s.cap)
}

/// Skill dice spent this round so far: the pool refills at the start of each round, so
/// what it is short of its refill.
pub fn spent_this_round(b: &Battle, u: UnitId) -> i32 {
    b.pools(u)
        .and_then(|p| p.get(Pool::SkillDice))
        .map_or(0, |s| (s.refill - s.left).max(0))
}

/// Would spending `more` skill dice now make the counter strained (the dice spent this
/// round, these included, above the proficiency cap)?
pub fn strained_with(b: &Battle, u: UnitId, more: i32) -> bool {
    more > 0 && spent_this_round(b, u) + more > cap(b, u)
}

/// Is `u` over its proficiency cap now (the skill dice spent this round, those of the
/// counter being paid included)?
pub fn over_cap_now(b: &Battle, u: UnitId) -> bool {
    spent_this_round(b, u) > cap(b, u)
}

/// Cells of unspent movement `u` has (what its own turn did not move).
pub fn unspent(b: &Battle, u: UnitId) -> u32 {
    b.move_left(u)
}

/// Whole 10 ft steps in `cells` (an odd cell buys nothing).
pub fn steps(cells: u32) -> i32 {
    (cells / STEP_CELLS) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::Stats;

    /// One walk of the scores gives what the three searches gave, for every subset of
    /// scores around the three (before, between and after them in `Stat`'s order),
    /// missing ones and a negative proficiency bonus included; and the modifier is
    /// `Stats::d20_mod`'s.
    #[test]
    fn agility_str_prof_is_the_three_searches() {
        let keys = [
            Stat::Agility,
            Stat::Athletics,
            Stat::Str,
            Stat::Dex,
            Stat::Accuracy,
            Stat::Proficiency,
            Stat::SkillDice,
            Stat::Speed,
        ];
        for mask in 0u32..1 << keys.len() {
            for base in [-3, 0, 7, 14] {
                let stats = Stats(
                    keys.iter()
                        .enumerate()
                        .filter(|(i, _)| mask & 1 << i != 0)
                        .map(|(i, &k)| (k, base + 3 * i as i32 - 5))
                        .collect(),
                );
                let searched = (
                    stats.get(Stat::Agility),
                    stats.get(Stat::Str),
                    stats.get(Stat::Proficiency).max(0),
                );
                assert_eq!(agility_str_prof(&stats), searched, "{stats:?}");
            }
        }
        for score in -30..40 {
            let stats = Stats([(Stat::Str, score)].into_iter().collect());
            assert_eq!(d20_mod(score), stats.d20_mod(Stat::Str));
        }
    }
}
