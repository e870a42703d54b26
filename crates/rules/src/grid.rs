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

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use hexx::{Hex, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

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
                let h = Self::to_hex(c);
                Self::from_hex(h.all_neighbors()[dir % 6])
            }
        }
    }

    /// The direction index from `from` to an adjacent `to`, if adjacent.
    pub fn direction_to(&self, from: Cell, to: Cell) -> Option<usize> {
        (0..self.directions()).find(|&d| self.step(from, d) == to)
    }

    /// Neighbours on the map, in direction order.
    pub fn neighbours(&self, c: Cell) -> Vec<Cell> {
        (0..self.directions())
            .map(|d| self.step(c, d))
            .filter(|n| self.contains(*n))
            .collect()
    }

    /// Distance in steps.
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        match self.kind {
            GridKind::Square => (a.x - b.x).unsigned_abs().max((a.y - b.y).unsigned_abs()),
            GridKind::Hex => Self::to_hex(a).unsigned_distance_to(Self::to_hex(b)),
        }
    }

    /// Every on-map cell within `range` steps of `c`, `c` included, in row-major order.
    pub fn within(&self, c: Cell, range: u32) -> Vec<Cell> {
        let mut out: Vec<Cell> = match self.kind {
            GridKind::Square => {
                let r = range as i32;
                (c.y - r..=c.y + r)
                    .flat_map(|y| (c.x - r..=c.x + r).map(move |x| Cell::new(x, y)))
                    .collect()
            }
            GridKind::Hex => Self::to_hex(c).range(range).map(Self::from_hex).collect(),
        };
        out.retain(|n| self.contains(*n));
        out.sort_by_key(|n| (n.y, n.x));
        out
    }

    /// The cells on a straight line from `a` to `b`, both included.
    pub fn line(&self, a: Cell, b: Cell) -> Vec<Cell> {
        match self.kind {
            GridKind::Hex => Self::to_hex(a)
                .line_to(Self::to_hex(b))
                .map(Self::from_hex)
                .collect(),
            GridKind::Square => {
                let n = self.distance(a, b) as i32;
                if n == 0 {
                    return vec![a];
                }
                (0..=n)
                    .map(|i| {
                        let t = i as f64 / n as f64;
                        let x = a.x as f64 + (b.x - a.x) as f64 * t;
                        let y = a.y as f64 + (b.y - a.y) as f64 * t;
                        // Nudge ties the same way every time.
                        Cell::new((x + 1e-6).round() as i32, (y + 1e-6).round() as i32)
                    })
                    .collect()
            }
        }
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

    /// Cheapest-cost search from `start` over cells whose step cost the closure gives
    /// (`None` = cannot enter). Costs must be ≥ 1. Explores only up to `budget`.
    ///
    /// Returns for every reached cell its cost and predecessor, in a `BTreeMap` so the
    /// result never depends on hashing.
    pub fn field(
        &self,
        start: Cell,
        budget: u32,
        cost: impl Fn(Cell, Cell) -> Option<u32>,
    ) -> BTreeMap<Cell, (u32, Cell)> {
        let mut best: BTreeMap<Cell, (u32, Cell)> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        best.insert(start, (0, start));
        heap.push(Reverse((0u32, start)));
        while let Some(Reverse((d, c))) = heap.pop() {
            if best.get(&c).is_some_and(|&(bd, _)| bd < d) {
                continue;
            }
            for n in self.neighbours(c) {
                let Some(step) = cost(c, n) else { continue };
                let nd = d + step.max(1);
                if nd > budget {
                    continue;
                }
                let better = best.get(&n).is_none_or(|&(old, _)| nd < old);
                if better {
                    best.insert(n, (nd, c));
                    heap.push(Reverse((nd, n)));
                }
            }
        }
        best
    }

    /// The cheapest path from `start` to `goal` (both included) and its cost, within
    /// `budget`. `None` when the goal cannot be reached for that budget.
    pub fn path(
        &self,
        start: Cell,
        goal: Cell,
        budget: u32,
        cost: impl Fn(Cell, Cell) -> Option<u32>,
    ) -> Option<(Vec<Cell>, u32)> {
        let field = self.field(start, budget, cost);
        path_from_field(&field, start, goal)
    }
}

/// Rebuild the path to `goal` from a [`Grid::field`] result.
pub fn path_from_field(
    field: &BTreeMap<Cell, (u32, Cell)>,
    start: Cell,
    goal: Cell,
) -> Option<(Vec<Cell>, u32)> {
    let &(total, _) = field.get(&goal)?;
    let mut path = vec![goal];
    let mut c = goal;
    while c != start {
        let &(_, prev) = field.get(&c)?;
        path.push(prev);
        c = prev;
    }
    path.reverse();
    Some((path, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_roundtrip_offset() {
        for c in Grid::new(GridKind::Hex, 7, 7).cells() {
            assert_eq!(Grid::from_hex(Grid::to_hex(c)), c);
        }
    }
}
