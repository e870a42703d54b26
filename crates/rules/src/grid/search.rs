//! The movement search behind [`Grid::field`], [`Grid::path`] and [`Grid::nearest`].

use super::{Cell, Field, Grid, GridKind, SQUARE_DIRS, field, hex_offsets};

/// In a field's cost array: a slot no step has reached yet.
pub(super) const UNREACHED: u32 = u32::MAX;
/// In a field's cost array: a slot the search looked at and cannot reach (the window's
/// border, a cell the closure blocks, or one whose cost would pass the budget); every
/// cost below it is a reached cell's. (In the reference search's `enter`: cannot enter.)
pub(super) const BLOCKED: u32 = u32::MAX - 1;
/// Entry cost not asked yet (the reference search's `enter`).
#[cfg(test)]
pub(super) const UNKNOWN: u32 = u32::MAX;

thread_local! {
    /// The search's buckets, kept with their allocations between searches on a thread
    /// (emptied at the start of each search).
    pub(super) static SCRATCH: std::cell::RefCell<Buckets> = const {
        std::cell::RefCell::new(Buckets { bits: Vec::new(), span: Vec::new() })
    };
}

/// A search's buckets (see [`Grid::search`]): per cost, a bit per slot and the first and
/// last word with a bit set (`(u32::MAX, 0)` when none).
#[derive(Default)]
pub(super) struct Buckets {
    pub(super) bits: Vec<u64>,
    pub(super) span: Vec<(u32, u32)>,
}

impl Grid {
    /// Dijkstra from `start`, stopping early once one of `goals` (if any) is settled.
    ///
    /// Every step costs at least 1 and moves at most one column and one row (on both
    /// grids), so the search stays within `budget` columns and rows of the start: it
    /// works on that window with a border of blocked cells, stored column by column (a
    /// cell's slot order is `Cell`'s order), so neighbours are fixed slot offsets.
    ///
    /// Step costs are small integers, so the queue is a list of buckets, one per cost,
    /// each a bit per slot. Each bucket is complete before it is taken and is settled in
    /// slot order, which is cell order: ties always go to the smaller cell, so the same
    /// inputs give the same field and paths. A settled cell's cost and predecessor never
    /// change, so stopping early gives the same path to a goal as the full search, and
    /// the first goal settled is the cheapest (the smallest cell on a tie).
    ///
    /// The cost of a step depends only on the cell entered, and cells are settled
    /// cheapest first, so the first step that reaches a cell gives its final cost (a
    /// later one starts from a cell at least as dear): each slot is looked at in full
    /// once, when first reached. Its cost then marks it (a cost, or [`BLOCKED`] when it
    /// cannot be entered within the budget), so every later look is one comparison, and
    /// each cell is put in a bucket once and never found stale. This is the search as it
    /// was before (`grid/search_reference.rs`), which asked the same cells in the same
    /// order and gave the same costs, predecessors and settling order
    /// (`grid/search_tests.rs` compares them on random maps of both grids).
    pub(super) fn search(
        &self,
        start: Cell,
        goals: &[Cell],
        budget: u32,
        cost_of: impl Fn(Cell) -> Option<u32>,
    ) -> Field {
        match self.kind {
            GridKind::Square => self.search_in::<8, false>(start, goals, budget, cost_of),
            GridKind::Hex => self.search_in::<6, true>(start, goals, budget, cost_of),
        }
    }

    /// [`Grid::search`] for a grid of `N` directions (hexes when `HEX`: the neighbours
    /// then depend on the row's parity).
    fn search_in<const N: usize, const HEX: bool>(
        &self,
        start: Cell,
        goals: &[Cell],
        budget: u32,
        cost_of: impl Fn(Cell) -> Option<u32>,
    ) -> Field {
        let r = budget.min(self.width.max(self.height).max(0) as u32) as i32;
        // A reached cell's cost stays below the marks (a budget that high is never met).
        let budget = budget.min(BLOCKED - 1);
        let mut f = Field {
            x0: 0,
            y0: 0,
            w: 0,
            h: 0,
            start,
            offsets: [[0; 8]; 2],
            dirs: N,
            hex: HEX,
            len: 0,
            a: Default::default(),
        };
        if !self.contains(start) {
            return f;
        }
        // The window of real cells, plus one blocked cell all round.
        let (gx0, gx1) = ((start.x - r).max(0), (start.x + r + 1).min(self.width));
        let (gy0, gy1) = ((start.y - r).max(0), (start.y + r + 1).min(self.height));
        f.x0 = gx0 - 1;
        f.y0 = gy0 - 1;
        f.w = gx1 - gx0 + 2;
        f.h = gy1 - gy0 + 2;
        let (w, h) = (f.w as usize, f.h as usize);
        let n = w * h;
        let mut cost = vec![UNREACHED; n];
        let mut prev = vec![0u32; n];
        // Written for the reached cells only (the only ones a field reads).
        let mut enter = vec![0u32; n];
        let mut settled = Vec::with_capacity(n);
        for x in 0..w {
            cost[x * h] = BLOCKED;
            cost[x * h + h - 1] = BLOCKED;
        }
        for y in 0..h {
            cost[y] = BLOCKED;
            cost[(w - 1) * h + y] = BLOCKED;
        }
        // The neighbours' steps and slot offsets, by row parity (the same on squares).
        let steps: [[(i32, i32); N]; 2] = std::array::from_fn(|p| {
            std::array::from_fn(|d| {
                if HEX {
                    hex_offsets()[p][d]
                } else {
                    SQUARE_DIRS[d]
                }
            })
        });
        let offsets: [[isize; N]; 2] =
            steps.map(|row| row.map(|(dx, dy)| dx as isize * h as isize + dy as isize));
        for (p, row) in offsets.iter().enumerate() {
            f.offsets[p][..N].copy_from_slice(row);
        }
        let si = f.slot(start).unwrap_or(0);
        let goals: Vec<usize> = goals.iter().filter_map(|&g| f.slot(g)).collect();
        cost[si] = 0;
        prev[si] = si as u32;
        // Cells reached so far, the start included.
        let mut len = 1;
        // The buckets, one per cost: a bit per slot (so a bucket is read in slot order
        // with no sort), `words` words each, and the span of words each has set. The
        // thread's, taken (a search started from a cost closure gets fresh ones).
        let words = n.div_ceil(64);
        let mut q = SCRATCH.take();
        q.bits.clear();
        q.bits.resize(words * 16, 0);
        q.span.clear();
        q.span.resize(16, (u32::MAX, 0));
        let put = |q: &mut Buckets, b: usize, slot: usize| {
            if q.span.len() <= b {
                q.span.resize(b + 1, (u32::MAX, 0));
                q.bits.resize((b + 1) * words, 0);
            }
            let w = slot / 64;
            q.bits[b * words + w] |= 1 << (slot % 64);
            let sp = &mut q.span[b];
            sp.0 = sp.0.min(w as u32);
            sp.1 = sp.1.max(w as u32);
        };
        put(&mut q, 0, si);
        // The dearest bucket filled.
        let mut last = 0usize;
        let mut d = 0usize;
        'search: while d <= last {
            let du = d as u32;
            // Every step costs at least 1: nothing settled at the budget goes further,
            // and nothing goes into this bucket while it is read.
            let expand = du < budget;
            let (lo, hi) = q.span[d];
            for wd in lo as usize..=(hi as usize).min(words.saturating_sub(1)) {
                let mut x = std::mem::take(&mut q.bits[d * words + wd]);
                while x != 0 {
                    let s = wd * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    settled.push(s as u32);
                    if !goals.is_empty() && goals.contains(&s) {
                        break 'search;
                    }
                    if !expand {
                        continue;
                    }
                    let parity = if HEX {
                        ((f.y0 + (s % h) as i32) & 1) as usize
                    } else {
                        0
                    };
                    // First the directions whose neighbour no step has reached yet, as
                    // bits (most have been: a short loop with no branch, unrolled), then
                    // those. The border keeps every neighbour of a real cell inside.
                    let row = &offsets[parity];
                    let mut open = 0u32;
                    for (dir, &o) in row.iter().enumerate() {
                        open |= u32::from(cost[(s as isize + o) as usize] == UNREACHED) << dir;
                    }
                    while open != 0 {
                        let dir = open.trailing_zeros() as usize;
                        open &= open - 1;
                        let ns = (s as isize + row[dir]) as usize;
                        // The neighbour's cell from its slot (not from a table of steps
                        // by parity, which the loop would copy out for every cell).
                        let e = cost_of(Cell::new(f.x0 + (ns / h) as i32, f.y0 + (ns % h) as i32))
                            .map_or(BLOCKED, |c| c.clamp(1, BLOCKED - 1));
                        let nd = du.saturating_add(e);
                        if nd > budget {
                            cost[ns] = BLOCKED;
                            continue;
                        }
                        cost[ns] = nd;
                        prev[ns] = s as u32;
                        enter[ns] = e;
                        len += 1;
                        last = last.max(nd as usize);
                        put(&mut q, nd as usize, ns);
                    }
                }
            }
            d += 1;
        }
        SCRATCH.set(q);
        f.len = len;
        f.a = std::sync::Arc::new(field::Arrays {
            cost,
            prev,
            enter,
            settled,
        });
        f
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
