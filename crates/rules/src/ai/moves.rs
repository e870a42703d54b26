//! The AI's move step ([`best_move`]): the cell of the unit's field worth the most,
//! each valued against the candidate foes (issue 34: split out of `ai/mod.rs`).

use std::collections::BTreeMap;

use super::value::support;
use super::{AiTactics, MOVE_MARGIN, candidates, intercept, risk, scan};
use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::Command;
use crate::grid::Cell;

/// The cell worth moving to and its value, if any is better than standing still: an
/// attack on one of `near.valued` from there, else closer to the nearest of them and
/// `near.others`.
pub(super) fn best_move(
    b: &Battle,
    u: UnitId,
    near: &candidates::Candidates,
    values: &BTreeMap<UnitId, f64>,
    value_of: &dyn Fn(UnitId) -> f64,
    helpers: &[Vec<Cell>],
    tactics: &dyn AiTactics,
) -> Option<(f64, Command)> {
    let here = b.pos(u);
    let (reach, range) = (near.reach, near.range);
    let grid = b.grid();
    let others = &near.others;
    // Each foe with its cell, value, helpers and (filled below) the most any foe from it
    // on can add to a cell.
    let mut foes: Vec<(UnitId, Cell, f64, &[Cell], f64)> = near
        .valued
        .iter()
        .zip(helpers)
        .map(|(&e, h)| {
            let v = values.get(&e).copied().unwrap_or(0.1);
            (e, b.pos(e), v, h.as_slice(), f64::INFINITY)
        })
        .collect();
    // Most valuable first: a cell's value is the most of its foes' (and its nearest the
    // least of their distances), whatever the order, and a shot's line is walked only
    // when it would raise the most so far: the best first walks fewer lines.
    // (Level order under the tests' exhaustive switch, which holds the two to one choice.)
    if !scan::exhaustive() {
        foes.sort_by(|a, c| c.2.total_cmp(&a.2));
    }
    // (Over the candidates alone: the only foes `stand` multiplies by a position
    // factor, so a bound as true, and far cheaper in a big army.)
    let position_max = tactics.position_factor_max_among(b, u, &near.valued);
    let positional = position_max > 1.0;
    // For `stand` to stop early: the most a foe's attack can be worth from any cell
    // (before the ×0.6 of a cell that leaves no attack now), each foe's `value ×` the
    // most support `×` the most position factor, multiplied in `stand`'s order (every
    // factor at least the one `stand` uses and every term at least 0, so rounding keeps
    // it above), as a maximum over the foes from each one on. Infinite (no stop) under
    // the exhaustive switch or when a value is not a plain number at least 0.
    if !scan::exhaustive()
        && foes
            .iter()
            .all(|f| f.2.is_finite() && f.2.is_sign_positive())
    {
        let mut most = f64::NEG_INFINITY;
        for f in foes.iter_mut().rev() {
            let mut top = f.2;
            if reach > 0 && !f.3.is_empty() {
                top *= 1.0 + 0.1 * f.3.len() as f64 + 0.35;
            }
            if positional {
                top *= position_max;
            }
            most = most.max(top);
            f.4 = most;
        }
    }
    // The value of standing on `c`, ignoring how it is reached, and whether it is exact.
    // With a floor `(a, b, t)` (the caller's test of a value `v`: `v - a - b` against
    // `t`), a shot's line is walked only when its value could matter to the caller (`v
    // - a - b < t` cannot); the answer is then an upper bound that cannot matter either
    // (`false`): the most of the exact value and of the shots left unwalked.
    // (No floor under the tests' exhaustive switch: every line walked, as before.)
    let floors = !scan::exhaustive();
    let stand = |c: Cell, attack_now: bool, (fa, fb, ft): Floor| -> (f64, bool) {
        let mut best: Option<f64> = None;
        // The most of the shots whose line was left unwalked (each at least 0, so above
        // "closer is better").
        let mut short: Option<f64> = None;
        let mut nearest = u32::MAX;
        for &(e, pe, value, h, most) in &foes {
            // No foe from here on can raise the value found (`most` at most the best
            // found, or under a shot left unwalked: then the answer is that shot's
            // bound whatever they add), and the nearest foe counts only without one:
            // the same answer without them.
            let most = if attack_now { most } else { most * 0.6 };
            if best.is_some_and(|bv: f64| most <= bv) || short.is_some_and(|s: f64| most < s) {
                break;
            }
            let d = grid.distance(c, pe);
            nearest = nearest.min(d);
            let melee = reach > 0 && d >= 1 && d <= reach;
            let in_range = range > 0 && d >= 1 && d <= range;
            if !(melee || in_range) {
                continue;
            }
            let mut v = value;
            if melee {
                v *= support(b, c, pe, h);
            }
            // The ruleset's rules of position (melee-zone's +1 from behind), asked
            // only of a ruleset that has some.
            if positional {
                v *= tactics.position_factor(b, u, c, e);
            }
            if !attack_now {
                v *= 0.6;
            }
            // A shot needs a clear line: walked only when it would raise the best (the
            // same maximum, fewer lines), and when its value could matter.
            if !melee {
                if best.is_some_and(|bv: f64| v <= bv) {
                    continue;
                }
                if floors && v - fa - fb < ft && v >= 0.0 {
                    short = Some(short.map_or(v, |s: f64| s.max(v)));
                    continue;
                }
                if !b.clear_line(c, pe) {
                    continue;
                }
            }
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        }
        // A shot left unwalked above every value found: the cell is worth at most that,
        // which does not matter (the exact value is one found, a shot left, or "closer is
        // better" below 0: none above it).
        if let Some(s) = short
            && best.is_none_or(|bv| s > bv)
        {
            return (s, false);
        }
        if best.is_none() {
            for &pe in others {
                nearest = nearest.min(grid.distance(c, pe));
            }
        }
        // Out of reach of everyone: closer is better (well below any attack).
        (best.unwrap_or(-0.05 * f64::from(nearest)), true)
    };
    let can_attack = tactics.attack_after_move(b, u);
    let current = stand(here, true, NO_FLOOR).0;
    // No cell can be worth more than the best foe with the most support (×0.6 when even
    // one step leaves no attack; closer-only cells are worth at most −0.05): when that is
    // no better than staying, skip the search. This only saves time, it changes nothing.
    let mut bound = -0.05f64;
    if reach > 0 || range > 0 {
        let after_step = if can_attack(1) { 1.0 } else { 0.6 } * position_max;
        for &(_, _, value, h, _) in &foes {
            let most = if h.is_empty() {
                1.0
            } else {
                1.0 + 0.1 * h.len() as f64 + 0.35
            };
            bound = bound.max(value * most * after_step);
        }
    }
    if bound <= current + MOVE_MARGIN {
        return None;
    }
    // Nor, since a path's risk is never negative (reaction attacks' expected damage and the
    // ruleset's `cell_risk`, both losses), every path leaves `here` first (so its
    // reactions are the least risk of any cell) and costs at least 1, and
    // interceptions only lower a value: no cell is worth more than `bound - least -
    // 0.01`. When that is no better than staying, skip the search too.
    let mut provoked = risk::Provoked::new(b, u, here, b.movement_budget(u));
    let least = provoked.at(here);
    if bound - least - 0.01 <= current + MOVE_MARGIN {
        return None;
    }
    let field = b.reachable(u);
    if field.len() <= 1 {
        return None;
    }
    // Nor is a cell worth more than its value less `least`: when none beats staying so,
    // the answer is "stay" without the path risk (the same answer, less work).
    // A cell no attack reaches (unmarked) stands for at most `UNMARKED_STAND`: valued
    // only when that could be enough.
    let valued_at: Vec<Cell> = foes.iter().map(|f| f.1).collect();
    let marks = scan::Marks::new(b, &field, &valued_at, others, reach.max(range));
    let open = |c: Cell| c != here && b.unit_at(c, Some(u)).is_none() && b.terrain(c).standable();
    // Each cell's value, once worked out, by slot (NaN: not yet), and whether it is only
    // an upper bound (`stand`'s `false`): the check below and the pick ask the same cells
    // at the same cost. A bound is answered again only to a caller it cannot matter to
    // (below its floor, so the exact value too); any other values the cell again.
    let stood: Vec<std::cell::Cell<(f64, bool)>> =
        vec![std::cell::Cell::new((f64::NAN, false)); field.slots()];
    // (A macro, not a closure: written out where it is asked, as the closure it replaces
    // was inlined, so the floor costs no call.)
    // (`$slot`: the cell's slot, for a reader that has it: its field's own.)
    macro_rules! stand_at {
        ($slot:expr, $c:expr, $cost:expr, $floor:expr) => {{
            let (slot, c, cost, floor): (Option<usize>, Cell, u32, Floor) =
                ($slot, $c, $cost, $floor);
            match slot {
                None => stand(c, can_attack(cost), floor).0,
                Some(i) => {
                    let (v, short) = stood[i].get();
                    if !v.is_nan() && (!short || v - floor.0 - floor.1 < floor.2) {
                        v
                    } else {
                        let (v, exact) = stand(c, can_attack(cost), floor);
                        debug_assert!(
                            exact || {
                                let t = stand(c, can_attack(cost), NO_FLOOR).0;
                                t <= v && t - floor.0 - floor.1 < floor.2
                            }
                        );
                        stood[i].set((v, !exact));
                        v
                    }
                }
            }
        }};
    }
    // Cheapest first (the settling order): once the cost alone leaves no hope, no cell
    // after it has any (the same answer as asking every cell).
    let mut hopeful = false;
    for (i, cost) in field.settled_slots() {
        let spent = 0.01 * f64::from(cost);
        if bound - least - spent <= current + MOVE_MARGIN {
            break;
        }
        let c = field.cell_at(i);
        if (marks.marked(Some(i)) || scan::UNMARKED_STAND - least - spent > current + MOVE_MARGIN)
            && open(c)
            && stand_at!(Some(i), c, cost, (least, spent, current + MOVE_MARGIN)) - least - spent
                > current + MOVE_MARGIN
        {
            hopeful = true;
            break;
        }
    }
    if !hopeful {
        return None;
    }
    let risk = provoked.path_risk(&field, tactics);
    // The most value, the first in field order on a tie (slots run in field order, so
    // the slot orders the ties), each cell valued only when its bound could win. The
    // cells come cheapest first (the settling order): the best is found among the near
    // ones, so fewer far ones are valued, and once a cell's cost leaves `bound` (less
    // `least`, which no path's risk is under) short of the best, no later cell can win:
    // the same cell as one pass in field order, whatever the order (`Pick` compares
    // values, then slots; a value left an upper bound is under its floor, so under the
    // best). Under the tests' exhaustive switch every open cell is valued in full: the
    // plain pass, which `ai_s27_move` holds this one to.
    let full = scan::exhaustive();
    let mut best = scan::Pick::default();
    // (A cell's bound is asked before whether it is free to stand on: most cells are
    // passed over by their bound alone.)
    for (i, cost) in field.settled_slots() {
        let spent = 0.01 * f64::from(cost);
        if !full && best.above(bound - least - spent) {
            break;
        }
        let c = field.cell_at(i);
        if c == here {
            continue;
        }
        let r = risk[i];
        debug_assert!(
            r >= least,
            "a path's risk {r} under leaving the start's {least}"
        );
        // No cell stands higher than `bound` (an unmarked one than "closer is better" at
        // one step): one that cannot beat the best so far even so need not be valued.
        let top = if marks.marked(Some(i)) {
            bound
        } else {
            bound.min(scan::UNMARKED_STAND)
        };
        if (!full && !best.beaten_by(top - r - spent, i)) || !open(c) {
            continue;
        }
        let v = stand_at!(Some(i), c, cost, best.floor(r, spent)) - r - spent;
        best.offer(v, i, c);
    }
    let (mut v, mut to) = best.best()?;
    // Interceptions on the way (escalation): the best cell's path is checked; when a foe
    // may stop it, every cell is valued and checked best first until none left unchecked
    // can beat the best weighed value (interceptions only lower a value).
    let weigh = intercept::Weigh {
        b,
        u,
        field: &field,
        risk: &risk,
        values,
        value_of,
        can_attack: &*can_attack,
        steps: Default::default(),
    };
    let weighed = weigh.value(to, v);
    if weighed < v {
        // Only cells that could beat `weighed` are ever checked (the walk below stops at
        // the first worth no more than the best so far, never below `weighed`, and those
        // come after every one worth more): a cell whose bound cannot is not valued.
        // (Under the tests' exhaustive switch every open cell is valued and all of them
        // sorted, as before: `ai_s20_ai` holds the two to the same choices.)
        let mut all: Vec<(f64, Cell)> = field
            .iter_slots()
            .filter_map(|(i, c, cost)| {
                let slot = Some(i);
                let r = risk[i];
                let spent = 0.01 * f64::from(cost);
                let top = if marks.marked(slot) {
                    bound
                } else {
                    bound.min(scan::UNMARKED_STAND)
                };
                if (!full && top - r - spent <= weighed) || !open(c) {
                    return None;
                }
                let floor = if full { NO_FLOOR } else { (r, spent, weighed) };
                let raw = stand_at!(slot, c, cost, floor) - r - spent;
                (full || raw.is_nan() || raw > weighed).then_some((raw, c))
            })
            .collect();
        // Only the first `MAX_CHECKED` are read: those selected first, then sorted (the
        // order is total, cells being distinct: the same list as sorting them all).
        let order = |a: &(f64, Cell), c: &(f64, Cell)| c.0.total_cmp(&a.0).then(a.1.cmp(&c.1));
        if !full && all.len() > intercept::MAX_CHECKED {
            all.select_nth_unstable_by(intercept::MAX_CHECKED, order);
            all.truncate(intercept::MAX_CHECKED);
        }
        all.sort_by(order);
        (v, to) = (weighed, to);
        for &(raw, c) in all.iter().take(intercept::MAX_CHECKED) {
            if raw <= v {
                break;
            }
            let w = weigh.value(c, raw);
            if w > v {
                (v, to) = (w, c);
            }
        }
    }
    if v <= current + MOVE_MARGIN {
        return None;
    }
    // The cell comes from the unit's own reachable field, free and standable: only the
    // unit's state can still forbid the move (the engine checks it all again anyway).
    b.may_move(u).ok()?;
    let cmd = Command::Move { unit: u, to };
    debug_assert!(
        b.check(&cmd).is_ok(),
        "AI move {cmd:?}: {:?}",
        b.check(&cmd)
    );
    Some((v, cmd))
}

/// A caller's floor for [`best_move`]'s cell values: `(a, b, t)`, a value `v` with
/// `v - a - b < t` cannot matter to it (below the best cell so far, or short of a
/// hopeful move, or of an interception's weighed value).
type Floor = (f64, f64, f64);

/// No floor: every value matters.
const NO_FLOOR: Floor = (0.0, 0.0, f64::NEG_INFINITY);
