//! Can a unit get next to a cell in time? The yes-or-no of an intercept's path search
//! ([`super::intercept`]), asked for every unit that might intercept at every step of a
//! move and every melee attack, without working out the path (the rare intercept taken
//! still searches its path with [`crate::grid::Grid::nearest`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::{Cell, Grid};

/// Is a cell next to `at` for which `goal` holds reachable from `start` within `budget`,
/// each cell entered costing what `cost` says (`None`: cannot enter; below 1 counts as
/// 1)? The same answer as [`Grid::field`] from `start` with that budget and cost, asked
/// of each such cell: a search that stops at the first such cell it reaches within the
/// budget, whichever it is, and drops every cell whose cost so far plus its distance to
/// the nearest of them (at least `distance(c, at) − 1`, which no step lowers by more than
/// the 1 it costs at least) is over the budget, as no path through it can arrive in time.
/// Cheapest estimate first, so on open ground it walks nearly straight there.
pub(crate) fn reaches(
    grid: &Grid,
    start: Cell,
    at: Cell,
    budget: u32,
    cost: impl Fn(Cell) -> Option<u32>,
    goal: impl Fn(Cell) -> bool,
) -> bool {
    let left = |c: Cell| grid.distance(c, at).saturating_sub(1);
    if !grid.contains(start) || left(start) > budget {
        return false;
    }
    let mut goals = [start; 8];
    let mut n_goals = 0;
    for c in grid.neighbours_iter(at).filter(|&c| goal(c)) {
        goals[n_goals] = c;
        n_goals += 1;
    }
    let goals = &goals[..n_goals];
    if goals.is_empty() {
        return false;
    }
    if goals.contains(&start) {
        return true;
    }
    // Each step moves at most one column and one row: a path within the budget stays
    // within `budget` columns and rows of the start.
    let r = budget.min(grid.width.max(grid.height).max(0) as u32) as i32;
    let side = 2 * r + 1;
    let (x0, y0) = (start.x - r, start.y - r);
    let slot = |c: Cell| {
        let (x, y) = (c.x - x0, c.y - y0);
        (x >= 0 && y >= 0 && x < side && y < side).then(|| (x * side + y) as usize)
    };
    // The cheapest cost found so far of each cell of that window (on the stack for the
    // speeds the rules give, up to 7).
    let n = (side * side) as usize;
    let mut small = [u32::MAX; 225];
    let mut large = Vec::new();
    let best: &mut [u32] = if n <= small.len() {
        &mut small[..n]
    } else {
        large.resize(n, u32::MAX);
        &mut large
    };
    if let Some(s) = slot(start) {
        best[s] = 0;
    }
    // Cheapest estimate first; of equal estimates the one farthest along (so it keeps
    // going toward `at` instead of widening), then the lowest cell.
    let mut open = BinaryHeap::with_capacity(32);
    open.push(Reverse((left(start), Reverse(0u32), start)));
    while let Some(Reverse((_, Reverse(g), c))) = open.pop() {
        if slot(c).is_none_or(|s| g > best[s]) {
            continue;
        }
        for n in grid.neighbours_iter(c) {
            let Some(s) = slot(n) else { continue };
            // Every step costs at least 1: a cell already reached as cheaply is done
            // (a cell next to `at` that will do is never marked: reaching it ends the
            // search).
            if best[s] <= g.saturating_add(1) {
                continue;
            }
            let Some(e) = cost(n) else { continue };
            let ng = g.saturating_add(e.max(1));
            if ng > budget {
                continue;
            }
            if goals.contains(&n) {
                return true;
            }
            if ng >= best[s] {
                continue;
            }
            let f = ng.saturating_add(left(n));
            if f > budget {
                continue;
            }
            best[s] = ng;
            open.push(Reverse((f, Reverse(ng), n)));
        }
    }
    false
}
