//! Answering a reaction window: the commitments checked against the ruleset's parts, a
//! declaration in a declare-then-resolve step, or the answer paid and carried out.

use super::*;
use crate::battle::Battle;
use crate::components::UnitId;
use crate::event::{Event, ReactionKind, Trigger};

impl Battle {
    pub(super) fn answer(
        &mut self,
        w: Window,
        choice: Option<ReactionKind>,
        commits: Vec<Commit>,
    ) -> Result<(), Illegal> {
        self.window = None;
        let Some(kind) = choice else {
            self.emit(Event::ReactionDeclined { reactor: w.reactor });
            for f in w.on_decline.into_iter().rev() {
                self.stack.push(f);
            }
            return Ok(());
        };
        // A declaration waits for the others (its window continues a `Declare`).
        if let Some(Frame::Declare { .. }) = w.on_decline.first() {
            self.emit(Event::Declared {
                reactor: w.reactor,
                kind,
            });
            let mut rest = w.on_decline;
            if let Some(Frame::Declare { declared, .. }) = rest.first_mut() {
                declared.push(Declared {
                    reactor: w.reactor,
                    kind,
                    commits,
                });
            }
            for f in rest.into_iter().rev() {
                self.stack.push(f);
            }
            return Ok(());
        }
        self.resolve_answer(w, kind, commits)
    }

    /// Carry out an answer: pay the ruleset's price (the alternative its commits chose,
    /// [`chosen_price`], else the first affordable one) and what it commits, log
    /// `Reacted`, and hand it to the ruleset's `answer`.
    pub(super) fn resolve_answer(
        &mut self,
        w: Window,
        kind: ReactionKind,
        commits: Vec<Commit>,
    ) -> Result<(), Illegal> {
        // The first affordable alternative of the ruleset's price pays (the offer checked
        // it could; were none affordable, the first is charged all the same).
        // Commits equal to one alternative chose it (checked affordable in `commitments`):
        // they are the price, nothing on top.
        let cost = self.rules().reaction_cost(self, &w.trigger, kind);
        let chosen = chosen_price(&cost, &commits);
        let commits = if chosen.is_some() {
            Vec::new()
        } else {
            commits
        };
        let paid = chosen
            .and_then(|i| cost.alternatives().get(i).map(Vec::as_slice))
            .or_else(|| self.pools(w.reactor).and_then(|p| p.pick(&cost)))
            .or(cost.alternatives().first().map(Vec::as_slice))
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(|(_, n)| *n != 0)
            .collect();
        self.emit(Event::Reacted {
            reactor: w.reactor,
            kind,
            paid,
        });
        // What the reactor commits on top (checked in `plan`), one `Spent` per amount.
        for c in &commits {
            self.emit(Event::Spent {
                unit: w.reactor,
                pool: c.pool,
                amount: c.amount as i32,
                on: crate::event::Spend::Commit,
                left: 0,
            });
        }
        self.rules().answer(self, w, kind, &commits)
    }

    /// The next declaration of a `Declare` step: the first of `reactors` the ruleset
    /// offers something to gets a window (declining or answering continues the step);
    /// with nobody left, the declared answers resolve by the ruleset's order of kinds,
    /// then by initiative.
    pub(super) fn declare_next(
        &mut self,
        trigger: Trigger,
        reactors: &mut Vec<UnitId>,
        declared: Vec<Declared>,
    ) {
        while !reactors.is_empty() {
            let r = reactors.remove(0);
            if !self.alive(r) {
                continue;
            }
            let Some(options) = self.rules().offer(self, r, &trigger, None) else {
                continue;
            };
            if options.is_empty() {
                continue;
            }
            self.open_window(Window {
                reactor: r,
                trigger: trigger.clone(),
                options,
                hit: None,
                on_decline: vec![Frame::Declare {
                    trigger,
                    reactors: std::mem::take(reactors),
                    declared,
                }],
            });
            return;
        }
        let rules = self.rules();
        let place = |u: UnitId| {
            self.order
                .iter()
                .position(|o| *o == u)
                .unwrap_or(usize::MAX)
        };
        let mut declared = declared;
        declared.sort_by_key(|d| (rules.resolve_order(d.kind), place(d.reactor)));
        for d in declared.into_iter().rev() {
            self.stack.push(Frame::Resolve {
                trigger: trigger.clone(),
                declared: d,
            });
        }
    }

    /// What a `React` commits, checked against the ruleset's parts
    /// ([`crate::rulesets::Ruleset::commit_range`]): `commit` is a shorthand for the first
    /// part's first pool; each amount must name a part and one of its pools, no part may
    /// take more than its most nor, alone, less than its `alone_least`, no pool more than
    /// the reactor has. Commits equal to one alternative of a price with several choose
    /// it instead ([`chosen_price`]).
    pub(super) fn commitments(
        &self,
        unit: UnitId,
        w: &Window,
        choice: Option<ReactionKind>,
        commit: u32,
        commits: &[Commit],
    ) -> Result<Vec<Commit>, Illegal> {
        if commit == 0 && commits.iter().all(|c| c.amount == 0) {
            return Ok(Vec::new());
        }
        let cannot = |why: String| Illegal::Cannot {
            unit: self.name(unit).into(),
            why,
        };
        // Commits equal to one alternative of a price with several choose how it is paid
        // (counters' counter attack: "Cost (choose one): 1 SD, 10ft unspent movement").
        if let Some(kind) = choice
            && commit == 0
        {
            let cost = self.rules().reaction_cost(self, &w.trigger, kind);
            if let Some(alt) = chosen_price(&cost, commits).and_then(|i| cost.alternatives().get(i))
            {
                if !self.affords(unit, &crate::pools::Cost(vec![alt.clone()])) {
                    let has = alt
                        .iter()
                        .map(|&(pool, _)| pool.words(self.pool(unit, pool).max(0)))
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(cannot(format!(
                        "it cannot pay {} for that answer (has {has}; the price is {})",
                        crate::pools::Cost(vec![alt.clone()]).words(),
                        cost.words()
                    )));
                }
                return Ok(commits.iter().copied().filter(|c| c.amount > 0).collect());
            }
        }
        let parts = choice.map_or_else(Vec::new, |c| self.rules().commit_range(self, w, c));
        let Some(first) = parts.first().and_then(|p| p.pools.first().copied()) else {
            return Err(cannot("nothing can be committed to that answer".into()));
        };
        let mut all: Vec<Commit> = Vec::new();
        if commit > 0 {
            all.push(Commit {
                part: 0,
                pool: first,
                amount: commit,
            });
        }
        all.extend(commits.iter().copied().filter(|c| c.amount > 0));
        let mut per_part = vec![0u32; parts.len()];
        // Each pool's total, in pool order (a few entries: no map to build).
        let mut per_pool: Vec<(crate::pools::Pool, u32)> = Vec::new();
        for c in &all {
            let Some(part) = parts.get(c.part) else {
                return Err(cannot(format!(
                    "that answer has {} part(s) to commit to, not {}",
                    parts.len(),
                    c.part + 1
                )));
            };
            if !part.pools.contains(&c.pool) {
                return Err(cannot(format!(
                    "{} cannot be paid with {}",
                    part.label,
                    c.pool.words(c.amount as i32)
                )));
            }
            per_part[c.part] += c.amount;
            match per_pool.binary_search_by_key(&c.pool, |&(p, _)| p) {
                Ok(i) => per_pool[i].1 += c.amount,
                Err(i) => per_pool.insert(i, (c.pool, c.amount)),
            }
        }
        for (part, &n) in parts.iter().zip(&per_part) {
            if n > part.max {
                let at_most = match part.pools.as_slice() {
                    [pool] => pool.words(part.max as i32),
                    _ => part.max.to_string(),
                };
                return Err(cannot(match (parts.len(), part.pools.as_slice()) {
                    // One part of one pool: "to that answer", with what it has.
                    (1, [pool]) => format!(
                        "it can commit at most {at_most} to that answer (has {})",
                        pool.words(self.pool(unit, *pool).max(0))
                    ),
                    _ => format!("it can commit at most {at_most} to {}", part.label),
                }));
            }
        }
        // A part short of its least alone, with nothing in another part, buys nothing.
        for (i, (part, &n)) in parts.iter().zip(&per_part).enumerate() {
            let alone = per_part.iter().enumerate().all(|(j, &m)| j == i || m == 0);
            if n > 0 && n < part.alone_least && alone {
                let least = match part.pools.as_slice() {
                    [pool] => pool.words(part.alone_least as i32),
                    _ => part.alone_least.to_string(),
                };
                let others = parts
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, p)| p.label)
                    .collect::<Vec<_>>()
                    .join(" or ");
                return Err(cannot(format!(
                    "{} alone takes at least {least} (or commit to {others} too)",
                    part.label
                )));
            }
        }
        for &(pool, n) in &per_pool {
            let has = self.pool(unit, pool).max(0) as u32;
            if n > has {
                return Err(cannot(match parts.as_slice() {
                    [part] if part.pools.len() == 1 => format!(
                        "it can commit at most {} to that answer (has {})",
                        pool.words(part.max as i32),
                        pool.words(has as i32)
                    ),
                    _ => format!("it has {}", pool.words(has as i32)),
                }));
            }
        }
        Ok(all)
    }
}

/// Which alternative of a reaction's price an answer's commits choose: where the price has
/// two or more alternatives, commits that equal one of them, pool for pool and amount for
/// amount (their parts aside), choose it, and are that price rather than amounts on top.
/// No commits (old scripts and saves) choose nothing: the first affordable one pays.
pub(crate) fn chosen_price(cost: &crate::pools::Cost, commits: &[Commit]) -> Option<usize> {
    if cost.alternatives().len() < 2 {
        return None;
    }
    let given = |pool: crate::pools::Pool| -> i64 {
        commits
            .iter()
            .filter(|c| c.amount > 0 && c.pool == pool)
            .map(|c| i64::from(c.amount))
            .sum()
    };
    if commits.iter().all(|c| c.amount == 0) {
        return None;
    }
    // Pool for pool, the commits' total equals the alternative's (a pool named on one side
    // only totals 0 on the other, never equal to its positive total on its own side).
    cost.alternatives().iter().position(|alt| {
        let want = |pool: crate::pools::Pool| -> i64 {
            alt.iter()
                .filter(|&&(p, n)| n > 0 && p == pool)
                .map(|&(_, n)| i64::from(n))
                .sum()
        };
        commits
            .iter()
            .filter(|c| c.amount > 0)
            .all(|c| given(c.pool) == want(c.pool))
            && alt
                .iter()
                .filter(|(_, n)| *n > 0)
                .all(|&(p, _)| given(p) == want(p))
    })
}

#[cfg(test)]
#[path = "answer_tests.rs"]
mod tests;
