//! The cells an area ability covers, on both grids: a burst around a cell, a line and a
//! cone from the caster toward a cell. Pure geometry over [`Grid`]; what blocks an area
//! (walls, line of effect) and whom it hits are the caller's.

use serde::{Deserialize, Serialize};

use crate::grid::{Cell, Grid, GridKind};

/// An area's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Every cell within `radius` steps of the aimed cell, that cell included.
    Burst {
        /// Steps from the centre.
        radius: u32,
    },
    /// `length` cells from the caster straight toward the aimed cell (and on past it),
    /// the caster's own cell left out.
    Line {
        /// Cells.
        length: u32,
    },
    /// A wedge from the caster toward the aimed cell, `length` steps deep: the cells
    /// whose direction from the caster is within 30° of the aim on hexes (a 60° cone:
    /// along a hex direction 1, 3, 3, 5, 5 … cells a step) and within 45° on squares (a
    /// quarter, the usual square template: 3, 5, 7 …), edges included; the caster's own
    /// cell left out.
    Cone {
        /// Steps from the caster.
        length: u32,
    },
}

impl Shape {
    /// How far from the caster the area reaches beyond the aimed cell (a burst's radius;
    /// lines and cones start at the caster).
    pub fn radius(self) -> u32 {
        match self {
            Shape::Burst { radius } => radius,
            Shape::Line { .. } | Shape::Cone { .. } => 0,
        }
    }

    /// The farthest from the caster any cell of this area aimed at most `range` from it
    /// lies (a burst: range + radius; a line or a cone: its length, as both start at the
    /// caster and a line steps one cell at a time).
    pub fn farthest(self, range: u32) -> u32 {
        match self {
            Shape::Burst { radius } => range.saturating_add(radius),
            Shape::Line { length } | Shape::Cone { length } => length,
        }
    }
}

/// The on-map cells `shape` covers when `caster` aims it at `aim`, in cell order.
/// A line or cone aimed at the caster's own cell covers nothing.
pub fn cells(grid: &Grid, caster: Cell, aim: Cell, shape: Shape) -> Vec<Cell> {
    let mut out = match shape {
        Shape::Burst { radius } => grid.within(aim, radius),
        Shape::Line { length } => line(grid, caster, aim, length),
        Shape::Cone { length } => cone(grid, caster, aim, length),
    };
    out.retain(|c| grid.contains(*c));
    out.sort();
    out.dedup();
    out
}

/// A cell's centre in plane coordinates where angles are true (hexes pointy-top, unit
/// size).
fn centre(kind: GridKind, c: Cell) -> (f64, f64) {
    match kind {
        GridKind::Square => (f64::from(c.x), f64::from(c.y)),
        GridKind::Hex => {
            let h = Grid::to_hex(c);
            let (q, r) = (f64::from(h.x), f64::from(h.y));
            (3f64.sqrt() * (q + r / 2.0), 1.5 * r)
        }
    }
}

fn line(grid: &Grid, caster: Cell, aim: Cell, length: u32) -> Vec<Cell> {
    let d = grid.distance(caster, aim);
    if d == 0 || length == 0 {
        return Vec::new();
    }
    // Aim past the target cell far enough for the whole length, along the same vector.
    let k = length.div_ceil(d).max(1) as i32;
    let far = match grid.kind {
        GridKind::Square => Cell::new(
            caster.x + (aim.x - caster.x) * k,
            caster.y + (aim.y - caster.y) * k,
        ),
        GridKind::Hex => {
            let (c, a) = (Grid::to_hex(caster), Grid::to_hex(aim));
            Grid::from_hex(c + (a - c) * k)
        }
    };
    let mut out = Vec::new();
    grid.walk_line(caster, far, |c| {
        if c != caster {
            out.push(c);
        }
        out.len() < length as usize
    });
    out
}

fn cone(grid: &Grid, caster: Cell, aim: Cell, length: u32) -> Vec<Cell> {
    let Some(cone) = Cone::new(grid, caster, aim, length) else {
        return Vec::new();
    };
    grid.within(caster, length)
        .into_iter()
        .filter(|&c| cone.holds_within(c))
        .collect()
}

/// A cone aimed once, asked of many cells: [`cells`]' answer for a `Shape::Cone` cell by
/// cell, without listing the cells (the same angle test, so the same answer).
#[derive(Clone, Copy, Debug)]
pub struct Cone {
    kind: GridKind,
    caster: Cell,
    origin: (f64, f64),
    dir: f64,
    half: f64,
    length: u32,
}

impl Cone {
    /// The cone `caster` aims at `aim`, `length` steps deep; `None` when it covers
    /// nothing (aimed at the caster's own cell, or no length).
    pub fn new(grid: &Grid, caster: Cell, aim: Cell, length: u32) -> Option<Cone> {
        if caster == aim || length == 0 {
            return None;
        }
        let half = match grid.kind {
            GridKind::Hex => 30f64,
            GridKind::Square => 45f64,
        }
        .to_radians();
        let (ox, oy) = centre(grid.kind, caster);
        let (ax, ay) = centre(grid.kind, aim);
        Some(Cone {
            kind: grid.kind,
            caster,
            origin: (ox, oy),
            dir: (ay - oy).atan2(ax - ox),
            half,
            length,
        })
    }

    /// Does the cone cover `c` (on the map, within its length, not the caster's cell,
    /// within its angle)?
    pub fn holds(&self, grid: &Grid, c: Cell) -> bool {
        grid.contains(c) && grid.distance(self.caster, c) <= self.length && self.holds_within(c)
    }

    /// [`Self::holds`] for a cell already known to be on the map within its length.
    fn holds_within(&self, c: Cell) -> bool {
        if c == self.caster {
            return false;
        }
        let (ox, oy) = self.origin;
        let (x, y) = centre(self.kind, c);
        let mut a = (y - oy).atan2(x - ox) - self.dir;
        while a > std::f64::consts::PI {
            a -= std::f64::consts::TAU;
        }
        while a < -std::f64::consts::PI {
            a += std::f64::consts::TAU;
        }
        // A hair of slack keeps the cells exactly on the edge.
        a.abs() <= self.half + 1e-9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(kind: GridKind) -> Grid {
        Grid {
            kind,
            width: 15,
            height: 15,
        }
    }

    #[test]
    fn a_burst_is_every_cell_within_its_radius_on_both_grids() {
        let g = grid(GridKind::Square);
        let c = Cell::new(7, 7);
        assert_eq!(
            cells(&g, Cell::new(0, 0), c, Shape::Burst { radius: 1 }).len(),
            9
        );
        assert_eq!(
            cells(&g, Cell::new(0, 0), c, Shape::Burst { radius: 2 }).len(),
            25
        );
        let h = grid(GridKind::Hex);
        assert_eq!(
            cells(&h, Cell::new(0, 0), c, Shape::Burst { radius: 1 }).len(),
            7
        );
        assert_eq!(
            cells(&h, Cell::new(0, 0), c, Shape::Burst { radius: 2 }).len(),
            19
        );
        // Cut by the map's edge.
        assert_eq!(
            cells(
                &g,
                Cell::new(5, 5),
                Cell::new(0, 0),
                Shape::Burst { radius: 1 }
            )
            .len(),
            4
        );
    }

    #[test]
    fn a_line_runs_its_length_from_the_caster_past_the_aimed_cell() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let g = grid(kind);
            let (from, aim) = (Cell::new(2, 7), Cell::new(4, 7));
            let l = cells(&g, from, aim, Shape::Line { length: 5 });
            assert_eq!(l.len(), 5, "{kind:?}: {l:?}");
            assert!(!l.contains(&from));
            assert!(l.contains(&aim));
            for c in &l {
                assert_eq!(c.y, 7, "{kind:?}: a row stays a row: {l:?}");
            }
            assert_eq!(l.iter().map(|c| g.distance(from, *c)).max(), Some(5));
            assert!(cells(&g, from, from, Shape::Line { length: 5 }).is_empty());
        }
    }

    #[test]
    fn a_cone_widens_one_cell_a_step_on_hexes_and_is_a_quarter_on_squares() {
        let h = grid(GridKind::Hex);
        let from = Cell::new(3, 7);
        let aim = Cell::new(4, 7);
        let c = cells(&h, from, aim, Shape::Cone { length: 3 });
        // Per step from the caster along a hex direction: 1 (the neighbours beside it are
        // at 60°), then 3 (the middle one and the two exactly on the 30° edges), then 3
        // (0° and ±19°; the cells at ±41° fall outside), then 5.
        let c4 = cells(&h, from, aim, Shape::Cone { length: 4 });
        let per: Vec<usize> = (1..=4)
            .map(|d| c4.iter().filter(|x| h.distance(from, **x) == d).count())
            .collect();
        assert_eq!(per, [1, 3, 3, 5], "{c4:?}");
        assert_eq!(c.len(), 7);
        assert!(!c.contains(&from));
        let s = grid(GridKind::Square);
        let c = cells(
            &s,
            Cell::new(3, 7),
            Cell::new(4, 7),
            Shape::Cone { length: 2 },
        );
        // Toward +x, ±45°: (4,6..8) at one step, (5,5..9) at two.
        assert_eq!(c.len(), 3 + 5, "{c:?}");
        assert!(c.iter().all(|x| x.x > 3));
        assert!(
            cells(
                &s,
                Cell::new(3, 7),
                Cell::new(3, 7),
                Shape::Cone { length: 2 }
            )
            .is_empty()
        );
    }

    #[test]
    fn a_cone_asked_cell_by_cell_covers_the_cells_it_lists() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let g = grid(kind);
            let from = Cell::new(7, 7);
            for aim in g.within(from, 4) {
                for length in 0..=5 {
                    let listed = cells(&g, from, aim, Shape::Cone { length });
                    let cone = Cone::new(&g, from, aim, length);
                    for c in g.within(from, 9).into_iter().chain([Cell::new(-1, 7)]) {
                        let held = cone.is_some_and(|k| k.holds(&g, c));
                        assert_eq!(
                            held,
                            listed.contains(&c),
                            "{kind:?} aim {aim:?} length {length} cell {c:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn no_cell_of_an_area_aimed_in_range_lies_past_its_farthest() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let g = grid(kind);
            for from in [Cell::new(7, 7), Cell::new(1, 2), Cell::new(14, 0)] {
                for range in 0..=6 {
                    for n in 0..=5 {
                        for shape in [
                            Shape::Burst { radius: n },
                            Shape::Line { length: n },
                            Shape::Cone { length: n },
                        ] {
                            let far = shape.farthest(range);
                            for aim in g.within(from, range) {
                                for c in cells(&g, from, aim, shape) {
                                    assert!(
                                        g.distance(from, c) <= far,
                                        "{kind:?} {shape:?} from {from:?} at {aim:?}: {c:?}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
