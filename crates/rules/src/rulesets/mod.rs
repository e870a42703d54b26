//! The rulesets and the registry. Each playable ruleset is a folder (`flow/`,
//! `tactical_d20/`, `escalation/`) whose `rules.rs` implements the engine's
//! [`Ruleset`] (`crate::battle::rules`), whose `ui.rs`/`explain.rs` implement the
//! window's [`View`] and whose `ai.rs` implements [`AiTactics`] (`crate::ai::tactics`).
//!
//! This file is the registry, the top of the rules crate: the one place that names the
//! rulesets ([`Registry`] on [`RulesetId`]). Nothing below it (the battle, the engine,
//! the level data, the events, the shared AI's helpers) reaches up here; the level
//! loader, the AI's entry points, scripts, the simulator and the window do.
//! `tools/check_layers.py` checks it.

pub mod counters;
pub mod escalation;
pub mod explain;
pub mod flow;
pub mod melee_zone;
pub mod tactical_d20;
pub mod ui;
pub mod view;
pub mod vocabulary;

pub use vocabulary::{Action, RulesetFrame};

pub use crate::ai::tactics::AiTactics;
pub use crate::battle::rules::{
    AttackOdds, AttackPlan, InitiativeRule, Ruleset, attack_odds, attack_odds_numbers, hit_outcome,
    list_mods, one_mod,
};
pub use crate::vocab::RulesetId;
pub use view::{CheckNote, View};

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Pool, Pools, Refresh, Slot, Stat, Stats};
use crate::dice::DiceExpr;
use crate::engine::Frame;
use crate::level::Level;

/// What the registry knows of a ruleset id: the rules, the window's words and the AI's
/// tactics of a playable one, and what the unplayable ids are checked against.
/// Callers name this trait (`use crate::rulesets::Registry`), so the layer check sees
/// who reaches the registry.
pub trait Registry {
    /// The engine's rules of a playable ruleset (`None`: only checked so far).
    fn rules(self) -> Option<&'static dyn Ruleset>;
    /// The window's words of a playable ruleset.
    fn view(self) -> Option<&'static dyn View>;
    /// The AI's tactics of a playable ruleset.
    fn tactics(self) -> Option<&'static dyn AiTactics>;
    /// Can a battle be played under it yet?
    fn playable(self) -> bool;
    /// Built-in weapons and archetypes (RON).
    fn catalogue_source(self) -> &'static str;
    /// Initiative of one combatant (see each `docs/rules/*.md`).
    fn initiative(self, stats: &Stats) -> InitiativeRule;
    /// The resource pools a combatant starts with.
    fn pools(self, stats: &Stats) -> Pools;
}

impl Registry for RulesetId {
    fn rules(self) -> Option<&'static dyn Ruleset> {
        match self {
            RulesetId::Flow => Some(&flow::Flow),
            RulesetId::TacticalD20 => Some(&tactical_d20::TacticalD20),
            RulesetId::Escalation => Some(&escalation::Escalation),
            RulesetId::MeleeZone => Some(&melee_zone::MeleeZone),
            RulesetId::Counters => Some(&counters::Counters),
        }
    }

    fn view(self) -> Option<&'static dyn View> {
        match self {
            RulesetId::Flow => Some(&flow::Flow),
            RulesetId::TacticalD20 => Some(&tactical_d20::TacticalD20),
            RulesetId::Escalation => Some(&escalation::Escalation),
            RulesetId::MeleeZone => Some(&melee_zone::MeleeZone),
            RulesetId::Counters => Some(&counters::Counters),
        }
    }

    fn tactics(self) -> Option<&'static dyn AiTactics> {
        match self {
            RulesetId::Flow => Some(&flow::FlowAi),
            RulesetId::TacticalD20 => Some(&tactical_d20::TacticalD20Ai),
            RulesetId::Escalation => Some(&escalation::EscalationAi),
            RulesetId::MeleeZone => Some(&melee_zone::MeleeZoneAi),
            RulesetId::Counters => Some(&counters::CountersAi),
        }
    }

    fn playable(self) -> bool {
        self.rules().is_some()
    }

    fn catalogue_source(self) -> &'static str {
        match self.rules() {
            Some(r) => r.catalogue_source(),
            // The plain d20 base the unplayable seeds build on (levels are checked
            // against it until each ruleset has its own folder and data file).
            None => include_str!("../../data/d20-base.ron"),
        }
    }

    fn initiative(self, stats: &Stats) -> InitiativeRule {
        match self.rules() {
            Some(r) => r.initiative(stats),
            None => planned_initiative(self, stats),
        }
    }

    fn pools(self, stats: &Stats) -> Pools {
        match self.rules() {
            Some(r) => r.pools(stats),
            None => planned_pools(self, stats),
        }
    }
}

// Registry lines of the frames: a ruleset's own frame goes on the engine's stack as
// `Frame::Ruleset` (here, above both, so that neither the engine's frames nor a
// ruleset's vocabulary names the other).
impl From<flow::FlowFrame> for Frame {
    fn from(f: flow::FlowFrame) -> Frame {
        Frame::Ruleset(f.into())
    }
}

impl From<tactical_d20::TacticalD20Frame> for Frame {
    fn from(f: tactical_d20::TacticalD20Frame) -> Frame {
        Frame::Ruleset(f.into())
    }
}

impl From<escalation::EscalationFrame> for Frame {
    fn from(f: escalation::EscalationFrame) -> Frame {
        Frame::Ruleset(f.into())
    }
}

impl From<melee_zone::MeleeZoneFrame> for Frame {
    fn from(f: melee_zone::MeleeZoneFrame) -> Frame {
        Frame::Ruleset(f.into())
    }
}

impl From<counters::CountersFrame> for Frame {
    fn from(f: counters::CountersFrame) -> Frame {
        Frame::Ruleset(f.into())
    }
}

/// The registered ruleset whose rules `rules` are (matched by id), if any: a ruleset
/// built outside the registry (a test's) has none.
fn registered(rules: &dyn Ruleset) -> Option<RulesetId> {
    RulesetId::ALL
        .into_iter()
        .find(|r| r.rules().is_some_and(|x| x.id() == rules.id()))
}

/// The window's words for a battle's ruleset (`None`: a ruleset outside the registry).
pub fn view_of(b: &Battle) -> Option<&'static dyn View> {
    registered(b.rules()).and_then(Registry::view)
}

/// A `TurnStarted` event's words for the battle's ruleset ([`View::turn_budget_words`]);
/// for a ruleset outside the registry, the pools by name ("Slot(Standard) 1, …").
pub fn budget_words(b: &Battle, pools: &[(crate::components::Pool, i32)]) -> String {
    match view_of(b) {
        Some(v) => v.turn_budget_words(pools),
        None => pools
            .iter()
            .map(|(p, n)| format!("{p:?} {n}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// How the log words a check for the battle's ruleset ([`View::check_note`]); plain
/// "total vs number" for a ruleset outside the registry.
pub fn check_note(
    b: &Battle,
    purpose: crate::event::CheckPurpose,
    total: i32,
    vs: i32,
) -> CheckNote {
    view_of(b).map_or(CheckNote::default(), |v| v.check_note(purpose, total, vs))
}

/// The AI's tactics for a battle's ruleset (`None`: a ruleset outside the registry,
/// whose tactics its caller passes to `ai::decide_with`).
pub fn tactics_of(b: &Battle) -> Option<&'static dyn AiTactics> {
    registered(b.rules()).and_then(Registry::tactics)
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

/// The conditions the registered rulesets claim ([`Ruleset::own_conditions`]) that
/// `rules` does not: they mean nothing in its battles (refused at load, and they do not
/// land in play: [`Battle::plays_condition`]).
pub fn foreign_conditions(rules: &dyn Ruleset) -> Vec<ConditionKind> {
    let mine = rules.own_conditions();
    let mut out: Vec<ConditionKind> = RulesetId::ALL
        .into_iter()
        .filter_map(Registry::rules)
        .filter(|r| r.id() != rules.id())
        .flat_map(|r| r.own_conditions().iter().copied())
        .filter(|k| !mine.contains(k))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Why a level of the ruleset `rules` may not start a unit with `kind`: the ruleset's
/// own reason ([`Ruleset::refused_condition`]), else another registered ruleset claims
/// it and `rules` does not ("it is escalation's; flow has no rule for it"), else it is
/// `Dead`, which no ruleset starts a unit with (a flow level once did: the dead unit
/// kept taking turns and could be attacked, issue 33). `None`: it may.
pub fn condition_refusal(rules: &dyn Ruleset, kind: ConditionKind) -> Option<String> {
    if let Some(why) = rules.refused_condition(kind) {
        return Some(why.to_string());
    }
    if kind == ConditionKind::Dead {
        return Some(
            "a unit starts the battle alive (a dead unit would still take its turns); leave \
             the unit out"
                .into(),
        );
    }
    if rules.own_conditions().contains(&kind) {
        return None;
    }
    let owner = RulesetId::ALL
        .into_iter()
        .filter_map(Registry::rules)
        .find(|r| r.id() != rules.id() && r.own_conditions().contains(&kind))?;
    Some(format!(
        "it is {}'s; {} has no rule for it",
        owner.id(),
        rules.id()
    ))
}

impl Battle {
    /// Set up a battle on a level under its ruleset's registered rules: spawn the
    /// combatants, queue `forced` dice, roll initiative and start round 1. The
    /// conditions the other registered rulesets claim do not land in it
    /// ([`foreign_conditions`]).
    pub fn new(level: Level, seed: u64, forced: Vec<u32>) -> Result<Battle, SetupError> {
        let Some(rules) = level.ruleset.rules() else {
            return Err(SetupError::NotPlayable {
                ruleset: level.ruleset,
                playable: playable_list(),
            });
        };
        Battle::set_up(rules, foreign_conditions(rules), level, seed, forced)
    }
}

/// The initiative the two coming seeds will use (checked in levels today; each moves
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

/// The pools the two coming seeds will use (see [`planned_initiative`]).
fn planned_pools(_r: RulesetId, _stats: &Stats) -> Pools {
    let turn = Refresh::OwnTurnStart;
    // Standard, Move, Quick and one Interrupt; recoveries and death saves are kept for the
    // whole battle (escalation's, before it was played).
    Pools::new()
        .with(Pool::Slot(Slot::Standard), 1, turn)
        .with(Pool::Slot(Slot::Move), 1, turn)
        .with(Pool::Slot(Slot::Quick), 1, turn)
        .with(Pool::Interrupt, 1, turn)
        .with(Pool::Recoveries, 8, Refresh::Never)
        .with(Pool::DeathSaveFailures, 4, Refresh::Never)
}
