//! flow's far-foe bound prepared once per decision (issue 34): what
//! [`super::FlowAi`]'s `attack_value_bound` works out of the attacker alone (its skills,
//! its weapons' damage, its own advantage, an off hand) is looked up once, and each foe
//! asks only what depends on it: the range increments of its distance, a helping ally
//! threatening it (melee), its Prone, a Feint by the attacker on it and its HP.

use crate::ai::tactics::AttackBounds;
use crate::ai::value::KILL_BONUS;
use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId, WeaponKind};
use crate::event::{AttackKind, Outcome};

/// One weapon of the attacker, as the bound reads it.
struct Arm {
    /// The attack's target number before what depends on the foe (the skill, an off
    /// hand's −10).
    t: i32,
    melee: bool,
    /// Its range increment (ranged).
    range: u32,
    /// The damage's mean (its top when the dice may total below 0) and top.
    mean: f64,
    hi: i32,
}

/// [`super::FlowAi`]'s `attack_value_bound` of `u` attacking as `kind`, for every foe and
/// weapon asked: the same numbers in the same order, so the same answers to the bit
/// (debug-asserted at every call; compared at every state of seeded battles by
/// `flow_s25_flow`).
pub(super) fn attack_value_bounds<'a>(
    b: &'a Battle,
    u: UnitId,
    kind: AttackKind,
) -> AttackBounds<'a> {
    let stats = b.stats(u);
    let arms: Vec<Arm> = b
        .weapons(u)
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let dice = w.damage;
            let (lo, hi) = (dice.min(), dice.max().max(0));
            let mean = if dice.keep == crate::dice::Keep::All && lo >= 0 {
                f64::from(dice.count) * (f64::from(dice.sides) + 1.0) / 2.0 + f64::from(dice.bonus)
            } else {
                f64::from(hi)
            };
            let melee = w.kind == WeaponKind::Melee;
            let mut t = stats.get(if melee { Stat::Melee } else { Stat::Ranged });
            if kind == AttackKind::Normal && melee && super::is_off_hand(b, u, i) {
                t -= 10;
            }
            Arm {
                t,
                melee,
                range: w.range,
                mean,
                hi,
            }
        })
        .collect();
    // The attacker's own advantage: Total Defense on a reaction, else its Prone or
    // grapple.
    let own = if kind == AttackKind::Normal {
        super::actor_advantage(b, u)
    } else {
        i32::from(b.has(u, ConditionKind::TotalDefense))
    };
    let side = b.side(u);
    // Every target number at or below 0 has the same odds (only a natural 1 hits; see
    // `check_odds`): read once per sign of the advantage.
    let low: [[f64; 6]; 3] = std::array::from_fn(|a| super::check_odds(0, a as i32 - 1));
    Box::new(move |foe, dist, w| {
        let arm = arms.get(w)?;
        debug_assert_eq!(dist, b.grid().distance(b.pos(u), b.pos(foe)));
        let (mut t, mut advantage) = (arm.t, own);
        if kind == AttackKind::Normal {
            if arm.melee {
                if b.any_threatening(b.pos(foe), |o| o != u && b.side(o) == side) {
                    t += 10;
                }
            } else if arm.range > 0 && dist > arm.range {
                t -= 10 * ((dist - 1) / arm.range) as i32;
            }
            advantage += super::prone_target(b, foe, arm.melee);
            if super::feinted_by(b, foe, u) {
                advantage += 1;
            }
        }
        debug_assert_eq!(
            (t, advantage),
            super::attack_numbers(b, u, foe, w, kind),
            "{u:?} on {foe:?} with {w} as {kind:?}"
        );
        let odds = if t <= 0 {
            low[(advantage.signum() + 1) as usize]
        } else {
            super::check_odds(t, advantage)
        };
        // As `attack_value_bound` sums it.
        let crit = odds[Outcome::Critical as usize];
        let hit = odds[Outcome::Success as usize]
            + odds[Outcome::Hard as usize]
            + odds[Outcome::Major as usize]
            + crit;
        let plain = (hit - crit).max(0.0);
        let hp = b.hp(foe);
        let kill = |top: i32| if top >= hp { KILL_BONUS } else { 0.0 };
        let (mean, hi) = (arm.mean, arm.hi);
        let bound = plain * (mean + kill(hi)) + crit * (2.0 * mean + kill(2 * hi));
        Some(bound * (1.0 + 1e-9) + 1e-9)
    })
}
