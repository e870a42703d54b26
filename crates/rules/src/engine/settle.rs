//! Moves cut short on another unit's cell: a mover may pass an ally, never stop on it.

use super::Frame;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::event::Event;
use crate::grid::Cell;

impl Battle {
    /// A move of `unit` along `held` (the cells it has stepped on so far, start first)
    /// ends here. If it stands on a cell someone else holds (it was passing an ally when
    /// it was blocked, tripped or grappled), it goes back to the last of those cells it
    /// would hold alone; if another unit has taken every one of them since, to the
    /// nearest free cell. Provokes nothing, costs nothing.
    pub(crate) fn fall_back(&mut self, unit: UnitId, held: &[Cell]) {
        if !self.alive(unit) {
            return;
        }
        let here = self.pos(unit);
        if self.unit_at(here, Some(unit)).is_none() {
            return;
        }
        let free = |b: &Battle, c: Cell| {
            b.grid().contains(c)
                && b.terrain(c).cost().is_some()
                && b.unit_at(c, Some(unit)).is_none()
        };
        let to = held
            .iter()
            .rev()
            .copied()
            .find(|&c| free(self, c))
            .or_else(|| {
                let grid = self.grid();
                grid.cells()
                    .filter(|&c| free(self, c))
                    .min_by_key(|&c| (grid.distance(here, c), c))
            });
        if let Some(to) = to {
            self.emit(Event::FellBack {
                unit,
                from: here,
                to,
            });
        }
    }

    /// Stop every move of `unit` still under way (it was tripped, grappled or shoved
    /// mid-move): its `Move` frames leave the stack, and it falls back off a shared cell (along the
    /// path of the newest).
    pub(crate) fn halt_moves(&mut self, unit: UnitId) {
        let mut held: Option<Vec<Cell>> = None;
        self.stack.retain(|f| match f {
            Frame::Move {
                unit: u,
                path,
                next,
                ..
            } if *u == unit => {
                held = Some(path[..(*next).min(path.len())].to_vec());
                false
            }
            _ => true,
        });
        if let Some(held) = held {
            self.fall_back(unit, &held);
        }
    }
}
