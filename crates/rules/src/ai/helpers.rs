//! The allies that help against each foe a decision weighs (flow's gang-up, tactical-d20's
//! flanking): the cells of `u`'s allies that threaten it, looked up once per decision.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::grid::Cell;

/// For each foe, the cells of `u`'s allies that threaten it (computed once per decision).
pub(super) fn helpers(b: &Battle, u: UnitId, foes: &[UnitId]) -> Vec<Vec<Cell>> {
    // The allies that threaten each foe, in level order: those [`Battle::threatening`]
    // gives (a living unit whose threat reaches the foe's cell). With few allies, each
    // is looked up once for all the foes; with many, through the cell index per foe.
    if foes.is_empty() {
        return Vec::new();
    }
    let grid = b.grid();
    // The allies able to threaten, looked up only until there are too many to list
    // (a big army: the cell index serves then, and no other ally's threat is asked).
    let mut allies: Vec<(Cell, u32)> = Vec::new();
    let mut many = false;
    for a in b.units().filter(|&a| a != u && !b.enemies(u, a)) {
        let t = b.threat(a);
        if t > 0 {
            if allies.len() == FEW_ALLIES {
                many = true;
                break;
            }
            allies.push((b.pos(a), t));
        }
    }
    if many {
        return foes
            .iter()
            .map(|&e| {
                b.threatening(b.pos(e))
                    .into_iter()
                    .filter(|&a| a != u && !b.enemies(u, a))
                    .map(|a| b.pos(a))
                    .collect()
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
