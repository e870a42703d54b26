//! What a move risks on the way: the reactions the cells it leaves provoke, and what the
//! ruleset says the cells it enters cost (`AiTactics::cell_risk`).

use std::collections::BTreeMap;

use super::attack_value;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::event::AttackKind;
use crate::grid::Cell;

/// The reactions a move of `u` through its field may provoke: who may react, and what
/// each reaction is worth, asked once per reactor and weapon ([`Provoked::path_risk`]).
pub(super) struct Provoked<'a> {
    b: &'a Battle,
    u: UnitId,
    /// Who may react (of the foes it knows of: not a hidden one), where it stands and
    /// its reach (where they stand does not change while `u` moves).
    reactors: Vec<(Cell, u32, UnitId)>,
    /// What each reactor's weapon is worth against `u`, once asked.
    worth: BTreeMap<(UnitId, usize), f64>,
}

impl<'a> Provoked<'a> {
    /// The reactors of a move of `u` (standing on `here`) of at most `radius` steps:
    /// only those that threaten some cell within it (a cell left on the way is a field
    /// cell, within the budget, so a reactor farther than that plus its reach provokes
    /// nowhere). Dropping them keeps the order, so every cell's sum adds the same terms
    /// in the same order (the same bits), and the per-cell scan looks at the foes near
    /// the unit only, however big the army.
    pub(super) fn new(b: &'a Battle, u: UnitId, here: Cell, radius: u32) -> Provoked<'a> {
        let grid = b.grid();
        let reactors = b
            .leave_reactors_near(u, here, radius)
            .into_iter()
            .filter(|&r| !b.hidden(r))
            .map(|r| (b.pos(r), b.threat_reach(r), r))
            .filter(|&(pr, reach, _)| grid.distance(pr, here) <= radius.saturating_add(reach))
            .collect();
        Provoked {
            b,
            u,
            reactors,
            worth: BTreeMap::new(),
        }
    }

    /// The expected damage of the reactions leaving `from` provokes. Every path of the
    /// field leaves its start first, so `at(start)` is the least risk of any other cell
    /// (the sums add only terms of at least 0).
    pub(super) fn at(&mut self, from: Cell) -> f64 {
        let (b, u) = (self.b, self.u);
        let grid = b.grid();
        let mut sum = 0.0;
        for &(pr, reach, r) in &self.reactors {
            let d = grid.distance(pr, from);
            if d < 1 || d > reach {
                continue;
            }
            if let Some(w) = b.best_melee(r, d) {
                let v = *self
                    .worth
                    .entry((r, w))
                    .or_insert_with(|| attack_value(b, r, u, w, AttackKind::Reaction));
                debug_assert!(v >= 0.0, "a reaction's expected damage is a loss: {v}");
                sum += v;
            }
        }
        sum
    }

    /// For every cell of the field (by its slot, [`crate::grid::Field::slot_of`]: an array
    /// the size of the search window, not of the map), the expected damage of the reactions
    /// provoked on the way there: each cell left on the path adds the reaction attacks of
    /// the enemies threatening it that may still react. The path is the search tree's (each
    /// cell's predecessor), one of the cheapest, not always the straightest one the move
    /// takes: summing along the tree is one pass over the field, while walking each cell's
    /// straightest path back cost the AI half again its time (callgrind, 5 flow battles:
    /// 172 M → 268 M instructions). An estimate either way: the foes may not react.
    pub(super) fn path_risk(
        mut self,
        field: &crate::grid::Field,
        tactics: &dyn super::AiTactics,
    ) -> Vec<f64> {
        let (b, u) = (self.b, self.u);
        let leave = self.leave_risks(field);
        let mut risk = vec![0.0; field.slots()];
        // No cell asked when the ruleset says none carries a risk now (each would answer
        // 0: the same sums); every cell under the tests' exhaustive switch.
        let cells = super::scan::exhaustive() || tactics.may_risk_cells(b, u);
        // Cheapest first: a cell's predecessor is always done already. (By slot: the
        // start is the one slot that is its own predecessor.)
        for (i, _) in field.settled_slots() {
            let pi = field.prev_slot(i);
            if pi == i {
                continue;
            }
            let cell = if cells {
                tactics.cell_risk(b, u, field.cell_at(i))
            } else {
                debug_assert_eq!(
                    tactics.cell_risk(b, u, field.cell_at(i)).to_bits(),
                    0.0f64.to_bits()
                );
                0.0
            };
            debug_assert!(cell >= 0.0, "cell_risk is a loss: {cell}");
            debug_assert_eq!(leave[pi].to_bits(), self.at(field.cell_at(pi)).to_bits());
            risk[i] = risk[pi] + leave[pi] + cell;
        }
        risk
    }

    /// [`Provoked::at`] of every slot of the field's window at once, reactor by reactor
    /// over the cells each threatens ([`crate::grid::Grid::within_rows`]: a few cells
    /// each) instead of every reactor for every cell: each slot's sum adds the same terms
    /// in the same order (reactors in order, from 0), so the same bits as `at`, and the
    /// weapon a reactor strikes with is asked once per distance rather than per cell.
    fn leave_risks(&mut self, field: &crate::grid::Field) -> Vec<f64> {
        let (b, u) = (self.b, self.u);
        let grid = b.grid();
        let mut leave = vec![0.0; field.slots()];
        if self.reactors.iter().any(|&(_, reach, _)| reach > MAX_REACH) {
            // A reach beyond any weapon's: every cell asked as `at` would.
            for (i, _) in field.settled_slots() {
                leave[i] = self.at(field.cell_at(i));
            }
            return leave;
        }
        let worth = &mut self.worth;
        for &(pr, reach, r) in &self.reactors {
            // The value of `r`'s reaction from each distance 1..=reach, once asked
            // (`Some(None)`: no weapon strikes from there).
            let mut by_distance = [None::<Option<f64>>; MAX_REACH as usize];
            grid.within_rows(pr, reach, |y, x0, x1| {
                for x in x0..=x1 {
                    let c = Cell::new(x, y);
                    let d = grid.distance(pr, c);
                    let Some(i) = field.slot_of(c) else { continue };
                    if d < 1 || !field.reached_at(i) {
                        continue;
                    }
                    let v = *by_distance[d as usize - 1].get_or_insert_with(|| {
                        let w = b.best_melee(r, d)?;
                        Some(
                            *worth
                                .entry((r, w))
                                .or_insert_with(|| attack_value(b, r, u, w, AttackKind::Reaction)),
                        )
                    });
                    if let Some(v) = v {
                        leave[i] += v;
                    }
                }
            });
        }
        leave
    }
}

/// The farthest reach [`Provoked::leave_risks`] walks around a reactor; past it (no
/// weapon of any ruleset comes near), every cell is asked one by one.
const MAX_REACH: u32 = 16;
