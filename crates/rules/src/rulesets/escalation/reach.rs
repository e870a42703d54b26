//! Can a unit get next to a cell in time? The yes-or-no of an intercept's path search
//! ([`super::intercept`]), asked for every unit that might intercept at every step of a
//! move and every melee attack, without working out the path (the rare intercept taken
//! still searches its path with [`crate::grid::Grid::nearest`]).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::grid::{Cell, Grid, GridKind};

/// How many of the goals [`reaches`] walks straight to before it searches.
const STRAIGHT_TRIES: usize = 3;

/// Does the walk from `start` to `goal` that takes at each step the first neighbour one
/// step nearer to it (on squares, the diagonal while both the column and the row are off)
/// enter only cells it may enter and cost at most `budget`, the goal included? A yes is
/// a path, so [`reaches`] answers yes at once; a no proves nothing (another path may go
/// around), and the search decides.
fn straight(
    grid: &Grid,
    start: Cell,
    goal: Cell,
    budget: u32,
    cost: &impl Fn(Cell) -> Option<u32>,
) -> bool {
    if grid.distance(start, goal) > budget {
        return false;
    }
    let mut c = start;
    let mut spent = 0u32;
    while c != goal {
        let next = match grid.kind {
            GridKind::Square => {
                Cell::new(c.x + (goal.x - c.x).signum(), c.y + (goal.y - c.y).signum())
            }
            GridKind::Hex => {
                let d = grid.distance(c, goal);
                match (0..grid.directions())
                    .map(|k| grid.step(c, k))
                    .find(|&n| grid.distance(n, goal) < d)
                {
                    Some(n) => n,
                    None => return false,
                }
            }
        };
        let Some(e) = cost(next) else {
            return false;
        };
        spent = spent.saturating_add(e.max(1));
        if spent > budget {
            return false;
        }
        c = next;
    }
    true
}

/// Is a cell next to `at` for which `goal` holds reachable from `start` within `budget`,
/// each cell entered costing what `cost` says (`None`: cannot enter; below 1 counts as
/// 1)? The same answer as [`Grid::field`] from `start` with that budget and cost, asked
/// of each such cell: a search that stops at the first such cell it reaches within the
/// budget, whichever it is, and drops every cell whose cost so far plus its distance to
/// the nearest of them (at least `distance(c, at) − 1`, which no step lowers by more than
/// the 1 it costs at least) is over the budget, as no path through it can arrive in time.
/// A straight walk to each of the nearest few first (a yes at once); then the search,
/// cheapest estimate first, so on open ground it walks nearly straight there.
pub(crate) fn reaches(
    grid: &Grid,
    start: Cell,
    at: Cell,
    budget: u32,
    cost: impl Fn(Cell) -> Option<u32>,
    goal: impl Fn(Cell) -> bool,
) -> bool {
    if !grid.contains(start) || grid.distance(start, at).saturating_sub(1) > budget {
        return false;
    }
    let mut goals = [start; 8];
    let mut n_goals = 0;
    for c in grid.neighbours_iter(at).filter(|&c| goal(c)) {
        goals[n_goals] = c;
        n_goals += 1;
    }
    if n_goals == 0 {
        return false;
    }
    // Nearest first (the straight walks below try those; the search reads them as a
    // set). Each step moves one cell and costs at least 1: none nearer than the budget
    // allows, no path.
    let mut near = [(0u32, start); 8];
    for (k, &g) in goals[..n_goals].iter().enumerate() {
        near[k] = (grid.distance(start, g), g);
    }
    let near = &mut near[..n_goals];
    near.sort_unstable();
    if near[0].0 > budget {
        return false;
    }
    for (k, &(_, g)) in near.iter().enumerate() {
        goals[k] = g;
    }
    let goals = &goals[..n_goals];
    if goals.contains(&start) {
        return true;
    }
    // Most answers are a yes along a straight walk: a path found is an answer.
    if goals
        .iter()
        .take(STRAIGHT_TRIES)
        .any(|&g| straight(grid, start, g, budget, &cost))
    {
        return true;
    }
    // Still to go from a cell: at least its distance to `at` less one (each step moves
    // one cell and costs at least 1), so a cell from which that is over the budget is
    // passed over (no path through it arrives in time).
    let left = |c: Cell| grid.distance(c, at).saturating_sub(1);
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
