//! Command line: `skirmish [play LEVEL]`, `skirmish edit [LEVEL]` (the level editor),
//! `skirmish check FILE...`, `skirmish run LEVEL`, `skirmish replay SAVE`, `skirmish
//! forecast SAVE`, `skirmish sim LEVEL`, `skirmish soak`, `skirmish check-log LEVEL LOG`,
//! `skirmish fuzz`. The commands' code is in
//! their own files (`run.rs`, `saves.rs`, `batch.rs`, `check_log.rs`, `fuzz.rs`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{self, Level};

/// Level opened when `skirmish` runs with no arguments ([`crate::folders::DEFAULT_LEVEL`]).
pub const DEFAULT_LEVEL: &str = crate::folders::DEFAULT_LEVEL;

#[derive(Parser, Debug)]
#[command(
    name = "skirmish",
    version,
    about = "Turn-based tactics for tabletop-style skirmish combat"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    /// The data folder (saves go in its `saves/`); default: `SKIRMISH_DATA_DIR`, else
    /// the platform's data folder (README, "Files").
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
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
        /// Level file to start at once, or a shipped level's name (`flow-bridge`); without
        /// it: the menu of levels/.
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
        /// Open a save (docs/saves.md) instead of a level: the battle where it was saved.
        #[arg(long, value_name = "SAVE", conflicts_with_all = ["level", "grid", "seed"])]
        load: Option<PathBuf>,
    },
    /// Open the level editor in the window: on LEVEL (a new level saved there when the
    /// file does not exist yet), or on a new level.
    Edit {
        /// Level file to edit.
        level: Option<PathBuf>,
    },
    /// Check level files: every problem with FILE:LINE:COL; exit 1 if any.
    Check {
        /// Level files (or shipped levels' names).
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
        /// Hand a side to the AI too (its name or number from 1), or `all`; may be given
        /// more than once. The AI plays these and the level's AI sides whenever the
        /// script has nothing for them.
        #[arg(long, value_name = "all|SIDE")]
        ai: Vec<String>,
        /// Write a save of the battle to FILE at the end (docs/saves.md).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// Check the soak's invariants after every event (exit 1 on a violation, each
        /// one line on stderr).
        #[arg(long)]
        check: bool,
    },
    /// Replay a save without a window and print its event log; with --verify, only check
    /// that it replays to the log it saved (exit 1 when not, 2 on a file that cannot be
    /// read).
    Replay {
        /// The save file (a bare name is also looked for in the saves folder).
        save: PathBuf,
        /// One JSON object per event and line.
        #[arg(long)]
        json: bool,
        /// Only check the save's event log hash.
        #[arg(long, conflicts_with = "json")]
        verify: bool,
        /// The save's branch N (1, 2, …: the lines a rewind kept; `--verify` lists them)
        /// instead of its own line.
        #[arg(long, value_name = "N")]
        branch: Option<usize>,
    },
    /// Play the rest of a saved battle out many times with the AI on every side and fresh
    /// dice: each side's chance to win with its 95% interval, the rounds left, and who is
    /// most likely to fall.
    Forecast {
        /// The save file (a bare name is also looked for in the saves folder).
        save: PathBuf,
        /// From the position after command N of the save (default: the end).
        #[arg(long, value_name = "N")]
        at: Option<usize>,
        /// Play-outs (at most 1,000,000).
        #[arg(long, default_value_t = 1000, value_parser = battle_count)]
        battles: usize,
        /// Seed; play-out i gets dice seeded from it and i (the same seed gives the same
        /// forecast on any number of threads).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads (default: every core; at most 1024).
        #[arg(long, value_parser = job_count)]
        jobs: Option<usize>,
        /// Units listed as most likely to fall.
        #[arg(long, default_value_t = 5)]
        units: usize,
        /// Print the forecast as JSON.
        #[arg(long)]
        json: bool,
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
    /// Print every archetype, weapon, armour, feat, spell, ability, condition and terrain
    /// a level of RULESET may name, with its numbers and text (all rulesets without one).
    Catalogue {
        /// The ruleset (flow, tactical-d20, escalation, melee-zone, counters).
        ruleset: Option<String>,
        /// Markdown tables (what docs/catalogue/RULESET.md holds).
        #[arg(long)]
        markdown: bool,
    },
    /// Fuzz the rules for a while: mutated shipped levels into the level loader, random
    /// dice expressions, random commands on random battles (docs/reliability.md, "Long
    /// fuzz runs"). Each failing input is written to DIR as a ready regression file;
    /// exit 1 on any panic, hang (a case slower than 2 s) or violated property.
    Fuzz {
        /// Start no case after this many minutes (default 1; with --cases, no limit
        /// unless given; at most 1,000,000, about two years).
        #[arg(long, value_parser = minutes_arg)]
        minutes: Option<f64>,
        /// Run at most this many cases (round-robin over the three targets; 1 to
        /// 1,000,000,000,000).
        #[arg(long, value_parser = case_count)]
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
            if e.use_stderr() {
                let _ = e.print();
                return ExitCode::from(BAD_INPUT);
            }
            // `--help` and `--version`: the text is the output, so it must get there.
            if let Err(why) = stdout_open() {
                note!("skirmish: {why}");
                return ExitCode::from(OUTPUT_FAILED);
            }
            return match e.print().and_then(|()| std::io::stdout().lock().flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => stdout_failed(e, ExitCode::SUCCESS),
            };
        }
    };
    let data_dir = cli.data_dir.as_deref();
    // Every command but the window prints its result: with no stdout it would be lost.
    if cli
        .cmd
        .as_ref()
        .is_some_and(|c| !matches!(c, Cmd::Play { .. } | Cmd::Edit { .. }))
        && let Err(why) = stdout_open()
    {
        note!("skirmish: {why}");
        return ExitCode::from(OUTPUT_FAILED);
    }
    let by_name = crate::folders::level_by_name;
    match cli.cmd {
        None => play(None, None, None, None, None, data_dir),
        Some(Cmd::Play {
            level,
            grid,
            seed,
            event_log,
            load,
        }) => play(
            level.map(|l| by_name(&l)).as_deref(),
            grid.map(Into::into),
            seed,
            event_log,
            load.as_deref(),
            data_dir,
        ),
        Some(Cmd::Edit { level }) => edit(level, data_dir),
        Some(Cmd::Check { files }) => check(&files.iter().map(|f| by_name(f)).collect::<Vec<_>>()),
        Some(Cmd::Run {
            level,
            seed,
            script,
            json,
            grid,
            ai,
            save,
            check,
        }) => crate::run::run(&crate::run::RunArgs {
            level: &by_name(&level),
            seed,
            script: script.as_deref(),
            json,
            grid: grid.map(Into::into),
            ai: &ai,
            save: save.as_deref(),
            check,
        }),
        Some(Cmd::Replay {
            save,
            json,
            verify,
            branch,
        }) => crate::saves::replay(&crate::saves::find(&save, data_dir), json, verify, branch),
        Some(Cmd::Forecast {
            save,
            at,
            battles,
            seed,
            jobs,
            units,
            json,
        }) => crate::saves::forecast(&crate::saves::ForecastArgs {
            save: &crate::saves::find(&save, data_dir),
            at,
            battles,
            seed,
            jobs: crate::batch::jobs(jobs),
            json,
            units,
        }),
        Some(Cmd::Sim {
            level,
            battles,
            seed,
            jobs,
            grid,
            json,
        }) => match load(&by_name(&level), grid.map(Into::into)) {
            Ok(l) => crate::batch::sim(
                l,
                battles,
                seed,
                crate::batch::jobs(jobs),
                json.as_deref(),
                &[level.as_path()],
            ),
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
        }) => crate::check_log::check_log(&level, &log, grid.map(Into::into), seed, &other_levels),
        Some(Cmd::Catalogue { ruleset, markdown }) => catalogue(ruleset.as_deref(), markdown),
        Some(Cmd::Fuzz {
            minutes,
            cases,
            seed,
            out,
            jobs,
        }) => fuzz(minutes, cases, seed, out, jobs),
    }
}

/// `skirmish catalogue`: see [`Cmd::Catalogue`]. An unknown ruleset is exit 2, with the
/// known ones and the closest.
fn catalogue(ruleset: Option<&str>, markdown: bool) -> ExitCode {
    use skirmish_rules::vocab::RulesetId;
    let rulesets: Vec<RulesetId> = match ruleset {
        None => RulesetId::ALL.to_vec(),
        Some(s) => match RulesetId::parse(s) {
            Some(r) => vec![r],
            None => {
                let known = RulesetId::ALL.map(RulesetId::id);
                note!(
                    "skirmish catalogue: unknown ruleset `{}`{} (known: {})",
                    skirmish_rules::shown::name(s),
                    skirmish_rules::level::suggest::did_you_mean(s, known),
                    known.join(", ")
                );
                return ExitCode::from(BAD_INPUT);
            }
        },
    };
    let text: Vec<String> = rulesets
        .into_iter()
        .map(|r| crate::catalogue::render(r, markdown))
        .collect();
    match write!(std::io::stdout().lock(), "{}", text.join("\n")) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => stdout_failed(e, ExitCode::SUCCESS),
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
            note!(
                "skirmish fuzz: no .ron levels in {}",
                crate::files::shown(&dir)
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            note!(
                "skirmish fuzz: cannot read {}: {e}",
                crate::files::shown(&dir)
            );
            return ExitCode::from(2);
        }
    };
    // Failing inputs go to `out`: checked before the first case (made if missing, not the
    // levels folder, takes a new file), so a failure found late is never lost.
    if let Err(why) = crate::files::check_folder(&out, &[dir.as_path()]) {
        note!("skirmish fuzz: {why}");
        return ExitCode::from(OUTPUT_FAILED);
    }
    let report = crate::fuzz::run(&crate::fuzz::Options {
        minutes: minutes.or(if cases.is_some() { None } else { Some(1.0) }),
        cases,
        seed,
        out: out.clone(),
        jobs: crate::batch::jobs(jobs),
        levels,
    });
    note!("{}", report.commands_line());
    for l in report.made_lines() {
        note!("{l}");
    }
    if let Some(l) = report.slow_line() {
        note!("{l}");
    }
    let status = if report.unwritten > 0 {
        note!(
            "skirmish fuzz: {} failing input(s) could not be written to {}",
            report.unwritten,
            crate::files::shown(&out)
        );
        ExitCode::from(OUTPUT_FAILED)
    } else if report.failed() {
        note!(
            "skirmish fuzz: {} file(s) in {}",
            report.written.len(),
            crate::files::shown(&out)
        );
        ExitCode::from(PROBLEMS)
    } else {
        ExitCode::SUCCESS
    };
    match writeln!(std::io::stdout(), "{}", report.summary()) {
        Ok(()) => status,
        Err(e) => stdout_failed(e, status),
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

/// `--minutes`: a number of minutes from 0 to 1,000,000 (beyond, a clock's deadline
/// overflows: `1e18` once panicked).
fn minutes_arg(s: &str) -> Result<f64, String> {
    let m: f64 = s
        .trim()
        .parse()
        .map_err(|_| "must be a number of minutes, such as 30 or 0.5".to_string())?;
    if !m.is_finite() || m < 0.0 {
        return Err("must be a number of minutes, 0 or more".into());
    }
    if m > MAX_MINUTES {
        return Err(format!(
            "must be at most {MAX_MINUTES} (minutes in one run, about two years)"
        ));
    }
    Ok(m)
}

/// The longest `--minutes` a fuzz run takes.
const MAX_MINUTES: f64 = 1_000_000.0;

/// `--cases`: 1 to 10^12 (about 30 years of fuzzing at a thousand cases a second).
fn case_count(s: &str) -> Result<u64, String> {
    count(s, 1_000_000_000_000, "(cases in one run)").map(|n| n as u64)
}

/// `--jobs`: 1 to [`crate::batch::MAX_JOBS`].
fn job_count(s: &str) -> Result<usize, String> {
    count(s, crate::batch::MAX_JOBS, "(threads)")
}

/// Exit status: problems found (an illegal script command, a violated invariant, a
/// level with problems, a failed fuzz case).
pub const PROBLEMS: u8 = 1;
/// Exit status: bad usage or input (an unknown option, a count out of range, a file
/// that cannot be read or is not valid).
pub const BAD_INPUT: u8 = 2;
/// Exit status: the output could not be written (stdout closed or full, `--json`,
/// `--save`, `--out`, `--event-log`).
pub const OUTPUT_FAILED: u8 = 3;

/// A write to stdout failed. A reader that went away (`skirmish check … | head`) ends
/// the command quietly with the status it had so far; anything else (a full disk) is
/// said, exit 3.
pub fn stdout_failed(e: std::io::Error, status: ExitCode) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        status
    } else {
        note!("skirmish: cannot write the output: {e}");
        ExitCode::from(OUTPUT_FAILED)
    }
}

/// Is there a stdout to print to? A program started with its stdout closed (`>&-`) is
/// given `/dev/null`, opened read-write, by Rust's runtime before `main`, and every line
/// would vanish with no error; that is told apart from a user's own `> /dev/null`
/// (opened write-only) on Linux, through `/proc/self/fdinfo/1`. Elsewhere: always yes.
pub fn stdout_open() -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        let null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p == Path::new("/dev/null"));
        let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("flags:"))
                .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
                .is_some_and(|flags| flags & 0o3 == 0o2)
        });
        if null && read_write {
            return Err(
                "standard output is closed; nothing could be printed (give it a \
                        file or `> /dev/null`)"
                    .into(),
            );
        }
    }
    Ok(())
}

pub(crate) fn load(path: &Path, grid: Option<GridKind>) -> Result<Level, String> {
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
                    crate::files::shown(f),
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
        note!("{}", problems_line(bad, files.len()));
    }
    status(bad)
}

/// "1 of 1 file has problems", "2 of 3 files have problems".
pub fn problems_line(bad: usize, of: usize) -> String {
    if bad == 1 {
        format!(
            "1 of {of} file{} has problems",
            if of == 1 { "" } else { "s" }
        )
    } else {
        format!("{bad} of {of} files have problems")
    }
}

/// Where the shipped levels are: [`crate::folders::levels_dir`].
pub fn levels_dir() -> PathBuf {
    crate::folders::levels_dir()
}

/// `skirmish edit [LEVEL]`: the window opens on the editor (a file that does not load is
/// said on stderr, exit 2).
fn edit(level: Option<PathBuf>, data_dir: Option<&Path>) -> ExitCode {
    let mut launch = crate::game::Launch {
        saves: crate::folders::saves_dir(data_dir),
        ..Default::default()
    };
    let user = data_dir
        .map(|d| d.join("levels"))
        .or_else(crate::game::level_list::user_levels_dir);
    crate::game::level_list::menu_launch(&mut launch, None, levels_dir(), user);
    let new = level.as_ref().is_some_and(|p| !p.exists());
    if let Some(p) = level.as_ref().filter(|_| !new)
        && let Err(e) = crate::editor::EditorLevel::load(p)
    {
        note!("skirmish: {e}");
        return ExitCode::from(2);
    }
    launch.edit = Some(level);
    crate::game::run_window(launch)
}

fn play(
    path: Option<&Path>,
    grid: Option<GridKind>,
    seed: Option<u64>,
    event_log: Option<PathBuf>,
    save: Option<&Path>,
    data_dir: Option<&Path>,
) -> ExitCode {
    let mut launch = crate::game::Launch {
        grid,
        seed,
        event_log,
        saves: crate::folders::saves_dir(data_dir),
        ..Default::default()
    };
    // The event log: not a level the window reads (it would be appended to), not a
    // folder, FIFO (opening it would block) or socket; a device is written as asked.
    if let Some(log) = &launch.event_log {
        let dir = levels_dir();
        let mut inputs: Vec<&Path> = path.into_iter().chain(save).collect();
        let menu: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        inputs.extend(menu.iter().map(PathBuf::as_path));
        if let Err(why) = crate::files::check_log_output(log, &inputs) {
            note!("skirmish: {why}");
            return ExitCode::from(OUTPUT_FAILED);
        }
    }
    // A save must load (replay to its log) before a window opens.
    if let Some(file) = save {
        match crate::saves::open(&crate::saves::find(file, data_dir)) {
            Ok(loaded) => launch.load = Some(loaded.save),
            Err(code) => return code,
        }
    }
    let user = data_dir
        .map(|d| d.join("levels"))
        .or_else(crate::game::level_list::user_levels_dir);
    let mut bad = false;
    if let Some(p) = crate::game::level_list::menu_launch(&mut launch, path, levels_dir(), user) {
        // The level asked for does not load or cannot be played: said on stderr (exit 2),
        // and shown in the menu when a window can open.
        note!("{p}");
        if !crate::game::display_available() {
            return ExitCode::from(2);
        }
        bad = true;
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
    let code = crate::game::run_window(launch);
    if bad { ExitCode::from(2) } else { code }
}
