//! Which foes a decision weighs (issue 34: per-decision work that does not grow with
//! the army): the best attack from where the unit stands, asked best bound first
//! ([`best_attack`]), and the foes a move or the ruleset's gap closer can reach
//! ([`candidates`]), valued once each ([`target_values`]). Every bound here is a true
//! bound: the answers are the ones asking every foe gives.

use std::collections::BTreeMap;

use super::AiTactics;
use super::small::{FoeList, Small};
use super::value::legal;
use crate::battle::Battle;
use crate::components::{UnitId, WeaponKind};
use crate::engine::Command;
use crate::event::AttackKind;

/// The values of `u`'s attacks one decision has worked out ([`super::attack_value`] by foe,
/// weapon and kind), so that the attack step and the move's values ask each once (a foe
/// in reach is valued by both when the unit ends up not attacking).
pub(super) struct Values<'a> {
    b: &'a Battle,
    u: UnitId,
    /// The ruleset's tactics, which work each value out
    /// ([`AiTactics::exact_attack_value`]).
    tactics: &'a dyn AiTactics,
    /// (In place: a decision works out a few.)
    known: std::cell::RefCell<Small<(UnitId, usize, AttackKind, f64), KNOWN>>,
    /// The ruleset's closure of the foe ([`AiTactics::exact_attack_values`]) for the first
    /// weapon and kind worked out, made then (`None` inside: the ruleset has none, and
    /// none is asked for again this decision).
    first: std::cell::OnceCell<Closure<'a>>,
    /// The closures of the other weapons and kinds (a second weapon: rare).
    more: std::cell::RefCell<Vec<Closure<'a>>>,
}

/// How many values [`Values`] keeps in place (more go to the heap).
const KNOWN: usize = 8;

/// A weapon, a kind and the ruleset's closure of the foe for them, if it has one.
type Closure<'a> = (usize, AttackKind, Option<super::tactics::ExactValues<'a>>);

impl<'a> Values<'a> {
    /// Nothing worked out yet for `u` in battle `b`.
    pub(super) fn new(b: &'a Battle, u: UnitId, tactics: &'a dyn AiTactics) -> Values<'a> {
        Values {
            b,
            u,
            tactics,
            known: std::cell::RefCell::new(Small::with_capacity(
                0,
                (UnitId(0), 0, AttackKind::Normal, 0.0),
            )),
            first: std::cell::OnceCell::new(),
            more: std::cell::RefCell::new(Vec::new()),
        }
    }

    /// [`super::attack_value`] of `u` attacking `e` with weapon `w` as `kind`, worked out once
    /// (`b`: the battle the values were made for).
    pub(super) fn of(&self, b: &Battle, e: UnitId, w: usize, kind: AttackKind) -> f64 {
        debug_assert!(std::ptr::eq(b, self.b), "values asked of another battle");
        if let Some(&(.., v)) = self
            .known
            .borrow()
            .iter()
            .find(|&&(f, x, k, _)| f == e && x == w && k == kind)
        {
            return v;
        }
        let v = self.exact(e, w, kind);
        self.known.borrow_mut().push((e, w, kind, v));
        v
    }

    /// [`AiTactics::exact_attack_value`], through the ruleset's closure for the weapon and
    /// kind when it has one (made at the first ask of them). A ruleset that has none for
    /// the first is asked foe by foe for every value of the decision (no closure asked
    /// for again, nothing kept): the same values either way.
    fn exact(&self, e: UnitId, w: usize, kind: AttackKind) -> f64 {
        let (b, u, t) = (self.b, self.u, self.tactics);
        let first = self
            .first
            .get_or_init(|| (w, kind, t.exact_attack_values(b, u, w, kind)));
        let v = match first {
            (_, _, None) => return t.exact_attack_value(b, u, e, w, kind),
            (x, k, Some(f)) if *x == w && *k == kind => f(e),
            _ => {
                let mut more = self.more.borrow_mut();
                let at = match more.iter().position(|&(x, k, _)| x == w && k == kind) {
                    Some(i) => i,
                    None => {
                        more.push((w, kind, t.exact_attack_values(b, u, w, kind)));
                        more.len() - 1
                    }
                };
                match &more[at].2 {
                    Some(f) => f(e),
                    None => t.exact_attack_value(b, u, e, w, kind),
                }
            }
        };
        debug_assert_eq!(
            v.to_bits(),
            t.exact_attack_value(b, u, e, w, kind).to_bits(),
            "the ruleset's closure of the foe values {e:?} otherwise"
        );
        v
    }
}

/// The best attack `u` can make from where it stands (`kind`: the ruleset's next attack)
/// and its value: the same answer as asking [`Battle::weapon_for`], the engine's check
/// and [`super::attack_value`] of every foe and keeping the best (the last on a tie), with less
/// work. A foe in melee reach is attacked with its best melee weapon, known without a
/// line of sight; any other foe is first bounded by the best value of every weapon that
/// might strike it (the line of sight aside; the ruleset's cheaper bound,
/// [`AiTactics::attack_value_bound`], when it has one), and foes are asked best bound
/// first: once
/// a bound is below the best value found, no foe left can beat it, and its line of
/// sight, its weapon and the engine's check are never worked out; nor is the engine's
/// check of a foe whose value cannot beat the best legal attack found. Returns, for each foe,
/// its weapon when it was asked (`Some(None)`: none strikes it; `None`: not asked, or
/// farther than any weapon strikes: beyond `strike`, or beyond `reach` when `range` is 0).
/// `(reach, range)`: [`super::reach_and_range`]'s, looked up once per decision.
#[allow(clippy::type_complexity)]
pub(super) fn best_attack(
    b: &Battle,
    u: UnitId,
    (foes, dist): (&[UnitId], &[u32]),
    kind: AttackKind,
    strike: u32,
    (reach, range): (u32, u32),
    values: &Values,
    tactics: &dyn AiTactics,
) -> (FoeList<Option<Option<usize>>>, Option<(f64, Command)>) {
    let increments = b.rules().max_range_increments();
    let ws = b.weapons(u);
    // A foe farther than `lim` is struck by no weapon (out of melee reach without a
    // ranged weapon in hand, or beyond every weapon): left unasked here, its weapon is
    // none (`None` below: the caller knows it from its distance, [`super::turn`]).
    let lim = if range == 0 {
        reach.min(strike)
    } else {
        strike
    };
    let mut weapons: FoeList<Option<Option<usize>>> = Small::filled(None, foes.len());
    // How many foes only a ranged weapon may strike (out of melee reach, within range).
    let ranged_foes = if range == 0 {
        0
    } else {
        dist.iter().filter(|&&d| d > reach && d <= strike).count()
    };
    // What does not depend on the foe, looked up once: the farthest any melee weapon in
    // hand reaches ([`Battle::best_melee`] answers none beyond it), and every weapon
    // `weapon_for` could answer with (usable but for the distance and the line), in its
    // order, with the farthest it strikes.
    let melee_reach = ws
        .iter()
        .enumerate()
        .filter(|&(i, w)| {
            w.kind == WeaponKind::Melee
                && !w.has(crate::components::WeaponTag::Shield)
                && b.in_hand(u, i)
        })
        .map(|(_, w)| b.melee_reach(u, w))
        .max();
    let mut held: Option<Vec<(usize, u32)>> = None;
    // The ruleset's bound, prepared on first use.
    let mut bounder: Option<crate::ai::tactics::AttackBounds> = None;
    // Each foe that may be attacked, by its [`Bound`] (in place: most decisions have
    // none or a few).
    let mut bounds: Small<Bound, FEW_BOUNDS> =
        Small::with_capacity(0, Bound(0.0, 0, false, 0, false));
    // (A tight pass over the distances: in a big army most foes are far.)
    for (k, &d) in dist.iter().enumerate() {
        if d > lim {
            continue;
        }
        let e = foes[k];
        if let Some(w) = melee_reach
            .filter(|&r| d <= r)
            .and_then(|_| b.best_melee(u, d))
        {
            // `weapon_for` answers this without looking further; the engine's check is
            // asked best value first, below.
            weapons[k] = Some(Some(w));
            bounds.push(Bound(values.of(b, e, w, kind), k, true, w, true));
            continue;
        }
        debug_assert!(b.best_melee(u, d).is_none());
        // Few such foes (a small battle): asked at once, as bounding them costs more than
        // the lines of sight it saves (the same answers either way).
        if ranged_foes <= FEW_RANGED {
            let w = b.usable_weapon(u, e);
            weapons[k] = Some(w);
            if let Some(w) = w {
                bounds.push(Bound(values.of(b, e, w, kind), k, true, w, true));
            }
            continue;
        }
        let held = held.get_or_insert_with(|| {
            (0..ws.len())
                .filter(|&i| {
                    !ws[i].has(crate::components::WeaponTag::Shield)
                        && (b.in_hand(u, i)
                            || b.carried(u, i) == Some(crate::components::Carried::Held))
                })
                .map(|i| {
                    let w = &ws[i];
                    let far = match w.kind {
                        WeaponKind::Melee => b.melee_reach(u, w),
                        WeaponKind::Ranged => {
                            increments.map_or(u32::MAX, |n| w.range.saturating_mul(n))
                        }
                    };
                    (i, far)
                })
                .collect()
        });
        let usable = held.iter().filter(|&&(_, far)| d <= far).map(|&(i, _)| i);
        let mut first = None;
        // Whether, the line blocked, no weapon is left (every usable one is ranged, or
        // the first is melee and needs no line): then `weapon_for` answers `first` or none.
        let mut only = true;
        let mut bound: Option<f64> = None;
        for i in usable {
            match first {
                None => first = Some(i),
                Some(f) => {
                    only &= ws[f].kind == WeaponKind::Melee || ws[i].kind == WeaponKind::Ranged;
                }
            }
            let bounder = bounder.get_or_insert_with(|| tactics.attack_value_bounds(b, u, kind));
            let v = bounder(e, d, i).unwrap_or_else(|| values.of(b, e, i, kind));
            debug_assert_eq!(
                Some(v.to_bits()),
                tactics
                    .attack_value_bound(b, u, e, i, kind)
                    .or_else(|| Some(values.of(b, e, i, kind)))
                    .map(f64::to_bits)
            );
            bound = Some(bound.map_or(v, |m: f64| m.max(v)));
        }
        match (bound, first) {
            (Some(v), Some(f)) => bounds.push(Bound(v, k, false, f, only)),
            _ => weapons[k] = Some(None),
        }
    }
    // Whether value `v` of foe `k` beats the best found (the later foe on a tie).
    let beats = |best: &Option<(f64, usize, Command)>, v: f64, k: usize| match best {
        None => true,
        Some((bv, bk, _)) => v.total_cmp(bv).is_gt() || (v.total_cmp(bv).is_eq() && k > *bk),
    };
    // Best bound first; on equal bounds the later foe first (it wins a tie). A heap:
    // most decisions stop after the first few, and ordering them all would cost a
    // sort of every foe in range. (A few are picked by a pass instead: the same order.)
    let mut bounds = Queue::new(bounds);
    let mut best: Option<(f64, usize, Command)> = None;
    while let Some(Bound(bound, k, exact, first, only)) = bounds.pop() {
        if let Some((bv, bk, _)) = &best
            && (bound.total_cmp(bv).is_lt() || (bound.total_cmp(bv).is_eq() && k < *bk))
        {
            break;
        }
        let e = foes[k];
        let v = if exact {
            bound
        } else {
            // The value with the weapon a clear line gives first: when it cannot win and
            // a blocked line leaves no other weapon, the line is never walked (the foe
            // is left unasked).
            let clear = values.of(b, e, first, kind);
            debug_assert!(
                clear <= bound,
                "attack value {clear} above its bound {bound}"
            );
            if only && !beats(&best, clear, k) {
                // The engine answers with that weapon or with none (checked in a debug
                // build).
                debug_assert!(
                    b.weapon_for(u, e, None).ok().is_none_or(|w| w == first),
                    "a blocked line leaves {u:?} a weapon on {e:?} besides {first}"
                );
                continue;
            }
            let w = b.usable_weapon(u, e);
            weapons[k] = Some(w);
            let Some(w) = w else { continue };
            let v = if w == first {
                clear
            } else {
                values.of(b, e, w, kind)
            };
            // The bound (the ruleset's or the exact value of each weapon) is a true one.
            debug_assert!(v <= bound, "attack value {v} above its bound {bound}");
            v
        };
        // Only an attack the engine takes (a unit out of actions attacks nobody), asked
        // only when it would be the best.
        if !beats(&best, v, k) {
            continue;
        }
        let Some(cmd) = attack_cmd(b, u, e) else {
            continue;
        };
        best = Some((v, k, cmd));
    }
    (weapons, best.map(|(v, _, c)| (v, c)))
}

/// A foe's place in [`best_attack`]'s order: its bound, its index in the foes, whether
/// the bound is its exact value, and else the weapon a clear line gives and whether that
/// is the only answer but none. Ordered by bound, then by index (the later foe first on
/// equal bounds: it wins a tie); indices differ, so no two are equal.
#[derive(Clone, Copy)]
struct Bound(f64, usize, bool, usize, bool);

/// Up to this many bounds, [`best_attack`] keeps them in place and picks the greatest
/// by a pass over them; more go to a heap.
const FEW_BOUNDS: usize = 8;

/// [`best_attack`]'s bounds, greatest first ([`Queue::pop`]): a few in place, picked by
/// a pass; many in a heap. The same order either way (no two bounds are equal).
// (The few in place on purpose: boxing them would be the allocation this saves.)
#[allow(clippy::large_enum_variant)]
enum Queue {
    Few(Small<Bound, FEW_BOUNDS>),
    Many(std::collections::BinaryHeap<Bound>),
}

impl Queue {
    /// (A heap of any number under the tests' exhaustive switch, which holds the two
    /// to the same choices.)
    fn new(bounds: Small<Bound, FEW_BOUNDS>) -> Queue {
        match bounds {
            Small::Heap(v) => Queue::Many(std::collections::BinaryHeap::from(v)),
            few if super::scan::exhaustive() => {
                Queue::Many(std::collections::BinaryHeap::from(few.to_vec()))
            }
            few => Queue::Few(few),
        }
    }

    /// The greatest bound left, taken out.
    fn pop(&mut self) -> Option<Bound> {
        match self {
            Queue::Few(few) => {
                let (i, _) = few.iter().enumerate().max_by(|a, c| a.1.cmp(c.1))?;
                Some(few.swap_remove(i))
            }
            Queue::Many(heap) => heap.pop(),
        }
    }
}

impl PartialEq for Bound {
    fn eq(&self, o: &Bound) -> bool {
        self.cmp(o).is_eq()
    }
}

impl Eq for Bound {}

impl PartialOrd for Bound {
    fn partial_cmp(&self, o: &Bound) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Bound {
    fn cmp(&self, o: &Bound) -> std::cmp::Ordering {
        self.0.total_cmp(&o.0).then(self.1.cmp(&o.1))
    }
}

/// Up to this many foes beyond melee reach, [`best_attack`] asks each for its line of
/// sight at once instead of bounding them first.
const FEW_RANGED: usize = 12;

/// `u`'s attack on `e` with the weapon the engine picks, if the engine takes it.
fn attack_cmd(b: &Battle, u: UnitId, e: UnitId) -> Option<Command> {
    legal(
        b,
        Command::Attack {
            unit: u,
            target: e,
            weapon: None,
            slot: None,
            aim: None,
        },
    )
}

/// The foes a decision's move or the ruleset's gap closer weighs ([`candidates`]).
pub(super) struct Candidates {
    /// The foes an attack from some cell of the unit's field, or its gap closer, can
    /// reach: valued, with their allies' help, in the order of `foes`.
    pub(super) valued: FoeList<UnitId>,
    /// The weapon each of `valued` would be attacked with now, in the same order.
    pub(super) weapons: FoeList<Option<usize>>,
    /// Where the other foes that may still be a cell's nearest stand (for "closer is
    /// better" only: no attack reaches them this turn).
    pub(super) others: FoeList<crate::grid::Cell>,
    /// The unit's reach and range ([`super::reach_and_range`]), as the decision looked
    /// them up.
    pub(super) reach: u32,
    pub(super) range: u32,
}

/// The foes worth weighing for a move or the ruleset's gap closer, with the weapon each
/// would be attacked with now (`weapon`, by index in `foes`); `(reach, range)`:
/// [`super::reach_and_range`]'s, looked up once per decision.
///
/// A cell of the unit's field is at most its movement budget `B` away (every step costs
/// at least 1 and moves one step, [`crate::grid::Grid::field`]), so a foe farther than
/// `B` + the longer of its reach and range can be attacked from none of them: it is
/// valued (and its helpers looked up) only when the ruleset's gap closer may reach it
/// ([`super::AiTactics::close_in_range`]). A cell out of every attack is worth "closer
/// is better" by its nearest foe: with `D` the distance to the foe nearest the unit, a
/// foe farther than `D + 2B` is farther from every cell of the field than that one, so
/// it is never the nearest; the others up to there are kept by position. The foes left
/// out change no value and no choice, and the move search's bound over the valued foes
/// alone is still a bound on every cell.
pub(super) fn candidates(
    b: &Battle,
    u: UnitId,
    (foes, dist): (&[UnitId], &[u32]),
    weapon: &dyn Fn(usize) -> Option<usize>,
    tactics: &dyn AiTactics,
    (reach, range): (u32, u32),
) -> Candidates {
    let mut out = Candidates {
        valued: Small::with_capacity(foes.len(), UnitId(0)),
        weapons: Small::with_capacity(foes.len(), None),
        others: Small::with_capacity(foes.len(), crate::grid::Cell::new(0, 0)),
        reach,
        range,
    };
    let Some(&nearest) = dist.iter().min() else {
        return out;
    };
    let budget = b.movement_budget(u);
    let strike = budget
        .saturating_add(reach.max(range))
        .max(tactics.close_in_range(b, u));
    let radius = strike.max(nearest.saturating_add(budget.saturating_mul(2)));
    for (k, (&e, &d)) in foes.iter().zip(dist).enumerate() {
        if d <= strike {
            out.valued.push(e);
            out.weapons.push(weapon(k));
        } else if d <= radius {
            out.others.push(b.pos(e));
        }
    }
    out
}

/// The weapon in hand `u` judges a foe out of reach with: the most damage, the first on
/// a tie.
pub(super) fn best_in_hand(b: &Battle, u: UnitId) -> Option<usize> {
    (0..b.weapons(u).len())
        .filter(|&i| b.in_hand(u, i))
        .max_by_key(|&i| {
            let d = b.weapons(u)[i].damage;
            (d.max() + d.min(), std::cmp::Reverse(i))
        })
}

/// What attacking foe `e` is worth to `u` with the weapon it would use now (`w`), or
/// else with `best` ([`best_in_hand`]); `None` with neither.
pub(super) fn target_value(
    b: &Battle,
    values: &Values,
    e: UnitId,
    w: Option<usize>,
    best: Option<usize>,
) -> Option<f64> {
    let w = w.or(best)?;
    Some(values.of(b, e, w, AttackKind::Normal).max(0.1))
}

/// What attacking each foe is worth to `u` (at the current positions, with the weapon it
/// would use; a foe out of reach is judged with its best weapon in hand).
pub(super) fn target_values(
    b: &Battle,
    values: &Values,
    foes: &[UnitId],
    weapons: &[Option<usize>],
    best: Option<usize>,
) -> BTreeMap<UnitId, f64> {
    let pairs = foes
        .iter()
        .zip(weapons)
        .filter_map(|(&e, &w)| Some((e, target_value(b, values, e, w, best)?)));
    // (Collected, as before, under the tests' exhaustive switch.)
    if super::scan::exhaustive() {
        return pairs.collect();
    }
    // Inserted one by one (the foes come in level order, so each goes last): no list
    // to collect and sort first, as `collect` makes.
    let mut out = BTreeMap::new();
    for (e, v) in pairs {
        out.insert(e, v);
    }
    out
}

/// The farthest any of `u`'s weapons (in hand or not, shields aside) strikes: its melee
/// reach ([`Battle::melee_reach`]) or its range times the ruleset's range increments
/// (unbounded without a cap). [`Battle::weapon_for`] finds no weapon for a foe farther.
pub(super) fn strike_limit(b: &Battle, u: UnitId) -> u32 {
    let increments = b.rules().max_range_increments();
    b.weapons(u)
        .iter()
        .filter(|w| !w.has(crate::components::WeaponTag::Shield))
        .map(|w| match w.kind {
            WeaponKind::Melee => b.melee_reach(u, w),
            WeaponKind::Ranged => increments.map_or(u32::MAX, |n| w.range.saturating_mul(n)),
        })
        .max()
        .unwrap_or(0)
}
