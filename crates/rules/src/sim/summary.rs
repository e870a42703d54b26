//! The simulator's summary: wins with their intervals, damage, rounds and how often
//! each rule fired.

use std::collections::BTreeMap;

use serde::Serialize;

use super::*;
use crate::level::Level;

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
    /// Commands in all battles.
    pub commands: usize,
    /// Commands in all battles by kind (`Act`, `Attack`, `EndTurn`, `Move`, `React`).
    pub commands_by_kind: BTreeMap<String, usize>,
    /// How long the AI's commands took, when the battles were timed (`skirmish sim`);
    /// left out otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timing: Option<Timing>,
    /// Rules fired, most frequent first.
    pub rules: Vec<RuleSummary>,
    /// Invariant violations and panics (soak), with the battle's seed.
    pub violations: Vec<String>,
    /// Turns ended by the AI's guard for making no progress, in all battles (a rules or
    /// AI bug; left out of the JSON and the table when 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub stuck_turns: usize,
}

/// The time the AI took per decision: one command chosen by the AI and carried out
/// (`ai::Guard::play` of one command: the decision and the engine's work on it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Microseconds per decision over all battles (all their time over all their
    /// commands).
    pub us_per_decision: f64,
    /// Microseconds per decision in each battle, in battle order.
    pub us_per_decision_by_battle: Vec<f64>,
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
    commands: usize,
    commands_by_kind: BTreeMap<String, usize>,
    /// Timed battles: total nanoseconds, and µs per decision of each.
    timed_ns: u64,
    timed: Vec<f64>,
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
            commands: 0,
            commands_by_kind: BTreeMap::new(),
            timed_ns: 0,
            timed: Vec::new(),
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
        self.commands += r.commands;
        for (k, v) in &r.commands_by_kind {
            *self.commands_by_kind.entry(k.clone()).or_insert(0) += v;
        }
        if r.decision_ns > 0 {
            self.timed_ns += r.decision_ns;
            self.timed
                .push(r.decision_ns as f64 / 1000.0 / r.commands.max(1) as f64);
        }
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
        let timing = (!self.timed.is_empty()).then(|| Timing {
            us_per_decision: self.timed_ns as f64 / 1000.0 / self.commands.max(1) as f64,
            us_per_decision_by_battle: self.timed,
        });
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
            commands: self.commands,
            commands_by_kind: self.commands_by_kind,
            timing,
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
