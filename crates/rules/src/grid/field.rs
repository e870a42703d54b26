//! The result of a movement search ([`Grid::field`]): costs and predecessors over the
//! searched window, shared (an `Arc`) so a kept field is handed out without copying.

use std::sync::Arc;

use super::{BLOCKED, Cell, Grid};

/// The result of [`Grid::field`]: the cost and predecessor of every reached cell.
///
/// Stored over the searched window (`x0, y0` and `w × h` cells, its border included),
/// column by column.
#[derive(Clone, Debug)]
pub struct Field {
    pub(super) x0: i32,
    pub(super) y0: i32,
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) start: Cell,
    /// Slot offsets of the neighbours by row parity, and how many there are.
    pub(super) offsets: [[isize; 8]; 2],
    pub(super) dirs: usize,
    pub(super) hex: bool,
    pub(super) len: usize,
    /// The arrays, shared by every clone (a field never changes once searched).
    pub(super) a: Arc<Arrays>,
}

/// A field's arrays over its window's slots.
#[derive(Debug, Default)]
pub(super) struct Arrays {
    /// A reached slot's cost; [`BLOCKED`] or above at every other slot.
    pub(super) cost: Vec<u32>,
    pub(super) prev: Vec<u32>,
    /// Cost of entering each reached slot (as clamped by the search; anything at the
    /// others).
    pub(super) enter: Vec<u32>,
    /// Slots in the order they were settled (cheapest first).
    pub(super) settled: Vec<u32>,
}

impl Field {
    pub(super) fn slot(&self, c: Cell) -> Option<usize> {
        let (x, y) = (c.x - self.x0, c.y - self.y0);
        (x >= 0 && y >= 0 && x < self.w && y < self.h).then(|| (x * self.h + y) as usize)
    }

    /// The slot of `c` in the searched window, if inside it: an index into an array of
    /// [`Field::slots`] values kept beside the field (the AI's path risk), sized to the
    /// search rather than the map.
    pub fn slot_of(&self, c: Cell) -> Option<usize> {
        self.slot(c)
    }

    /// How many slots the searched window has (its border included).
    pub fn slots(&self) -> usize {
        (self.w.max(0) * self.h.max(0)) as usize
    }

    pub(super) fn cell_of(&self, i: usize) -> Cell {
        let h = self.h.max(1) as usize;
        Cell::new(self.x0 + (i / h) as i32, self.y0 + (i % h) as i32)
    }

    /// Where the search started.
    pub fn start(&self) -> Cell {
        self.start
    }

    /// Cost and predecessor of a reached cell (the start is its own predecessor).
    pub fn get(&self, c: &Cell) -> Option<(u32, Cell)> {
        let i = self.slot(*c)?;
        let d = self.a.cost[i];
        (d < BLOCKED).then(|| (d, self.cell_of(self.a.prev[i] as usize)))
    }

    /// Was the cell reached?
    pub fn contains_key(&self, c: &Cell) -> bool {
        self.get(c).is_some()
    }

    /// Number of cells reached, the start included.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Nothing reached (only when the start is off the map).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every reached cell with its cost and predecessor, ordered by cell (column, then
    /// row: the order of `Cell`'s `Ord`).
    pub fn iter(&self) -> impl Iterator<Item = (Cell, (u32, Cell))> + '_ {
        // Slots run column by column: already in cell order.
        (0..self.a.cost.len())
            .filter(|&i| self.a.cost[i] < BLOCKED)
            .map(|i| {
                let prev = self.cell_of(self.a.prev[i] as usize);
                (self.cell_of(i), (self.a.cost[i], prev))
            })
    }

    /// Every settled cell with its cost and predecessor, cheapest first: a cell always
    /// comes after its predecessor. (After a full search every reached cell is settled.)
    pub fn settled(&self) -> impl Iterator<Item = (Cell, (u32, Cell))> + '_ {
        self.a.settled.iter().map(|&i| {
            let c = self.cell_of(i as usize);
            (
                c,
                (
                    self.a.cost[i as usize],
                    self.cell_of(self.a.prev[i as usize] as usize),
                ),
            )
        })
    }

    /// Every reached cell as [`Field::iter`] has them (in cell order), each with its slot
    /// ([`Field::slot_of`]) and cost: for readers that keep arrays by slot, without
    /// working the slot out again from the cell.
    pub fn iter_slots(&self) -> impl Iterator<Item = (usize, Cell, u32)> + '_ {
        self.a
            .cost
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d < BLOCKED)
            .map(|(i, &d)| (i, self.cell_of(i), d))
    }

    /// The slots of the settled cells with their costs, cheapest first, as
    /// [`Field::settled`] has the cells (so a cost never falls along it).
    pub fn settled_slots(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.a
            .settled
            .iter()
            .map(|&i| (i as usize, self.a.cost[i as usize]))
    }

    /// The slot of the predecessor of the reached cell in slot `i` (the start's is its
    /// own).
    pub fn prev_slot(&self, i: usize) -> usize {
        self.a.prev[i] as usize
    }

    /// The cell in slot `i` of the searched window ([`Field::slot_of`]'s inverse).
    pub fn cell_at(&self, i: usize) -> Cell {
        self.cell_of(i)
    }

    /// Was the cell in slot `i` reached? (`false` past the window.)
    pub fn reached_at(&self, i: usize) -> bool {
        self.a.cost.get(i).is_some_and(|&d| d < BLOCKED)
    }

    /// Every reached cell, ordered as [`Field::iter`].
    pub fn keys(&self) -> impl Iterator<Item = Cell> + '_ {
        self.iter().map(|(c, _)| c)
    }

    /// A point of the cell in coordinates where straight lines stay straight:
    /// squares `(x, y)`; hexes `(2q + r, r)` from axial `(q, r)`, the hex centre up to a
    /// scale on each axis (so cross products keep their sign and ordering).
    fn point(&self, c: Cell) -> (i64, i64) {
        if self.hex {
            let h = Grid::to_hex(c);
            (i64::from(2 * h.x + h.y), i64::from(h.y))
        } else {
            (i64::from(c.x), i64::from(c.y))
        }
    }

    /// Walk the path to `goal` backwards, from the goal to the start (both included),
    /// without allocating; returns the path's cost, or `None` if `goal` was not reached.
    ///
    /// Of all the cheapest paths it takes the straightest: stepping back from a cell, it
    /// may go to any neighbour whose cost plus the cell's entry cost is the cell's cost
    /// (so the path stays cheapest), and picks the one nearest the straight line from
    /// the start to the goal; then the one that keeps the direction of the step after
    /// it; then the smaller cell.
    pub fn walk_path_back(&self, goal: Cell, mut f: impl FnMut(Cell)) -> Option<u32> {
        let gi = self.slot(goal)?;
        let total = self.a.cost[gi];
        if total >= BLOCKED {
            return None;
        }
        let h = self.h.max(1) as usize;
        let (sx, sy) = self.point(self.start);
        let (gx, gy) = self.point(goal);
        let (lx, ly) = (gx - sx, gy - sy);
        let off_line = |p: (i64, i64)| ((p.0 - sx) * ly - (p.1 - sy) * lx).abs();
        let mut c = gi;
        let mut cp = (gx, gy);
        // The step from `c` to the cell after it on the path (none at the goal).
        let mut ahead: Option<(i64, i64)> = None;
        f(goal);
        while self.a.cost[c] != 0 {
            let want = self.a.cost[c] - self.a.enter[c];
            let parity = ((self.y0 + (c % h) as i32) & 1) as usize;
            let mut best: Option<((i64, bool, usize), (i64, i64))> = None;
            for &o in &self.offsets[parity][..self.dirs] {
                // A reached cell is never on the border: every neighbour is a slot.
                let n = (c as isize + o) as usize;
                if self.a.cost[n] != want {
                    continue;
                }
                let np = self.point(self.cell_of(n));
                let step = (cp.0 - np.0, cp.1 - np.1);
                // Slots run in cell order, so the slot breaks the last tie.
                let key = (off_line(np), ahead != Some(step), n);
                if best.is_none_or(|(k, _)| key < k) {
                    best = Some((key, np));
                }
            }
            // The search's own predecessor always qualifies; this is only a safeguard.
            let (n, np) = match best {
                Some(((_, _, n), np)) => (n, np),
                None => {
                    let n = self.a.prev[c] as usize;
                    (n, self.point(self.cell_of(n)))
                }
            };
            ahead = Some((cp.0 - np.0, cp.1 - np.1));
            c = n;
            cp = np;
            f(self.cell_of(c));
        }
        Some(total)
    }

    /// The path from the start to `goal` (both included) and its cost: the straightest
    /// of the cheapest paths, as [`Field::walk_path_back`] walks it. (It need not follow
    /// the predecessors [`Field::get`] gives, which are just one cheapest path each.)
    pub fn path_to(&self, goal: Cell) -> Option<(Vec<Cell>, u32)> {
        let i = self.slot(goal)?;
        let mut path = Vec::with_capacity(self.a.cost[i].min(64) as usize + 1);
        let total = self.walk_path_back(goal, |c| path.push(c))?;
        path.reverse();
        Some((path, total))
    }
}

/// Rebuild the path to `goal` from a [`Grid::field`] result.
pub fn path_from_field(field: &Field, start: Cell, goal: Cell) -> Option<(Vec<Cell>, u32)> {
    if field.start() != start {
        return None;
    }
    field.path_to(goal)
}
