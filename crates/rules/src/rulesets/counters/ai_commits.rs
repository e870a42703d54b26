//! The AI's best Block or Parry, cheaply: the same choice as the shared
//! `ai::value::best_commits` (every mix of skill dice and Dig In up to what the reactor
//! has, the least expected damage plus what the mix is worth keeping; on a tie the
//! earlier mix, then the one spending less), with the same numbers as
//! `defence::answer_odds`, but the window's flat part, the proficiency cap and each
//! count of skill dice's chances worked out once instead of once a mix (issue 36: the
//! counters bench).

use std::rc::Rc;

use crate::ai::value::MAX_COMMIT_MIXES;
use crate::battle::Battle;
use crate::components::{Pool, Stat, UnitId};
use crate::engine::{Commit, Window};
use crate::event::{ReactionKind, Trigger};

use super::ai::worth;
use super::defence::{dice_odds, paid};
use super::memo::FastMap;
use super::numbers::{AGILITY_PROFICIENCY, STEP_CELLS, STRENGTH_PROFICIENCY, steps};

/// The chances of each total of some skill dice, shared by every window that asks.
type Rolls = Rc<Vec<(i32, f64)>>;

thread_local! {
    /// `dice_odds(dice, strained)` met so far, by (dice, strained).
    static ROLLS: std::cell::RefCell<Vec<((u32, bool), Rolls)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `dice` skill dice's totals and chances (the lower of two throws when `strained`),
/// memoised: the same list `defence::answer_odds` rolls up.
pub(super) fn rolls(dice: u32, strained: bool) -> Rolls {
    ROLLS.with(|m| {
        if let Some((_, r)) = m.borrow().iter().find(|(k, _)| *k == (dice, strained)) {
            return r.clone();
        }
        let r: Rolls = Rc::new(if dice == 0 {
            vec![(0, 1.0)]
        } else {
            dice_odds(dice, strained)
        });
        let mut m = m.borrow_mut();
        if m.len() < 64 {
            m.push(((dice, strained), r.clone()));
        }
        r
    })
}

/// What a window asks of every mix, worked out once: the damage coming, the flat part
/// of the counter before Dig In, and the skill dice the reactor may still spend this
/// round before a counter is strained (`room`: the cap less what it spent this round,
/// kept between 0 and the dice it has, since only that decides which mixes are
/// strained; so reactors that differ only beyond it share a memo entry).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Weigh {
    amount: i32,
    flat: i32,
    room: i32,
}

impl Weigh {
    /// Would `dice` skill dice be strained (`numbers::strained_with`: spent + dice over
    /// the cap)?
    fn strained(&self, dice: u32) -> bool {
        dice > 0 && dice as i32 > self.room
    }

    /// `defence::answer_odds` for `cells` of Dig In and skill dice rolling `rolls`.
    fn expected(&self, rolls: &[(i32, f64)], dice: u32, cells: u32) -> f64 {
        let amount = self.amount;
        if !paid(dice, cells) {
            return f64::from(amount);
        }
        let flat = self.flat + steps(cells);
        // `rolls` ascend (`defence::dice_odds`), so once a total takes the whole amount
        // off, every later term is +0.0 and leaves the sum as it is: they are not added.
        // The `+ 0.0` makes a sum of no terms +0.0, as a sum of +0.0 terms is.
        let sum: f64 = rolls
            .iter()
            .take_while(|&&(x, _)| (x + flat).max(0) < amount)
            .map(|&(x, p)| p * f64::from((amount - (x + flat).max(0)).max(0)))
            .sum();
        sum + 0.0
    }
}

/// Everything the best counter depends on: a window's hit and the reactor's numbers.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    weigh: Weigh,
    /// Skill dice the reactor has (the most of the first part).
    dice: u32,
    /// Cells of unspent movement it has (the most of Dig In).
    cells: u32,
}

/// A best counter: the skill dice and cells of Dig In it commits (none: no counter
/// beats committing nothing) and the damage to expect after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Best {
    pub dice: u32,
    pub cells: u32,
    pub expected: f64,
}

impl Best {
    /// The commitments, as `best_commits` lists them: the dice (part 0), then Dig In
    /// (part 1), each only when some.
    pub fn commits(&self) -> Vec<Commit> {
        [
            (0, Pool::SkillDice, self.dice),
            (1, Pool::Movement, self.cells),
        ]
        .into_iter()
        .filter(|&(_, _, n)| n > 0)
        .map(|(part, pool, amount)| Commit { part, pool, amount })
        .collect()
    }

    /// What the commitments are worth keeping (`ai::worth` of each, summed as
    /// `best_commits` sums them).
    pub fn spent(&self) -> f64 {
        kept(self.dice, self.cells)
    }
}

thread_local! {
    /// The best counters worked out so far (the AI weighs Block and Parry, then commits
    /// to one: the same window thrice, and the same numbers come back often).
    static BEST: std::cell::RefCell<FastMap<Key, Best>> =
        std::cell::RefCell::new(FastMap::default());
}

/// The best mix of skill dice and Dig In for a Block or Parry (`kind`) against `w` and
/// the damage to expect after it: `ai::value::best_commits` and then
/// `Ruleset::answer_odds` on its pick, the same commitments and the same number (the
/// parts are `defence::commit_range`'s: the skill dice, then Dig In). Empty commitments
/// when no mix beats committing nothing, `None` when `w` is no hit to counter with
/// `kind`.
pub fn best_counter(b: &Battle, w: &Window, kind: ReactionKind) -> Option<(Vec<Commit>, f64)> {
    best_of(b, w, kind).map(|c| (c.commits(), c.expected))
}

/// [`best_counter`] as numbers (no list built).
pub(super) fn best_of(b: &Battle, w: &Window, kind: ReactionKind) -> Option<Best> {
    let Trigger::IncomingDamage { amount, .. } = w.trigger else {
        return None;
    };
    if !matches!(kind, ReactionKind::Block | ReactionKind::Parry) {
        return None;
    }
    Some(best_against(b, w.reactor, amount, kind))
}

/// The best Block or Parry (`kind`) of `u` against `amount` coming: the search behind
/// [`best_of`], and behind a Block against a spell (`counterspell::ai_block`, whose
/// `answer_odds` is the same sum with the damage coming at the ward).
pub(super) fn best_against(b: &Battle, u: UnitId, amount: i32, kind: ReactionKind) -> Best {
    // `defence::flat_mods` with nothing dug in: the modifier, and the proficiency bonus
    // if proficient in it (the stats read once).
    let (stat, feat) = if kind == ReactionKind::Parry {
        (Stat::Agility, AGILITY_PROFICIENCY)
    } else {
        (Stat::Str, STRENGTH_PROFICIENCY)
    };
    let st = b.stats(u);
    let prof = if b.has_feat(u, feat) {
        st.get(Stat::Proficiency).max(0)
    } else {
        0
    };
    let flat = st.d20_mod(stat) + prof;
    // The reactor's pools read once: `numbers::spent_this_round`, `numbers::cap`, the
    // skill dice left and `Battle::move_left`.
    let pools = b.pools(u);
    let sd = pools.and_then(|p| p.get(Pool::SkillDice));
    let spent = sd.map_or(0, |s| (s.refill - s.left).max(0));
    let cap = sd.map_or(0, |s| s.cap);
    let dice = sd.map_or(0, |s| s.left).max(0) as u32;
    let cells = pools.map_or(0, |p| p.left(Pool::Movement)).max(0) as u32;
    // An odd cell is never weighed (`search`): the key keeps the even cells, unless the
    // odd one decides that there are too many mixes to weigh.
    let even = cells - cells % STEP_CELLS;
    let cells = if mixes(dice, cells) > MAX_COMMIT_MIXES {
        cells
    } else {
        even
    };
    let key = Key {
        weigh: Weigh {
            amount: amount.max(0),
            flat,
            room: (i64::from(cap) - i64::from(spent)).clamp(0, i64::from(dice)) as i32,
        },
        dice,
        cells,
    };
    BEST.with(|m| {
        if let Some(r) = m.borrow().get(&key) {
            return *r;
        }
        let r = search(&key);
        let mut m = m.borrow_mut();
        if m.len() >= 4096 {
            m.clear();
        }
        m.insert(key, r);
        r
    })
}

/// How many mixes of up to `dice` skill dice and `cells` of Dig In `best_commits` would
/// weigh.
fn mixes(dice: u32, cells: u32) -> u64 {
    (u64::from(dice) + 1) * (u64::from(cells) + 1)
}

/// What keeping these amounts is worth (`best_commits`' sum, term for term).
fn kept(dice: u32, cells: u32) -> f64 {
    [(Pool::SkillDice, dice), (Pool::Movement, cells)]
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|&(p, n)| worth(p) * f64::from(n))
        .sum::<f64>()
}

/// `best_commits`' odometer over the two parts (Dig In fastest), kept as it keeps: a
/// lower value by more than 1e-9, or as low and less spent. An odd cell of Dig In buys
/// nothing (`numbers::steps`) and costs `worth(Movement)`: the mix one cell less, met
/// just before, is always better by that much, so odd cells are not weighed.
///
/// A mix is worth at least what it keeps (its expected damage is never below 0), and
/// what it keeps only grows with more dice or cells: once that alone is more than the
/// best value so far (by more than the tie's 1e-9), neither it nor any later mix of its
/// row (more cells) can be kept, nor, at a row's first mix, any later row. Those are
/// not weighed: the same pick, fewer sums.
fn search(k: &Key) -> Best {
    let base = k.weigh.expected(&rolls(0, false), 0, 0);
    let none = Best {
        dice: 0,
        cells: 0,
        expected: base,
    };
    if mixes(k.dice, k.cells) > MAX_COMMIT_MIXES {
        return none;
    }
    // (expected, spent, dice, cells, value)
    let mut best = (base, 0u32, 0u32, 0u32, base + kept(0, 0));
    for dice in 0..=k.dice {
        if kept(dice, 0) > best.4 + 1e-9 {
            break;
        }
        let rolls = rolls(dice, k.weigh.strained(dice));
        for cells in (0..=k.cells).step_by(STEP_CELLS as usize) {
            if dice == 0 && cells == 0 {
                continue;
            }
            let keep = kept(dice, cells);
            if keep > best.4 + 1e-9 {
                break;
            }
            let expected = k.weigh.expected(&rolls, dice, cells);
            let spent = dice + cells;
            let value = expected + keep;
            if value < best.4 - 1e-9 || (value <= best.4 + 1e-9 && spent < best.1) {
                best = (expected, spent, dice, cells, value);
            }
        }
    }
    let (expected, _, dice, cells, _) = best;
    Best {
        dice,
        cells,
        expected,
    }
}
