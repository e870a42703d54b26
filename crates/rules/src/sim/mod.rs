//! AI-vs-AI battles for balancing (`skirmish sim`), invariant checking (`skirmish soak`)
//! and benchmarks: run a battle to its end, count what happened, check the state after
//! every event, and sum many battles up. Battle seeds derive from one seed, and results
//! are kept in battle order, so the same seed gives the same numbers on any number of
//! threads.

mod check_run;
mod invariants;
mod parallel;
mod random;
mod summary;

pub use check_run::*;
pub use invariants::*;
pub use parallel::*;
pub use random::*;
pub use summary::*;

use std::collections::BTreeMap;

use serde::Serialize;

use crate::battle::{Battle, Status};
use crate::event::{AttackKind, Event, Outcome};
use crate::level::Level;

/// Commands after which a battle of up to 200 units counts as unfinished (a bigger one
/// gets [`COMMANDS_PER_UNIT`] per unit: [`command_cap`]).
pub const MAX_COMMANDS: usize = 20_000;

/// Commands a battle may take per unit before it counts as unfinished (a 1,000-unit AI
/// battle on 256×256 ended after about 54 commands a unit).
pub const COMMANDS_PER_UNIT: usize = 100;

/// The commands after which a battle of this level counts as unfinished.
pub fn command_cap(level: &Level) -> usize {
    MAX_COMMANDS.max(level.units.len().saturating_mul(COMMANDS_PER_UNIT))
}

/// The seed of battle `i` of a run seeded with `seed` (SplitMix64).
pub fn battle_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one battle came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BattleResult {
    /// Its seed.
    pub seed: u64,
    /// Winning side's index (`None`: nobody, or unfinished).
    pub winner: Option<usize>,
    /// Did it end (rather than hit [`MAX_COMMANDS`])?
    pub finished: bool,
    /// Rounds played.
    pub rounds: u32,
    /// Commands submitted.
    pub commands: usize,
    /// Commands in the battle's history by kind (`Move`, `Attack`, `Act`, `React`,
    /// `EndTurn`).
    pub commands_by_kind: BTreeMap<String, usize>,
    /// Nanoseconds spent in the AI's commands (choosing each and carrying it out), when
    /// the battle was timed ([`run_battle_timed`]); 0 otherwise. Left out of the JSON.
    #[serde(skip)]
    pub decision_ns: u64,
    /// Events logged.
    pub events: usize,
    /// Damage dealt by each side.
    pub damage: Vec<i64>,
    /// How often each rule fired.
    pub fired: BTreeMap<String, u64>,
    /// Invariant violations (soak) and a panic, if any.
    pub violations: Vec<String>,
    /// Turns the AI's guard ended because they made no progress ([`crate::ai::Guard`]):
    /// a rules or AI bug. Left out of the JSON when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub stuck_turns: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl BattleResult {
    /// A battle that could not be played, and why.
    pub fn failed(seed: u64, why: String) -> BattleResult {
        BattleResult {
            seed,
            winner: None,
            finished: false,
            rounds: 0,
            commands: 0,
            commands_by_kind: BTreeMap::new(),
            decision_ns: 0,
            events: 0,
            damage: Vec::new(),
            fired: BTreeMap::new(),
            violations: vec![why],
            stuck_turns: 0,
        }
    }
}

/// Play one AI-vs-AI battle of `level` with `seed`. With `check`, every event is applied
/// to a shadow battle and the invariants are checked after each (see [`Invariants`]).
pub fn run_battle(level: &Level, seed: u64, check: bool) -> BattleResult {
    run_battle_timed(level, seed, check, None)
}

/// A clock for timing the AI's decisions: nanoseconds since some fixed instant. The rules
/// never read the clock; the command line hands one in (`skirmish sim`).
pub type Clock = fn() -> u64;

/// [`run_battle`], with each AI command (choosing it and carrying it out) timed by
/// `clock` into [`BattleResult::decision_ns`].
pub fn run_battle_timed(
    level: &Level,
    seed: u64,
    check: bool,
    clock: Option<Clock>,
) -> BattleResult {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play(level, seed, check, clock)
    }));
    match outcome {
        Ok(r) => r,
        Err(p) => {
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            BattleResult::failed(seed, format!("panic: {why}"))
        }
    }
}

fn play(level: &Level, seed: u64, check: bool, clock: Option<Clock>) -> BattleResult {
    let mut r = BattleResult {
        seed,
        winner: None,
        finished: false,
        rounds: 0,
        commands: 0,
        commands_by_kind: BTreeMap::new(),
        decision_ns: 0,
        events: 0,
        damage: vec![0; level.sides.len()],
        fired: BTreeMap::new(),
        violations: Vec::new(),
        stuck_turns: 0,
    };
    let mut b = match Battle::new(level.clone(), seed, Vec::new()) {
        Ok(b) => b,
        Err(e) => {
            r.violations.push(format!("setup: {e}"));
            return r;
        }
    };
    let mut shadow = if check {
        match Invariants::new(level, seed) {
            Ok(s) => Some(s),
            Err(e) => {
                r.violations.push(e);
                return r;
            }
        }
    } else {
        None
    };
    let mut seen = 0;
    // One guard for the whole battle: it counts a turn's commands across the calls.
    let mut guard = crate::ai::Guard::new();
    let cap = command_cap(level);
    while r.commands < cap {
        if matches!(b.status(), Status::Ended(_)) {
            break;
        }
        // One command at a time, so the shadow can check every event of each.
        let start = clock.map(|c| c());
        let played = guard.play(&mut b, 1, |_| true);
        if let (Some(c), Some(t)) = (clock, start) {
            r.decision_ns += c().saturating_sub(t);
        }
        if played == 0 {
            break;
        }
        r.commands += 1;
        if let Some(s) = &mut shadow {
            s.follow(&b, seen, &mut r.violations);
            if r.violations.len() > 20 {
                break;
            }
        }
        seen = b.log().len();
    }
    if let Some(s) = &shadow {
        s.finish(&b, &mut r.violations);
    }
    count(&b, &mut r);
    for c in &b.history().commands {
        *r.commands_by_kind
            .entry(command_kind(c).to_string())
            .or_insert(0) += 1;
    }
    r.stuck_turns = guard.stuck().len();
    if check {
        r.violations
            .extend(guard.stuck().iter().map(|s| format!("stuck turn: {s}")));
    }
    r.finished = matches!(b.status(), Status::Ended(_));
    if check && !r.finished {
        r.violations
            .push(format!("did not end within {cap} commands"));
    }
    if let Status::Ended(w) = b.status() {
        r.winner = w.map(|s| s.0 as usize);
    }
    r.rounds = b.round();
    r.events = b.log().len();
    r
}

/// A command's kind, as `sim --json` counts them.
pub fn command_kind(c: &crate::engine::Command) -> &'static str {
    use crate::engine::Command;
    match c {
        Command::Move { .. } => "Move",
        Command::Attack { .. } => "Attack",
        Command::Act { .. } => "Act",
        Command::React { .. } => "React",
        Command::EndTurn { .. } => "EndTurn",
    }
}

fn bump(m: &mut BTreeMap<String, u64>, k: impl Into<String>) {
    *m.entry(k.into()).or_insert(0) += 1;
}

/// Count the rules that fired.
fn count(b: &Battle, r: &mut BattleResult) {
    let m = &mut r.fired;
    for l in b.log() {
        match &l.event {
            Event::Attack {
                kind,
                outcome,
                roll,
                against,
                ..
            } => {
                bump(m, "attacks");
                if outcome.is_success() {
                    bump(m, "hits");
                }
                if *outcome == Outcome::Critical {
                    bump(m, "critical hits");
                }
                match kind {
                    AttackKind::Normal => {}
                    k => bump(m, format!("{} attacks", format!("{k:?}").to_lowercase())),
                }
                for x in roll.modifiers.iter().chain(against) {
                    let name = x.name.split(':').next().unwrap_or(&x.name).trim();
                    if !matches!(
                        name,
                        "AC" | "BAB" | "STR" | "DEX" | "bonus" | "skill" | "Agility"
                    ) {
                        bump(m, format!("modifier: {name}"));
                    }
                }
            }
            Event::Damage {
                source: Some(src),
                amount,
                ..
            } => {
                let side = b.side(*src).0 as usize;
                if let Some(d) = r.damage.get_mut(side) {
                    *d += i64::from(*amount);
                }
            }
            Event::Defence { kind, success, .. } => {
                bump(m, format!("defence: {kind}"));
                if *success {
                    bump(m, format!("defence: {kind} stopped the hit"));
                }
            }
            Event::Reacted { reactor, kind, .. } => bump(
                m,
                format!(
                    "reaction: {}",
                    crate::record::reaction_words(b, *reactor, *kind)
                ),
            ),
            Event::ConditionAdded { kind, .. } => bump(m, format!("condition: {kind:?}")),
            // A Sustain names its power by index: one row for them all.
            Event::Check {
                purpose: crate::event::CheckPurpose::Sustain(_),
                ..
            } => bump(m, "check: Sustain"),
            Event::Check { purpose, .. } => bump(m, format!("check: {purpose:?}")),
            Event::Down { .. } => bump(m, "taken down"),
            Event::Cast { name, .. } => {
                bump(m, "casts");
                bump(m, format!("cast: {name}"));
            }
            Event::Fizzled { why, .. } => {
                let why = match why {
                    crate::event::Fizzle::Countered(_) => "countered".to_string(),
                    w => format!("{w:?}").to_lowercase(),
                };
                bump(m, format!("fizzled: {why}"));
            }
            Event::Healed { amount, .. } if *amount > 0 => bump(m, "healed"),
            Event::Spent { on, .. } if on.is_paid() => bump(m, format!("spent on: {on:?}")),
            _ => {}
        }
    }
}
