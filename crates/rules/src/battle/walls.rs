//! Where the walls are, counted over rectangles (issue 34): a line of sight whose cells
//! all lie in a rectangle with no wall is clear without walking it
//! ([`Battle::clear_line`]).
//!
//! The counts are sums over every rectangle from the map's corner (a summed-area table),
//! built on first use and dropped by `apply` when the terrain changes (the one event
//! that changes it, `TerrainChanged`); a battle rebuilt from its log starts without.

use super::Battle;
use crate::grid::Cell;
use crate::level::Terrain;

impl Battle {
    /// The walls on the cells `x0..=x1` × `y0..=y1` (clamped to the map; 0 when nothing
    /// of it is on the map).
    pub(crate) fn walls_in(&self, (x0, y0): (i32, i32), (x1, y1): (i32, i32)) -> u32 {
        let g = self.level.grid;
        let (x0, y0) = (x0.max(0), y0.max(0));
        let (x1, y1) = (x1.min(g.width - 1), y1.min(g.height - 1));
        if x0 > x1 || y0 > y1 {
            return 0;
        }
        let sums = self.walls.get_or_init(|| self.wall_sums());
        // Row stride of the table: one more than the map's width (a zero row and column).
        let w = g.width as usize + 1;
        let at = |x: i32, y: i32| sums[y as usize * w + x as usize];
        at(x1 + 1, y1 + 1) + at(x0, y0) - at(x0, y1 + 1) - at(x1 + 1, y0)
    }

    /// The summed-area table of the walls: entry `(x, y)` counts the walls on the cells
    /// left of `x` and above `y`.
    fn wall_sums(&self) -> Vec<u32> {
        let g = self.level.grid;
        let (w, h) = (g.width.max(0) as usize, g.height.max(0) as usize);
        let mut sums = vec![0u32; (w + 1) * (h + 1)];
        for y in 0..h {
            let mut row = 0;
            for x in 0..w {
                row += u32::from(self.terrain(Cell::new(x as i32, y as i32)) == Terrain::Wall);
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
            }
        }
        sums
    }
}
