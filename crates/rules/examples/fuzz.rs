//! A long fuzz run without building the game (Bevy): the same driver as `skirmish fuzz`
//! (`src/fuzz.rs`, compiled here too), over `skirmish_rules::fuzz`'s three targets.
//!
//! `cargo run --release -p skirmish-rules --example fuzz -- --minutes 30 --out /tmp/fuzz-out`
//!
//! Options: `--minutes N` (default 1), `--cases N`, `--seed S` (default 1), `--out DIR`
//! (default `fuzz-failures`), `--jobs J` (default: every core), `--levels DIR` (default
//! the repository's `levels/`). Prints the summary line; exit 1 if anything failed, 2 on
//! a bad option.

use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../../../src/fuzz.rs"]
mod driver;
/// The driver writes its failure files through `crate::files::write_atomic`.
#[path = "../../../src/files.rs"]
#[allow(dead_code)]
mod files;

fn main() -> ExitCode {
    let mut o = driver::Options {
        minutes: Some(1.0),
        cases: None,
        seed: 1,
        out: PathBuf::from("fuzz-failures"),
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        levels: Vec::new(),
    };
    let mut levels = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../levels");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let bad = |what: &str| {
            eprintln!("fuzz: {} needs {what}, not `{value}`", args[i]);
            ExitCode::from(2)
        };
        match args[i].as_str() {
            "--minutes" => match value.parse::<f64>() {
                Ok(m) if m >= 0.0 && m.is_finite() => o.minutes = Some(m),
                _ => return bad("a number of minutes"),
            },
            "--cases" => match value.parse() {
                Ok(n) => {
                    o.cases = Some(n);
                    o.minutes = None;
                }
                Err(_) => return bad("a number of cases"),
            },
            "--seed" => match value.parse() {
                Ok(s) => o.seed = s,
                Err(_) => return bad("a seed"),
            },
            "--jobs" => match value.parse::<usize>() {
                Ok(j) if (1..=1024).contains(&j) => o.jobs = j,
                _ => return bad("1 to 1024 threads"),
            },
            "--out" => o.out = PathBuf::from(value),
            "--levels" => levels = PathBuf::from(value),
            other => {
                eprintln!("fuzz: unknown option `{other}` (see the example's doc comment)");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    o.levels = match driver::read_levels(&levels) {
        Ok(l) if !l.is_empty() => l,
        Ok(_) => {
            eprintln!("fuzz: no .ron levels in {}", levels.display());
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("fuzz: cannot read {}: {e}", levels.display());
            return ExitCode::from(2);
        }
    };
    let report = driver::run(&o);
    eprintln!("{}", report.commands_line());
    for l in report.made_lines() {
        eprintln!("{l}");
    }
    if let Some(l) = report.slow_line() {
        eprintln!("{l}");
    }
    println!("{}", report.summary());
    if report.failed() {
        eprintln!(
            "fuzz: {} file(s) in {}",
            report.written.len(),
            o.out.display()
        );
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
