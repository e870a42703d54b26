//! counters' [`Ruleset`]: the engine's questions answered from the topic files.

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Cost, Pool, Pools, Refresh, Slot, Stat, Stats, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, Roll};
use crate::engine::{Action, Commit, CommitPart, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, Event, Gain, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, one_mod};

use super::numbers::{SPEED, skill_dice_of};
use super::{CountersFrame, ID, attack, defence, items, reactions, wave2};

/// The counters rules (seed 000, "Counters and Reactions"; `docs/rules/counters.md`).
pub struct Counters;

/// The skill dice each living unit gets back at the start of a round (refilled to its
/// number: the dice are "per round", and so is the proficiency cap counted over them).
fn refill_skill_dice(b: &mut Battle) {
    let units: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
    for u in units {
        let Some(s) = b.pools(u).and_then(|p| p.get(Pool::SkillDice)).copied() else {
            continue;
        };
        let gap = s.refill - s.left;
        if gap > 0 {
            b.emit(Event::refilled(u, Pool::SkillDice, gap, Gain::Regained));
        }
    }
}

impl Ruleset for Counters {
    fn id(&self) -> &'static str {
        ID
    }

    fn catalogue_source(&self) -> &'static str {
        include_str!("../../../data/counters.ron")
    }

    // d20 + Agility modifier, high first; ties by the Agility modifier.
    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: one_mod("Agility mod", stats.d20_mod(Stat::Agility)),
            tiebreak: stats.d20_mod(Stat::Agility),
            pcs_first: false,
            rolloff: None,
        }
    }

    // One action and a 30 ft (6 cell) move a turn, what is not moved kept until the next
    // turn starts; skill dice a round, capped at the proficiency bonus.
    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        let prof = stats.get(Stat::Proficiency).max(0);
        Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Movement, SPEED as i32, turn)
            .with(Pool::SkillDice, skill_dice_of(stats), Refresh::RoundStart)
            .capped(Pool::SkillDice, prof)
    }

    fn surprised_pools(&self, _pools: &mut Pools) {}

    // Its once-per entries (a counter attack per creature a round) are `Event::Marked`.
    fn marks(&self, _e: &Event) -> Option<(UnitId, crate::components::Once)> {
        None
    }

    fn spawn_unit(&self, _unit: &mut EntityWorldMut) {}

    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        crate::engine::roll_initiative(b, |_, _| None)?;
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    fn round_ended(&self, _b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        Ok(())
    }

    fn round_started(&self, b: &mut Battle, _round: u32) {
        refill_skill_dice(b);
    }

    fn takes_turn(&self, _b: &mut Battle, _u: UnitId) -> Result<bool, ForcedFaceError> {
        Ok(true)
    }

    fn turn_started(&self, _b: &mut Battle, _u: UnitId) {}

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    // The action spent and nothing left to move: the turn is over.
    // (`slots` and `move_left` both 0, from one read of the pools.)
    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        b.pools(u)
            .is_none_or(|p| p.left(Pool::Slot(Slot::Standard)) <= 0 && p.left(Pool::Movement) <= 0)
    }

    fn bleed_dice(&self) -> DiceExpr {
        DiceExpr::new(1, 4)
    }

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
        super::status::release_grapples(b);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        super::status::may_move(b, u)?;
        if b.move_left(u) == 0 {
            return Err(Illegal::NoSlot {
                unit: b.name(u).into(),
                action: "Move",
                slot: "movement",
            });
        }
        Ok(())
    }

    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    // What is left of the turn's 6 cells (spent on counters too).
    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        b.move_left(u)
    }

    // The move is the turn's pool already: nothing to buy.
    // Difficult ground costs what the terrain says (2) for everyone: the seed has no
    // movement rule of its own.
    fn difficult_cost(&self, _b: &Battle, _mover: UnitId) -> u32 {
        crate::level::Terrain::Difficult.cost().unwrap_or(2)
    }

    fn buy_movement(&self, _b: &Battle, _u: UnitId, _cost: u32) -> Vec<Event> {
        Vec::new()
    }

    // Only a grapple of the mover can have ended (`release_grapples_near`).
    fn stepped(&self, b: &mut Battle, u: UnitId, from: Cell, to: Cell) {
        super::hazards::stepped(b, u, to);
        super::status::release_grapples_near(b, u, from);
    }

    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<crate::engine::Interception> {
        Vec::new()
    }

    // Melee range is the weapon's reach (5 ft).
    fn threat_reach(&self, _b: &Battle, _u: UnitId, reach: u32) -> u32 {
        reach
    }

    fn cannot_threaten(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn may_react_to(&self, _b: &Battle, _r: UnitId, _mover: UnitId) -> bool {
        true
    }

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
        super::status::may_harm(b, u, target)?;
        attack::plan_attack(b, u, target, weapon, slot)
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
        if let HitEffect::Ability(_) = effect {
            return super::spells::spell_attack(b, attacker, target, kind, effect);
        }
        attack::resolve_attack(b, attacker, target, weapon, kind, effect)
    }

    fn hit(&self, b: &mut Battle, hit: Hit) {
        if let HitEffect::Ability(i) = hit.effect {
            return super::spells::attack_landed(b, &hit, i);
        }
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

    // The counters are declared when the damage is dealt (`defence::deal_damage`), the
    // target's allies beside it with it.
    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    // Only a grapple of the target can have ended (`release_grapples_near`).
    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        let target = hit.target;
        defence::deal_damage(b, hit, roll);
        super::status::release_grapples_near(b, target, b.pos(target));
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
        attack::odds(b, attacker, target, weapon, words)
    }

    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        _kind: AttackKind,
    ) -> Option<(crate::odds::Distribution, crate::odds::Distribution)> {
        attack::damage_odds(b, attacker, target, weapon)
    }

    fn next_attack_kind(&self, _b: &Battle, _u: UnitId) -> AttackKind {
        AttackKind::Normal
    }

    fn out_of_turn(&self, _b: &Battle, _u: UnitId, _a: &Action) -> bool {
        false
    }

    fn instead_of(&self, _a: &Action) -> &'static str {
        ""
    }

    // Draw, Sheathe and Pick Up take the action; no other special actions in wave 1.
    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        match a {
            Action::Common(c) if items::is_item(c) => items::check(b, u, c),
            Action::Common(_) | Action::Counters(_) if wave2::acts(a) => wave2::check(b, u, a),
            _ => Err(Illegal::NoSuchAction {
                ruleset: ID,
                action: a.name(),
                instead: "",
            }),
        }
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        match a {
            Action::Common(c) if items::is_item(&c) => items::perform(b, u, c),
            a if wave2::acts(&a) => wave2::perform(b, u, a),
            other => self.check_action(b, u, &other),
        }
    }

    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        match trigger {
            Trigger::Leaving { mover, from } => reactions::offer(b, reactor, *mover, *from, to),
            Trigger::IncomingDamage { attacker, .. } => defence::offer(b, reactor, *attacker),
            _ => wave2::offer(b, reactor, trigger),
        }
    }

    fn commit_range(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
        if wave2::answers(&w.trigger) {
            return wave2::commit_range(b, w, kind);
        }
        defence::commit_range(b, w, kind)
    }

    // "Block: 1+ SD … or 10ft or more of unspent movement" and "Counteraction: 20ft
    // movement, or 10ft movement + 1 SD": refused when given, before anyone's counter is
    // declared or paid.
    fn check_answer(
        &self,
        b: &Battle,
        w: &Window,
        kind: Option<ReactionKind>,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        match (kind, &w.trigger) {
            (Some(ReactionKind::Counteraction), Trigger::Hazard { .. }) => {
                super::hazards::check(b, w, commits)
            }
            (Some(kind), _) => defence::check(b, w, kind, commits),
            (None, _) => Ok(()),
        }
    }

    fn resolve_order(&self, kind: ReactionKind) -> u32 {
        defence::resolve_order(kind)
    }

    fn answer_odds(
        &self,
        b: &Battle,
        w: &Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Option<f64> {
        if wave2::answers(&w.trigger) {
            return wave2::answer_odds(b, w, kind, commits);
        }
        defence::answer_odds(b, w, kind, commits)
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        if wave2::answers(&w.trigger) {
            return wave2::answer(b, &w, kind, commits);
        }
        match kind {
            ReactionKind::ReactionAttack => reactions::answer(b, &w),
            ReactionKind::Block | ReactionKind::Parry => defence::answer(b, &w, kind, commits),
            _ => Err(Illegal::NoWindow),
        }
    }

    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        match frame {
            RulesetFrame::Counters(CountersFrame::Deal { hit, roll }) => {
                let target = hit.target;
                defence::deal_after_counters(b, hit, roll);
                super::status::release_grapples_near(b, target, b.pos(target));
                Ok(())
            }
            RulesetFrame::Counters(f) => {
                let r = wave2::frame(b, f);
                super::status::release_grapples(b);
                r
            }
            other => Err(crate::engine::foreign_frame(ID, &other)),
        }
    }

    // A counter attack: 10 ft of movement, else 1 skill die. Block and Parry are paid by
    // what they commit.
    fn reaction_cost(&self, b: &Battle, trigger: &Trigger, kind: ReactionKind) -> Cost {
        match trigger {
            Trigger::Leaving { .. } => reactions::counter_attack_cost(),
            _ => wave2::cost(b, trigger, kind),
        }
    }

    // Block and Parry reduce damage; they do not stop the hit.
    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#']
    }

    // Only bleeding from a level in wave 1: status effects and ending them come with
    // spells.
    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str> {
        (kind != ConditionKind::Bleeding && !super::ESCAPABLE.contains(&kind))
            .then_some("counters has no rule for it yet (status effects come with its spells)")
    }

    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[]
    }

    // One action; no more than a turn's move; skill dice between 0 and the round's
    // number; the cap at the proficiency bonus.
    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        super::turns::budget_violations(b, u)
    }

    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn save_roll(
        &self,
        b: &mut Battle,
        _u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        b.roll(DiceExpr::new(1, 20))
    }

    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        super::spells::chance(b, caster, target, ability)
    }

    // A non-attack spell's casting check, once for the casting (`spells.rs`).
    fn ability_save(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        target: UnitId,
        stat: Stat,
        dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        super::spells::casting_check(b, caster, ability, target, stat, dc)
    }

    fn typed_damage(&self, _b: &Battle, _target: UnitId, _kind: &str, roll: Roll) -> Roll {
        roll
    }

    fn revives(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn healed(&self, _b: &mut Battle, _u: UnitId, _roll: Roll) {}

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
