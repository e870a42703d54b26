//! Seeded fuzz cases for long runs (issue 15): `skirmish fuzz` and the rules crate's
//! `fuzz` example loop over these until their time is up.
//!
//! Three targets, each case a pure function of (target, seed) so a failure replays:
//! - [`Target::Levels`]: a shipped level's text mutated (byte flips at char boundaries,
//!   truncations, numbers swapped for extremes, lines duplicated or removed, snippets
//!   inserted) → `level::parse` does not panic and every problem it reports sits at a
//!   `L:C` inside the text, one problem per message line;
//! - [`Target::Dice`]: random text from the dice alphabet and beyond → parsing does not
//!   panic; an accepted expression prints and parses back to itself and rolls faces
//!   within `1..=sides` and a total within `min..=max`;
//! - [`Target::Commands`]: a random level of a random playable ruleset and grid, then
//!   random commands asked of the battle's ruleset (its action bar's buttons with random
//!   picks, choices and fields, any answer to an open reaction window with commits in and
//!   out of range; moves, attacks, casting, common actions, `EndTurn`, unit ids, cells
//!   and targets at random: [`CommandMaker`]) mixed with the AI's → no panic, a refused
//!   command changes nothing (the log's length and a hash of its JSON, status, round,
//!   window, every unit), the AI's commands are accepted, accepted ones add events and
//!   keep `sim::Invariants`.
//!
//! Each failure is a [`Failure`] whose `input` is a ready regression file. Nothing here
//! reads the clock: the caller bounds each case's time (a slow answer is a hang).

mod commands;
mod dice;
mod fields;
mod levels;
mod maker;

pub use commands::*;
pub use dice::*;
pub use fields::command_label;
pub use levels::*;
pub use maker::*;

use std::collections::BTreeMap;

/// What a case feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Mutated level text into `level::parse`.
    Levels,
    /// Random text into the dice parser, valid expressions rolled.
    Dice,
    /// Random command sequences on random battles.
    Commands,
}

impl Target {
    /// The three, in the order a run takes them round-robin.
    pub const ALL: [Target; 3] = [Target::Levels, Target::Dice, Target::Commands];

    /// `levels`, `dice`, `commands` (failure files are named after it).
    pub fn name(self) -> &'static str {
        match self {
            Target::Levels => "levels",
            Target::Dice => "dice",
            Target::Commands => "commands",
        }
    }

    /// The target named `s`.
    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// How a case failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The checked code panicked.
    Panic,
    /// A property did not hold (a message outside the file, a roll out of range, a
    /// refused command that changed the state, a soak invariant …).
    Violation,
}

/// A failed case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The target.
    pub target: Target,
    /// The case's seed: `case(target, seed)` fails again.
    pub seed: u64,
    /// Panic or violation.
    pub kind: Kind,
    /// What went wrong (one paragraph).
    pub what: String,
    /// The regression file: the mutated level text (`.ron`), the dice expression
    /// (`.txt`), or a script for `skirmish run --script` (`.script.ron`).
    pub input: String,
    /// For commands: the level the script runs on (`.level.ron`).
    pub level: Option<String>,
}

impl Failure {
    /// The failure files' stem: `<target>-<seed>`.
    pub fn stem(&self) -> String {
        format!("{}-{}", self.target.name(), self.seed)
    }

    /// The files to write, as (file name, text): the input, and the level for commands.
    pub fn files(&self) -> Vec<(String, String)> {
        let stem = self.stem();
        match self.target {
            Target::Levels => vec![(format!("{stem}.ron"), self.input.clone())],
            Target::Dice => vec![(format!("{stem}.txt"), format!("{}\n", self.input))],
            Target::Commands => {
                let mut v = vec![(format!("{stem}.script.ron"), self.input.clone())];
                if let Some(l) = &self.level {
                    v.push((format!("{stem}.level.ron"), l.clone()));
                }
                v
            }
        }
    }
}

/// Run one case of `target` (`levels`: the shipped level texts to mutate).
pub fn case(target: Target, seed: u64, levels: &[String]) -> Option<Failure> {
    case_counted(target, seed, levels).0
}

/// What command cases did (zero for the other targets), summed over a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Commands accepted.
    pub accepted: u64,
    /// Of them, the AI's.
    pub by_ai: u64,
    /// Commands refused.
    pub refused: u64,
    /// Events logged by accepted commands.
    pub events: u64,
    /// Battles played to their end.
    pub ended: u64,
    /// Cases whose random level had no room for a side (no battle).
    pub no_level: u64,
    /// The made-up commands (not the AI's) by [`command_label`]: how many were made and
    /// how many of them accepted.
    pub made: BTreeMap<String, [u64; 2]>,
}

impl Counts {
    /// Add another's figures.
    pub fn add(&mut self, o: &Counts) {
        self.accepted += o.accepted;
        self.by_ai += o.by_ai;
        self.refused += o.refused;
        self.events += o.events;
        self.ended += o.ended;
        self.no_level += o.no_level;
        for (label, [made, accepted]) in &o.made {
            let n = self.made.entry(label.clone()).or_default();
            n[0] += made;
            n[1] += accepted;
        }
    }

    /// Count a made-up command under `label`, accepted or not.
    pub fn note(&mut self, label: String, accepted: bool) {
        let n = self.made.entry(label).or_default();
        n[0] += 1;
        n[1] += u64::from(accepted);
    }

    /// The made-up commands as lines, one per group of labels (`command`, `reaction`,
    /// `common`, each ruleset's id): `made escalation (accepted/made): Delay 3/10, …`.
    pub fn made_lines(&self) -> Vec<String> {
        let mut lines: Vec<(String, String)> = Vec::new();
        for (label, [made, accepted]) in &self.made {
            let (group, name) = label.split_once(": ").unwrap_or(("", label));
            let item = format!("{name} {accepted}/{made}");
            match lines.last_mut() {
                Some((g, l)) if g == group => *l += &format!(", {item}"),
                _ => lines.push((group.to_string(), item)),
            }
        }
        lines
            .into_iter()
            .map(|(g, l)| format!("made {g} (accepted/made): {l}"))
            .collect()
    }
}

/// [`case`] and what a command case did.
pub fn case_counted(target: Target, seed: u64, levels: &[String]) -> (Option<Failure>, Counts) {
    match target {
        Target::Levels => (level_case(levels, seed), Counts::default()),
        Target::Dice => (dice_case(seed), Counts::default()),
        Target::Commands => command_case_counted(seed),
    }
}

/// The message of a caught panic.
fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic with no message)".into())
}
