//! The allies that help against each foe a decision weighs (flow's gang-up, tactical-d20's
//! flanking): the cells of `u`'s allies that threaten it, looked up once per decision.

use super::small::Small;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::grid::Cell;

/// For each foe, the cells of `u`'s allies that threaten it (computed once per decision),
/// in no set order.
pub(super) fn helpers(b: &Battle, u: UnitId, foes: &[UnitId]) -> Vec<Vec<Cell>> {
    // The allies that threaten each foe: those [`Battle::threatening`] gives (a living unit whose threat reaches the foe's cell). With few allies, each
    // is looked up once for all the foes; with many, through the cell index per foe.
    if foes.is_empty() {
        return Vec::new();
    }
    let grid = b.grid();
    // The allies able to threaten, looked up only until there are too many to list
    // (a big army: the cell index serves then, and no other ally's threat is asked).
    // (In place: at most `FEW_ALLIES`.)
    let mut allies: Small<(Cell, u32), FEW_ALLIES> =
        Small::with_capacity(FEW_ALLIES, (Cell::new(0, 0), 0));
    let mut many = false;
    for ally in b.threatening_allies(u) {
        if allies.len() == FEW_ALLIES {
            many = true;
            break;
        }
        allies.push(ally);
    }
    if many {
        // Through the cell index around each foe, without listing and sorting every
        // unit that threatens it (what [`crate::ai::value::support`] reads of the cells,
        // their number and whether one is opposite, does not depend on their order).
        return foes
            .iter()
            .map(|&e| {
                let mut cells = Vec::new();
                b.any_threatening(b.pos(e), |a| {
                    if a != u && !b.enemies(u, a) {
                        cells.push(b.pos(a));
                    }
                    false
                });
                cells
            })
            .collect();
    }
    foes.iter()
        .map(|&e| {
            let pe = b.pos(e);
            allies
                .iter()
                .filter(|&&(pa, t)| {
                    let d = grid.distance(pa, pe);
                    d >= 1 && d <= t
                })
                .map(|&(pa, _)| pa)
                .collect()
        })
        .collect()
}

/// Up to this many allies able to threaten, [`helpers`] looks each up once per decision
/// instead of asking the cell index around every foe.
const FEW_ALLIES: usize = 32;
