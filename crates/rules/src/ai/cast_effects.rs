//! What the AI's casting ([`super`]) sums up of an ability once per decision and asks of
//! each target: its effects' values ([`Effects`]), a bound on a target's value whatever
//! the odds ([`odds_bound`]), dice distributions remembered per expression
//! ([`distribution`]) and the aim cells put in order ([`once_in_order`]). Split from
//! `ai/cast.rs` in session 26.

use super::{CONDITION_VALUE, GRANT_VALUE, PUSH_VALUE, slow};
use crate::abilities::Effect;
use crate::ai::KILL_BONUS;
use crate::battle::Battle;
use crate::components::{Duration, Health, Stats, UnitId};
use crate::grid::Cell;
use crate::odds::Distribution;

/// What one ability does, summed up once per decision.
pub(super) struct Sketch {
    pub(super) hostile: bool,
    pub(super) hit: Effects,
    pub(super) miss: Effects,
}

#[derive(Default)]
pub(super) struct Effects {
    /// Damage: the first damage roll's distribution, shifted by the means of any others.
    pub(super) damage: Option<Distribution>,
    /// The damage's mean, lowest and highest total, worked out once ([`Effects::on`]'s
    /// shortcut for a target the damage can neither exceed nor take down).
    span: Option<(f64, i32, i32)>,
    pub(super) heal: Option<Distribution>,
    /// Condition kinds and how many turns each counts for.
    pub(super) conditions: Vec<(crate::components::ConditionKind, f64)>,
    pub(super) grant: i32,
    pub(super) push: bool,
}

impl Effects {
    /// Do these effects do nothing [`Effects::on`] values (every target worth 0)?
    pub(super) fn is_empty(&self) -> bool {
        self.damage.is_none()
            && self.heal.is_none()
            && self.conditions.is_empty()
            && self.grant <= 0
            && !self.push
    }

    /// What `effects` do, for a user with `stats` (damage scaled by its Level); `hit`
    /// is the ability's hit effects (a miss's half damage halves them).
    pub(super) fn of(effects: &[Effect], stats: &Stats, hit: &[Effect]) -> Effects {
        let mut e = Effects::default();
        let mut extra_damage = 0.0;
        let mut extra_heal = 0.0;
        let mut damage = |e: &mut Effects, d: Option<Distribution>| match (&e.damage, d) {
            (None, Some(d)) => e.damage = Some(d),
            (_, d) => extra_damage += d.map_or(0.0, |d| d.mean()),
        };
        for x in effects {
            match x {
                Effect::Damage { .. } => {
                    damage(&mut e, x.damage_dice(stats).and_then(distribution));
                }
                Effect::HalfDamage => {
                    for h in hit {
                        let d = h.damage_dice(stats).and_then(distribution);
                        damage(&mut e, d.map(|d| d.map(|v| v / 2)));
                    }
                }
                // A turn's worth of the ongoing damage, and the condition.
                Effect::Ongoing { amount, duration } => {
                    damage(&mut e, distribution(*amount));
                    let turns = match duration {
                        Duration::Turns(n) => f64::from((*n).clamp(1, 3)),
                        _ => 1.0,
                    };
                    e.conditions
                        .push((crate::components::ConditionKind::Bleeding, turns));
                }
                Effect::Heal { dice } => match (&e.heal, distribution(*dice)) {
                    (None, Some(d)) => e.heal = Some(d),
                    (_, d) => extra_heal += d.map_or(0.0, |d| d.mean()),
                },
                Effect::Condition { kind, duration } => {
                    let turns = match duration {
                        Duration::Turns(n) => f64::from((*n).clamp(1, 3)),
                        _ => 1.0,
                    };
                    e.conditions.push((*kind, turns));
                }
                Effect::Grant { amount, .. } => e.grant += (*amount).max(0),
                Effect::Push { .. } => e.push = true,
                Effect::Summon { .. } | Effect::Terrain { .. } => {}
            }
        }
        let shift = |d: Distribution, by: f64| {
            let by = by.round() as i32;
            if by == 0 { d } else { d.map(|v| v + by) }
        };
        e.damage = e.damage.map(|d| shift(d, extra_damage));
        e.span = e
            .damage
            .as_ref()
            .map(|d| (d.mean(), d.lo, d.lo + d.p.len() as i32 - 1));
        e.heal = e.heal.map(|d| shift(d, extra_heal));
        e
    }

    /// (harm, help) these effects do to `t`.
    pub(super) fn on(&self, b: &Battle, t: UnitId, near: bool, hostile: bool) -> (f64, f64) {
        let alive = b.alive(t);
        let hp = b.hp(t);
        let mut harm = 0.0;
        let mut help = 0.0;
        if alive && let Some(d) = &self.damage {
            harm += match self.span {
                // Every total from 0 up to less than `hp` (and than 1): the capped mean is
                // the mean (the same products summed in the same order) and the chance
                // to take it down an empty sum.
                Some((mean, lo, hi)) if lo >= 0 && hi < hp.max(1) && !slow() => {
                    let none: f64 = std::iter::empty::<f64>().sum();
                    mean + KILL_BONUS * none
                }
                _ => capped_mean(d, hp) + KILL_BONUS * d.at_least(hp.max(1)),
            };
        }
        if let Some(d) = &self.heal {
            let max = b.get::<Health>(t).map_or(hp, |h| h.max);
            let missing = (max - hp).max(0);
            if missing > 0 {
                let mut v = capped_mean(d, missing);
                if hp * 3 <= max {
                    v *= 2.0;
                }
                if !alive {
                    v += KILL_BONUS;
                }
                help += v;
            }
        }
        if alive {
            for &(kind, turns) in &self.conditions {
                if b.has(t, kind) {
                    continue;
                }
                if hostile {
                    harm += CONDITION_VALUE * turns;
                } else {
                    help += CONDITION_VALUE * turns;
                }
            }
            if self.grant > 0 && near {
                help += GRANT_VALUE * f64::from(self.grant.min(3));
            }
            if self.push {
                harm += PUSH_VALUE;
            }
        }
        (harm, help)
    }
}

/// The distribution of `d`'s total ([`Distribution::of`]), remembered per expression on
/// this thread (a pure function of the expression: the memo cannot go stale; the tests'
/// slow paths work it out each time).
pub(super) fn distribution(d: crate::dice::DiceExpr) -> Option<Distribution> {
    /// Most expressions remembered (a battle's abilities name a handful).
    const MOST: usize = 64;
    thread_local! {
        static MEMO: std::cell::RefCell<Vec<(crate::dice::DiceExpr, Option<Distribution>)>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    if slow() {
        return Distribution::of(d);
    }
    MEMO.with(|m| {
        if let Some((_, x)) = m.borrow().iter().find(|(k, _)| *k == d) {
            return x.clone();
        }
        let x = Distribution::of(d);
        let mut m = m.borrow_mut();
        if m.len() < MOST {
            m.push((d, x.clone()));
        }
        x
    })
}

/// (harm, help) of a hit and of a miss on one target ([`Effects::on`]).
pub(super) type Parts = ((f64, f64), (f64, f64));

/// A value no less than the one `best_aim` works out from a target's parts, whatever the
/// chance `p` (in 0..=1) the ruleset gives: a foe's `p × h1 + (1 − p) × h0` less a help
/// never negative is at most the larger harm, a friend's help less a harm never negative
/// at most the larger help (every part is a sum of terms never negative); a margin far
/// above the rounding of those few operations keeps it a bound in floating point.
pub(super) fn odds_bound(enemy: bool, ((h1, g1), (h0, g0)): Parts) -> f64 {
    let m = if enemy { h1.max(h0) } else { g1.max(g0) };
    m + 1e-9 * (1.0 + m.abs())
}

/// Sort `cells` and keep each once (what `sort_unstable` and `dedup` give): many cells
/// are marked in a table over their bounding box, read back in cell order (column, then
/// row, `Cell`'s order); a few, and the tests' slow path, are sorted.
pub(super) fn once_in_order(cells: &mut Vec<Cell>, slow: bool) {
    if slow || cells.len() <= 24 {
        cells.sort_unstable();
        cells.dedup();
        return;
    }
    let (mut x0, mut x1, mut y0, mut y1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for c in cells.iter() {
        (x0, x1, y0, y1) = (x0.min(c.x), x1.max(c.x), y0.min(c.y), y1.max(c.y));
    }
    let h = (y1 - y0 + 1) as usize;
    let mut marked = vec![false; (x1 - x0 + 1) as usize * h];
    for c in cells.iter() {
        marked[(c.x - x0) as usize * h + (c.y - y0) as usize] = true;
    }
    cells.clear();
    cells.extend(
        marked
            .iter()
            .enumerate()
            .filter(|&(_, &m)| m)
            .map(|(k, _)| Cell::new(x0 + (k / h) as i32, y0 + (k % h) as i32)),
    );
}

/// E[min(X, cap)].
fn capped_mean(d: &Distribution, cap: i32) -> f64 {
    d.iter()
        .map(|(v, p)| p * f64::from(v.clamp(0, cap.max(0))))
        .sum()
}
