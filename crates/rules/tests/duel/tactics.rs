//! The duel's AI (`AiTactics`): nothing beyond the shared AI's attack, move and end
//! of turn.

use skirmish_rules::ai;
use skirmish_rules::battle::Battle;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, Command, Commit, CommonAction, Window};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::AiTactics;

/// The duel's AI: nothing beyond the shared AI's attack, move and end of turn.
pub(crate) struct DuelAi;

impl AiTactics for DuelAi {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: skirmish_rules::grid::Cell) -> f64 {
        0.0
    }

    // Duel plus: the dice and cells that save the most damage (a die is worth less to
    // keep than a cell of movement).
    fn commit(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<Commit> {
        ai::value::best_commits(b, w, kind, |p| if p == Pool::SkillDice { 0.5 } else { 0.6 })
    }

    // No rule of position, nothing known about an aim beyond its targets.
    fn position_factor(&self, _b: &Battle, _u: UnitId, _c: Cell, _foe: UnitId) -> f64 {
        1.0
    }

    fn position_factor_max(&self, _b: &Battle, _u: UnitId) -> f64 {
        1.0
    }

    fn aim_cost<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _i: usize,
    ) -> Option<skirmish_rules::ai::AimCost<'a>> {
        None
    }

    fn prepare_cast(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // Duel plus: stand up when prone (the duel refuses it).
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        let up = Command::Act {
            unit: u,
            action: CommonAction::StandUp.into(),
        };
        (b.has(u, ConditionKind::Prone) && b.check(&up).is_ok()).then_some(up)
    }

    // Nothing to pick up, draw or step with: the duel has no such actions.
    fn pick_up(&self, _b: &Battle, _u: UnitId) -> Option<Command> {
        None
    }

    fn draw(&self, _b: &Battle, _u: UnitId, _item: usize) -> Option<Command> {
        None
    }

    fn step_away(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Option<Command> {
        None
    }

    // `choose` answers every window.
    fn take(&self, _b: &Battle, _w: &skirmish_rules::engine::Window) -> Option<ReactionKind> {
        None
    }

    // Duel plus: always Block, always take the free hit.
    fn choose(&self, _b: &Battle, w: &skirmish_rules::engine::Window) -> Option<ReactionKind> {
        w.options.first().copied()
    }

    fn before_attack(&self, _b: &Battle, _u: UnitId, _t: UnitId, _plain: f64) -> Option<Command> {
        None
    }

    fn close_in(
        &self,
        _b: &Battle,
        _u: UnitId,
        _foes: &[UnitId],
        _values: &std::collections::BTreeMap<UnitId, f64>,
        _helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        None
    }

    fn support(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // There is none: the shared AI ends the turn instead.
    fn brace(&self) -> Option<Action> {
        None
    }

    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let standard = b.slots(u, Slot::Standard) > 0;
        Box::new(move |_| standard)
    }
}
