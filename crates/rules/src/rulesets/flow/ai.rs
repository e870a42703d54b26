//! flow's AI tactics: a Feint or a Shove with the spare AP, a Disarm instead of an attack.

use crate::ai::value::{KILL_BONUS, SPARE_AP_GAIN, act, attack_value, odds_value};
use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId, WeaponKind};
use crate::engine::{Action, Command, CommonAction, Window};

use super::FlowAction;
use crate::event::{AttackKind, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::rulesets::{AiTactics, AttackOdds, attack_odds_numbers};

/// flow's [`AiTactics`].
pub struct FlowAi;

impl AiTactics for FlowAi {
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

    // Stand up when prone; break free when held (a restrained unit cannot: flow's Break
    // Free needs a grapple).
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        if b.has(u, ConditionKind::Prone)
            && let Some(c) = act(b, u, CommonAction::StandUp.into())
        {
            return Some(c);
        }
        if b.has(u, ConditionKind::Grappled) || b.has(u, ConditionKind::Restrained) {
            return act(b, u, FlowAction::BreakFree.into());
        }
        None
    }

    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command> {
        act(b, u, CommonAction::PickUp.into())
    }

    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command> {
        act(b, u, CommonAction::Draw { item }.into())
    }

    // Take a Step: it provokes nothing.
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command> {
        act(b, u, FlowAction::Step { to }.into())
    }

    // Always a reaction attack (flow's only offer outside defences, intercepts and the
    // target's choices).
    fn take(&self, _b: &Battle, w: &Window) -> Option<ReactionKind> {
        w.options
            .contains(&ReactionKind::ReactionAttack)
            .then_some(ReactionKind::ReactionAttack)
    }

    // The target's choices: resist a Feint with the better skill (the first option);
    // land a disarmed item where the nearest enemy is farthest (on a tie, the first
    // option: the farthest from the disarmer), so it is likelier to be picked up again.
    fn choose(&self, b: &Battle, w: &Window) -> Option<ReactionKind> {
        match w.trigger {
            Trigger::Feinted { .. } => w.options.first().copied(),
            Trigger::Disarmed { .. } => {
                let grid = b.grid();
                let foes: Vec<Cell> = b
                    .units()
                    .filter(|&o| b.alive(o) && b.enemies(o, w.reactor))
                    .map(|o| b.pos(o))
                    .collect();
                let away = |k: &ReactionKind| match k {
                    ReactionKind::LandAt(c) => foes
                        .iter()
                        .map(|&f| grid.distance(*c, f))
                        .min()
                        .unwrap_or(0),
                    _ => 0,
                };
                let mut best = *w.options.first()?;
                for k in &w.options[1..] {
                    if away(k) > away(&best) {
                        best = *k;
                    }
                }
                Some(best)
            }
            _ => None,
        }
    }

    // Feint or shove prone first when it costs no attack this turn and is worth it, or
    // disarm instead.
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
        spare_ap_first(b, u, target, plain).or_else(|| disarm(b, u, target, plain))
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

    fn brace(&self) -> Option<Action> {
        Some(FlowAction::TotalDefense.into())
    }

    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let left = b.move_left(u);
        let ap = b.ap(u);
        let per_ap = super::move_per_ap(b, u);
        Box::new(move |cost| {
            let extra = cost.saturating_sub(left);
            ap - extra.div_ceil(per_ap) as i32 >= super::ATTACK_AP
        })
    }
    // No gap closer (`close_in` answers nothing): no foe matters to it.
    fn close_in_range(&self, _b: &Battle, _u: UnitId) -> u32 {
        0
    }

    // The exact hit and critical chances (the attack check alone: no defence, no damage
    // distribution); a hit's damage at most its mean when no die can total below 0 (the
    // distribution is then the dice's own, clamped at 0 for nothing), else its top; a
    // critical doubles it (`damage_odds`); a kill counted whole whenever the
    // top reaches the foe's HP; the foe's defence (`stopped`, at least 0) left out. Each
    // part is at least the exact one of `attack_value`, so the sum is a true bound; the
    // tiny margin covers the exact mean's floating-point sum.
    fn attack_value_bound(
        &self,
        b: &Battle,
        u: UnitId,
        foe: UnitId,
        w: usize,
        kind: AttackKind,
    ) -> Option<f64> {
        let dice = b.weapons(u).get(w)?.damage;
        let (lo, hi) = (dice.min(), dice.max().max(0));
        let mean = if dice.keep == crate::dice::Keep::All && lo >= 0 {
            f64::from(dice.count) * (f64::from(dice.sides) + 1.0) / 2.0 + f64::from(dice.bonus)
        } else {
            f64::from(hi)
        };
        // The check's two numbers without building it (no list of modifiers to allocate).
        let (t, advantage) = super::combat::attack_numbers(b, u, foe, w, kind);
        debug_assert!({
            let c = super::attack_check(b, u, foe, w, kind);
            (c.target(), c.advantage) == (t, advantage)
        });
        let odds = super::combat::check_odds(t, advantage);
        let crit = odds[crate::event::Outcome::Critical as usize];
        let hit = odds[crate::event::Outcome::Success as usize]
            + odds[crate::event::Outcome::Hard as usize]
            + odds[crate::event::Outcome::Major as usize]
            + crit;
        let plain = (hit - crit).max(0.0);
        let hp = b.hp(foe);
        let kill = |top: i32| if top >= hp { KILL_BONUS } else { 0.0 };
        let bound = plain * (mean + kill(hi)) + crit * (2.0 * mean + kill(2 * hi));
        Some(bound * (1.0 + 1e-9) + 1e-9)
    }

    // `attack_value_bound` with the attacker's part looked up once per decision.
    fn attack_value_bounds<'a>(
        &'a self,
        b: &'a Battle,
        u: UnitId,
        kind: AttackKind,
    ) -> crate::ai::tactics::AttackBounds<'a> {
        super::bounds::attack_value_bounds(b, u, kind)
    }

    // The target-free part of `Flow::plan_attack`, asked in the same order: it refuses
    // every attack when the unit may not act or cannot pay an attack's AP.
    fn may_attack(&self, b: &Battle, u: UnitId) -> bool {
        super::may_act(b, u).is_ok()
            && b.payment(
                u,
                &crate::components::Cost::of(crate::components::Pool::Ap, super::ATTACK_AP),
                crate::event::Spend::Attack,
            )
            .is_some()
    }
}

/// flow: what to do with an AP that buys no attack (5 AP: two attacks and one over)
/// before attacking `target` (worth `plain` now), if anything is worth
/// [`SPARE_AP_GAIN`]:
/// - a Feint: its chance × what Advantage adds to this unit's next attack;
/// - a Shove that knocks it prone: its chance × what Advantage adds to every melee
///   attack on it before it stands — this unit's attacks this turn and one from each
///   ally that threatens it.
///
/// Neither when the attack has Advantage already; the better of the two otherwise.
fn spare_ap_first(b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
    let ap = b.ap(u);
    if ap - 1 < super::ATTACK_AP || (ap - 1) / super::ATTACK_AP != ap / super::ATTACK_AP {
        return None;
    }
    let w = b.usable_weapon(u, target)?;
    let check = super::attack_check(b, u, target, w, AttackKind::Normal);
    if check.advantage > 0 {
        return None;
    }
    let mut with = check.clone();
    with.advantage += 1;
    let (hit, crit) = with.success_and_critical();
    let better = AttackOdds {
        hit,
        crit,
        stopped: super::stop_chance_with(b, &with, u, target, w, AttackKind::Normal),
        ..attack_odds_numbers(b, u, target, w, AttackKind::Normal)
    };
    let edge = odds_value(b, target, &better) - plain;
    let feint = super::feint_chance(b, u, target) * edge;
    // Prone helps melee only: this unit's attacks this turn, and the allies in reach.
    let melee = b
        .weapons(u)
        .get(w)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    // (Through the cell index: the living units that threaten the foe's cell.)
    let allies = b
        .threatening(b.pos(target))
        .into_iter()
        .filter(|&a| a != u && !b.enemies(u, a))
        .count();
    let attacks = if melee {
        ((ap - 1) / super::ATTACK_AP) as usize
    } else {
        0
    };
    let shove = if b.has(target, ConditionKind::Prone) {
        0.0
    } else {
        super::shove_chance(b, u, target) * edge * (attacks + allies) as f64
    };
    let shove = (
        shove,
        FlowAction::Shove {
            target,
            effect: crate::engine::ShoveEffect::Prone,
            both: false,
        },
    );
    let feint = (feint, FlowAction::Feint { target });
    let mut options = [feint, shove];
    // The better first (a Feint on a tie); a refused one (e.g. shoving something larger)
    // leaves the other.
    options.sort_by(|a, c| c.0.total_cmp(&a.0));
    options
        .into_iter()
        .filter(|(gain, _)| *gain >= SPARE_AP_GAIN)
        .find_map(|(_, action)| act(b, u, action.into()))
}

/// flow: a Disarm (2 AP, an attack roll at Disadvantage) on `target` instead of an
/// attack worth `plain`, when what it takes away is worth more: with its chance, the
/// foe's next blow at this unit (it must spend about an attack's AP getting a weapon
/// back; half that when it has another one stowed to draw). Only its only weapon in
/// hand is worth taking: a foe with a second blade in hand just goes on.
fn disarm(b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command> {
    let ws = b.weapons(target);
    let held = (0..ws.len()).filter(|&i| b.held(target, i)).count();
    if held != 1 {
        return None;
    }
    let mine = b.usable_weapon(u, target)?;
    let mut check = super::attack_check(b, u, target, mine, AttackKind::Normal);
    check.advantage -= 1;
    let mut p = check.success_and_critical().0;
    if b.rp(target) > 0 {
        // It may still dodge or parry (as `attack_value` reckons).
        p *= 0.7;
    }
    let theirs = super::default_disarm_item(b, target)?;
    let spare =
        (0..ws.len()).any(|i| b.carried(target, i) == Some(crate::components::Carried::Stowed));
    let lost =
        attack_value(b, target, u, theirs, AttackKind::Normal) * if spare { 0.5 } else { 1.0 };
    if p * lost <= plain + SPARE_AP_GAIN {
        return None;
    }
    act(
        b,
        u,
        FlowAction::Disarm {
            target,
            item: None,
            send: None,
        }
        .into(),
    )
}
