//! melee-zone's facing and flanking: "When attacking a unit from behind, you gain a +1
//! bonus to accuracy." A unit faces one of the grid's neighbour directions (the engine's
//! `Facing`, set from the log: a step turns the mover its way, an attack turns the
//! attacker toward its target; a level may set where it faces first). "Behind" is its
//! three rear directions on squares (the back cell and the two beside it), the back hex
//! and its two neighbours on hexes.

use crate::battle::Battle;
use crate::components::{Facing, UnitId};
use crate::dice::{ModKind, Modifier};
use crate::grid::{Cell, Grid, GridKind};

/// "you gain a +1 bonus to accuracy".
pub const FLANKING: i32 = 1;

/// The direction `u` faces (`0..directions()`).
pub fn facing(b: &Battle, u: UnitId) -> usize {
    b.get::<Facing>(u).map_or(0, |f| f.0 as usize) % b.grid().directions()
}

/// Is `cell` behind `u`: the direction from `u` toward it ([`crate::grid::Grid::direction_toward`],
/// the step that comes nearest) is its back direction or one beside it?
pub fn behind(b: &Battle, u: UnitId, cell: Cell) -> bool {
    let grid = b.grid();
    let n = grid.directions();
    let Some(d) = toward(&grid, b.pos(u), cell) else {
        return false;
    };
    let back = (b.get::<Facing>(u).map_or(0, |f| f.0 as usize) % n + n / 2) % n;
    // How many directions apart, either way round.
    let apart = (d + n - back) % n;
    apart.min(n - apart) <= 1
}

/// The offsets [`toward`] remembers: `-REACH..=REACH` columns and rows either way.
const REACH: i32 = 15;
const SIDE: usize = (2 * REACH + 1) as usize;
/// Not worked out yet.
const UNKNOWN: u8 = u8::MAX;
/// The same cell (`direction_toward` gives `None`).
const SAME: u8 = u8::MAX - 1;

thread_local! {
    /// [`Grid::direction_toward`] by grid kind, the starting row's parity and the offset:
    /// on squares the answer moves with both cells; on hexes (odd-r offsets) it moves
    /// with them when the rows move by an even number, so the row's parity and the
    /// offset fix it. The AI asks "behind?" for every attacker and target it weighs.
    static TOWARD: std::cell::RefCell<Vec<u8>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// [`Grid::direction_toward`], remembered by what it depends on (see [`TOWARD`]); far
/// offsets are worked out each time.
pub fn toward(grid: &Grid, from: Cell, to: Cell) -> Option<usize> {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if dx.abs() > REACH || dy.abs() > REACH {
        return grid.direction_toward(from, to);
    }
    let kind = usize::from(grid.kind == GridKind::Hex);
    let parity = (from.y & 1) as usize;
    let i = ((kind * 2 + parity) * SIDE + (dy + REACH) as usize) * SIDE + (dx + REACH) as usize;
    TOWARD.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(4 * SIDE * SIDE, UNKNOWN);
        }
        match m[i] {
            SAME => None,
            UNKNOWN => {
                let d = grid.direction_toward(from, to);
                m[i] = d.map_or(SAME, |d| d as u8);
                d
            }
            d => Some(usize::from(d)),
        }
    })
}

/// Flanking's +1 to `attacker`'s attack roll when it attacks `target` from behind.
pub fn flanking(b: &Battle, attacker: UnitId, target: UnitId) -> Option<Modifier> {
    behind(b, target, b.pos(attacker))
        .then(|| Modifier::new(ModKind::Flanking, "from behind", FLANKING))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The remembered direction is the grid's own for every pair of cells on a 24×24 map
    /// (far offsets included), square and hex, asked in two orders so answers come both
    /// worked out and remembered.
    #[test]
    fn toward_is_the_grids_direction_toward() {
        for kind in [GridKind::Square, GridKind::Hex] {
            let g = Grid::new(kind, 24, 24);
            for round in 0..2 {
                for a in g.cells() {
                    for c in g.cells() {
                        let (from, to) = if round == 0 { (a, c) } else { (c, a) };
                        assert_eq!(
                            toward(&g, from, to),
                            g.direction_toward(from, to),
                            "{kind:?} {from:?} -> {to:?}"
                        );
                    }
                }
            }
        }
    }
}
