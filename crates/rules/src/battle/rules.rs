//! The engine-facing rules trait, beside [`Battle`]: what the engine asks a battle's
//! ruleset ([`Ruleset`]), and the plain numbers it answers with ([`InitiativeRule`],
//! [`AttackPlan`], [`AttackOdds`] and the one odds function [`attack_odds`] that the
//! preview, the AI and the resolver share).

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Cost, Pools, Stats, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Action, Commit, CommitPart, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, Event, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::odds::Distribution;

/// How a ruleset orders combatants: a roll (or none) plus named modifiers, then
/// tie-breakers. The turn engine applies it the same way for every ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiativeRule {
    /// The die rolled (`None`: the total is the modifiers alone).
    pub dice: Option<DiceExpr>,
    /// Named modifiers added to the roll.
    pub modifiers: Vec<Modifier>,
    /// Compared after the total, higher first.
    pub tiebreak: i32,
    /// On a full tie, units of PC sides ([`crate::level::Role`]) go first.
    pub pcs_first: bool,
    /// On a full tie, roll this die until the tied units differ (flow's "resolved as
    /// normal"); otherwise level order decides.
    pub rolloff: Option<DiceExpr>,
}

/// A named modifier list of one entry (initiative rules).
pub fn one_mod(name: &'static str, v: i32) -> Vec<Modifier> {
    vec![Modifier::new(ModKind::Skill, name, v)]
}

/// What an attack would do, before any dice: the one set of numbers the hover preview,
/// the reaction prompts and the AI read (the resolver rolls against the same ones).
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOdds {
    /// Chance to hit (before the target's own defences in flow).
    pub hit: f64,
    /// Chance of a critical hit.
    pub crit: f64,
    /// Damage of a normal hit, lowest to highest.
    pub damage: (i32, i32),
    /// Damage of a critical hit, lowest to highest.
    pub crit_damage: (i32, i32),
    /// The roll in words with every modifier: "roll ≤ 55 on d100 (…)", "d20 +5 vs AC 16 (…)".
    pub detail: String,
    /// The chance the target's best defence (flow's Dodge, Parry, Block or Riposte, with
    /// the reaction points it has now) stops a plain hit; 0 when it has none. The AI
    /// weighs an attack by it (`ai::odds_value`), the hover card shows it.
    pub stopped: f64,
    /// The exact damage distributions of a normal and a critical hit
    /// ([`Ruleset::damage_odds`]), filled in by [`attack_odds_numbers`] for the AI
    /// (`None` from [`Ruleset::odds`] with the words, or when the dice are too many to
    /// count; a ruleset's odds without the words may carry them already).
    pub dists: Option<(Distribution, Distribution)>,
}

impl AttackOdds {
    /// The damage the attack deals on average: hits and crits by their chances, with
    /// the exact distributions when the odds carry them (else the middle of each range),
    /// less what the target's best defence stops.
    pub fn expected_damage(&self) -> f64 {
        let plain = (self.hit - self.crit).max(0.0);
        let mean = match &self.dists {
            Some((d, c)) => crate::odds::expected_hit(self.hit, self.crit, d, c, i32::MAX).0,
            None => {
                let mid = |(lo, hi): (i32, i32)| f64::from(lo + hi) / 2.0;
                plain * mid(self.damage) + self.crit * mid(self.crit_damage)
            }
        };
        mean * (1.0 - self.stopped.clamp(0.0, 1.0))
    }
}

/// "name +v, name −v" for a modifier list.
pub fn list_mods(m: &[Modifier]) -> String {
    m.iter()
        .map(|m| format!("{} {:+}", m.name, m.value))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The odds of `attacker` hitting `target` with loadout item `weapon`.
pub fn attack_odds(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> AttackOdds {
    b.rules().odds(b, attacker, target, weapon, kind, true)
}

/// [`attack_odds`] without the words: the same numbers with an empty `detail` (the AI
/// asks for thousands and reads none of them).
pub fn attack_odds_numbers(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> AttackOdds {
    let rules = b.rules();
    let mut o = rules.odds(b, attacker, target, weapon, kind, false);
    // A ruleset that builds them for its ranges anyway hands them over with the numbers.
    if o.dists.is_none() {
        o.dists = rules.damage_odds(b, attacker, target, weapon, kind);
    }
    o
}

/// What a hit of this attack would do to its target now: (mean damage over the attack
/// roll, chance to take the target to 0 HP or below); `None` when the dice are too many
/// to count. The same odds the preview shows; the resolver rolls the same dice.
pub fn hit_outcome(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> Option<(f64, f64)> {
    let rules = b.rules();
    let o = rules.odds(b, attacker, target, weapon, kind, false);
    let (d, c) = rules.damage_odds(b, attacker, target, weapon, kind)?;
    Some(crate::odds::expected_hit(
        o.hit,
        o.crit,
        &d,
        &c,
        b.hp(target),
    ))
}

/// How an attack is paid and made: what [`Ruleset::plan_attack`] decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackPlan {
    /// Loadout index of the weapon.
    pub weapon: usize,
    /// The events that pay for it (`Spent`: AP, a slot), emitted before the roll.
    pub pay: Vec<Event>,
    /// The kind of attack (tactical-d20: by the slot that makes it).
    pub kind: AttackKind,
}

/// A combat system as the engine asks it: setup, turns, movement, attacks, actions,
/// reactions, odds and the level checks. Implemented by each ruleset folder's
/// `rules.rs` (the window's words are [`crate::rulesets::View`], the AI's choices
/// [`crate::ai::AiTactics`]; the registry, `crate::rulesets`, pairs them by id).
///
/// There are no default methods: a new ruleset says what each rule is, so it can never
/// inherit another seed's rule by accident. The engine keeps what every ruleset shares
/// (the pipeline, frames, reaction windows, initiative sorting, paths and reach); see
/// `docs/design.md`, "Adding a ruleset".
pub trait Ruleset: Sync {
    /// The ruleset's id as level files and logs name it ("flow", "tactical-d20").
    fn id(&self) -> &'static str;

    // ---- Setup ----

    /// Built-in weapons and archetypes (RON), the ruleset's own data file.
    fn catalogue_source(&self) -> &'static str;
    /// How one combatant rolls initiative.
    fn initiative(&self, stats: &Stats) -> InitiativeRule;
    /// The resource pools a combatant starts with (AP, reactions, slots, …; every unit
    /// has [`Pool::Movement`] from [`Pools::new`]).
    fn pools(&self, stats: &Stats) -> Pools;
    /// What a combatant of the surprised side of a surprise round starts with instead
    /// (called at spawn on the pools from [`Ruleset::pools`]).
    fn surprised_pools(&self, pools: &mut Pools);
    /// The once-per entry ([`crate::components::Once`]) an event records in the battle's
    /// ledger, if any: the ruleset says which of its events use up a once-per right.
    fn marks(&self, e: &Event) -> Option<(UnitId, crate::components::Once)>;
    /// Add the ruleset's own components to a freshly spawned unit.
    fn spawn_unit(&self, unit: &mut EntityWorldMut);
    /// After `BattleStarted`: anything rolled before the turn order, then the opening
    /// turn order (usually [`crate::engine::roll_initiative`]).
    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError>;
    /// After the turn order (and `SurpriseRound`), before round 1 starts.
    fn before_first_round(&self, b: &mut Battle);

    // ---- Turns ----

    /// Round `round` has just ended (before the next one starts).
    fn round_ended(&self, b: &mut Battle, round: u32) -> Result<(), ForcedFaceError>;
    /// Round `round` has just started (its `RoundStarted` is logged).
    fn round_started(&self, b: &mut Battle, round: u32);
    /// Does `u` take its turn now, or is it skipped (it may roll to find out)?
    fn takes_turn(&self, b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError>;
    /// `u`'s `TurnStarted` is logged: what happens at the start of its turn.
    fn turn_started(&self, b: &mut Battle, u: UnitId);
    /// `u`'s turn is ending, after the ongoing effects and before `TurnEnded`.
    fn turn_ending(&self, b: &mut Battle, u: UnitId);
    /// Has the unit nothing left to do this turn (the engine then ends it)?
    fn exhausted(&self, b: &Battle, u: UnitId) -> bool;
    /// The die of one bleeding condition's damage at the end of a turn.
    fn bleed_dice(&self) -> DiceExpr;
    /// The die of bleeding condition `c` on `u` at the end of its turn (escalation: the
    /// amount the power that laid it lists); [`Ruleset::bleed_dice`] unless overridden.
    fn ongoing_dice(
        &self,
        b: &Battle,
        u: UnitId,
        c: &crate::components::ActiveCondition,
    ) -> DiceExpr;
    /// After a bleed's `Damage` event: what the damage does (down, totals).
    fn after_bleed(&self, b: &mut Battle, u: UnitId, amount: i32, hp_after: i32);

    // ---- Movement ----

    /// May the unit move on its own now (conditions and budget; not where)?
    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal>;
    /// May the unit end a move on `to` (tactical-d20: a frightened unit must flee or
    /// cower)?
    fn may_move_to(&self, b: &Battle, u: UnitId, to: Cell) -> Result<(), Illegal>;
    /// Movement still available this turn (already bought + still buyable).
    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32;
    /// The events that buy `cost` movement for a `Move` (`Spent` AP or slots, `Refilled`
    /// movement), given what is left.
    fn buy_movement(&self, b: &Battle, u: UnitId, cost: u32) -> Vec<Event>;
    /// What a space of difficult ground costs `mover` (the terrain's own cost, 2, for
    /// most; melee-zone's Maneuverer "move normally while … swimming": 1). Paths, the
    /// reachable field and the step's charge all read it.
    fn difficult_cost(&self, b: &Battle, mover: UnitId) -> u32;
    /// A unit has stepped from `from` to `to`: readied actions and the like fire.
    fn stepped(&self, b: &mut Battle, u: UnitId, from: Cell, to: Cell);
    /// The interceptions of a move `mover` could make along `path` (its first cell is
    /// where it stands), from the same rules that offer them when it steps; empty for a
    /// ruleset whose intercepts are not of movement (flow intercepts attacks).
    fn interceptions_along(
        &self,
        b: &Battle,
        mover: UnitId,
        path: &[Cell],
    ) -> Vec<crate::engine::Interception>;
    /// The reach with which `u` threatens, given the engine's (the higher of its size's
    /// and its held melee weapons' reach, 0 without one). The engine asks it of each
    /// melee weapon's reach too ([`Battle::melee_reach`]): a weapon strikes as far as it
    /// threatens, on the unit's turn, with a free hit or a reaction attack. melee-zone: a
    /// Reach feat makes the zone 2 cells; flow, tactical-d20 and escalation: `reach` as
    /// it is.
    ///
    /// It and [`Ruleset::cannot_threaten`] read only `u`'s own state (its weapons and
    /// carry, size, scores and modifiers, conditions, feats and life), never another
    /// unit's or the battle's: the threat cache works out again only the entry of the
    /// unit an event changes (`battle/caches.rs`; `caches_tests.rs` checks it against a
    /// fresh build after every event of every ruleset's AI battles).
    fn threat_reach(&self, b: &Battle, u: UnitId, reach: u32) -> u32;
    /// Is the living unit `u` kept from threatening now (held in a grapple, stunned)?
    /// Reads only `u`'s own state ([`Ruleset::threat_reach`]).
    fn cannot_threaten(&self, b: &Battle, u: UnitId) -> bool;
    /// Beyond reach and reaction points: may `r` react to `mover` leaving its reach?
    fn may_react_to(&self, b: &Battle, r: UnitId, mover: UnitId) -> bool;
    /// The most range increments a ranged weapon reaches (`None`: no limit but the map
    /// and a clear line).
    fn max_range_increments(&self) -> Option<u32>;

    // ---- Attacks ----

    /// Check an attack command and say how it is paid and made.
    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<crate::components::Slot>,
    ) -> Result<AttackPlan, Illegal>;
    /// The aims an attack may name (`Command::Attack`'s `aim`; melee-zone's aimed
    /// wounds); empty: attacks are never aimed (flow and tactical-d20).
    fn aims(&self) -> &'static [crate::engine::Aim];
    /// Roll an attack (its frame came up).
    fn resolve_attack(
        &self,
        b: &mut Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        effect: HitEffect,
    ) -> Result<(), ForcedFaceError>;
    /// A successful attack roll: queue what comes next (defences, damage).
    fn hit(&self, b: &mut Battle, hit: Hit);
    /// The first of a hit's three damage steps: roll its damage (`mult`: the critical
    /// multiple), or carry out a hit that deals none and return `None` (flow's Disarm).
    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError>;
    /// The second: what the target may answer knowing the amount (`None` or empty: no
    /// window). The answer's `Ruleset::answer` finds the `DealDamage` frame in the
    /// window's `on_decline` and queues it, changed or not.
    fn damage_answers(&self, b: &Battle, hit: &Hit, roll: &Roll) -> Option<Vec<ReactionKind>>;
    /// The third: deal the rolled damage (HP, down, what follows a hit).
    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll);
    /// The odds of an attack, with or without the words.
    fn odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        words: bool,
    ) -> AttackOdds;
    /// The exact damage of a normal hit and of a critical hit (what the target would
    /// lose), for the preview's mean and chance to take it down
    /// ([`crate::odds::expected_hit`]). `None` when the dice are too many to count.
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
    ) -> Option<(crate::odds::Distribution, crate::odds::Distribution)>;
    /// The kind of attack clicking an enemy would make now.
    fn next_attack_kind(&self, b: &Battle, u: UnitId) -> AttackKind;

    // ---- Actions and reactions ----

    /// May `u` take action `a` on another unit's turn (no window open)? Then
    /// `check_action` decides the rest. flow and tactical-d20: never. (Like
    /// `check_action` and `perform`, it only sees common actions and the ruleset's own:
    /// the engine refuses another ruleset's first.)
    fn out_of_turn(&self, b: &Battle, u: UnitId, a: &Action) -> bool;
    /// What the refusal of another ruleset's action `a` adds after its name ("; its way
    /// of waiting is Ready Action …"), or "" (the engine refuses it with
    /// `Illegal::NoSuchAction` before asking `check_action`).
    fn instead_of(&self, a: &Action) -> &'static str;
    /// Is the special action (a common one or the ruleset's own) legal now (the engine
    /// has checked it is `u`'s turn, or that `out_of_turn` allows it)?
    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal>;
    /// Carry out a checked special action.
    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal>;
    /// A reaction opportunity came up: the options to offer `reactor` (`None`: none).
    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>>;
    /// What answering window `w` with `kind` lets the reactor commit on top of its price
    /// (`Command::React`'s `commit`/`commits`): the parts, each with the pools that may
    /// pay it and its most (counters: skill dice up to the cap, or unspent movement;
    /// duel plus: up to 2 skill dice). Empty: nothing (flow, tactical-d20, escalation).
    fn commit_range(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart>;
    /// Whether an answer's commitments, each already within its part of
    /// [`Ruleset::commit_range`] (the engine checks that), make a legal answer as a whole:
    /// rules across the parts or on their sum, which per-part limits cannot say (counters:
    /// a Block or Parry is paid with "1+ SD … or 10+ ft of unspent movement"; a
    /// Counteraction takes exactly 20 ft, or 10 ft and 1 SD). Asked when the answer is
    /// given, before anything is paid or declared, so a refusal changes nothing even in a
    /// declare-then-resolve step. `kind` is `None` for a declined window. Rulesets with
    /// no such rule (flow, tactical-d20, escalation, melee-zone) answer `Ok(())`.
    fn check_answer(
        &self,
        b: &Battle,
        w: &Window,
        kind: Option<ReactionKind>,
        commits: &[Commit],
    ) -> Result<(), Illegal>;
    /// Where answers of `kind` come in the resolution of a declare-then-resolve step
    /// (`Frame::Declare`): lower first; within a kind, by initiative.
    fn resolve_order(&self, kind: ReactionKind) -> u32;
    /// The damage the reactor can expect to take if it answers window `w` with `kind` and
    /// commits `commits` (the window's amount picker and the AI's choice of amounts read
    /// it; the resolver deals the same); `None` when the answer is not about damage to
    /// the reactor (flow, tactical-d20 and escalation: always).
    fn answer_odds(
        &self,
        b: &Battle,
        w: &Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Option<f64>;
    /// The reactor chose `kind` (its `Reacted` event, and a `Spent` of each amount it
    /// committed, are logged): carry it out. `commits`: what it committed, checked
    /// against [`Ruleset::commit_range`] (empty when nothing).
    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Result<(), Illegal>;
    /// A frame only this ruleset queues (the engine carries out the shared ones and
    /// refuses another ruleset's with [`crate::engine::foreign_frame`]).
    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal>;
    /// What answering a window opened by `trigger` with `kind` costs (escalation's
    /// opportunity attacks cost nothing: [`Cost::free`]; melee-zone: a tragedy's free
    /// critical hit needs no Free Hit Slot). The first affordable alternative is paid
    /// with the `Reacted` event. The path preview asks with the mover leaving the cell
    /// where it stands.
    fn reaction_cost(&self, b: &Battle, trigger: &Trigger, kind: ReactionKind) -> Cost;
    /// The chance that answering `hit` with `kind` stops it (0 when it cannot).
    fn defence_chance(&self, b: &Battle, reactor: UnitId, hit: &Hit, kind: ReactionKind) -> f64;

    // ---- AI ----

    // ---- Window and logs ----
    /// Map symbols a random battlefield may use besides floor.
    fn random_terrain(&self) -> &'static [char];
    /// Why a level may not start a unit with this condition in this ruleset, for a
    /// reason of its own (it means nothing here), or `None` when it may. A condition
    /// another ruleset claims ([`Ruleset::own_conditions`]) and this one does not is
    /// refused besides, by the registry (`crate::rulesets::condition_refusal`; in play
    /// [`Battle::plays_condition`]): a ruleset need not name the others' conditions.
    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str>;
    /// The conditions this ruleset claims as its own: a level of another ruleset that
    /// does not claim them too refuses them ("it is escalation's; flow has no rule for
    /// it"), and they do not land on a unit in its battles. No default: every ruleset
    /// states its list (it may be empty).
    fn own_conditions(&self) -> &'static [ConditionKind];
    /// Broken invariants of a unit's budgets the soak checks (empty when fine).
    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String>;

    /// Does `u`, down, still take its turns (escalation: a dead PC Fights in Spirit while
    /// its side fights on)? Its commands are then the ruleset's to allow.
    fn acts_while_down(&self, b: &Battle, u: UnitId) -> bool;

    /// The roll of `u`'s save against its "save ends" condition `kind` at the end of its
    /// turn (the engine compares the total with the condition's number): flow and
    /// tactical-d20 a plain d20; escalation 3d6 with its Advantage and Disadvantage dice.
    fn save_roll(
        &self,
        b: &mut Battle,
        u: UnitId,
        kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError>;

    // ---- Casting (issue 17; `engine/cast.rs`) ----
    // What casting costs and which checks it needs are the ruleset's `check_action` and
    // `perform` on `CommonAction::Cast`; these are what the engine asks while a casting
    // resolves. Each ruleset states them, a ruleset without magic too.

    /// The chance an ability's attack or save lands on `target` (1 for an automatic
    /// one): the number the preview shows and the AI weighs, from the same check the
    /// resolver rolls.
    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64;
    /// `target` saves against `caster`'s ability `ability`: roll it (log `Check` events)
    /// and say whether it saved; `None` when the ruleset goes on with frames of its own,
    /// which then queue the ability's effects or its `on_miss` (flow: a single-target save
    /// spell its target's allies may intercept).
    fn ability_save(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        target: UnitId,
        stat: crate::components::Stat,
        dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError>;
    /// Typed damage on `target` (energy resistance and weakness): the roll with its
    /// modifiers added (the roll unchanged where a ruleset has no energy types).
    fn typed_damage(&self, b: &Battle, target: UnitId, kind: &str, roll: Roll) -> Roll;
    /// May healing bring `u`, who is down (not dead), back (tactical-d20's dying)?
    fn revives(&self, b: &Battle, u: UnitId) -> bool;
    /// `u` was healed by `roll` (the `Healed` event is out): what healing also does
    /// (tactical-d20: stops bleeding, brings a dying unit back).
    fn healed(&self, b: &mut Battle, u: UnitId, roll: Roll);
    /// Reactions hurt the caster by `damage` while it cast: is the casting lost? (rolls
    /// what it needs.) flow: never ("reaction attacks do not disrupt the spell").
    fn cast_disrupted(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        damage: i32,
    ) -> Result<bool, ForcedFaceError>;
    /// The chance a reaction with no hit to defend works (tactical-d20's Counterspell:
    /// caster level against the Spell DC; flow's resisting a Feint with Melee or
    /// Agility), for the reaction prompt; `None`: nothing is rolled.
    fn cast_reaction_chance(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &crate::event::Trigger,
        kind: ReactionKind,
    ) -> Option<f64>;

    // ---- Explaining (issue 19; `rulesets/explain.rs`) ----

    /// Do levels of this ruleset place Dicey Move spots (`dicey`, escalation's risky
    /// moves over obstacles)? A level's `dicey` entries are refused otherwise.
    fn dicey_moves(&self) -> bool;
}
