//! The soak's invariants: a shadow battle rebuilt from the event log alone, checked
//! after every event.

use std::collections::BTreeMap;

use crate::battle::{Battle, Status};
use crate::components::{ConditionKind, Conditions, Duration, Health, UnitId};
use crate::event::Event;
use crate::grid::Cell;
use crate::level::{self, Level};

/// Invariants checked after every event, on a shadow battle that is rebuilt from the
/// event log alone (so the log must describe every change):
/// - no two living units on one cell (a unit passing through an ally may share its cell
///   until its movement goes on), none on a wall, none resting on a pit or low wall;
/// - no negative AP or RP, no pool below 0 (Spell Quantity, an ability's uses, action
///   slots, …), no more action slots than a turn gives;
/// - every unit's HP equals its starting HP less the damage events against it plus
///   the healing events, and is never above its maximum;
/// - a condition that lasts `Turns(n)` is gone once its bearer has ended n turns since
///   it was laid (counted from the log, apart from the battle's own countdown);
/// - when a command is done and a unit's turn is next, no casting is still pending (a
///   caster never acts while its spell waits to go off);
/// - at the end, the shadow's positions, HP and pools equal the real battle's.
pub struct Invariants {
    shadow: Battle,
    start_hp: BTreeMap<UnitId, i32>,
    damage: BTreeMap<UnitId, i64>,
    passing: Vec<UnitId>,
    /// Conditions laid for `Turns(n)`: (bearer, kind, source) and the bearer's turn ends
    /// left before it must be gone.
    timed: Vec<((UnitId, ConditionKind, Option<UnitId>), u32)>,
}

impl Invariants {
    /// A shadow of the battle `level` with `seed` starts as the battle does.
    pub fn new(level: &Level, seed: u64) -> Result<Invariants, String> {
        Invariants::with_dice(level, seed, Vec::new())
    }

    /// [`Invariants::new`] for a battle set up with `forced` faces (a script's `dice:`):
    /// the shadow's setup (initiative) must be the real one's.
    pub fn with_dice(level: &Level, seed: u64, forced: Vec<u32>) -> Result<Invariants, String> {
        let shadow = Battle::new(level.clone(), seed, forced).map_err(|e| e.to_string())?;
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
            timed: Vec::new(),
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
                // A summon starts with its template's HP.
                Event::Summoned {
                    unit, archetype, ..
                } => {
                    let hp = self
                        .shadow
                        .level()
                        .summons
                        .get(archetype)
                        .map_or(0, |t| t.hp);
                    self.start_hp.insert(*unit, hp);
                }
                _ => {}
            }
            self.shadow.replay_event(l.event.clone());
            self.time(i, &l.event, out);
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
        if n > from
            && let Status::Turn(u) = real.status()
        {
            let pending = real.casting();
            if !pending.is_empty() {
                out.push(format!(
                    "event {n}: {} is to act while the casting of {} is pending",
                    real.name(u),
                    pending
                        .iter()
                        .map(|&c| real.name(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }

    /// Follow the conditions laid for a number of turns: each of the bearer's turn ends
    /// counts one down; at 0 the condition must be gone.
    fn time(&mut self, i: usize, e: &Event, out: &mut Vec<String>) {
        match e {
            Event::ConditionAdded {
                unit,
                kind,
                duration,
                source,
            } => {
                let key = (*unit, *kind, *source);
                self.timed.retain(|(k, _)| *k != key);
                if let Duration::Turns(n) = duration {
                    self.timed.push((key, (*n).max(1)));
                }
            }
            Event::ConditionRemoved { unit, kind, source } => {
                self.timed.retain(|((u, k, s), _)| {
                    !(u == unit && k == kind && (source.is_none() || s == source))
                })
            }
            Event::TurnEnded { unit } => {
                let b = &self.shadow;
                let mut over = Vec::new();
                for (key, left) in self.timed.iter_mut() {
                    if key.0 == *unit {
                        *left = left.saturating_sub(1);
                        if *left == 0 {
                            over.push(*key);
                        }
                    }
                }
                for (u, kind, source) in over {
                    let still = b
                        .get::<Conditions>(u)
                        .is_some_and(|c| c.0.iter().any(|c| c.kind == kind && c.source == source));
                    if still {
                        out.push(format!(
                            "event {}: {} is still {kind:?} after the turns it was laid for",
                            i + 1,
                            b.name(u)
                        ));
                    }
                    self.timed.retain(|(k, _)| *k != (u, kind, source));
                }
            }
            _ => {}
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
            if let Some(p) = b.pools(u) {
                for (pool, _) in p.iter() {
                    if p.left(pool) < 0 {
                        out.push(at(format!("{} has {} {pool:?}", b.name(u), p.left(pool))));
                    }
                }
            }
            if let Some(h) = b.get::<Health>(u)
                && h.hp > h.max
            {
                out.push(at(format!(
                    "{} has {} HP, above its maximum {}",
                    b.name(u),
                    h.hp,
                    h.max
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
            if b.pools(u) != real.pools(u) {
                out.push(format!(
                    "the log does not rebuild {}'s pools: {:?} vs {:?}",
                    real.name(u),
                    b.pools(u),
                    real.pools(u)
                ));
            }
        }
    }
}
