//! Command line: `skirmish [play LEVEL]`, `skirmish check FILE...`, `skirmish run LEVEL`,
//! `skirmish sim LEVEL`, `skirmish soak`, `skirmish check-log LEVEL LOG`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{self, Level};
use skirmish_rules::record::record;
use skirmish_rules::script::{self, Script};
use skirmish_rules::{Battle, Status};

/// Level opened when `skirmish` runs with no arguments.
pub const DEFAULT_LEVEL: &str = "levels/flow-bridge.ron";

#[derive(Parser, Debug)]
#[command(
    name = "skirmish",
    version,
    about = "Turn-based tactics for tabletop-style skirmish combat"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GridArg {
    Square,
    Hex,
}

impl From<GridArg> for GridKind {
    fn from(g: GridArg) -> Self {
        match g {
            GridArg::Square => GridKind::Square,
            GridArg::Hex => GridKind::Hex,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Open the game window: the level menu, or straight into LEVEL.
    Play {
        /// Level file to start at once (without it: the menu of levels/).
        level: Option<PathBuf>,
        /// Play the level on this grid instead of the one it names.
        #[arg(long, value_enum)]
        grid: Option<GridArg>,
        /// Seed of the battle's dice.
        #[arg(long)]
        seed: Option<u64>,
        /// Append every event to FILE as one JSON line (the format of `run --json`).
        #[arg(long, value_name = "FILE")]
        event_log: Option<PathBuf>,
    },
    /// Check level files: every problem with FILE:LINE:COL; exit 1 if any.
    Check {
        /// Level files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Run a battle without a window and print its event log.
    Run {
        /// Level file.
        level: PathBuf,
        /// Seed (wins over the script's and the level's).
        #[arg(long)]
        seed: Option<u64>,
        /// Script of commands, reaction answers and forced dice (docs/scripting.md).
        #[arg(long)]
        script: Option<PathBuf>,
        /// One JSON object per event and line.
        #[arg(long)]
        json: bool,
        /// Play the level on this grid instead of the one it names.
        #[arg(long, value_enum)]
        grid: Option<GridArg>,
    },
    /// Play N AI-vs-AI battles of LEVEL and sum them up: win rates with a 95% interval,
    /// rounds, damage, and how often each rule fired.
    Sim {
        /// Level file (every side is played by the AI).
        level: PathBuf,
        /// Number of battles (at most 1,000,000).
        #[arg(long, default_value_t = 100, value_parser = battle_count)]
        battles: usize,
        /// Seed; battle i gets a seed derived from it (the same seed gives the same table).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: every core; at most 1024).
        #[arg(long, value_parser = job_count)]
        jobs: Option<usize>,
        /// Play the level on this grid instead of the one it names.
        #[arg(long, value_enum)]
        grid: Option<GridArg>,
        /// Also write the summary as JSON to FILE.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
    },
    /// Play many AI-vs-AI battles per ruleset and grid (the shipped levels and random
    /// battlefields) and check the invariants after every event; exit 1 on any violation.
    Soak {
        /// Battles per ruleset and grid (at most 1,000,000).
        #[arg(long, default_value_t = 100, value_parser = battle_count)]
        battles: usize,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: every core; at most 1024).
        #[arg(long, value_parser = job_count)]
        jobs: Option<usize>,
    },
    /// Check a window's `--event-log` file: every battle in it starts as LEVEL does
    /// (its grid and seed from the log), and its moves, damage, healing and downs keep the
    /// invariants (no two living units on a cell, none on a wall or pit, HP equal to the
    /// start less the damage plus the healing); undo and restart lines are followed. Exit
    /// 1 on any violation, 2 on a file that cannot be read.
    CheckLog {
        /// Level file the battles were played on.
        level: PathBuf,
        /// The `--event-log` file (JSON lines).
        log: PathBuf,
        /// Every battle must be on this grid.
        #[arg(long, value_enum)]
        grid: Option<GridArg>,
        /// Every battle must have this seed.
        #[arg(long)]
        seed: Option<u64>,
        /// Another level a battle of the log may be (the menu can start any level).
        #[arg(long = "other-level", value_name = "FILE")]
        other_levels: Vec<PathBuf>,
    },
    /// Fuzz the rules for a while: mutated shipped levels into the level loader, random
    /// dice expressions, random commands on random battles (docs/reliability.md, "Long
    /// fuzz runs"). Each failing input is written to DIR as a ready regression file;
    /// exit 1 on any panic, hang (a case slower than 2 s) or violated property.
    Fuzz {
        /// Start no case after this many minutes (default 1; with --cases, no limit
        /// unless given).
        #[arg(long)]
        minutes: Option<f64>,
        /// Run at most this many cases (round-robin over the three targets).
        #[arg(long)]
        cases: Option<u64>,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Folder for failing inputs.
        #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
        out: PathBuf,
        /// Threads (default: every core; at most 1024).
        #[arg(long, value_parser = job_count)]
        jobs: Option<usize>,
    },
}

/// Entry point.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.cmd {
        None => play(None, None, None, None),
        Some(Cmd::Play {
            level,
            grid,
            seed,
            event_log,
        }) => play(level.as_deref(), grid.map(Into::into), seed, event_log),
        Some(Cmd::Check { files }) => check(&files),
        Some(Cmd::Run {
            level,
            seed,
            script,
            json,
            grid,
        }) => run(&level, seed, script.as_deref(), json, grid.map(Into::into)),
        Some(Cmd::Sim {
            level,
            battles,
            seed,
            jobs,
            grid,
            json,
        }) => match load(&level, grid.map(Into::into)) {
            Ok(l) => crate::batch::sim(l, battles, seed, crate::batch::jobs(jobs), json.as_deref()),
            Err(e) => {
                note!("{e}");
                ExitCode::from(2)
            }
        },
        Some(Cmd::Soak {
            battles,
            seed,
            jobs,
        }) => crate::batch::soak(battles, seed, crate::batch::jobs(jobs), &levels_dir()),
        Some(Cmd::CheckLog {
            level,
            log,
            grid,
            seed,
            other_levels,
        }) => check_log(&level, &log, grid.map(Into::into), seed, &other_levels),
        Some(Cmd::Fuzz {
            minutes,
            cases,
            seed,
            out,
            jobs,
        }) => fuzz(minutes, cases, seed, out, jobs),
    }
}

/// `skirmish fuzz`: see [`Cmd::Fuzz`].
fn fuzz(
    minutes: Option<f64>,
    cases: Option<u64>,
    seed: u64,
    out: PathBuf,
    jobs: Option<usize>,
) -> ExitCode {
    if minutes.is_some_and(|m| !(m.is_finite() && m >= 0.0)) {
        note!("skirmish fuzz: --minutes must be a number of minutes, 0 or more");
        return ExitCode::from(2);
    }
    let dir = levels_dir();
    let levels = match crate::fuzz::read_levels(&dir) {
        Ok(l) if !l.is_empty() => l,
        Ok(_) => {
            note!("skirmish fuzz: no .ron levels in {}", dir.display());
            return ExitCode::from(2);
        }
        Err(e) => {
            note!("skirmish fuzz: cannot read {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let report = crate::fuzz::run(&crate::fuzz::Options {
        minutes: minutes.or(if cases.is_some() { None } else { Some(1.0) }),
        cases,
        seed,
        out: out.clone(),
        jobs: crate::batch::jobs(jobs),
        levels,
    });
    let _ = writeln!(std::io::stdout(), "{}", report.summary());
    if report.failed() {
        note!(
            "skirmish fuzz: {} file(s) in {}",
            report.written.len(),
            out.display()
        );
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// A count from 1 to `max` (`--battles`, `--jobs`); `what` says what the limit is.
fn count(s: &str, max: usize, what: &str) -> Result<usize, String> {
    use std::num::IntErrorKind;
    match s.trim().parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) if n <= max => Ok(n),
        Err(e) if *e.kind() != IntErrorKind::PosOverflow => Err(e.to_string()),
        _ => Err(format!("must be at most {max} {what}")),
    }
}

/// `--battles`: 1 to [`crate::batch::MAX_BATTLES`].
fn battle_count(s: &str) -> Result<usize, String> {
    count(
        s,
        crate::batch::MAX_BATTLES,
        "(battles in one run; for more, run again with another --seed)",
    )
}

/// `--jobs`: 1 to [`crate::batch::MAX_JOBS`].
fn job_count(s: &str) -> Result<usize, String> {
    count(s, crate::batch::MAX_JOBS, "(threads)")
}

/// A write to stdout failed. A reader that went away (`skirmish check … | head`) ends
/// the command quietly with the status it had so far; anything else is said (exit 1).
pub fn stdout_failed(e: std::io::Error, status: ExitCode) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        status
    } else {
        note!("skirmish: cannot write the output: {e}");
        ExitCode::from(1)
    }
}

fn load(path: &Path, grid: Option<GridKind>) -> Result<Level, String> {
    let l = level::load(path).map_err(|e| e.to_string())?;
    Ok(match grid {
        Some(g) => l.with_grid(g),
        None => l,
    })
}

fn check(files: &[PathBuf]) -> ExitCode {
    let mut bad = 0;
    let status = |bad: usize| {
        if bad == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    };
    let mut out = std::io::stdout().lock();
    for f in files {
        match level::load(f) {
            Ok(l) => {
                if let Err(e) = writeln!(
                    out,
                    "{}: ok — \"{}\", {} on a {}×{} {} grid, {} units",
                    f.display(),
                    l.name,
                    l.ruleset,
                    l.grid.width,
                    l.grid.height,
                    l.grid.kind,
                    l.units.len()
                ) {
                    return stdout_failed(e, status(bad));
                }
            }
            Err(e) => {
                bad += 1;
                note!("{e}");
            }
        }
    }
    if bad > 0 {
        note!("{bad} of {} file(s) have problems", files.len());
    }
    status(bad)
}

fn run(
    level_path: &Path,
    seed: Option<u64>,
    script_path: Option<&Path>,
    json: bool,
    grid: Option<GridKind>,
) -> ExitCode {
    let level = match load(level_path, grid) {
        Ok(l) => l,
        Err(e) => {
            note!("{e}");
            return ExitCode::from(2);
        }
    };
    let script = match script_path.map(Script::load).transpose() {
        Ok(s) => s.unwrap_or_default(),
        Err(e) => {
            note!("{e}");
            return ExitCode::from(2);
        }
    };
    let seed = seed.or(script.seed).or(level.seed).unwrap_or(0);
    let mut battle = match script::start(&level, seed, &script) {
        Ok(b) => b,
        Err(e @ script::StartError::Dice { .. }) => {
            // Like an illegal command: the script is wrong, not the level.
            let file = script_path.map_or("script".into(), |p| p.display().to_string());
            note!("{file}:{e}");
            return ExitCode::from(1);
        }
        Err(e) => {
            note!("{}: {e}", level_path.display());
            return ExitCode::from(2);
        }
    };
    let result = script::run(&mut battle, &script);
    let status = if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let mut out = std::io::stdout().lock();
    for l in battle.log() {
        let r = record(&battle, l);
        let line = if json { r.json() } else { r.text() };
        if let Err(e) = writeln!(out, "{line}") {
            return stdout_failed(e, status);
        }
    }
    match result {
        Err(stop) => {
            note!("stopped: {stop}");
            status
        }
        Ok(()) => {
            if !json
                && let Err(e) = writeln!(
                    out,
                    "-- {} (round {}, {} events)",
                    match battle.status() {
                        Status::Ended(Some(s)) => format!(
                            "battle over: {} wins",
                            battle.level().sides[s.0 as usize].name
                        ),
                        Status::Ended(None) => "battle over".into(),
                        Status::Turn(u) => format!("script done; {}'s turn", battle.name(u)),
                        Status::AwaitingReaction(u) =>
                            format!("script done; waiting for {}'s reaction", battle.name(u)),
                    },
                    battle.round(),
                    battle.log().len()
                )
            {
                return stdout_failed(e, status);
            }
            status
        }
    }
}

/// Where the shipped levels are: ./levels, next to the binary, or the source tree's.
pub fn levels_dir() -> PathBuf {
    let mut c = vec![PathBuf::from("levels")];
    if let Ok(exe) = std::env::current_exe()
        && let Some(d) = exe.parent()
    {
        c.push(d.join("levels"));
    }
    c.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("levels"));
    c.into_iter()
        .find(|p| p.is_dir())
        .unwrap_or_else(|| PathBuf::from("levels"))
}

fn play(
    path: Option<&Path>,
    grid: Option<GridKind>,
    seed: Option<u64>,
    event_log: Option<PathBuf>,
) -> ExitCode {
    let mut launch = crate::game::Launch {
        grid,
        seed,
        event_log,
        ..Default::default()
    };
    // The level asked for on the command line must load and be playable, or we say why
    // and do not open a window.
    if let Some(path) = path {
        let level = match load(path, None) {
            Ok(l) => l,
            Err(e) => {
                note!("{e}");
                return ExitCode::from(2);
            }
        };
        if let Err(e) = Battle::new(level.clone(), 0, Vec::new()) {
            note!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
        launch.levels.push((path.to_path_buf(), level));
        launch.start = Some(0);
    }
    let dir = levels_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    for f in files {
        if path.is_some_and(|p| p.canonicalize().ok() == f.canonicalize().ok()) {
            continue;
        }
        match level::load(&f) {
            Ok(l) => launch.levels.push((f, l)),
            Err(e) => launch.broken.push(e.to_string()),
        }
    }
    // The default level first in the menu.
    if launch.start.is_none()
        && let Some(i) = launch
            .levels
            .iter()
            .position(|(p, _)| p.ends_with(DEFAULT_LEVEL.trim_start_matches("levels/")))
    {
        let d = launch.levels.remove(i);
        launch.levels.insert(0, d);
    }
    crate::game::run_window(launch)
}

/// One battle of an event log being followed: where every unit stands, its HP, whether
/// it is up; the events taken so far (for undo).
struct LogShadow {
    names: std::collections::HashMap<String, usize>,
    pos: Vec<skirmish_rules::grid::Cell>,
    hp: Vec<i64>,
    up: Vec<bool>,
    ended: bool,
    round: u64,
    /// Events since the setup: (kind, unit, from) for undo.
    taken: Vec<(String, Option<usize>, Option<skirmish_rules::grid::Cell>)>,
}

/// `skirmish check-log LEVEL LOG`: see [`Cmd::CheckLog`].
fn check_log(
    level_path: &Path,
    log_path: &Path,
    grid: Option<GridKind>,
    seed: Option<u64>,
    others: &[PathBuf],
) -> ExitCode {
    use serde_json::Value;
    let mut levels = Vec::new();
    for p in std::iter::once(level_path).chain(others.iter().map(PathBuf::as_path)) {
        match load(p, None) {
            Ok(l) => levels.push((p.display().to_string(), l)),
            Err(e) => {
                note!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    let text = match std::fs::read_to_string(log_path) {
        Ok(t) => t,
        Err(e) => {
            note!("skirmish: cannot read {}: {e}", log_path.display());
            return ExitCode::from(2);
        }
    };
    let file = log_path.display().to_string();
    let mut problems: Vec<String> = Vec::new();
    // Split into battles: each starts at a battle_started line.
    let mut battles: Vec<Vec<(usize, &str, Value)>> = Vec::new();
    let total = text.lines().count();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = match serde_json::from_str(raw) {
            Ok(v) => v,
            // A session killed mid-write may leave its last line cut short.
            Err(_) if n == total && !text.ends_with('\n') => break,
            Err(e) => {
                problems.push(format!("{file}:{n}: not a JSON record: {e}"));
                continue;
            }
        };
        match v["kind"].as_str() {
            Some("battle_started") => battles.push(vec![(n, raw, v)]),
            Some(_) => match battles.last_mut() {
                Some(b) => b.push((n, raw, v)),
                None if v["kind"] == "undo" || v["kind"] == "handover" => {}
                None => problems.push(format!("{file}:{n}: an event before battle_started")),
            },
            None => problems.push(format!("{file}:{n}: a record without a kind")),
        }
    }
    if battles.is_empty() && problems.is_empty() {
        problems.push(format!("{file}: no battle_started line"));
    }
    let mut events = 0usize;
    let mut undos = 0usize;
    for lines in &battles {
        let at = |n: usize, what: String| format!("{file}:{n}: {what}");
        let (n0, _, first) = &lines[0];
        // "ruleset flow, hex grid, seed 11"
        let detail = first["detail"].as_str().unwrap_or_default();
        let word = |suffix: &str| {
            detail
                .split(", ")
                .find_map(|p| p.strip_suffix(suffix).or_else(|| p.strip_prefix(suffix)))
                .map(str::trim)
        };
        let g = match word(" grid") {
            Some("square") => GridKind::Square,
            Some("hex") => GridKind::Hex,
            _ => {
                problems.push(at(*n0, format!("no grid in \"{detail}\"")));
                continue;
            }
        };
        let Some(s) = word("seed ").and_then(|s| s.parse::<u64>().ok()) else {
            problems.push(at(*n0, format!("no seed in \"{detail}\"")));
            continue;
        };
        if grid.is_some_and(|want| want != g) {
            problems.push(at(
                *n0,
                format!("a battle on the {g} grid, not the one asked"),
            ));
        }
        if seed.is_some_and(|want| want != s) {
            problems.push(at(
                *n0,
                format!("a battle with seed {s}, not the one asked"),
            ));
        }
        let evs: Vec<&(usize, &str, Value)> = lines
            .iter()
            .filter(|(_, _, v)| v["kind"] != "undo" && v["kind"] != "handover")
            .collect();
        // The setup must be the level's, line for line.
        let mut first_diff = None;
        let mut setup = None;
        for (name, l) in &levels {
            let b = match Battle::new(l.clone().with_grid(g), s, Vec::new()) {
                Ok(b) => b,
                Err(e) => {
                    first_diff.get_or_insert(format!("{name} does not start: {e}"));
                    continue;
                }
            };
            let diff = b.log().iter().enumerate().find_map(|(i, l)| {
                let want = record(&b, l).json();
                match evs.get(i) {
                    Some((_, raw, _)) if *raw == want => None,
                    Some((n, raw, _)) => Some(format!(
                        "line {n} is not {name}'s setup: expected {want}, found {raw}"
                    )),
                    None => Some(format!("the log ends inside {name}'s setup")),
                }
            });
            match diff {
                None => {
                    setup = Some(b);
                    break;
                }
                Some(d) => {
                    first_diff.get_or_insert(d);
                }
            }
        }
        let Some(b) = setup else {
            problems.push(at(
                *n0,
                format!(
                    "a battle of no given level (grid {g}, seed {s}): {}",
                    first_diff.unwrap_or_default()
                ),
            ));
            continue;
        };
        let units: Vec<_> = b.units().collect();
        let mut sh = LogShadow {
            names: units
                .iter()
                .enumerate()
                .map(|(i, &u)| (b.name(u).to_string(), i))
                .collect(),
            pos: units.iter().map(|&u| b.pos(u)).collect(),
            hp: units.iter().map(|&u| i64::from(b.hp(u))).collect(),
            up: units.iter().map(|&u| b.alive(u)).collect(),
            ended: false,
            round: 0,
            taken: Vec::new(),
        };
        let setup_len = b.log().len();
        let mut seen = 0usize;
        for (n, _, v) in lines {
            let n = *n;
            let kind = v["kind"].as_str().unwrap_or_default();
            if kind == "handover" {
                continue;
            }
            if kind == "undo" {
                let d = v["detail"].as_str().unwrap_or_default();
                if d == "restarted" {
                    continue;
                }
                undos += 1;
                let Some(k) = d
                    .strip_suffix(" events undone")
                    .and_then(|k| k.parse::<usize>().ok())
                else {
                    problems.push(at(n, format!("an undo line that says \"{d}\"")));
                    continue;
                };
                if k > sh.taken.len() {
                    problems.push(at(
                        n,
                        format!("{k} events undone, but only {} were played", sh.taken.len()),
                    ));
                    continue;
                }
                for _ in 0..k {
                    let Some((kind, u, from)) = sh.taken.pop() else {
                        break;
                    };
                    match (kind.as_str(), u, from) {
                        ("moved", Some(u), Some(f)) => sh.pos[u] = f,
                        ("ap_spent" | "movement_gained" | "moved", _, _) => {}
                        _ => problems.push(at(
                            n,
                            format!("undo takes back a {kind} event (only movement can be undone)"),
                        )),
                    }
                }
                continue;
            }
            seen += 1;
            events += 1;
            if seen <= setup_len {
                continue;
            }
            let unit = |field: &str| -> Result<Option<usize>, String> {
                match v[field].as_str() {
                    None => Ok(None),
                    Some(name) => sh
                        .names
                        .get(name)
                        .copied()
                        .map(Some)
                        .ok_or_else(|| format!("no unit named {name:?}")),
                }
            };
            let cell = |field: &str| {
                serde_json::from_value::<skirmish_rules::grid::Cell>(v[field].clone()).ok()
            };
            if sh.ended {
                problems.push(at(n, format!("a {kind} event after battle_ended")));
            }
            let round = v["round"].as_u64().unwrap_or(0);
            if round < sh.round {
                problems.push(at(n, format!("round {round} after round {}", sh.round)));
            }
            sh.round = round;
            let mut undo_entry = (kind.to_string(), None, None);
            let r: Result<(), String> = (|| {
                match kind {
                    "moved" | "displaced" => {
                        let u = unit(if kind == "moved" { "actor" } else { "target" })?
                            .ok_or("no unit")?;
                        let (Some(from), Some(to)) = (cell("from"), cell("to")) else {
                            return Err("no from or to cell".into());
                        };
                        if from != sh.pos[u] {
                            return Err(format!(
                                "{} goes from {from} but stands at {}",
                                v[if kind == "moved" { "actor" } else { "target" }],
                                sh.pos[u]
                            ));
                        }
                        undo_entry = (kind.to_string(), Some(u), Some(from));
                        sh.pos[u] = to;
                    }
                    "damage" | "healed" => {
                        let u = unit("target")?.ok_or("no target")?;
                        let amount = if kind == "damage" {
                            -v["damage"].as_i64().ok_or("no damage")?
                        } else {
                            v["detail"]
                                .as_str()
                                .and_then(|d| {
                                    d.strip_prefix('+')?
                                        .strip_suffix(" HP")?
                                        .parse::<i64>()
                                        .ok()
                                })
                                .ok_or("no amount healed")?
                        };
                        sh.hp[u] += amount;
                        let after = v["hp_after"].as_i64().ok_or("no hp_after")?;
                        if after != sh.hp[u] {
                            return Err(format!(
                                "{} has {after} HP after this; its start less the damage plus the healing is {}",
                                v["target"], sh.hp[u]
                            ));
                        }
                    }
                    "down" => sh.up[unit("target")?.ok_or("no target")?] = false,
                    "revived" => sh.up[unit("target")?.ok_or("no target")?] = true,
                    "turn_started" | "turn_ended" | "round_started" | "round_ended"
                    | "battle_ended" => {
                        if kind == "turn_started"
                            && let Some(u) = unit("actor")?
                            && !sh.up[u]
                        {
                            return Err(format!("{} starts a turn while down", v["actor"]));
                        }
                        sh.ended |= kind == "battle_ended";
                        let mut cells = std::collections::BTreeMap::new();
                        for (i, &u) in units.iter().enumerate().filter(|&(i, _)| sh.up[i]) {
                            let c = sh.pos[i];
                            if let Some(o) = cells.insert(c, i) {
                                return Err(format!(
                                    "{} and {} share {c}",
                                    b.name(units[o]),
                                    b.name(u)
                                ));
                            }
                            let t = b.terrain(c);
                            if t.cost().is_none() {
                                return Err(format!("{} stands on {} at {c}", b.name(u), t.name()));
                            }
                        }
                    }
                    _ => {}
                }
                Ok(())
            })();
            if let Err(e) = r {
                problems.push(at(n, format!("{kind}: {e}")));
            }
            sh.taken.push(undo_entry);
        }
    }
    if problems.is_empty() {
        let mut out = std::io::stdout().lock();
        if let Err(e) = writeln!(
            out,
            "{file}: ok — {} battle(s), {events} events, {undos} undo(s)",
            battles.len()
        ) {
            return stdout_failed(e, ExitCode::SUCCESS);
        }
        ExitCode::SUCCESS
    } else {
        let shown = problems.len().min(50);
        for p in &problems[..shown] {
            note!("{p}");
        }
        if problems.len() > shown {
            note!("… and {} more", problems.len() - shown);
        }
        note!("{file}: {} violation(s)", problems.len());
        ExitCode::from(1)
    }
}
