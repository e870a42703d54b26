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
use super::record::{record, summoner_slow};

/// Does the ability summon?
pub fn summons(a: &Ability) -> bool {
    a.effects.iter().any(|e| matches!(e, Effect::Summon { .. }))
}

/// The summoned units under `u`'s control now (standing; one that fell frees its slot),
/// oldest first.
///
/// Summoned units stand in the roster after the level's own (it grows by a `Summoned`
/// event alone, each naming the next place, so roster order is log order), and a
/// summon stands on its summoner's side: `u`'s are among the standing summons on its
/// side, and who summoned each is kept by [`super::record`] (not read from the log).
pub fn summons_of(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let mut out = Vec::new();
    walk_summons(b, u, |s| {
        out.push(s);
        false
    });
    out
}

/// Are `n` or more summons under `u`'s control now (`summons_of(b, u).len() >= n`)?
/// No farther than the `n`th found.
pub fn summons_at_least(b: &Battle, u: UnitId, n: u32) -> bool {
    if n == 0 {
        return true;
    }
    let mut found = 0;
    walk_summons(b, u, |_| {
        found += 1;
        found >= n
    })
}

/// Hand `u`'s standing summons to `f`, oldest first, until it says stop (then `true`):
/// the standing summons on `u`'s side whose summoner (kept by the record) is `u`.
fn walk_summons(b: &Battle, u: UnitId, mut f: impl FnMut(UnitId) -> bool) -> bool {
    let side = b.side(u);
    let r = record(b);
    let mut p = u32::try_from(b.level().units.len()).unwrap_or(u32::MAX);
    while b.entity(UnitId(p)).is_some() {
        let s = UnitId(p);
        p += 1;
        if !b.alive(s) || b.side(s) != side {
            continue;
        }
        let by = match &r {
            Some(r) => r.summoner(s),
            None => summoner_slow(b, s),
        };
        if by == Some(u) && f(s) {
            return true;
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
    let healed: Vec<UnitId> = match sick_from_at_least(b, u) {
        Some(from) => b
            .units()
            .skip(from)
            .filter(|&s| {
                b.has(s, ConditionKind::SummoningSick)
                    && b.condition_source(s, ConditionKind::SummoningSick) == Some(u)
            })
            .collect(),
        None => Vec::new(),
    };
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

/// The first place in the roster of a unit that may be summoning sick from `u`
/// ([`takes_turn`] asks only the units from there; `None`: nobody).
///
/// Sickness with a source is laid by an event alone (a level's units start with
/// conditions of no source: a level file cannot name one, but for escalation's Grabbed):
/// melee-zone's [`sicken`], on what the source summoned (the units after the level's
/// own), and the engine's `Effect::Condition` of an ability the source cast. Abilities
/// are the unit's own for the whole battle (its level entry or template), so a unit
/// with neither kind of ability is the source of no sickness: most units, and every
/// turn of theirs (and every place of a fallen one in the order) asks nobody.
pub fn sick_from_at_least(b: &Battle, u: UnitId) -> Option<usize> {
    let abilities = b.abilities(u);
    let lays = |e: &Effect| {
        matches!(
            e,
            Effect::Condition {
                kind: ConditionKind::SummoningSick,
                ..
            }
        )
    };
    if abilities
        .iter()
        .any(|a| a.effects.iter().chain(&a.on_miss).any(lays))
    {
        Some(0)
    } else if abilities.iter().any(summons) {
        Some(b.level().units.len())
    } else {
        None
    }
}

/// [`takes_turn`]'s question asked of every unit (the tests' slow path): the units
/// summoning sick from `u`, in level order.
pub fn sick_from_slow(b: &Battle, u: UnitId) -> Vec<UnitId> {
    b.units()
        .filter(|&s| {
            b.has(s, ConditionKind::SummoningSick)
                && b.condition_source(s, ConditionKind::SummoningSick) == Some(u)
        })
        .collect()
}

/// The initiative `order` with every summoned unit right after its summoner, as it
/// joined ("takes its turns right after its summoner's"): what a new round's order is
/// when a delay is undone. Each summon not in the order yet goes right after its
/// summoner (at the end when its summoner is not in the order), in the order they were
/// summoned: kept as a list linked by unit, so each insertion costs the same whatever
/// the army ([`with_summons_slow`]: the same answer by searching the order each time).
pub fn with_summons(b: &Battle, order: Vec<UnitId>) -> Vec<UnitId> {
    let summoned: Vec<(UnitId, UnitId)> = match record(b) {
        Some(r) => r.summoned().to_vec(),
        None => with_summons_slow_list(b),
    };
    if summoned.is_empty() {
        return order;
    }
    summons_inserted(order, &summoned)
}

/// [`with_summons`] as first written: each summon's place found by searching the order
/// (the tests' slow path).
pub fn with_summons_slow(b: &Battle, order: Vec<UnitId>) -> Vec<UnitId> {
    summons_inserted_slow(order, &with_summons_slow_list(b))
}

/// `order` with each `(unit, by)` of `summoned` not in it yet inserted right after `by`
/// (at the end when `by` is not in it), one after another: through a list linked by
/// unit ([`summons_inserted_slow`]'s answer).
pub fn summons_inserted(order: Vec<UnitId>, summoned: &[(UnitId, UnitId)]) -> Vec<UnitId> {
    inserted(&order, summoned).unwrap_or_else(|| summons_inserted_slow(order, summoned))
}

/// [`summons_inserted`] by searching the order for each summon and its summoner (the
/// tests' slow path).
pub fn summons_inserted_slow(mut order: Vec<UnitId>, summoned: &[(UnitId, UnitId)]) -> Vec<UnitId> {
    for &(unit, by) in summoned {
        if !order.contains(&unit) {
            let at = order
                .iter()
                .position(|&u| u == by)
                .map_or(order.len(), |i| i + 1);
            order.insert(at, unit);
        }
    }
    order
}

/// [`summons_inserted_slow`]'s answer through a list linked by unit id. `None` when `order`
/// names a unit twice (then "right after `by`" is after its first place: the slow path
/// answers).
fn inserted(order: &[UnitId], summoned: &[(UnitId, UnitId)]) -> Option<Vec<UnitId>> {
    const END: u32 = u32::MAX;
    let n = order
        .iter()
        .chain(summoned.iter().flat_map(|(s, by)| [s, by]))
        .map(|u| u.0 as usize + 1)
        .max()
        .unwrap_or(0);
    let mut next = vec![END; n];
    let mut listed = vec![false; n];
    let (mut head, mut tail) = (END, END);
    let push = |u: u32, next: &mut Vec<u32>, head: &mut u32, tail: &mut u32| {
        if *tail == END {
            *head = u;
        } else {
            next[*tail as usize] = u;
        }
        *tail = u;
    };
    for &u in order {
        if std::mem::replace(&mut listed[u.0 as usize], true) {
            return None;
        }
        push(u.0, &mut next, &mut head, &mut tail);
    }
    for &(unit, by) in summoned {
        if listed[unit.0 as usize] {
            continue;
        }
        let after = listed[by.0 as usize];
        listed[unit.0 as usize] = true;
        if after {
            next[unit.0 as usize] = next[by.0 as usize];
            next[by.0 as usize] = unit.0;
            if tail == by.0 {
                tail = unit.0;
            }
        } else {
            push(unit.0, &mut next, &mut head, &mut tail);
        }
    }
    let mut out = Vec::with_capacity(order.len() + summoned.len());
    let mut at = head;
    while at != END {
        out.push(UnitId(at));
        at = next[at as usize];
    }
    Some(out)
}

/// Every `Summoned` event's (unit, summoner) read from the log, in order (the slow path
/// of the record's list).
pub fn with_summons_slow_list(b: &Battle) -> Vec<(UnitId, UnitId)> {
    b.log()
        .iter()
        .filter_map(|l| match l.event {
            Event::Summoned { unit, by, .. } => Some((unit, by)),
            _ => None,
        })
        .collect()
}
