//! The rulesets. Each playable one is a folder (`flow/`, `tactical_d20/`, `escalation/`) whose `rules.rs`
//! implements [`Ruleset`]; [`RulesetId::rules`] is the one registry. The engine, the AI
//! and the window ask a battle's ruleset through the trait and name no ruleset.

pub mod escalation;
pub mod explain;
pub mod flow;
pub mod tactical_d20;
pub mod ui;
pub mod vocabulary;

pub use vocabulary::{Action, RulesetFrame};

use serde::{Deserialize, Serialize};

use bevy_ecs::world::EntityWorldMut;

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Cost, Pool, Pools, Refresh, Slot, Stat, Stats, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Command, Hit, HitEffect, Illegal, Window};
use crate::event::{AttackKind, Event, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::odds::Distribution;
use ui::{ActionSpec, AttackPrice, Choice, Gauge, WindowWords};

/// Which combat system a battle plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RulesetId {
    /// Seed 000: "Counters and Reactions".
    #[serde(rename = "counters")]
    Counters,
    /// Seed 001: "Combat Rules" (3d6 + escalation die).
    #[serde(rename = "escalation")]
    Escalation,
    /// Seed 002: "Round Resolution Cheat Sheet".
    #[serde(rename = "flow")]
    Flow,
    /// Seed 003: "Combat rules" (melee zone, free hits).
    #[serde(rename = "melee-zone")]
    MeleeZone,
    /// Seed 004: "Action".
    #[serde(rename = "tactical-d20")]
    TacticalD20,
}

impl RulesetId {
    /// All rulesets.
    pub const ALL: [RulesetId; 5] = [
        RulesetId::Counters,
        RulesetId::Escalation,
        RulesetId::Flow,
        RulesetId::MeleeZone,
        RulesetId::TacticalD20,
    ];

    /// The ruleset a level is read with when its own `ruleset:` is missing or unknown
    /// (the level is refused then; this only lets the rest of it be checked).
    pub const DEFAULT: RulesetId = RulesetId::Flow;

    /// The registry: the rules of a playable ruleset (`None`: only checked so far). The
    /// one place in the workspace that matches on the id to reach a ruleset's code.
    pub fn rules(self) -> Option<&'static dyn Ruleset> {
        match self {
            RulesetId::Flow => Some(&flow::Flow),
            RulesetId::TacticalD20 => Some(&tactical_d20::TacticalD20),
            RulesetId::Escalation => Some(&escalation::Escalation),
            RulesetId::Counters | RulesetId::MeleeZone => None,
        }
    }

    /// The id used in level files.
    pub fn id(self) -> &'static str {
        match self {
            RulesetId::Counters => "counters",
            RulesetId::Escalation => "escalation",
            RulesetId::Flow => "flow",
            RulesetId::MeleeZone => "melee-zone",
            RulesetId::TacticalD20 => "tactical-d20",
        }
    }

    /// From a level file's id.
    pub fn parse(s: &str) -> Option<RulesetId> {
        Self::ALL.into_iter().find(|r| r.id() == s)
    }

    /// Can a battle be played under it yet?
    pub fn playable(self) -> bool {
        self.rules().is_some()
    }

    /// Built-in weapons and archetypes (RON).
    pub fn catalogue_source(self) -> &'static str {
        match self.rules() {
            Some(r) => r.catalogue_source(),
            // The plain d20 base the unplayable seeds build on (levels are checked
            // against it until each ruleset has its own folder and data file).
            None => include_str!("../../data/d20-base.ron"),
        }
    }

    /// Initiative of one combatant (see each `docs/rules/*.md`).
    pub fn initiative(self, stats: &Stats) -> InitiativeRule {
        match self.rules() {
            Some(r) => r.initiative(stats),
            None => planned_initiative(self, stats),
        }
    }

    /// The resource pools a combatant starts with.
    pub fn pools(self, stats: &Stats) -> Pools {
        match self.rules() {
            Some(r) => r.pools(stats),
            None => planned_pools(self, stats),
        }
    }
}

/// The playable rulesets' ids, comma-separated (for messages).
pub fn playable_list() -> String {
    RulesetId::ALL
        .into_iter()
        .filter(|r| r.playable())
        .map(RulesetId::id)
        .collect::<Vec<_>>()
        .join(", ")
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

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

/// The initiative the three coming seeds will use (checked in levels today; each moves
/// into its ruleset's folder when it becomes playable).
fn planned_initiative(r: RulesetId, stats: &Stats) -> InitiativeRule {
    match r {
        // No roll: the band (Very Slow 0 … Very Fast 4); PCs before enemies in a band.
        RulesetId::Escalation => InitiativeRule {
            dice: None,
            modifiers: one_mod("initiative band", stats.get(Stat::Band)),
            tiebreak: 0,
            pcs_first: true,
            rolloff: None,
        },
        // No roll: the Agility modifier, high to low; ties in level order.
        RulesetId::MeleeZone => InitiativeRule {
            dice: None,
            modifiers: one_mod("Agility mod", stats.get(Stat::Agility)),
            tiebreak: 0,
            pcs_first: false,
            rolloff: None,
        },
        // d20 + Agility modifier on the plain d20 base the seed builds on.
        _ => InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: one_mod("Agility mod", stats.d20_mod(Stat::Agility)),
            tiebreak: stats.d20_mod(Stat::Agility),
            pcs_first: true,
            rolloff: None,
        },
    }
}

/// The pools the three coming seeds will use (see [`planned_initiative`]).
fn planned_pools(r: RulesetId, stats: &Stats) -> Pools {
    let turn = Refresh::OwnTurnStart;
    match r {
        // 1 attack action, 1 move action, 2 bonus actions; free-hit slots = Agility + 1
        // refreshed every round.
        RulesetId::MeleeZone => Pools::new()
            .with(Pool::Slot(Slot::Attack), 1, turn)
            .with(Pool::Slot(Slot::Move), 1, turn)
            .with(Pool::Slot(Slot::Bonus), 2, turn)
            .with(
                Pool::FreeHits,
                (stats.get(Stat::Agility) + 1).max(0),
                Refresh::RoundStart,
            ),
        // One action and a move; skill dice = proficiency, at most proficiency per counter.
        RulesetId::Counters => {
            let p = stats.get(Stat::Proficiency).max(0);
            Pools::new()
                .with(Pool::Slot(Slot::Standard), 1, turn)
                .with(Pool::Slot(Slot::Move), 1, turn)
                .with(Pool::SkillDice, p, turn)
                .capped(Pool::SkillDice, p)
        }
        // Standard, Move, Quick and one Interrupt; recoveries and death saves are kept
        // for the whole battle.
        _ => Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Slot(Slot::Move), 1, turn)
            .with(Pool::Slot(Slot::Quick), 1, turn)
            .with(Pool::Interrupt, 1, turn)
            .with(Pool::Recoveries, 8, Refresh::Never)
            .with(Pool::DeathSaveFailures, 4, Refresh::Never),
    }
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
    /// (`None` from [`Ruleset::odds`], or when the dice are too many to count).
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

/// How a check's log line reads ([`Ruleset::check_note`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckNote {
    /// Added to the check's words (": a tie goes to …"), or "".
    pub words: &'static str,
    /// The number against is not a number to beat (leave it out).
    pub no_number: bool,
    /// Nor is there a success or failure to tell.
    pub no_outcome: bool,
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
    o.dists = rules.damage_odds(b, attacker, target, weapon, kind);
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

/// A combat system: everything the engine, the AI and the window ask of a ruleset.
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
        _b: &Battle,
        _u: UnitId,
        _c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }
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
    /// Is the living unit `u` kept from threatening now (held in a grapple, stunned)?
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
    /// (`Command::React`'s `commit`): the pool and the most (counters: skill dice up to
    /// the proficiency cap). `None`: nothing (flow and tactical-d20, always).
    fn commit_range(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Option<(Pool, u32)>;
    /// The reactor chose `kind` (its `Reacted` event, and a `Spent` of what it committed,
    /// are logged): carry it out. `commit`: how much it committed (0 when nothing).
    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        commit: u32,
    ) -> Result<(), Illegal>;
    /// A frame only this ruleset queues (the engine carries out the shared ones and
    /// refuses another ruleset's with [`crate::engine::foreign_frame`]).
    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal>;
    /// What answering with `kind` costs (escalation's opportunity attacks cost nothing:
    /// [`Cost::free`]). The first affordable alternative is paid with the `Reacted` event.
    fn reaction_cost(&self, kind: ReactionKind) -> Cost;
    /// The chance that answering `hit` with `kind` stops it (0 when it cannot).
    fn defence_chance(&self, b: &Battle, reactor: UnitId, hit: &Hit, kind: ReactionKind) -> f64;

    // ---- AI ----

    /// The AI's tactics for this ruleset.
    fn ai(&self) -> &dyn AiTactics;

    // ---- Window and logs ----

    /// What a unit has left this turn, one line ("3 AP, 2 RP, 4 FP" / "Standard, Move").
    fn budget_line(&self, b: &Battle, u: UnitId) -> String;
    /// A `TurnStarted` event's detail in the log ("5 AP, 2 RP"), from the pools it
    /// refreshed.
    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String;
    /// What a command would cost, in words, as the action bar shows it ("2 AP",
    /// "Standard+Move", "free"), or why not.
    fn cost_words(&self, b: &Battle, cmd: &Command) -> Result<String, String>;
    /// The action bar: every special action the window offers, in bar order
    /// ([`ui::ActionSpec`]: label, key, target, the command it makes).
    fn actions(&self) -> &'static [ActionSpec];
    /// The choice a command still leaves open (which focus, which item), offered before
    /// it goes in; `None` when the command is all there is to it.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice>;
    /// Why `u` cannot pay for `cmd` at all now (AP, slots), before its target is known
    /// (the action bar greys the button with this reason).
    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String>;
    /// Fixed words of the window: what a click does, the draw and sheathe buttons.
    fn window_words(&self) -> &'static WindowWords;
    /// What `u` has left, as the unit card shows it (pips and notes).
    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge>;
    /// What a move of `cost` movement would cost `u` now ("1 AP", "a Move action").
    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String;
    /// What clicking an enemy would cost `u` now.
    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice;
    /// A maneuver's chance of success and its words after the percentage ("to out-feint
    /// Brute (…)"), for the hover card while it waits for its target; `None`: no chance
    /// to show.
    fn maneuver_chance(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<(f64, String)>;
    /// The price of a reaction in the prompt ("2 RP", "Reaction").
    fn reaction_price(&self, kind: ReactionKind) -> String;
    /// What `u` has left to react with, in the prompt ("2 RP", "1 Reaction(s) left").
    fn reactions_left(&self, b: &Battle, u: UnitId) -> String;
    /// The badge of a condition on the map and the unit card ("P", "+1").
    fn condition_badge(&self, kind: ConditionKind) -> &'static str;
    /// Map symbols a random battlefield may use besides floor.
    fn random_terrain(&self) -> &'static [char];
    /// Why a level may not start a unit with this condition in this ruleset (it means
    /// nothing here), or `None` when it may.
    fn refused_condition(&self, kind: ConditionKind) -> Option<&'static str>;
    /// How the log words a check of this ruleset: what its numbers mean when they are
    /// not a plain "total vs number" (an unopposed check, a check that sets a DC, a tie).
    fn check_note(&self, purpose: crate::event::CheckPurpose, total: i32, vs: i32) -> CheckNote;
    /// Broken invariants of a unit's budgets the soak checks (empty when fine).
    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String>;

    /// Does `u`, down, still take its turns (escalation: a dead PC Fights in Spirit while
    /// its side fights on)? Its commands are then the ruleset's to allow.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    /// A battle-wide line the window shows under the round at all times (escalation: the
    /// escalation die); empty: none.
    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    /// The dice of a save in words, for the window ("save ends (3d6 ≥ 11)"): what
    /// [`Ruleset::save_roll`] rolls before any Advantage.
    fn save_dice_words(&self) -> &'static str {
        "d20"
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

    // ---- Casting (issue 17; `engine/cast.rs`) ----
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
    /// `target` saves against `caster`'s ability: roll it (log `Check` events) and say
    /// whether it saved.
    fn ability_save(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _target: UnitId,
        _stat: crate::components::Stat,
        _dc: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
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
    /// The price of using `u`'s ability `ability` in words ("2 AP", "Standard, 2 SQ"),
    /// for the action bar.
    fn ability_price(&self, _b: &Battle, _u: UnitId, _ability: usize) -> String {
        String::new()
    }
    /// The chance a reaction to a casting works (tactical-d20's Counterspell: caster
    /// level against the Spell DC), for the reaction prompt; `None`: nothing is rolled.
    fn cast_reaction_chance(
        &self,
        _b: &Battle,
        _reactor: UnitId,
        _trigger: &crate::event::Trigger,
        _kind: ReactionKind,
    ) -> Option<f64> {
        None
    }

    // ---- Explaining (issue 19; `rulesets/explain.rs`) ----

    /// The plain words of a condition, an action, a reaction, a terrain or a rule, as the
    /// ruleset plays it, for the window's tooltips; `None`: nothing to say (it is not
    /// part of this ruleset).
    fn explain(&self, _topic: explain::Topic) -> Option<explain::Explanation> {
        None
    }
    /// The ruleset's core loop for F1 help: (heading, one plain paragraph) in reading
    /// order (turn budget, attacks, defence, reactions, movement, conditions, dying).
    fn summary(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
}

/// What the AI asks a ruleset: the moves only some seeds have, and every decision that
/// names an action, a condition or a reaction (the shared AI names none). Every method
/// answers for the unit `u` whose turn it is; `None` leaves the choice to the shared AI.
pub trait AiTactics: Sync {
    /// First thing in a turn: get back on its feet or out of a hold (Stand Up when
    /// prone, Break Free when grappled or restrained), if the ruleset lets it now.
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command>;
    /// With nothing in hand to fight with: pick up the item lying on its own cell.
    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command>;
    /// With nothing in hand to fight with: draw its stowed item `item` (the best weapon).
    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command>;
    /// Badly wounded within a foe's reach: move to the neighbouring cell `to`, which no
    /// foe threatens, without provoking (a Step), if the ruleset has such a move.
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command>;
    /// The reaction the AI takes whenever a window offers it, before weighing defences
    /// (a reaction attack, a waited action, stepping aside); `None`: none is offered.
    fn take(&self, b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind>;
    /// Before attacking `target` (an attack worth `plain`): something better to do
    /// first or instead (a Feint, a Shove, a Trip, a Disarm).
    fn before_attack(&self, b: &Battle, u: UnitId, target: UnitId, plain: f64) -> Option<Command>;
    /// The ruleset's gap closer (a charge) and its value, given each foe's value and
    /// the cells from which allies help against it.
    fn close_in(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &std::collections::BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)>;
    /// Out of every foe's reach: help an ally instead of bracing.
    fn support(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command>;
    /// The action that braces against foes near by, if the ruleset has one.
    fn brace(&self) -> Option<Action>;
    /// Will `u` still be able to attack after moving `cost` more? (A closure over the
    /// unit's budget now, asked for many cells.)
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool>;
    /// The answer to a window that asks the reactor to choose rather than to react (flow:
    /// the skill resisting a Feint, where a disarmed item lands); `None`: not such a
    /// window.
    fn choose(&self, b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind>;
    /// What to do first so that a spell can be cast this turn (tactical-d20: a psion
    /// Concentrates for its Psionic Focus); `None`: nothing (the default).
    fn prepare_cast(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }
}
