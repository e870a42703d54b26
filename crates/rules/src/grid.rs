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
pub use field::{Field, path_from_field};

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
    /// stop (`false`). Returns whether every cell was visited.
    ///
    /// Squares: step `i` of `n` is `a + (b − a)·i/n` rounded, halves rounding up, in
    /// exact integer arithmetic. Hexes: hexx's line (`Hex::line_to`: the axial point
    /// `a + (b − a)·i/n` and hexx's rounding), computed in fixed point (see
    /// [`hex_round_fixed`]): the same cells, one step at a time.
    pub fn walk_line(&self, a: Cell, b: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
        match self.kind {
            GridKind::Hex => {
                walk_hex_line(Self::to_hex(a), Self::to_hex(b), |h| f(Self::from_hex(h)))
            }
            GridKind::Square => {
                let n = self.distance(a, b) as i64;
                if n == 0 {
                    return f(a);
                }
                // Step `i`'s offset is `(2·d·i + n) div 2n` on each axis, kept as a
                // quotient and remainder: a step adds `2·d`, at most `2n` either way
                // (`|d| ≤ n`), so one correction keeps the remainder in `0..2n`.
                let (dx, dy) = (2 * i64::from(b.x - a.x), 2 * i64::from(b.y - a.y));
                let two_n = 2 * n;
                let (mut qx, mut rx, mut qy, mut ry) = (0i64, n, 0i64, n);
                let step = |q: &mut i64, r: &mut i64, d: i64| {
                    *r += d;
                    if *r >= two_n {
                        *r -= two_n;
                        *q += 1;
                    } else if *r < 0 {
                        *r += two_n;
                        *q -= 1;
                    }
                };
                for i in 0..=n {
                    if i > 0 {
                        step(&mut qx, &mut rx, dx);
                        step(&mut qy, &mut ry, dy);
                    }
                    if !f(Cell::new(a.x + qx as i32, a.y + qy as i32)) {
                        return false;
                    }
                }
                true
            }
        }
    }

    /// Does any cell strictly between `a` and `b` on [`Grid::line`] pass `f`? Walked in
    /// order, stopping at the first that does, without allocating (cover and
    /// line-of-sight checks).
    pub fn line_between_any(&self, a: Cell, b: Cell, mut f: impl FnMut(Cell) -> bool) -> bool {
        let last = self.distance(a, b);
        let mut i = 0u32;
        !self.walk_line(a, b, |c| {
            let inside = i > 0 && i < last;
            i += 1;
            !(inside && f(c))
        })
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
    fn search(
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

const UNREACHED: u32 = u32::MAX;

thread_local! {
    /// The search's buckets, kept with their allocations between searches on a thread
    /// (emptied at the start of each search).
    static SCRATCH: std::cell::RefCell<Buckets> = const {
        std::cell::RefCell::new(Buckets { bits: Vec::new(), span: Vec::new() })
    };
}

/// A search's buckets (see [`Grid::field`]'s search): per cost, a bit per slot and the
/// first and last word with a bit set (`(u32::MAX, 0)` when none).
#[derive(Default)]
struct Buckets {
    bits: Vec<u64>,
    span: Vec<(u32, u32)>,
}
/// Entry cost not asked yet / cannot enter.
const UNKNOWN: u32 = u32::MAX;
const BLOCKED: u32 = u32::MAX - 1;

/// The neighbour offsets of a hex cell on an even row and on an odd row, in hexx's
/// direction order (computed once from hexx itself).
/// Lines longer than this (`2 · largest |coordinate| · steps`) go through hexx's own
/// f32 line: below it f32's error stays under the fixed point's smallest step (see
/// [`hex_round_fixed`]), so both agree.
const HEX_LINE_EXACT: i64 = 1 << 19;

/// Walk hexx's line from `a` to `b` (the axial point `a·(1 − s) + b·s`, `s = i/n`,
/// rounded by `Hex::round`) in fixed point: the point of step `i` in units of
/// `1/(2n)` is `2n·a + 2(b − a)·i`, one addition per step. A cell whose rounding is an
/// exact tie (f32's error then decides it in hexx) is asked of hexx itself.
fn walk_hex_line(a: Hex, b: Hex, mut f: impl FnMut(Hex) -> bool) -> bool {
    let n = i64::from(a.unsigned_distance_to(b));
    if n == 0 {
        return f(a);
    }
    let largest = [a.x, a.y, b.x, b.y]
        .iter()
        .map(|v| i64::from(v.unsigned_abs()))
        .max()
        .unwrap_or(0);
    if 2 * largest * n > HEX_LINE_EXACT {
        return a.line_to(b).all(f);
    }
    let (dx, dy) = (2 * i64::from(b.x - a.x), 2 * i64::from(b.y - a.y));
    let (mut x, mut y) = (2 * n * i64::from(a.x), 2 * n * i64::from(a.y));
    for i in 0..=n {
        let h = hex_round_fixed(x, y, n).unwrap_or_else(|| a.lerp(b, i as f32 / n as f32));
        if !f(h) {
            return false;
        }
        x += dx;
        y += dy;
    }
    true
}

/// `Hex::round` of the axial point `(x, y) / (2n)`, exactly; `None` on a tie (a
/// coordinate halfway between two integers, equal remainders, or a second rounding
/// halfway), where hexx's answer depends on f32's error.
///
/// `Hex::round` rounds both coordinates, then moves the one with the larger remainder
/// `r` by `round(r + r'/2)` (`r'` the other remainder). Away from a tie the exact
/// quantities are at least `1/(4n)` from a rounding boundary, and hexx's f32 point is
/// off by at most about `4 · largest coordinate · 2⁻²⁴`, under that for lines below
/// [`HEX_LINE_EXACT`]: both round the same way.
pub(crate) fn hex_round_fixed(x: i64, y: i64, n: i64) -> Option<Hex> {
    let two_n = 2 * n;
    if x.rem_euclid(two_n) == n || y.rem_euclid(two_n) == n {
        return None;
    }
    let (mut xr, mut yr) = ((x + n).div_euclid(two_n), (y + n).div_euclid(two_n));
    // Remainders in units of 1/(2n), both in (−n, n).
    let (fx, fy) = (x - xr * two_n, y - yr * two_n);
    if fx.abs() == fy.abs() && fx != 0 {
        return None;
    }
    // `r + r'/2` in units of 1/(4n); |r + r'/2| < 3/4, so the rounding moves by at most 1.
    let (v, moved) = if fx.abs() >= fy.abs() {
        (2 * fx + fy, &mut xr)
    } else {
        (2 * fy + fx, &mut yr)
    };
    if v.abs() == two_n {
        return None;
    }
    if v > two_n {
        *moved += 1;
    } else if v < -two_n {
        *moved -= 1;
    }
    Some(Hex::new(xr as i32, yr as i32))
}

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
