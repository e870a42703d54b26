//! escalation's AI tactics: opportunity attacks, disengaging when badly hurt and the
//! chance is fair, switching stance when unarmed for the fight at hand, rallying when
//! Staggered, stabilizing a dying ally, coups de grace.

use std::collections::BTreeMap;

use crate::ai::value::act;
use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, UnitId};
use crate::engine::{Action, Command, HitEffect};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::rulesets::AiTactics;

use super::{EscalationAction, disengage_chance, engaged_enemies, speed, staggered};

/// escalation's [`AiTactics`].
pub struct EscalationAi;

/// The damage `by`'s attack (a basic attack with `weapon`, or power `effect`) is expected
/// to deal `t`: a hit's mean (twice on a crit) times its chance, and a basic attack's miss
/// damage times the chance of a plain miss (resistance left out).
fn expected_damage(b: &Battle, by: UnitId, t: UnitId, weapon: usize, effect: &HitEffect) -> f64 {
    let mean = |d: &crate::dice::DiceExpr| f64::from(d.min() + d.max()) / 2.0;
    if let HitEffect::Ability(i) = effect {
        let Some(a) = b.ability(by, *i) else {
            return 0.0;
        };
        let (hit, crit) = super::casting::power_numbers(b, by, t, *i).odds();
        let dmg: f64 = a
            .effects
            .iter()
            .filter_map(|e| e.damage_dice(b.stats(by)))
            .map(|d| mean(&d).max(0.0))
            .sum();
        return (hit + crit) * dmg;
    }
    let a = super::attack_numbers(b, by, t, super::Defence::Ac, super::WEAPON_DAMAGE);
    let (hit, crit) = a.odds();
    let (dice, vol) = super::damage_parts(b, by, weapon);
    (hit + crit) * (mean(&dice) + f64::from(vol)).max(0.0)
        + a.plain_miss() * f64::from(super::miss_damage(b, by))
}

/// What intercepting `by`'s melee attack on `ally` is worth to `r`'s side, in HP: the
/// damage the attack is expected to deal the ally, less what it is expected to deal `r`
/// instead (its own defences, edges and crit range), each counted twice for a Staggered
/// unit (it is closer to dropping). Only a unit in melee stance (it ends up engaged with
/// the attacker) that is not Staggered itself intercepts; compared with the triggered
/// powers' values against [`super::interrupts::AI_MIN_VALUE`] (1 HP). A tougher ally
/// shields a hurt or softer one; two alike never trade places for nothing.
pub(super) fn intercept_value(b: &Battle, r: UnitId, by: UnitId, ally: UnitId) -> f64 {
    if !super::melee_stance(b, r) || staggered(b, r) {
        return 0.0;
    }
    let Some((weapon, effect)) = super::waiting_attack(b, by, ally) else {
        return 0.0;
    };
    let harm = |t: UnitId| {
        let weight = if staggered(b, t) { 2.0 } else { 1.0 };
        expected_damage(b, by, t, weapon, &effect) * weight
    };
    harm(ally) - harm(r)
}

/// The least chance worth a Disengage (else the AI stays and fights).
pub const DISENGAGE_MIN: f64 = 0.4;

/// The least chance worth a Sustain roll.
pub const SUSTAIN_MIN: f64 = 0.25;

/// Sustain a power whose lasting effects would end this turn, by expected value: one
/// paid with a Quick or Move action when the roll's chance is fair (the condition on a
/// foe is worth more than the lesser action); one paid with the Standard action only
/// when no enemy is engaged with the unit (else its attack is worth more).
fn sustain(b: &Battle, u: UnitId) -> Option<Command> {
    for i in super::sustainable(b, u) {
        let a = b.ability(u, i)?;
        if super::sustain_chance(b, u, i) < SUSTAIN_MIN {
            continue;
        }
        let standard = super::action_slot(a) == Some(Slot::Standard);
        if standard && !engaged_enemies(b, u).is_empty() {
            continue;
        }
        if let Some(c) = act(b, u, EscalationAction::Sustain { ability: i }.into()) {
            return Some(c);
        }
    }
    None
}

impl AiTactics for EscalationAi {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: crate::grid::Cell) -> f64 {
        0.0
    }
    // No cell carries a risk (above): the move search asks none.
    fn may_risk_cells(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Nothing to commit on top of a reaction in this ruleset (no `commit_range` parts).
    fn commit(
        &self,
        _b: &Battle,
        _w: &crate::engine::Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::Commit> {
        Vec::new()
    }

    // Nothing to prepare before casting in this ruleset.
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
    ) -> Option<crate::ai::tactics::AimCost<'a>> {
        None
    }

    fn prepare_cast(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // Staggered with recoveries left: Rally before anything else. With its Standard
    // action spent, a unit engaged in melee and not badly hurt holds its ground and ends
    // its turn (moving off would provoke; its Quick action has nothing to do): the
    // shared AI would weigh every cell to find the same.
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        // Fallen for good: fight in spirit for the most hurt standing ally (attacks on it
        // at Disadvantage), else end the turn.
        if !b.alive(u) {
            let ally = b
                .units()
                .filter(|&a| a != u && !b.enemies(u, a) && b.alive(a))
                .min_by_key(|&a| (b.hp(a), a));
            return ally
                .and_then(|ally| {
                    act(
                        b,
                        u,
                        EscalationAction::FightInSpirit {
                            ally,
                            boon: super::SpiritBoon::Defence,
                        }
                        .into(),
                    )
                })
                .or(Some(Command::EndTurn { unit: u }));
        }
        if let Some(c) = sustain(b, u) {
            return Some(c);
        }
        if staggered(b, u)
            && super::is_pc(b, u)
            && b.pool(u, Pool::Recoveries) > 0
            && b.slots(u, Slot::Standard) > 0
        {
            return act(b, u, EscalationAction::Rally.into());
        }
        let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
        if b.slots(u, Slot::Standard) == 0
            && super::melee_stance(b, u)
            && !engaged_enemies(b, u).is_empty()
            && b.hp(u) * 3 > max
        {
            return Some(Command::EndTurn { unit: u });
        }
        None
    }

    fn pick_up(&self, _b: &Battle, _u: UnitId) -> Option<Command> {
        None
    }

    // Nothing in hand to fight with: switch stance.
    fn draw(&self, b: &Battle, u: UnitId, _item: usize) -> Option<Command> {
        act(b, u, EscalationAction::SwitchStance.into())
    }

    // Badly wounded and engaged: Disengage when the chance is worth it.
    fn step_away(&self, b: &Battle, u: UnitId, _to: Cell) -> Option<Command> {
        let from = engaged_enemies(b, u);
        if from.is_empty() || disengage_chance(b, u, &from) < DISENGAGE_MIN {
            return None;
        }
        act(
            b,
            u,
            EscalationAction::Disengage { from: Vec::new() }.into(),
        )
    }

    // Opportunity attacks are free: always. Intercept a move in melee stance, when not
    // Staggered. A triggered power (an Interrupt), or the Intercept of a melee attack on
    // an ally, by expected value.
    fn take(&self, b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind> {
        if let crate::event::Trigger::PowerCue { .. } = w.trigger {
            return super::interrupts::ai_choice(b, w);
        }
        if w.options.contains(&ReactionKind::ReactionAttack) {
            return Some(ReactionKind::ReactionAttack);
        }
        (w.options.contains(&ReactionKind::Intercept)
            && super::melee_stance(b, w.reactor)
            && !staggered(b, w.reactor))
        .then_some(ReactionKind::Intercept)
    }

    // A helpless engaged enemy: a Coup de Grace when all three actions are left. In
    // ranged stance and engaged with enemies that would take their opportunity attacks
    // on the shot: switch to melee stance first (a Quick action) when it carries a melee
    // weapon.
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, _plain: f64) -> Option<Command> {
        if b.has(target, ConditionKind::Helpless) {
            return act(b, u, EscalationAction::CoupDeGrace { target }.into());
        }
        if !super::melee_stance(b, u)
            && !super::opportunists(b, u).is_empty()
            && b.slots(u, Slot::Quick) > 0
            && !super::other_stance_weapons(b, u).is_empty()
        {
            return act(b, u, EscalationAction::SwitchStance.into());
        }
        None
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

    // A dying ally next to it: Stabilize.
    fn support(&self, b: &Battle, u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        let ally = b.units().find(|&a| {
            a != u
                && !b.enemies(u, a)
                && b.has(a, ConditionKind::Dying)
                && !b.has(a, ConditionKind::Stabilized)
                && b.grid().distance(b.pos(u), b.pos(a)) == 1
        })?;
        act(b, u, EscalationAction::Stabilize { ally }.into())
    }

    fn brace(&self) -> Option<Action> {
        None
    }

    // Moves spend the Move action first, then the Standard: the Standard must survive.
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let left = b.move_left(u);
        let speed = speed(b, u).max(1);
        let moves = b.slots(u, Slot::Move) as usize;
        let standard = b.slots(u, Slot::Standard) > 0;
        Box::new(move |cost| {
            let extra = cost.saturating_sub(left);
            standard && (extra.div_ceil(speed) as usize) <= moves
        })
    }

    // From a memo keyed by what the value depends on (`ai_memo`): the same to the bit.
    fn exact_attack_value(
        &self,
        b: &Battle,
        u: UnitId,
        foe: UnitId,
        w: usize,
        kind: crate::event::AttackKind,
    ) -> f64 {
        super::ai_memo::attack_value(b, u, foe, w, kind)
    }

    fn choose(&self, _b: &Battle, _w: &crate::engine::Window) -> Option<ReactionKind> {
        None
    }
    // No gap closer (`close_in` answers nothing): no foe matters to it.
    fn close_in_range(&self, _b: &Battle, _u: UnitId) -> u32 {
        0
    }
}
