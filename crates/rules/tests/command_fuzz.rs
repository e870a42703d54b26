//! Property test of commands (issue 15): random command sequences on random levels, for
//! every playable ruleset and both grids. Each step submits either the AI's own command
//! (so battles move on) or a command made up from the battle's current state by the
//! fuzzer's own maker (`fuzz::CommandMaker` reading the case's words), which asks the
//! battle's ruleset: a button of its action bar with a random pick (sometimes of the
//! wrong kind), a random option of its choice and a field changed at random, an answer
//! to the open reaction window (any option it offers, a decline or one it does not
//! offer, a commit in or out of range), and random unit ids (out-of-range ones too),
//! cells (off the map too), targets, items and slots, casting at every kind of aim,
//! moves, attacks, `EndTurn`. Then:
//! - nothing panics;
//! - a refused command leaves the state byte-identical: the log (its length and a hash of
//!   its JSON), every unit's cell, HP, life, AP/RP, slots and conditions, the status, the
//!   open window, the round, the ground and the readied units;
//! - a command `Battle::check` refuses, `Battle::submit` refuses too;
//! - an accepted command adds at least one event (a command that changes nothing would be
//!   chosen again forever: the hang of issue 15) and keeps the soak invariants
//!   (`sim::Invariants`: a shadow battle rebuilt from the log alone, checked after every
//!   event, and equal to the real battle at the end);
//! - the AI's own commands are accepted.
//!
//! Deterministic: a fixed seed, no failure files. The number of cases is 32 (about 5 s
//! in the dev profile); `SKIRMISH_FUZZ_CASES=<n>` (or `PROPTEST_CASES=<n>`) runs more, and
//! `PROPTEST_RNG_SEED=<n>` other ones. A long run, in release:
//! `SKIRMISH_FUZZ_CASES=100000 cargo test -p skirmish-rules --release command_fuzz`.
//! A failure prints the shrunk case (ruleset, grid, level and battle seeds, steps).

use skirmish_rules::rulesets::Registry;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError, TestRunner};
use skirmish_rules::ai;
use skirmish_rules::fuzz;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;
use skirmish_rules::{Battle, Status};

/// Cases in the normal test run.
const CASES: u32 = 32;

fn cases() -> u32 {
    ["SKIRMISH_FUZZ_CASES", "PROPTEST_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.trim().parse().ok())
        .unwrap_or(CASES)
}

fn config() -> Config {
    let rng_seed = std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0xc0_3a4d);
    Config {
        cases: cases(),
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(rng_seed),
        // A shrink step replays a whole battle: keep shrinking bounded.
        max_shrink_iters: 2_000,
        ..Config::default()
    }
}

/// One step: the AI's command, or a made-up one from these random words (read against
/// the state at that moment, so the same words make a different command later).
#[derive(Clone, Debug)]
enum Step {
    Ai,
    Made([u32; 16]),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => Just(Step::Ai),
        1 => any::<[u32; 16]>().prop_map(Step::Made),
    ]
}

/// A random battle and its steps.
#[derive(Clone, Debug)]
struct Case {
    ruleset: RulesetId,
    grid: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    level_seed: u64,
    battle_seed: u64,
    steps: Vec<Step>,
}

fn case() -> impl Strategy<Value = Case> {
    let playable: Vec<RulesetId> = RulesetId::ALL
        .into_iter()
        .filter(|r| r.playable())
        .collect();
    (
        prop::sample::select(playable),
        prop::sample::select(vec![GridKind::Square, GridKind::Hex]),
        4..=12usize,
        3..=9usize,
        1..=4usize,
        any::<u64>(),
        any::<u64>(),
        prop::collection::vec(step(), 1..=120),
    )
        .prop_map(
            |(ruleset, grid, w, h, per_side, level_seed, battle_seed, steps)| Case {
                ruleset,
                grid,
                w,
                h,
                per_side,
                level_seed,
                battle_seed,
                steps,
            },
        )
}

/// Everything a refused command must leave as it was: the fuzzer's fingerprint (cells,
/// HP, life, pools, slots, carried items, conditions, status, window, round, ground,
/// readied units) and the log (its length and a hash of its JSON).
#[derive(Debug, PartialEq)]
struct Fingerprint {
    log_len: usize,
    log_hash: u64,
    state: fuzz::Fingerprint,
}

fn fingerprint(b: &Battle) -> Fingerprint {
    let json = serde_json::to_string(b.log()).expect("the log serializes");
    let mut h = DefaultHasher::new();
    json.hash(&mut h);
    Fingerprint {
        log_len: b.log().len(),
        log_hash: h.finish(),
        state: fuzz::fingerprint(b),
    }
}

/// Play the case; `Err` says what broke, at which step.
fn run(c: &Case) -> Result<(), String> {
    bump(&TALLY.cases, 1);
    // On the smallest maps, walls may leave a side's band no free cell: no battle then.
    let Ok(level) = sim::random_level(c.ruleset, c.grid, c.w, c.h, c.per_side, c.level_seed) else {
        bump(&TALLY.no_level, 1);
        return Ok(());
    };
    let mut b = Battle::new(level.clone(), c.battle_seed, Vec::new()).map_err(|e| e.to_string())?;
    let mut inv = sim::Invariants::new(&level, c.battle_seed)?;
    let mut seen = 0;
    for (i, s) in c.steps.iter().enumerate() {
        let cmd = match s {
            Step::Ai => match ai::decide(&b) {
                Some(cmd) => cmd,
                None => break,
            },
            Step::Made(words) => fuzz::CommandMaker(&mut fuzz::Words(words, 0)).command(&b),
        };
        let before = fingerprint(&b);
        let checked = b.check(&cmd);
        match b.submit(cmd.clone()) {
            Err(e) => {
                if matches!(s, Step::Ai) {
                    return Err(format!("step {i}: the AI's {cmd:?} was refused: {e}"));
                }
                bump(&TALLY.refused, 1);
                let after = fingerprint(&b);
                if after != before {
                    return Err(format!(
                        "step {i}: refused {cmd:?} ({e}) changed the state:\n{before:?}\n{after:?}"
                    ));
                }
            }
            Ok(added) => {
                bump(&TALLY.accepted, 1);
                bump(&TALLY.by_ai, u64::from(matches!(s, Step::Ai)));
                bump(&TALLY.events, added as u64);
                if let Err(e) = checked {
                    return Err(format!(
                        "step {i}: {cmd:?} was refused by check ({e}) and accepted by submit"
                    ));
                }
                if added == 0 || b.log().len() != before.log_len + added {
                    return Err(format!(
                        "step {i}: {cmd:?} was accepted and added {added} event(s), the log {} -> {}",
                        before.log_len,
                        b.log().len()
                    ));
                }
                let mut v = Vec::new();
                inv.follow(&b, seen, &mut v);
                seen = b.log().len();
                if !v.is_empty() {
                    return Err(format!("step {i}: after {cmd:?}: {}", v.join("; ")));
                }
            }
        }
        if matches!(b.status(), Status::Ended(_)) {
            bump(&TALLY.ended, 1);
            break;
        }
    }
    let mut v = Vec::new();
    inv.finish(&b, &mut v);
    if v.is_empty() {
        Ok(())
    } else {
        Err(format!("at the end: {}", v.join("; ")))
    }
}

/// What the steps came to, over all cases (printed at the end: `--nocapture`).
struct Tally {
    cases: AtomicU64,
    accepted: AtomicU64,
    refused: AtomicU64,
    by_ai: AtomicU64,
    events: AtomicU64,
    ended: AtomicU64,
    no_level: AtomicU64,
}

static TALLY: Tally = Tally {
    cases: AtomicU64::new(0),
    accepted: AtomicU64::new(0),
    refused: AtomicU64::new(0),
    by_ai: AtomicU64::new(0),
    events: AtomicU64::new(0),
    ended: AtomicU64::new(0),
    no_level: AtomicU64::new(0),
};

fn bump(n: &AtomicU64, by: u64) {
    n.fetch_add(by, Ordering::Relaxed);
}

#[test]
fn random_commands_never_panic_and_refusals_change_nothing() {
    let start = std::time::Instant::now();
    let mut runner = TestRunner::new(config());
    let result = runner.run(&case(), |c| run(&c).map_err(TestCaseError::fail));
    let t = &TALLY;
    let get = |n: &AtomicU64| n.load(Ordering::Relaxed);
    // A shrinking failure replays cases: the figures are of a passing run.
    eprintln!(
        "command_fuzz: {} cases ({} with no room on the map for a side), {} commands accepted \
         ({} of them the AI's), {} refused, {} events, {} battles ended, in {:.1} s",
        get(&t.cases),
        get(&t.no_level),
        get(&t.accepted),
        get(&t.by_ai),
        get(&t.refused),
        get(&t.events),
        get(&t.ended),
        start.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
