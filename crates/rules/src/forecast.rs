//! The win forecast: from a position of a battle, play the rest out many times with the
//! AI on every side and fresh dice, and say how likely each side is to win, how many
//! rounds are left and who is likely to fall (`skirmish forecast`; the window calls
//! [`forecast`] on a background thread, with a progress callback and a cancel flag).
//!
//! Play-out `i` gets the dice seeded with `sim::battle_seed(seed, i)` and the results
//! are summed in play-out order, so the same seed gives the same forecast on any
//! number of threads.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use crate::battle::{Battle, Status};
use crate::components::UnitId;
use crate::sim::{battle_seed, command_cap, parallel_each, wilson};

/// Commands a play-out gives between two looks at the cancel flag.
const CANCEL_EVERY: usize = 32;

/// How many play-outs, from which seed, on how many threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForecastOptions {
    /// Play-outs (at least 1).
    pub battles: usize,
    /// Seed; play-out `i` gets `sim::battle_seed(seed, i)`.
    pub seed: u64,
    /// Threads (at least 1).
    pub jobs: usize,
}

/// A side's chance to win.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideChance {
    /// The side's name.
    pub name: String,
    /// Play-outs it won.
    pub wins: usize,
    /// Its share of the play-outs.
    pub chance: f64,
    /// The 95% interval of that share (Wilson).
    pub chance_95: (f64, f64),
}

/// A unit's chance to fall (to be down at the end of a play-out, having stood at the
/// start).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitFall {
    /// Its id.
    pub unit: u32,
    /// Its name.
    pub name: String,
    /// Its side's name.
    pub side: String,
    /// Play-outs in which it fell.
    pub falls: usize,
    /// Their share.
    pub chance: f64,
    /// The 95% interval of that share (Wilson).
    pub chance_95: (f64, f64),
}

/// What the play-outs came to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Forecast {
    /// Level name.
    pub level: String,
    /// Ruleset id.
    pub ruleset: String,
    /// Grid kind.
    pub grid: String,
    /// Commands played before the position forecast from.
    pub from_command: usize,
    /// The round of that position.
    pub round: u32,
    /// The seed of the play-outs.
    pub seed: u64,
    /// Play-outs asked for.
    pub battles: usize,
    /// Play-outs counted (fewer than asked when cancelled).
    pub played: usize,
    /// The cancel flag stopped it.
    pub cancelled: bool,
    /// Each side's chance to win, in level order.
    pub sides: Vec<SideChance>,
    /// Play-outs that ended with no winner.
    pub draws: usize,
    /// Play-outs that hit the command limit.
    pub unfinished: usize,
    /// Rounds from the position to the end, on average (0: it ends in this round).
    pub rounds_left: f64,
    /// Their standard deviation.
    pub rounds_left_sd: f64,
    /// The units standing at the position, most likely to fall first (ties in level
    /// order).
    pub falls: Vec<UnitFall>,
}

/// One play-out.
struct PlayOut {
    winner: Option<usize>,
    finished: bool,
    rounds_left: u32,
    /// For each unit standing at the start (in `standing` order): down at the end.
    fell: Vec<bool>,
}

/// Play the rest of `b` out `opts.battles` times with the AI on every side and fresh
/// dice (see the module doc). `progress` is called with the number of play-outs done
/// after each; setting `cancel` stops it soon (the play-outs done so far are counted
/// and `cancelled` is set).
pub fn forecast(
    b: &Battle,
    opts: &ForecastOptions,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Forecast {
    let standing: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
    let sides = b.level().sides.len();
    let cap = command_cap(b.level());
    let play = |i: usize| -> Option<PlayOut> {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let mut c = b.branch(battle_seed(opts.seed, i as u64));
        let mut guard = crate::ai::Guard::new();
        let mut commands = 0;
        while commands < cap && !matches!(c.status(), Status::Ended(_)) {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let n = guard.play(&mut c, CANCEL_EVERY.min(cap - commands), |_| true);
            if n == 0 {
                break;
            }
            commands += n;
        }
        let (finished, winner) = match c.status() {
            Status::Ended(w) => (true, w.map(|s| s.0 as usize)),
            _ => (false, None),
        };
        Some(PlayOut {
            winner,
            finished,
            rounds_left: c.round().saturating_sub(b.round()),
            fell: standing.iter().map(|&u| !c.alive(u)).collect(),
        })
    };
    let mut played = 0usize;
    let mut wins = vec![0usize; sides];
    let (mut draws, mut unfinished) = (0usize, 0usize);
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    let mut falls = vec![0usize; standing.len()];
    parallel_each(
        opts.battles,
        opts.jobs.max(1),
        &play,
        progress,
        &mut |r: Option<PlayOut>| {
            let Some(r) = r else { return };
            played += 1;
            match r.winner {
                Some(w) => {
                    if let Some(n) = wins.get_mut(w) {
                        *n += 1;
                    }
                }
                None if r.finished => draws += 1,
                None => unfinished += 1,
            }
            let x = f64::from(r.rounds_left);
            sum += x;
            sum_sq += x * x;
            for (n, fell) in falls.iter_mut().zip(&r.fell) {
                *n += usize::from(*fell);
            }
        },
    );
    let share = |k: usize| {
        if played == 0 {
            0.0
        } else {
            k as f64 / played as f64
        }
    };
    let mean = if played == 0 {
        0.0
    } else {
        sum / played as f64
    };
    let var = if played == 0 {
        0.0
    } else {
        (sum_sq / played as f64 - mean * mean).max(0.0)
    };
    let level = b.level();
    let mut fall_rows: Vec<UnitFall> = standing
        .iter()
        .zip(&falls)
        .map(|(&u, &k)| UnitFall {
            unit: u.0,
            name: b.name(u).to_string(),
            side: level
                .sides
                .get(b.side(u).0 as usize)
                .map_or_else(|| "?".into(), |s| s.name.clone()),
            falls: k,
            chance: share(k),
            chance_95: wilson(k, played),
        })
        .collect();
    // Stable: ties stay in level order.
    fall_rows.sort_by_key(|f| std::cmp::Reverse(f.falls));
    Forecast {
        level: level.name.clone(),
        ruleset: b.ruleset().id().to_string(),
        grid: b.grid().kind.to_string(),
        from_command: b.history().commands.len(),
        round: b.round(),
        seed: opts.seed,
        battles: opts.battles,
        played,
        cancelled: cancel.load(Ordering::Relaxed) && played < opts.battles,
        sides: level
            .sides
            .iter()
            .zip(&wins)
            .map(|(s, &k)| SideChance {
                name: s.name.clone(),
                wins: k,
                chance: share(k),
                chance_95: wilson(k, played),
            })
            .collect(),
        draws,
        unfinished,
        rounds_left: mean,
        rounds_left_sd: var.sqrt(),
        falls: fall_rows,
    }
}

impl Forecast {
    /// The forecast as a few lines of text (`skirmish forecast`): each side's chance with
    /// its interval, draws, rounds left, and the units most likely to fall (at most
    /// `units` of them).
    pub fn text(&self, units: usize) -> String {
        let pct = |x: f64| format!("{:.1}%", x * 100.0);
        let mut out = format!(
            "forecast for \"{}\" ({}, {} grid) from command {} (round {}): {} play-out(s), seed {}{}\n",
            self.level,
            self.ruleset,
            self.grid,
            self.from_command,
            self.round,
            self.played,
            self.seed,
            if self.cancelled { " (cancelled)" } else { "" }
        );
        let width = self
            .sides
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        for s in &self.sides {
            out.push_str(&format!(
                "  {:<width$}  wins {:>6}  (95%: {} – {})\n",
                s.name,
                pct(s.chance),
                pct(s.chance_95.0),
                pct(s.chance_95.1)
            ));
        }
        if self.draws > 0 {
            out.push_str(&format!(
                "  {:<width$}       {:>6}\n",
                "draw",
                pct(self.draws as f64 / self.played.max(1) as f64)
            ));
        }
        if self.unfinished > 0 {
            out.push_str(&format!(
                "  {:<width$}       {:>6}\n",
                "unfinished",
                pct(self.unfinished as f64 / self.played.max(1) as f64)
            ));
        }
        out.push_str(&format!(
            "rounds left: {:.1} on average (sd {:.1})\n",
            self.rounds_left, self.rounds_left_sd
        ));
        let likely: Vec<&UnitFall> = self
            .falls
            .iter()
            .filter(|f| f.falls > 0)
            .take(units)
            .collect();
        if likely.is_empty() {
            out.push_str("nobody falls in any play-out\n");
        } else {
            out.push_str("most likely to fall:\n");
            for f in likely {
                out.push_str(&format!(
                    "  {} ({})  {}  (95%: {} – {})\n",
                    f.name,
                    f.side,
                    pct(f.chance),
                    pct(f.chance_95.0),
                    pct(f.chance_95.1)
                ));
            }
        }
        out
    }
}
