//! Property test of commands (issue 15): random command sequences on random levels, for
//! every playable ruleset and both grids. Each step submits either the AI's own command
//! (so battles move on) or a command made up from the battle's current state: random
//! unit ids (out-of-range ones too), random cells (off the map too), random targets,
//! items and slots, every `Action` variant with random fields, `React` with a random
//! choice, `EndTurn`. Then:
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

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError, TestRunner};
use skirmish_rules::ai;
use skirmish_rules::components::{Conditions, Slot, UnitId};
use skirmish_rules::engine::{
    Action, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20::{FocusOn, GrappleFollow, TacticalD20Action};
use skirmish_rules::sim;
use skirmish_rules::{Battle, Command, Status};

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
    Made([u32; 6]),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        1 => Just(Step::Ai),
        1 => any::<[u32; 6]>().prop_map(Step::Made),
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

/// Reads random words one at a time (0 once they run out).
struct Words<'a>(&'a [u32], usize);

impl Words<'_> {
    fn next(&mut self) -> u32 {
        let w = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        w
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u32) -> u32 {
        self.next() % n.max(1)
    }

    fn flag(&mut self) -> bool {
        self.next() & 1 == 1
    }

    /// A unit id: mostly one of the battle's, sometimes one past the end or far out.
    fn unit(&mut self, b: &Battle) -> UnitId {
        let n = b.units().count() as u32;
        match self.below(16) {
            0 => UnitId(n + self.below(3)),
            1 => UnitId(u32::MAX - self.below(2)),
            _ => UnitId(self.below(n.max(1))),
        }
    }

    /// A target for `u`: often the nearest living foe (or ally), else any id.
    fn target(&mut self, b: &Battle, u: UnitId) -> UnitId {
        let known = b.units().any(|x| x == u);
        let pick = self.below(4);
        if !known || pick == 0 {
            return self.unit(b);
        }
        let foe = pick > 1;
        b.units()
            .filter(|&x| x != u && b.alive(x) && b.enemies(u, x) == foe)
            .min_by_key(|&x| (b.grid().distance(b.pos(u), b.pos(x)), x))
            .unwrap_or_else(|| self.unit(b))
    }

    /// A cell: mostly on the map, sometimes just off it, sometimes far off.
    fn cell(&mut self, b: &Battle) -> Cell {
        let (w, h) = (b.level().grid.width, b.level().grid.height);
        match self.below(12) {
            0 => Cell {
                x: self.next() as i32,
                y: self.next() as i32,
            },
            1 | 2 => Cell {
                x: self.below(w as u32 + 4) as i32 - 2,
                y: self.below(h as u32 + 4) as i32 - 2,
            },
            _ => Cell {
                x: self.below(w as u32) as i32,
                y: self.below(h as u32) as i32,
            },
        }
    }

    /// A cell near a unit (moves and steps that could be legal).
    fn near(&mut self, b: &Battle, u: UnitId) -> Cell {
        if b.units().any(|x| x == u) && self.below(3) > 0 {
            let p = b.pos(u);
            let r = 1 + self.below(4) as i32;
            Cell {
                x: p.x + self.below(2 * r as u32 + 1) as i32 - r,
                y: p.y + self.below(2 * r as u32 + 1) as i32 - r,
            }
        } else {
            self.cell(b)
        }
    }

    fn item(&mut self) -> usize {
        match self.below(8) {
            0 => usize::MAX - self.below(2) as usize,
            1 => 3 + self.below(20) as usize,
            _ => self.below(3) as usize,
        }
    }

    fn opt<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        if self.flag() { Some(f(self)) } else { None }
    }

    fn slot(&mut self) -> Slot {
        [
            Slot::Standard,
            Slot::Attack,
            Slot::Move,
            Slot::Quick,
            Slot::Bonus,
        ][self.below(5) as usize]
    }

    fn reaction(&mut self) -> ReactionKind {
        use ReactionKind::*;
        [
            ReactionAttack,
            Dodge,
            Parry,
            Block,
            Riposte,
            Intercept,
            InterceptSwap,
            Pursuit,
            StepAside,
            Resist,
            WaitedAttack,
        ][self.below(11) as usize]
    }

    /// Every ruleset's actions, with random fields (a name two rulesets share moved to
    /// the battle's, as a script's is).
    fn action(&mut self, b: &Battle, u: UnitId) -> Action {
        self.any_action(b, u).for_ruleset(b.rules().id())
    }

    fn any_action(&mut self, b: &Battle, u: UnitId) -> Action {
        use CommonAction as C;
        use FlowAction as F;
        use TacticalD20Action as T;
        match self.below(34) {
            0 => F::Step {
                to: self.near(b, u),
            }
            .into(),
            1 => F::Feint {
                target: self.target(b, u),
            }
            .into(),
            2 => F::Shove {
                target: self.target(b, u),
                effect: if self.flag() {
                    ShoveEffect::Push
                } else {
                    ShoveEffect::Prone
                },
                both: self.flag(),
            }
            .into(),
            3 => F::Grapple {
                target: self.target(b, u),
            }
            .into(),
            4 => F::BreakFree.into(),
            5 => F::Release.into(),
            6 => F::Disarm {
                target: self.target(b, u),
                item: self.opt(|w| w.item()),
                send: self.opt(|w| w.near(b, u)),
            }
            .into(),
            7 => C::Draw { item: self.item() }.into(),
            8 => C::Sheathe { item: self.item() }.into(),
            9 => C::PickUp.into(),
            10 => F::FlowState.into(),
            11 => F::TotalDefense.into(),
            12 => F::Tumble {
                through: self.target(b, u),
            }
            .into(),
            13 => C::StandUp.into(),
            14 => F::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: ReadyResponse::Attack,
                until: ReadyUntil::NextTurn,
            }
            .into(),
            15 => T::Dash {
                to: self.near(b, u),
            }
            .into(),
            16 => T::Charge {
                target: self.target(b, u),
                to: self.opt(|w| w.near(b, u)),
            }
            .into(),
            17 => T::Jump {
                to: self.near(b, u),
            }
            .into(),
            18 => T::Overrun {
                to: self.near(b, u),
            }
            .into(),
            19 => T::Defend.into(),
            20 => T::Guard.into(),
            21 => T::Assist {
                ally: self.target(b, u),
            }
            .into(),
            22 => T::Focus {
                on: [FocusOn::Attack, FocusOn::Defence, FocusOn::Skills][self.below(3) as usize],
            }
            .into(),
            23 => T::Trip {
                target: self.target(b, u),
            }
            .into(),
            24 => T::Push {
                target: self.target(b, u),
                distance: self.opt(|w| match w.below(4) {
                    0 => u32::MAX,
                    _ => w.below(4),
                }),
            }
            .into(),
            25 => T::Sunder {
                target: self.target(b, u),
                item: self.opt(|w| w.item()),
            }
            .into(),
            26 => T::GrappleTurn {
                follow: [
                    GrappleFollow::Hold,
                    GrappleFollow::Release,
                    GrappleFollow::Trip,
                    GrappleFollow::Push,
                    GrappleFollow::Attack,
                ][self.below(5) as usize],
            }
            .into(),
            27 => T::Concentrate.into(),
            28 => T::TumbleTo {
                to: self.near(b, u),
            }
            .into(),
            29 => T::Give {
                item: self.item(),
                ally: self.target(b, u),
            }
            .into(),
            30 => T::Command {
                text: ["", "   ", "hold the line", &"go ".repeat(14), "é ü 漢"]
                    [self.below(5) as usize]
                    .to_string(),
            }
            .into(),
            31 => T::Wait.into(),
            32 => T::Patch {
                ally: self.target(b, u),
            }
            .into(),
            _ => F::BreakFree.into(),
        }
    }

    /// A command made up from the state: usually for the unit whose turn it is or who
    /// must answer, sometimes for anyone.
    fn command(&mut self, b: &Battle) -> Command {
        let deciding = match b.status() {
            Status::Turn(u) | Status::AwaitingReaction(u) => Some(u),
            Status::Ended(_) => None,
        };
        let unit = match deciding {
            Some(u) if self.below(4) > 0 => u,
            _ => self.unit(b),
        };
        match self.below(10) {
            0 | 1 => Command::Move {
                unit,
                to: self.near(b, unit),
            },
            2 | 3 => Command::Attack {
                unit,
                target: self.target(b, unit),
                weapon: self.opt(|w| w.item()),
                slot: self.opt(|w| w.slot()),
                aim: None,
            },
            4 => Command::EndTurn { unit },
            5 => Command::React {
                unit,
                choice: self.opt(|w| w.reaction()),
                commit: 0,
            },
            _ => Command::Act {
                unit,
                action: self.action(b, unit),
            },
        }
    }
}

/// Everything a refused command must leave as it was, in one comparable value.
#[derive(Debug, PartialEq)]
struct Fingerprint {
    log_len: usize,
    log_hash: u64,
    status: Status,
    round: u32,
    window: String,
    units: Vec<String>,
    ground: String,
    readied: Vec<UnitId>,
}

fn fingerprint(b: &Battle) -> Fingerprint {
    let json = serde_json::to_string(b.log()).expect("the log serializes");
    let mut h = DefaultHasher::new();
    json.hash(&mut h);
    let slots = [
        Slot::Standard,
        Slot::Attack,
        Slot::Move,
        Slot::Quick,
        Slot::Bonus,
    ];
    Fingerprint {
        log_len: b.log().len(),
        log_hash: h.finish(),
        status: b.status(),
        round: b.round(),
        window: format!("{:?}", b.window()),
        units: b
            .units()
            .map(|u| {
                format!(
                    "{} {} hp {} alive {} ap {} rp {} fp {} slots {:?} carry {:?} {:?}",
                    b.name(u),
                    b.pos(u),
                    b.hp(u),
                    b.alive(u),
                    b.ap(u),
                    b.rp(u),
                    b.fp(u),
                    slots.map(|s| b.slots(u, s)),
                    (0..b.weapons(u).len())
                        .map(|i| b.carried(u, i))
                        .collect::<Vec<_>>(),
                    b.get::<Conditions>(u).map(|c| &c.0),
                )
            })
            .collect(),
        ground: format!("{:?}", b.ground()),
        readied: b.readied().to_vec(),
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
            Step::Made(words) => Words(words, 0).command(&b),
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
