//! Command line: `skirmish [play LEVEL]`, `skirmish check FILE...`, `skirmish run LEVEL`.

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
    /// Open the game window on a level.
    Play {
        /// Level file (default: levels/flow-bridge.ron).
        level: Option<PathBuf>,
        /// Play the level on this grid instead of the one it names.
        #[arg(long, value_enum)]
        grid: Option<GridArg>,
        /// Seed of the battle's dice.
        #[arg(long)]
        seed: Option<u64>,
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
        None => play(Path::new(DEFAULT_LEVEL), None, None),
        Some(Cmd::Play { level, grid, seed }) => play(
            level.as_deref().unwrap_or(Path::new(DEFAULT_LEVEL)),
            grid.map(Into::into),
            seed,
        ),
        Some(Cmd::Check { files }) => check(&files),
        Some(Cmd::Run {
            level,
            seed,
            script,
            json,
            grid,
        }) => run(&level, seed, script.as_deref(), json, grid.map(Into::into)),
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
    for f in files {
        match level::load(f) {
            Ok(l) => println!(
                "{}: ok — \"{}\", {} on a {}×{} {} grid, {} units",
                f.display(),
                l.name,
                l.ruleset,
                l.grid.width,
                l.grid.height,
                l.grid.kind,
                l.units.len()
            ),
            Err(e) => {
                bad += 1;
                eprintln!("{e}");
            }
        }
    }
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("{bad} of {} file(s) have problems", files.len());
        ExitCode::from(1)
    }
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
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let script = match script_path.map(Script::load).transpose() {
        Ok(s) => s.unwrap_or(Script {
            seed: None,
            dice: Vec::new(),
            reactions: Default::default(),
            commands: Vec::new(),
        }),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let seed = seed.or(script.seed).or(level.seed).unwrap_or(0);
    let mut battle = match Battle::new(level, seed, script.dice.clone()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", level_path.display());
            return ExitCode::from(2);
        }
    };
    let result = script::run(&mut battle, &script);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for l in battle.log() {
        let r = record(&battle, l);
        let line = if json { r.json() } else { r.text() };
        if writeln!(out, "{line}").is_err() {
            return ExitCode::from(1);
        }
    }
    match result {
        Err(stop) => {
            eprintln!("stopped: {stop}");
            ExitCode::from(1)
        }
        Ok(()) => {
            if !json {
                let _ = writeln!(
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
                );
            }
            ExitCode::SUCCESS
        }
    }
}

fn play(path: &Path, grid: Option<GridKind>, seed: Option<u64>) -> ExitCode {
    let level = match load(path, grid) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let seed = seed.or(level.seed).unwrap_or(0);
    let battle = match Battle::new(level, seed, Vec::new()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    crate::game::run_window(battle)
}
