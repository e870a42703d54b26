//! What the battle keeps between a search and the command that uses it (the engine's
//! `reachable` → `Move`): plain data here, so `battle` needs nothing of `engine`.

use crate::components::UnitId;
use crate::grid::Cell;

/// What a movement field was searched for: the unit, its cell, its budget and what
/// difficult terrain costs it (`Battle::mover_cost`'s inputs besides the cell index
/// and the terrain, which change only by events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveKey {
    pub(crate) unit: UnitId,
    pub(crate) from: Cell,
    pub(crate) budget: u32,
    pub(crate) difficult: u32,
}

/// The last movement field searched and what for (kept in the battle until its next
/// event).
#[derive(Debug)]
pub(crate) struct MoveField {
    pub(crate) key: MoveKey,
    pub(crate) field: crate::grid::Field,
}
