//! melee-zone summoning (seed 003, "Summoning Slots", "Summoning Sickness"; wave 2C):
//! "the number of summoned creatures you may have under your control at one time. The
//! number of summoning slots you have is equal to your level" (the Legion leader feat:
//! "gain 2 extra summoning slots"); "Unless specified otherwise, a summoned unit cannot
//! take actions or dodge during the first round after it is summoned". The slots are
//! wave 2B's `feats_b::summoning_slots`; the summon itself is the engine's
//! `Effect::Summon` (`docs/abilities.md`): it takes its turns right after its summoner's.

use crate::abilities::{Ability, Effect};
use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, UnitId};
use crate::engine::Illegal;
use crate::event::Event;

use super::MeleeZoneFrame;

/// Does the ability summon?
pub fn summons(a: &Ability) -> bool {
    a.effects.iter().any(|e| matches!(e, Effect::Summon { .. }))
}

/// The summoned units under `u`'s control now (standing; one that fell frees its slot).
///
/// Only the end of the log is read: summoned units stand in the roster after the
/// level's own (it grows by a `Summoned` event alone, each naming the next place), so
/// the `Summoned` events name units in rising order, and those before the oldest summon
/// still standing name fallen ones only. Without a standing summon nothing is read.
pub fn summons_of(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let Some(oldest) = b.units().skip(b.level().units.len()).find(|&s| b.alive(s)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for l in b.log().iter().rev() {
        if let Event::Summoned { unit, by, .. } = l.event {
            if unit < oldest {
                break;
            }
            if by == u && b.alive(unit) {
                out.push(unit);
            }
        }
    }
    out.reverse();
    out
}

/// Are `n` or more summons under `u`'s control now (`summons_of(b, u).len() >= n`)?
/// The log is read back as [`summons_of`] reads it, and no farther than the `n`th found.
pub fn summons_at_least(b: &Battle, u: UnitId, n: u32) -> bool {
    if n == 0 {
        return true;
    }
    let Some(oldest) = b.units().skip(b.level().units.len()).find(|&s| b.alive(s)) else {
        return false;
    };
    let mut found = 0;
    for l in b.log().iter().rev() {
        if let Event::Summoned { unit, by, .. } = l.event {
            if unit < oldest {
                break;
            }
            if by == u && b.alive(unit) {
                found += 1;
                if found >= n {
                    return true;
                }
            }
        }
    }
    false
}

/// [`summons_of`] by reading the whole log (the tests' slow path).
pub fn summons_of_slow(b: &Battle, u: UnitId) -> Vec<UnitId> {
    b.log()
        .iter()
        .filter_map(|l| match l.event {
            Event::Summoned { unit, by, .. } if by == u && b.alive(unit) => Some(unit),
            _ => None,
        })
        .collect()
}

/// A summon needs a free summoning slot.
pub fn check_slots(b: &Battle, u: UnitId, a: &Ability) -> Result<(), Illegal> {
    if !summons(a) {
        return Ok(());
    }
    let slots = super::feats_b::summoning_slots(b, u);
    if summons_at_least(b, u, slots) {
        return Err(Illegal::Cannot {
            unit: b.name(u).into(),
            why: format!(
                "{} summons a creature and all its {slots} summoning slot(s) are taken \
                 (slots = its level)",
                a.name
            ),
        });
    }
    Ok(())
}

/// Before a summoning goes off: queue the sickness of what it summons, to follow the
/// casting (pushed first, it comes after the casting's frames).
pub fn after_casting(b: &mut Battle, u: UnitId, a: &Ability) {
    if summons(a) {
        let since = b.log().len();
        b.push_frame(MeleeZoneFrame::Sicken { by: u, since }.into());
    }
}

/// Every unit `by` summoned since log entry `since` is summoning sick until `by`'s next
/// turn comes round: "during the first round after it is summoned".
pub fn sicken(b: &mut Battle, by: UnitId, since: usize) {
    let new: Vec<UnitId> = b
        .log()
        .iter()
        .skip(since)
        .filter_map(|l| match l.event {
            Event::Summoned { unit, by: s, .. } if s == by => Some(unit),
            _ => None,
        })
        .collect();
    for unit in new {
        if b.alive(unit) && !b.has(unit, ConditionKind::SummoningSick) {
            b.emit(Event::ConditionAdded {
                unit,
                kind: ConditionKind::SummoningSick,
                duration: Duration::UntilSourceTurnStart,
                source: Some(by),
            });
        }
    }
}

/// `u`'s place in the order has come: a round has passed for what it summoned (their
/// sickness ends, whether `u` still stands or not); a channeler that fell loses its
/// spell; and a summoning-sick unit does not take this turn ("cannot take actions").
/// A unit a level starts summoning sick (no summoner) skips its first turn.
pub fn takes_turn(b: &mut Battle, u: UnitId) -> bool {
    let healed: Vec<UnitId> = b
        .units()
        .filter(|&s| {
            b.has(s, ConditionKind::SummoningSick)
                && b.condition_source(s, ConditionKind::SummoningSick) == Some(u)
        })
        .collect();
    for s in healed {
        b.emit(Event::ConditionRemoved {
            unit: s,
            kind: ConditionKind::SummoningSick,
            source: Some(u),
        });
    }
    super::casting::fell(b, u);
    if !b.has(u, ConditionKind::SummoningSick) {
        return true;
    }
    if b.condition_source(u, ConditionKind::SummoningSick)
        .is_none()
    {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind: ConditionKind::SummoningSick,
            source: None,
        });
    }
    false
}

/// The initiative `order` with every summoned unit right after its summoner, as it
/// joined ("takes its turns right after its summoner's"): what a new round's order is
/// when a delay is undone.
pub fn with_summons(b: &Battle, mut order: Vec<UnitId>) -> Vec<UnitId> {
    for l in b.log() {
        if let Event::Summoned { unit, by, .. } = l.event
            && !order.contains(&unit)
        {
            let at = order
                .iter()
                .position(|&u| u == by)
                .map_or(order.len(), |i| i + 1);
            order.insert(at, unit);
        }
    }
    order
}
