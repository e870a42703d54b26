//! Saves: a battle as a versioned RON document (`docs/saves.md`), text in and text out
//! (the callers read and write the files, through one atomic writer).
//!
//! A save holds the level in full (its source text, with its path and a hash, so it
//! still loads when the level file changed or is gone), the grid, the seed, the dice
//! forced, each side's controller and reaction policy, every command accepted so far (as
//! [`Battle::submit`] took them: reaction answers too) and a hash of the event log.
//! Loading ([`Save::load`]) parses, rebuilds the battle from the embedded level and the
//! seed, replays the commands, and refuses a battle whose event log does not hash to
//! the saved value: a save either loads exactly or not at all.

use serde::{Deserialize, Serialize};

use crate::battle::Battle;
use crate::engine::Command;
use crate::event::Logged;
use crate::grid::GridKind;
use crate::level::{Controller, Level};
use crate::rulesets::Registry;
use crate::vocab::RulesetId;

/// The save format this build writes, and the newest it reads. 2: `branches` (lines
/// abandoned by a rewind, kept to go back to); a format-1 save reads as one with none.
pub const FORMAT: u32 = 2;

/// How a side answers reaction windows (the window's setting; headless runs and the AI
/// keep it for the window that opens the save).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReactionPolicy {
    /// Ask the player every time.
    #[default]
    Ask,
    /// The AI's answer.
    Auto,
    /// Never react.
    Never,
}

/// One side's settings in a save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Side")]
pub struct SideSettings {
    /// The side's name (as the level names it; checked on load).
    pub name: String,
    /// Who plays it.
    pub controller: Controller,
    /// How it answers reaction windows.
    pub reactions: ReactionPolicy,
}

impl SideSettings {
    /// Every side of `level` as its file sets it: its controller, and `Ask` for a side a
    /// person plays, `Auto` for one the AI plays.
    pub fn defaults(level: &Level) -> Vec<SideSettings> {
        level
            .sides
            .iter()
            .map(|s| SideSettings {
                name: s.name.clone(),
                controller: s.controller,
                reactions: match s.controller {
                    Controller::Human => ReactionPolicy::Ask,
                    Controller::Ai => ReactionPolicy::Auto,
                },
            })
            .collect()
    }
}

/// The level a save was played on: where it came from, its text and the text's hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Level")]
pub struct LevelCopy {
    /// The level's title (for a list of saves; the text is what counts).
    pub name: String,
    /// The file it was read from, as given (it need not exist any more).
    pub path: String,
    /// [`text_hash`] of `source`.
    pub hash: String,
    /// The level file's text, in full.
    pub source: String,
}

impl LevelCopy {
    /// A copy of level text read from `path`.
    pub fn new(path: &str, source: &str) -> Result<LevelCopy, SaveError> {
        let level =
            crate::level::parse(source, path).map_err(|e| SaveError::Level(e.to_string()))?;
        Ok(LevelCopy {
            name: level.name,
            path: path.to_string(),
            hash: text_hash(source),
            source: source.to_string(),
        })
    }
}

/// Faces forced after setup, and when ([`crate::battle::History::forced_later`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Forced")]
pub struct ForcedLater {
    /// Commands accepted before they were queued.
    pub before_command: usize,
    /// The faces.
    pub faces: Vec<u32>,
}

/// A save: everything a battle needs to be played again to where it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Save")]
pub struct Save {
    /// The format it is written in ([`FORMAT`] when this build wrote it).
    pub format: u32,
    /// The ruleset's id (checked before the level is read, for a clear message).
    pub ruleset: String,
    /// The level, in full.
    pub level: LevelCopy,
    /// The grid it was played on (a level may be played on the other one).
    pub grid: GridKind,
    /// The seed of the dice.
    pub seed: u64,
    /// Faces forced at setup (scripts, tests), used before the seeded dice.
    #[serde(default)]
    pub dice: Vec<u32>,
    /// Faces forced later, and when.
    #[serde(default)]
    pub later_dice: Vec<ForcedLater>,
    /// Each side's settings, in level order.
    pub sides: Vec<SideSettings>,
    /// The round the battle was in (for a list of saves).
    pub round: u32,
    /// Events in the log.
    pub events: usize,
    /// [`log_hash`] of the event log.
    pub log_hash: String,
    /// Every command accepted, in order, as submitted (reaction answers included).
    pub commands: Vec<Command>,
    /// Other lines of the same battle (a rewind keeps the line it left), to go back to
    /// ([`Save::line`], [`Save::go_to`]). Format 2; a format-1 save has none.
    #[serde(default)]
    pub branches: Vec<Branch>,
}

/// Another line of a save's battle: the same setup, the same first `at` commands as the
/// save's own line, then its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Branch")]
pub struct Branch {
    /// What the window lists it as ("line before rewind 2026-11-26 1302").
    pub name: String,
    /// Commands it shares with the save's own line (the first `at`).
    pub at: usize,
    /// The round its line ended in.
    pub round: u32,
    /// Events in its line's log.
    pub events: usize,
    /// [`log_hash`] of its line's event log.
    pub log_hash: String,
    /// Faces forced later in its line (tests; the window never forces dice).
    #[serde(default)]
    pub later_dice: Vec<ForcedLater>,
    /// Its commands after the first `at`.
    pub commands: Vec<Command>,
}

/// Why a save could not be made, read or loaded. Loading changes nothing on any error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    /// Written by a newer build.
    #[error(
        "this save was written by a newer version of Skirmish (save format {found}; this \
         one reads formats up to {FORMAT}): update the game to open it"
    )]
    Newer {
        /// The format the file says.
        found: u32,
    },
    /// The text stops before the document ends.
    #[error(
        "the save file is cut short (it ends at {line}:{col} in the middle of the \
         document): it was not written to the end"
    )]
    Truncated {
        /// Line of the end.
        line: usize,
        /// Column of the end.
        col: usize,
    },
    /// Not a save, or damaged.
    #[error("the save file is damaged or not a save at {line}:{col}: {message}")]
    Damaged {
        /// Line.
        line: usize,
        /// Column.
        col: usize,
        /// What RON said.
        message: String,
    },
    /// The level's text does not match the hash saved with it.
    #[error(
        "the level inside the save does not match its hash (saved {saved}, the text \
         gives {found}): the save was edited or damaged"
    )]
    LevelHash {
        /// The saved hash.
        saved: String,
        /// The text's.
        found: String,
    },
    /// A ruleset id this build does not know.
    #[error("the save plays the ruleset `{0}`, which this version of Skirmish does not have")]
    UnknownRuleset(String),
    /// A ruleset this build knows but cannot play.
    #[error(
        "the save plays the ruleset `{ruleset}`, which this version of Skirmish cannot play \
         (playable: {playable})"
    )]
    NotPlayable {
        /// Its id.
        ruleset: String,
        /// The playable ones.
        playable: String,
    },
    /// The embedded level does not load (or the battle cannot be set up).
    #[error("the level inside the save does not load: {0}")]
    Level(String),
    /// The sides' settings do not fit the level.
    #[error("the save's side settings do not fit its level: {0}")]
    Sides(String),
    /// A command was refused while replaying.
    #[error(
        "the save does not replay: command {index} ({command}) is refused: {reason}; nothing \
         was loaded"
    )]
    Replay {
        /// 1-based.
        index: usize,
        /// The command, as saved.
        command: String,
        /// Why.
        reason: String,
    },
    /// The replay does not reach the saved log.
    #[error(
        "the battle replayed from the save is not the one saved: the saved event log \
         ({saved_events} events) hashes to {saved}, the replay gives {found} ({found_events} \
         events). The save was made by a version of Skirmish with other rules, or edited; \
         nothing was loaded"
    )]
    Diverged {
        /// The saved hash.
        saved: String,
        /// Events saved.
        saved_events: usize,
        /// The replay's hash.
        found: String,
        /// The replay's events.
        found_events: usize,
    },
    /// A branch the save does not have.
    #[error("the save has no branch {asked} (it has {count})")]
    NoBranch {
        /// 1-based.
        asked: usize,
        /// How many it has.
        count: usize,
    },
    /// A battle whose dice no longer follow from its seed (a forecast's branch).
    #[error("this battle cannot be saved: {0}")]
    NotSaveable(String),
}

/// 64-bit FNV-1a of bytes: stable on every platform and Rust version.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A text's hash as a save writes it: `fnv1a64:` and 16 hex digits.
pub fn text_hash(text: &str) -> String {
    format!("fnv1a64:{:016x}", fnv1a64(text.as_bytes()))
}

/// The event log's hash: FNV-1a over each event's JSON (`{"round":…,"event":…}`, as
/// `serde_json` writes it) followed by a newline.
pub fn log_hash(log: &[Logged]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut buf = Vec::with_capacity(256);
    for l in log {
        buf.clear();
        // Every event serializes (it is plain data); a failure would be a bug, and
        // hashes its message rather than nothing.
        if let Err(e) = serde_json::to_writer(&mut buf, l) {
            buf.extend_from_slice(e.to_string().as_bytes());
        }
        buf.push(b'\n');
        for &b in &buf {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("fnv1a64:{h:016x}")
}

/// A loaded save: the battle, replayed and checked, and the save it came from.
pub struct Loaded {
    /// The battle, where the save left it.
    pub battle: Battle,
    /// The save.
    pub save: Save,
}

impl Save {
    /// The save of `b` as it stands: `level` is the level file's text and where it was
    /// read from (the battle's level must be that text, on the battle's grid), `sides`
    /// each side's settings ([`SideSettings::defaults`] for the level's own).
    pub fn of(b: &Battle, level: LevelCopy, sides: Vec<SideSettings>) -> Result<Save, SaveError> {
        let h = b.history();
        if h.reseeded {
            return Err(SaveError::NotSaveable(
                "its dice were replaced by a fresh stream (a forecast's play-out)".into(),
            ));
        }
        if sides.len() != b.level().sides.len() {
            return Err(SaveError::Sides(format!(
                "{} side setting(s) for {} side(s)",
                sides.len(),
                b.level().sides.len()
            )));
        }
        Ok(Save {
            format: FORMAT,
            ruleset: b.ruleset().id().to_string(),
            level,
            grid: b.grid().kind,
            seed: b.seed(),
            dice: h.forced.clone(),
            later_dice: h
                .forced_later
                .iter()
                .map(|(n, f)| ForcedLater {
                    before_command: *n,
                    faces: f.clone(),
                })
                .collect(),
            sides,
            round: b.round(),
            events: b.log().len(),
            log_hash: log_hash(b.log()),
            commands: h.commands.clone(),
            branches: Vec::new(),
        })
    }

    /// Keep `line` (a save of the same battle: the same level, grid, seed and dice at
    /// setup) as a branch named `name`: its commands after the ones it shares with this
    /// save's line. Its own branches are not taken (give them one by one). A line equal
    /// to this one, or to a branch already kept, is not kept twice.
    pub fn keep_line(&mut self, name: &str, line: &Save) -> Result<(), SaveError> {
        if line.level.hash != self.level.hash
            || line.grid != self.grid
            || line.seed != self.seed
            || line.dice != self.dice
        {
            return Err(SaveError::Sides(format!(
                "the line `{name}` is not of this battle (another level, grid, seed or dice)"
            )));
        }
        let at = self
            .commands
            .iter()
            .zip(&line.commands)
            .take_while(|(a, b)| a == b)
            .count();
        let same = |commands: &[Command], later: &[ForcedLater]| {
            commands == line.commands.as_slice() && later == line.later_dice.as_slice()
        };
        if same(&self.commands, &self.later_dice) {
            return Ok(());
        }
        for i in 0..self.branches.len() {
            if same(&self.line_commands(i), &self.branches[i].later_dice) {
                return Ok(());
            }
        }
        self.branches.push(Branch {
            name: name.to_string(),
            at,
            round: line.round,
            events: line.events,
            log_hash: line.log_hash.clone(),
            later_dice: line.later_dice.clone(),
            commands: line.commands[at..].to_vec(),
        });
        Ok(())
    }

    /// Branch `i`'s whole command list (the shared ones and its own).
    fn line_commands(&self, i: usize) -> Vec<Command> {
        let b = &self.branches[i];
        let mut commands = self.commands[..b.at.min(self.commands.len())].to_vec();
        commands.extend(b.commands.iter().cloned());
        commands
    }

    /// Branch `i` (0-based) as a save of its own (without branches): replay or load it
    /// as any save (`line(i)?.replay()` checks it reaches its own log hash).
    pub fn line(&self, i: usize) -> Result<Save, SaveError> {
        let Some(b) = self.branches.get(i) else {
            return Err(SaveError::NoBranch {
                asked: i + 1,
                count: self.branches.len(),
            });
        };
        let commands = self.line_commands(i);
        Ok(Save {
            round: b.round,
            events: b.events,
            log_hash: b.log_hash.clone(),
            later_dice: b.later_dice.clone(),
            commands,
            branches: Vec::new(),
            ..self.clone()
        })
    }

    /// Go back to branch `i`: the save whose own line is that branch, and whose branches
    /// are this save's line (named `name`) and its other branches, in their order.
    pub fn go_to(&self, i: usize, name: &str) -> Result<Save, SaveError> {
        let mut to = self.line(i)?;
        let mine = Save {
            branches: Vec::new(),
            ..self.clone()
        };
        for j in 0..self.branches.len() {
            if j == i {
                to.keep_line(name, &mine)?;
            } else {
                to.keep_line(&self.branches[j].name, &self.line(j)?)?;
            }
        }
        Ok(to)
    }

    /// The save as RON text: one field a line, one command a line, the level's text as
    /// written (a raw string).
    pub fn to_ron(&self) -> String {
        let compact = |v: &dyn erased::Ser| v.ron();
        let mut out = String::with_capacity(self.level.source.len() + 64 * self.commands.len());
        out.push_str("// Skirmish save (docs/saves.md)\nSave(\n");
        let mut field = |name: &str, value: String| {
            out.push_str("    ");
            out.push_str(name);
            out.push_str(": ");
            out.push_str(&value);
            out.push_str(",\n");
        };
        field("format", self.format.to_string());
        field("ruleset", compact(&self.ruleset));
        field(
            "level",
            format!(
                "Level(\n        name: {},\n        path: {},\n        hash: {},\n        source: {},\n    )",
                compact(&self.level.name),
                compact(&self.level.path),
                compact(&self.level.hash),
                raw_string(&self.level.source)
            ),
        );
        field("grid", compact(&self.grid));
        field("seed", self.seed.to_string());
        field("dice", compact(&self.dice));
        field("later_dice", compact(&self.later_dice));
        let mut sides = String::from("[\n");
        for s in &self.sides {
            sides.push_str("        ");
            sides.push_str(&compact(s));
            sides.push_str(",\n");
        }
        sides.push_str("    ]");
        field("sides", sides);
        field("round", self.round.to_string());
        field("events", self.events.to_string());
        field("log_hash", compact(&self.log_hash));
        let mut cmds = String::from("[\n");
        for c in &self.commands {
            cmds.push_str("        ");
            cmds.push_str(&compact(c));
            cmds.push_str(",\n");
        }
        cmds.push_str("    ]");
        field("commands", cmds);
        let mut branches = String::from("[");
        for b in &self.branches {
            branches.push_str(&format!(
                "\n        Branch(\n            name: {},\n            at: {},\n            \
                 round: {},\n            events: {},\n            log_hash: {},\n            \
                 later_dice: {},\n            commands: [\n",
                compact(&b.name),
                b.at,
                b.round,
                b.events,
                compact(&b.log_hash),
                compact(&b.later_dice),
            ));
            for c in &b.commands {
                branches.push_str("                ");
                branches.push_str(&compact(c));
                branches.push_str(",\n");
            }
            branches.push_str("            ],\n        ),");
        }
        branches.push_str(if self.branches.is_empty() {
            "]"
        } else {
            "\n    ]"
        });
        field("branches", branches);
        out.push_str(")\n");
        out
    }

    /// Read a save's text without replaying it (a list of saves). A newer format, a
    /// file cut short or damaged, are errors.
    pub fn parse(text: &str) -> Result<Save, SaveError> {
        // The version first, from the text itself, so that a newer file is named as
        // such even when the rest of it means nothing to this build.
        if let Some(found) = declared_format(text)
            && found > FORMAT
        {
            return Err(SaveError::Newer { found });
        }
        let save: Save = ron::Options::default().from_str(text).map_err(|e| {
            let (line, col) = (e.span.start.line.max(1), e.span.start.col.max(1));
            // A document that stops short: RON ran out of text, or failed at its last
            // character, or the text does not end the way every save does.
            // (Every save ends with its `commands:`, then format 2's `branches:`.)
            if text.contains("Save(")
                && (matches!(e.code, ron::Error::Eof)
                    || at_end(text, line, col)
                    || !text.trim_end().ends_with(')')
                    || !text.contains("\n    commands: ["))
            {
                let (line, col) = end_of(text);
                SaveError::Truncated { line, col }
            } else {
                SaveError::Damaged {
                    line,
                    col,
                    message: e.code.to_string(),
                }
            }
        })?;
        if save.format > FORMAT {
            return Err(SaveError::Newer { found: save.format });
        }
        // An action whose name two rulesets share is read as the first one's: it is the
        // save's ruleset's.
        let mut save = save;
        let ruleset = save.ruleset.clone();
        let all = save
            .commands
            .iter_mut()
            .chain(save.branches.iter_mut().flat_map(|b| b.commands.iter_mut()));
        for c in all {
            if let Command::Act { action, .. } = c {
                *action = action.clone().for_ruleset(&ruleset);
            }
        }
        if let Some(b) = save.branches.iter().find(|b| b.at > save.commands.len()) {
            return Err(SaveError::Damaged {
                line: 1,
                col: 1,
                message: format!(
                    "the branch `{}` parts at command {}, after the save's last ({})",
                    b.name,
                    b.at,
                    save.commands.len()
                ),
            });
        }
        if save.format == 0 {
            return Err(SaveError::Damaged {
                line: 1,
                col: 1,
                message: "save format 0 does not exist".into(),
            });
        }
        Ok(save)
    }

    /// The level the save was played on, checked against its hash, on the save's grid.
    pub fn level(&self) -> Result<Level, SaveError> {
        let found = text_hash(&self.level.source);
        if found != self.level.hash {
            return Err(SaveError::LevelHash {
                saved: self.level.hash.clone(),
                found,
            });
        }
        let Some(id) = RulesetId::parse(&self.ruleset) else {
            return Err(SaveError::UnknownRuleset(self.ruleset.clone()));
        };
        if !id.playable() {
            return Err(SaveError::NotPlayable {
                ruleset: self.ruleset.clone(),
                playable: crate::rulesets::playable_list(),
            });
        }
        let level = crate::level::parse(&self.level.source, &self.level.path)
            .map_err(|e| SaveError::Level(e.to_string()))?;
        if level.ruleset != id {
            return Err(SaveError::Level(format!(
                "the level plays `{}`, the save says `{}`",
                level.ruleset, self.ruleset
            )));
        }
        if level.sides.len() != self.sides.len() {
            return Err(SaveError::Sides(format!(
                "{} side setting(s) for {} side(s)",
                self.sides.len(),
                level.sides.len()
            )));
        }
        if let Some((s, l)) = self
            .sides
            .iter()
            .zip(&level.sides)
            .find(|(s, l)| s.name != l.name)
        {
            return Err(SaveError::Sides(format!(
                "the save names a side `{}` where the level has `{}`",
                s.name, l.name
            )));
        }
        Ok(level.with_grid(self.grid))
    }

    /// The battle after the first `n` commands (all of them when `n` is larger), with no
    /// check of the log's hash ([`Save::load`] checks it).
    pub fn battle_at(&self, n: usize) -> Result<Battle, SaveError> {
        let level = self.level()?;
        let mut b = Battle::new(level, self.seed, self.dice.clone())
            .map_err(|e| SaveError::Level(e.to_string()))?;
        let id = b.rules().id();
        let mut later = self.later_dice.iter().peekable();
        for (i, c) in self.commands.iter().take(n).enumerate() {
            while let Some(f) = later.next_if(|f| f.before_command <= i) {
                b.dice_force_for_tests(&f.faces);
            }
            let cmd = match c.clone() {
                Command::Act { unit, action } => Command::Act {
                    unit,
                    action: action.for_ruleset(id),
                },
                other => other,
            };
            b.submit(cmd).map_err(|e| SaveError::Replay {
                index: i + 1,
                command: erased::Ser::ron(c),
                reason: e.to_string(),
            })?;
        }
        if n >= self.commands.len() {
            for f in later {
                b.dice_force_for_tests(&f.faces);
            }
        }
        Ok(b)
    }

    /// Replay the whole save and check that it reaches the saved event log.
    pub fn replay(&self) -> Result<Battle, SaveError> {
        let b = self.battle_at(self.commands.len())?;
        let found = log_hash(b.log());
        if found != self.log_hash || b.log().len() != self.events {
            return Err(SaveError::Diverged {
                saved: self.log_hash.clone(),
                saved_events: self.events,
                found,
                found_events: b.log().len(),
            });
        }
        Ok(b)
    }

    /// Parse and replay a save's text: the battle where it was saved, or an error and
    /// nothing else.
    pub fn load(text: &str) -> Result<Loaded, SaveError> {
        let save = Save::parse(text)?;
        let battle = save.replay()?;
        Ok(Loaded { battle, save })
    }
}

/// The `format:` a save's text declares, read leniently (a file cut short or one whose
/// later fields this build does not know still says its version).
fn declared_format(text: &str) -> Option<u32> {
    let at = text.find("format:")? + "format:".len();
    let digits: String = text[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().ok()
}

/// Is `line:col` (1-based) at or after the last character of `text` that is not
/// whitespace? An error there means the text stopped where the document goes on.
fn at_end(text: &str, line: usize, col: usize) -> bool {
    (line, col) >= end_of(text)
}

/// Line and column (1-based) of the last character of `text` that is not whitespace.
fn end_of(text: &str) -> (usize, usize) {
    let body = text.trim_end();
    let line = 1 + body.matches('\n').count();
    let col = body.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, col.max(1))
}

/// `text` as a RON raw string (`r#"…"#`, with enough `#` that the text cannot end it).
fn raw_string(text: &str) -> String {
    let mut hashes = 1;
    while text.contains(&format!("\"{}", "#".repeat(hashes))) {
        hashes += 1;
    }
    let h = "#".repeat(hashes);
    format!("r{h}\"{text}\"{h}")
}

/// Compact RON of any value a save holds.
mod erased {
    pub trait Ser {
        fn ron(&self) -> String;
    }

    impl<T: serde::Serialize> Ser for T {
        fn ron(&self) -> String {
            // Every value of a save serializes (plain data); a failure would be a bug,
            // and is written so that the load refuses the file with RON's message.
            let one_line = ron::ser::PrettyConfig::new()
                .compact_structs(true)
                .compact_arrays(true)
                .compact_maps(true)
                .struct_names(true)
                .new_line(" ")
                .indentor("");
            ron::ser::to_string_pretty(self, one_line)
                .unwrap_or_else(|e| format!("<cannot be written: {e}>"))
        }
    }
}
