//! Exact distributions of dice totals: the one place odds are counted, shared by every
//! ruleset's attack odds, the window's preview and the AI.
//!
//! A distribution comes from one dice expression ([`Distribution::of`]) and combines with
//! others: the total of two independent rolls ([`Distribution::sum`]), one roll less
//! another ([`Distribution::difference`]: damage less a Block's dice), a flat modifier
//! ([`Distribution::shift`]) and a floor ([`Distribution::clamp_min`]: damage never below 0).

use crate::dice::{DiceExpr, Keep};

/// Most outcomes [`Distribution::of`] enumerates for an expression that keeps some dice
/// (`4d6kh3`), and most pairs of totals [`Distribution::sum`] and
/// [`Distribution::difference`] combine (the product of the two numbers of totals);
/// beyond it the distribution is not computed (`None`).
pub const MAX_ENUMERATED: u64 = 1 << 20;

/// The chance of each total: `p[i]` is the chance of `lo + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// The smallest total.
    pub lo: i32,
    /// Chances, summing to 1.
    pub p: std::sync::Arc<[f64]>,
}

impl Distribution {
    /// Always `v`.
    pub fn constant(v: i32) -> Distribution {
        Distribution {
            lo: v,
            p: [1.0].into(),
        }
    }

    /// The distribution of the expression's total (every die fair, kept dice counted).
    /// `None` when it keeps some dice of more than [`MAX_ENUMERATED`] outcomes.
    pub fn of(d: DiceExpr) -> Option<Distribution> {
        if d.count == 0 || d.sides == 0 {
            return Some(Distribution::constant(d.bonus));
        }
        let sides = d.sides as usize;
        let one = 1.0 / sides as f64;
        let kept = match d.keep {
            Keep::All => None,
            Keep::Highest(n) | Keep::Lowest(n) if n >= d.count => None,
            Keep::Highest(n) => Some((n, true)),
            Keep::Lowest(n) => Some((n, false)),
        };
        let Some((n, highest)) = kept else {
            // The sum of `count` dice: repeated convolution, totals from `count` up.
            let mut p = vec![1.0];
            for _ in 0..d.count {
                let mut next = vec![0.0; p.len() + sides - 1];
                for (i, &a) in p.iter().enumerate() {
                    for f in 0..sides {
                        next[i + f] += a * one;
                    }
                }
                p = next;
            }
            return Some(Distribution {
                lo: d.count as i32 + d.bonus,
                p: p.into(),
            });
        };
        let outcomes = (d.sides as u64).checked_pow(d.count)?;
        if outcomes > MAX_ENUMERATED {
            return None;
        }
        // Every ordered roll, equally likely.
        let mut p = vec![0.0; (n as usize) * (sides - 1) + 1];
        let mut faces = vec![1u32; d.count as usize];
        let weight = 1.0 / outcomes as f64;
        loop {
            let mut sorted = faces.clone();
            sorted.sort_unstable();
            if highest {
                sorted.reverse();
            }
            let total: u32 = sorted.iter().take(n as usize).sum();
            p[(total - n) as usize] += weight;
            // Next roll (odometer).
            let mut i = 0;
            loop {
                if i == faces.len() {
                    return Some(Distribution {
                        lo: n as i32 + d.bonus,
                        p: p.into(),
                    });
                }
                faces[i] += 1;
                if faces[i] <= d.sides {
                    break;
                }
                faces[i] = 1;
                i += 1;
            }
        }
    }

    /// The same chances over `f(total)` (damage floors, reductions): totals that map to
    /// the same value add up.
    pub fn map(&self, f: impl Fn(i32) -> i32) -> Distribution {
        // Two passes over the totals (`f` is a cheap pure function), one allocation.
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        for (v, _) in self.iter() {
            let v = f(v);
            lo = lo.min(v);
            hi = hi.max(v);
        }
        if lo > hi {
            (lo, hi) = (0, 0);
        }
        let mut p = vec![0.0; (hi - lo) as usize + 1];
        for (v, q) in self.iter() {
            p[(f(v) - lo) as usize] += q;
        }
        Distribution { lo, p: p.into() }
    }

    /// The total of this roll and an independent `other` (their convolution): the chance
    /// of each total is the sum, over every pair of totals adding up to it, of the product
    /// of their chances. `(2d6).sum(1d6)` is `3d6`; `d.sum(&Distribution::constant(k))` is
    /// `d.shift(k)`.
    ///
    /// `None` when the two have more than [`MAX_ENUMERATED`] pairs of totals, or when a
    /// total would not fit an `i32`.
    pub fn sum(&self, other: &Distribution) -> Option<Distribution> {
        let pairs = (self.p.len() as u64).checked_mul(other.p.len() as u64)?;
        if pairs > MAX_ENUMERATED {
            return None;
        }
        let lo = self.lo.checked_add(other.lo)?;
        if self.p.is_empty() || other.p.is_empty() {
            // No chances at all on one side (only a hand-built value): none on the total.
            return Some(Distribution {
                lo,
                p: Vec::new().into(),
            });
        }
        let len = self.p.len() + other.p.len() - 1;
        // The largest total must fit too, so `iter` and `range` never overflow.
        i32::try_from(i64::from(lo) + len as i64 - 1).ok()?;
        let mut p = vec![0.0; len];
        for (i, &a) in self.p.iter().enumerate() {
            for (q, &b) in p[i..].iter_mut().zip(other.p.iter()) {
                *q += a * b;
            }
        }
        Some(Distribution { lo, p: p.into() })
    }

    /// This roll less an independent `other` (damage less a Block's dice): the
    /// [`sum`](Self::sum) with `other`'s totals negated. `(1d6).difference(1d6)` runs from
    /// -5 to 5, 0 with chance 6/36.
    ///
    /// `None` on the same limits as [`sum`](Self::sum).
    pub fn difference(&self, other: &Distribution) -> Option<Distribution> {
        self.sum(&other.negated()?)
    }

    /// `-total` for every total: the chances reversed. `None` when a total would not fit.
    fn negated(&self) -> Option<Distribution> {
        let hi = i64::from(self.lo) + self.p.len().saturating_sub(1) as i64;
        Some(Distribution {
            lo: i32::try_from(-hi).ok()?,
            p: self.p.iter().rev().copied().collect(),
        })
    }

    /// Every total moved by `k` (a flat modifier), the chances unchanged.
    ///
    /// # Panics
    /// When a total would not fit an `i32` (far beyond any dice a level can write; see
    /// [`crate::dice::MAX_BONUS`]).
    pub fn shift(&self, k: i32) -> Distribution {
        let lo = self
            .lo
            .checked_add(k)
            .filter(|lo| i64::from(*lo) + (self.p.len() as i64) - 1 <= i64::from(i32::MAX))
            .expect("a shifted total overflows i32");
        Distribution {
            lo,
            p: self.p.clone(),
        }
    }

    /// Every total below `floor` raised to it (damage never below 0): their chances add
    /// to the chance of `floor`; totals at or above it are unchanged. The result's
    /// smallest total is `floor` unless every total was already above it.
    pub fn clamp_min(&self, floor: i32) -> Distribution {
        let below = i64::from(floor) - i64::from(self.lo);
        if below <= 0 {
            return self.clone();
        }
        // `p[..cut]` are the totals below the floor; `p[cut]`, if any, is the floor itself.
        let cut = usize::try_from(below)
            .unwrap_or(usize::MAX)
            .min(self.p.len());
        let moved: f64 = self.p[..cut].iter().sum();
        let mut p = Vec::with_capacity(self.p.len() - cut + 1);
        match self.p.get(cut) {
            Some(&at_floor) => {
                p.push(moved + at_floor);
                p.extend_from_slice(&self.p[cut + 1..]);
            }
            None => p.push(moved),
        }
        Distribution {
            lo: floor,
            p: p.into(),
        }
    }

    /// (total, chance) pairs, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = (i32, f64)> + '_ {
        self.p
            .iter()
            .enumerate()
            .map(|(i, &q)| (self.lo + i as i32, q))
    }

    /// The mean total.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, q)| f64::from(v) * q).sum()
    }

    /// The chance that the total is at least `x`.
    pub fn at_least(&self, x: i32) -> f64 {
        self.iter().filter(|&(v, _)| v >= x).map(|(_, q)| q).sum()
    }

    /// The smallest and largest total with a chance above 0.
    pub fn range(&self) -> (i32, i32) {
        let first = self.p.iter().position(|&q| q > 0.0).unwrap_or(0);
        let last = self.p.iter().rposition(|&q| q > 0.0).unwrap_or(0);
        (self.lo + first as i32, self.lo + last as i32)
    }
}

/// What a hit would do to a target with `hp` left: the mean damage and the chance to
/// take it to 0 or below, over normal and critical hits (`hit` includes `crit`).
pub fn expected_hit(
    hit: f64,
    crit: f64,
    damage: &Distribution,
    crit_damage: &Distribution,
    hp: i32,
) -> (f64, f64) {
    let plain = (hit - crit).max(0.0);
    let mean = plain * damage.mean() + crit * crit_damage.mean();
    let down = plain * damage.at_least(hp) + crit * crit_damage.at_least(hp);
    (mean, down)
}

/// The damage odds of a hit: the chance of each total of a plain hit and of a critical
/// hit; `None` when the dice are too many to count.
pub type HitOdds = Option<(Distribution, Distribution)>;

/// Which formula a [`HitKey`]'s numbers were worked through: each ruleset that memoises
/// its hits' damage odds has its own, so equal numbers of two rulesets never meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HitFormula {
    /// flow: the weapon's dice, totals and their doubles never below 0.
    Flow,
    /// escalation: the dice plus Volition, never below 0, and that doubled.
    Escalation,
    /// tactical-d20: the dice plus the flat modifiers (at least 1) less damage resistance
    /// (never below 0); the critical half repeats the plain one.
    TacticalD20,
}

/// What a hit's damage odds depend on: the formula, the dice (count, sides, which dice
/// are kept and how many, the bonus) and up to two more numbers (Volition; the flat
/// modifiers and the damage resistance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct HitKey {
    formula: HitFormula,
    dice: [i64; 5],
    extra: [i32; 2],
}

impl HitKey {
    /// The key of `dice` with `extra` under `formula`.
    pub fn new(formula: HitFormula, dice: DiceExpr, extra: [i32; 2]) -> HitKey {
        let (keep, n) = match dice.keep {
            Keep::All => (0, 0),
            Keep::Highest(n) => (1, i64::from(n)),
            Keep::Lowest(n) => (2, i64::from(n)),
        };
        HitKey {
            formula,
            dice: [
                i64::from(dice.count),
                i64::from(dice.sides),
                keep,
                n,
                i64::from(dice.bonus),
            ],
            extra,
        }
    }
}

/// Most keys [`memo_hit_odds`] holds: a battle meets a few dozen (weapons, flat
/// modifiers, resistances); past the bound the memo starts again empty.
pub const HIT_MEMO_BOUND: usize = 1024;

thread_local! {
    /// [`memo_hit_odds`]' answers so far, by key: the AI asks for them for every
    /// attacker, weapon and target it weighs.
    static HIT_ODDS: std::cell::RefCell<std::collections::BTreeMap<HitKey, HitOdds>> =
        const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
}

/// `work()`, remembered by `key` (per thread, at most [`HIT_MEMO_BOUND`] keys): `work`
/// must be a pure function of what the key holds, so a remembered answer is the one it
/// would give again. The rulesets' damage odds of a hit (flow's, escalation's and
/// tactical-d20's `hit_damage_odds`) go through it.
pub fn memo_hit_odds(key: HitKey, work: impl FnOnce() -> HitOdds) -> HitOdds {
    if let Some(o) = HIT_ODDS.with(|m| m.borrow().get(&key).cloned()) {
        return o;
    }
    let o = work();
    HIT_ODDS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= HIT_MEMO_BOUND {
            m.clear();
        }
        m.insert(key, o.clone());
    });
    o
}

/// How many keys [`memo_hit_odds`] holds on this thread (for the tests of its bound).
pub fn hit_memo_len() -> usize {
    HIT_ODDS.with(|m| m.borrow().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Count every ordered roll by hand.
    fn brute(d: DiceExpr) -> Vec<(i32, u64)> {
        let mut counts = std::collections::BTreeMap::new();
        let n = d.count as usize;
        let mut faces = vec![1u32; n];
        loop {
            let mask = d.kept_mask(&faces);
            let total: i32 = faces
                .iter()
                .zip(&mask)
                .filter(|(_, k)| **k)
                .map(|(f, _)| *f as i32)
                .sum::<i32>()
                + d.bonus;
            *counts.entry(total).or_insert(0u64) += 1;
            let mut i = 0;
            loop {
                if i == n {
                    return counts.into_iter().collect();
                }
                faces[i] += 1;
                if faces[i] <= d.sides {
                    break;
                }
                faces[i] = 1;
                i += 1;
            }
        }
    }

    #[test]
    fn distributions_match_counting_every_roll() {
        for text in [
            "1d20", "2d6+1", "3d4-2", "4d6kh3", "2d20kl1", "2d100kh1", "1d8",
        ] {
            let d: DiceExpr = text.parse().unwrap();
            let dist = Distribution::of(d).unwrap();
            let all = (d.sides as u64).pow(d.count) as f64;
            let counted = brute(d);
            assert_eq!(
                dist.range(),
                (counted[0].0, counted.last().unwrap().0),
                "{text}"
            );
            for (v, c) in counted {
                let p = dist.iter().find(|x| x.0 == v).map_or(0.0, |x| x.1);
                assert!((p - c as f64 / all).abs() < 1e-12, "{text} at {v}");
            }
            assert!((dist.p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!(
                (dist.mean() - (d.min() + d.max()) as f64 / 2.0).abs() < 1e-9 || text.contains('k')
            );
        }
    }

    #[test]
    fn map_and_chances() {
        // 1d6 - 4 damage, at least 1 on a hit, then DR 1: 0 on 1-5 less, …
        let d = Distribution::of("1d6-4".parse().unwrap()).unwrap();
        let dmg = d.map(|t| (t.max(1) - 1).max(0));
        // Totals -3..2 → max(1) → 1,1,1,1,1,2 → minus DR → 0×5, 1×1.
        assert_eq!(dmg.range(), (0, 1));
        assert!((dmg.at_least(1) - 1.0 / 6.0).abs() < 1e-12);
        let (mean, down) = expected_hit(0.5, 0.1, &dmg, &Distribution::constant(3), 1);
        assert!((mean - (0.4 / 6.0 + 0.3)).abs() < 1e-12);
        assert!((down - (0.4 / 6.0 + 0.1)).abs() < 1e-12);
        assert!(Distribution::of("20d20kh1".parse().unwrap()).is_none());
    }
}
