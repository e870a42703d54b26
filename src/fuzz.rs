//! The driver of long fuzz runs: `skirmish fuzz` (and the rules crate's `fuzz` example,
//! which compiles this same file: it may use only `std` and `skirmish_rules`).
//!
//! Cases come from `skirmish_rules::fuzz`, round-robin over its three targets: case `k`
//! is target `k % 3` with seed `sim::battle_seed(seed, k / 3)`, so a run is the same on
//! every machine up to where its time ends. Each case runs on a worker thread. A case
//! that takes longer than [`HANG`] (wall clock) may only have been starved of the CPU by
//! other work on the machine, so it is run again alone when the run ends: it is a hang if
//! it takes longer than [`HANG`] again, or if it has not answered after [`GIVE_UP`] (then
//! the run ends there). Every failure is written to the output folder as a ready
//! regression file (`<target>-<seed>.<ext>`).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use skirmish_rules::fuzz::{self, Counts, Failure, Kind, Target};
use skirmish_rules::sim;

/// A case slower than this, run alone, is a hang: 2 s in an optimised build, 20 s in a
/// debug build (the dev profile runs the rules 10–30 times slower: a 40 ms case took
/// over 2 s there beside a test run).
pub const HANG: Duration = Duration::from_secs(if cfg!(debug_assertions) { 20 } else { 2 });

/// A case still running after this long is a hang at once, however busy the machine.
pub const GIVE_UP: Duration = Duration::from_secs(60);

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Stop starting cases after this long (none: only `cases` bounds the run).
    pub minutes: Option<f64>,
    /// Run at most this many cases.
    pub cases: Option<u64>,
    /// The run's seed.
    pub seed: u64,
    /// Where failing inputs go.
    pub out: PathBuf,
    /// Worker threads.
    pub jobs: usize,
    /// The shipped levels' texts (the level target mutates them).
    pub levels: Vec<String>,
}

/// What a run came to.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Cases finished, by target (levels, dice, commands).
    pub cases: [u64; 3],
    /// How long it ran.
    pub elapsed: Duration,
    /// Cases that panicked.
    pub panics: u64,
    /// Cases that did not answer within [`HANG`] run alone (or within [`GIVE_UP`]).
    pub hangs: u64,
    /// Cases that took longer than [`HANG`] among the others but answered in time alone.
    pub slow_under_load: u64,
    /// Cases that broke a property.
    pub violations: u64,
    /// The files written.
    pub written: Vec<PathBuf>,
    /// Failures whose files could not be written (each said on stderr).
    pub unwritten: u64,
    /// What the command cases did.
    pub commands: Counts,
}

impl Report {
    /// Anything failed.
    pub fn failed(&self) -> bool {
        self.panics + self.hangs + self.violations > 0
    }

    /// A line of what the command cases did.
    pub fn commands_line(&self) -> String {
        let c = &self.commands;
        format!(
            "fuzz: commands: {} accepted ({} of them the AI's), {} refused, {} events, {} battles \
             ended, {} cases with no room on the map for a side",
            c.accepted, c.by_ai, c.refused, c.events, c.ended, c.no_level
        )
    }

    /// What the made-up commands were, one line per group (`command`, `reaction`,
    /// `common`, each ruleset's actions by name, a readied action by its response):
    /// `fuzz: made escalation (accepted/made): Delay 3/10, …`.
    pub fn made_lines(&self) -> Vec<String> {
        self.commands
            .made_lines()
            .into_iter()
            .map(|l| format!("fuzz: {l}"))
            .collect()
    }

    /// The one-line summary.
    pub fn summary(&self) -> String {
        let [l, d, c] = self.cases;
        format!(
            "fuzz: {} cases (levels {l}, dice {d}, commands {c}) in {:.1} min, {} panics, {} hangs, \
             {} invariant violations",
            l + d + c,
            self.elapsed.as_secs_f64() / 60.0,
            self.panics,
            self.hangs,
            self.violations
        )
    }

    /// A line for the cases that were slow among the others but in time alone, if any.
    pub fn slow_line(&self) -> Option<String> {
        (self.slow_under_load > 0).then(|| {
            format!(
                "fuzz: {} case(s) took over {} s among the others and answered in time alone",
                self.slow_under_load,
                HANG.as_secs()
            )
        })
    }
}

/// The `.ron` files of a folder, sorted by name (the level target's seeds): regular
/// files only (a FIFO or a device among them is skipped with a note, never opened), each
/// read as a level is (`text_file::read`, at most 16 MiB).
pub fn read_levels(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in &paths {
        match skirmish_rules::text_file::read(p, skirmish_rules::text_file::Kind::Level) {
            Ok(t) => out.push(t),
            Err(e) => say(&format!(
                "skirmish fuzz: skipping {}:{e}",
                crate::files::shown(p)
            )),
        }
    }
    Ok(out)
}

/// A line on stderr that cannot panic.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Case `k` of a run seeded with `seed`.
pub fn case_of(seed: u64, k: u64) -> (Target, u64) {
    (Target::ALL[(k % 3) as usize], sim::battle_seed(seed, k / 3))
}

/// The failure a hung case is reported as: its input as far as it is known before it
/// runs (commands: the level; the commands are `skirmish_rules::fuzz::command_case(seed)`).
fn hang(target: Target, seed: u64, levels: &[String], within: Duration) -> Failure {
    let what = format!("no answer within {} s", within.as_secs());
    let (input, level) = match target {
        Target::Levels => (fuzz::level_input(levels, seed), None),
        Target::Dice => (fuzz::dice_input(seed), None),
        Target::Commands => {
            let (s, _) = fuzz::command_setup(seed);
            let level =
                fuzz::random_level_text(s.ruleset, s.grid, s.w, s.h, s.per_side, s.level_seed);
            let script = format!(
                "// skirmish fuzz: commands case {seed} hung ({what}); its commands are \
                 skirmish_rules::fuzz::command_case({seed})\nScript(seed: {}, commands: [])\n",
                s.battle_seed
            );
            (script, Some(level))
        }
    };
    Failure {
        target,
        seed,
        kind: Kind::Violation,
        what,
        input,
        level,
    }
}

/// Write a failure's files; say where.
fn record(f: &Failure, label: &str, out: &Path, report: &mut Report) {
    say(&format!(
        "fuzz: {label} in {} case {}: {}",
        f.target.name(),
        f.seed,
        f.what
    ));
    if let Err(e) = std::fs::create_dir_all(out) {
        say(&format!(
            "fuzz: cannot create {}: {e}",
            crate::files::shown(out)
        ));
        report.unwritten += 1;
        return;
    }
    for (name, text) in f.files() {
        let path = out.join(name);
        match crate::files::write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                say(&format!("fuzz:   wrote {}", crate::files::shown(&path)));
                report.written.push(path);
            }
            Err(e) => {
                say(&format!(
                    "fuzz: cannot write {}: {e}",
                    crate::files::shown(&path)
                ));
                report.unwritten += 1;
            }
        }
    }
}

/// Run cases until the time or the case count is up (or a case hangs).
pub fn run(o: &Options) -> Report {
    let start = Instant::now();
    // A deadline past what the clock can hold is no deadline (never a panic).
    let deadline = o.minutes.and_then(|m| {
        Duration::try_from_secs_f64(m.max(0.0) * 60.0)
            .ok()
            .and_then(|d| start.checked_add(d))
    });
    let limit = o.cases.unwrap_or(u64::MAX);
    let levels = Arc::new(o.levels.clone());
    let next = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let jobs = o.jobs.max(1);
    // What each worker is running and since when.
    let busy: Arc<Vec<Mutex<Option<(u64, Instant)>>>> =
        Arc::new((0..jobs).map(|_| Mutex::new(None)).collect());
    let (tx, rx) = mpsc::channel::<(u64, Option<Failure>, Counts, Duration)>();
    let mut workers = Vec::new();
    for w in 0..jobs {
        let (levels, next, stop, busy, tx) = (
            levels.clone(),
            next.clone(),
            stop.clone(),
            busy.clone(),
            tx.clone(),
        );
        let seed = o.seed;
        workers.push(std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= limit {
                    break;
                }
                let began = Instant::now();
                if let Ok(mut b) = busy[w].lock() {
                    *b = Some((k, began));
                }
                let (target, s) = case_of(seed, k);
                let (failure, counts) = fuzz::case_counted(target, s, &levels);
                if let Ok(mut b) = busy[w].lock() {
                    *b = None;
                }
                if tx.send((k, failure, counts, began.elapsed())).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut report = Report::default();
    let mut last_note = start;
    let mut hung = false;
    // Cases slower than HANG among the others, run again alone at the end.
    let mut slow: Vec<u64> = Vec::new();
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok((k, failure, counts, took)) => {
                let (target, _) = case_of(o.seed, k);
                if took > HANG {
                    slow.push(k);
                }
                report.cases[(k % 3) as usize] += 1;
                report.commands.add(&counts);
                if let Some(f) = failure {
                    debug_assert_eq!(f.target, target);
                    let label = match f.kind {
                        Kind::Panic => {
                            report.panics += 1;
                            "panic"
                        }
                        Kind::Violation => {
                            report.violations += 1;
                            "violation"
                        }
                    };
                    record(&f, label, &o.out, &mut report);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            stop.store(true, Ordering::Relaxed);
        }
        if now.duration_since(last_note) >= Duration::from_secs(60) {
            last_note = now;
            report.elapsed = now - start;
            say(&format!("{} so far", report.summary()));
            say(&report.commands_line());
        }
        for slot in busy.iter() {
            let running = slot.lock().ok().and_then(|b| *b);
            if let Some((k, since)) = running
                && now.duration_since(since) > GIVE_UP
            {
                let (target, s) = case_of(o.seed, k);
                report.hangs += 1;
                record(
                    &hang(target, s, &levels, GIVE_UP),
                    "hang",
                    &o.out,
                    &mut report,
                );
                hung = true;
            }
        }
        if hung {
            // The hung worker cannot be stopped: leave it, end the run.
            stop.store(true, Ordering::Relaxed);
            break;
        }
    }
    if !hung {
        for w in workers {
            let _ = w.join();
        }
        slow.sort_unstable();
        for k in slow {
            let (target, s) = case_of(o.seed, k);
            match alone(target, s, &levels) {
                Some(took) => {
                    report.slow_under_load += 1;
                    say(&format!(
                        "fuzz: {} case {s} took over {} s among the others, {} ms alone: not a \
                         hang",
                        target.name(),
                        HANG.as_secs(),
                        took.as_millis()
                    ));
                }
                None => {
                    report.hangs += 1;
                    record(
                        &hang(target, s, &levels, HANG),
                        "hang (run alone)",
                        &o.out,
                        &mut report,
                    );
                    break;
                }
            }
        }
    }
    report.elapsed = start.elapsed();
    report
}

/// Run one case alone on a thread of its own: how long it took, or `None` if it did not
/// answer within [`HANG`] (the thread is left behind).
fn alone(target: Target, seed: u64, levels: &Arc<Vec<String>>) -> Option<Duration> {
    let (tx, rx) = mpsc::channel();
    let levels = levels.clone();
    std::thread::spawn(move || {
        let began = Instant::now();
        let _ = fuzz::case_counted(target, seed, &levels);
        let _ = tx.send(began.elapsed());
    });
    rx.recv_timeout(HANG).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A case run alone answers with its time (the recheck of a case that was slow among
    /// the others); the summary then says how many such cases were forgiven.
    #[test]
    fn a_slow_case_is_run_again_alone() {
        let levels = Arc::new(Vec::new());
        let took = alone(Target::Dice, 6, &levels).expect("a dice case answers at once");
        assert!(took < HANG);
        assert_eq!(HANG.as_secs(), if cfg!(debug_assertions) { 20 } else { 2 });
        let mut r = Report {
            slow_under_load: 2,
            ..Report::default()
        };
        assert_eq!(
            r.slow_line(),
            Some(format!(
                "fuzz: 2 case(s) took over {} s among the others and answered in time alone",
                HANG.as_secs()
            ))
        );
        r.slow_under_load = 0;
        assert_eq!(r.slow_line(), None);
        assert!(!r.failed());
    }

    /// A deadline past what the clock holds is no deadline, never a panic (issue 33:
    /// `--minutes 1e18` panicked with "overflow when adding duration to instant"; the
    /// CLI now refuses more than 1,000,000 minutes, and the driver, which the rules
    /// crate's fuzz example shares, takes any number).
    #[test]
    fn an_endless_deadline_runs_its_cases_without_a_panic() {
        for m in [1e18, 1e308, f64::INFINITY] {
            let o = Options {
                minutes: Some(m),
                cases: Some(3),
                seed: 1,
                out: std::env::temp_dir().join("skirmish-fuzz-endless"),
                jobs: 1,
                levels: Vec::new(),
            };
            let r = run(&o);
            assert_eq!(r.cases.iter().sum::<u64>(), 3, "{m}");
        }
    }

    /// A failure's files are written where the summary says, and a hung command case's
    /// files are a level that loads and a script that parses.
    #[test]
    fn failures_are_written_as_regression_files() {
        let dir = std::env::temp_dir().join(format!("skirmish-fuzz-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut report = Report::default();
        record(
            &hang(Target::Commands, 5, &[], HANG),
            "hang",
            &dir,
            &mut report,
        );
        record(&hang(Target::Dice, 6, &[], HANG), "hang", &dir, &mut report);
        let names: Vec<String> = report
            .written
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "commands-5.script.ron",
                "commands-5.level.ron",
                "dice-6.txt"
            ]
        );
        let level = std::fs::read_to_string(dir.join("commands-5.level.ron")).unwrap();
        let script = std::fs::read_to_string(dir.join("commands-5.script.ron")).unwrap();
        let (setup, _) = fuzz::command_setup(5);
        if let Ok(sims) = sim::random_level(
            setup.ruleset,
            setup.grid,
            setup.w,
            setup.h,
            setup.per_side,
            setup.level_seed,
        ) {
            assert_eq!(skirmish_rules::level::parse(&level, "l"), Ok(sims));
        }
        let s = skirmish_rules::script::Script::parse(&script).unwrap();
        assert_eq!(s.seed, Some(setup.battle_seed));
        assert_eq!(
            std::fs::read_to_string(dir.join("dice-6.txt")).unwrap(),
            fuzz::dice_input(6) + "\n"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
