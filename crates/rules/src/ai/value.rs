//! The shared AI's measures that the rulesets' tactics use too: the value of an
//! attack ([`attack_value`], [`odds_value`]), the support of allies around a foe, and
//! a legal special action. Below the registry: it names no ruleset.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::{Action, Command};
use crate::event::AttackKind;
use crate::grid::Cell;
use crate::rulesets::{AttackOdds, attack_odds_numbers};

/// Value of a certain kill, in HP of expected damage.
pub const KILL_BONUS: f64 = 6.0;

/// Expected value of `attacker` attacking `target` now with `weapon`: the mean damage
/// (crits included) plus [`KILL_BONUS`] times the chance to bring it to 0 HP.
pub fn attack_value(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> f64 {
    odds_value(
        b,
        target,
        &attack_odds_numbers(b, attacker, target, weapon, kind),
    )
}

/// The value of an attack on `target` with these odds (see [`attack_value`]): with the
/// exact damage distributions when the odds carry them (the same as the resolver rolls,
/// [`crate::odds::expected_hit`]), else with damage taken as uniform over its range.
pub(crate) fn odds_value(b: &Battle, target: UnitId, o: &AttackOdds) -> f64 {
    let hp = b.hp(target);
    let mut ev = match &o.dists {
        Some((d, c)) => {
            let (mean, down) = crate::odds::expected_hit(o.hit, o.crit, d, c, hp);
            mean + KILL_BONUS * down
        }
        None => uniform_value(o, hp),
    };
    // The target may still stop the hit (flow: Dodge, Parry, Block), at the odds of its
    // best defence.
    ev *= 1.0 - o.stopped.clamp(0.0, 1.0);
    ev
}

/// [`odds_value`] before defences, damage taken as uniform over its range.
fn uniform_value(o: &AttackOdds, hp: i32) -> f64 {
    let mean = |(lo, hi): (i32, i32)| f64::from(lo + hi) / 2.0;
    let plain = (o.hit - o.crit).max(0.0);
    let mut ev = plain * mean(o.damage) + o.crit * mean(o.crit_damage);
    let drop = |(lo, hi): (i32, i32)| {
        if hi < hp {
            0.0
        } else if lo >= hp {
            1.0
        } else {
            f64::from(hi - hp + 1) / f64::from(hi - lo + 1)
        }
    };
    ev += KILL_BONUS * (plain * drop(o.damage) + o.crit * drop(o.crit_damage));
    ev
}

/// The least expected gain (HP) for which the AI spends its spare AP before attacking.
pub(crate) const SPARE_AP_GAIN: f64 = 0.2;

pub(crate) fn legal(b: &Battle, c: Command) -> Option<Command> {
    b.check(&c).is_ok().then_some(c)
}

pub(crate) fn act(b: &Battle, unit: UnitId, action: Action) -> Option<Command> {
    legal(b, Command::Act { unit, action })
}

/// How much allies add to attacking a foe standing on `pe` in melee from `c`, given the
/// cells of the allies that threaten it: ×1.35 when one stands in the exactly opposite
/// cell (tactical-d20 flanking), +0.1 for each (flow's gang-up).
pub(crate) fn support(b: &Battle, c: Cell, pe: Cell, helpers: &[Cell]) -> f64 {
    let opposite = b.grid().opposite(c, pe);
    let flank = helpers.contains(&opposite);
    1.0 + 0.1 * helpers.len() as f64 + if flank { 0.35 } else { 0.0 }
}

/// The amounts to commit to answering `w` with `kind` ([`crate::rulesets::Ruleset::commit_range`]'s
/// parts) that leave the least expected damage
/// ([`crate::rulesets::Ruleset::answer_odds`]) plus what the amounts are worth (`worth`:
/// HP a unit of the pool is worth keeping). Every mix is tried, up to each part's most
/// and what the reactor has (at most [`MAX_COMMIT_MIXES`] mixes); on a tie, the earlier
/// part and pool first, then less spent. Empty when nothing can be committed or the
/// answer is not about damage.
pub fn best_commits(
    b: &Battle,
    w: &crate::engine::Window,
    kind: crate::event::ReactionKind,
    worth: impl Fn(crate::pools::Pool) -> f64,
) -> Vec<crate::engine::Commit> {
    use crate::engine::Commit;
    let rules = b.rules();
    let parts = rules.commit_range(b, w, kind);
    // Every (part, pool) slot with its most: the part's, and no more than the unit has.
    let slots: Vec<(usize, crate::pools::Pool, u32)> = parts
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            p.pools.iter().map(move |&pool| {
                let has = b.pool(w.reactor, pool).max(0) as u32;
                (i, pool, p.max.min(has))
            })
        })
        .collect();
    let Some(base) = rules.answer_odds(b, w, kind, &[]) else {
        return Vec::new();
    };
    let mixes: u64 = slots.iter().map(|s| u64::from(s.2) + 1).product();
    if slots.is_empty() || mixes > MAX_COMMIT_MIXES {
        return Vec::new();
    }
    let mut best: (f64, u32, Vec<Commit>) = (base, 0, Vec::new());
    let mut amounts = vec![0u32; slots.len()];
    loop {
        // Next mix (odometer, the last slot fastest).
        let mut i = slots.len();
        loop {
            if i == 0 {
                return best.2;
            }
            i -= 1;
            if amounts[i] < slots[i].2 {
                amounts[i] += 1;
                break;
            }
            amounts[i] = 0;
        }
        // Within each part's most, all its pools together.
        let over = parts.iter().enumerate().any(|(p, part)| {
            let n: u32 = slots
                .iter()
                .zip(&amounts)
                .filter(|(s, _)| s.0 == p)
                .map(|(_, n)| n)
                .sum();
            n > part.max
        });
        if over {
            continue;
        }
        let commits: Vec<Commit> = slots
            .iter()
            .zip(&amounts)
            .filter(|(_, n)| **n > 0)
            .map(|(&(part, pool, _), &amount)| Commit { part, pool, amount })
            .collect();
        let Some(expected) = rules.answer_odds(b, w, kind, &commits) else {
            continue;
        };
        let spent: u32 = amounts.iter().sum();
        let value = expected
            + commits
                .iter()
                .map(|c| worth(c.pool) * f64::from(c.amount))
                .sum::<f64>();
        let best_value = best.0
            + best
                .2
                .iter()
                .map(|c| worth(c.pool) * f64::from(c.amount))
                .sum::<f64>();
        if value < best_value - 1e-9 || (value <= best_value + 1e-9 && spent < best.1) {
            best = (expected, spent, commits);
        }
    }
}

/// The most mixes of amounts [`best_commits`] tries.
pub const MAX_COMMIT_MIXES: u64 = 4096;
