//! escalation's answers to the [`Ruleset`] trait: what the engine, the AI and the window
//! ask.

use bevy_ecs::world::EntityWorldMut;

use crate::abilities::Effect;
use crate::battle::{Battle, SetupError};
use crate::components::UnitId;
use crate::components::{ConditionKind, Cost, Once, Pool, Pools, Refresh, Slot, Stat, Stats};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Action, Frame, Hit, HitEffect, Illegal, Interception, RulesetFrame, Window};
use crate::event::{
    AttackKind, CheckPurpose, Counter, Event, Gain, Outcome, ReactionKind, Spend, Trigger,
};
use crate::grid::Cell;
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, one_mod};

use super::attack::{WEAPON_DAMAGE, damage_parts, escalation_die, resistance, resisted};
use super::casting::power_natural;
use super::intercept::intercept_offers;
use super::turns::{escalation_now, roll_save};
use super::{EscalationFrame, attack, turns};

/// Seed 001, "Combat Rules".
pub struct Escalation;

impl Ruleset for Escalation {
    fn id(&self) -> &'static str {
        super::ID
    }

    fn catalogue_source(&self) -> &'static str {
        include_str!("../../../data/escalation.ron")
    }

    // No roll: the band (Very Slow 0 … Very Fast 4); in a band the PCs first (in level
    // order), then the enemies.
    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: None,
            modifiers: one_mod("initiative band", stats.get(Stat::Band)),
            tiebreak: 0,
            pcs_first: true,
            rolloff: None,
        }
    }

    // Standard, Move, Quick and one Interrupt a turn; recoveries and death saves are kept
    // for the whole battle.
    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        let recoveries = match stats.get(Stat::Recoveries) {
            n if n > 0 => n,
            _ => turns::RECOVERIES,
        };
        let pools = Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Slot(Slot::Move), 1, turn)
            .with(Pool::Slot(Slot::Quick), 1, turn)
            .with(Pool::Interrupt, 1, turn)
            .with(Pool::Recoveries, recoveries, Refresh::Never)
            .with(Pool::DeathSaveFailures, turns::DEATH_SAVES, Refresh::Never);
        // "Spend X Power": the archetype's Power, not regained inside a battle.
        match stats.get(Stat::Power) {
            n if n > 0 => pools.with(Pool::Power, n, Refresh::Never),
            _ => pools,
        }
    }

    // The seed's surprise round lets two units of the ambushing side act; the engine's
    // surprise round lets the whole side act (a gap, see the docs). Nothing is lost.
    fn surprised_pools(&self, _pools: &mut Pools) {}

    // "… moves without attempting to Disengage … they provoke an Opportunity Attack":
    // one a move from each engaged enemy, however many of its cells the move leaves.
    fn marks(&self, e: &Event) -> Option<(UnitId, Once)> {
        match e {
            Event::ReactionOffered {
                reactor,
                trigger: Trigger::Leaving { .. },
                ..
            } => Some((*reactor, Once::ReactedToMovement)),
            _ => None,
        }
    }

    fn spawn_unit(&self, _unit: &mut EntityWorldMut) {}

    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        turns::take_stances(b);
        crate::engine::roll_initiative(b, |_, _| None)?;
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    fn round_ended(&self, b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        super::ready::cancel_round_readies(b);
        Ok(())
    }

    // A new round: set the escalation die.
    fn round_started(&self, b: &mut Battle, round: u32) {
        let v = escalation_now(b, round);
        if v != escalation_die(b) {
            b.emit(Event::Counter {
                counter: Counter::EscalationDie,
                value: v,
            });
        }
    }

    // A dying PC rolls its death save instead of its turn; the dead take none.
    fn takes_turn(&self, b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
        if b.has(u, ConditionKind::Dead) {
            return Ok(super::fights_in_spirit(b, u));
        }
        if b.has(u, ConditionKind::Dying) {
            return turns::death_save(b, u);
        }
        Ok(b.alive(u) && !turns::sits_out_surprise(b, u))
    }

    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        super::powers::release_grabs(b);
        turns::turn_started(b, u);
        super::ready::readied_this_round(b, u);
    }

    // A sustain power neither used nor sustained this turn expires; grabs that no
    // longer hold end.
    fn turn_ending(&self, b: &mut Battle, u: UnitId) {
        super::powers::expire_unsustained(b, u);
        super::powers::release_grabs(b);
    }

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        super::exhausted(b, u)
    }

    // Ongoing damage: 5 a turn, unless a power lists another amount.
    fn bleed_dice(&self) -> DiceExpr {
        DiceExpr::new(0, 1).plus(turns::ONGOING)
    }

    // "the listed amount": the amount of the `Ongoing` effect of the power its source used
    // to lay it (found in the log), 5 when no power did (a level's starting condition).
    fn ongoing_dice(
        &self,
        b: &Battle,
        u: UnitId,
        c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        let fallback = self.bleed_dice();
        let Some(source) = c.source else {
            return fallback;
        };
        let log = b.log();
        let Some(added) = log.iter().rposition(|l| {
            matches!(
                l.event,
                Event::ConditionAdded { unit, kind: ConditionKind::Bleeding, source: s, .. }
                    if unit == u && s == Some(source)
            )
        }) else {
            return fallback;
        };
        log[..added]
            .iter()
            .rev()
            .find_map(|l| match l.event {
                Event::Cast { unit, ability, .. } if unit == source => Some(ability),
                _ => None,
            })
            .and_then(|i| b.ability(source, i))
            .and_then(|a| {
                a.effects.iter().find_map(|e| match e {
                    Effect::Ongoing { amount, .. } => Some(*amount),
                    _ => None,
                })
            })
            .unwrap_or(fallback)
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, _amount: i32, _hp_after: i32) {
        turns::after_damage(b, u, false);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        super::may_move(b, u)
    }

    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        if super::may_move(b, u).is_err() {
            return 0;
        }
        b.move_left(u) + super::advances_left(b, u).len() as u32 * turns::speed(b, u)
    }

    // Each Move action (then the Standard, substituted) buys one move.
    // Difficult ground costs what the terrain says (2) for everyone.
    fn difficult_cost(&self, _b: &Battle, _mover: UnitId) -> u32 {
        crate::level::Terrain::Difficult.cost().unwrap_or(2)
    }

    fn buy_movement(&self, b: &Battle, u: UnitId, cost: u32) -> Vec<Event> {
        let left = b.move_left(u);
        let speed = turns::speed(b, u);
        let need = cost.saturating_sub(left).div_ceil(speed.max(1));
        super::advances_left(b, u)
            .into_iter()
            .take(need as usize)
            .flat_map(|slot| {
                [
                    Event::spent(u, Pool::Slot(slot), 1, Spend::Move),
                    Event::refilled(u, Pool::Movement, speed as i32, Gain::Bought),
                ]
            })
            .collect()
    }

    // Coming next to an enemy's ally: a Free enemy Nearby may Intercept.
    // Stepping next to a unit with a power for "an enemy moves to become engaged with
    // you": it may use it.
    fn stepped(&self, b: &mut Battle, u: UnitId, from: Cell, to: Cell) {
        super::powers::release_grabs(b);
        super::ready::spring_readied(b, u, from, to);
        super::offer_intercepts(b, u, from, to);
        super::interrupts::offer_on_step(b, u, from, to);
    }

    // The same offers, step by step, without taking the steps: `intercept_offers` at each
    // step of `path` (its first cell is where the mover stands), as if none before were
    // taken.
    fn interceptions_along(&self, b: &Battle, mover: UnitId, path: &[Cell]) -> Vec<Interception> {
        path.windows(2)
            .flat_map(|w| {
                intercept_offers(b, mover, w[0], w[1])
                    .into_iter()
                    .map(move |(reactor, ally)| Interception {
                        from: w[0],
                        to: w[1],
                        reactor,
                        ally,
                    })
            })
            .collect()
    }

    // A unit in ranged stance holds no melee weapon, so it threatens nothing already.
    // Threat reaches as far as the unit's size or melee weapon (no feat adds to it).
    fn threat_reach(&self, _b: &Battle, _u: UnitId, reach: u32) -> u32 {
        reach
    }

    fn cannot_threaten(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Not from an enemy the mover popped off, nor while grabbed.
    fn may_react_to(&self, b: &Battle, r: UnitId, mover: UnitId) -> bool {
        !attack::popped_off(b, mover, r) && attack::may_make_opportunity_attack(b, r)
    }

    // A basic ranged attack reaches its stance's range.
    fn max_range_increments(&self) -> Option<u32> {
        Some(1)
    }

    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<Slot>,
    ) -> Result<AttackPlan, Illegal> {
        super::plan_attack(b, u, target, weapon, slot)
    }

    fn aims(&self) -> &'static [crate::engine::Aim] {
        &[]
    }

    fn resolve_attack(
        &self,
        b: &mut Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        effect: HitEffect,
    ) -> Result<(), ForcedFaceError> {
        // Triggered powers (Interrupts) answer it first.
        if super::interrupts::offer_on_attack(b, attacker, target, weapon, kind, &effect) {
            return Ok(());
        }
        roll_now(b, attacker, target, weapon, kind, effect)
    }

    // No defences: a hit goes to damage, doubled on a crit.
    fn hit(&self, b: &mut Battle, hit: Hit) {
        let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
        b.push_frame(Frame::Damage { hit, mult });
    }

    // Roll a hit's damage: X × Level + Volition, doubled on a crit, halved by resistance.
    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        let (dice, vol) = damage_parts(b, hit.attacker, hit.weapon);
        let mut roll = b.roll(dice)?;
        roll = roll.with(Modifier::new(ModKind::Skill, "Volition", vol));
        if mult > 1 && roll.total > 0 {
            let extra = roll.total * (mult - 1);
            roll = roll.with(Modifier::new(
                ModKind::Critical,
                format!("crit: damage ×{mult}"),
                extra,
            ));
        }
        Ok(Some(resisted(b, hit.target, hit.natural, roll)))
    }

    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        let crit = hit.level == Outcome::Critical;
        // A power's effects carry no natural roll: its attack's (Confused keys off it).
        let natural = match hit.effect {
            HitEffect::Ability(_) => super::casting::power_natural(b, hit.target).unwrap_or(0),
            _ => hit.natural,
        };
        let back = attack::confused_backlash(b, hit.attacker, natural, attack::base_damage(&roll));
        turns::deal(b, hit.target, Some(hit.attacker), roll, crit);
        if let Some(back) = back {
            turns::deal(b, hit.attacker, Some(hit.attacker), back, false);
        }
    }

    fn odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        _kind: AttackKind,
        words: bool,
    ) -> AttackOdds {
        super::odds::attack_odds(b, attacker, target, weapon, words)
    }

    // The damage of a hit and of a crit as distributions (resistance left out).
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        _target: UnitId,
        weapon: usize,
        _kind: AttackKind,
    ) -> Option<(Distribution, Distribution)> {
        let (dice, vol) = damage_parts(b, attacker, weapon);
        super::attack::hit_damage_odds(dice, vol)
    }

    fn next_attack_kind(&self, _b: &Battle, _u: UnitId) -> AttackKind {
        AttackKind::Normal
    }

    // Nothing but an opportunity attack's answer happens out of turn.
    fn out_of_turn(&self, _b: &Battle, _u: UnitId, _a: &Action) -> bool {
        false
    }

    fn instead_of(&self, _a: &Action) -> &'static str {
        ""
    }

    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        super::check(b, u, a)
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        super::perform(b, u, a)
    }

    // Opportunity attacks: leaving an enemy's reach without having popped off it, or a
    // provoking action while engaged.
    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        _to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        let ok = match trigger {
            Trigger::Leaving { mover, from } => {
                b.alive(*mover)
                    && b.pos(*mover) == *from
                    && !b.used(reactor, Once::ReactedToMovement)
                    && b.leave_reactors(*mover, *from).contains(&reactor)
            }
            Trigger::Provoked { unit } => {
                b.alive(*unit) && attack::opportunists(b, *unit).contains(&reactor)
            }
            Trigger::Approaching { mover, ally, from } => {
                let still = b.alive(*mover)
                    && b.grid().distance(b.pos(*mover), b.pos(*ally)) == 1
                    && super::may_intercept(b, reactor, *mover, *ally, *from);
                return still.then(|| vec![ReactionKind::Intercept]);
            }
            Trigger::PowerCue { by, target, attack } => {
                return super::interrupts::offer(b, reactor, *by, *target, *attack);
            }
            _ => false,
        };
        ok.then(|| vec![ReactionKind::ReactionAttack])
    }

    fn commit_range(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::CommitPart> {
        Vec::new()
    }

    // No rule across an answer's parts: what `commit_range` allows is an answer.
    fn check_answer(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: Option<ReactionKind>,
        _commits: &[crate::engine::Commit],
    ) -> Result<(), Illegal> {
        Ok(())
    }

    // An opportunity attack is a free basic melee attack.
    // Nothing here is declared before it resolves: one order for every kind.
    fn resolve_order(&self, _kind: ReactionKind) -> u32 {
        0
    }

    // No answer here weighs damage against amounts committed.
    fn answer_odds(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
        _commits: &[crate::engine::Commit],
    ) -> Option<f64> {
        None
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        _commits: &[crate::engine::Commit],
    ) -> Result<(), Illegal> {
        if let (ReactionKind::Intercept, Trigger::Approaching { mover, from, .. }) =
            (kind, &w.trigger)
        {
            super::intercept(b, w.reactor, *mover, *from);
            return Ok(());
        }
        // "They can also Intercept a melee attack intended for someone who's Nearby".
        if let (
            ReactionKind::Intercept,
            Trigger::PowerCue {
                by,
                target,
                attack: true,
            },
        ) = (kind, &w.trigger)
        {
            super::intercept_attack(b, w.reactor, *by, *target);
            return Ok(());
        }
        if let (
            ReactionKind::Interrupt(i) | ReactionKind::FreePower(i),
            Trigger::PowerCue { by, target, .. },
        ) = (kind, &w.trigger)
        {
            super::interrupts::answer(b, w.reactor, i, *by, *target);
            return Ok(());
        }
        if kind == ReactionKind::ReactionAttack
            && let Some(t) = w.trigger.provoker()
            && let Some(weapon) = b.best_melee(w.reactor, 1)
        {
            b.push_frame(Frame::Attack {
                attacker: w.reactor,
                target: t,
                weapon,
                kind: AttackKind::Reaction,
                effect: HitEffect::Damage,
            });
        }
        Ok(())
    }

    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        let RulesetFrame::Escalation(frame) = frame else {
            return Err(crate::engine::foreign_frame(self.id(), &frame));
        };
        match frame {
            EscalationFrame::Shoot {
                attacker,
                target,
                weapon,
            } => attack::roll_attack(b, attacker, target, weapon, AttackKind::Normal, false)?,
            EscalationFrame::CoupDeGrace {
                attacker,
                target,
                weapon,
            } => attack::roll_attack(b, attacker, target, weapon, AttackKind::Normal, true)?,
            EscalationFrame::Attack {
                attacker,
                target,
                weapon,
                kind,
                effect,
            } => {
                if b.alive(attacker) && b.alive(target) {
                    roll_now(b, attacker, target, weapon, kind, effect)?;
                }
            }
            EscalationFrame::AttackOver { target } => super::interrupts::attack_over(b, target),
        }
        Ok(())
    }

    // "You can make any number of Opportunity Attacks in a round": free. An Interrupt
    // power spends the Interrupt ("one of these per round outside of your turn").
    fn reaction_cost(&self, _b: &Battle, _trigger: &Trigger, kind: ReactionKind) -> Cost {
        match kind {
            ReactionKind::Interrupt(_) => Cost::of(Pool::Interrupt, 1),
            _ => Cost::free(),
        }
    }

    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    // A triggered power's chance to land on the enemy that set it off (1 for one that
    // rolls nothing).
    fn cast_reaction_chance(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        kind: ReactionKind,
    ) -> Option<f64> {
        let (
            Trigger::PowerCue { by, target, .. },
            ReactionKind::Interrupt(i) | ReactionKind::FreePower(i),
        ) = (trigger, kind)
        else {
            return None;
        };
        let on = if b.ability(reactor, i)?.hostile() {
            *by
        } else {
            *target
        };
        Some(super::casting::chance(b, reactor, on, i))
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#']
    }

    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind::*;
        match kind {
            Confused | Dazed | Enervated | Grabbed | SpiritAttacks | SpiritSaves | SpiritWard
            | Hampered | Helpless | Invisible | Shaken | Softened | Stuck | Stunned
            | Vulnerable | Weakened | Flying | Bleeding | Shielded => None,
            _ => Some(
                "escalation's conditions are the seed's list (and Bleeding for ongoing damage)",
            ),
        }
    }

    fn own_conditions(&self) -> &'static [ConditionKind] {
        &OWN_CONDITIONS
    }

    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        let mut v: Vec<String> = [Slot::Standard, Slot::Move, Slot::Quick]
            .into_iter()
            .filter(|&s| b.slots(u, s) > 1)
            .map(|s| format!("{} has {} {s:?} actions", b.name(u), b.slots(u, s)))
            .collect();
        let fails = b.pool(u, Pool::DeathSaveFailures);
        if !(0..=turns::DEATH_SAVES).contains(&fails) {
            v.push(format!("{} has {fails} death saves left", b.name(u)));
        }
        if b.pool(u, Pool::Recoveries) < 0 {
            v.push(format!("{} has negative recoveries", b.name(u)));
        }
        if b.has(u, ConditionKind::Dying) && b.alive(u) {
            v.push(format!("{} is dying but standing", b.name(u)));
        }
        v
    }

    fn save_roll(
        &self,
        b: &mut Battle,
        u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        turns::roll_save(b, u, false, None)
    }

    // A dead PC whose side fights on takes its turns to Fight in Spirit.
    fn acts_while_down(&self, b: &Battle, u: UnitId) -> bool {
        super::fights_in_spirit(b, u)
    }

    // Healing brings a dying PC back (from 0 HP), not a dead unit.
    fn revives(&self, b: &Battle, u: UnitId) -> bool {
        b.has(u, ConditionKind::Dying)
    }

    // A power's healing heals using a recovery too; a dying PC comes back from 0 HP.
    fn healed(&self, b: &mut Battle, u: UnitId, _roll: Roll) {
        // The hook rolls no forced-face error back: a recovery that cannot be rolled
        // (forced faces run out in a test) is left out.
        let _ = super::casting::healed(b, u);
    }

    // ---- Powers (`casting.rs`) ----

    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        super::casting::chance(b, caster, target, ability)
    }

    // A target saves against a `Save` power: 3d6 (its Advantage and Disadvantage dice)
    // against the power's number; true when it saved.
    fn ability_save(
        &self,
        b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        target: UnitId,
        _stat: Stat,
        dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        let roll = roll_save(b, target, false, None)?;
        let success = roll.total >= dc;
        b.emit(Event::Check {
            unit: target,
            purpose: CheckPurpose::Resist,
            roll,
            target_number: dc,
            outcome: if success {
                Outcome::Success
            } else {
                Outcome::Failure
            },
        });
        Ok(Some(success))
    }

    // Typed damage of a power on `target`: "Resist [type] X+ … If an attack's Natural roll
    // result is less than X, it deals half damage" (a power that rolls no attack has no
    // natural roll to reach X: halved). Weakness is in the crit range (`power_math`).
    fn typed_damage(&self, b: &Battle, target: UnitId, kind: &str, roll: Roll) -> Roll {
        let kind = if kind.is_empty() { WEAPON_DAMAGE } else { kind };
        let x = resistance(b, target, kind);
        let natural = power_natural(b, target).unwrap_or(0);
        if x > 0 && natural < x && roll.total > 0 {
            let cut = roll.total - roll.total / 2;
            roll.with(Modifier::new(
                ModKind::Other,
                format!("resist {kind} {x}+: half"),
                -cut,
            ))
        } else {
            roll
        }
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn cast_disrupted(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
    }

    fn dicey_moves(&self) -> bool {
        true
    }
}

/// Roll an attack now (the triggered powers it set off are done): a power's attack, or
/// a basic attack (a ranged one by an engaged unit after the opportunity attacks).
fn roll_now(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    if let HitEffect::Ability(i) = effect {
        return super::casting::roll_power(b, attacker, target, i);
    }
    attack::resolve_attack(b, attacker, target, weapon, kind)
}

/// escalation's own conditions (seed 001's list, and the marks its rules keep): the other
/// rulesets have no rule for them, and their levels refuse them.
const OWN_CONDITIONS: [ConditionKind; 20] = {
    use ConditionKind::*;
    [
        Dazed,
        Enervated,
        Grabbed,
        Hampered,
        Helpless,
        Invisible,
        Shaken,
        Softened,
        Stuck,
        Vulnerable,
        Weakened,
        Flying,
        Stabilized,
        PoppedOff,
        SpiritAttacks,
        SpiritSaves,
        SpiritWard,
        DiceyEdge,
        DiceyFooting,
        Shielded,
    ]
};
