//! Where the walls are, when there are few (issue 34): a line of sight whose cells all
//! lie in a rectangle with no wall is clear without walking it ([`Battle::clear_line`]).
//!
//! The cells of the walls are listed when the battle is set up (the level's terrain)
//! and kept by `apply` as `TerrainChanged` events raise or clear walls; a battle rebuilt
//! from its log lists them again. A map of many walls is not asked this way at all.

use super::Battle;
use crate::grid::Cell;
use crate::level::Terrain;

/// Up to this many walls, a rectangle is looked for walls in their list
/// ([`Battle::no_wall_in`]); with more, never.
pub(crate) const FEW_WALLS: usize = 32;

impl Battle {
    /// The cells of the walls of `terrain` (row-major, of the battle's map), listed only
    /// up to [`FEW_WALLS`] and one more (the one more says "many").
    pub(super) fn list_walls(grid: crate::grid::Grid, terrain: &[Terrain]) -> Vec<Cell> {
        let w = grid.width.max(1) as usize;
        terrain
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t == Terrain::Wall)
            .take(FEW_WALLS + 1)
            .map(|(i, _)| Cell::new((i % w) as i32, (i / w) as i32))
            .collect()
    }

    /// Keep the list of walls as `cell` turns from `from` into `to`. Past
    /// [`FEW_WALLS`] the list is not kept exactly (it is never read then): listed again
    /// from the terrain when a wall is cleared.
    pub(super) fn wall_changed(&mut self, cell: Cell, from: Terrain, to: Terrain) {
        let wall = Terrain::Wall;
        if (from == wall) != (to == wall) {
            self.forget_lines();
        }
        if from == wall && to != wall {
            if self.walls.len() > FEW_WALLS {
                self.walls = Battle::list_walls(self.level.grid, &self.terrain);
            } else {
                self.walls.retain(|&c| c != cell);
            }
        } else if to == wall && from != wall && self.walls.len() <= FEW_WALLS {
            self.walls.push(cell);
        }
    }

    /// Whether no wall stands on the cells `x0..=x1` × `y0..=y1`, known only when the
    /// map has few walls (`false` otherwise).
    pub(crate) fn no_wall_in(&self, (x0, y0): (i32, i32), (x1, y1): (i32, i32)) -> bool {
        self.walls.len() <= FEW_WALLS
            && !self
                .walls
                .iter()
                .any(|c| c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1)
    }

    /// How many walls the map has, up to [`FEW_WALLS`] and one more.
    pub(crate) fn few_walls(&self) -> usize {
        self.walls.len()
    }
}
