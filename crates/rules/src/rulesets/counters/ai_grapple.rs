//! The AI's grapple (issue 36): a unit with a grapple of its own (an ability that is no
//! spell and lays Grappled: the wrestler's `Grapple`) grapples the foe it was about to
//! attack instead, when the grapple is worth more than the attack, by expected value as
//! the AI's other choices (in HP, pools at `ai::worth`).
//!
//! What a grapple costs the foe: Grappled keeps it from moving, and it ends it first
//! thing in its turn (`status::ai_recover`) for the cheapest way it can pay — 20 ft
//! (4 cells) as a rule — then the contest ("Beat the DC or contested roll of the
//! source"). Freed, it has lost the 4 cells it paid; held, all 6 of its move (the 2 left
//! cannot be walked), and it tries again next turn, for as long as the grapple lasts
//! (3 turns). So a grapple is worth
//!
//! `P(grapple hits) × worth(cell) × (4 + 2·q) × (1 + q + q²)`, `q` = P(the escape fails)
//!
//! (a few HP): more than a blow only against a foe the blow hardly hurts (absorption and
//! counters taking most of it).

use crate::abilities::{AbilityKind, Effect};
use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, UnitId};
use crate::engine::{CastAt, Command};

use super::ai::worth;
use super::numbers::{STEP_CELLS, strength, strength_prof};

/// `u`'s own grapple: the first ability that is no spell and lays Grappled.
pub fn grapple_ability(b: &Battle, u: UnitId) -> Option<usize> {
    b.abilities(u).iter().position(|a| {
        a.kind != AbilityKind::Spell
            && a.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::Condition {
                        kind: ConditionKind::Grappled,
                        ..
                    }
                )
            })
    })
}

/// The chance `escaper` beats `grappler` in the escape contest: 1d20 + Strength modifier
/// (+ proficiency if proficient in Strength) each, a tie to the grappler.
pub fn escape_chance(b: &Battle, escaper: UnitId, grappler: UnitId) -> f64 {
    let e = strength(b, escaper) + strength_prof(b, escaper);
    let g = strength(b, grappler) + strength_prof(b, grappler);
    let wins = (1..=20)
        .flat_map(|x| (1..=20).map(move |y| (x, y)))
        .filter(|&(x, y)| x + e > y + g)
        .count();
    wins as f64 / 400.0
}

/// What `u` grappling `target` with ability `i` is worth, in HP (the module's words).
pub fn grapple_value(b: &Battle, u: UnitId, target: UnitId, i: usize) -> f64 {
    if b.has(target, ConditionKind::Grappled) {
        return 0.0;
    }
    let hit = super::spells::chance(b, u, target, i);
    let q = 1.0 - escape_chance(b, target, u);
    let paid = f64::from(2 * STEP_CELLS);
    let held = f64::from(6 - 2 * STEP_CELLS);
    hit * worth(Pool::Movement) * (paid + q * held) * (1.0 + q + q * q)
}

/// Grapple `target` rather than attack it (the attack worth `plain`) when the grapple is
/// worth more and is legal now.
pub fn grapple_first(b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
    let i = grapple_ability(b, u)?;
    if b.grid().distance(b.pos(u), b.pos(target)) > 1 || grapple_value(b, u, target, i) <= plain {
        return None;
    }
    let c = crate::ai::cast::cast_command(u, i, CastAt::Unit(target));
    b.check(&c).is_ok().then_some(c)
}
