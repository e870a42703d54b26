//! Resource pools and costs: everything a unit spends or gets back (action points,
//! reactions, Flow Points, action slots, movement, and the coming seeds' interrupt, free
//! hits, skill dice, recoveries and death saves) is a [`Pool`] in the unit's [`Pools`],
//! and everything it pays is a [`Cost`]: alternatives over pools, the first affordable
//! one paying.
//!
//! A pool changes only through events, applied by `Battle::apply`:
//! [`crate::event::Event::Spent`] and [`crate::event::Event::Refilled`] during play, the
//! turn start's refresh ([`crate::event::Event::TurnStarted`] carries the values it sets),
//! a reaction's price ([`crate::event::Event::Reacted`] carries what it paid) and a step's
//! movement ([`crate::event::Event::Moved`] carries its cost). Each of those is one line
//! of the log.

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use crate::components::Slot;

/// A kind of resource a unit spends and gets back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Pool {
    /// flow: action points (5 at the start of each turn).
    Ap,
    /// Reactions: flow's reaction points (2 at the start of each turn), tactical-d20's one
    /// Reaction a round.
    Reaction,
    /// flow: Flow Points (2 at the start of combat, won by hits, lost by decay).
    FlowPoints,
    /// An action slot of this type (tactical-d20: Standard, Move, Quick; melee-zone:
    /// Attack, Move, Bonus ×2).
    Slot(Slot),
    /// Movement bought (with AP or a Move action) and not yet used this turn, in cost
    /// units (cells; difficult ground 2). Every unit has it; it is emptied when the
    /// unit's turn starts. counters spends it as a currency too ("10 ft of movement").
    Movement,
    /// escalation: the one Interrupt action outside one's own turn.
    Interrupt,
    /// melee-zone: free-hit slots (Agility modifier + 1, refreshed each round).
    FreeHits,
    /// counters: skill dice (proficiency bonus a turn; at most proficiency per counter
    /// before the check is strained: the pool's cap).
    SkillDice,
    /// escalation: recoveries (healing from a rally or a death save).
    Recoveries,
    /// escalation: failed death saves left before the unit dies (4 a battle).
    DeathSaveFailures,
    /// tactical-d20: Spell Quantity (spent by the Spell Order to cast or counter).
    SpellQuantity,
    /// Uses left of the unit's ability at this index (a potion, an item's charges).
    Uses(u8),
    /// tactical-d20: material components of this value carried (one is consumed instead
    /// of the SQ of a spell of that order).
    Material(u8),
    /// escalation: Power, spent by "Spend X Power" powers (the archetype's `Power`; not
    /// regained inside a battle).
    Power,
}

impl Pool {
    /// Does a spend stop at 0? Slots, movement and the counted pools (an interrupt, free
    /// hits, dice, recoveries, death saves) cannot go below nothing: spending more than is
    /// left empties them. Points (AP, reactions, FP) keep the full difference.
    pub fn floored(self) -> bool {
        !matches!(self, Pool::Ap | Pool::Reaction | Pool::FlowPoints)
    }

    /// `n` of the pool in words: "2 AP", "1 Standard action", "3 skill dice".
    pub fn words(self, n: i32) -> String {
        let one = n == 1;
        let name = match self {
            Pool::Ap => "AP".to_string(),
            Pool::Reaction => "RP".to_string(),
            Pool::FlowPoints => "FP".to_string(),
            Pool::Slot(s) => format!("{s:?} action{}", if one { "" } else { "s" }),
            Pool::Movement => "movement".to_string(),
            Pool::Interrupt => if one { "Interrupt" } else { "Interrupts" }.to_string(),
            Pool::FreeHits => if one { "free hit" } else { "free hits" }.to_string(),
            Pool::SkillDice => if one { "skill die" } else { "skill dice" }.to_string(),
            Pool::Recoveries => if one { "recovery" } else { "recoveries" }.to_string(),
            Pool::DeathSaveFailures => if one {
                "death save failure"
            } else {
                "death save failures"
            }
            .to_string(),
            Pool::SpellQuantity => "SQ".to_string(),
            Pool::Uses(_) => if one { "use" } else { "uses" }.to_string(),
            Pool::Material(v) => {
                format!("material component{} worth {v}", if one { "" } else { "s" })
            }
            Pool::Power => "Power".to_string(),
        };
        format!("{n} {name}")
    }
}

/// When a pool fills up again by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Refresh {
    /// At the start of the unit's own turn it is set to its refill amount (flow AP and
    /// RP, action slots, movement, skill dice, escalation's Interrupt).
    #[default]
    OwnTurnStart,
    /// At the start of every round (tactical-d20's one Reaction, melee-zone free-hit
    /// slots): the ruleset's `round_started` refills it with `Refilled` events (its own
    /// rule says how: a Wait's extra Reaction is kept); the unit's turn start only caps
    /// it at the refill amount.
    RoundStart,
    /// Never by itself: only events change it (Flow Points, recoveries, death saves).
    Never,
}

/// One pool of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolState {
    /// Left now.
    pub left: i32,
    /// What a refresh fills it to.
    pub refill: i32,
    /// When it refreshes.
    pub refresh: Refresh,
    /// The most one use may take before it counts as overreaching (counters: skill dice
    /// above proficiency make a strained check); 0 = no cap. The ruleset reads it
    /// ([`Pools::over_cap`]); paying does not refuse an amount above it.
    pub cap: i32,
}

/// Every pool a unit has, in [`Pool`] order. A pool the unit lacks reads as 0 left.
#[derive(Component, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pools(Vec<(Pool, PoolState)>);

// `clone_from` keeps the vector's allocation (the derived one clones anew): the battle's
// mirror of the hot components (`battle/hot.rs`) copies a changed `Pools` into the world
// with it after every spend.
impl Clone for Pools {
    fn clone(&self) -> Self {
        Pools(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Default for Pools {
    fn default() -> Self {
        Pools::new()
    }
}

impl Pools {
    /// The pools every unit has: [`Pool::Movement`], empty, emptied at each turn start.
    pub fn new() -> Pools {
        Pools(vec![(
            Pool::Movement,
            PoolState {
                left: 0,
                refill: 0,
                refresh: Refresh::OwnTurnStart,
                cap: 0,
            },
        )])
    }

    /// With a pool that starts full (`refill` left) and refreshes by `refresh`; replaces
    /// a pool of the same kind.
    pub fn with(mut self, pool: Pool, refill: i32, refresh: Refresh) -> Pools {
        let state = PoolState {
            left: refill,
            refill,
            refresh,
            cap: 0,
        };
        match self.find(pool) {
            Ok(i) => self.0[i].1 = state,
            Err(i) => self.0.insert(i, (pool, state)),
        }
        self
    }

    /// With a per-use cap on a pool it has.
    pub fn capped(mut self, pool: Pool, cap: i32) -> Pools {
        if let Some(s) = self.state_mut(pool) {
            s.cap = cap;
        }
        self
    }

    /// Where `pool` is (`Ok`) or would go (`Err`) among the sorted pools.
    fn find(&self, pool: Pool) -> Result<usize, usize> {
        self.0.binary_search_by(|(p, _)| p.cmp(&pool))
    }

    /// A pool's state, if the unit has it. The pools are few, sorted and each kind is
    /// there once (`with` replaces, `entry` adds only a missing one), so a scan with
    /// `==` finds what the binary search finds, for fewer instructions than the
    /// derived `Ord`'s compares (the most asked look-up of all).
    pub fn get(&self, pool: Pool) -> Option<&PoolState> {
        self.0.iter().find(|(p, _)| *p == pool).map(|(_, s)| s)
    }

    fn state_mut(&mut self, pool: Pool) -> Option<&mut PoolState> {
        self.find(pool).ok().map(|i| &mut self.0[i].1)
    }

    /// The state of `pool`, added (empty, never refreshed) if the unit lacks it.
    fn entry(&mut self, pool: Pool) -> &mut PoolState {
        let i = match self.find(pool) {
            Ok(i) => i,
            Err(i) => {
                self.0.insert(
                    i,
                    (
                        pool,
                        PoolState {
                            left: 0,
                            refill: 0,
                            refresh: Refresh::Never,
                            cap: 0,
                        },
                    ),
                );
                i
            }
        };
        &mut self.0[i].1
    }

    /// What is left of a pool (0 when the unit lacks it).
    pub fn left(&self, pool: Pool) -> i32 {
        self.get(pool).map_or(0, |s| s.left)
    }

    /// Every pool, in [`Pool`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Pool, &PoolState)> + '_ {
        self.0.iter().map(|(p, s)| (*p, s))
    }

    /// Set what is left of a pool the unit has (set-up only: a surprised side's empty
    /// reactions). During a battle only events change pools.
    pub fn set_left(&mut self, pool: Pool, left: i32) {
        if let Some(s) = self.state_mut(pool) {
            s.left = left;
        }
    }

    /// Would `amount` of `pool` in one use go over the pool's cap?
    pub fn over_cap(&self, pool: Pool, amount: i32) -> bool {
        self.get(pool).is_some_and(|s| s.cap > 0 && amount > s.cap)
    }

    /// Can the unit pay every part of one alternative (parts naming the same pool add up)?
    pub fn affords(&self, alternative: &[(Pool, i32)]) -> bool {
        alternative.iter().all(|&(pool, _)| {
            let need: i32 = alternative
                .iter()
                .filter(|(p, _)| *p == pool)
                .map(|(_, n)| *n)
                .sum();
            need <= 0 || self.left(pool) >= need
        })
    }

    /// The alternative of `cost` that pays: the first one the unit can afford.
    pub fn pick<'c>(&self, cost: &'c Cost) -> Option<&'c [(Pool, i32)]> {
        cost.0
            .iter()
            .find(|alt| self.affords(alt))
            .map(Vec::as_slice)
    }

    /// What the unit has of the pools `cost` names, in words ("0 skill dice, 1 movement").
    pub fn words_for(&self, cost: &Cost) -> String {
        let mut pools: Vec<Pool> = cost.0.iter().flatten().map(|(p, _)| *p).collect();
        pools.sort();
        pools.dedup();
        pools
            .into_iter()
            .map(|p| p.words(self.left(p)))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The values a turn start sets: every pool refreshed at the unit's own turn start at
    /// its refill amount, every pool refreshed at round start at most at it (what is left
    /// carries into the turn); pools never refreshed are left out.
    pub fn refreshed(&self) -> Vec<(Pool, i32)> {
        self.0
            .iter()
            .filter_map(|(p, s)| match s.refresh {
                Refresh::OwnTurnStart => Some((*p, s.refill)),
                Refresh::RoundStart => Some((*p, s.left.min(s.refill))),
                Refresh::Never => None,
            })
            .collect()
    }

    /// Take `amount` from a pool (a floored pool stops at 0).
    pub(crate) fn spend(&mut self, pool: Pool, amount: i32) {
        let s = self.entry(pool);
        s.left = if pool.floored() {
            (s.left - amount).max(0)
        } else {
            s.left - amount
        };
    }

    /// Add `amount` to a pool.
    pub(crate) fn refill(&mut self, pool: Pool, amount: i32) {
        self.entry(pool).left += amount;
    }

    /// Set what is left of a pool (the turn start's refresh).
    pub(crate) fn set(&mut self, pool: Pool, left: i32) {
        self.entry(pool).left = left;
    }
}

/// A price: a list of alternatives, each a list of (pool, amount); the first alternative
/// the unit can afford pays, all of it. "1 skill die or 2 movement" is
/// `Cost::of(Pool::SkillDice, 1).or(Pool::Movement, 2)`; tactical-d20's Move action is
/// `Cost::of(Slot(Move), 1).or(Slot(Standard), 1)` (a Standard traded down).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cost(pub Vec<Vec<(Pool, i32)>>);

impl Cost {
    /// Nothing to pay (one alternative with no parts).
    pub fn free() -> Cost {
        Cost(vec![Vec::new()])
    }

    /// `amount` of one pool.
    pub fn of(pool: Pool, amount: i32) -> Cost {
        Cost(vec![vec![(pool, amount)]])
    }

    /// Or else `amount` of `pool` (an alternative tried after the ones before).
    pub fn or(mut self, pool: Pool, amount: i32) -> Cost {
        self.0.push(vec![(pool, amount)]);
        self
    }

    /// Or else every part of `alternative` together ("1 skill die and 10 ft").
    pub fn or_all(mut self, alternative: Vec<(Pool, i32)>) -> Cost {
        self.0.push(alternative);
        self
    }

    /// The alternatives, in the order they are tried.
    pub fn alternatives(&self) -> &[Vec<(Pool, i32)>] {
        &self.0
    }

    /// Does some alternative cost nothing?
    pub fn is_free(&self) -> bool {
        self.0.iter().any(|alt| alt.iter().all(|(_, n)| *n <= 0))
    }

    /// In words: "1 skill die or 2 movement", "free", "1 Standard action and 1 Move
    /// action".
    pub fn words(&self) -> String {
        if self.is_free() {
            return "free".into();
        }
        if self.0.is_empty() {
            return "nothing can pay".into();
        }
        self.0
            .iter()
            .map(|alt| {
                alt.iter()
                    .map(|(p, n)| p.words(*n))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .collect::<Vec<_>>()
            .join(" or ")
    }
}

#[cfg(test)]
mod get_tests {
    use super::*;

    /// Every kind of pool, with payloads at both ends of their range.
    fn every_pool() -> Vec<Pool> {
        let mut v = vec![
            Pool::Ap,
            Pool::Reaction,
            Pool::FlowPoints,
            Pool::Movement,
            Pool::Interrupt,
            Pool::FreeHits,
            Pool::SkillDice,
            Pool::Recoveries,
            Pool::DeathSaveFailures,
            Pool::SpellQuantity,
            Pool::Power,
        ];
        for s in [
            Slot::Standard,
            Slot::Attack,
            Slot::Move,
            Slot::Quick,
            Slot::Bonus,
        ] {
            v.push(Pool::Slot(s));
        }
        for n in [0, 1, 2, 7, 254, 255] {
            v.push(Pool::Uses(n));
            v.push(Pool::Material(n));
        }
        v
    }

    #[test]
    fn get_by_scan_finds_what_the_binary_search_finds() {
        let all = every_pool();
        for keep in 0..3 {
            // Built in a scrambled order, some pools left out: `with` keeps them sorted
            // and each kind once.
            let mut pools = Pools::new();
            for (i, &p) in all.iter().enumerate().rev().filter(|(i, _)| i % 3 != keep) {
                pools = pools.with(p, i as i32 + 1, Refresh::Never);
                pools = pools.with(p, i as i32 + 2, Refresh::RoundStart);
            }
            assert!(pools.0.windows(2).all(|w| w[0].0 < w[1].0));
            for &p in &all {
                let searched = pools.find(p).ok().map(|i| &pools.0[i].1);
                assert_eq!(pools.get(p), searched, "{p:?}");
            }
        }
    }
}
