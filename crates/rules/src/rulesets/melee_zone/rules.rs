//! melee-zone's [`Ruleset`]: the engine's questions answered from the topic files.

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Cost, Pool, Pools, Refresh, Slot, Stat, Stats, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Action, Commit, CommitPart, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, Event, Gain, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, one_mod};

use super::numbers::{free_hit_slots, speed};
use super::{ID, actions, attack, reactions};

/// The melee-zone rules (seed 003, "Combat rules"; `docs/rules/melee-zone.md`).
pub struct MeleeZone;

/// The conditions melee-zone plays.
const PLAYS: [ConditionKind; 4] = [
    ConditionKind::Prone,
    ConditionKind::FlatFooted,
    ConditionKind::Channeling,
    ConditionKind::SummoningSick,
];

/// The initiative modifier that puts the unit that started the battle last ("they are
/// placed last in the initiative lineup, regardless of their Agility modifier").
pub const INITIATOR_LAST: i32 = -1000;

impl Ruleset for MeleeZone {
    fn id(&self) -> &'static str {
        ID
    }

    fn catalogue_source(&self) -> &'static str {
        include_str!("../../../data/melee-zone.ron")
    }

    // No roll: the Agility modifier, high to low; ties in level order.
    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: None,
            modifiers: one_mod("Agility mod", stats.get(Stat::Agility)),
            tiebreak: 0,
            pcs_first: false,
            rolloff: None,
        }
    }

    // 1 AA, 1 MA, 2 BA a turn; Free Hit Slots = Agility modifier + 1 a round.
    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        Pools::new()
            .with(Pool::Slot(Slot::Attack), 1, turn)
            .with(Pool::Slot(Slot::Move), 1, turn)
            .with(Pool::Slot(Slot::Bonus), 2, turn)
            .with(
                Pool::FreeHits,
                free_hit_slots(stats.get(Stat::Agility)),
                Refresh::RoundStart,
            )
    }

    // No surprise rounds (sneaking up is wave 2).
    fn surprised_pools(&self, _pools: &mut Pools) {}

    // Its once-per entries are marked with `Event::Marked`.
    fn marks(&self, _e: &Event) -> Option<(UnitId, crate::components::Once)> {
        None
    }

    // The first unit keeps the record of what the log said (`record.rs`).
    fn spawn_unit(&self, unit: &mut EntityWorldMut) {
        if unit.get::<UnitId>() == Some(&UnitId(0)) {
            unit.insert(super::record::LogRecord::default());
        }
    }

    // The unit that started the battle by attacking (a level's `initiator`) goes last.
    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        crate::engine::roll_initiative(b, |b, u| {
            b.initiator(u).then(|| {
                Modifier::new(ModKind::Other, "initiated the battle: last", INITIATOR_LAST)
            })
        })?;
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    fn round_ended(&self, _b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        Ok(())
    }

    // Free Hit Slots refill; a delay lasts "for the round": the initiative order is back.
    fn round_started(&self, b: &mut Battle, _round: u32) {
        super::turns::round_started(b);
    }

    // Summoning sickness: "cannot take actions … during the first round".
    fn takes_turn(&self, b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
        Ok(super::summons::takes_turn(b, u))
    }

    // A wound's lost Bonus Action, then a channeled spell's cast time, are paid.
    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        super::wounds::turn_started(b, u);
        super::casting::turn_started(b, u);
    }

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        [Slot::Attack, Slot::Move, Slot::Bonus]
            .into_iter()
            .all(|s| b.slots(u, s) == 0)
            && b.move_left(u) == 0
    }

    fn bleed_dice(&self) -> DiceExpr {
        DiceExpr::new(1, 4)
    }

    // Stated here, not inherited: bleeding is refused in melee-zone's levels.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, _amount: i32, _hp_after: i32) {
        attack::down_if_out(b, u);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        if self.movement_budget(b, u) == 0 {
            return Err(Illegal::NoSlot {
                unit: b.name(u).into(),
                action: "Move",
                slot: "Move",
            });
        }
        Ok(())
    }

    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    // What is left of the movement bought, and a Move Action's 6 spaces (2 prone).
    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        let ma = if b.slots(u, Slot::Move) > 0 {
            speed(b, u)
        } else {
            0
        };
        b.move_left(u) + ma
    }

    // A move longer than what is left spends the Move Action for its spaces.
    // "Maneuverer: move normally while sneaking, swimming …": difficult ground (the
    // seed's swimming ground) costs it 1 a space, paths planned so.
    fn difficult_cost(&self, b: &Battle, mover: UnitId) -> u32 {
        super::feats_b::difficult_cost(b, mover)
    }

    fn buy_movement(&self, b: &Battle, u: UnitId, cost: u32) -> Vec<Event> {
        if cost <= b.move_left(u) || b.slots(u, Slot::Move) == 0 {
            return Vec::new();
        }
        vec![
            Event::spent(u, Pool::Slot(Slot::Move), 1, Spend::Move),
            Event::refilled(u, Pool::Movement, speed(b, u) as i32, Gain::Bought),
        ]
    }

    fn stepped(&self, b: &mut Battle, u: UnitId, _from: Cell, to: Cell) {
        super::casting::stepped(b, u);
        super::stealth::look_around(b, u);
        reactions::stepped(b, u, to);
    }

    // No interceptions.
    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<crate::engine::Interception> {
        Vec::new()
    }

    // The melee zone is the adjacent cells (a held melee weapon's reach); 2 with Reach.
    fn threat_reach(&self, b: &Battle, u: UnitId, reach: u32) -> u32 {
        super::feats_a::threat_reach(b, u, reach)
    }

    fn cannot_threaten(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // A mover that disengaged this round provokes nobody.
    fn may_react_to(&self, b: &Battle, _r: UnitId, mover: UnitId) -> bool {
        !reactions::disengaged(b, mover)
    }

    // A ranged weapon reaches its range and no farther (no range penalties in the seed).
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
        attack::plan_attack(b, u, target, weapon, slot)
    }

    // Fatal, Slowing, Weakening, Disrupting, Center Mass ("Wounds/Aiming").
    fn aims(&self) -> &'static [crate::engine::Aim] {
        &super::wounds::AIMS
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
        attack::resolve_attack(b, attacker, target, weapon, kind, effect)
    }

    fn hit(&self, b: &mut Battle, hit: Hit) {
        attack::hit(b, hit);
    }

    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        attack::roll_damage(b, hit, mult)
    }

    // No answer to damage (no armour or guarding feats in wave 1).
    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        let roll = super::stealth::add_spell_sneak(b, &hit, roll);
        attack::deal_damage(b, hit, roll);
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
        attack::odds(b, attacker, target, weapon, kind, words)
    }

    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        _target: UnitId,
        weapon: usize,
        kind: AttackKind,
    ) -> Option<(crate::odds::Distribution, crate::odds::Distribution)> {
        attack::damage_odds(b, attacker, weapon, kind)
    }

    // A click attacks with the Attack Action, else the extra attack.
    fn next_attack_kind(&self, b: &Battle, u: UnitId) -> AttackKind {
        if b.slots(u, Slot::Attack) == 0
            && b.slots(u, Slot::Move) > 0
            && b.slots(u, Slot::Bonus) >= 2
        {
            AttackKind::Secondary
        } else {
            AttackKind::Normal
        }
    }

    fn out_of_turn(&self, _b: &Battle, _u: UnitId, a: &Action) -> bool {
        actions::out_of_turn(a)
    }

    fn instead_of(&self, _a: &Action) -> &'static str {
        ""
    }

    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        actions::check(b, u, a)
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        actions::perform(b, u, a)
    }

    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        if super::stealth::unseen_provoker(b, trigger) {
            return None;
        }
        reactions::offer(b, reactor, trigger, to)
    }

    fn commit_range(&self, _b: &Battle, _w: &Window, _kind: ReactionKind) -> Vec<CommitPart> {
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

    fn resolve_order(&self, _kind: ReactionKind) -> u32 {
        0
    }

    fn answer_odds(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
        _commits: &[Commit],
    ) -> Option<f64> {
        None
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        _commits: &[Commit],
    ) -> Result<(), Illegal> {
        reactions::answer(b, w, kind)
    }

    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        match frame {
            RulesetFrame::MeleeZone(f) => reactions::frame(b, f),
            other => Err(crate::engine::foreign_frame(ID, &other)),
        }
    }

    fn reaction_cost(&self, _b: &Battle, trigger: &Trigger, _kind: ReactionKind) -> Cost {
        reactions::reaction_cost(trigger)
    }

    // Free hits stop nothing.
    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#', '~']
    }

    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str> {
        (!PLAYS.contains(&kind)).then_some("melee-zone has no rule for it (yet)")
    }

    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[
            ConditionKind::FlatFooted,
            ConditionKind::Channeling,
            ConditionKind::SummoningSick,
        ]
    }

    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        let mut v: Vec<String> = [(Slot::Attack, 1), (Slot::Move, 1), (Slot::Bonus, 2)]
            .into_iter()
            .filter(|&(s, most)| b.slots(u, s) > most)
            .map(|(s, _)| format!("{} has {} {s:?} actions", b.name(u), b.slots(u, s)))
            .collect();
        let fhs = b.pool(u, Pool::FreeHits);
        let most = free_hit_slots(b.base_stats(u).get(Stat::Agility));
        if !(0..=most).contains(&fhs) {
            v.push(format!(
                "{} has {fhs} Free Hit Slots (most {most})",
                b.name(u)
            ));
        }
        v
    }

    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // No saves in wave 1; a plain d20 if a level's condition asked for one.
    fn save_roll(
        &self,
        b: &mut Battle,
        _u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        b.roll(DiceExpr::new(1, 20))
    }

    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        super::casting::chance(b, caster, target, ability)
    }

    // d20 + the target's modifier against the number (`casting::save`).
    fn ability_save(
        &self,
        b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        target: UnitId,
        stat: Stat,
        dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        super::casting::save(b, target, stat, dc)
    }

    // The seed has no damage types, resistances or weaknesses.
    fn typed_damage(&self, _b: &Battle, _target: UnitId, _kind: &str, roll: Roll) -> Roll {
        roll
    }

    fn revives(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // 6 or more hit points at once remove a wound.
    fn healed(&self, b: &mut Battle, u: UnitId, _roll: Roll) {
        super::wounds::healed(b, u);
    }

    // Damage never breaks a casting: the seed's price of channeling is being flat-footed,
    // and it names no concentration check (moving cancels a channel: `casting::stepped`).
    fn cast_disrupted(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
    }

    fn cast_reaction_chance(
        &self,
        _b: &Battle,
        _reactor: UnitId,
        _trigger: &Trigger,
        _kind: ReactionKind,
    ) -> Option<f64> {
        None
    }

    fn dicey_moves(&self) -> bool {
        false
    }
}
