//! What a move risks on the way: the reactions the cells it leaves provoke, and what the
//! ruleset says the cells it enters cost (`AiTactics::cell_risk`).

use std::collections::BTreeMap;

use super::attack_value;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::event::AttackKind;
use crate::grid::Cell;

/// For every cell of the field (by its slot, [`crate::grid::Field::slot_of`]: an array
/// the size of the search window, not of the map), the expected damage of the reactions
/// provoked on the way there: each cell left on the path adds the reaction attacks of
/// the enemies threatening it that may still react. The path is the search tree's (each
/// cell's predecessor), one of the cheapest, not always the straightest one the move
/// takes: summing along the tree is one pass over the field, while walking each cell's
/// straightest path back cost the AI half again its time (callgrind, 5 flow battles:
/// 172 M → 268 M instructions). An estimate either way: the foes may not react.
pub(super) fn path_risk(
    b: &Battle,
    u: UnitId,
    field: &crate::grid::Field,
    tactics: &dyn super::AiTactics,
) -> Vec<f64> {
    let grid = b.grid();
    // Who may react at all (of the foes it knows of: not a hidden one), and what each of
    // their weapons is worth against `u` (where they stand does not change while `u`
    // moves).
    // Only those that threaten some cell of the field: a cell left on the way is a
    // field cell, so a reactor farther from the start than the field's farthest cell
    // plus its reach provokes nowhere. Dropping them keeps the order, so every cell's
    // sum adds the same terms in the same order (the same bits), and the per-cell scan
    // looks at the foes near the unit only, however big the army.
    let here = field.start();
    let radius = field
        .settled()
        .map(|(c, _)| grid.distance(c, here))
        .max()
        .unwrap_or(0);
    let reactors: Vec<(Cell, u32, UnitId)> = b
        .leave_reactors_anywhere(u)
        .into_iter()
        .filter(|&r| !b.hidden(r))
        .map(|r| (b.pos(r), b.threat_reach(r), r))
        .filter(|&(pr, reach, _)| grid.distance(pr, here) <= radius.saturating_add(reach))
        .collect();
    let mut worth: BTreeMap<(UnitId, usize), f64> = BTreeMap::new();
    let mut provoke = |from: Cell| -> f64 {
        let mut sum = 0.0;
        for &(pr, reach, r) in &reactors {
            let d = grid.distance(pr, from);
            if d < 1 || d > reach {
                continue;
            }
            if let Some(w) = b.best_melee(r, d) {
                sum += *worth
                    .entry((r, w))
                    .or_insert_with(|| attack_value(b, r, u, w, AttackKind::Reaction));
            }
        }
        sum
    };
    let mut risk = vec![0.0; field.slots()];
    // Cheapest first: a cell's predecessor is always done already.
    for (c, (_, prev)) in field.settled() {
        if c == field.start() {
            continue;
        }
        if let (Some(i), Some(pi)) = (field.slot_of(c), field.slot_of(prev)) {
            risk[i] = risk[pi] + provoke(prev) + tactics.cell_risk(b, u, c);
        }
    }
    risk
}
