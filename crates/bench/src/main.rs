//! `cargo run --release -p skirmish-bench [-- --quick]`: the performance targets of
//! docs/performance.md, measured on one thread (median of many runs, with the spread).
//!
//! - one AI-vs-AI battle, 8 v 8 on a 24×24 map with a caster a side, per ruleset
//!   (target < 5 ms);
//! - the threat map of every unit plus the hover path preview (path, its cost and every
//!   reaction it provokes) on a 128×128 map with 200 units (target < 1 ms);
//! - loading and validating a level file (target < 5 ms);
//! - the AI's thinking for one unit's whole turn (target < 20 ms per unit, judged by the
//!   slowest turn of every battle);
//! - saving and loading (parse, replay, hash check) a 200-command battle (target < 20 ms
//!   each), and a win forecast of 1,000 play-outs of an 8 v 8 battle from round 1 on 2
//!   threads (target < 3 s). `--saves` runs only these.
//!
//! Other modes: `--split [N] [RULESET]` (where N battles' time goes), `--instructions
//! [RULESET]` (the battles `tools/instructions.sh` counts under valgrind) and
//! `--gen-level RULESET --per-side N --size WxH --grid hex|square [--out FILE]` (a big
//! battle of two facing lines, `big_level.rs`).
#![forbid(unsafe_code)]

mod big_level;

use skirmish_rules::rulesets::Registry;
use std::collections::BTreeSet;
use std::hint::black_box;
use std::time::Instant;

/// The allocator the game uses (`src/main.rs`), so the figures are the game's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use skirmish_rules::engine::Command;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, Status, ai, level, sim};

/// Every playable ruleset, in registry order.
fn playable() -> Vec<RulesetId> {
    RulesetId::ALL
        .into_iter()
        .filter(|r| r.playable())
        .collect()
}

/// The 8 v 8 battlefield on 24×24 of `seed`, with a caster a side (issue 17: the
/// battles include casters) when the ruleset has one (flow's and tactical-d20's wizard,
/// melee-zone's mage, counters' battlemage; escalation's class powers are not playable yet), the other units
/// drawn at random.
fn caster_level(r: RulesetId, seed: u64) -> skirmish_rules::level::Level {
    sim::random_level_with(r, GridKind::Square, 24, 24, 8, seed, caster(r)).expect("level")
}

/// The caster archetype forced as the first unit of each side, if the ruleset has one.
fn caster(r: RulesetId) -> &'static [&'static str] {
    let archetypes = skirmish_rules::level::Catalogue::builtin(r).archetypes;
    ["wizard", "mage", "battlemage"]
        .iter()
        .position(|a| archetypes.contains_key(*a))
        .map_or(&[], |i| match i {
            0 => &["wizard"],
            1 => &["mage"],
            _ => &["battlemage"],
        })
}

/// Milliseconds of each run, sorted.
struct Sample(Vec<f64>);

impl Sample {
    fn of(runs: usize, mut f: impl FnMut(usize)) -> Sample {
        // One warm-up run.
        f(0);
        let mut v: Vec<f64> = (0..runs)
            .map(|i| {
                let t = Instant::now();
                f(i);
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        v.sort_by(f64::total_cmp);
        Sample(v)
    }

    fn pct(&self, p: f64) -> f64 {
        let i = ((self.0.len() as f64 - 1.0) * p).round() as usize;
        self.0.get(i).copied().unwrap_or(0.0)
    }
}

/// Which figure a target is judged by.
#[derive(Clone, Copy)]
enum Judge {
    Median,
    Max,
}

fn row(name: &str, s: &Sample, target: f64, judge: Judge, out: &mut Vec<serde_json::Value>) {
    let median = s.pct(0.5);
    let max = s.pct(1.0);
    let (judged, by) = match judge {
        Judge::Median => (median, "median"),
        Judge::Max => (max, "max"),
    };
    println!(
        "{name:<52} {median:>9.3} {:>9.3} {:>9.3} {max:>9.3} {:>8} {:>7} {:>6}",
        s.pct(0.1),
        s.pct(0.9),
        format!("< {target}"),
        by,
        if judged < target { "met" } else { "MISSED" }
    );
    out.push(serde_json::json!({
        "bench": name, "median_ms": median, "p10_ms": s.pct(0.1), "p90_ms": s.pct(0.9),
        "max_ms": max, "target_ms": target, "judged_by": by, "met": judged < target,
        "runs": s.0.len(),
    }));
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--gen-level") {
        return big_level::main(&args);
    }
    if let Some(i) = args.iter().position(|a| a == "--sim") {
        return sim_one(&args[i + 1..]);
    }
    if let Some(i) = args.iter().position(|a| a == "--instructions") {
        return instructions(args.get(i + 1).map(String::as_str));
    }
    if std::env::args().any(|a| a == "--split") {
        split();
        return std::process::ExitCode::SUCCESS;
    }
    let quick = std::env::args().any(|a| a == "--quick");
    let json = std::env::args().skip_while(|a| a != "--json").nth(1);
    let n = if quick { 5 } else { 40 };
    let mut out = Vec::new();
    println!(
        "{:<52} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7} {:>6}",
        "benchmark (ms, one thread)", "median", "p10", "p90", "max", "target", "judged", ""
    );
    if std::env::args().any(|a| a == "--saves") {
        saves(n, &mut out);
        write_json(json, &out);
        return std::process::ExitCode::SUCCESS;
    }
    for r in playable() {
        let levels: Vec<_> = (0..n as u64).map(|k| caster_level(r, 1000 + k)).collect();
        let mut rounds = 0u32;
        let s = Sample::of(n, |i| {
            let mut b = Battle::new(levels[i].clone(), i as u64, Vec::new()).expect("battle");
            ai::play_out(&mut b, sim::MAX_COMMANDS);
            rounds += b.round();
            black_box(b.status());
        });
        row(
            &format!(
                "AI battle 8v8 24x24, {r} (~{} rounds)",
                rounds / (n as u32 + 1).max(1)
            ),
            &s,
            5.0,
            Judge::Median,
            &mut out,
        );
        // The AI's thinking for each unit's whole turn (every command it decides from the
        // start of the turn to its end, reaction answers excluded), over every battle.
        let mut turns = Vec::new();
        for l in &levels {
            let mut b = Battle::new(l.clone(), 3, Vec::new()).expect("battle");
            let mut current: Option<(skirmish_rules::components::UnitId, f64)> = None;
            let mut left = sim::MAX_COMMANDS;
            while left > 0 {
                left -= 1;
                let turn = match b.status() {
                    Status::Turn(u) => Some(u),
                    Status::AwaitingReaction(_) => None,
                    Status::Ended(_) => break,
                };
                if let Some(u) = turn
                    && current.is_some_and(|(c, _)| c != u)
                {
                    turns.extend(current.take().map(|(_, ms)| ms));
                }
                let t = Instant::now();
                let Some(c) = ai::decide(&b) else { break };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if let Some(u) = turn {
                    current = Some((u, current.map_or(0.0, |(_, m)| m) + ms));
                }
                if matches!(c, Command::EndTurn { .. }) {
                    turns.extend(current.take().map(|(_, ms)| ms));
                }
                if b.submit(c).is_err() {
                    break;
                }
            }
            turns.extend(current.map(|(_, ms)| ms));
        }
        turns.sort_by(f64::total_cmp);
        row(
            &format!("AI thinking per unit turn, {r} 8v8 24x24"),
            &Sample(turns),
            20.0,
            Judge::Max,
            &mut out,
        );
    }
    // Threat map + hover path preview on 128×128 with 200 units.
    // flow's, as it always was (the first playable ruleset before escalation joined).
    let big =
        sim::random_level(RulesetId::Flow, GridKind::Square, 128, 128, 100, 7).expect("level");
    let b = Battle::new(big, 7, Vec::new()).expect("battle");
    let Status::Turn(u) = b.status() else {
        panic!("no turn")
    };
    let targets: Vec<Cell> = b.reachable(u).keys().collect();
    let s = Sample::of(n * 5, |i| {
        let threat: BTreeSet<Cell> = b
            .units()
            .filter(|&e| b.alive(e) && b.enemies(u, e))
            .flat_map(|e| b.threatened_cells(e))
            .collect();
        let to = targets[(i * 7919) % targets.len()];
        let mut provokes = 0;
        if let Some((path, _)) = b.path_to(u, to) {
            for w in path.windows(2) {
                provokes += b.leave_reactors(u, w[0]).len();
            }
        }
        black_box((threat.len(), provokes));
    });
    row(
        "threat map + path preview, 128x128, 200 units",
        &s,
        1.0,
        Judge::Median,
        &mut out,
    );
    // Level loading and validation.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels");
    for name in ["tactical-d20-ambush.ron", "flow-warfront.ron"] {
        let p = root.join(name);
        let s = Sample::of(n * 5, |_| {
            black_box(level::load(&p).expect("level loads"));
        });
        row(
            &format!("load + validate levels/{name}"),
            &s,
            5.0,
            Judge::Median,
            &mut out,
        );
    }
    saves(n, &mut out);
    write_json(json, &out);
    std::process::ExitCode::SUCCESS
}

/// `--sim LEVEL [--battles N] [--seed S] [--json FILE]`: what `skirmish sim LEVEL --jobs 1`
/// plays and writes (the same `sim::simulate_timed`, the AI's decisions timed), from a
/// release build of the rules crate alone, for `tools/scale.sh`. Prints `wall S s,
/// commands N, µs a decision U`.
fn sim_one(args: &[String]) -> std::process::ExitCode {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let Some(path) = args.first() else {
        eprintln!("skirmish-bench --sim needs a level file");
        return std::process::ExitCode::from(2);
    };
    let level = match level::load(std::path::Path::new(path)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    let number = |flag: &str, default: u64| value(flag).map_or(Ok(default), |v| v.parse());
    let (Ok(battles), Ok(seed)) = (number("--battles", 1), number("--seed", 1)) else {
        eprintln!("skirmish-bench --sim: --battles and --seed take whole numbers");
        return std::process::ExitCode::from(2);
    };
    fn clock() -> u64 {
        static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        u64::try_from(START.get_or_init(Instant::now).elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
    let t = Instant::now();
    let summary = sim::simulate_timed(&level, seed, battles as usize, 1, Some(clock), &|_| {});
    let secs = t.elapsed().as_secs_f64();
    let us = summary.timing.as_ref().map_or(0.0, |t| t.us_per_decision);
    println!(
        "wall {secs:.3} s, commands {}, µs a decision {us:.1}, unfinished {}",
        summary.commands, summary.unfinished
    );
    if let Some(json) = value("--json") {
        let text = serde_json::to_string_pretty(&summary).unwrap_or_default();
        if let Err(e) = std::fs::write(json, text) {
            eprintln!("cannot write {json}: {e}");
            return std::process::ExitCode::from(3);
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Battles a ruleset plays under `--instructions`.
const COUNTED_BATTLES: u64 = 5;

/// `--instructions [RULESET]`: for each ruleset (or the one named), build the 8 v 8
/// battlefields of seeds 1000… (the bench's, a caster a side) and then play them in
/// [`counted_battles`], the one function `tools/instructions.sh` has valgrind count
/// (`--toggle-collect`): level generation and parsing stay outside the count. Prints
/// `RULESET BATTLES COMMANDS` a line.
fn instructions(only: Option<&str>) -> std::process::ExitCode {
    let rulesets: Vec<RulesetId> = match only {
        Some(name) => match big_level::ruleset(name) {
            Ok(r) if r.playable() => vec![r],
            Ok(r) => {
                eprintln!("skirmish-bench: {r} cannot be played yet");
                return std::process::ExitCode::from(2);
            }
            Err(e) => {
                eprintln!("skirmish-bench: {e}");
                return std::process::ExitCode::from(2);
            }
        },
        None => playable(),
    };
    for r in rulesets {
        let levels: Vec<_> = (0..COUNTED_BATTLES)
            .map(|k| caster_level(r, 1000 + k))
            .collect();
        let commands = counted_battles(levels);
        println!("{r} {COUNTED_BATTLES} {commands}");
    }
    std::process::ExitCode::SUCCESS
}

/// Play each level's AI battle to its end (battle `k` seeded `k`, as `--split` does);
/// the commands of all. Never inlined: valgrind counts the instructions inside it.
#[inline(never)]
fn counted_battles(levels: Vec<skirmish_rules::level::Level>) -> usize {
    let mut commands = 0;
    for (k, l) in levels.into_iter().enumerate() {
        let Ok(mut b) = Battle::new(l, k as u64, Vec::new()) else {
            continue;
        };
        ai::play_out(&mut b, sim::MAX_COMMANDS);
        commands += b.history().commands.len();
        black_box(b.status());
    }
    black_box(commands)
}

fn write_json(json: Option<String>, out: &[serde_json::Value]) {
    if let Some(path) = json {
        let text = serde_json::to_string_pretty(out).unwrap_or_default();
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {path}: {e}");
        }
    }
}

/// Saves and the forecast (issue 32): save and load a 200-command battle of each ruleset
/// (8 v 8 on 24×24), and 1,000 play-outs of an 8 v 8 battle from round 1 on 2 threads.
fn saves(n: usize, out: &mut Vec<serde_json::Value>) {
    use skirmish_rules::forecast::{ForecastOptions, forecast};
    use skirmish_rules::save::{LevelCopy, Save, SideSettings};
    for r in playable() {
        // The first battlefield whose battle lasts 200 commands.
        let (src, b) = (1000u64..)
            .find_map(|seed| {
                let src =
                    sim::random_level_text_with(r, GridKind::Square, 24, 24, 8, seed, caster(r))
                        .expect("level");
                let l = level::parse(&src, "random").expect("level");
                let mut b = Battle::new(l, seed, Vec::new()).expect("battle");
                ai::play_out(&mut b, 200);
                (b.history().commands.len() == 200).then_some((src, b))
            })
            .expect("a battle of 200 commands");
        let copy = LevelCopy::new("random", &src).expect("level copy");
        let sides = SideSettings::defaults(b.level());
        let text = Save::of(&b, copy.clone(), sides.clone())
            .expect("save")
            .to_ron();
        let s = Sample::of(n, |_| {
            let save = Save::of(&b, copy.clone(), sides.clone()).expect("save");
            black_box(save.to_ron().len());
        });
        row(
            &format!("save a 200-command battle, {r} ({} KB)", text.len() / 1024),
            &s,
            20.0,
            Judge::Median,
            out,
        );
        let s = Sample::of(n, |_| {
            let loaded = Save::load(&text).expect("load");
            black_box(loaded.battle.log().len());
        });
        row(
            &format!("load a 200-command battle, {r} ({} events)", b.log().len()),
            &s,
            20.0,
            Judge::Median,
            out,
        );
    }
    // The forecast: on 2 threads (the target's 2 cores), a few runs each. On a machine
    // shared with other work the wall time says how much of the 2 cores it got; the CPU
    // time it took, halved, is what 2 free cores would take.
    let runs = (n / 8).max(3);
    for r in playable() {
        let b = Battle::new(caster_level(r, 2000), 1, Vec::new()).expect("battle");
        let cancel = std::sync::atomic::AtomicBool::new(false);
        let mut cpu = Vec::new();
        let s = Sample::of(runs, |i| {
            let before = cpu_ms();
            let f = forecast(
                &b,
                &ForecastOptions {
                    battles: 1000,
                    seed: i as u64,
                    jobs: 2,
                },
                &|_| {},
                &cancel,
            );
            black_box(f.played);
            if let (Some(a), Some(b)) = (before, cpu_ms()) {
                cpu.push((b - a) / 2.0);
            }
        });
        row(
            &format!("forecast 1,000 play-outs 8v8 24x24, {r}, 2 threads, wall"),
            &s,
            3000.0,
            Judge::Median,
            out,
        );
        if !cpu.is_empty() {
            // The warm-up run is the first; drop it as `Sample::of` does.
            cpu.remove(0);
            cpu.sort_by(f64::total_cmp);
            row(
                &format!("forecast 1,000 play-outs 8v8 24x24, {r}, CPU time / 2"),
                &Sample(cpu),
                3000.0,
                Judge::Median,
                out,
            );
        }
    }
}

/// The CPU time this process has used so far, all threads, in ms (Linux: user and system
/// time from `/proc/self/stat`, in ticks of 10 ms; `None` elsewhere).
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which may hold spaces), from field 3 on.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) * 10.0)
}

/// Where a battle's time goes: deciding vs submitting, by command kind (printed with
/// `--split [N] [RULESET] [--level FILE]`: N battles per ruleset, seeds 1000…, or of
/// the level FILE, to profile with perf).
pub fn split() {
    let battles: u64 = std::env::args()
        .skip_while(|a| a != "--split")
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    // `--split N RULESET`: one ruleset only.
    let only = std::env::args().skip_while(|a| a != "--split").nth(2);
    // `--level FILE`: N battles of that level (battle k with seed k) instead, for scale.
    let file = std::env::args().skip_while(|a| a != "--level").nth(1);
    let file = file.map(|f| level::load(std::path::Path::new(&f)).expect("level loads"));
    for r in playable() {
        if file.as_ref().is_some_and(|l| l.ruleset != r) {
            continue;
        }
        if only.as_ref().is_some_and(|o| *o != r.to_string()) {
            continue;
        }
        let (mut td, mut ts, mut n) = (0.0, 0.0, 0);
        let mut count: std::collections::BTreeMap<String, usize> = Default::default();
        let mut by_kind: std::collections::BTreeMap<String, f64> = Default::default();
        for k in 0..battles {
            let l = file.clone().unwrap_or_else(|| caster_level(r, 1000 + k));
            let mut b = Battle::new(l, k, Vec::new()).expect("battle");
            let mut left = 20000;
            while !matches!(b.status(), Status::Ended(_)) && left > 0 {
                left -= 1;
                let t = Instant::now();
                let Some(c) = ai::decide(&b) else { break };
                let d = t.elapsed().as_secs_f64() * 1000.0;
                let kind = match &c {
                    Command::Move { .. } => "Move",
                    Command::Attack { .. } => "Attack",
                    Command::Act { .. } => "Act",
                    Command::React { .. } => "React",
                    Command::EndTurn { .. } => "EndTurn",
                };
                let t = Instant::now();
                let _ = b.submit(c);
                let s = t.elapsed().as_secs_f64() * 1000.0;
                td += d;
                ts += s;
                n += 1;
                *by_kind.entry(format!("decide->{kind}")).or_default() += d;
                *count.entry(kind.to_string()).or_default() += 1;
                *by_kind.entry(format!("submit {kind}")).or_default() += s;
            }
        }
        println!("{r}: {battles} battles, {n} commands, decide {td:.1} ms, submit {ts:.1} ms");
        for (k, v) in by_kind {
            println!("  {k:<16} {v:>8.2} ms");
        }
        println!("  commands by kind: {count:?}");
    }
}
