//! counters' status effects (wave 2) and ending them. The seed names Grappled,
//! Restrained and Charmed as escapable; here they come from spells (`data/counters.ron`)
//! and do:
//!
//! * **Grappled**: no moving (its movement is still a currency for counters);
//! * **Restrained**: no moving, no attacking, no casting;
//! * **Charmed**: no attacking or casting at the one who charmed it.
//!
//! "To end an escapable effect: Spend one of: 2 SD, 20ft movement, 1 SD + 10ft movement.
//! Then: Roll 1d20 + appropriate ability modifier (+ proficiency if applicable); Beat the
//! DC or contested roll of the source." Ending one is the `EndStatus` action (no action
//! spent: its price is the dice and movement), on the unit's own turn. The ability is
//! Strength for Grappled and Restrained (+ proficiency if proficient in Strength),
//! Intelligence for Charmed (+ proficiency); the source's DC is its spell DC, 10 + its
//! Intelligence modifier + proficiency. Dice that take the unit over its proficiency cap
//! this round make the check strained (the lower of two d20s).
//!
//! "… or contested roll of the source": a **grapple made by a unit** (an ability that is
//! not a spell: the `Grapple` of `data/counters.ron`) is escaped by a contest instead of
//! a DC: the escaper's roll above against the grappler's 1d20 + Strength modifier (+
//! proficiency if proficient in Strength), rolled then (both dice logged, then
//! `Event::Contest`). "Beat" is read strictly here: a tie goes to the grappler (the
//! grapple holds), as every contest in the game breaks ties for the side resisting.

use crate::abilities::AbilityKind;
use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Stat, UnitId};
use crate::dice::{DiceExpr, ModKind, Modifier};
use crate::engine::{Action, Command, Illegal};
use crate::event::{CheckPurpose, Event, Outcome, Spend};

use super::numbers::{STEP_CELLS, over_cap_now, proficiency, strength, strength_prof};
use super::spells::CASTING;
use super::{CountersAction, EndPay};

/// The escapable status effects.
pub const ESCAPABLE: [ConditionKind; 3] = [
    ConditionKind::Grappled,
    ConditionKind::Restrained,
    ConditionKind::Charmed,
];

/// The skill dice and cells of movement a way of paying takes.
pub fn price(pay: EndPay) -> (i32, u32) {
    match pay {
        EndPay::TwoDice => (2, 0),
        EndPay::Move20 => (0, 2 * STEP_CELLS),
        EndPay::DieAndMove10 => (1, STEP_CELLS),
    }
}

/// May `u` move (not Grappled or Restrained)?
pub fn may_move(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    for k in [ConditionKind::Grappled, ConditionKind::Restrained] {
        if b.has(u, k) {
            return Err(Illegal::Cannot {
                unit: b.name(u).into(),
                why: format!("it is {k:?}: end it first (2 SD, 20 ft, or 1 SD + 10 ft)"),
            });
        }
    }
    Ok(())
}

/// May `u` attack or cast at all (not Restrained)?
pub fn may_act(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    if b.has(u, ConditionKind::Restrained) {
        return Err(Illegal::Cannot {
            unit: b.name(u).into(),
            why: "it is Restrained: end it first (2 SD, 20 ft, or 1 SD + 10 ft)".into(),
        });
    }
    Ok(())
}

/// May `u` attack or cast at `t` (not the one who charmed it)?
pub fn may_harm(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    // Neither status (nearly always): the battle's condition bits, nothing refused.
    if !b.has(u, ConditionKind::Restrained) && !b.has(u, ConditionKind::Charmed) {
        return Ok(());
    }
    may_act(b, u)?;
    if b.has(u, ConditionKind::Charmed) && b.condition_source(u, ConditionKind::Charmed) == Some(t)
    {
        return Err(Illegal::Cannot {
            unit: b.name(u).into(),
            why: format!("it is Charmed by {}", b.name(t)),
        });
    }
    Ok(())
}

/// The ability a status is escaped with.
fn ability(kind: ConditionKind) -> Stat {
    if kind == ConditionKind::Charmed {
        CASTING
    } else {
        Stat::Str
    }
}

/// The source's DC: 10 + its Intelligence modifier + proficiency (10 without a source).
pub fn source_dc(b: &Battle, u: UnitId, kind: ConditionKind) -> i32 {
    b.condition_source(u, kind).map_or(10, |s| {
        10 + super::spells::int_mod(b, s) + proficiency(b, s)
    })
}

/// Is ending `kind` now legal for `u`: its own turn, it has that escapable status, and
/// it can pay the way it names?
pub fn check(b: &Battle, u: UnitId, kind: ConditionKind, pay: EndPay) -> Result<(), Illegal> {
    if b.current() != Some(u) {
        return Err(Illegal::NotYourTurn {
            unit: b.name(u).into(),
            current: b
                .current()
                .map(|c| b.name(c).to_string())
                .unwrap_or_default(),
        });
    }
    let cannot = |why: String| Illegal::Cannot {
        unit: b.name(u).into(),
        why,
    };
    if !ESCAPABLE.contains(&kind) {
        return Err(cannot(format!(
            "{kind:?} is not an escapable status (Grappled, Restrained, Charmed)"
        )));
    }
    if !b.has(u, kind) {
        return Err(cannot(format!("it is not {kind:?}")));
    }
    let (dice, cells) = price(pay);
    if b.pool(u, Pool::SkillDice) < dice || b.move_left(u) < cells {
        return Err(cannot(format!(
            "ending it that way takes {dice} skill dice and {} ft of movement (has {} and {} ft)",
            cells * 5,
            b.pool(u, Pool::SkillDice),
            b.move_left(u) * 5
        )));
    }
    Ok(())
}

/// End a status: pay, then 1d20 + the ability modifier (+ proficiency) against the
/// source's DC; reaching it ("beat", read as for Passive Dodge) removes it.
pub fn perform(b: &mut Battle, u: UnitId, kind: ConditionKind, pay: EndPay) -> Result<(), Illegal> {
    check(b, u, kind, pay)?;
    let (dice, cells) = price(pay);
    if dice > 0 {
        b.emit(Event::spent(u, Pool::SkillDice, dice, Spend::Commit));
    }
    if cells > 0 {
        b.emit(Event::spent(u, Pool::Movement, cells as i32, Spend::Commit));
    }
    let strained = dice > 0 && over_cap_now(b, u);
    let d = if strained {
        DiceExpr::new(2, 20).keep_lowest(1)
    } else {
        DiceExpr::new(1, 20)
    };
    let stat = ability(kind);
    let prof = if stat == Stat::Str {
        strength_prof(b, u)
    } else {
        proficiency(b, u)
    };
    let mut roll = b
        .roll(d)?
        .with(Modifier::new(
            ModKind::Skill,
            format!("{stat:?} mod"),
            if stat == CASTING {
                super::spells::int_mod(b, u)
            } else {
                b.stats(u).d20_mod(stat)
            },
        ))
        .with(Modifier::new(ModKind::Skill, "proficiency", prof));
    if strained {
        roll = roll.with(Modifier::new(
            ModKind::Other,
            "strained: over the proficiency cap",
            0,
        ));
    }
    let success = match grappler(b, u).filter(|_| kind == ConditionKind::Grappled) {
        Some(g) => contest(b, u, roll, g)?,
        None => {
            let dc = source_dc(b, u, kind);
            let success = roll.total >= dc;
            b.emit(Event::Check {
                unit: u,
                purpose: CheckPurpose::BreakFree,
                roll,
                target_number: dc,
                outcome: won(success),
            });
            success
        }
    };
    if success {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind,
            source: None,
        });
    }
    Ok(())
}

fn won(w: bool) -> Outcome {
    if w {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}

/// The unit holding `u` Grappled by a grapple of its own (an ability that is not a
/// spell), if so: the source of `u`'s Grappled, when the attack that laid it was made
/// with one of the source's non-spell abilities.
pub fn grappler(b: &Battle, u: UnitId) -> Option<UnitId> {
    let s = b.condition_source(u, ConditionKind::Grappled)?;
    let log = b.log();
    let laid = log.iter().rposition(|l| {
        matches!(&l.event, Event::ConditionAdded {
            unit,
            kind: ConditionKind::Grappled,
            source: Some(x),
            ..
        } if *unit == u && *x == s)
    })?;
    let with = log[..laid].iter().rev().find_map(|l| match &l.event {
        Event::Attack {
            attacker,
            target,
            weapon,
            ..
        } if *attacker == s && *target == u => Some(weapon),
        _ => None,
    })?;
    b.abilities(s)
        .iter()
        .any(|a| &a.name == with && a.kind != AbilityKind::Spell)
        .then_some(s)
}

/// A unit's grapple ends when its grappler is down or the two are no longer side by
/// side (5e's reading, the common one: "The condition ends if the grappler is
/// incapacitated … [or] if an effect removes the grappled creature from the reach of the
/// grappler"; the seed names Grappled without saying when it ends). Run after anything
/// that moves a unit or deals damage: each such Grappled is removed (`ConditionRemoved`).
/// A spell's Grappled (Grasping Hand) has no grappler beside it and is untouched.
pub fn release_grapples(b: &mut Battle) {
    // Asked after every step, hit and frame: nobody grappled (nearly always), nothing to
    // list (`has` reads the battle's condition bits, and is asked first: it is cheaper
    // than `alive`). The battle's count of holders answers "nobody" in one read.
    if b.holding(ConditionKind::Grappled) == 0 {
        return;
    }
    if !b
        .order()
        .iter()
        .any(|&u| b.has(u, ConditionKind::Grappled) && b.alive(u))
    {
        return;
    }
    let held: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|&u| b.has(u, ConditionKind::Grappled) && b.alive(u))
        .collect();
    for u in held {
        let Some(g) = grappler(b, u) else { continue };
        if b.alive(g) && b.grid().distance(b.pos(g), b.pos(u)) <= 1 {
            continue;
        }
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind: ConditionKind::Grappled,
            source: None,
        });
    }
}

/// Above this many units in the initiative order, [`release_grapples_near`] looks near
/// the unit that moved or was hit before it scans everyone (below it, the scan is as
/// cheap as the look).
pub(super) const NEAR_LOOK_FROM: usize = 48;

thread_local! {
    /// Test switch: [`release_grapples_near`] always scans everyone
    /// ([`set_full_grapple_scans`]).
    static FULL_SCANS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Make [`release_grapples_near`] scan every unit every time (`true`), as before it
/// looked near the unit first, or look first (`false`, the default). For tests that
/// hold the two to the same battles on this thread.
#[doc(hidden)]
pub fn set_full_grapple_scans(on: bool) {
    FULL_SCANS.with(|f| f.set(on));
}

/// [`release_grapples`] after `u` stepped off `at`, or after `u` (standing on `at`) was
/// dealt damage: only a grapple that holds `u` or that `u` holds can have ended. Every
/// grapple held beside its grappler before (each move, hit and frame is followed by
/// [`release_grapples`]), so one `u` holds is on a unit that was beside it, within 1 of
/// `at` (a unit that stepped moved away from there; one that was hit stays there). When
/// neither `u` nor any living unit within 1 of `at` is Grappled, nothing is released:
/// the full scan is skipped (the same events, without asking every unit at 200 a side).
pub fn release_grapples_near(b: &mut Battle, u: UnitId, at: crate::grid::Cell) {
    // Nobody grappled anywhere (the battle's count): nothing to look near.
    if b.holding(ConditionKind::Grappled) == 0 {
        return;
    }
    if b.order().len() > NEAR_LOOK_FROM && !FULL_SCANS.with(|f| f.get()) {
        let held = |v: UnitId| b.has(v, ConditionKind::Grappled);
        if !held(u) && !b.units_within(at, 1).into_iter().any(held) {
            return;
        }
    }
    release_grapples(b);
}

/// The contest against grappler `g`: its 1d20 + Strength modifier (+ proficiency if
/// proficient in Strength) against the escaper's `roll`; the escaper must beat it (a tie
/// holds). Both checks, then the contest, are logged.
fn contest(b: &mut Battle, u: UnitId, roll: crate::dice::Roll, g: UnitId) -> Result<bool, Illegal> {
    let hold = b
        .roll(DiceExpr::new(1, 20))?
        .with(Modifier::new(ModKind::Skill, "Str mod", strength(b, g)))
        .with(Modifier::new(
            ModKind::Skill,
            "proficiency",
            strength_prof(b, g),
        ));
    let (mine, theirs) = (roll.total, hold.total);
    let free = mine > theirs;
    b.emit(Event::Check {
        unit: u,
        purpose: CheckPurpose::BreakFree,
        roll,
        target_number: theirs,
        outcome: won(free),
    });
    b.emit(Event::Check {
        unit: g,
        purpose: CheckPurpose::BreakFree,
        roll: hold,
        target_number: mine,
        outcome: won(!free),
    });
    b.emit(Event::Contest {
        purpose: CheckPurpose::BreakFree,
        active: u,
        passive: g,
        active_wins: free,
    });
    Ok(free)
}

/// The AI ends its worst escapable status first thing in its turn, the cheapest way it
/// can pay (movement first when the status keeps it from moving anyway).
pub fn ai_recover(b: &Battle, u: UnitId) -> Option<Command> {
    let kind = [
        ConditionKind::Restrained,
        ConditionKind::Grappled,
        ConditionKind::Charmed,
    ]
    .into_iter()
    .find(|&k| b.has(u, k))?;
    // Charmed only keeps it off one foe: it spends no more than 2 spare dice on it.
    if kind == ConditionKind::Charmed && b.pool(u, Pool::SkillDice) < 2 {
        return None;
    }
    [EndPay::Move20, EndPay::DieAndMove10, EndPay::TwoDice]
        .into_iter()
        .find(|&p| check(b, u, kind, p).is_ok())
        .map(|pay| Command::Act {
            unit: u,
            action: Action::Counters(CountersAction::EndStatus { kind, pay }),
        })
}
