//! `skirmish sim` (many AI-vs-AI battles, summed up) and `skirmish soak` (many battles
//! with every event checked against the invariants). The battles themselves are
//! `skirmish_rules::sim`; this is the command line around them: threads, a progress bar,
//! the table, the JSON file.

use skirmish_rules::rulesets::Registry;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use skirmish_rules::grid::GridKind;
use skirmish_rules::level::{self, Level};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim::{self, BattleResult};

/// Threads to use: the number asked for, or every core.
pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// A progress bar on stderr when it is a terminal (nothing otherwise).
pub(crate) struct Progress {
    total: usize,
    label: String,
    tty: bool,
    last: Mutex<usize>,
}

impl Progress {
    pub(crate) fn new(total: usize, label: impl Into<String>) -> Progress {
        Progress {
            total,
            label: label.into(),
            tty: std::io::stderr().is_terminal(),
            last: Mutex::new(0),
        }
    }

    pub(crate) fn tick(&self, done: usize) {
        if !self.tty {
            return;
        }
        // Redraw at most 100 times.
        let step = (self.total / 100).max(1);
        if let Ok(mut last) = self.last.lock() {
            if done < *last + step && done != self.total {
                return;
            }
            *last = done;
        }
        let width = 30;
        let filled = done * width / self.total.max(1);
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{} [{}{}] {done}/{}",
            self.label,
            "#".repeat(filled),
            ".".repeat(width - filled),
            self.total
        );
        if done == self.total {
            let _ = writeln!(err);
        }
    }
}

/// How often a long run says how far it is when stderr is not a terminal (or when no
/// battle has ended for that long): `SKIRMISH_PROGRESS_SECS` seconds, 10 by default.
fn heartbeat_every() -> std::time::Duration {
    let secs = std::env::var("SKIRMISH_PROGRESS_SECS")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .unwrap_or(10.0);
    std::time::Duration::from_secs_f64(secs)
}

/// Run `work` with a heartbeat: every [`heartbeat_every`] a line on stderr, `LABEL: D/T
/// battles, S s`, with `D` read from `done`; so a run of a few huge battles (the bar moves
/// only when one ends) still shows it is alive. The process stays interruptible (Ctrl-C
/// ends it at once: nothing is written until the end, and the end is atomic).
pub(crate) fn with_heartbeat<T>(
    label: &str,
    total: usize,
    done: &std::sync::atomic::AtomicUsize,
    work: impl FnOnce() -> T,
) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let every = heartbeat_every();
    std::thread::scope(|s| {
        s.spawn(|| {
            let start = Instant::now();
            let tty = std::io::stderr().is_terminal();
            let mut next = every;
            let mut last = usize::MAX;
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(50).min(every));
                if start.elapsed() >= next {
                    next += every;
                    let d = done.load(Ordering::Relaxed);
                    // On a terminal the bar says it, unless it has not moved.
                    if !tty || d == last {
                        note!(
                            "{}{label}: {d}/{total} battles, {:.0} s",
                            if tty { "\n" } else { "" },
                            start.elapsed().as_secs_f64()
                        );
                    }
                    last = d;
                }
            }
        });
        let out = work();
        stop.store(true, Ordering::Relaxed);
        out
    })
}

/// Write `text` to `path` atomically (`files::write_atomic`).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    crate::files::write_atomic(path, text.as_bytes())
}

/// Most battles one `sim` run plays, and one `soak` run per ruleset and grid.
pub const MAX_BATTLES: usize = 1_000_000;

/// Most threads `--jobs` may ask for.
pub const MAX_JOBS: usize = 1024;

/// Nanoseconds since the first call: the clock `sim` times the AI's decisions with.
fn clock_ns() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let start = START.get_or_init(Instant::now);
    u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// `skirmish sim`.
/// `inputs`: the files the run reads (the level), which `--json` may not overwrite.
/// Exit 0, 1 on a violated invariant, 2 on bad input, 3 when the summary cannot be
/// written (the table is printed all the same).
pub fn sim(
    level: Level,
    battles: usize,
    seed: u64,
    jobs: usize,
    json: Option<&Path>,
    inputs: &[&Path],
) -> ExitCode {
    if !level.ruleset.playable() {
        note!(
            "{}: the {} ruleset cannot be played yet",
            level.name,
            level.ruleset
        );
        return ExitCode::from(2);
    }
    if battles == 0 || battles > MAX_BATTLES {
        note!("--battles must be at least 1 and at most {MAX_BATTLES}");
        return ExitCode::from(2);
    }
    // The output is checked before the work, so a long run is never thrown away.
    if let Some(path) = json
        && let Err(why) = crate::files::check_output(path, inputs)
    {
        note!("skirmish: {why}");
        return ExitCode::from(3);
    }
    let progress = Progress::new(battles, format!("{} battles", battles));
    let t = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let summary = with_heartbeat("sim", battles, &done, || {
        sim::simulate_timed(&level, seed, battles, jobs, Some(clock_ns), &|d| {
            done.store(d, std::sync::atomic::Ordering::Relaxed);
            progress.tick(d)
        })
    });
    let secs = t.elapsed().as_secs_f64();
    let status = if summary.violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let mut written = json.is_some();
    if let Some(path) = json {
        let w = serde_json::to_string_pretty(&summary)
            .map_err(|e| format!("cannot encode the summary: {e}"))
            .and_then(|text| {
                write_atomic(path, &text)
                    .map_err(|e| format!("cannot write {}: {e}", crate::files::shown(path)))
            });
        if let Err(why) = w {
            note!("skirmish: {why}");
            written = false;
        }
    }
    let status = if json.is_some() && !written {
        ExitCode::from(3)
    } else {
        status
    };
    let mut out = std::io::stdout().lock();
    let shown = write!(out, "{}", summary.table())
        .and_then(|()| {
            // The timing on the line that says the time (CI compares the rest).
            let decisions = summary.timing.as_ref().map_or(String::new(), |t| {
                format!(
                    "; {} commands, {:.1} µs a decision of the AI",
                    summary.commands, t.us_per_decision
                )
            });
            writeln!(
                out,
                "\n{battles} battles in {secs:.2} s on {jobs} thread(s) ({:.1} ms a battle{decisions})",
                secs * 1000.0 / battles as f64
            )
        })
        .and_then(|()| match json {
            Some(path) if written => {
                writeln!(out, "summary written to {}", crate::files::shown(path))
            }
            _ => Ok(()),
        });
    match shown {
        Ok(()) => status,
        Err(e) => crate::cli::stdout_failed(e, status),
    }
}

/// The battles of a soak run for one ruleset on one grid: the shipped levels of that
/// ruleset in turn with random battlefields of 2 to 8 units a side.
fn soak_level(
    shipped: &[Level],
    r: RulesetId,
    g: GridKind,
    seed: u64,
    i: usize,
) -> Result<Level, String> {
    let own: Vec<&Level> = shipped.iter().filter(|l| l.ruleset == r).collect();
    if i.is_multiple_of(4) && !own.is_empty() {
        return Ok(own[(i / 4) % own.len()].clone().with_grid(g));
    }
    let size = 10 + (i % 5) * 3;
    let per_side = 2 + i % 7;
    sim::random_level(
        r,
        g,
        size,
        size * 3 / 4,
        per_side,
        sim::battle_seed(seed, i as u64),
    )
}

/// `skirmish soak`.
pub fn soak(battles: usize, seed: u64, jobs: usize, levels_dir: &Path) -> ExitCode {
    if battles == 0 || battles > MAX_BATTLES {
        note!("--battles must be at least 1 and at most {MAX_BATTLES}");
        return ExitCode::from(2);
    }
    let mut shipped = Vec::new();
    if let Ok(rd) = std::fs::read_dir(levels_dir) {
        let mut paths: Vec<PathBuf> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        paths.sort();
        for p in paths {
            match level::load(&p) {
                Ok(l) if l.ruleset.playable() => shipped.push(l),
                Ok(_) => {}
                Err(e) => note!("skipping {}: {e}", crate::files::shown(&p)),
            }
        }
    }
    let t = Instant::now();
    let mut total_violations = 0;
    let mut total_events = 0;
    let status = |violations: usize| {
        if violations == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    };
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(
        out,
        "{:<14} {:<7} {:>8} {:>10} {:>11} {:>11}",
        "ruleset", "grid", "battles", "events", "unfinished", "violations"
    ) {
        return crate::cli::stdout_failed(e, status(0));
    }
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        for g in [GridKind::Square, GridKind::Hex] {
            let progress = Progress::new(battles, format!("{r} {g}"));
            let mut events = 0;
            let mut unfinished = 0;
            let mut bad: Vec<String> = Vec::new();
            let done = std::sync::atomic::AtomicUsize::new(0);
            with_heartbeat(&format!("soak {r} {g}"), battles, &done, || {
                sim::parallel_each(
                    battles,
                    jobs,
                    &|i| {
                        let s = sim::battle_seed(seed, i as u64);
                        match soak_level(&shipped, r, g, seed, i) {
                            Ok(l) => sim::run_battle(&l, s, true),
                            Err(e) => BattleResult::failed(s, format!("level: {e}")),
                        }
                    },
                    &|d| {
                        done.store(d, std::sync::atomic::Ordering::Relaxed);
                        progress.tick(d)
                    },
                    &mut |x: BattleResult| {
                        events += x.events;
                        unfinished += usize::from(!x.finished);
                        bad.extend(
                            x.violations
                                .iter()
                                .map(|v| format!("  {r} {g} battle seed {}: {v}", x.seed)),
                        );
                    },
                )
            });
            total_violations += bad.len();
            total_events += events;
            let shown = writeln!(
                out,
                "{:<14} {:<7} {:>8} {:>10} {:>11} {:>11}",
                r.to_string(),
                g.to_string(),
                battles,
                events,
                unfinished,
                bad.len()
            )
            .and_then(|()| bad.iter().take(20).try_for_each(|v| writeln!(out, "{v}")));
            if let Err(e) = shown {
                return crate::cli::stdout_failed(e, status(total_violations));
            }
        }
    }
    if let Err(e) = writeln!(
        out,
        "\n{total_events} events checked in {:.1} s; {total_violations} violation(s)",
        t.elapsed().as_secs_f64()
    ) {
        return crate::cli::stdout_failed(e, status(total_violations));
    }
    status(total_violations)
}
