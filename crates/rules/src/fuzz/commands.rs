//! Command cases: random commands mixed with the AI's on a random battle.

use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::ai;
use crate::components::{Conditions, Slot, UnitId};
use crate::event::Logged;
use crate::grid::GridKind;
use crate::level;
use crate::rulesets::Registry;
use crate::rulesets::RulesetId;
use crate::sim;
use crate::{Battle, Command, Status};

/// Most commands a command case submits.
pub const MAX_CASE_COMMANDS: usize = 400;

/// The random level of a command case: its text (so a failure can be replayed with
/// `skirmish run`). The same map, units and archetypes as `sim::random_level` with these
/// arguments (a test keeps the two equal).
pub fn random_level_text(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
) -> String {
    // Every playable ruleset has archetypes: the text is never refused here.
    let mut text =
        crate::sim::random_level_text(ruleset, kind, w, h, per_side, seed).unwrap_or_default();
    text.push('\n');
    text
}

/// The battle a command case plays: ruleset, grid, size, units a side, level seed,
/// battle seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// A playable ruleset.
    pub ruleset: RulesetId,
    /// Square or hex.
    pub grid: GridKind,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Units a side.
    pub per_side: usize,
    /// Seed of the random level.
    pub level_seed: u64,
    /// Seed of the battle.
    pub battle_seed: u64,
}

/// The setup of command case `seed` (and the rng its commands are drawn from).
pub fn command_setup(seed: u64) -> (Setup, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let playable: Vec<RulesetId> = RulesetId::ALL
        .into_iter()
        .filter(|r| r.playable())
        .collect();
    let setup = Setup {
        ruleset: playable[rng.random_range(0..playable.len())],
        grid: if rng.random_bool(0.5) {
            GridKind::Square
        } else {
            GridKind::Hex
        },
        w: rng.random_range(4..=14),
        h: rng.random_range(3..=10),
        per_side: rng.random_range(1..=5),
        level_seed: rng.random(),
        battle_seed: rng.random(),
    };
    (setup, rng)
}

/// Everything besides the log a refused command must leave as it was, in one
/// comparable value (the log is compared with a copy kept beside the battle).
#[derive(Debug, PartialEq)]
pub struct Fingerprint {
    log_len: usize,
    status: Status,
    round: u32,
    window: String,
    units: Vec<String>,
    ground: String,
    readied: Vec<UnitId>,
}

/// The [`Fingerprint`] of a battle now.
pub fn fingerprint(b: &Battle) -> Fingerprint {
    let slots = [
        Slot::Standard,
        Slot::Attack,
        Slot::Move,
        Slot::Quick,
        Slot::Bonus,
    ];
    Fingerprint {
        log_len: b.log().len(),
        status: b.status(),
        round: b.round(),
        window: format!("{:?}", b.window()),
        units: b
            .units()
            .map(|u| {
                format!(
                    "{} {} hp {} alive {} ap {} rp {} fp {} slots {:?} carry {:?} {:?}",
                    b.name(u),
                    b.pos(u),
                    b.hp(u),
                    b.alive(u),
                    b.ap(u),
                    b.rp(u),
                    b.fp(u),
                    slots.map(|s| b.slots(u, s)),
                    (0..b.weapons(u).len())
                        .map(|i| b.carried(u, i))
                        .collect::<Vec<_>>(),
                    b.get::<Conditions>(u).map(|c| &c.0),
                )
            })
            .collect(),
        ground: format!("{:?}", b.ground()),
        readied: b.readied().to_vec(),
    }
}

/// The log as it must stay: a copy of every event, taken once as it is added. After a
/// refusal the whole log must equal it (event by event, which is stronger than equal
/// lengths and an equal hash of the JSON); after an acceptance its old events must.
#[derive(Default)]
struct LogCopy {
    events: Vec<Logged>,
}

impl LogCopy {
    /// Take in the events the battle added since.
    fn extend(&mut self, b: &Battle) {
        let from = self.events.len().min(b.log().len());
        self.events.extend_from_slice(&b.log()[from..]);
    }

    /// `Err` if the battle's log does not begin with the copy.
    fn same_prefix(&self, b: &Battle) -> Result<(), String> {
        if b.log().len() < self.events.len() {
            return Err(format!(
                "the log {} -> {} events",
                self.events.len(),
                b.log().len()
            ));
        }
        match (0..self.events.len()).find(|&i| b.log()[i] != self.events[i]) {
            Some(i) => Err(format!(
                "log event {i} changed: {:?} -> {:?}",
                self.events[i],
                b.log()[i]
            )),
            None => Ok(()),
        }
    }

    /// `Err` if the battle's log is not the copy.
    fn same(&self, b: &Battle) -> Result<(), String> {
        if b.log().len() != self.events.len() {
            return Err(format!(
                "the log {} -> {} events",
                self.events.len(),
                b.log().len()
            ));
        }
        self.same_prefix(b)
    }
}

/// A command as a script entry (`docs/scripting.md`), for the regression file.
pub fn script_entry(b: &Battle, cmd: &Command) -> String {
    let known = |u: UnitId| b.units().any(|x| x == u);
    let name = |u: UnitId| {
        if known(u) {
            format!("{:?}", b.name(u))
        } else {
            format!("\"(no unit {})\"", u.0)
        }
    };
    match cmd {
        Command::Move { unit, to } => {
            format!("Move(unit: {}, to: ({}, {}))", name(*unit), to.x, to.y)
        }
        Command::Attack {
            unit,
            target,
            weapon,
            slot,
            aim,
        } => {
            let mut s = format!("Attack(unit: {}, target: {}", name(*unit), name(*target));
            if let Some(i) = weapon {
                match known(*unit).then(|| b.weapons(*unit).get(*i)).flatten() {
                    Some(w) => s += &format!(", weapon: {:?}", w.name),
                    None => s += &format!(", weapon: \"(no item {i})\""),
                }
            }
            if let Some(slot) = slot {
                s += &format!(", slot: {}", ron_text(slot));
            }
            if let Some(aim) = aim {
                s += &format!(", aim: {}", ron_text(aim));
            }
            s + ")"
        }
        Command::EndTurn { .. } => "EndTurn".into(),
        Command::React {
            unit,
            choice,
            commit,
            commits,
        } => {
            let mut commit = if *commit > 0 {
                format!(", commit: {commit}")
            } else {
                String::new()
            };
            if !commits.is_empty() {
                commit += &format!(", commits: {}", ron_text(commits));
            }
            format!(
                "React(unit: {}, choice: {}{commit})",
                name(*unit),
                choice.map_or("Decline".into(), |c| ron_text(&c))
            )
        }
        Command::Act { unit, action } => {
            format!("Do(unit: {}, action: {})", name(*unit), ron_text(action))
        }
    }
}

/// RON text of a value, on one line.
fn ron_text<T: serde::Serialize>(v: &T) -> String {
    ron::to_string(v).unwrap_or_else(|e| format!("(unserializable: {e})"))
}

/// What a command case did, kept outside the unwind so a panic still yields a script.
#[derive(Default)]
struct Trace {
    /// Script entries of the accepted commands, in order.
    accepted: Vec<String>,
    /// The command being tried (entry, step index, by the AI) while it runs.
    trying: Option<(String, usize, bool)>,
    /// Figures.
    counts: Counts,
}

/// Play command case `seed`; `Err` says what broke.
fn play(setup: &Setup, mut rng: ChaCha8Rng, src: &str, trace: &mut Trace) -> Result<(), String> {
    let level = level::parse(src, "random").map_err(|e| format!("the random level: {e}"))?;
    let mut b =
        Battle::new(level.clone(), setup.battle_seed, Vec::new()).map_err(|e| e.to_string())?;
    let mut inv = sim::Invariants::new(&level, setup.battle_seed)?;
    let mut copy = LogCopy::default();
    copy.extend(&b);
    let mut seen = 0;
    for i in 0..MAX_CASE_COMMANDS {
        let by_ai = rng.random_bool(0.5);
        let cmd = if by_ai {
            match ai::decide(&b) {
                Some(cmd) => cmd,
                None => break,
            }
        } else {
            CommandMaker(&mut rng).command(&b)
        };
        trace.trying = Some((script_entry(&b, &cmd), i, by_ai));
        let before = fingerprint(&b);
        let checked = b.check(&cmd);
        let label = (!by_ai).then(|| command_label(&cmd));
        let result = b.submit(cmd.clone());
        if let Some(l) = label {
            trace.counts.note(l, result.is_ok());
        }
        match result {
            Err(e) => {
                if by_ai {
                    return Err(format!("step {i}: the AI's {cmd:?} was refused: {e}"));
                }
                trace.counts.refused += 1;
                let after = fingerprint(&b);
                if after != before {
                    return Err(format!(
                        "step {i}: refused {cmd:?} ({e}) changed the state:\n{before:?}\n{after:?}"
                    ));
                }
                if let Err(what) = copy.same(&b) {
                    return Err(format!(
                        "step {i}: refused {cmd:?} ({e}) changed the log: {what}"
                    ));
                }
            }
            Ok(added) => {
                if let Err(e) = checked {
                    return Err(format!(
                        "step {i}: {cmd:?} was refused by check ({e}) and accepted by submit"
                    ));
                }
                if added == 0 || b.log().len() != before.log_len + added {
                    return Err(format!(
                        "step {i}: {cmd:?} was accepted and added {added} event(s), the log {} -> {}",
                        before.log_len,
                        b.log().len()
                    ));
                }
                if let Err(what) = copy.same_prefix(&b) {
                    return Err(format!("step {i}: {cmd:?} changed earlier events: {what}"));
                }
                copy.extend(&b);
                let mut v = Vec::new();
                inv.follow(&b, seen, &mut v);
                seen = b.log().len();
                if !v.is_empty() {
                    return Err(format!("step {i}: after {cmd:?}: {}", v.join("; ")));
                }
                if let Some((entry, ..)) = trace.trying.take() {
                    trace.accepted.push(entry);
                }
                trace.counts.accepted += 1;
                trace.counts.by_ai += u64::from(by_ai);
                trace.counts.events += added as u64;
            }
        }
        trace.trying = None;
        if matches!(b.status(), Status::Ended(_)) {
            trace.counts.ended += 1;
            break;
        }
    }
    let mut v = Vec::new();
    inv.finish(&b, &mut v);
    if v.is_empty() {
        Ok(())
    } else {
        Err(format!("at the end: {}", v.join("; ")))
    }
}

/// A command case.
pub fn command_case(seed: u64) -> Option<Failure> {
    command_case_counted(seed).0
}

/// A command case and what it did.
pub fn command_case_counted(seed: u64) -> (Option<Failure>, Counts) {
    let (setup, rng) = command_setup(seed);
    let src = random_level_text(
        setup.ruleset,
        setup.grid,
        setup.w,
        setup.h,
        setup.per_side,
        setup.level_seed,
    );
    let mut trace = Trace::default();
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| play(&setup, rng, &src, &mut trace)))
    {
        Ok(Ok(())) => return (None, trace.counts),
        // On the smallest maps walls may leave a side no room: no battle, no failure.
        Ok(Err(e)) if e.starts_with("the random level: ") => {
            trace.counts.no_level += 1;
            return (None, trace.counts);
        }
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    let failing = trace
        .trying
        .as_ref()
        .map(|(entry, i, by_ai)| (entry.as_str(), *i, *by_ai));
    let script = failure_script(seed, &setup, &what, &trace.accepted, failing);
    let failure = Failure {
        target: Target::Commands,
        seed,
        kind,
        what,
        input: script,
        level: Some(src),
    };
    (Some(failure), trace.counts)
}

/// The regression script of a failed command case: a comment saying what failed and how
/// to replay it, the battle seed, the accepted commands' entries, then the failing one
/// (`(entry, step, by the AI)`), which `skirmish run` stops at if it is refused.
pub fn failure_script(
    seed: u64,
    setup: &Setup,
    what: &str,
    accepted: &[String],
    failing: Option<(&str, usize, bool)>,
) -> String {
    let mut script = format!(
        "// skirmish fuzz: commands case {seed} ({} on {:?}, {}x{}, {} a side)\n\
         // {}\n\
         // replay: skirmish run commands-{seed}.level.ron --script commands-{seed}.script.ron\n\
         Script(\n    seed: {},\n    commands: [\n",
        setup.ruleset,
        setup.grid,
        setup.w,
        setup.h,
        setup.per_side,
        what.replace('\n', "\n// "),
        setup.battle_seed,
    );
    for e in accepted {
        let _ = writeln!(script, "        {e},");
    }
    if let Some((entry, i, by_ai)) = failing {
        let who = if by_ai { "the AI's" } else { "made up" };
        let _ = writeln!(
            script,
            "        // step {i} ({who}), the failing command:\n        {entry},"
        );
    }
    script + "    ],\n)\n"
}
