//! The counters to a spell landing (`Trigger::SpellLanding`), declared by its targets
//! and the allies beside them: **Counterspell** ("Spend SD equal to spell level; Roll a
//! counter check against opponent's successful check total"; d20 + Intelligence
//! modifier plus proficiency, strained over the cap; a natural 20 is a critical counter)
//! and a
//! **Block** with a magical weapon or shield against the spell's damage (skill dice and
//! Dig In, as against a weapon).

use crate::battle::Battle;
use crate::components::{Cost, Pool, UnitId};
use crate::dice::{DiceExpr, ModKind, Modifier};
use crate::engine::{Commit, CommitPart, Illegal, Window};
use crate::event::{CheckPurpose, Event, Outcome, ReactionKind, Trigger};

use super::ai_commits::{Best, best_against};
use super::defence::{amounts, flat_mods, paid, roll_dice};
use super::numbers::{STEP_CELLS, over_cap_now, strained_with};
use super::spells::{
    after_absorption, casting_bonus, check_index, level, magical_guard, pending, ward,
};

/// What `reactor` may declare against `caster`'s spell landing: Counterspell with the
/// skill dice its level costs; Block against its damage with a magical weapon or shield
/// in hand and a skill die or 10 ft of movement to pay with.
pub fn offer(
    b: &Battle,
    reactor: UnitId,
    caster: UnitId,
    ability: usize,
) -> Option<Vec<ReactionKind>> {
    let (targets, damage) = pending(b, caster, ability)?;
    if !b.alive(reactor) {
        return None;
    }
    let w = ward(b, reactor, &targets)?;
    let mut v = Vec::new();
    // A physical ability (a grapple) is no spell: nothing to counterspell.
    if super::spells::is_spell(b, caster, ability)
        && b.pool(reactor, Pool::SkillDice) >= level(b, caster, ability)
    {
        v.push(ReactionKind::Counterspell);
    }
    let coming = damage.is_some_and(|d| after_absorption(b, w, &d).total > 0);
    let can_pay = b.pool(reactor, Pool::SkillDice) > 0 || b.move_left(reactor) >= STEP_CELLS;
    if coming && magical_guard(b, reactor) && can_pay {
        v.push(ReactionKind::Block);
    }
    (!v.is_empty()).then_some(v)
}

/// A counterspell costs skill dice equal to the spell's level.
pub fn cost(b: &Battle, trigger: &Trigger, kind: ReactionKind) -> Cost {
    match (trigger, kind) {
        (
            Trigger::SpellLanding {
                caster, ability, ..
            },
            ReactionKind::Counterspell,
        ) => Cost::of(Pool::SkillDice, level(b, *caster, *ability)),
        _ => Cost::free(),
    }
}

/// A Block against a spell takes skill dice and Dig In movement, as against a weapon.
pub fn commit_range(b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
    if kind != ReactionKind::Block {
        return Vec::new();
    }
    vec![
        CommitPart {
            label: "Skill dice",
            pools: vec![Pool::SkillDice],
            max: b.pool(w.reactor, Pool::SkillDice).max(0) as u32,
            alone_least: 0,
        },
        CommitPart {
            label: "Dig In",
            pools: vec![Pool::Movement],
            max: b.move_left(w.reactor),
            alone_least: STEP_CELLS,
        },
    ]
}

/// The spell damage still coming at `reactor`'s ward, after absorption and the blocks
/// resolved so far.
fn coming(b: &Battle, reactor: UnitId, caster: UnitId, ability: usize) -> Option<i32> {
    let (targets, damage) = pending(b, caster, ability)?;
    let w = ward(b, reactor, &targets)?;
    let after = after_absorption(b, w, &damage?).total.max(0);
    let start = check_index(b, caster);
    Some((after - blocked(b, start, w, &targets)).max(0))
}

/// The damage to expect after a Block with `commits` (a counterspell: `None`).
pub fn answer_odds(b: &Battle, w: &Window, kind: ReactionKind, commits: &[Commit]) -> Option<f64> {
    let Trigger::SpellLanding {
        caster, ability, ..
    } = w.trigger
    else {
        return None;
    };
    if kind != ReactionKind::Block {
        return None;
    }
    let amount = coming(b, w.reactor, caster, ability)?;
    let (dice, cells) = amounts(commits);
    if !paid(dice, cells) {
        return Some(f64::from(amount));
    }
    let flat: i32 = flat_mods(b, w.reactor, kind, cells)
        .iter()
        .map(|m| m.value)
        .sum();
    // The dice's chances, memoised (`ai_commits::rolls`: the same list).
    let rolls = super::ai_commits::rolls(dice, strained_with(b, w.reactor, dice as i32));
    Some(
        rolls
            .iter()
            .map(|&(x, p)| p * f64::from((amount - (x + flat).max(0)).max(0)))
            .sum(),
    )
}

/// A declared Counterspell or Block resolves.
pub fn answer(
    b: &mut Battle,
    w: &Window,
    kind: ReactionKind,
    commits: &[Commit],
) -> Result<(), Illegal> {
    let Trigger::SpellLanding {
        caster,
        ability,
        total,
        ..
    } = w.trigger
    else {
        return Err(Illegal::NoWindow);
    };
    match kind {
        ReactionKind::Counterspell => counter_check(b, w.reactor, total.unwrap_or(0)),
        ReactionKind::Block => block(b, w.reactor, caster, ability, commits),
        _ => Err(Illegal::NoWindow),
    }
}

/// The counter check: d20 + Intelligence modifier + proficiency against the spell's
/// total; strained (the lower of two d20s) when the dice just paid took the reactor over
/// its proficiency cap this round; a natural 20 is a critical counter.
fn counter_check(b: &mut Battle, reactor: UnitId, total: i32) -> Result<(), Illegal> {
    let strained = over_cap_now(b, reactor);
    let dice = if strained {
        DiceExpr::new(2, 20).keep_lowest(1)
    } else {
        DiceExpr::new(1, 20)
    };
    let mut roll = b.roll(dice)?;
    let face = roll.natural();
    for m in casting_bonus(b, reactor) {
        roll = roll.with(m);
    }
    if strained {
        roll = roll.with(Modifier::new(
            ModKind::Other,
            "strained: over the proficiency cap",
            0,
        ));
    }
    let outcome = match face {
        20 => Outcome::Critical,
        _ if roll.total >= total => Outcome::Success,
        _ => Outcome::Failure,
    };
    b.emit(Event::Check {
        unit: reactor,
        purpose: CheckPurpose::Counterspell,
        roll,
        target_number: total,
        outcome,
    });
    Ok(())
}

/// A Block against spell damage: the committed dice rolled + Strength modifier +
/// proficiency + Dig In, off the damage still coming at the ward.
fn block(
    b: &mut Battle,
    reactor: UnitId,
    caster: UnitId,
    ability: usize,
    commits: &[Commit],
) -> Result<(), Illegal> {
    let left = coming(b, reactor, caster, ability).unwrap_or(0);
    let (dice, cells) = amounts(commits);
    let strained = dice > 0 && over_cap_now(b, reactor);
    let mut roll = roll_dice(b, dice, strained)?;
    if paid(dice, cells) {
        for m in flat_mods(b, reactor, ReactionKind::Block, cells) {
            roll = roll.with(m);
        }
    }
    if roll.total < 0 {
        let floor = -roll.total;
        roll = roll.with(Modifier::new(ModKind::Other, "no less than 0", floor));
    }
    let success = roll.total >= left;
    b.emit(Event::Defence {
        unit: reactor,
        kind: ReactionKind::Block,
        roll,
        target_number: left,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
        against: Outcome::Success,
        success,
    });
    Ok(())
}

/// Did a counterspell for `t` succeed since log index `start` (plain, critical)?
pub fn countered(b: &Battle, start: usize, t: UnitId, targets: &[UnitId]) -> (bool, bool) {
    let mut plain = false;
    let mut critical = false;
    for l in &b.log()[start..] {
        if let Event::Check {
            unit,
            purpose: CheckPurpose::Counterspell,
            outcome,
            ..
        } = &l.event
            && ward(b, *unit, targets) == Some(t)
        {
            plain |= *outcome == Outcome::Success;
            critical |= *outcome == Outcome::Critical;
        }
    }
    (plain, critical)
}

/// What the blocks for `t` since log index `start` took off.
pub fn blocked(b: &Battle, start: usize, t: UnitId, targets: &[UnitId]) -> i32 {
    b.log()[start.min(b.log().len())..]
        .iter()
        .filter_map(|l| match &l.event {
            Event::Defence {
                unit,
                kind: ReactionKind::Block,
                roll,
                ..
            } if ward(b, *unit, targets) == Some(t) => Some(roll.total.max(0)),
            _ => None,
        })
        .sum()
}

/// The AI's counter to a spell landing: a counterspell on a spell of level 2 or more (or
/// on any spell whose damage would take the ward down) when its counter check has a fair
/// chance; else the Block worth most; else nothing.
pub fn ai_choose(b: &Battle, w: &Window) -> Option<ReactionKind> {
    let Trigger::SpellLanding {
        caster,
        ability,
        total,
        ..
    } = w.trigger
    else {
        return None;
    };
    let (targets, _) = pending(b, caster, ability)?;
    let ward = ward(b, w.reactor, &targets)?;
    let lvl = level(b, caster, ability);
    let strained = strained_with(b, w.reactor, lvl);
    let bonus: i32 = casting_bonus(b, w.reactor).iter().map(|m| m.value).sum();
    let need = total.unwrap_or(0) - bonus;
    let p1 = f64::from((21 - need.max(2)).clamp(1, 20)) / 20.0;
    let chance = if strained { p1 * p1 } else { p1 };
    let deadly = coming(b, w.reactor, caster, ability).is_some_and(|d| d >= b.hp(ward));
    if w.options.contains(&ReactionKind::Counterspell) && chance >= 0.4 && (lvl >= 2 || deadly) {
        return Some(ReactionKind::Counterspell);
    }
    if w.options.contains(&ReactionKind::Block)
        && ai_block(b, w).is_some_and(|c| c.dice > 0 || c.cells > 0)
    {
        return Some(ReactionKind::Block);
    }
    None
}

/// `ai::value::best_commits`' pick for a Block against a landing spell, cheaply: the
/// search of a Block against a weapon (`ai_commits::best_against`) with the damage
/// coming at the ward as its amount, `answer_odds`' own sum; `None` when no damage is
/// coming (`answer_odds` has no number: `best_commits` commits nothing).
pub(super) fn ai_block(b: &Battle, w: &Window) -> Option<Best> {
    let Trigger::SpellLanding {
        caster, ability, ..
    } = w.trigger
    else {
        return None;
    };
    let amount = coming(b, w.reactor, caster, ability)?;
    Some(best_against(b, w.reactor, amount, ReactionKind::Block))
}
