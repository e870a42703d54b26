//! What lines of sight have answered (issue 34): [`Battle::clear_line`] asks the same
//! lines again and again (the AI's stand for every candidate cell against every foe, each
//! weapon's test), and a line's answer reads only the walls of the map, which change only
//! by a `TerrainChanged` that raises or clears a wall.
//!
//! The memo is a table of answers by line (its ends, in order), built on first use and
//! emptied by `apply` when a wall is raised or cleared (`walls.rs`). Nothing else changes
//! a line's answer, and a rollback, a branch and a load rebuild the battle from its log on
//! freshly spawned units, whose memo starts empty: it cannot go stale. `lines_tests.rs`
//! compares every answer it holds with the walk after every event of AI battles.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::Battle;
use crate::grid::Cell;

/// The memo: `1 << SLOTS_LOG2` slots, each a line's key shifted left by 2, a bit saying
/// the slot is filled and the answer (0: empty). A line takes the slot its key hashes
/// to, the last one asked winning.
pub(super) type LineMemo = std::sync::OnceLock<Box<[AtomicU64]>>;

/// The memo's size (slots, as a power of two).
const SLOTS_LOG2: u32 = 12;
/// Bits per coordinate in a line's key: lines with a coordinate outside
/// `0..1 << COORD_BITS` are walked every time.
const COORD_BITS: u32 = 15;

/// A line's key: its ends' coordinates packed (`None`: one is out of range).
fn key(a: Cell, b: Cell) -> Option<u64> {
    let mut k = 0u64;
    for v in [a.x, a.y, b.x, b.y] {
        if !(0..1 << COORD_BITS).contains(&v) {
            return None;
        }
        k = (k << COORD_BITS) | v as u64;
    }
    Some(k)
}

/// The slot of a key.
fn slot(k: u64) -> usize {
    (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS_LOG2)) as usize
}

impl Battle {
    /// The answer of the line from `a` to `b`: remembered, or `walk`'s (then remembered).
    pub(crate) fn line_memo(&self, a: Cell, b: Cell, walk: impl Fn() -> bool) -> bool {
        let Some(k) = key(a, b) else {
            return walk();
        };
        let slots = self.lines.get_or_init(|| {
            (0..1usize << SLOTS_LOG2)
                .map(|_| AtomicU64::new(0))
                .collect()
        });
        let s = &slots[slot(k)];
        let kept = s.load(Relaxed);
        if kept >> 2 == k && kept & 2 != 0 {
            let clear = kept & 1 != 0;
            debug_assert_eq!(clear, walk(), "the remembered line {a:?} to {b:?}");
            return clear;
        }
        let clear = walk();
        s.store((k << 2) | 2 | u64::from(clear), Relaxed);
        clear
    }

    /// Forget every line's answer (a wall was raised or cleared).
    pub(super) fn forget_lines(&mut self) {
        if let Some(slots) = self.lines.get_mut() {
            for s in slots.iter_mut() {
                *s.get_mut() = 0;
            }
        }
    }

    /// Every remembered line, its ends and answer (tests).
    #[cfg(test)]
    pub(super) fn remembered_lines(&self) -> Vec<(Cell, Cell, bool)> {
        let mask = (1u64 << COORD_BITS) - 1;
        self.lines
            .get()
            .into_iter()
            .flat_map(|s| s.iter())
            .map(|s| s.load(Relaxed))
            .filter(|&v| v & 2 != 0)
            .map(|v| {
                let k = v >> 2;
                let c = |i: u32| ((k >> (COORD_BITS * i)) & mask) as i32;
                (Cell::new(c(3), c(2)), Cell::new(c(1), c(0)), v & 1 != 0)
            })
            .collect()
    }
}

#[cfg(test)]
#[path = "lines_tests.rs"]
mod tests;
