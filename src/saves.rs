//! `skirmish replay SAVE` and `skirmish forecast SAVE`: a save read, replayed and checked
//! (docs/saves.md), its log printed or its hash verified, or the rest of its battle
//! forecast.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use skirmish_rules::forecast::{ForecastOptions, forecast as play_outs};
use skirmish_rules::record::record;
use skirmish_rules::save::{Loaded, Save, SaveError};

use crate::cli::stdout_failed;

/// Exit status of a save that does not reproduce its battle (its hash, a command, its
/// level's hash): 1. Anything else that keeps it from loading: 2.
fn status_of(e: &SaveError) -> ExitCode {
    match e {
        SaveError::Diverged { .. } | SaveError::Replay { .. } | SaveError::LevelHash { .. } => {
            ExitCode::from(1)
        }
        _ => ExitCode::from(2),
    }
}

/// A save's path: as given when it exists, else a bare name in the saves folder
/// (`folders::saves_dir`).
pub fn find(path: &Path, data_dir: Option<&Path>) -> PathBuf {
    if path.exists() || path.components().count() != 1 {
        return path.to_path_buf();
    }
    match crate::folders::saves_dir(data_dir) {
        Some(d) if d.join(path).exists() => d.join(path),
        _ => path.to_path_buf(),
    }
}

/// Read a save file's text: the one reader (`text_file::read`: a regular file, at most
/// 64 MiB, UTF-8; a FIFO or a device refused before it is opened).
fn read(path: &Path) -> Result<String, String> {
    skirmish_rules::text_file::read(path, skirmish_rules::text_file::Kind::Save)
        .map_err(|e| format!("{}:{e}", crate::files::shown(path)))
}

/// Read and load a save, or say why not (with the exit status).
pub fn open(path: &Path) -> Result<Loaded, ExitCode> {
    let text = read(path).map_err(|e| {
        note!("{e}");
        ExitCode::from(2)
    })?;
    Save::load(&text).map_err(|e| {
        note!("{}: {e}", crate::files::shown(path));
        status_of(&e)
    })
}

/// The save's branch `n` (1-based), replayed and checked against its own log hash.
fn branch(path: &Path, loaded: Loaded, n: usize) -> Result<Loaded, ExitCode> {
    let line = n
        .checked_sub(1)
        .ok_or(SaveError::NoBranch {
            asked: 0,
            count: loaded.save.branches.len(),
        })
        .and_then(|i| loaded.save.line(i));
    let replayed = line.and_then(|save| save.replay().map(|battle| Loaded { battle, save }));
    replayed.map_err(|e| {
        note!("{} (branch {n}): {e}", crate::files::shown(path));
        status_of(&e)
    })
}

/// `skirmish replay SAVE [--json] [--verify] [--branch N]`.
pub fn replay(path: &Path, json: bool, verify: bool, branch_n: Option<usize>) -> ExitCode {
    let loaded = match open(path) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let branches = loaded.save.branches.clone();
    let loaded = match branch_n {
        None => loaded,
        Some(n) => match branch(path, loaded, n) {
            Ok(l) => l,
            Err(code) => return code,
        },
    };
    let mut out = std::io::stdout().lock();
    let b = &loaded.battle;
    if verify {
        let which = branch_n.map_or_else(String::new, |n| format!(" (branch {n})"));
        let mut line = format!(
            "{}{which}: ok — {} commands, {} events, round {}, log hash {}",
            crate::files::shown(path),
            loaded.save.commands.len(),
            b.log().len(),
            b.round(),
            loaded.save.log_hash
        );
        if branch_n.is_none() {
            for (i, br) in branches.iter().enumerate() {
                line.push_str(&format!(
                    "\nbranch {}: \"{}\" — parts at command {}, {} commands, round {} \
                     (replay it with --branch {})",
                    i + 1,
                    br.name,
                    br.at + 1,
                    br.at + br.commands.len(),
                    br.round,
                    i + 1
                ));
            }
        }
        return match writeln!(out, "{line}") {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => stdout_failed(e, ExitCode::SUCCESS),
        };
    }
    for l in b.log() {
        let r = record(b, l);
        let line = if json { r.json() } else { r.text() };
        if let Err(e) = writeln!(out, "{line}") {
            return stdout_failed(e, ExitCode::SUCCESS);
        }
    }
    if !json && let Err(e) = writeln!(out, "{}", crate::run::summary_line(b, "saved")) {
        return stdout_failed(e, ExitCode::SUCCESS);
    }
    ExitCode::SUCCESS
}

/// What `skirmish forecast` was asked for.
pub struct ForecastArgs<'a> {
    /// The save.
    pub save: &'a Path,
    /// `--at N`: after command N (default: the end).
    pub at: Option<usize>,
    /// `--battles`.
    pub battles: usize,
    /// `--seed`.
    pub seed: u64,
    /// `--jobs`.
    pub jobs: usize,
    /// `--json`.
    pub json: bool,
    /// `--units`: how many of the units most likely to fall to list.
    pub units: usize,
}

/// `skirmish forecast SAVE`.
pub fn forecast(a: &ForecastArgs) -> ExitCode {
    let loaded = match open(a.save) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let n = loaded.save.commands.len();
    let battle = match a.at {
        None => loaded.battle,
        Some(k) if k > n => {
            note!("skirmish forecast: --at {k}: the save has {n} command(s); give 0 to {n}");
            return ExitCode::from(2);
        }
        Some(k) => match loaded.save.battle_at(k) {
            Ok(b) => b,
            Err(e) => {
                note!("{}: {e}", crate::files::shown(a.save));
                return status_of(&e);
            }
        },
    };
    let progress = crate::batch::Progress::new(a.battles, "forecast");
    let f = play_outs(
        &battle,
        &ForecastOptions {
            battles: a.battles,
            seed: a.seed,
            jobs: a.jobs,
        },
        &|done| progress.tick(done),
        &AtomicBool::new(false),
    );
    let text = if a.json {
        match serde_json::to_string_pretty(&f) {
            Ok(t) => t,
            Err(e) => {
                note!("skirmish forecast: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        f.text(a.units)
    };
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{}", text.trim_end()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => stdout_failed(e, ExitCode::SUCCESS),
    }
}
