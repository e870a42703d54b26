//! melee-zone's facing and flanking: "When attacking a unit from behind, you gain a +1
//! bonus to accuracy." A unit faces one of the grid's neighbour directions (the engine's
//! `Facing`, set from the log: a step turns the mover its way, an attack turns the
//! attacker toward its target; a level may set where it faces first). "Behind" is its
//! three rear directions on squares (the back cell and the two beside it), the back hex
//! and its two neighbours on hexes.

use crate::battle::Battle;
use crate::components::{Facing, UnitId};
use crate::dice::{ModKind, Modifier};
use crate::grid::Cell;

/// "you gain a +1 bonus to accuracy".
pub const FLANKING: i32 = 1;

/// The direction `u` faces (`0..directions()`).
pub fn facing(b: &Battle, u: UnitId) -> usize {
    b.get::<Facing>(u).map_or(0, |f| f.0 as usize) % b.grid().directions()
}

/// Is `cell` behind `u`: the direction from `u` toward it ([`crate::grid::Grid::direction_toward`],
/// the step that comes nearest) is its back direction or one beside it?
pub fn behind(b: &Battle, u: UnitId, cell: Cell) -> bool {
    let n = b.grid().directions();
    let Some(d) = b.grid().direction_toward(b.pos(u), cell) else {
        return false;
    };
    let back = (facing(b, u) + n / 2) % n;
    // How many directions apart, either way round.
    let apart = (d + n - back) % n;
    apart.min(n - apart) <= 1
}

/// Flanking's +1 to `attacker`'s attack roll when it attacks `target` from behind.
pub fn flanking(b: &Battle, attacker: UnitId, target: UnitId) -> Option<Modifier> {
    behind(b, target, b.pos(attacker))
        .then(|| Modifier::new(ModKind::Flanking, "from behind", FLANKING))
}
