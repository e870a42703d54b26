//! Square and hex grids behind one interface.
//!
//! Both grids share one rectangular cell space: `Cell { x, y }` with `x` the column and
//! `y` the row (row 0 is the top row of a level file). On the hex grid the rows are
//! pointy-top hexes with odd rows shoved right ("odd-r" offset coordinates); all hex
//! geometry goes through [`hexx`]. On the square grid a cell has 8 neighbours and a
//! diagonal step counts as one (Chebyshev distance).
//!
//! Algorithms take closures for cost and blocking, as hexx does, and never depend on
//! hash iteration order: every result comes out in a fixed order.

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

mod field;
mod line;
mod search;
pub use field::{Field, path_from_field};
use search::BLOCKED;
#[cfg(test)]
mod search_reference;

/// One cell of a rectangular map: column `x`, row `y` (row 0 at the top).
///
/// Serialized as a tuple `(x, y)` in RON and `[x, y]` in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Cell {
    /// Column.
    pub x: i32,
    /// Row, 0 at the top.
    pub y: i32,
}

impl Cell {
    /// A cell from column and row.
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }
}

impl From<(i32, i32)> for Cell {
    fn from((x, y): (i32, i32)) -> Self {
        Self { x, y }
    }
}

impl From<Cell> for (i32, i32) {
    fn from(c: Cell) -> Self {
        (c.x, c.y)
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Which geometry a map uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum GridKind {
    /// Squares with 8 neighbours; diagonals count as one step.
    Square,
    /// Pointy-top hexes, odd rows shoved right.
    #[default]
    Hex,
}

impl std::fmt::Display for GridKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GridKind::Square => "square",
            GridKind::Hex => "hex",
        })
    }
}

const HEX_MODE: OffsetHexMode = OffsetHexMode::Odd;
const HEX_ORIENTATION: HexOrientation = HexOrientation::Pointy;

/// The 8 square directions, clockwise from east (screen y grows downwards).
const SQUARE_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A rectangular map of `width` × `height` cells read as square or hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    /// Square or hex.
    pub kind: GridKind,
    /// Number of columns.
    pub width: i32,
    /// Number of rows.
    pub height: i32,
}

impl Grid {
    /// A grid of the given kind and size.
    pub const fn new(kind: GridKind, width: i32, height: i32) -> Self {
        Self {
            kind,
            width,
            height,
        }
    }

    /// Is the cell on the map?
    pub fn contains(&self, c: Cell) -> bool {
        c.x >= 0 && c.y >= 0 && c.x < self.width && c.y < self.height
    }

    /// Index of an on-map cell in row-major order.
    pub fn index(&self, c: Cell) -> Option<usize> {
        self.contains(c).then(|| (c.y * self.width + c.x) as usize)
    }

    /// Every cell of the map in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Cell::new(x, y)))
    }

    /// The hex of a cell (hex grids; also meaningful as a coordinate change on squares).
    pub fn to_hex(c: Cell) -> Hex {
        Hex::from_offset_coordinates([c.x, c.y], HEX_MODE, HEX_ORIENTATION)
    }

    /// The cell of a hex.
    pub fn from_hex(h: Hex) -> Cell {
        let [x, y] = h.to_offset_coordinates(HEX_MODE, HEX_ORIENTATION);
        Cell::new(x, y)
    }

    /// Number of neighbour directions (6 or 8).
    pub fn directions(&self) -> usize {
        match self.kind {
            GridKind::Square => 8,
            GridKind::Hex => 6,
        }
    }

    /// The neighbour of `c` in direction `dir` (`0..directions()`), on the map or not.
    pub fn step(&self, c: Cell, dir: usize) -> Cell {
        match self.kind {
            GridKind::Square => {
                let (dx, dy) = SQUARE_DIRS[dir % 8];
                Cell::new(c.x + dx, c.y + dy)
            }
            GridKind::Hex => {
                // Odd-r offsets depend only on the row's parity (hexx's direction order).
                let (dx, dy) = hex_offsets()[(c.y & 1) as usize][dir % 6];
                Cell::new(c.x + dx, c.y + dy)
            }
        }
    }

    /// The direction index from `from` to an adjacent `to`, if adjacent.
    pub fn direction_to(&self, from: Cell, to: Cell) -> Option<usize> {
        (0..self.directions()).find(|&d| self.step(from, d) == to)
    }

    /// The direction from `from` whose step comes nearest to `to` in steps, then in a
    /// straight line (due west rather than south-west when both are a step nearer), then
    /// the lowest; `None` when the cells are the same. A unit attacking a foe two cells
    /// off turns this way.
    pub fn direction_toward(&self, from: Cell, to: Cell) -> Option<usize> {
        if from == to {
            return None;
        }
        (0..self.directions()).min_by_key(|&d| {
            let s = self.step(from, d);
            (self.distance(s, to), self.straight_distance2(s, to), d)
        })
    }

    /// The squared distance between two cell centres, up to a scale: squares `dx² + dy²`;
    /// hexes `X² + 3Y²` with `X = 2q + r`, `Y = r` (axial), the centres' distance² × 4/3.
    fn straight_distance2(&self, a: Cell, b: Cell) -> i64 {
        match self.kind {
            GridKind::Square => {
                let (dx, dy) = (i64::from(a.x - b.x), i64::from(a.y - b.y));
                dx * dx + dy * dy
            }
            GridKind::Hex => {
                let (h, k) = (Grid::to_hex(a), Grid::to_hex(b));
                let x = i64::from(2 * (h.x - k.x) + (h.y - k.y));
                let y = i64::from(h.y - k.y);
                x * x + 3 * y * y
            }
        }
    }

    /// Neighbours on the map, in direction order.
    pub fn neighbours(&self, c: Cell) -> Vec<Cell> {
        self.neighbours_iter(c).collect()
    }

    /// Neighbours on the map, in direction order, without allocating.
    pub fn neighbours_iter(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        (0..self.directions())
            .map(move |d| self.step(c, d))
            .filter(|n| self.contains(*n))
    }

    /// Distance in steps.
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        match self.kind {
            GridKind::Square => (a.x - b.x).unsigned_abs().max((a.y - b.y).unsigned_abs()),
            GridKind::Hex => Self::to_hex(a).unsigned_distance_to(Self::to_hex(b)),
        }
    }

    /// Every on-map cell within `range` steps of `c`, `c` included, in row-major order.
    ///
    /// Built from [`Grid::within_rows`]' runs, which come in that order already.
    pub fn within(&self, c: Cell, range: u32) -> Vec<Cell> {
        let side = 2 * u64::from(range.min(i32::MAX as u32 / 4)) + 1;
        let map = (self.width.max(0) as u64) * (self.height.max(0) as u64);
        let mut out = Vec::with_capacity((side * side).min(map) as usize);
        self.within_rows(c, range, |y, x0, x1| {
            out.extend((x0..=x1).map(|x| Cell::new(x, y)));
        });
        out
    }

    /// The on-map cells of [`Grid::within`] row by row, without allocating: for each row
    /// `y` within `range` of `c`, `f(y, first_x, last_x)` (the cells in range of a row are
    /// one run). Rows come top to bottom.
    pub fn within_rows(&self, c: Cell, range: u32, mut f: impl FnMut(i32, i32, i32)) {
        let r = range.min(i32::MAX as u32 / 4) as i32;
        let h = Self::to_hex(c);
        // Only the map's rows.
        for dy in (-r).max(c.y.saturating_neg())..=r.min((self.height - 1).saturating_sub(c.y)) {
            let y = c.y + dy;
            let (x0, x1) = match self.kind {
                GridKind::Square => (c.x - r, c.x + r),
                // Axial: along a row `q` runs over `max(−r, −dy−r) ..= min(r, r−dy)`.
                GridKind::Hex => (
                    Self::from_hex(Hex::new(h.x + (-r).max(-dy - r), h.y + dy)).x,
                    Self::from_hex(Hex::new(h.x + r.min(r - dy), h.y + dy)).x,
                ),
            };
            let (x0, x1) = (x0.max(0), x1.min(self.width - 1));
            if x0 <= x1 {
                f(y, x0, x1);
            }
        }
    }

    /// The cells on a straight line from `a` to `b`, both included.
    pub fn line(&self, a: Cell, b: Cell) -> Vec<Cell> {
        let mut out = Vec::with_capacity(self.distance(a, b) as usize + 1);
        self.walk_line(a, b, |c| {
            out.push(c);
            true
        });
        out
    }

    /// Visit the cells of [`Grid::line`] in order without allocating, until `f` says
    /// stop (`false`). Returns whether every cell was visited. (How a line is drawn on
    /// each grid: `grid/line.rs`.)
    pub fn walk_line(&self, a: Cell, b: Cell, f: impl FnMut(Cell) -> bool) -> bool {
        self.walk_line_part(a, b, false, f)
    }

    /// Does any cell strictly between `a` and `b` on [`Grid::line`] pass `f`? Walked in
    /// order, stopping at the first that does, without allocating (cover and
    /// line-of-sight checks).
    pub fn line_between_any(&self, a: Cell, b: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
        !self.walk_line_part(a, b, true, |c| !f(c))
    }

    /// The cell opposite `from` across `pivot`: `pivot + (pivot - from)`.
    ///
    /// Used for flanking ("exact opposite squares") and for shoves. May be off the map.
    pub fn opposite(&self, from: Cell, pivot: Cell) -> Cell {
        match self.kind {
            GridKind::Square => Cell::new(2 * pivot.x - from.x, 2 * pivot.y - from.y),
            GridKind::Hex => {
                let p = Self::to_hex(pivot);
                Self::from_hex(p + (p - Self::to_hex(from)))
            }
        }
    }

    /// Cheapest-cost search from `start` over cells whose cost of entering the closure
    /// gives (`None` = cannot enter; costs below 1 count as 1). Explores only up to
    /// `budget`. The closure is asked at most once per cell.
    ///
    /// Returns for every reached cell its cost and predecessor (a [`Field`]: dense arrays
    /// over the searched part of the map, read in a fixed order, so the result never
    /// depends on hashing).
    pub fn field(&self, start: Cell, budget: u32, cost: impl Fn(Cell) -> Option<u32>) -> Field {
        self.search(start, &[], budget, cost)
    }

    /// The cheapest path from `start` to `goal` (both included) and its cost, within
    /// `budget`. `None` when the goal cannot be reached for that budget. Of several
    /// equally cheap paths it is the straightest (see [`Field::path_to`]).
    pub fn path(
        &self,
        start: Cell,
        goal: Cell,
        budget: u32,
        cost: impl Fn(Cell) -> Option<u32>,
    ) -> Option<(Vec<Cell>, u32)> {
        self.search(start, &[goal], budget, cost).path_to(goal)
    }

    /// The cheapest of `goals` to reach from `start` within `budget` (the smallest cell
    /// on a tie) and the path there with its cost.
    pub fn nearest(
        &self,
        start: Cell,
        goals: &[Cell],
        budget: u32,
        cost: impl Fn(Cell) -> Option<u32>,
    ) -> Option<(Vec<Cell>, u32)> {
        let f = self.search(start, goals, budget, cost);
        let &last = f.a.settled.last()?;
        let goal = f.cell_of(last as usize);
        if !goals.contains(&goal) {
            return None;
        }
        f.path_to(goal)
    }
}

/// The neighbour offsets of a hex cell on an even row and on an odd row, in hexx's
/// direction order (computed once from hexx itself).
fn hex_offsets() -> &'static [[(i32, i32); 6]; 2] {
    static OFFSETS: std::sync::OnceLock<[[(i32, i32); 6]; 2]> = std::sync::OnceLock::new();
    OFFSETS.get_or_init(|| {
        let mut out = [[(0, 0); 6]; 2];
        for (parity, row) in out.iter_mut().enumerate() {
            let c = Cell::new(2, 2 + parity as i32);
            let h = Grid::to_hex(c);
            for (d, o) in row.iter_mut().enumerate() {
                let n = Grid::from_hex(h.all_neighbors()[d]);
                *o = (n.x - c.x, n.y - c.y);
            }
        }
        out
    })
}

#[cfg(test)]
#[path = "grid_tests.rs"]
mod tests;
