//! The units next to a cell, for the engagement and Intercept questions escalation asks
//! at every step of a move (and the AI at every step of every path it weighs): read from
//! the battle's cell index cell by cell, without the list [`Battle::units_within`]
//! builds and sorts for each.

use std::ops::Deref;

use crate::battle::Battle;
use crate::components::UnitId;
use crate::grid::Cell;

/// The living units on the cells next to a cell, in level order ([`next_to`]).
pub enum NextTo {
    /// At most one unit on each neighbouring cell: on the stack.
    Few([UnitId; 8], usize),
    /// Two units on one cell somewhere around: [`Battle::units_within`]'s list.
    Many(Vec<UnitId>),
}

impl Deref for NextTo {
    type Target = [UnitId];

    fn deref(&self) -> &[UnitId] {
        match self {
            NextTo::Few(units, n) => &units[..*n],
            NextTo::Many(units) => units,
        }
    }
}

/// The living units on the cells next to `c` (one step off), in level order: what
/// `b.units_within(c, 1)` gives less the units on `c` itself. Each neighbouring cell's
/// first unit from the cell index ([`Battle::unit_at`]); where a cell holds a second,
/// the whole list from [`Battle::units_within`] instead.
pub fn next_to(b: &Battle, c: Cell) -> NextTo {
    let grid = b.grid();
    let mut few = [UnitId(0); 8];
    let mut n = 0;
    for m in grid.neighbours_iter(c) {
        let Some(first) = b.unit_at(m, None) else {
            continue;
        };
        if n == few.len() || b.unit_at(m, Some(first)).is_some() {
            let mut all = b.units_within(c, 1);
            all.retain(|&x| grid.distance(c, b.pos(x)) == 1);
            return NextTo::Many(all);
        }
        few[n] = first;
        n += 1;
    }
    few[..n].sort_unstable();
    NextTo::Few(few, n)
}
