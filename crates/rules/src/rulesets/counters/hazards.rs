//! Counteraction against untargeted threats (wave 2): the level's hazards. "Used against
//! untargeted threats (traps, falling objects, magical bursts). Spend one of: 20ft of
//! movement, 10ft movement + 1 SD. Then roll a stressed check determined by GM. +1 DC per
//! missing SD."
//!
//! * A unit that steps onto a **trap** cell springs it on itself; one that steps onto a
//!   **falling rocks** cell brings the rocks down on every unit within 5 ft of it (that
//!   cell and its neighbours), itself included; one that steps onto a **magical burst**
//!   (a rune) sets it off on every unit within its `radius` cells, friend or foe, itself
//!   included. Each is sprung every time a unit enters.
//! * A magical burst's damage is magical: only magical armour absorbs it ("Common
//!   weapons, armor, and shields cannot absorb magical damage"). It is an untargeted
//!   threat, answered by Counteraction alone: no caster made a check a counterspell could
//!   be rolled against, and Block answers attacks.
//! * Each unit hit may answer with a Counteraction: 20 ft of unspent movement, or 10 ft
//!   and 1 SD (its commitments: movement and skill dice). The check is 1d20 + Agility
//!   modifier (+ proficiency if proficient in Agility) against the hazard's DC (level
//!   data), +1 for each skill die missing from the full price's one: paying 20 ft
//!   instead of 10 ft + 1 SD is DC + 1. Dice over the proficiency cap make it strained.
//! * Reaching the DC avoids the hazard; otherwise (or without a counteraction) the unit
//!   takes its damage dice, less its passive absorption.

use crate::battle::Battle;
use crate::components::{Pool, UnitId};
use crate::dice::{DiceExpr, ModKind, Modifier};
use crate::engine::{Commit, CommitPart, Frame, Illegal, Window};
use crate::event::{CheckPurpose, Event, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::level::HazardKind;

use super::CountersFrame;
use super::attack::down_if_out;
use super::numbers::{STEP_CELLS, absorption, agility, agility_prof, over_cap_now};

/// The ways a Counteraction is paid: (cells of movement, skill dice).
pub const WAYS: [(u32, u32); 2] = [(2 * STEP_CELLS, 0), (STEP_CELLS, 1)];

/// `u` stepped onto `to`: a hazard there springs (`Ruleset::stepped`).
pub fn stepped(b: &mut Battle, u: UnitId, to: Cell) {
    let Some(h) = b.hazard_at(to).cloned() else {
        return;
    };
    let hit: Vec<UnitId> = match h.kind {
        HazardKind::Trap => vec![u],
        HazardKind::FallingRocks => within(b, to, 1),
        HazardKind::MagicalBurst { radius } => within(b, to, radius),
    };
    let since = b.log().len();
    for v in hit.into_iter().rev() {
        b.push_frame(
            CountersFrame::Hazard {
                cell: to,
                unit: v,
                since,
            }
            .into(),
        );
        b.push_frame(Frame::Offer {
            reactor: v,
            trigger: Trigger::Hazard { cell: to },
            to: None,
        });
    }
}

/// The living units within `radius` cells of `c`, in initiative order.
pub fn within(b: &Battle, c: Cell, radius: u32) -> Vec<UnitId> {
    b.order()
        .iter()
        .copied()
        .filter(|&v| b.alive(v) && b.grid().distance(b.pos(v), c) <= radius)
        .collect()
}

/// Can `u` pay one of the ways?
fn can_pay(b: &Battle, u: UnitId) -> bool {
    WAYS.iter()
        .any(|&(cells, dice)| b.move_left(u) >= cells && b.pool(u, Pool::SkillDice) >= dice as i32)
}

/// A Counteraction, when `u` can pay for one.
pub fn offer(b: &Battle, u: UnitId, cell: Cell) -> Option<Vec<ReactionKind>> {
    (b.alive(u) && b.hazard_at(cell).is_some() && can_pay(b, u))
        .then(|| vec![ReactionKind::Counteraction])
}

/// What a Counteraction takes: movement, and at most one skill die.
pub fn commit_range(b: &Battle, w: &Window) -> Vec<CommitPart> {
    vec![
        CommitPart {
            label: "Movement",
            pools: vec![Pool::Movement],
            max: b.move_left(w.reactor).min(2 * STEP_CELLS),
            alone_least: 0,
        },
        CommitPart {
            label: "Skill die",
            pools: vec![Pool::SkillDice],
            max: 1,
            alone_least: 0,
        },
    ]
}

/// The (cells, dice) of a mix of commitments.
fn mix(commits: &[Commit]) -> (u32, u32) {
    let of = |p: Pool| {
        commits
            .iter()
            .filter(|c| c.pool == p)
            .map(|c| c.amount)
            .sum()
    };
    (of(Pool::Movement), of(Pool::SkillDice))
}

/// The DC of `cell`'s hazard for a counteraction committing `dice` skill dice: +1 per
/// die missing from the full price's one.
pub fn dc(b: &Battle, cell: Cell, dice: u32) -> i32 {
    b.hazard_at(cell).map_or(0, |h| h.dc) + (1 - dice.min(1) as i32)
}

/// The chance a counteraction with `dice` dice reaches the DC.
pub fn chance(b: &Battle, u: UnitId, cell: Cell, dice: u32) -> f64 {
    let need = dc(b, cell, dice) - agility(b, u) - agility_prof(b, u);
    f64::from((21 - need).clamp(0, 20)) / 20.0
}

/// A Counteraction's commitments must be one of the two ways ("Cost: 20ft movement, or
/// 10ft movement + 1 SD"): asked when it is given (`Ruleset::check_answer`) and again
/// when it resolves.
pub fn check(b: &Battle, w: &Window, commits: &[Commit]) -> Result<(), Illegal> {
    let (cells, dice) = mix(commits);
    if WAYS.contains(&(cells, dice)) {
        return Ok(());
    }
    Err(Illegal::Cannot {
        unit: b.name(w.reactor).into(),
        why: format!(
            "a Counteraction takes 20 ft of movement, or 10 ft and 1 skill die (not {} ft and {dice})",
            cells * 5
        ),
    })
}

/// A Counteraction: the mix must be one of the two ways; then 1d20 + Agility modifier
/// (+ proficiency) against the DC.
pub fn answer(b: &mut Battle, w: &Window, commits: &[Commit]) -> Result<(), Illegal> {
    let Trigger::Hazard { cell } = w.trigger else {
        return Err(Illegal::NoWindow);
    };
    check(b, w, commits)?;
    let (_, dice) = mix(commits);
    let strained = dice > 0 && over_cap_now(b, w.reactor);
    let d = if strained {
        DiceExpr::new(2, 20).keep_lowest(1)
    } else {
        DiceExpr::new(1, 20)
    };
    let u = w.reactor;
    let mut roll = b
        .roll(d)?
        .with(Modifier::new(ModKind::Skill, "Agility mod", agility(b, u)))
        .with(Modifier::new(
            ModKind::Skill,
            "proficiency",
            agility_prof(b, u),
        ));
    if strained {
        roll = roll.with(Modifier::new(
            ModKind::Other,
            "strained: over the proficiency cap",
            0,
        ));
    }
    let target = dc(b, cell, dice);
    let outcome = if roll.total >= target {
        Outcome::Success
    } else {
        Outcome::Failure
    };
    b.emit(Event::Check {
        unit: u,
        purpose: CheckPurpose::Counteraction,
        roll,
        target_number: target,
        outcome,
    });
    Ok(())
}

/// The hazard falls on `u` unless its counteraction since log index `since` succeeded.
pub fn strike(b: &mut Battle, cell: Cell, u: UnitId, since: usize) -> Result<(), Illegal> {
    let Some(h) = b.hazard_at(cell).cloned() else {
        return Ok(());
    };
    if !b.alive(u) || b.ended.is_some() {
        return Ok(());
    }
    let avoided = b.log()[since.min(b.log().len())..].iter().any(|l| {
        matches!(&l.event, Event::Check {
            unit,
            purpose: CheckPurpose::Counteraction,
            outcome: Outcome::Success,
            ..
        } if *unit == u)
    });
    if avoided {
        return Ok(());
    }
    let mut roll = b
        .roll(h.damage)?
        .with(Modifier::new(ModKind::Other, h.kind.words(), 0));
    let magical = h.kind.magical();
    let a = absorption(b, u, magical).min(roll.total.max(0));
    if a > 0 {
        let label = if magical {
            "absorption (magical armour)"
        } else {
            "absorption"
        };
        roll = roll.with(Modifier::new(ModKind::Other, label, -a));
    }
    let amount = roll.total.max(0);
    let hp_after = b.hp(u) - amount;
    b.emit(Event::Damage {
        unit: u,
        source: None,
        roll,
        amount,
        hp_after,
    });
    down_if_out(b, u);
    Ok(())
}

/// The AI counteracts when the hazard's expected damage is worth more than what it
/// spends: the way with the better value.
pub fn ai_commits(b: &Battle, w: &Window) -> Vec<Commit> {
    let Trigger::Hazard { cell } = w.trigger else {
        return Vec::new();
    };
    let Some(h) = b.hazard_at(cell) else {
        return Vec::new();
    };
    let mean = expected(b, w.reactor, h);
    let mut best: Option<(f64, Vec<Commit>)> = None;
    for (cells, dice) in WAYS {
        if b.move_left(w.reactor) < cells || b.pool(w.reactor, Pool::SkillDice) < dice as i32 {
            continue;
        }
        let cost = super::ai::worth(Pool::Movement) * f64::from(cells)
            + super::ai::worth(Pool::SkillDice) * f64::from(dice);
        let saved = chance(b, w.reactor, cell, dice) * mean.max(0.0) - cost;
        if saved > 0.0 && best.as_ref().is_none_or(|(v, _)| saved > *v) {
            let mut c = vec![Commit {
                part: 0,
                pool: Pool::Movement,
                amount: cells,
            }];
            if dice > 0 {
                c.push(Commit {
                    part: 1,
                    pool: Pool::SkillDice,
                    amount: dice,
                });
            }
            best = Some((saved, c));
        }
    }
    best.map(|(_, c)| c).unwrap_or_default()
}

/// What the AI expects `u` to lose stepping onto `c` (`AiTactics::cell_risk`): the
/// hazard's mean damage times the chance a 20 ft Counteraction (DC + 1) fails, plus the
/// movement it spends; 0 where no hazard lies. The move search takes it off the cells
/// whose way crosses it, so a unit keeps off a hazard unless the cell is worth more.
/// A magical burst also counts what the allies within its radius would lose.
pub fn ai_risk(b: &Battle, u: UnitId, c: Cell) -> f64 {
    let Some(h) = b.hazard_at(c) else {
        return 0.0;
    };
    let loss = |v: UnitId| expected(b, v, h) * (1.0 - chance(b, v, c, 0));
    let mut risk = loss(u) + f64::from(2 * STEP_CELLS) * super::worth(Pool::Movement);
    if let HazardKind::MagicalBurst { radius } = h.kind {
        risk += within(b, c, radius)
            .into_iter()
            .filter(|&v| v != u && !b.enemies(u, v))
            .map(loss)
            .sum::<f64>();
    }
    risk
}

/// The damage `u` expects from hazard `h` without a counteraction: its mean less `u`'s
/// absorption (magical armour only against a magical burst), at least 0.
pub fn expected(b: &Battle, u: UnitId, h: &crate::level::Hazard) -> f64 {
    let d = &h.damage;
    let mean = f64::from(d.count) * (f64::from(d.sides) + 1.0) / 2.0 + f64::from(d.bonus);
    (mean - f64::from(absorption(b, u, h.kind.magical()))).max(0.0)
}
