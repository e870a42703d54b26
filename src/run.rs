//! `skirmish run`: a battle without a window, driven by a script, with the AI playing
//! the sides it controls when the script has nothing for them; the log printed, and a
//! save written at the end when asked (`--save`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use skirmish_rules::components::SideId;
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{Controller, Level};
use skirmish_rules::record::record;
use skirmish_rules::save::{LevelCopy, ReactionPolicy, Save, SideSettings};
use skirmish_rules::script::{self, Script};
use skirmish_rules::{Battle, Status};

use crate::cli::{OUTPUT_FAILED, PROBLEMS, load, stdout_failed};

/// What `skirmish run` was asked for.
pub struct RunArgs<'a> {
    /// The level file.
    pub level: &'a Path,
    /// `--seed`.
    pub seed: Option<u64>,
    /// `--script`.
    pub script: Option<&'a Path>,
    /// `--json`.
    pub json: bool,
    /// `--grid`.
    pub grid: Option<GridKind>,
    /// `--ai`: `all`, or side names or numbers (from 1) the AI plays besides the
    /// level's own AI sides.
    pub ai: &'a [String],
    /// `--save FILE`.
    pub save: Option<&'a Path>,
    /// `--check`: the soak's invariants after every event (`sim::check_run`).
    pub check: bool,
}

/// Who plays each side: the level's controllers, with the sides `--ai` names handed to
/// the AI; an unknown side is an error.
pub fn controllers(level: &Level, ai: &[String]) -> Result<Vec<Controller>, String> {
    let mut c: Vec<Controller> = level.sides.iter().map(|s| s.controller).collect();
    for a in ai {
        if a.eq_ignore_ascii_case("all") {
            c.iter_mut().for_each(|c| *c = Controller::Ai);
            continue;
        }
        let by_name = level
            .sides
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(a));
        let by_number = a
            .parse::<usize>()
            .ok()
            .filter(|&n| (1..=level.sides.len()).contains(&n))
            .map(|n| n - 1);
        match by_name.or(by_number) {
            Some(i) => c[i] = Controller::Ai,
            None => {
                let names: Vec<String> = level
                    .sides
                    .iter()
                    .map(|s| format!("`{}`", s.name))
                    .collect();
                let mut known: Vec<&str> = level.sides.iter().map(|s| s.name.as_str()).collect();
                known.push("all");
                let hint = skirmish_rules::level::suggest::did_you_mean(a, known);
                return Err(format!(
                    "--ai {a}: the level has no such side{hint} (its sides: {}; or `all`, or a \
                     side's number from 1)",
                    names.join(", ")
                ));
            }
        }
    }
    Ok(c)
}

/// `skirmish run`.
pub fn run(a: &RunArgs) -> ExitCode {
    let level = match load(a.level, a.grid) {
        Ok(l) => l,
        Err(e) => {
            note!("{e}");
            return ExitCode::from(2);
        }
    };
    let controllers = match controllers(&level, a.ai) {
        Ok(c) => c,
        Err(e) => {
            note!("skirmish run: {e}");
            return ExitCode::from(2);
        }
    };
    let script = match a.script.map(Script::load).transpose() {
        Ok(s) => s.unwrap_or_default(),
        Err(e) => {
            note!("{e}");
            return ExitCode::from(2);
        }
    };
    // The save's path is checked before the battle (not the level or the script; its
    // folder made and writable), so a run is never played for nothing.
    if let Some(path) = a.save {
        let inputs: Vec<&Path> = std::iter::once(a.level).chain(a.script).collect();
        if let Err(why) = save_folder(path).and_then(|()| crate::files::check_output(path, &inputs))
        {
            note!("skirmish run: {why}");
            return ExitCode::from(OUTPUT_FAILED);
        }
    }
    // The level's text for the save, read now: the save must hold what was played.
    let level_copy = match a.save {
        Some(_) => match level_copy(a.level, &level) {
            Ok(c) => Some(c),
            Err(e) => {
                note!("{e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let seed = a.seed.or(script.seed).or(level.seed).unwrap_or(0);
    let mut battle = match script::start(&level, seed, &script) {
        Ok(b) => b,
        Err(e @ script::StartError::Dice { .. }) => {
            // Like an illegal command: the script is wrong, not the level.
            let file = a.script.map_or("script".into(), crate::files::shown);
            note!("{file}:{e}");
            return ExitCode::from(1);
        }
        Err(e) => {
            note!("{}: {e}", crate::files::shown(a.level));
            return ExitCode::from(2);
        }
    };
    let is_ai = |s: SideId| controllers.get(s.0 as usize) == Some(&Controller::Ai);
    let result = script::run_with_ai(&mut battle, &script, &is_ai);
    let violations = if a.check {
        skirmish_rules::sim::check_run(&battle)
    } else {
        Vec::new()
    };
    let mut status = if result.is_ok() && violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(PROBLEMS)
    };
    if let (Some(path), Some(copy)) = (a.save, level_copy)
        && let Err(e) = write_save(path, &battle, copy, &controllers)
    {
        note!("skirmish run: cannot write the save: {e}");
        status = ExitCode::from(OUTPUT_FAILED);
    }
    let mut out = std::io::stdout().lock();
    for l in battle.log() {
        let r = record(&battle, l);
        let line = if a.json { r.json() } else { r.text() };
        if let Err(e) = writeln!(out, "{line}") {
            return stdout_failed(e, status);
        }
    }
    for v in &violations {
        note!("invariant violated: {v}");
    }
    if a.check {
        note!(
            "skirmish run --check: {} events checked, {} violation(s)",
            battle.log().len(),
            violations.len()
        );
    }
    match result {
        Err(stop) => {
            if stop.dice.is_some() || stop.at.is_some() {
                // `LINE:COL: dice entry …` or `LINE:COL: command …`: the script's file
                // goes before it.
                let file = a.script.map_or("script".into(), crate::files::shown);
                note!("stopped: {file}:{stop}");
            } else {
                note!("stopped: {stop}");
            }
            status
        }
        Ok(played) => {
            for s in &played.stuck {
                note!("stuck turn: {s}");
            }
            if !a.json
                && let Err(e) = writeln!(out, "{}", summary_line(&battle, "script done"))
            {
                return stdout_failed(e, status);
            }
            status
        }
    }
}

/// The last line of a run or a replay: who won, or whose turn it is, the round and the
/// events (`-- battle over: Red wins (round 4, 218 events)`).
pub fn summary_line(battle: &Battle, done: &str) -> String {
    format!(
        "-- {} (round {}, {} events)",
        match battle.status() {
            Status::Ended(Some(s)) => format!(
                "battle over: {}",
                crate::game::words::side_won(&battle.level().sides[s.0 as usize].name)
            ),
            Status::Ended(None) => "battle over".into(),
            Status::Turn(u) => format!("{done}; {}'s turn", battle.name(u)),
            Status::AwaitingReaction(u) =>
                format!("{done}; waiting for {}'s reaction", battle.name(u)),
        },
        battle.round(),
        battle.log().len()
    )
}

/// The level file's text, checked to be the level that was loaded from it.
fn level_copy(path: &Path, level: &Level) -> Result<LevelCopy, String> {
    let src = skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Level)
        .map_err(|e| format!("{}:{e}", crate::files::shown(path)))?;
    let name = path.display().to_string();
    let copy = LevelCopy::new(&name, &src).map_err(|e| e.to_string())?;
    let again = skirmish_rules::level::parse(&src, &name).map_err(|e| e.to_string())?;
    if again.with_grid(level.grid.kind) != *level {
        return Err(format!(
            "{name}: the file changed while it was being read; run again"
        ));
    }
    Ok(copy)
}

/// Write the save of `battle` to `path` (atomically): each side with its controller,
/// `Auto` reactions for the AI's and `Ask` for a person's.
fn write_save(
    path: &Path,
    battle: &Battle,
    level: LevelCopy,
    controllers: &[Controller],
) -> Result<(), String> {
    let sides = SideSettings::defaults(battle.level())
        .into_iter()
        .zip(controllers)
        .map(|(s, &c)| SideSettings {
            controller: c,
            reactions: match c {
                Controller::Ai => ReactionPolicy::Auto,
                Controller::Human => ReactionPolicy::Ask,
            },
            ..s
        })
        .collect();
    let save = Save::of(battle, level, sides).map_err(|e| e.to_string())?;
    crate::files::write_text(path, &save.to_ron())
}

/// The save's folder, made if missing.
fn save_folder(path: &Path) -> Result<(), String> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", crate::files::shown(dir))),
        _ => Ok(()),
    }
}
