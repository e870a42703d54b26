//! tactical-d20's answers to the [`Ruleset`] trait: what the engine, the AI and the
//! window ask.

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{BleedTaken, Cost, Pool, Pools, Refresh, Slot, Stat, Stats};
use crate::components::{ConditionKind, Once, UnitId, Wear};
use crate::dice::{DiceExpr, ForcedFaceError, Roll};
use crate::engine::{Action, Frame, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, Event, Gain, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, list_mods, one_mod};

use super::TacticalD20Frame;

/// Seed 004, "Action".
pub struct TacticalD20;

impl Ruleset for TacticalD20 {
    fn id(&self) -> &'static str {
        super::ID
    }

    fn catalogue_source(&self) -> &'static str {
        include_str!("../../../data/tactical-d20.ron")
    }

    // d20 + DEX; ties: initiative modifier, then PCs (human sides) first.
    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: one_mod("DEX", stats.d20_mod(Stat::Dex)),
            tiebreak: stats.d20_mod(Stat::Dex),
            pcs_first: true,
            rolloff: None,
        }
    }

    // Standard, Move, Quick; "each creature starts with 1 Reaction per round": refilled
    // when a round starts (`round_started`), not at the creature's own turn.
    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        let p = Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Slot(Slot::Move), 1, turn)
            .with(Pool::Slot(Slot::Quick), 1, turn)
            .with(Pool::Reaction, 1, Refresh::RoundStart);
        // Spell Quantity lasts the battle (nothing in the seed refills it in a fight).
        match stats.get(Stat::SpellQuantity) {
            sq if sq > 0 => p.with(Pool::SpellQuantity, sq, Refresh::Never),
            _ => p,
        }
    }

    // Surprised creatures cannot take Reactions (the seed's Surprised condition).
    fn surprised_pools(&self, pools: &mut Pools) {
        pools.set_left(Pool::Reaction, 0);
    }

    // "Only once per movement": a reaction offered to a unit leaving a threatened square.
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

    fn spawn_unit(&self, unit: &mut EntityWorldMut) {
        unit.insert((Wear::default(), BleedTaken::default()));
    }

    // The surprise round comes before initiative; its turns are taken in level order,
    // and initiative is rolled when it ends.
    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        super::start(b)?;
        match b.level.surprise {
            Some(side) => {
                let order = b.units().filter(|&u| b.side(u) == side).collect();
                b.emit(Event::TurnOrder { order });
            }
            None => crate::engine::roll_initiative(b, |_, _| None)?,
        }
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    // Initiative is rolled once the surprise round is over, +4 for those who acted in it.
    fn round_ended(&self, b: &mut Battle, round: u32) -> Result<(), ForcedFaceError> {
        if round == 1 && b.level.surprise.is_some() {
            crate::engine::roll_initiative(b, super::surprise_bonus)?;
        }
        Ok(())
    }

    fn round_started(&self, b: &mut Battle, _round: u32) {
        super::refill_reactions(b);
    }

    fn takes_turn(&self, b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
        super::takes_turn(b, u)
    }

    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        super::turn_started(b, u);
    }

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        super::exhausted(b, u)
    }

    fn bleed_dice(&self) -> DiceExpr {
        super::BLEED
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, amount: i32, _hp_after: i32) {
        let total = b.bleed_taken(u) + amount;
        b.emit(Event::BleedTotal { unit: u, total });
        super::after_damage(b, u);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        super::may_move(b, u)
    }

    fn may_move_to(&self, b: &Battle, u: UnitId, to: Cell) -> Result<(), Illegal> {
        super::flees(b, u, to)
    }

    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        b.move_left(u) + super::advances_left(b, u).len() as u32 * super::speed(b, u)
    }

    // Each Move (then the Standard, traded down) buys one speed of movement.
    fn buy_movement(&self, b: &Battle, u: UnitId, cost: u32) -> Vec<Event> {
        let left = b.move_left(u);
        let speed = super::speed(b, u);
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

    fn stepped(&self, b: &mut Battle, u: UnitId, from: Cell, to: Cell) {
        super::waited_triggers(b, u, from, to);
    }

    // None: tactical-d20 has no intercepts.
    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<crate::engine::Interception> {
        Vec::new()
    }

    // Grappled, restrained, stunned or unconscious: no threat.
    // Threat reaches as far as the unit's size or melee weapon (no feat adds to it).
    fn threat_reach(&self, _b: &Battle, _u: UnitId, reach: u32) -> u32 {
        reach
    }

    fn cannot_threaten(&self, b: &Battle, u: UnitId) -> bool {
        b.has(u, crate::components::ConditionKind::Grappled) || super::cannot_threaten(b, u)
    }

    fn may_react_to(&self, b: &Battle, r: UnitId, mover: UnitId) -> bool {
        super::may_react_to(b, r, mover)
    }

    fn max_range_increments(&self) -> Option<u32> {
        Some(crate::engine::MAX_RANGE_INCREMENTS)
    }

    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<Slot>,
    ) -> Result<AttackPlan, Illegal> {
        let (payer, wanted) = super::attack_payer(b, u, slot)?;
        let weapon = b.weapon_for(u, target, weapon)?;
        super::may_attack(b, u, target, weapon)?;
        Ok(AttackPlan {
            weapon,
            pay: vec![Event::spent(u, Pool::Slot(payer), 1, Spend::Attack)],
            kind: super::math::attack_kind(wanted),
        })
    }

    // The seed has no aimed attacks.
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
        super::resolve_attack(b, attacker, target, weapon, kind, effect)
    }

    // No defences: a hit goes straight to damage.
    fn hit(&self, b: &mut Battle, hit: Hit) {
        let mult = match hit.effect {
            // A spell's critical hit doubles its damage dice.
            HitEffect::Ability(_) if hit.level == crate::event::Outcome::Critical => 2,
            HitEffect::Ability(_) => 1,
            _ => super::damage_multiple(b, &hit),
        };
        b.stack.push(Frame::Damage { hit, mult });
    }

    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        super::roll_damage(b, hit, mult)
    }

    // The defender answers before the roll (its defences), never knowing the amount.
    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        super::deal_damage(b, hit, roll)
    }

    fn odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        words: bool,
    ) -> AttackOdds {
        let (a, hit, crit, (lo, hi)) = super::attack_preview(b, attacker, target, weapon, kind);
        let normal_hi = {
            let (d, m) = super::damage_parts(b, attacker, weapon, kind, 1);
            let flat: i32 = m.iter().map(|m| m.value).sum();
            ((d.max() + flat).max(1) - b.stats(target).get(Stat::Dr)).max(0)
        };
        AttackOdds {
            hit,
            crit,
            damage: (lo, normal_hi),
            crit_damage: (lo, hi),
            detail: if words {
                format!(
                    "d20 {:+} vs AC {} ({}; AC: {})",
                    a.total_bonus(),
                    a.total_ac(),
                    list_mods(&a.bonus),
                    list_mods(&a.ac)
                )
            } else {
                String::new()
            },
            stopped: 0.0,
            dists: None,
        }
    }

    // Dice (multiplied on a critical by a proficient wielder) plus STR and the rest, at
    // least 1, less damage resistance.
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
    ) -> Option<(Distribution, Distribution)> {
        let dr = b.stats(target).get(Stat::Dr);
        // The multiple `attack_math` gives every attack (not worked out again here: the
        // AI asks this for every attack it weighs).
        let crit_mult = if super::proficient(b, attacker, weapon) {
            super::math::CRIT_MULT as i32
        } else {
            1
        };
        let one = |mult| {
            let (d, m) = super::damage_parts(b, attacker, weapon, kind, mult);
            let flat: i32 = m.iter().map(|m| m.value).sum();
            Some(Distribution::of(d)?.map(|t| ((t + flat).max(1) - dr).max(0)))
        };
        Some((one(1)?, one(crit_mult)?))
    }

    fn next_attack_kind(&self, b: &Battle, u: UnitId) -> AttackKind {
        super::attack_payer(b, u, None)
            .map(|(_, s)| super::math::attack_kind(s))
            .unwrap_or(AttackKind::Normal)
    }

    // "Free Actions can only be performed on the creature's turn": nothing acts out of
    // turn but a Reaction's answer.
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

    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        super::offer_options(b, reactor, trigger, to)
    }

    // No answer takes more than its price.
    fn commit_range(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::CommitPart> {
        Vec::new()
    }

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
        super::answer(b, w, kind)
    }

    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        let RulesetFrame::TacticalD20(frame) = frame else {
            return Err(crate::engine::foreign_frame(self.id(), &frame));
        };
        match frame {
            TacticalD20Frame::Leap { unit, legs, index } => super::leap(b, unit, legs, index)?,
            TacticalD20Frame::OverrunSave {
                unit,
                victim,
                check,
                ahead,
            } => super::overrun_save(b, unit, victim, check, &ahead)?,
            TacticalD20Frame::Pursue { unit, target } => super::pursue(b, unit, target),
        }
        Ok(())
    }

    // Hits are not defended against in tactical-d20.
    // Every reaction spends the one Reaction.
    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        super::ability_chance(b, caster, target, ability)
    }

    fn ability_save(
        &self,
        b: &mut Battle,
        _caster: UnitId,
        target: UnitId,
        stat: Stat,
        dc: i32,
    ) -> Result<bool, ForcedFaceError> {
        super::casting::ability_save(b, target, stat, dc)
    }

    fn typed_damage(&self, b: &Battle, target: UnitId, kind: &str, roll: Roll) -> Roll {
        super::typed_damage(b, target, kind, roll)
    }

    // Healing brings back a unit that is down and not dead (dying or unconscious).
    fn revives(&self, b: &Battle, u: UnitId) -> bool {
        !b.has(u, ConditionKind::Dead)
    }

    fn healed(&self, b: &mut Battle, u: UnitId, _roll: Roll) {
        super::casting::healed(b, u)
    }

    fn cast_disrupted(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        super::casting::disrupted(b, caster, ability, damage)
    }

    fn cast_reaction_chance(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        kind: ReactionKind,
    ) -> Option<f64> {
        match (trigger, kind) {
            (Trigger::SpellIdentified { caster, ability }, ReactionKind::Counterspell) => Some(
                super::casting::counter_chance(b, reactor, *caster, *ability),
            ),
            _ => None,
        }
    }

    fn reaction_cost(&self, _b: &Battle, _trigger: &Trigger, _kind: ReactionKind) -> Cost {
        Cost::of(Pool::Reaction, 1)
    }

    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#', '~', '^', '=', '_']
    }

    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str> {
        super::checks::refused_condition(kind)
    }

    // None: flow plays (as a badge) every condition tactical-d20 names, so claiming one
    // would refuse it in flow's levels.
    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[]
    }

    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        [Slot::Standard, Slot::Move, Slot::Quick]
            .into_iter()
            .filter(|&s| b.slots(u, s) > 2)
            .map(|s| format!("{} has {} {s:?} actions", b.name(u), b.slots(u, s)))
            .collect()
    }

    // The same as every ruleset without its own rule here (stated, not inherited).
    /// The die of bleeding condition `c` on `u` at the end of its turn (escalation: the
    /// amount the power that laid it lists); [`Ruleset::bleed_dice`] unless overridden.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    // The same as every ruleset without its own rule here (stated, not inherited).

    /// Does `u`, down, still take its turns (escalation: a dead PC Fights in Spirit while
    /// its side fights on)? Its commands are then the ruleset's to allow.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // The same as every ruleset without its own rule here (stated, not inherited).

    /// The roll of `u`'s save against its "save ends" condition `kind` at the end of its
    /// turn (the engine compares the total with the condition's number). The default is
    /// a plain d20; escalation rolls 3d6 with its Advantage and Disadvantage dice.
    fn save_roll(
        &self,
        b: &mut Battle,
        _u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        b.roll(DiceExpr::new(1, 20))
    }

    fn dicey_moves(&self) -> bool {
        false
    }
}
