//! tactical-d20's answers to the [`Ruleset`] trait: what the engine, the AI and the
//! window ask.

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{BleedTaken, Cost, Pool, Pools, Refresh, Slot, Stat, Stats};
use crate::components::{ConditionKind, Once, UnitId, Wear};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Action, Frame, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, CheckPurpose, Event, Gain, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, list_mods, one_mod};

use super::perform::spend_of;
use super::{
    TacticalD20Frame, action_name, after_damage, attack_math, can_react, carry_out, check_event,
    d20, damage_parts, legal, may_act, named, need_slot, pay, remove, save, save_of, slot_name,
    slots_of,
};

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

    // "Each creature starts with 1 Reaction per round": when a round starts, every standing
    // creature has its Reaction back. A Wait's extra Reaction, still unspent, is kept until
    // the waiter's own turn starts (it "must be completed before the start of the waiting
    // creature's next turn"); an Opportunity Attack paid while waiting spends the ordinary
    // Reaction first. A waiter with both spent stops waiting.
    fn round_started(&self, b: &mut Battle, _round: u32) {
        for u in b.units().collect::<Vec<_>>() {
            if !b.alive(u) {
                continue;
            }
            let left = b.rp(u);
            let waiting = b.has(u, ConditionKind::Waiting);
            if waiting && left <= 0 {
                remove(b, u, ConditionKind::Waiting, None);
            }
            let want = 1 + i32::from(waiting && left >= 1);
            if left < want {
                b.emit(Event::refilled(
                    u,
                    Pool::Reaction,
                    want - left,
                    Gain::Regained,
                ));
            }
        }
    }

    fn takes_turn(&self, b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
        super::takes_turn(b, u)
    }

    // Start-of-turn losses: Restrained and Writhing lose the Move action.
    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        for c in [ConditionKind::Restrained, ConditionKind::Writhing] {
            if b.has(u, c) {
                super::budget::lose_slot(b, u, Slot::Move, c);
            }
        }
    }

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    // Has the unit nothing left this turn: no slot and no movement left?
    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        [Slot::Standard, Slot::Move, Slot::Quick]
            .iter()
            .all(|&s| b.slots(u, s) == 0)
            && b.move_left(u) == 0
    }

    fn bleed_dice(&self) -> DiceExpr {
        super::BLEED
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, amount: i32, _hp_after: i32) {
        let total = b.bleed_taken(u) + amount;
        b.emit(Event::BleedTotal { unit: u, total });
        after_damage(b, u);
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
    // Difficult ground costs what the terrain says (2) for everyone.
    fn difficult_cost(&self, _b: &Battle, _mover: UnitId) -> u32 {
        crate::level::Terrain::Difficult.cost().unwrap_or(2)
    }

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

    // May `r` react to `mover`'s movement: it can react, was not offered one already in this
    // movement ("only once per movement"), and the mover is not concentrating.
    fn may_react_to(&self, b: &Battle, r: UnitId, mover: UnitId) -> bool {
        can_react(b, r)
            && !b.has(r, ConditionKind::Frightened)
            && !b.used(r, crate::components::Once::ReactedToMovement)
            && !b.has(mover, ConditionKind::Concentrating)
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
        if let HitEffect::Ability(i) = effect {
            return super::casting::resolve_spell_attack(b, attacker, target, i);
        }
        let a = attack_math(b, attacker, target, weapon, kind);
        let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
        let face = roll.faces.first().copied().unwrap_or(1);
        for m in &a.bonus {
            roll = roll.with(m.clone());
        }
        let outcome = a.outcome(face);
        b.emit_attack(
            attacker,
            target,
            weapon,
            kind,
            effect,
            roll,
            a.total_ac(),
            outcome,
            a.ac.clone(),
        );
        Ok(())
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

    // The damage of a hit: dice (multiplied on a crit), STR, at least 1, then damage
    // resistance.
    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        let (dice, mods) = damage_parts(b, hit.attacker, hit.weapon, hit.kind, mult);
        let mut roll = b.dice.roll(dice)?;
        if mult > 1 {
            roll = roll.with(Modifier::new(
                ModKind::Critical,
                format!("critical: dice ×{mult}"),
                0,
            ));
        }
        for m in mods {
            roll = roll.with(m);
        }
        if roll.total < 1 {
            let v = 1 - roll.total;
            roll = roll.with(Modifier::new(ModKind::Other, "minimum 1", v));
        }
        let dr = b.stats(hit.target).get(Stat::Dr);
        if dr > 0 {
            let cut = -dr.min(roll.total);
            roll = roll.with(Modifier::new(ModKind::Other, "damage resistance", cut));
        }
        Ok(Some(roll))
    }

    // The defender answers before the roll (its defences), never knowing the amount.
    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    // Deal a hit's rolled damage: HP, then unconscious, dying or dead.
    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        let amount = roll.total.max(0);
        let hp_after = b.hp(hit.target) - amount;
        b.emit(Event::Damage {
            unit: hit.target,
            source: Some(hit.attacker),
            roll,
            amount,
            hp_after,
        });
        after_damage(b, hit.target);
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
        let p = super::preview(b, attacker, target, weapon, kind);
        let (a, hit, crit, lo, hi, normal_hi) = (p.attack, p.hit, p.crit, p.lo, p.hi, p.normal_hi);
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
            super::hit_damage_odds(d, flat, dr)
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

    // Is the action legal now? Pure. (`acting` was checked by the caller.)
    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        let (first, second) = slots_of(a);
        let Some(first) = first else {
            return Err(Illegal::NoSuchAction {
                ruleset: super::ID,
                action: a.name(),
                instead: "",
            });
        };
        may_act(b, u)?;
        let name = action_name(a);
        need_slot(b, u, first, name)?;
        if let Some(s) = second {
            // The Standard pays for the Dash, so the Move must be a real Move action.
            if b.slots(u, s) == 0 {
                return Err(Illegal::NoSlot {
                    unit: named(b, u),
                    action: name,
                    slot: slot_name(s),
                });
            }
            if first == Slot::Standard && b.slots(u, Slot::Standard) == 0 {
                return Err(Illegal::NoSlot {
                    unit: named(b, u),
                    action: name,
                    slot: "Standard",
                });
            }
        }
        legal(b, u, a)
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        let (first, second) = slots_of(&a);
        let on = spend_of(&a);
        if let Some(s) = first {
            pay(b, u, s, on);
        }
        if let Some(s) = second {
            b.emit(Event::spent(u, Pool::Slot(s), 1, on));
        }
        carry_out(b, u, a)
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

    fn check_answer(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: Option<ReactionKind>,
        _commits: &[crate::engine::Commit],
    ) -> Result<(), Illegal> {
        Ok(())
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
            TacticalD20Frame::HaltIfStopped { unit } => {
                if super::may_move(b, unit).is_err() {
                    b.halt_moves(unit);
                }
            }
        }
        Ok(())
    }

    // The chance an ability lands on `target`: its attack hitting, the target failing its
    // save, or 1 (counting every d20 face, the resolver's own rules).
    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        super::casting::ability_chance(b, caster, target, ability)
    }

    // The target saves: d20 + the save against the DC; true when it saved.
    fn ability_save(
        &self,
        b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        target: UnitId,
        stat: Stat,
        dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        let m = save(b, target, save_of(stat));
        let roll = d20(b, target, &m)?;
        Ok(Some(check_event(b, target, CheckPurpose::Resist, roll, dc)))
    }

    // Energy resistance X (X less of each damage of that type) and weakness (half as much
    // again; Dehydrated: acid and heat, Soaked: cold and electricity; resistance to the
    // type negates the weakness).
    fn typed_damage(&self, b: &Battle, target: UnitId, kind: &str, roll: Roll) -> Roll {
        super::attack::typed_damage(b, target, kind, roll)
    }

    // Healing brings back a unit that is down and not dead (dying or unconscious).
    fn revives(&self, b: &Battle, u: UnitId) -> bool {
        !b.has(u, ConditionKind::Dead)
    }

    // Healing also stops Bleeding ("Cured automatically with a [Healing] effect") and
    // brings a dying or unconscious unit back above 0 HP.
    fn healed(&self, b: &mut Battle, u: UnitId, _roll: Roll) {
        if b.has(u, ConditionKind::Bleeding) {
            remove(b, u, ConditionKind::Bleeding, None);
        }
        if !b.alive(u) && b.hp(u) > 0 && !b.has(u, ConditionKind::Dead) {
            for c in [ConditionKind::Dying, ConditionKind::Unconscious] {
                if b.has(u, c) {
                    remove(b, u, c, None);
                }
            }
            b.emit(Event::Revived { unit: u });
        }
    }

    // Reactions hurt the caster while it cast a spell: it keeps the spell with Magical
    // Aptitude against 10 + the damage + the order (the d20 concentration reading of
    // "attempting to interrupt").
    fn cast_disrupted(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        super::casting::cast_disrupted(b, caster, ability, damage)
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

    // Every reaction spends the one Reaction.
    fn reaction_cost(&self, _b: &Battle, _trigger: &Trigger, _kind: ReactionKind) -> Cost {
        Cost::of(Pool::Reaction, 1)
    }

    // Hits are not defended against in tactical-d20.
    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#', '~', '^', '=', '_']
    }

    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str> {
        super::conditions::refused(kind)
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

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
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
