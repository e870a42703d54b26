//! What melee-zone reads of the log's past, kept as the log grows (issue 34, session
//! 23): who summoned each summon (the `Summoned` events, in order) and each caster's last
//! `Cast` (of any spell, and of each spell). Summoning slots, a round's order, a channel
//! and a toggle's cells were found by reading the log back, as much of it as the battle
//! is long; now each event is read once. It also lists the units of each side in roster
//! order (a unit's side is its own for the whole battle, and the roster grows by a
//! `Summoned` event alone), so a walk of a unit's foes skips its allies.
//!
//! The record is a component of the first unit (every battle has one), filled from the
//! log up to its length when asked. It never goes stale: a battle's log only grows (an
//! event is appended, never taken back in place), and a rollback, a branch or a load
//! makes a new world (its units spawned afresh and the log applied to them), so the
//! record starts empty there and is read again from that log.

use std::sync::{Mutex, MutexGuard};

use bevy_ecs::component::Component;

use crate::battle::Battle;
use crate::components::{SideId, Stat, UnitId};
use crate::event::Event;

/// The record (on the first unit).
#[derive(Component, Default, Debug)]
pub struct LogRecord(Mutex<Record>);

/// What the log has said so far.
#[derive(Default, Debug)]
pub struct Record {
    /// How many log entries were read.
    seen: usize,
    /// Each `Summoned` event's unit and summoner, in log order.
    summoned: Vec<(UnitId, UnitId)>,
    /// By unit id: who summoned it (its last `Summoned` event).
    summoner: Vec<Option<UnitId>>,
    /// By unit id: the log index of its last `Cast`.
    last_cast: Vec<Option<usize>>,
    /// By unit id: (ability, log index of its last `Cast` of that ability).
    last_cast_of: Vec<Vec<(usize, usize)>>,
    /// How many units of the roster are listed in `sides`.
    listed: usize,
    /// Each side met and its units (living or not), in roster order.
    sides: Vec<(SideId, Vec<UnitId>)>,
    /// The largest base Speed of a listed unit ([`super::numbers::speed`]'s base: its
    /// level score, else [`super::numbers::SPEED`]).
    base_speed: i64,
    /// The sum of every Speed modifier above 0 the log added (`StatModified`).
    speed_raised: i64,
    /// Whether the log lowered a Speed score by ability damage (a modifier that may be
    /// above 0 when the score is below 0): no bound on speed is given then.
    speed_damaged: bool,
}

fn slot<T: Default + Clone>(v: &mut Vec<T>, u: UnitId) -> &mut T {
    let i = u.0 as usize;
    if v.len() <= i {
        v.resize(i + 1, T::default());
    }
    &mut v[i]
}

impl Record {
    fn catch_up(&mut self, b: &Battle) {
        let log = b.log();
        for (k, l) in log.iter().enumerate().skip(self.seen) {
            match l.event {
                Event::Summoned { unit, by, .. } => {
                    self.summoned.push((unit, by));
                    *slot(&mut self.summoner, unit) = Some(by);
                }
                Event::StatModified { ref modifier, .. }
                    if modifier.stat == Stat::Speed && modifier.amount > 0 =>
                {
                    self.speed_raised += i64::from(modifier.amount);
                }
                Event::AbilityDamage {
                    stat: Stat::Speed, ..
                } => self.speed_damaged = true,
                Event::Cast { unit, ability, .. } => {
                    *slot(&mut self.last_cast, unit) = Some(k);
                    let of = slot(&mut self.last_cast_of, unit);
                    match of.iter_mut().find(|(a, _)| *a == ability) {
                        Some(e) => e.1 = k,
                        None => of.push((ability, k)),
                    }
                }
                _ => {}
            }
        }
        self.seen = log.len();
        while b.entity(UnitId(self.listed as u32)).is_some() {
            let u = UnitId(self.listed as u32);
            let side = b.side(u);
            // (A unit's base scores are its level's for the whole battle.)
            let set = b.base_stats(u).get(Stat::Speed);
            let base = if set > 0 {
                i64::from(set)
            } else {
                i64::from(super::numbers::SPEED)
            };
            self.base_speed = self.base_speed.max(base);
            match self.sides.iter_mut().find(|(s, _)| *s == side) {
                Some((_, v)) => v.push(u),
                None => self.sides.push((side, vec![u])),
            }
            self.listed += 1;
        }
    }

    /// Every unit not on `side` (living or not), in roster order.
    pub fn foes_of(&self, side: SideId) -> Vec<UnitId> {
        let mut others = self.sides.iter().filter(|(s, _)| *s != side);
        let Some((_, first)) = others.next() else {
            return Vec::new();
        };
        let mut out = first.clone();
        let mut more = false;
        for (_, v) in others {
            out.extend_from_slice(v);
            more = true;
        }
        if more {
            out.sort_unstable();
        }
        out
    }

    /// Every unit on `side` (living or not), in roster order.
    pub fn side(&self, side: SideId) -> &[UnitId] {
        self.sides
            .iter()
            .find(|(s, _)| *s == side)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// A speed no unit's [`super::numbers::speed`] exceeds now (`None`: none known). A
    /// unit's speed is at most its base + [`super::numbers::SPRINT`] + its Speed
    /// modifiers (halved or a third when sneaking or prone), and a unit's Speed modifiers
    /// add up to no more than those above 0 the log ever added to any unit (its scores
    /// start at its base; only the log's modifiers change them), unless ability damage
    /// took a Speed score.
    pub fn speed_bound(&self) -> Option<u32> {
        if self.speed_damaged {
            return None;
        }
        let top = self.base_speed + i64::from(super::numbers::SPRINT) + self.speed_raised;
        Some(u32::try_from(top.max(0)).unwrap_or(u32::MAX))
    }

    /// Who summoned `u` (`None`: a level's own unit).
    pub fn summoner(&self, u: UnitId) -> Option<UnitId> {
        self.summoner.get(u.0 as usize).copied().flatten()
    }

    /// Every `Summoned` event's (unit, summoner), in log order.
    pub fn summoned(&self) -> &[(UnitId, UnitId)] {
        &self.summoned
    }

    /// The log index of `u`'s last `Cast`.
    pub fn last_cast(&self, u: UnitId) -> Option<usize> {
        self.last_cast.get(u.0 as usize).copied().flatten()
    }

    /// The log index of `u`'s last `Cast` of ability `i`.
    pub fn last_cast_of(&self, u: UnitId, i: usize) -> Option<usize> {
        self.last_cast_of
            .get(u.0 as usize)?
            .iter()
            .find(|(a, _)| *a == i)
            .map(|&(_, k)| k)
    }
}

/// The record, read up to the log's end (`None` in a battle without units).
pub fn record(b: &Battle) -> Option<MutexGuard<'_, Record>> {
    let r = b.get::<LogRecord>(UnitId(0))?;
    let mut g =
        r.0.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    if g.seen != b.log().len() || b.entity(UnitId(g.listed as u32)).is_some() {
        g.catch_up(b);
    }
    Some(g)
}

/// The log index of `u`'s last `Cast` (of ability `i` when given), from the record.
pub fn last_cast(b: &Battle, u: UnitId, i: Option<usize>) -> Option<usize> {
    match record(b) {
        Some(r) => match i {
            Some(i) => r.last_cast_of(u, i),
            None => r.last_cast(u),
        },
        None => last_cast_slow(b, u, i),
    }
}

/// [`last_cast`] by reading the log back (the tests' slow path).
pub fn last_cast_slow(b: &Battle, u: UnitId, i: Option<usize>) -> Option<usize> {
    b.log().iter().rposition(|l| {
        matches!(&l.event, Event::Cast { unit, ability, .. }
            if *unit == u && i.is_none_or(|i| *ability == i))
    })
}

/// Who summoned `u`, from the record (`None`: nobody, a level's own unit).
pub fn summoner(b: &Battle, u: UnitId) -> Option<UnitId> {
    match record(b) {
        Some(r) => r.summoner(u),
        None => summoner_slow(b, u),
    }
}

/// [`summoner`] by reading the log back (the tests' slow path).
pub fn summoner_slow(b: &Battle, u: UnitId) -> Option<UnitId> {
    b.log().iter().rev().find_map(|l| match l.event {
        Event::Summoned { unit, by, .. } if unit == u => Some(by),
        _ => None,
    })
}

/// A speed no unit's [`super::numbers::speed`] exceeds now, from the record
/// ([`Record::speed_bound`]; `None`: none known).
pub fn speed_bound(b: &Battle) -> Option<u32> {
    record(b).and_then(|r| r.speed_bound())
}

/// Every unit not on `u`'s side (living or not), in roster order, from the record.
pub fn foes(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let side = b.side(u);
    match record(b) {
        Some(r) => r.foes_of(side),
        None => foes_slow(b, u),
    }
}

/// Every unit on `u`'s side, `u` too (living or not), in roster order: from the record's
/// lists by side (the other sides are not walked).
pub fn side_units(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let side = b.side(u);
    match record(b) {
        Some(r) => r.side(side).to_vec(),
        None => b.units().filter(|&x| !b.enemies(u, x)).collect(),
    }
}

/// [`foes`] by asking every unit (the tests' slow path).
pub fn foes_slow(b: &Battle, u: UnitId) -> Vec<UnitId> {
    b.units().filter(|&e| b.enemies(u, e)).collect()
}
