//! The rest of the seed's ability entry (seed 001, "Ability Entries"), beyond what
//! `casting.rs` checks and rolls:
//!
//! * "Sustain: To maintain this ability, roll the noted Sustain using the same action as
//!   initiating it. Otherwise, it expires at the end of your turn." A power with
//!   `sustain: Some(X)`: the conditions its use laid with a duration tied to its user
//!   (`UntilRemoved`, sourced to the user) end at the end of the user's turn, unless the
//!   user used or sustained the power in that turn. A Sustain ([`EscalationAction::
//!   Sustain`]) takes the power's action type and rolls 3d6 (the save dice) against X: a
//!   success keeps the effects one more turn, a failure ends them at once.
//! * "Spend X Power": the archetype's `Power` is a pool (not regained inside a battle);
//!   a power with `spend: Some(X)` needs X of it and spends it.
//! * "Ongoing Damage: You take damage equal to the listed amount": the amount of the
//!   power's `Ongoing` effect that laid the Bleeding (5 when no power did).
//! * Grabbed "until the grabber lets go": the grab ends when the grabber is no longer
//!   next to the grabbed unit (either moved, or was pushed), is down, Stunned or
//!   Helpless, or the grabbed unit Disengages from it.

use crate::battle::Battle;
use crate::components::{ConditionKind, Conditions, Duration, Slot, UnitId};
use crate::engine::Illegal;
use crate::event::{CheckPurpose, Event, Outcome, Spend};

use super::EscalationAction;
use super::actions::{pay, payer};
use super::casting::action_slot;

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).to_string(),
        why: why.into(),
    }
}

/// Does `t` bear `kind` from `source`?
fn bears(b: &Battle, t: UnitId, kind: ConditionKind, source: UnitId) -> bool {
    b.get::<Conditions>(t).is_some_and(|c| {
        c.0.iter()
            .any(|c| c.kind == kind && c.source == Some(source))
    })
}

/// The lasting effects of `u`'s last use of power `i` still on: each (bearer,
/// condition) it laid with a duration tied to its user (`UntilRemoved`, sourced to `u`),
/// found in the log from that `Cast` to `u`'s next one.
///
/// Each is borne now, a condition sourced to `u`: when no unit bears one, there are none,
/// found without the walk back through the log (to its start when the power was never
/// used), which is what the AI's every decision asked of every sustain power.
pub fn lasting_effects(b: &Battle, u: UnitId, i: usize) -> Vec<(UnitId, ConditionKind)> {
    if !b.units().any(|t| {
        b.get::<Conditions>(t)
            .is_some_and(|c| c.0.iter().any(|c| c.source == Some(u)))
    }) {
        return Vec::new();
    }
    let log = b.log();
    let Some(start) = log.iter().rposition(
        |l| matches!(l.event, Event::Cast { unit, ability, .. } if unit == u && ability == i),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for l in &log[start + 1..] {
        match &l.event {
            Event::Cast { unit, .. } if *unit == u => break,
            Event::ConditionAdded {
                unit: t,
                kind,
                duration: Duration::UntilRemoved,
                source: Some(s),
            } if *s == u && !out.contains(&(*t, *kind)) => out.push((*t, *kind)),
            _ => {}
        }
    }
    out.retain(|&(t, k)| bears(b, t, k, u));
    out
}

/// Did `u` use power `i`, or sustain it, in its current turn?
pub fn used_or_sustained_this_turn(b: &Battle, u: UnitId, i: usize) -> bool {
    for l in b.log().iter().rev() {
        match &l.event {
            Event::TurnStarted { unit, .. } if *unit == u => return false,
            Event::Cast { unit, ability, .. } if *unit == u && *ability == i => return true,
            Event::Check {
                unit,
                purpose: CheckPurpose::Sustain(j),
                outcome,
                ..
            } if *unit == u && usize::from(*j) == i && outcome.is_success() => return true,
            _ => {}
        }
    }
    false
}

/// The powers `u` could sustain now (sustain powers with lasting effects, not used or
/// sustained this turn), by index.
pub fn sustainable(b: &Battle, u: UnitId) -> Vec<usize> {
    b.abilities(u)
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            a.sustain.is_some()
                && !used_or_sustained_this_turn(b, u, *i)
                && !lasting_effects(b, u, *i).is_empty()
        })
        .map(|(i, _)| i)
        .collect()
}

fn end_effects(b: &mut Battle, u: UnitId, i: usize) {
    for (t, kind) in lasting_effects(b, u, i) {
        b.emit(Event::ConditionRemoved {
            unit: t,
            kind,
            source: Some(u),
        });
    }
}

/// At the end of `u`'s turn: "Otherwise, it expires at the end of your turn" — the
/// lasting effects of each sustain power it neither used nor sustained this turn end.
pub(super) fn expire_unsustained(b: &mut Battle, u: UnitId) {
    let powers: Vec<usize> = b
        .abilities(u)
        .iter()
        .enumerate()
        .filter(|(_, a)| a.sustain.is_some())
        .map(|(i, _)| i)
        .collect();
    for i in powers {
        if !used_or_sustained_this_turn(b, u, i) {
            end_effects(b, u, i);
        }
    }
}

/// Check a Sustain of power `i`: a sustain power with lasting effects, not used or
/// sustained this turn, and its action type still to pay. (Hampered allows it: "Sustain
/// existing abilities".)
pub(super) fn check_sustain(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    let a = b
        .ability(u, i)
        .ok_or_else(|| cannot(b, u, format!("it knows no ability #{i}")))?;
    if a.sustain.is_none() {
        return Err(cannot(b, u, format!("{} has no Sustain", a.name)));
    }
    if used_or_sustained_this_turn(b, u, i) {
        return Err(cannot(
            b,
            u,
            format!(
                "{} was used or sustained this turn already: it lasts to the end of the turn",
                a.name
            ),
        ));
    }
    if lasting_effects(b, u, i).is_empty() {
        return Err(cannot(
            b,
            u,
            format!("nothing of {} lasts to be sustained", a.name),
        ));
    }
    if let Some(slot) = action_slot(a)
        && payer(b, u, slot).is_none()
    {
        return Err(Illegal::NoSlot {
            unit: b.name(u).to_string(),
            action: "a Sustain (the power's own action type)",
            slot: slot_word(slot),
        });
    }
    Ok(())
}

fn slot_word(s: Slot) -> &'static str {
    match s {
        Slot::Quick => "Quick",
        Slot::Move => "Move",
        _ => "Standard",
    }
}

/// Sustain power `i` (checked): pay its action type, roll 3d6 (the save dice, with
/// their Advantage and Disadvantage) against its Sustain number; a failure ends its
/// lasting effects now.
pub(super) fn sustain(b: &mut Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    let Some(a) = b.ability(u, i).cloned() else {
        return Ok(());
    };
    let x = a.sustain.unwrap_or(0) as i32;
    if let Some(slot) = action_slot(&a) {
        pay(b, u, slot, Spend::Sustain);
    }
    let roll = super::turns::roll_save(b, u, false, None)?;
    let success = roll.total >= x;
    b.emit(Event::Check {
        unit: u,
        purpose: CheckPurpose::Sustain(i.min(usize::from(u8::MAX)) as u8),
        roll,
        target_number: x,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
    });
    if !success {
        end_effects(b, u, i);
    }
    Ok(())
}

/// The chance a Sustain of power `i` succeeds (3d6 with `u`'s save dice against X).
pub fn sustain_chance(b: &Battle, u: UnitId, i: usize) -> f64 {
    let Some(x) = b.ability(u, i).and_then(|a| a.sustain) else {
        return 0.0;
    };
    let net: i32 = super::save_edges(b, u, false).iter().map(|m| m.value).sum();
    super::natural_odds(net)
        .iter()
        .enumerate()
        .filter(|(n, _)| *n as i32 >= x as i32)
        .map(|(_, p)| p)
        .sum()
}

/// The Sustain command for `u`'s power `i`.
pub fn sustain_command(u: UnitId, i: usize) -> crate::engine::Command {
    crate::rulesets::ui::act(u, EscalationAction::Sustain { ability: i })
}

/// Does the grab on `t` (Grabbed, sourced to its grabber) still hold: the grabber
/// stands next to it, not Stunned or Helpless?
fn grab_holds(b: &Battle, t: UnitId, g: UnitId) -> bool {
    b.alive(t)
        && b.alive(g)
        && b.grid().distance(b.pos(t), b.pos(g)) == 1
        && !b.has(g, ConditionKind::Stunned)
        && !b.has(g, ConditionKind::Helpless)
}

/// End the grabs that no longer hold (see [`grab_holds`]); a Grabbed with no source (a
/// level's bare condition) is left alone.
pub(super) fn release_grabs(b: &mut Battle) {
    let mut ends = Vec::new();
    for t in b.units() {
        // The conditions' bits first: most units hold no grab.
        if !b.has(t, ConditionKind::Grabbed) {
            continue;
        }
        let Some(c) = b.get::<Conditions>(t) else {
            continue;
        };
        for c in &c.0 {
            if c.kind == ConditionKind::Grabbed
                && let Some(g) = c.source
                && !grab_holds(b, t, g)
            {
                ends.push((t, g));
            }
        }
    }
    for (t, g) in ends {
        b.emit(Event::ConditionRemoved {
            unit: t,
            kind: ConditionKind::Grabbed,
            source: Some(g),
        });
    }
}

/// The grabbed unit disengaged from its grabber: the grab ends.
pub(super) fn disengaged_from(b: &mut Battle, u: UnitId, from: &[UnitId]) {
    for &g in from {
        if bears(b, u, ConditionKind::Grabbed, g) {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind: ConditionKind::Grabbed,
                source: Some(g),
            });
        }
    }
}

/// Spend X Power: is there enough in `u`'s pool for power `i`?
pub(super) fn check_power(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    let Some(a) = b.ability(u, i) else {
        return Ok(());
    };
    if let Some(x) = a.spend {
        let have = b.pool(u, crate::components::Pool::Power);
        if have < x as i32 {
            return Err(cannot(
                b,
                u,
                format!("{} spends {x} Power and it has {have} left", a.name),
            ));
        }
    }
    Ok(())
}
