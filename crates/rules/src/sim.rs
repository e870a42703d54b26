//! AI-vs-AI battles for balancing (`skirmish sim`), invariant checking (`skirmish soak`)
//! and benchmarks: run a battle to its end, count what happened, check the state after
//! every event, and sum many battles up. Battle seeds derive from one seed, and results
//! are kept in battle order, so the same seed gives the same numbers on any number of
//! threads.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::battle::{Battle, Status};
use crate::components::UnitId;
use crate::event::{AttackKind, Event, Outcome};
use crate::grid::{Cell, GridKind};
use crate::level::{self, Level};
use crate::rulesets::RulesetId;

/// Commands after which a battle counts as unfinished.
pub const MAX_COMMANDS: usize = 20_000;

/// The seed of battle `i` of a run seeded with `seed` (SplitMix64).
pub fn battle_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one battle came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BattleResult {
    /// Its seed.
    pub seed: u64,
    /// Winning side's index (`None`: nobody, or unfinished).
    pub winner: Option<usize>,
    /// Did it end (rather than hit [`MAX_COMMANDS`])?
    pub finished: bool,
    /// Rounds played.
    pub rounds: u32,
    /// Commands submitted.
    pub commands: usize,
    /// Events logged.
    pub events: usize,
    /// Damage dealt by each side.
    pub damage: Vec<i64>,
    /// How often each rule fired.
    pub fired: BTreeMap<String, u64>,
    /// Invariant violations (soak) and a panic, if any.
    pub violations: Vec<String>,
    /// Turns the AI's guard ended because they made no progress ([`crate::ai::Guard`]):
    /// a rules or AI bug. Left out of the JSON when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub stuck_turns: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl BattleResult {
    /// A battle that could not be played, and why.
    pub fn failed(seed: u64, why: String) -> BattleResult {
        BattleResult {
            seed,
            winner: None,
            finished: false,
            rounds: 0,
            commands: 0,
            events: 0,
            damage: Vec::new(),
            fired: BTreeMap::new(),
            violations: vec![why],
            stuck_turns: 0,
        }
    }
}

/// Play one AI-vs-AI battle of `level` with `seed`. With `check`, every event is applied
/// to a shadow battle and the invariants are checked after each (see [`Invariants`]).
pub fn run_battle(level: &Level, seed: u64, check: bool) -> BattleResult {
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| play(level, seed, check)));
    match outcome {
        Ok(r) => r,
        Err(p) => {
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            BattleResult::failed(seed, format!("panic: {why}"))
        }
    }
}

fn play(level: &Level, seed: u64, check: bool) -> BattleResult {
    let mut r = BattleResult {
        seed,
        winner: None,
        finished: false,
        rounds: 0,
        commands: 0,
        events: 0,
        damage: vec![0; level.sides.len()],
        fired: BTreeMap::new(),
        violations: Vec::new(),
        stuck_turns: 0,
    };
    let mut b = match Battle::new(level.clone(), seed, Vec::new()) {
        Ok(b) => b,
        Err(e) => {
            r.violations.push(format!("setup: {e}"));
            return r;
        }
    };
    let mut shadow = if check {
        match Invariants::new(level, seed) {
            Ok(s) => Some(s),
            Err(e) => {
                r.violations.push(e);
                return r;
            }
        }
    } else {
        None
    };
    let mut seen = 0;
    // One guard for the whole battle: it counts a turn's commands across the calls.
    let mut guard = crate::ai::Guard::new();
    while r.commands < MAX_COMMANDS {
        if matches!(b.status(), Status::Ended(_)) {
            break;
        }
        // One command at a time, so the shadow can check every event of each.
        if guard.play(&mut b, 1, |_| true) == 0 {
            break;
        }
        r.commands += 1;
        if let Some(s) = &mut shadow {
            s.follow(&b, seen, &mut r.violations);
            if r.violations.len() > 20 {
                break;
            }
        }
        seen = b.log().len();
    }
    if let Some(s) = &shadow {
        s.finish(&b, &mut r.violations);
    }
    count(&b, &mut r);
    r.stuck_turns = guard.stuck().len();
    if check {
        r.violations
            .extend(guard.stuck().iter().map(|s| format!("stuck turn: {s}")));
    }
    r.finished = matches!(b.status(), Status::Ended(_));
    if check && !r.finished {
        r.violations
            .push(format!("did not end within {MAX_COMMANDS} commands"));
    }
    if let Status::Ended(w) = b.status() {
        r.winner = w.map(|s| s.0 as usize);
    }
    r.rounds = b.round();
    r.events = b.log().len();
    r
}

fn bump(m: &mut BTreeMap<String, u64>, k: impl Into<String>) {
    *m.entry(k.into()).or_insert(0) += 1;
}

/// Count the rules that fired.
fn count(b: &Battle, r: &mut BattleResult) {
    let m = &mut r.fired;
    for l in b.log() {
        match &l.event {
            Event::Attack {
                kind,
                outcome,
                roll,
                against,
                ..
            } => {
                bump(m, "attacks");
                if outcome.is_success() {
                    bump(m, "hits");
                }
                if *outcome == Outcome::Critical {
                    bump(m, "critical hits");
                }
                match kind {
                    AttackKind::Normal => {}
                    k => bump(m, format!("{} attacks", format!("{k:?}").to_lowercase())),
                }
                for x in roll.modifiers.iter().chain(against) {
                    let name = x.name.split(':').next().unwrap_or(&x.name).trim();
                    if !matches!(
                        name,
                        "AC" | "BAB" | "STR" | "DEX" | "bonus" | "skill" | "Agility"
                    ) {
                        bump(m, format!("modifier: {name}"));
                    }
                }
            }
            Event::Damage {
                source: Some(src),
                amount,
                ..
            } => {
                let side = b.side(*src).0 as usize;
                if let Some(d) = r.damage.get_mut(side) {
                    *d += i64::from(*amount);
                }
            }
            Event::Defence { kind, success, .. } => {
                bump(m, format!("defence: {kind}"));
                if *success {
                    bump(m, format!("defence: {kind} stopped the hit"));
                }
            }
            Event::Reacted { kind, .. } => bump(m, format!("reaction: {kind}")),
            Event::ConditionAdded { kind, .. } => bump(m, format!("condition: {kind:?}")),
            Event::Check { purpose, .. } => bump(m, format!("check: {purpose:?}")),
            Event::Down { .. } => bump(m, "taken down"),
            Event::SlotUsed { on, .. } | Event::ApSpent { on, .. } => {
                bump(m, format!("spent on: {on:?}"))
            }
            _ => {}
        }
    }
}

/// Invariants checked after every event, on a shadow battle that is rebuilt from the
/// event log alone (so the log must describe every change):
/// - no two living units on one cell (a unit passing through an ally may share its cell
///   until its movement goes on), none on a wall, none resting on a pit or low wall;
/// - no negative AP or RP, no more action slots than a turn gives;
/// - every unit's HP equals its starting HP less the damage events against it plus
///   the healing events;
/// - at the end, the shadow's positions and HP equal the real battle's.
pub struct Invariants {
    shadow: Battle,
    start_hp: BTreeMap<UnitId, i32>,
    damage: BTreeMap<UnitId, i64>,
    passing: Vec<UnitId>,
}

impl Invariants {
    /// A shadow of the battle `level` with `seed` starts as the battle does.
    pub fn new(level: &Level, seed: u64) -> Result<Invariants, String> {
        let shadow = Battle::new(level.clone(), seed, Vec::new()).map_err(|e| e.to_string())?;
        let start_hp = level
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| (UnitId(i as u32), u.hp))
            .collect();
        // Setting the battle up can already deal damage (a unit that starts Dying fails
        // its save on the first turn): those events are in the shadow's log and count.
        let mut damage = BTreeMap::new();
        for l in shadow.log() {
            match &l.event {
                Event::Damage { unit, amount, .. } => {
                    *damage.entry(*unit).or_insert(0) += i64::from(*amount);
                }
                Event::Healed { unit, amount, .. } => {
                    *damage.entry(*unit).or_insert(0) -= i64::from(*amount);
                }
                _ => {}
            }
        }
        Ok(Invariants {
            shadow,
            start_hp,
            damage,
            passing: Vec::new(),
        })
    }

    /// Apply the real battle's events from `from` on, checking after each.
    pub fn follow(&mut self, real: &Battle, from: usize, out: &mut Vec<String>) {
        let n = real.log().len();
        for i in from.max(self.shadow.log().len())..n {
            let l = &real.log()[i];
            match &l.event {
                Event::Damage { unit, amount, .. } => {
                    *self.damage.entry(*unit).or_insert(0) += i64::from(*amount);
                }
                Event::Healed { unit, amount, .. } => {
                    *self.damage.entry(*unit).or_insert(0) -= i64::from(*amount);
                }
                _ => {}
            }
            self.shadow.replay_event(l.event.clone());
            let mover = match &l.event {
                Event::Moved { unit, .. } => Some(*unit),
                _ => None,
            };
            // Passing through: units whose movement was under way when the last command
            // stopped (a reaction window) or that moved during this one, until the command
            // ends; then only those whose movement is still under way.
            self.passing.extend(mover);
            if i + 1 == n {
                self.passing = real.moving();
            }
            let passing = std::mem::take(&mut self.passing);
            self.check(i, &passing, out);
            self.passing = passing;
        }
    }

    fn check(&self, i: usize, passing: &[UnitId], out: &mut Vec<String>) {
        let passing = |u: UnitId| passing.contains(&u);
        let b = &self.shadow;
        let at = |what: String| format!("event {}: {what}", i + 1);
        let mut cells: BTreeMap<Cell, UnitId> = BTreeMap::new();
        for u in b.units().filter(|&u| b.alive(u)) {
            let c = b.pos(u);
            if let Some(o) = cells.insert(c, u)
                && !passing(u)
                && !passing(o)
            {
                out.push(at(format!("{} and {} share {c}", b.name(o), b.name(u))));
            }
            let t = b.terrain(c);
            if t.cost().is_none() && (!passing(u) || t == level::Terrain::Wall) {
                out.push(at(format!("{} stands on {} at {c}", b.name(u), t.name())));
            }
            if b.ap(u) < 0 || b.rp(u) < 0 {
                out.push(at(format!(
                    "{} has AP {} RP {}",
                    b.name(u),
                    b.ap(u),
                    b.rp(u)
                )));
            }
            for v in b.rules().budget_violations(b, u) {
                out.push(at(v));
            }
            let want = i64::from(self.start_hp.get(&u).copied().unwrap_or(0))
                - self.damage.get(&u).copied().unwrap_or(0);
            if i64::from(b.hp(u)) != want {
                out.push(at(format!(
                    "{} has {} HP; its start less the damage events is {want}",
                    b.name(u),
                    b.hp(u)
                )));
            }
        }
    }

    /// The shadow, rebuilt from the log alone, must match the real battle.
    pub fn finish(&self, real: &Battle, out: &mut Vec<String>) {
        let b = &self.shadow;
        for u in real.units() {
            if b.pos(u) != real.pos(u) || b.hp(u) != real.hp(u) || b.alive(u) != real.alive(u) {
                out.push(format!(
                    "the log does not rebuild {}: {} {} HP vs {} {} HP",
                    real.name(u),
                    b.pos(u),
                    b.hp(u),
                    real.pos(u),
                    real.hp(u)
                ));
            }
        }
    }
}

/// Run `f(0..n)` on `jobs` threads and hand each result to `each` in index order, as
/// soon as it and every earlier one are in, whatever the threads' timing; `done` is
/// called after each with the number finished so far. Nothing is allocated per index:
/// only results that finished ahead of an earlier one wait (a few per thread).
pub fn parallel_each<T: Send>(
    n: usize,
    jobs: usize,
    f: &(dyn Fn(usize) -> T + Sync),
    done: &(dyn Fn(usize) + Sync),
    each: &mut (dyn FnMut(T) + Send),
) {
    struct InOrder<'a, T> {
        next: usize,
        waiting: BTreeMap<usize, T>,
        each: &'a mut (dyn FnMut(T) + Send),
    }
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let order = Mutex::new(InOrder {
        next: 0,
        waiting: BTreeMap::new(),
        each,
    });
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, n.max(1)) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let r = f(i);
                    if let Ok(mut guard) = order.lock() {
                        let o = &mut *guard;
                        o.waiting.insert(i, r);
                        while let Some(r) = o.waiting.remove(&o.next) {
                            o.next += 1;
                            (o.each)(r);
                        }
                    }
                    done(finished.fetch_add(1, Ordering::Relaxed) + 1);
                }
            });
        }
    });
}

/// Run `f(0..n)` on `jobs` threads (see [`parallel_each`]); the results in index order.
pub fn parallel<T: Send>(
    n: usize,
    jobs: usize,
    f: &(dyn Fn(usize) -> T + Sync),
    done: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    let mut out = Vec::new();
    parallel_each(n, jobs, f, done, &mut |r| out.push(r));
    out
}

/// Play `n` battles of `level` on `jobs` threads (see [`parallel`]).
pub fn run_many(
    level: &Level,
    seed: u64,
    n: usize,
    jobs: usize,
    check: bool,
    done: &(dyn Fn(usize) + Sync),
) -> Vec<BattleResult> {
    parallel(
        n,
        jobs,
        &|i| run_battle(level, battle_seed(seed, i as u64), check),
        done,
    )
}

/// Play `n` battles of `level` on `jobs` threads and sum them up as they finish (what
/// `skirmish sim` prints): memory does not grow with `n`.
pub fn simulate(
    level: &Level,
    seed: u64,
    n: usize,
    jobs: usize,
    done: &(dyn Fn(usize) + Sync),
) -> Summary {
    let mut tally = Tally::new(level, seed);
    parallel_each(
        n,
        jobs,
        &|i| run_battle(level, battle_seed(seed, i as u64), false),
        done,
        &mut |r| tally.add(&r),
    );
    tally.finish()
}

/// Mean and standard deviation of a stream (Welford).
#[derive(Clone, Copy, Debug, Default)]
struct MeanSd {
    n: f64,
    mean: f64,
    m2: f64,
}

impl MeanSd {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        let d = x - self.mean;
        self.mean += d / self.n;
        self.m2 += d * (x - self.mean);
    }

    fn get(&self) -> (f64, f64) {
        if self.n == 0.0 {
            return (0.0, 0.0);
        }
        (self.mean, (self.m2 / self.n).max(0.0).sqrt())
    }
}

/// Wilson score interval at 95% for `k` successes out of `n`.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

/// A side's row of the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSummary {
    /// Name.
    pub name: String,
    /// Battles won.
    pub wins: usize,
    /// Win rate.
    pub win_rate: f64,
    /// 95% interval of the win rate (Wilson).
    pub win_rate_95: (f64, f64),
    /// Mean damage dealt per battle.
    pub damage_mean: f64,
    /// Its standard deviation.
    pub damage_sd: f64,
}

/// A rule's row: how often it fired.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuleSummary {
    /// What fired.
    pub rule: String,
    /// Times in all battles.
    pub total: u64,
    /// Mean per battle.
    pub per_battle: f64,
    /// Share of battles where it fired at least once.
    pub battles: f64,
}

/// Many battles summed up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Level name.
    pub level: String,
    /// Ruleset.
    pub ruleset: String,
    /// Grid.
    pub grid: String,
    /// Seed of the run.
    pub seed: u64,
    /// Battles.
    pub battles: usize,
    /// Per side.
    pub sides: Vec<SideSummary>,
    /// Battles nobody won (everyone down, or idle).
    pub draws: usize,
    /// Battles that hit the command limit.
    pub unfinished: usize,
    /// Rounds: mean, standard deviation, least, most.
    pub rounds: (f64, f64, u32, u32),
    /// Rules fired, most frequent first.
    pub rules: Vec<RuleSummary>,
    /// Invariant violations and panics (soak), with the battle's seed.
    pub violations: Vec<String>,
    /// Turns ended by the AI's guard for making no progress, in all battles (a rules or
    /// AI bug; left out of the JSON and the table when 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub stuck_turns: usize,
}

/// Battles summed up one at a time, keeping nothing per battle but its violations.
pub struct Tally {
    level: String,
    ruleset: String,
    grid: String,
    sides: Vec<String>,
    seed: u64,
    battles: usize,
    wins: Vec<usize>,
    damage: Vec<MeanSd>,
    draws: usize,
    unfinished: usize,
    rounds: MeanSd,
    least: Option<u32>,
    most: u32,
    /// Rule: (times in all battles, battles where it fired).
    totals: BTreeMap<String, (u64, usize)>,
    violations: Vec<String>,
    stuck_turns: usize,
}

impl Tally {
    /// Nothing counted yet, for battles of `level` from a run seeded with `seed`.
    pub fn new(level: &Level, seed: u64) -> Tally {
        let sides = level.sides.len();
        Tally {
            level: level.name.clone(),
            ruleset: level.ruleset.to_string(),
            grid: level.grid.kind.to_string(),
            sides: level.sides.iter().map(|s| s.name.clone()).collect(),
            seed,
            battles: 0,
            wins: vec![0; sides],
            damage: vec![MeanSd::default(); sides],
            draws: 0,
            unfinished: 0,
            rounds: MeanSd::default(),
            least: None,
            most: 0,
            totals: BTreeMap::new(),
            violations: Vec::new(),
            stuck_turns: 0,
        }
    }

    /// Count one battle.
    pub fn add(&mut self, r: &BattleResult) {
        self.battles += 1;
        for (i, d) in self.damage.iter_mut().enumerate() {
            d.add(r.damage.get(i).copied().unwrap_or(0) as f64);
        }
        if let Some(w) = r.winner.and_then(|w| self.wins.get_mut(w)) {
            *w += 1;
        }
        if r.finished && r.winner.is_none() {
            self.draws += 1;
        }
        if !r.finished {
            self.unfinished += 1;
        }
        self.stuck_turns += r.stuck_turns;
        self.rounds.add(f64::from(r.rounds));
        self.least = Some(self.least.map_or(r.rounds, |l| l.min(r.rounds)));
        self.most = self.most.max(r.rounds);
        for (k, v) in &r.fired {
            match self.totals.get_mut(k) {
                Some(e) => {
                    e.0 += v;
                    e.1 += 1;
                }
                None => {
                    self.totals.insert(k.clone(), (*v, 1));
                }
            }
        }
        self.violations
            .extend(r.violations.iter().map(|v| format!("seed {}: {v}", r.seed)));
    }

    /// The summary of the battles counted.
    pub fn finish(self) -> Summary {
        let n = self.battles;
        let sides = self
            .sides
            .into_iter()
            .zip(self.wins)
            .zip(self.damage)
            .map(|((name, wins), damage)| {
                let (damage_mean, damage_sd) = damage.get();
                SideSummary {
                    name,
                    wins,
                    win_rate: wins as f64 / n.max(1) as f64,
                    win_rate_95: wilson(wins, n),
                    damage_mean,
                    damage_sd,
                }
            })
            .collect();
        let (rm, rsd) = self.rounds.get();
        let mut rules: Vec<RuleSummary> = self
            .totals
            .into_iter()
            .map(|(k, (t, b))| RuleSummary {
                rule: k,
                total: t,
                per_battle: t as f64 / n.max(1) as f64,
                battles: b as f64 / n.max(1) as f64,
            })
            .collect();
        rules.sort_by(|a, b| b.total.cmp(&a.total).then(a.rule.cmp(&b.rule)));
        Summary {
            level: self.level,
            ruleset: self.ruleset,
            grid: self.grid,
            seed: self.seed,
            battles: n,
            sides,
            draws: self.draws,
            unfinished: self.unfinished,
            rounds: (rm, rsd, self.least.unwrap_or(0), self.most),
            rules,
            violations: self.violations,
            stuck_turns: self.stuck_turns,
        }
    }
}

/// Sum up results.
pub fn summarise(level: &Level, seed: u64, results: &[BattleResult]) -> Summary {
    let mut t = Tally::new(level, seed);
    for r in results {
        t.add(r);
    }
    t.finish()
}

impl Summary {
    /// The table `skirmish sim` prints.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{} — {}, {} grid — {} battles, seed {}\n\n",
            self.level, self.ruleset, self.grid, self.battles, self.seed
        );
        s.push_str(&format!(
            "{:<20} {:>6} {:>9}   {:<15} {:>14}\n",
            "side", "wins", "win rate", "95% interval", "damage/battle"
        ));
        for d in &self.sides {
            s.push_str(&format!(
                "{:<20} {:>6} {:>8.1}%   {:>5.1}% – {:>5.1}% {:>8.1} ± {:.1}\n",
                d.name,
                d.wins,
                d.win_rate * 100.0,
                d.win_rate_95.0 * 100.0,
                d.win_rate_95.1 * 100.0,
                d.damage_mean,
                d.damage_sd
            ));
        }
        s.push_str(&format!(
            "{:<20} {:>6}\n{:<20} {:>6}\n\n",
            "nobody won", self.draws, "unfinished", self.unfinished
        ));
        if self.stuck_turns > 0 {
            // Only when there are any: the table of a sound run is unchanged.
            s.truncate(s.len() - 1);
            s.push_str(&format!(
                "{:<20} {:>6}   (turns the AI's guard ended: they made no progress)\n\n",
                "stuck turns", self.stuck_turns
            ));
        }
        s.push_str(&format!(
            "rounds: mean {:.1}, sd {:.1}, least {}, most {}\n\n",
            self.rounds.0, self.rounds.1, self.rounds.2, self.rounds.3
        ));
        s.push_str(&format!(
            "{:<44} {:>10} {:>10} {:>9}\n",
            "rule fired", "total", "per battle", "battles"
        ));
        for r in &self.rules {
            s.push_str(&format!(
                "{:<44} {:>10} {:>10.2} {:>8.0}%\n",
                r.rule,
                r.total,
                r.per_battle,
                r.battles * 100.0
            ));
        }
        if !self.violations.is_empty() {
            s.push_str(&format!("\n{} violation(s):\n", self.violations.len()));
            for v in self.violations.iter().take(50) {
                s.push_str(&format!("  {v}\n"));
            }
        }
        s
    }
}

/// A random battlefield for soak runs and benchmarks: `per_side` units a side drawn from
/// the ruleset's archetypes, facing each other across a `w`×`h` map with scattered walls
/// and rough ground (and, in tactical-d20, high ground, low walls and pits). Every side
/// is played by the AI.
pub fn random_level(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
) -> Result<Level, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let extra: &[char] = match ruleset.rules() {
        Some(r) => r.random_terrain(),
        None => &['#', '~'],
    };
    let mut map: Vec<Vec<char>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| {
                    if rng.random_range(0..100) < 12 {
                        extra[rng.random_range(0..extra.len())]
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    let archetypes: Vec<String> = level::Catalogue::builtin(ruleset)
        .archetypes
        .into_keys()
        .collect();
    if archetypes.is_empty() {
        return Err(format!("{ruleset} has no archetypes"));
    }
    let band = (w / 4).max(1);
    let mut units = String::new();
    for (side, name) in ["Red", "Blue"].iter().enumerate() {
        let mut placed = 0;
        let mut tries = 0;
        while placed < per_side && tries < 10_000 {
            tries += 1;
            let x = if side == 0 {
                rng.random_range(0..band)
            } else {
                w - 1 - rng.random_range(0..band)
            };
            let y = rng.random_range(0..h);
            if map[y][x] != '.' {
                continue;
            }
            map[y][x] = 'u';
            let a = &archetypes[rng.random_range(0..archetypes.len())];
            units.push_str(&format!(
                "Unit(name: \"{name}{placed}\", side: \"{name}\", cell: ({x}, {y}), archetype: \"{a}\"),\n"
            ));
            placed += 1;
        }
    }
    let rows: Vec<String> = map
        .iter()
        .map(|r| {
            format!(
                "\"{}\"",
                r.iter()
                    .map(|&c| if c == 'u' { '.' } else { c })
                    .collect::<String>()
            )
        })
        .collect();
    let src = format!(
        "Level(name: \"random {seed}\", ruleset: \"{ruleset}\", grid: {kind:?}, seed: {seed},\n\
         map: [{}],\n\
         sides: [Side(name: \"Red\", colour: \"#c83c3c\", controller: Ai), Side(name: \"Blue\", colour: \"#3c6ec8\", controller: Ai)],\n\
         units: [{units}])",
        rows.join(",\n")
    );
    level::parse(&src, "random").map_err(|e| e.to_string())
}
