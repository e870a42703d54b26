//! escalation's triggered powers (seed 001, "Action Types" and "Ability Entries"): "When
//! it's not your turn, you may take one Interrupt action before the start of your next
//! turn"; "Interrupt: You can use one of these per round outside of your turn. These are
//! generally limited to powers which specify the conditions under which you can use them
//! as an Interrupt"; "If this is Interrupt or Free, there's typically a triggering event
//! indicated".
//!
//! A power with `action: Some(Interrupt)` (or `Some(Free)`) and a `trigger` is offered
//! as a reaction (`Trigger::PowerCue`, `ReactionKind::Interrupt(i)` / `FreePower(i)`)
//! when an enemy, on its own turn, attacks its user or an ally near it (before the attack
//! is rolled: `offer_on_attack`, the attack waits in `EscalationFrame::Attack`) or steps
//! next to its user (`offer_on_step`). An Interrupt spends the unit's `Pool::Interrupt`
//! (one, refreshed at its own turn) and a use; a Free one only the use. The power goes
//! off at once (`answer`), before the enemy's action goes on.
//!
//! The same window offers the Intercept of an enemy's melee attack ("They can also
//! Intercept a melee attack intended for someone who's Nearby to them"): to each Free
//! ally of the target with the target Nearby (`intercept::may_intercept_attack`), after
//! its triggered powers; taken, the waiting attack is made on the interceptor
//! (`intercept::intercept_attack`).

use crate::abilities::{Ability, ActionType, Effect, PowerTrigger, Resolve, Targeting};
use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, UnitId};
use crate::engine::{CastAt, Frame, HitEffect};
use crate::event::{AttackKind, Event, ReactionKind, Trigger};
use crate::grid::Cell;

use super::EscalationFrame;
use super::attack::{
    attack_math, damage_parts, engaged_enemies, escalation_die_for, melee_stance, opportunists,
};

/// What Shielded adds to AC, PD and MD (Shield of Faith's "+2 to all defences").
pub const SHIELD_BONUS: i32 = 2;

/// The least expected value (HP of damage dealt or kept off) for which the AI spends a
/// triggered power.
pub const AI_MIN_VALUE: f64 = 1.0;

/// Is `a` used on a trigger outside its user's turn: an Interrupt, or a Free power with a
/// `trigger`?
pub fn triggered(a: &Ability) -> bool {
    match a.action {
        Some(ActionType::Interrupt) => true,
        Some(ActionType::Free) => a.trigger.is_some(),
        _ => false,
    }
}

/// What a Shielded unit adds to its defences now.
pub fn ward(b: &Battle, u: UnitId) -> i32 {
    if b.has(u, ConditionKind::Shielded) {
        SHIELD_BONUS
    } else {
        0
    }
}

/// Does `by` doing it to `target` (an attack, or else a step next to `r`) match `t`,
/// `r`'s power's trigger?
fn cue_matches(
    b: &Battle,
    r: UnitId,
    t: PowerTrigger,
    by: UnitId,
    target: UnitId,
    attack: bool,
) -> bool {
    match (t, attack) {
        (PowerTrigger::EnemyAttacksYou { engaged }, true) => {
            target == r && (!engaged || engaged_enemies(b, r).contains(&by))
        }
        (PowerTrigger::EnemyAttacksAlly { cells }, true) => {
            target != r
                && b.alive(target)
                && !b.enemies(r, target)
                && b.grid().distance(b.pos(r), b.pos(target)) <= cells
        }
        (PowerTrigger::EnemyEngagesYou, false) => target == r,
        _ => false,
    }
}

/// Where `r`'s power `i` used on the cue is aimed: a hostile power at `by` (the enemy
/// that set it off), any other at `target` (the ally attacked, or the user).
pub fn aim(b: &Battle, r: UnitId, i: usize, by: UnitId, target: UnitId) -> Option<CastAt> {
    let a = b.ability(r, i)?;
    let who = if a.hostile() { by } else { target };
    Some(match a.target {
        Targeting::User => CastAt::User,
        Targeting::One { .. } => CastAt::Unit(who),
        Targeting::Several { .. } => CastAt::Units(vec![who]),
        Targeting::Area { .. } | Targeting::Cell { .. } => CastAt::Cell(b.pos(who)),
    })
}

/// May `r` use its triggered power `i` on this cue now: outside its turn, standing and
/// not Hampered, its Interrupt unspent (an Interrupt power), a use left, the escalation
/// die as it counts it allowing it (0 while Shaken), the stance a melee or ranged attack
/// power needs, and its target in reach (range and line of sight).
pub fn may_use(b: &Battle, r: UnitId, i: usize, by: UnitId, target: UnitId, attack: bool) -> bool {
    let Some(a) = b.ability(r, i) else {
        return false;
    };
    let Some(t) = a.trigger.filter(|_| triggered(a)) else {
        return false;
    };
    b.alive(r)
        && b.alive(by)
        && b.current() != Some(r)
        && b.enemies(r, by)
        && !b.has(r, ConditionKind::Hampered)
        && (a.action != Some(ActionType::Interrupt) || b.pool(r, Pool::Interrupt) >= 1)
        && b.uses_left(r, i).is_none_or(|n| n >= 1)
        && a.escalation
            .is_none_or(|k| k.allows(escalation_die_for(b, r)))
        && stance_ok(b, r, a)
        && cue_matches(b, r, t, by, target, attack)
        && aim(b, r, i, by, target).is_some_and(|at| b.cast_targets(r, i, &at).is_ok())
}

/// Has `r` the stance its power `a` needs: a melee attack power (range 1) the melee
/// stance; a ranged one not Grabbed.
pub(super) fn stance_ok(b: &Battle, r: UnitId, a: &Ability) -> bool {
    match a.resolve {
        Resolve::Attack { .. } if a.range() <= 1 => melee_stance(b, r),
        Resolve::Attack { .. } => !b.has(r, ConditionKind::Grabbed),
        _ => true,
    }
}

/// The answers `r` has to the cue: each triggered power it may use now.
pub fn options(
    b: &Battle,
    r: UnitId,
    by: UnitId,
    target: UnitId,
    attack: bool,
) -> Vec<ReactionKind> {
    (0..b.abilities(r).len())
        .filter(|&i| may_use(b, r, i, by, target, attack))
        .map(|i| match b.ability(r, i).and_then(|a| a.action) {
            Some(ActionType::Interrupt) => ReactionKind::Interrupt(i),
            _ => ReactionKind::FreePower(i),
        })
        .collect()
}

/// Has `r` any answer to the cue ([`options`] not empty), without listing them.
pub fn has_option(b: &Battle, r: UnitId, by: UnitId, target: UnitId, attack: bool) -> bool {
    (0..b.abilities(r).len()).any(|i| may_use(b, r, i, by, target, attack))
}

/// Only an enemy's own action on its own turn sets a triggered power off (not an
/// opportunity attack, a readied action, or another unit's triggered power: no chains).
fn on_its_turn(b: &Battle, by: UnitId) -> bool {
    b.current() == Some(by)
}

/// An attack's frame came up: the units with a triggered power for it (or, for a melee
/// attack, its Intercept) are offered it first, in turn order; the attack waits
/// (`EscalationFrame::Attack`), and Shielded ends after it (`EscalationFrame::AttackOver`).
/// False when no one has one (roll it now).
pub(crate) fn offer_on_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: &HitEffect,
) -> bool {
    if kind != AttackKind::Normal || !on_its_turn(b, attacker) {
        return false;
    }
    // "They can also Intercept a melee attack intended for someone who's Nearby to them".
    let melee = super::melee_attack(b, attacker, weapon, effect);
    // A power that rolls "all attacks before damage" (`attacks_first`, the ogre's Sweep)
    // cues each of its targets' attacks here, before the first roll: the attacks on its
    // other targets wait on the stack, and `casting::roll_power` rolls them all at once.
    let mut group = vec![(target, weapon)];
    if let HitEffect::Ability(i) = effect
        && b.ability(attacker, *i).is_some_and(|a| a.attacks_first)
    {
        while let Some(Frame::Attack {
            attacker: a,
            target: t,
            weapon: w,
            kind: AttackKind::Normal,
            effect: HitEffect::Ability(j),
        }) = b.stack.last()
            && *a == attacker
            && j == i
        {
            group.push((*t, *w));
            b.stack.pop();
        }
    }
    let cues: Vec<(UnitId, UnitId)> = group
        .iter()
        .flat_map(|&(t, _)| {
            b.order()
                .iter()
                .copied()
                // Both answers need a living enemy of the attacker (`may_use`,
                // `may_intercept_attack`): the rest of the turn order is passed over first.
                .filter(|&r| {
                    b.alive(r)
                        && b.enemies(r, attacker)
                        && (has_option(b, r, attacker, t, true)
                            || (melee && super::may_intercept_attack(b, r, attacker, t)))
                })
                .map(|r| (r, t))
                .collect::<Vec<_>>()
        })
        .collect();
    if cues.is_empty() {
        // Nobody is cued: the other targets' attacks go back as they were.
        for &(t, w) in group.iter().skip(1).rev() {
            b.push_frame(Frame::Attack {
                attacker,
                target: t,
                weapon: w,
                kind,
                effect: effect.clone(),
            });
        }
        return false;
    }
    for &(t, _) in group.iter().rev() {
        b.push_frame(EscalationFrame::AttackOver { target: t }.into());
    }
    for &(t, w) in group.iter().rev() {
        b.push_frame(
            EscalationFrame::Attack {
                attacker,
                target: t,
                weapon: w,
                kind,
                effect: effect.clone(),
            }
            .into(),
        );
    }
    for (r, t) in cues.into_iter().rev() {
        b.push_frame(Frame::Offer {
            reactor: r,
            trigger: Trigger::PowerCue {
                by: attacker,
                target: t,
                attack: true,
            },
            to: None,
        });
    }
    true
}

/// `mover`, on its own move, stepped from `from` to `to`: each enemy it was not next to
/// and is now, with a power for "an enemy moves to become engaged with you", is offered it.
pub(crate) fn offer_on_step(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    if !on_its_turn(b, mover) || !b.alive(mover) || b.unit_at(to, Some(mover)).is_some() {
        return;
    }
    let g = b.grid();
    // The living units next to `to` (through the cell index: a step does not ask the
    // whole army; `may_use` refuses a fallen unit anyway), in turn order.
    let mut reactors: Vec<(usize, UnitId)> = super::adjacent::next_to(b, to)
        .iter()
        .copied()
        .filter(|&r| {
            g.distance(b.pos(r), to) == 1
                && g.distance(b.pos(r), from) != 1
                && has_option(b, r, mover, r, false)
        })
        .filter_map(|r| b.order().iter().position(|&o| o == r).map(|i| (i, r)))
        .collect();
    reactors.sort_unstable();
    for (_, r) in reactors.into_iter().rev() {
        b.push_frame(Frame::Offer {
            reactor: r,
            trigger: Trigger::PowerCue {
                by: mover,
                target: r,
                attack: false,
            },
            to: None,
        });
    }
}

/// The window's options for a cue still true now (`None`: nothing to offer): the
/// triggered powers `r` may use, then Intercept when the cue is a melee attack on an ally
/// `r` may intercept it for. An attack already directed at someone else (intercepted)
/// offers nothing more.
pub(crate) fn offer(
    b: &Battle,
    r: UnitId,
    by: UnitId,
    target: UnitId,
    attack: bool,
) -> Option<Vec<ReactionKind>> {
    if !attack && b.grid().distance(b.pos(r), b.pos(by)) != 1 {
        return None;
    }
    if attack && super::waiting_attack(b, by, target).is_none() {
        return None;
    }
    let mut o = options(b, r, by, target, attack);
    if attack && super::attack_intercept_offered(b, r, by, target) {
        o.push(ReactionKind::Intercept);
    }
    (!o.is_empty()).then_some(o)
}

/// `r` uses power `i` on the cue (the engine paid the Interrupt; the casting spends the
/// use): it goes off now, after the opportunity attacks it provokes (a provoking power
/// used while engaged) and the readied actions of enemies waiting for a power.
pub(crate) fn answer(b: &mut Battle, r: UnitId, i: usize, by: UnitId, target: UnitId) {
    if let Some(at) = aim(b, r, i, by, target) {
        cast_now(b, r, i, at);
    }
}

/// `r`'s power `i` goes off now, out of its turn (a triggered or a readied power, paid
/// already): after the opportunity attacks it provokes and the readied actions of
/// enemies waiting for a power.
pub(crate) fn cast_now(b: &mut Battle, r: UnitId, i: usize, at: CastAt) {
    let provokes = b.ability(r, i).is_some_and(Ability::provoking);
    let offers: Vec<(UnitId, Trigger)> = if provokes {
        opportunists(b, r)
            .into_iter()
            .map(|o| (o, Trigger::Provoked { unit: r }))
            .collect()
    } else {
        Vec::new()
    };
    b.queue_cast(r, i, at, false, offers);
    super::ready::spring_on_cast(b, r);
}

/// The attack a Shielded unit was shielded against is over: the ward ends.
pub(crate) fn attack_over(b: &mut Battle, target: UnitId) {
    if b.has(target, ConditionKind::Shielded) {
        b.emit(Event::ConditionRemoved {
            unit: target,
            kind: ConditionKind::Shielded,
            source: None,
        });
    }
}

/// The mean of a damage or heal roll (`NdX+k`: halfway between its least and most).
fn mean(d: &crate::dice::DiceExpr) -> f64 {
    f64::from(d.min() + d.max()) / 2.0
}

/// What the power's use on the cue is worth to the AI, in HP: an attack power's chance
/// times its mean damage; a ward (Shielded) the chance it turns the attack's hit into a
/// miss times that attack's mean damage (a basic attack with the weapon it would use);
/// a heal its mean.
pub fn value(b: &Battle, r: UnitId, i: usize, by: UnitId, target: UnitId, attack: bool) -> f64 {
    let Some(a) = b.ability(r, i) else {
        return 0.0;
    };
    let mut v = 0.0;
    for e in &a.effects {
        match e {
            Effect::Damage { dice, .. } if a.hostile() => {
                v += super::casting::chance(b, r, by, i) * mean(dice);
            }
            Effect::Heal { dice } => v += mean(dice),
            Effect::Condition {
                kind: ConditionKind::Shielded,
                ..
            } if attack => {
                let now = attack_math(b, by, target);
                let mut shielded = now.clone();
                shielded.defence.1 += SHIELD_BONUS;
                let kept_off = now.odds().0 - shielded.odds().0;
                let dmg = b.usable_weapon(by, target).map_or(0.0, |w| {
                    let (dice, vol) = damage_parts(b, by, w);
                    mean(&dice) + f64::from(vol)
                });
                v += kept_off * dmg;
            }
            // Another condition on the enemy: worth its chance of landing, a little.
            Effect::Condition { .. } if a.hostile() => {
                v += super::casting::chance(b, r, by, i);
            }
            _ => {}
        }
    }
    v
}

/// The AI's answer to a cue: the option worth most, if it is worth [`AI_MIN_VALUE`] (an
/// Intercept by `ai::intercept_value`).
pub fn ai_choice(b: &Battle, w: &crate::engine::Window) -> Option<ReactionKind> {
    let Trigger::PowerCue { by, target, attack } = w.trigger else {
        return None;
    };
    w.options
        .iter()
        .filter_map(|&k| match k {
            ReactionKind::Interrupt(i) | ReactionKind::FreePower(i) => {
                Some((value(b, w.reactor, i, by, target, attack), k))
            }
            ReactionKind::Intercept if attack => {
                Some((super::ai::intercept_value(b, w.reactor, by, target), k))
            }
            _ => None,
        })
        .filter(|(v, _)| *v >= AI_MIN_VALUE)
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, k)| k)
}
