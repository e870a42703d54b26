//! The move search's cell scan (issue 34, session 20): which cells of the unit's field
//! an attack may be made from, marked foe by foe over the few cells around each, so
//! that a cell no attack reaches is valued by its bound alone when that cannot win.
//!
//! A cell from which no valued foe is within the unit's reach or range is worth
//! "closer is better" only (`-0.05 ×` its nearest foe's distance, at most `-0.05` on a
//! cell no foe stands on): once a cell worth more has been found, such a cell need not
//! be valued. The cells worth an attack are valued first, the others after, and the
//! best is the same cell the one pass in field order picks (the most value, the first
//! in field order on a tie): [`Pick`] compares by value, then by that order.

use std::cell::Cell as StdCell;

use crate::battle::Battle;
use crate::grid::{Cell, Field};

/// Up to this reach or range (the larger), the cells an attack may be made from are
/// marked ([`Marks::new`]): a few cells around each foe. Farther (a bow), nearly every
/// cell of the field is within range of some foe: every cell is valued as before.
const MAX_MARKED_REACH: u32 = 3;

thread_local! {
    /// Test switch: value every cell, marked or not ([`set_exhaustive_moves`]).
    static EXHAUSTIVE: StdCell<bool> = const { StdCell::new(false) };
}

/// Value every cell of the move search, as before the marks, with the foes in level
/// order (`true`), or skip the cells no attack reaches when they cannot win and weigh
/// the foes most valuable first (`false`, the default). For tests that hold the two to
/// the same choices on this thread.
#[doc(hidden)]
pub fn set_exhaustive_moves(on: bool) {
    EXHAUSTIVE.with(|e| e.set(on));
}

/// Whether the tests' exhaustive switch is on ([`set_exhaustive_moves`]).
pub(super) fn exhaustive() -> bool {
    EXHAUSTIVE.with(|e| e.get())
}

/// The cells of a field an attack may be made from, by slot; `None`: every cell.
pub(super) struct Marks(Option<Vec<bool>>);

impl Marks {
    /// Marks every slot within `reach` (the larger of the unit's reach and range) of a
    /// foe of `valued` (the cell the foe stands on included), and the cell of every foe
    /// of `others` (so an unmarked cell has no foe on it: its nearest foe is at least a
    /// step away). Nothing marked when the reach is long: every cell counts as marked.
    pub(super) fn new(
        b: &Battle,
        field: &Field,
        valued: &[Cell],
        others: &[Cell],
        reach: u32,
    ) -> Marks {
        if reach > MAX_MARKED_REACH || exhaustive() {
            return Marks(None);
        }
        let grid = b.grid();
        let mut marks = vec![false; field.slots()];
        for &pe in valued {
            grid.within_rows(pe, reach, |y, x0, x1| {
                for x in x0..=x1 {
                    if let Some(i) = field.slot_of(Cell::new(x, y)) {
                        marks[i] = true;
                    }
                }
            });
        }
        for &pe in others {
            if let Some(i) = field.slot_of(pe) {
                marks[i] = true;
            }
        }
        Marks(Some(marks))
    }

    /// Whether an attack may be made from the cell in `slot` (or a foe stands on it).
    pub(super) fn marked(&self, slot: Option<usize>) -> bool {
        match (&self.0, slot) {
            (Some(m), Some(i)) => m[i],
            _ => true,
        }
    }
}

/// The most a cell no attack reaches stands for: "closer is better" at one step.
pub(super) const UNMARKED_STAND: f64 = -0.05;

/// The best cell so far: its value, its place in field order and the cell.
#[derive(Default)]
pub(super) struct Pick(Option<(f64, usize, Cell)>);

impl Pick {
    /// Whether value `v` of the cell at place `i` in field order would be picked over
    /// the best so far: more value, or as much and earlier (what one pass in field
    /// order that keeps the first of the best gives).
    pub(super) fn beaten_by(&self, v: f64, i: usize) -> bool {
        self.0
            .is_none_or(|(bv, bi, _)| v > bv || (v == bv && i < bi))
    }

    /// The floor a cell's value must reach to be offered with risk `r` and movement
    /// `spent` (`value - r - spent`): one below the best so far (strictly: a value equal
    /// to it may still win on field order) cannot be picked; none before a first cell.
    pub(super) fn floor(&self, r: f64, spent: f64) -> (f64, f64, f64) {
        match self.0 {
            Some((bv, _, _)) => (r, spent, bv),
            None => (0.0, 0.0, f64::NEG_INFINITY),
        }
    }

    /// Whether the best so far is worth more than `v` (so no value of at most `v` beats
    /// it, whatever its place).
    pub(super) fn above(&self, v: f64) -> bool {
        self.0.is_some_and(|(bv, _, _)| v < bv)
    }

    /// Take the cell when it beats the best so far.
    pub(super) fn offer(&mut self, v: f64, i: usize, c: Cell) {
        if self.beaten_by(v, i) {
            self.0 = Some((v, i, c));
        }
    }

    /// The best value and cell.
    pub(super) fn best(&self) -> Option<(f64, Cell)> {
        self.0.map(|(v, _, c)| (v, c))
    }
}
