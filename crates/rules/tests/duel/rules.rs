//! The duel's `Ruleset` impl; the long rules are in `combat.rs` and `answers.rs`.

use bevy_ecs::world::EntityWorldMut;
use skirmish_rules::battle::{Battle, SetupError};
use skirmish_rules::components::{
    ConditionKind, Cost, Per, Pool, Pools, Refresh, Slot, Stat, Stats, UnitId,
};
use skirmish_rules::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use skirmish_rules::engine::{
    Action, Commit, CommitPart, CommonAction, Frame, Hit, HitEffect, Illegal, RulesetFrame, Window,
};
use skirmish_rules::event::{AttackKind, Event, Gain, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::Registry;
use skirmish_rules::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, RulesetId};

use super::{Duel, NAME, SPEED, down_if_out, no_slot, prone, stood_up_out_of_turn};

impl Ruleset for Duel {
    fn id(&self) -> &'static str {
        "duel"
    }

    // Never read by `with_rules` (the level was read with its own ruleset's catalogue).
    fn catalogue_source(&self) -> &'static str {
        RulesetId::TacticalD20.catalogue_source()
    }

    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: vec![Modifier::new(
                ModKind::Skill,
                "DEX mod",
                stats.d20_mod(Stat::Dex),
            )],
            tiebreak: 0,
            pcs_first: false,
            rolloff: None,
        }
    }

    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        // Duel hooks: two reactions; no Move action at a Speed of 0 (6 when left out).
        let reactions = i32::from(self.plus) + i32::from(self.hooks);
        let speed = stats.0.get(&Stat::Speed).copied().unwrap_or(6);
        let moves = i32::from(!self.hooks || speed > 0);
        let pools = Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Slot(Slot::Move), moves, turn)
            .with(Pool::Reaction, reactions, turn);
        if self.plus {
            pools.with(Pool::SkillDice, 3, turn)
        } else {
            pools
        }
    }

    // Duellists have no reactions to lose to surprise.
    fn surprised_pools(&self, _pools: &mut Pools) {}

    fn marks(&self, _e: &Event) -> Option<(UnitId, skirmish_rules::components::Once)> {
        None
    }

    fn spawn_unit(&self, _unit: &mut EntityWorldMut) {}

    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        skirmish_rules::engine::roll_initiative(b, |_, _| None)?;
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    fn round_ended(&self, _b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        Ok(())
    }

    fn round_started(&self, _b: &mut Battle, _round: u32) {}

    fn takes_turn(&self, _b: &mut Battle, _u: UnitId) -> Result<bool, ForcedFaceError> {
        Ok(true)
    }

    // Duel plus: standing up out of turn costs this turn's Move action.
    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        if self.plus && !self.hooks && stood_up_out_of_turn(b, u) {
            b.emit(Event::Spent {
                unit: u,
                pool: Pool::Slot(Slot::Move),
                amount: 1,
                on: Spend::StandUp,
                left: 0,
            });
        }
    }

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        b.slots(u, Slot::Standard) == 0 && b.slots(u, Slot::Move) == 0
    }

    fn bleed_dice(&self) -> DiceExpr {
        DiceExpr::new(1, 4)
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, _amount: i32, _hp_after: i32) {
        down_if_out(b, u);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        if self.plus && b.has(u, ConditionKind::Prone) {
            return Err(prone(b, u));
        }
        if b.slots(u, Slot::Move) == 0 {
            return Err(no_slot(b, u, "Move", "Move"));
        }
        Ok(())
    }

    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        if b.slots(u, Slot::Move) > 0 { SPEED } else { 0 }
    }

    // Every Move spends the Move action for a whole speed (what is left over is lost).
    // Duel hooks: difficult ground costs a unit with the feat "Wader" 1, else 2.
    fn difficult_cost(&self, b: &Battle, mover: UnitId) -> u32 {
        if self.hooks && b.has_feat(mover, "Wader") {
            1
        } else {
            2
        }
    }

    fn buy_movement(&self, _b: &Battle, u: UnitId, _cost: u32) -> Vec<Event> {
        vec![
            Event::spent(u, Pool::Slot(Slot::Move), 1, Spend::Move),
            Event::refilled(u, Pool::Movement, SPEED as i32, Gain::Bought),
        ]
    }

    // Duel hooks: the third step within a foe's zone on one move offers it a free hit.
    fn stepped(&self, b: &mut Battle, u: UnitId, _from: Cell, _to: Cell) {
        if !self.hooks {
            return;
        }
        let foes: Vec<UnitId> = b
            .units()
            .filter(|&r| b.alive(r) && b.enemies(r, u))
            .collect();
        for r in foes.into_iter().rev() {
            let steps = b.steps_within(u, r);
            if steps == 3 && b.threatens(r, b.pos(u)) {
                b.push_frame(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::WithinZone { mover: u, steps },
                    to: None,
                });
            }
        }
    }

    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<skirmish_rules::engine::Interception> {
        Vec::new()
    }

    // Duel hooks: one cell farther than the weapon for a unit with the feat "Reach".
    fn threat_reach(&self, b: &Battle, u: UnitId, reach: u32) -> u32 {
        if self.hooks && reach > 0 && b.has_feat(u, "Reach") {
            reach + 1
        } else {
            reach
        }
    }

    fn cannot_threaten(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn may_react_to(&self, _b: &Battle, _r: UnitId, _mover: UnitId) -> bool {
        false
    }

    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    fn max_range_increments(&self) -> Option<u32> {
        Some(10)
    }

    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<Slot>,
    ) -> Result<AttackPlan, Illegal> {
        self.duel_plan_attack(b, u, target, weapon, slot)
    }

    // Duel plus: every aim (the centre mass +1 to hit, a vital spot −2 to hit and +2
    // damage; the others only ride on the hit).
    fn aims(&self) -> &'static [skirmish_rules::engine::Aim] {
        use skirmish_rules::engine::Aim::*;
        if self.plus {
            &[Vital, Legs, Arms, Senses, CentreMass]
        } else {
            &[]
        }
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
        self.duel_resolve_attack(b, attacker, target, weapon, kind, effect)
    }

    fn hit(&self, b: &mut Battle, hit: Hit) {
        self.duel_hit(b, hit)
    }

    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        self.duel_roll_damage(b, hit, mult)
    }

    // Duel plus: Block, knowing the amount, with the reaction left.
    fn damage_answers(&self, b: &Battle, hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        let again = self.hooks && b.used_against(hit.target, hit.attacker, Per::Round);
        (self.plus && b.rp(hit.target) > 0 && !again).then(|| vec![ReactionKind::Block])
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        self.duel_deal_damage(b, hit, roll)
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
        self.duel_odds(b, attacker, target, weapon, kind, words)
    }

    // The weapon's dice; a natural 20 rolls them twice.
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        _target: UnitId,
        weapon: usize,
        _kind: AttackKind,
    ) -> Option<(
        skirmish_rules::odds::Distribution,
        skirmish_rules::odds::Distribution,
    )> {
        let d = b.weapons(attacker).get(weapon)?.damage;
        Some((
            skirmish_rules::odds::Distribution::of(d)?,
            skirmish_rules::odds::Distribution::of(d.multiplied(2))?,
        ))
    }

    fn next_attack_kind(&self, _b: &Battle, _u: UnitId) -> AttackKind {
        AttackKind::Normal
    }

    // Duel plus: Stand Up, at any time.
    fn out_of_turn(&self, _b: &Battle, _u: UnitId, a: &Action) -> bool {
        self.plus && *a == CommonAction::StandUp.into()
    }

    // The engine refuses another ruleset's actions with nothing added.
    fn instead_of(&self, _a: &Action) -> &'static str {
        ""
    }

    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        self.duel_check_action(b, u, a)
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        self.duel_perform(b, u, a)
    }

    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        self.duel_offer(b, reactor, trigger, to)
    }

    fn commit_range(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
        self.duel_commit_range(b, w, kind)
    }

    fn check_answer(
        &self,
        b: &Battle,
        w: &Window,
        kind: Option<ReactionKind>,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        self.duel_check_answer(b, w, kind, commits)
    }

    // Duel hooks: free hits resolve before everything else declared with them.
    fn resolve_order(&self, kind: ReactionKind) -> u32 {
        u32::from(kind != ReactionKind::FreeHit)
    }

    fn answer_odds(
        &self,
        b: &Battle,
        w: &Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Option<f64> {
        self.duel_answer_odds(b, w, kind, commits)
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        self.duel_answer(b, w, kind, commits)
    }

    fn frame(&self, _b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        Err(Illegal::Cannot {
            unit: NAME.into(),
            why: format!("the engine queued a frame the duel does not know: {frame:?}"),
        })
    }

    // No reaction is ever offered; one would cost the (empty) pool's 1.
    fn reaction_cost(&self, _b: &Battle, trigger: &Trigger, _kind: ReactionKind) -> Cost {
        match trigger {
            // Duel hooks: a tragedy's free hit costs no reaction.
            Trigger::Fumbled { tragedy, .. } if self.hooks && *tragedy >= 1 => Cost::free(),
            // Duel hooks: a counterspell costs a reaction, a skill die or 2 cells of
            // unspent movement, the answer's choice (its commits name the alternative;
            // none: the first affordable).
            Trigger::SpellLanding { .. } if self.hooks => Cost::of(Pool::Reaction, 1)
                .or(Pool::SkillDice, 1)
                .or(Pool::Movement, 2),
            _ => Cost::of(Pool::Reaction, 1),
        }
    }

    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#']
    }

    fn refused_condition(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }

    // The duel claims no condition (it plays Prone and Bleeding, from the level).
    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[]
    }

    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        [Slot::Standard, Slot::Move]
            .into_iter()
            .filter(|&s| b.slots(u, s) > 1)
            .map(|s| format!("{} has {} {s:?} actions", b.name(u), b.slots(u, s)))
            .collect()
    }

    /// The die of bleeding condition `c` on `u` at the end of its turn (escalation: the
    /// amount the power that laid it lists); [`Ruleset::bleed_dice`] unless overridden.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &skirmish_rules::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    /// Does `u`, down, still take its turns (escalation: a dead PC Fights in Spirit while
    /// its side fights on)? Its commands are then the ruleset's to allow.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

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

    // What casting costs and which checks it needs are the ruleset's `check_action` and
    // `perform` on `CommonAction::Cast`; these are what the engine asks while a casting
    // resolves. The defaults suit a ruleset without magic.

    /// The chance an ability's attack or save lands on `target` (1 for an automatic
    /// one): the number the preview shows and the AI weighs, from the same check the
    /// resolver rolls.
    fn ability_chance(
        &self,
        _b: &Battle,
        _caster: UnitId,
        _target: UnitId,
        _ability: usize,
    ) -> f64 {
        1.0
    }

    /// `target` saves against `caster`'s ability `ability`: roll it (log `Check` events)
    /// and say whether it saved (`None`: the ruleset goes on with frames of its own).
    fn ability_save(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _target: UnitId,
        _stat: skirmish_rules::components::Stat,
        _dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        Ok(Some(false))
    }

    /// Typed damage on `target` (energy resistance and weakness): the roll with its
    /// modifiers added. The default changes nothing.
    fn typed_damage(&self, _b: &Battle, _target: UnitId, _kind: &str, roll: Roll) -> Roll {
        roll
    }

    /// May healing bring `u`, who is down (not dead), back (tactical-d20's dying)?
    fn revives(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    /// `u` was healed by `roll` (the `Healed` event is out): what healing also does
    /// (tactical-d20: stops bleeding, brings a dying unit back).
    fn healed(&self, _b: &mut Battle, _u: UnitId, _roll: Roll) {}

    /// Reactions hurt the caster by `damage` while it cast: is the casting lost? (rolls
    /// what it needs.) flow: never ("reaction attacks do not disrupt the spell").
    fn cast_disrupted(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
    }

    /// The chance a reaction to a casting works (tactical-d20's Counterspell: caster
    /// level against the Spell DC), for the reaction prompt; `None`: nothing is rolled.
    fn cast_reaction_chance(
        &self,
        _b: &Battle,
        _reactor: UnitId,
        _trigger: &skirmish_rules::event::Trigger,
        _kind: ReactionKind,
    ) -> Option<f64> {
        None
    }

    fn dicey_moves(&self) -> bool {
        false
    }
}
