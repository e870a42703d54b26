//! Many battles on several threads, in index order, summed as they finish.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use crate::level::Level;

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
    simulate_timed(level, seed, n, jobs, None, done)
}

/// [`simulate`], with the AI's decisions timed by `clock` ([`run_battle_timed`]): the
/// summary's `timing`.
pub fn simulate_timed(
    level: &Level,
    seed: u64,
    n: usize,
    jobs: usize,
    clock: Option<Clock>,
    done: &(dyn Fn(usize) + Sync),
) -> Summary {
    let mut tally = Tally::new(level, seed);
    parallel_each(
        n,
        jobs,
        &|i| run_battle_timed(level, battle_seed(seed, i as u64), false, clock),
        done,
        &mut |r| tally.add(&r),
    );
    tally.finish()
}
