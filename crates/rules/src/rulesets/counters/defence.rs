//! Block and Parry, the counters to a physical hit, declared by the target and the allies
//! beside it before any resolves ("At the time of incoming spells or damage, targets must
//! choose if they will counter, and how"), then resolved by type ("counterspell, then
//! block, then parry, then non-action") and by initiative within a type
//! (`Frame::Declare`, `Ruleset::resolve_order`). Each takes skill dice and unspent
//! movement in any mix (two parts: the dice, and Dig In), rolls the dice, adds the
//! modifier, the proficiency bonus if proficient and 1 per 10 ft dug in, and takes the
//! total off the damage still coming.

use crate::battle::Battle;
use crate::components::{Pool, UnitId, WeaponKind};
use crate::dice::{DiceExpr, ModKind, Modifier, Roll};
use crate::engine::{Commit, CommitPart, Frame, Hit, HitEffect, Illegal, Window};
use crate::event::{Event, Outcome, ReactionKind, Trigger};
use crate::odds::Distribution;

use super::CountersFrame;
use super::attack::apply_damage;
use super::numbers::{
    STEP_CELLS, agility, agility_prof, over_cap_now, steps, strained_with, strength, strength_prof,
    wields_melee,
};

/// Where a kind of counter resolves among those declared together: counterspell, then
/// block, then parry, then anything else.
pub fn resolve_order(kind: ReactionKind) -> u32 {
    match kind {
        ReactionKind::Counterspell => 0,
        ReactionKind::Block => 1,
        ReactionKind::Parry => 2,
        _ => 3,
    }
}

/// The hit `attacker` just landed: its target and whether it was a melee attack (read
/// from its last attack roll).
pub fn incoming(b: &Battle, attacker: UnitId) -> Option<(UnitId, bool)> {
    b.log().iter().rev().find_map(|l| match &l.event {
        Event::Attack {
            attacker: a,
            target,
            weapon,
            ..
        } if *a == attacker => {
            let melee = b
                .weapons(attacker)
                .iter()
                .find(|w| &w.name == weapon)
                .is_none_or(|w| w.kind == WeaponKind::Melee);
            Some((*target, melee))
        }
        _ => None,
    })
}

/// Who may counter a hit on `target`: the target, then each living ally beside it
/// ("whether targeting yourself or an ally"), in initiative order. The allies are the
/// living units within 1 of it (`Battle::units_within`, the cell index), put in turn
/// order, rather than every unit of the order asked (at 200 a side, 400 a hit), in a
/// battle of more than `status::NEAR_LOOK_FROM` units.
pub fn defenders(b: &Battle, target: UnitId) -> Vec<UnitId> {
    let order = b.order();
    if order.len() <= super::status::NEAR_LOOK_FROM {
        // A small battle: the order asked at once costs less than the index's answer.
        let at = b.pos(target);
        // Room for the target and a full ring of allies: no regrowth while extending.
        let mut v = Vec::with_capacity(8);
        v.push(target);
        v.extend(order.iter().copied().filter(|&a| {
            a != target
                && b.alive(a)
                && !b.enemies(a, target)
                && b.grid().distance(b.pos(a), at) <= 1
        }));
        return v;
    }
    let mut near: Vec<(usize, UnitId)> = b
        .units_within(b.pos(target), 1)
        .into_iter()
        .filter(|&a| a != target && !b.enemies(a, target))
        .filter_map(|a| order.iter().position(|&o| o == a).map(|i| (i, a)))
        .collect();
    near.sort_unstable();
    let mut v = Vec::with_capacity(near.len() + 1);
    v.push(target);
    v.extend(near.into_iter().map(|(_, a)| a));
    v
}

/// The counters `reactor` may declare against `attacker`'s hit: Block, and Parry against
/// a melee attack while it holds a melee weapon; only with a skill die or 10 ft of
/// unspent movement to pay with.
pub fn offer(b: &Battle, reactor: UnitId, attacker: UnitId) -> Option<Vec<ReactionKind>> {
    // The reactor's own conditions first: they need no walk of the log for the hit.
    if !b.alive(reactor) {
        return None;
    }
    let can_pay = b.pool(reactor, Pool::SkillDice) > 0 || b.move_left(reactor) >= STEP_CELLS;
    if !can_pay {
        return None;
    }
    let (target, melee) = incoming(b, attacker)?;
    if reactor != target
        && (b.enemies(reactor, target) || b.grid().distance(b.pos(reactor), b.pos(target)) > 1)
    {
        return None;
    }
    let mut v = vec![ReactionKind::Block];
    if melee && wields_melee(b, reactor) {
        v.push(ReactionKind::Parry);
    }
    Some(v)
}

/// Is `kind` a counter to damage (Block or Parry) answering `w`?
fn is_counter(w: &Window, kind: ReactionKind) -> bool {
    matches!(w.trigger, Trigger::IncomingDamage { .. })
        && matches!(kind, ReactionKind::Block | ReactionKind::Parry)
}

/// What a Block or Parry takes: skill dice (all the reactor has: above the proficiency
/// cap the counter is strained) and unspent movement to dig in with.
pub fn commit_range(b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
    if !is_counter(w, kind) {
        return Vec::new();
    }
    // The skill dice left and `Battle::move_left`, from one read of the pools.
    let pools = b.pools(w.reactor);
    let left = |p: Pool| pools.map_or(0, |ps| ps.left(p)).max(0) as u32;
    vec![
        CommitPart {
            label: "Skill dice",
            pools: vec![Pool::SkillDice],
            max: left(Pool::SkillDice),
            alone_least: 0,
        },
        CommitPart {
            label: "Dig In",
            pools: vec![Pool::Movement],
            max: left(Pool::Movement),
            alone_least: STEP_CELLS,
        },
    ]
}

/// Skill dice and cells of movement in a mix of commitments.
pub(super) fn amounts(commits: &[Commit]) -> (u32, u32) {
    let of = |p: Pool| -> u32 {
        commits
            .iter()
            .filter(|c| c.pool == p)
            .map(|c| c.amount)
            .sum()
    };
    (of(Pool::SkillDice), of(Pool::Movement))
}

/// The flat part of a counter of `kind` by `u` with `cells` dug in: Block the Strength
/// modifier, Parry the Agility modifier; the proficiency bonus if proficient in it; 1 per
/// 10 ft of movement.
pub fn flat_mods(b: &Battle, u: UnitId, kind: ReactionKind, cells: u32) -> Vec<Modifier> {
    flat_parts(b, u, kind, cells).into()
}

/// [`flat_mods`]' three parts, in its order, without a list (what a counter's roll adds
/// and what its odds sum).
pub(super) fn flat_parts(b: &Battle, u: UnitId, kind: ReactionKind, cells: u32) -> [Modifier; 3] {
    let dig = Modifier::new(ModKind::Other, "Dig In", steps(cells));
    if kind == ReactionKind::Parry {
        [
            Modifier::new(ModKind::Skill, "Agility mod", agility(b, u)),
            Modifier::new(ModKind::Skill, "proficiency", agility_prof(b, u)),
            dig,
        ]
    } else {
        [
            Modifier::new(ModKind::Skill, "Strength mod", strength(b, u)),
            Modifier::new(ModKind::Skill, "proficiency", strength_prof(b, u)),
            dig,
        ]
    }
}

/// A Block or Parry must be paid ("1+ SD (up to proficiency) or 10ft or more of unspent
/// movement"): one with nothing committed is refused when it is given
/// (`Ruleset::check_answer`), not taken as a counter that takes nothing off.
pub fn check(
    b: &Battle,
    w: &Window,
    kind: ReactionKind,
    commits: &[Commit],
) -> Result<(), Illegal> {
    let (dice, cells) = amounts(commits);
    if !is_counter(w, kind) || paid(dice, cells) {
        return Ok(());
    }
    Err(Illegal::Cannot {
        unit: b.name(w.reactor).into(),
        why: format!(
            "a {kind} takes 1 or more skill dice or 10 ft or more of unspent movement: commit some"
        ),
    })
}

/// Is a counter with `dice` skill dice and `cells` of movement paid for at all ("1+ SD,
/// or 10 ft or more of unspent movement")?
pub fn paid(dice: u32, cells: u32) -> bool {
    dice > 0 || cells >= STEP_CELLS
}

/// The totals `dice` skill dice may roll, as exact chances; strained: the lower of two
/// throws.
pub(super) fn dice_odds(dice: u32, strained: bool) -> Vec<(i32, f64)> {
    let Some(d) = Distribution::of(DiceExpr::new(dice, 6)) else {
        return vec![(0, 1.0)];
    };
    if !strained {
        return d.iter().collect();
    }
    // P(min = v) = P(X ≥ v)² − P(X ≥ v + 1)².
    let (lo, hi) = d.range();
    (lo..=hi)
        .map(|v| (v, d.at_least(v).powi(2) - d.at_least(v + 1).powi(2)))
        .filter(|(_, p)| *p > 0.0)
        .collect()
}

/// The damage to expect after a Block or Parry with `commits` against `w`'s amount.
pub fn answer_odds(b: &Battle, w: &Window, kind: ReactionKind, commits: &[Commit]) -> Option<f64> {
    let Trigger::IncomingDamage { amount, .. } = w.trigger else {
        return None;
    };
    if !is_counter(w, kind) {
        return None;
    }
    let amount = amount.max(0);
    let (dice, cells) = amounts(commits);
    if !paid(dice, cells) {
        return Some(f64::from(amount));
    }
    let flat: i32 = flat_parts(b, w.reactor, kind, cells)
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

/// What the counters resolved so far took off `attacker`'s hit (the `Defence` events
/// since its attack roll).
pub fn taken_off(b: &Battle, attacker: UnitId) -> i32 {
    let mut sum = 0;
    for l in b.log().iter().rev() {
        match &l.event {
            Event::Attack { attacker: a, .. } if *a == attacker => break,
            Event::Defence {
                kind: ReactionKind::Block | ReactionKind::Parry,
                roll,
                ..
            } => sum += roll.total.max(0),
            _ => {}
        }
    }
    sum
}

/// Roll `dice` skill dice; strained, twice, keeping the lower throw (Disadvantage).
pub(super) fn roll_dice(b: &mut Battle, dice: u32, strained: bool) -> Result<Roll, Illegal> {
    if dice == 0 {
        return Ok(Roll::from_faces(DiceExpr::new(0, 6), Vec::new()));
    }
    if !strained {
        return Ok(b.roll(DiceExpr::new(dice, 6))?);
    }
    let mut roll = b.roll(DiceExpr::new(2 * dice, 6))?;
    let n = dice as usize;
    let first: u32 = roll.faces[..n].iter().sum();
    let second: u32 = roll.faces[n..].iter().sum();
    let keep_first = first <= second;
    roll.kept = (0..2 * n).map(|i| (i < n) == keep_first).collect();
    Ok(roll.with(Modifier::new(
        ModKind::Other,
        "strained: the lower of two throws",
        0,
    )))
}

/// A declared Block or Parry resolves: the dice are rolled, the modifiers added, and the
/// total comes off the damage still coming (a `Defence` event: its number is that
/// damage, its success whether the counter took all of it).
pub fn answer(
    b: &mut Battle,
    w: &Window,
    kind: ReactionKind,
    commits: &[Commit],
) -> Result<(), Illegal> {
    let Trigger::IncomingDamage { attacker, amount } = w.trigger else {
        return Err(Illegal::NoWindow);
    };
    let left = (amount - taken_off(b, attacker)).max(0);
    let (dice, cells) = amounts(commits);
    // The dice are paid already: strained when the round's spending is over the cap.
    let strained = dice > 0 && over_cap_now(b, w.reactor);
    let mut roll = if paid(dice, cells) {
        // The three at once, without a list: the total summed once.
        roll_dice(b, dice, strained)?.with_all(flat_parts(b, w.reactor, kind, cells))
    } else {
        Roll::from_faces(DiceExpr::new(0, 6), Vec::new()).with(Modifier::new(
            ModKind::Other,
            "nothing committed: no counter",
            0,
        ))
    };
    if roll.total < 0 {
        let floor = -roll.total;
        roll.add(Modifier::new(ModKind::Other, "no less than 0", floor));
    }
    let success = roll.total >= left;
    b.emit(Event::Defence {
        unit: w.reactor,
        kind,
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

/// A physical hit's damage: with some damage coming, the target and its allies beside
/// it declare their counters first and the damage is dealt after them (`Deal`); else it
/// is dealt now.
pub fn deal_damage(b: &mut Battle, hit: Hit, roll: Roll) {
    let physical = !matches!(hit.effect, HitEffect::Ability(_));
    if !physical || roll.total <= 0 || !b.alive(hit.target) {
        apply_damage(b, &hit, roll);
        return;
    }
    let trigger = Trigger::IncomingDamage {
        attacker: hit.attacker,
        amount: roll.total,
    };
    let reactors = defenders(b, hit.target);
    b.push_frame(CountersFrame::Deal { hit, roll }.into());
    b.push_frame(Frame::Declare {
        trigger,
        reactors,
        declared: Vec::new(),
    });
}

/// The damage after the counters: what they took off, off the roll, never below 0.
pub fn deal_after_counters(b: &mut Battle, hit: Hit, roll: Roll) {
    let cut = taken_off(b, hit.attacker).min(roll.total.max(0));
    let roll = if cut > 0 {
        roll.with(Modifier::new(ModKind::Other, "countered", -cut))
    } else {
        roll
    };
    apply_damage(b, &hit, roll);
}
