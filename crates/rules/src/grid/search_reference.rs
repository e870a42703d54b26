//! The movement search as it was before session 21 (`Grid::search` then): kept, for the
//! tests only, as the reference the search of `grid/search.rs` is held to, field for
//! field, on random maps of both grids (`grid/search_tests.rs`).

use super::search::{BLOCKED, Buckets, SCRATCH, UNKNOWN, UNREACHED};
use super::{Cell, Field, Grid, GridKind, SQUARE_DIRS, field, hex_offsets};

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
    /// slot order, which is cell order: ties
    /// always go to the smaller cell, so the same inputs give the same field and paths.
    /// A settled cell's cost and predecessor never change, so stopping early gives the
    /// same path to a goal as the full search, and the first goal settled is the
    /// cheapest (the smallest cell on a tie).
    pub(super) fn search_reference(
        &self,
        start: Cell,
        goals: &[Cell],
        budget: u32,
        cost_of: impl Fn(Cell) -> Option<u32>,
    ) -> Field {
        let r = budget.min(self.width.max(self.height).max(0) as u32) as i32;
        let mut f = Field {
            x0: 0,
            y0: 0,
            w: 0,
            h: 0,
            start,
            offsets: [[0; 8]; 2],
            dirs: self.directions(),
            hex: self.kind == GridKind::Hex,
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
        let mut settled = Vec::with_capacity(n);
        // Cost of entering each slot: asked on first use.
        let mut enter = vec![UNKNOWN; n];
        for x in 0..w {
            enter[x * h] = BLOCKED;
            enter[x * h + h - 1] = BLOCKED;
        }
        for y in 0..h {
            enter[y] = BLOCKED;
            enter[(w - 1) * h + y] = BLOCKED;
        }
        // Slot offsets of the neighbours, by row parity (the same on squares).
        let offsets: [[isize; 8]; 2] = match self.kind {
            GridKind::Square => {
                let o = SQUARE_DIRS.map(|(dx, dy)| dx as isize * h as isize + dy as isize);
                [o, o]
            }
            GridKind::Hex => {
                let t = hex_offsets();
                let row = |p: usize| {
                    let mut o = [0isize; 8];
                    for (d, &(dx, dy)) in t[p].iter().enumerate() {
                        o[d] = dx as isize * h as isize + dy as isize;
                    }
                    o
                };
                [row(0), row(1)]
            }
        };
        f.offsets = offsets;
        let dirs = self.directions();
        let si = f.slot(start).unwrap_or(0);
        let goals: Vec<usize> = goals.iter().filter_map(|&g| f.slot(g)).collect();
        cost[si] = 0;
        prev[si] = si as u32;
        f.len = 1;
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
            for w in lo as usize..=(hi as usize).min(words.saturating_sub(1)) {
                let mut x = std::mem::take(&mut q.bits[d * words + w]);
                while x != 0 {
                    let s = w * 64 + x.trailing_zeros() as usize;
                    x &= x - 1;
                    // Stale: reached more cheaply after it was put here.
                    if cost[s] != du {
                        continue;
                    }
                    settled.push(s as u32);
                    if goals.contains(&s) {
                        break 'search;
                    }
                    if !expand {
                        continue;
                    }
                    let parity = ((f.y0 + (s % h) as i32) & 1) as usize;
                    for &o in &offsets[parity][..dirs] {
                        // The border keeps every neighbour of a real cell inside.
                        let ns = (s as isize + o) as usize;
                        // Reached for at most one step more (settled, or as cheap):
                        // no entry cost can improve it, so none is asked.
                        let old = cost[ns];
                        if old <= du + 1 {
                            continue;
                        }
                        let mut e = enter[ns];
                        if e == UNKNOWN {
                            e = cost_of(f.cell_of(ns)).map_or(BLOCKED, |c| c.clamp(1, BLOCKED - 1));
                            enter[ns] = e;
                        }
                        if e == BLOCKED {
                            continue;
                        }
                        let nd = du.saturating_add(e);
                        if nd > budget || nd >= old {
                            continue;
                        }
                        if old == UNREACHED {
                            f.len += 1;
                        }
                        cost[ns] = nd;
                        prev[ns] = s as u32;
                        last = last.max(nd as usize);
                        put(&mut q, nd as usize, ns);
                    }
                }
            }
            d += 1;
        }
        SCRATCH.set(q);
        f.a = std::sync::Arc::new(field::Arrays {
            cost,
            prev,
            enter,
            settled,
        });
        f
    }
}
