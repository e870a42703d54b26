//! melee-zone's AI tactics: stand up first, take every free hit offered, spend the
//! Bonus Actions on Steady Aim and Power Strike before attacking (Evade when nothing is
//! in reach; kept for a Disengage when badly hurt where a foe may take a free hit),
//! disengage before stepping away when a free hit threatens, come at a foe from behind
//! when the +1 is worth the way round, toggle a spell's terrain that hinders its own
//! side, and aim no channeled area where its own side will stand when it goes off
//! (`ai_choices.rs`).

use std::collections::BTreeMap;

use crate::ai::value::act;
use crate::battle::Battle;
use crate::components::{ConditionKind, Slot, UnitId};
use crate::engine::{Action, Command, CommonAction};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::rulesets::AiTactics;

use super::{MeleeZoneAction, disengaged};

/// melee-zone's [`AiTactics`].
pub struct MeleeZoneAi;

impl AiTactics for MeleeZoneAi {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: crate::grid::Cell) -> f64 {
        0.0
    }
    // No cell carries a risk (above): the move search asks none.
    fn may_risk_cells(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        if b.has(u, ConditionKind::Prone) {
            return act(b, u, CommonAction::StandUp.into());
        }
        None
    }

    // Pick Up and Draw: a Bonus Action, else the Move or the Attack Action.
    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command> {
        act(b, u, CommonAction::PickUp.into())
    }

    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command> {
        act(b, u, CommonAction::Draw { item }.into())
    }

    // Disengage first (with the Bonus Actions when the Attack Action is still wanted,
    // else the Attack Action), then the move provokes nothing.
    // No foe able to take a free hit (none with a slot left in whose zone it stands):
    // it just steps.
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command> {
        if disengaged(b, u) || !super::ai_choices::free_hit_threat(b, u) {
            let step = Command::Move { unit: u, to };
            return b.check(&step).is_ok().then_some(step);
        }
        act(b, u, MeleeZoneAction::Disengage { bonus: true }.into())
            .or_else(|| act(b, u, MeleeZoneAction::Disengage { bonus: false }.into()))
    }

    fn take(&self, _b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind> {
        w.options
            .contains(&ReactionKind::FreeHit)
            .then_some(ReactionKind::FreeHit)
    }

    // Steady Aim, then Power Strike, with the Bonus Actions before the attack (keeping
    // both for the extra attack when the Attack Action is spent); then the attack aimed
    // where a wound is worth most (`wounds::ai_aimed_attack`).
    // Badly wounded where a foe may take a free hit, it keeps both Bonus Actions to
    // Disengage after the attack (`step_away`).
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, _plain: f64) -> Option<Command> {
        if b.slots(u, Slot::Attack) == 0 {
            return None;
        }
        if super::ai_choices::keeps_bonus_to_disengage(b, u) {
            return super::wounds::ai_aimed_attack(b, u, target);
        }
        act(b, u, MeleeZoneAction::SteadyAim.into())
            .or_else(|| act(b, u, MeleeZoneAction::PowerStrike.into()))
            .or_else(|| super::wounds::ai_aimed_attack(b, u, target))
    }

    fn close_in(
        &self,
        _b: &Battle,
        _u: UnitId,
        _foes: &[UnitId],
        _values: &BTreeMap<UnitId, f64>,
        _helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        None
    }

    // Nothing to attack and no better cell: hide when no foe sees it (its next attack
    // is a sneak attack).
    fn support(&self, b: &Battle, u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        act(b, u, MeleeZoneAction::Hide.into())
    }

    // Evade (+1 dodge until its next turn) with a Bonus Action left.
    fn brace(&self) -> Option<Action> {
        Some(MeleeZoneAction::Evade.into())
    }

    // The Attack Action, or the Move Action and both Bonus Actions for the extra attack
    // when no movement is bought with that Move Action.
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let aa = b.slots(u, Slot::Attack) > 0;
        let left = b.move_left(u);
        let extra = b.slots(u, Slot::Move) > 0 && b.slots(u, Slot::Bonus) >= 2;
        Box::new(move |cost| aa || (extra && cost <= left))
    }

    fn choose(&self, _b: &Battle, _w: &crate::engine::Window) -> Option<ReactionKind> {
        None
    }

    fn commit(
        &self,
        _b: &Battle,
        _w: &crate::engine::Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::Commit> {
        Vec::new()
    }

    // Not a channeled spell in a foe's melee zone (flat-footed for a round).
    // A spell's terrain toggled when it hinders its own side more than its foes; not a
    // channeled spell in a foe's melee zone (flat-footed for a round).
    fn prepare_cast(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
        super::ai_choices::toggle(b, u).or_else(|| super::casting::ai_prepare(b, u, foes))
    }

    // From behind: the +1 to hit, as a share of the attack's value.
    fn position_factor(&self, b: &Battle, u: UnitId, c: Cell, foe: UnitId) -> f64 {
        super::ai_choices::position_factor(b, u, c, foe)
    }

    fn position_factor_max(&self, b: &Battle, u: UnitId) -> f64 {
        super::ai_choices::position_factor_max(b, u)
    }

    fn position_factor_max_among(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> f64 {
        super::ai_choices::position_factor_max_among(b, u, foes)
    }

    // A channeled area goes off next turn, where its allies will have closed in.
    fn aim_cost<'a>(
        &'a self,
        b: &'a Battle,
        u: UnitId,
        i: usize,
    ) -> Option<crate::ai::tactics::AimCost<'a>> {
        super::ai_choices::channel_aim_cost(b, u, i)
    }
    // Its `revives` is false: a healing spell targets the living alone.
    fn heals_the_fallen(&self, _b: &Battle) -> bool {
        false
    }

    // No gap closer (`close_in` answers nothing): no foe matters to it.
    fn close_in_range(&self, _b: &Battle, _u: UnitId) -> u32 {
        0
    }
}
