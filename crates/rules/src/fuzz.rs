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
//!   random commands (random unit ids, cells, targets, every `Action` variant, `React`
//!   choices, `EndTurn`) mixed with the AI's → no panic, a refused command changes nothing
//!   (the log's length and a hash of its JSON, status, round, window, every unit), the AI's
//!   commands are accepted, accepted ones add events and keep `sim::Invariants`.
//!
//! Each failure is a [`Failure`] whose `input` is a ready regression file. Nothing here
//! reads the clock: the caller bounds each case's time (a slow answer is a hang).

use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::ai;
use crate::components::{Conditions, Slot, UnitId};
use crate::dice::{Dice, DiceExpr, MAX_BONUS, MAX_DICE, MAX_SIDES};
use crate::engine::{
    Action, FocusOn, GrappleFollow, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use crate::event::{Logged, ReactionKind};
use crate::grid::{Cell, GridKind};
use crate::level;
use crate::rulesets::RulesetId;
use crate::sim;
use crate::{Battle, Command, Status};

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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

// ---------------------------------------------------------------------------------------
// Levels

/// Numbers a careless or hostile file may hold.
const EXTREMES: [&str; 10] = [
    "0",
    "-1",
    "2147483647",
    "-2147483648",
    "4294967296",
    "99999999999",
    "18446744073709551616",
    "1e999",
    "0x",
    "-0",
];

/// Bits of RON and of text that confuse parsers.
const SNIPPETS: [&str; 30] = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "/*",
    "*/",
    "/* /* */ */",
    "//",
    "\\",
    "\\\"",
    "\\n",
    "r#\"",
    "\u{feff}",
    "\n",
    "\r\n",
    "\t",
    "é",
    "漢",
    "Some(",
    "\\u{1F600}",
    "map: [\"..\", \"#X\"],",
    "units: [],",
    "Unit(name: \"z\\nz\", side: \"A\", cell: (0, 0), archetype: \"fighter\"),",
    "damage: \"1d6k\",",
];

/// The nearest char boundary at or below `i % (len + 1)`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i % (s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One random mutation of `src`.
fn mutate(src: &str, rng: &mut ChaCha8Rng) -> String {
    let any = rng.random_range(0..usize::MAX);
    match rng.random_range(0..7u32) {
        // Flip bits of a byte at a char boundary (read back with replacement chars).
        0 => {
            let mut b = src.as_bytes().to_vec();
            if b.is_empty() {
                return String::new();
            }
            let i = boundary(src, any).min(b.len() - 1);
            b[i] ^= rng.random_range(1..=255u8);
            String::from_utf8_lossy(&b).into_owned()
        }
        1 => src[..boundary(src, any)].to_string(),
        2 => {
            // Runs of ASCII digits (with a leading `-`).
            let b = src.as_bytes();
            let mut runs = Vec::new();
            let mut k = 0;
            while k < b.len() {
                if b[k].is_ascii_digit() {
                    let start = if k > 0 && b[k - 1] == b'-' { k - 1 } else { k };
                    while k < b.len() && b[k].is_ascii_digit() {
                        k += 1;
                    }
                    runs.push((start, k));
                } else {
                    k += 1;
                }
            }
            if runs.is_empty() {
                return src.to_string();
            }
            let (a, z) = runs[any % runs.len()];
            let n = EXTREMES[rng.random_range(0..EXTREMES.len())];
            format!("{}{n}{}", &src[..a], &src[z..])
        }
        3 | 4 => {
            let mut lines: Vec<&str> = src.split('\n').collect();
            let i = any % lines.len();
            if rng.random_bool(0.5) {
                for _ in 0..rng.random_range(1..=3) {
                    lines.insert(i, lines[i]);
                }
            } else {
                lines.remove(i);
            }
            lines.join("\n")
        }
        5 => {
            // Swap two lines.
            let mut lines: Vec<&str> = src.split('\n').collect();
            let (i, j) = (any % lines.len(), rng.random_range(0..lines.len()));
            lines.swap(i, j);
            lines.join("\n")
        }
        _ => {
            let i = boundary(src, any);
            let s = SNIPPETS[rng.random_range(0..SNIPPETS.len())];
            format!("{}{s}{}", &src[..i], &src[i..])
        }
    }
}

/// The mutated level text of case `seed` (1 to 4 mutations of one of `levels`).
pub fn level_input(levels: &[String], seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Some(base) = levels.get(rng.random_range(0..levels.len().max(1))) else {
        return String::new();
    };
    let mut text = base.clone();
    for _ in 0..rng.random_range(1..=4u32) {
        text = mutate(&text, &mut rng);
    }
    text
}

/// The level loader's answer checked: `Err` says what is wrong with it. Every problem
/// is shown on one line as `FILE:L:C: message`, with L:C inside `src`.
pub fn check_level(src: &str) -> Result<(), String> {
    let Err(e) = level::parse(src, "f") else {
        return Ok(());
    };
    if e.problems.is_empty() {
        return Err("an error with no problem in it".into());
    }
    let lines: Vec<usize> = src.split('\n').map(|l| l.chars().count()).collect();
    let text = e.to_string();
    let shown: Vec<&str> = text.split('\n').collect();
    if shown.len() != e.problems.len() {
        return Err(format!(
            "{} problems shown on {} lines:\n{text}",
            e.problems.len(),
            shown.len()
        ));
    }
    for (line, p) in shown.iter().zip(&e.problems) {
        let rest = line.strip_prefix("f:").unwrap_or_default();
        let mut parts = rest.splitn(3, ':');
        let l: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        let c: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        if (l, c) != (p.pos.line, p.pos.col) {
            return Err(format!("shown at {l}:{c}, placed at {}: {line}", p.pos));
        }
        if l < 1 || l > lines.len() {
            return Err(format!("line {l} of {}: {line}", lines.len()));
        }
        if c < 1 || c > lines[l - 1] + 1 {
            return Err(format!("col {c} on a line of {}: {line}", lines[l - 1]));
        }
        if p.message.is_empty() || p.message.chars().count() >= 600 {
            return Err(format!("a message of {} chars: {line}", p.message.len()));
        }
    }
    Ok(())
}

/// A level case: the mutated text through `check_level`.
pub fn level_case(levels: &[String], seed: u64) -> Option<Failure> {
    level_case_with(levels, seed, check_level)
}

/// A level case with the checked function given (tests inject a broken one to see that
/// failures are caught).
pub fn level_case_with(
    levels: &[String],
    seed: u64,
    check: impl Fn(&str) -> Result<(), String>,
) -> Option<Failure> {
    let input = level_input(levels, seed);
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| check(&input))) {
        Ok(Ok(())) => return None,
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    Some(Failure {
        target: Target::Levels,
        seed,
        kind,
        what,
        input,
        level: None,
    })
}

// ---------------------------------------------------------------------------------------
// Dice

/// Characters dice expressions are made of, then troublesome ones.
const DICE_CHARS: &str = "0123456789dkhlDKHL+- ";
const ODD_CHARS: [char; 12] = [
    'ä', '€', '𝟙', '\u{85}', '\u{a0}', '\n', '\0', 'x', '.', '٣', '\u{feff}', '²',
];

fn dice_char(rng: &mut ChaCha8Rng) -> char {
    match rng.random_range(0..11u32) {
        0..8 => {
            let b = DICE_CHARS.as_bytes();
            b[rng.random_range(0..b.len())] as char
        }
        8 | 9 => ODD_CHARS[rng.random_range(0..ODD_CHARS.len())],
        _ => loop {
            if let Some(c) = char::from_u32(rng.random_range(0..0x11_0000)) {
                break c;
            }
        },
    }
}

fn edgy(rng: &mut ChaCha8Rng, lo: u32, hi: u32) -> u32 {
    match rng.random_range(0..8u32) {
        0 => lo,
        1 => hi,
        2 => hi.saturating_add(1),
        _ => rng.random_range(lo..=hi),
    }
}

/// The dice text of case `seed`: a soup of dice characters, a plausible expression
/// (maybe beyond the limits) with one character inserted, replaced or removed, or one
/// built from numbers at and past the limits.
pub fn dice_input(seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match rng.random_range(0..3u32) {
        0 => (0..rng.random_range(0..16))
            .map(|_| dice_char(&mut rng))
            .collect(),
        1 => {
            let count = if rng.random_bool(0.7) {
                rng.random_range(1..=6)
            } else {
                edgy(&mut rng, 0, MAX_DICE)
            };
            let sides =
                [4, 6, 8, 10, 12, 20, 100, edgy(&mut rng, 1, MAX_SIDES)][rng.random_range(0..8)];
            let keep = match rng.random_range(0..4u32) {
                0 => format!("kh{}", edgy(&mut rng, 0, MAX_DICE)),
                1 => format!("kl{}", edgy(&mut rng, 0, MAX_DICE)),
                _ => String::new(),
            };
            let bonus = match rng.random_range(0..3u32) {
                0 => String::new(),
                1 => format!("{:+}", rng.random_range(-5..=5)),
                _ => format!("{:+}", rng.random_range(-MAX_BONUS - 1..=MAX_BONUS + 1)),
            };
            let mut chars: Vec<char> = format!("{count}d{sides}{keep}{bonus}").chars().collect();
            if rng.random_bool(0.6) {
                let i = rng.random_range(0..=chars.len());
                match rng.random_range(0..4u32) {
                    0 => chars.insert(i, dice_char(&mut rng)),
                    1 if i < chars.len() => chars[i] = dice_char(&mut rng),
                    2 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => chars.truncate(i),
                }
            }
            chars.into_iter().collect()
        }
        _ => {
            let pick = |rng: &mut ChaCha8Rng, v: &[&'static str]| v[rng.random_range(0..v.len())];
            let n = pick(
                &mut rng,
                &["", "1", "100", "101", "4294967296", "99999999999999999999"],
            );
            let x = pick(&mut rng, &["1", "1000", "1001", "0", "4294967297"]);
            let k = pick(
                &mut rng,
                &["", "kh1", "kl100", "kh101", "k", "kh", "kä", "kh4294967296"],
            );
            let b = pick(
                &mut rng,
                &[
                    "",
                    "+10000",
                    "-10000",
                    "+10001",
                    "+2147483647",
                    "-2147483648",
                ],
            );
            format!("{n}d{x}{k}{b}")
        }
    }
}

/// Check one dice text: `Err` says what is wrong.
pub fn check_dice(text: &str, seed: u64) -> Result<(), String> {
    let d = match text.parse::<DiceExpr>() {
        Ok(d) => d,
        Err(e) => {
            let m = e.to_string();
            if !m.starts_with("bad dice expression `") || e.reason().is_empty() {
                return Err(format!("a refusal that does not say why: {m}"));
            }
            if m.contains(['\n', '\r', '\u{85}']) || m.chars().count() >= 300 {
                return Err(format!("a refusal not on one short line: {m:?}"));
            }
            return Ok(());
        }
    };
    if d.count > MAX_DICE || !(1..=MAX_SIDES).contains(&d.sides) || d.bonus.abs() > MAX_BONUS {
        return Err(format!("accepted beyond the limits: {d:?}"));
    }
    let back = d.to_string().parse::<DiceExpr>();
    if back != Ok(d) {
        return Err(format!("{d:?} prints as `{d}`, which parses to {back:?}"));
    }
    let (lo, hi) = (d.min(), d.max());
    if lo > hi {
        return Err(format!("{d}: min {lo} > max {hi}"));
    }
    for crit in 1..=4 {
        let e = d.multiplied(crit);
        let r = Dice::seeded(seed)
            .roll(e)
            .map_err(|err| format!("{e}: a seeded roll failed: {err}"))?;
        if r.faces.len() != e.count as usize || r.faces.iter().any(|f| !(1..=e.sides).contains(f)) {
            return Err(format!("{e}: faces {:?} do not fit", r.faces));
        }
        if !(e.min()..=e.max()).contains(&r.total) {
            return Err(format!(
                "{e}: total {} not in {}..={}",
                r.total,
                e.min(),
                e.max()
            ));
        }
    }
    Ok(())
}

/// A dice case.
pub fn dice_case(seed: u64) -> Option<Failure> {
    let input = dice_input(seed);
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| check_dice(&input, seed))) {
        Ok(Ok(())) => return None,
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    Some(Failure {
        target: Target::Dice,
        seed,
        kind,
        what,
        input,
        level: None,
    })
}

// ---------------------------------------------------------------------------------------
// Commands

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

/// Random command parts, read against the battle as it is.
struct Maker<'a>(&'a mut ChaCha8Rng);

impl Maker<'_> {
    fn below(&mut self, n: u32) -> u32 {
        self.0.random_range(0..n.max(1))
    }

    fn flag(&mut self) -> bool {
        self.0.random_bool(0.5)
    }

    fn unit(&mut self, b: &Battle) -> UnitId {
        let n = b.units().count() as u32;
        match self.below(16) {
            0 => UnitId(n + self.below(3)),
            1 => UnitId(u32::MAX - self.below(2)),
            _ => UnitId(self.below(n.max(1))),
        }
    }

    fn target(&mut self, b: &Battle, u: UnitId) -> UnitId {
        let known = b.units().any(|x| x == u);
        let pick = self.below(4);
        if !known || pick == 0 {
            return self.unit(b);
        }
        let foe = pick > 1;
        b.units()
            .filter(|&x| x != u && b.alive(x) && b.enemies(u, x) == foe)
            .min_by_key(|&x| (b.grid().distance(b.pos(u), b.pos(x)), x))
            .unwrap_or_else(|| self.unit(b))
    }

    fn cell(&mut self, b: &Battle) -> Cell {
        let (w, h) = (b.level().grid.width as u32, b.level().grid.height as u32);
        match self.below(12) {
            0 => Cell {
                x: self.0.random(),
                y: self.0.random(),
            },
            1 | 2 => Cell {
                x: self.below(w + 4) as i32 - 2,
                y: self.below(h + 4) as i32 - 2,
            },
            _ => Cell {
                x: self.below(w) as i32,
                y: self.below(h) as i32,
            },
        }
    }

    fn near(&mut self, b: &Battle, u: UnitId) -> Cell {
        if b.units().any(|x| x == u) && self.below(3) > 0 {
            let p = b.pos(u);
            let r = 1 + self.below(4) as i32;
            Cell {
                x: p.x + self.below(2 * r as u32 + 1) as i32 - r,
                y: p.y + self.below(2 * r as u32 + 1) as i32 - r,
            }
        } else {
            self.cell(b)
        }
    }

    fn item(&mut self) -> usize {
        match self.below(8) {
            0 => usize::MAX - self.below(2) as usize,
            1 => 3 + self.below(20) as usize,
            _ => self.below(3) as usize,
        }
    }

    fn slot(&mut self) -> Slot {
        [
            Slot::Standard,
            Slot::Attack,
            Slot::Move,
            Slot::Quick,
            Slot::Bonus,
        ][self.below(5) as usize]
    }

    fn reaction(&mut self) -> ReactionKind {
        use ReactionKind::*;
        [
            ReactionAttack,
            Dodge,
            Parry,
            Block,
            Riposte,
            Intercept,
            InterceptSwap,
            Pursuit,
            StepAside,
            Resist,
            WaitedAttack,
        ][self.below(11) as usize]
    }

    fn action(&mut self, b: &Battle, u: UnitId) -> Action {
        use Action::*;
        match self.below(34) {
            0 => Step {
                to: self.near(b, u),
            },
            1 => Feint {
                target: self.target(b, u),
            },
            2 => Shove {
                target: self.target(b, u),
                effect: if self.flag() {
                    ShoveEffect::Push
                } else {
                    ShoveEffect::Prone
                },
                both: self.flag(),
            },
            3 => Grapple {
                target: self.target(b, u),
            },
            4 => BreakFree,
            5 => Release,
            6 => Disarm {
                target: self.target(b, u),
                item: self.flag().then(|| self.item()),
                send: if self.flag() {
                    Some(self.near(b, u))
                } else {
                    None
                },
            },
            7 => Draw { item: self.item() },
            8 => Sheathe { item: self.item() },
            9 => PickUp,
            10 => FlowState,
            11 => TotalDefense,
            12 => Tumble {
                through: self.target(b, u),
            },
            13 => StandUp,
            14 => Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: ReadyResponse::Attack,
                until: ReadyUntil::NextTurn,
            },
            15 => Dash {
                to: self.near(b, u),
            },
            16 => Charge {
                target: self.target(b, u),
                to: if self.flag() {
                    Some(self.near(b, u))
                } else {
                    None
                },
            },
            17 => Jump {
                to: self.near(b, u),
            },
            18 => Overrun {
                to: self.near(b, u),
            },
            19 => Defend,
            20 => Guard,
            21 => Assist {
                ally: self.target(b, u),
            },
            22 => Focus {
                on: [FocusOn::Attack, FocusOn::Defence, FocusOn::Skills][self.below(3) as usize],
            },
            23 => Trip {
                target: self.target(b, u),
            },
            24 => Push {
                target: self.target(b, u),
                distance: if self.flag() {
                    Some(if self.below(4) == 0 {
                        u32::MAX
                    } else {
                        self.below(4)
                    })
                } else {
                    None
                },
            },
            25 => Sunder {
                target: self.target(b, u),
                item: self.flag().then(|| self.item()),
            },
            26 => GrappleTurn {
                follow: [
                    GrappleFollow::Hold,
                    GrappleFollow::Release,
                    GrappleFollow::Trip,
                    GrappleFollow::Push,
                    GrappleFollow::Attack,
                ][self.below(5) as usize],
            },
            27 => Concentrate,
            28 => TumbleTo {
                to: self.near(b, u),
            },
            29 => Give {
                item: self.item(),
                ally: self.target(b, u),
            },
            30 => Command {
                text: ["", "   ", "hold the line", &"go ".repeat(14), "é ü 漢"]
                    [self.below(5) as usize]
                    .to_string(),
            },
            31 => Wait,
            32 => Patch {
                ally: self.target(b, u),
            },
            _ => BreakFree,
        }
    }

    fn command(&mut self, b: &Battle) -> Command {
        let deciding = match b.status() {
            Status::Turn(u) | Status::AwaitingReaction(u) => Some(u),
            Status::Ended(_) => None,
        };
        let unit = match deciding {
            Some(u) if self.below(4) > 0 => u,
            _ => self.unit(b),
        };
        match self.below(10) {
            0 | 1 => Command::Move {
                unit,
                to: self.near(b, unit),
            },
            2 | 3 => Command::Attack {
                unit,
                target: self.target(b, unit),
                weapon: self.flag().then(|| self.item()),
                slot: self.flag().then(|| self.slot()),
            },
            4 => Command::EndTurn { unit },
            5 => Command::React {
                unit,
                choice: self.flag().then(|| self.reaction()),
            },
            _ => Command::Act {
                unit,
                action: self.action(b, unit),
            },
        }
    }
}

/// Everything besides the log a refused command must leave as it was, in one
/// comparable value (the log is compared with a copy kept beside the battle).
#[derive(Debug, PartialEq)]
struct Fingerprint {
    log_len: usize,
    status: Status,
    round: u32,
    window: String,
    units: Vec<String>,
    ground: String,
    readied: Vec<UnitId>,
}

fn fingerprint(b: &Battle) -> Fingerprint {
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
            s + ")"
        }
        Command::EndTurn { .. } => "EndTurn".into(),
        Command::React { unit, choice } => format!(
            "React(unit: {}, choice: {})",
            name(*unit),
            choice.map_or("Decline".into(), |c| ron_text(&c))
        ),
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
            Maker(&mut rng).command(&b)
        };
        trace.trying = Some((script_entry(&b, &cmd), i, by_ai));
        let before = fingerprint(&b);
        let checked = b.check(&cmd);
        match b.submit(cmd.clone()) {
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
