//! escalation's readied actions: a basic attack (Standard), a move (Move), a power (its
//! own action type) or a stance switch (Quick), set off by an enemy's step or its use of
//! a power.

use crate::abilities::ActionType;
use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, ModCause, Pool, Slot, Stat, StatMod, UnitId};
use crate::engine::{
    CastAt, Frame, HitEffect, Illegal, MoveMode, ReadyResponse, ReadyTrigger, ReadyUntil,
};
use crate::event::{AttackKind, Event, Spend};
use crate::grid::Cell;

use super::{band, may_move, speed};

/// The action type a readied response takes (paid when readied, and lost on the unit's
/// turn when it went off before it in the next round): a move the Move, a stance switch
/// the Quick, a power its own action, a basic attack the Standard.
pub fn readied_slot(b: &Battle, u: UnitId, response: ReadyResponse) -> Slot {
    match response {
        ReadyResponse::Move { .. } => Slot::Move,
        ReadyResponse::SwitchStance => Slot::Quick,
        ReadyResponse::Power { ability } => b
            .ability(u, ability)
            .and_then(super::action_slot)
            .unwrap_or(Slot::Standard),
        _ => Slot::Standard,
    }
}

/// [`super::slot_of`] for `u`: a readied power takes its own action type.
pub fn slot_for(b: &Battle, u: UnitId, a: &crate::engine::Action) -> Option<Slot> {
    match a {
        crate::engine::Action::Escalation(super::EscalationAction::Ready { response, .. }) => {
            Some(readied_slot(b, u, *response))
        }
        _ => super::slot_of(a),
    }
}

/// Check readying a power or a stance switch: a stance switch needs a weapon of the
/// other stance; a power must be known, have a use left, take a Standard, Move or Quick
/// action (not a free or triggered one: those need no readying) and, an attack power,
/// have its stance now.
pub(super) fn check_response(
    b: &Battle,
    u: UnitId,
    response: ReadyResponse,
) -> Result<(), Illegal> {
    let cannot = |why: String| Illegal::Cannot {
        unit: b.name(u).to_string(),
        why,
    };
    match response {
        ReadyResponse::SwitchStance if super::other_stance_weapons(b, u).is_empty() => {
            return Err(cannot("it carries no weapon of the other stance".into()));
        }
        ReadyResponse::Power { ability } => {
            let a = b
                .ability(u, ability)
                .ok_or_else(|| cannot(format!("it knows no ability #{ability}")))?;
            if super::triggered(a) || a.action == Some(ActionType::Free) {
                return Err(cannot(format!(
                    "{} is not a Quick, Move or Standard action: only those are readied",
                    a.name
                )));
            }
            if b.uses_left(u, ability).is_some_and(|n| n < 1) {
                return Err(cannot(format!("{} has no use left", a.name)));
            }
            if !super::interrupts::stance_ok(b, u, a) {
                return Err(cannot(format!(
                    "{} needs the other stance (Switch Stance first)",
                    a.name
                )));
            }
        }
        _ => {}
    }
    Ok(())
}

/// The powers `u` may ready now (not a free or triggered one, a use left, its stance).
pub fn readiable_powers(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.abilities(u).len())
        .filter(|&i| check_response(b, u, ReadyResponse::Power { ability: i }).is_ok())
        .collect()
}

/// The trigger the action bar readies power `i` with: a ranged power waits for an enemy
/// within its range (at most 6, Nearby); any other for one stepping next to the unit
/// (in ranged stance: coming within 1).
pub fn power_trigger(b: &Battle, u: UnitId, i: usize) -> ReadyTrigger {
    match b.ability(u, i) {
        Some(a) if a.hostile() && a.range() > 1 => ReadyTrigger::EnemyWithin {
            cells: a.range().min(6),
        },
        _ if super::melee_stance(b, u) => ReadyTrigger::EnemyEntersReach,
        _ => ReadyTrigger::EnemyWithin { cells: 1 },
    }
}

/// Where `r`'s readied power `i` goes off against `mover` now (at `mover` when hostile,
/// else at `r` itself), if it still can: standing, not Hampered, a use left, the
/// escalation die as it counts it allowing it (0 while Shaken), its stance, its target
/// in reach.
fn power_aim(b: &Battle, r: UnitId, i: usize, mover: UnitId) -> Option<CastAt> {
    let a = b.ability(r, i)?;
    let die = super::escalation_die_for(b, r);
    if !b.alive(r)
        || b.has(r, ConditionKind::Hampered)
        || b.uses_left(r, i).is_some_and(|n| n < 1)
        || a.escalation.is_some_and(|k| !k.allows(die))
        || !super::interrupts::stance_ok(b, r, a)
    {
        return None;
    }
    let at = super::interrupts::aim(b, r, i, mover, r)?;
    b.cast_targets(r, i, &at).ok().map(|_| at)
}

/// What a readied response does when it goes off.
enum Go {
    Frame(Frame),
    Power(usize, CastAt),
    Stance,
}

/// The readied action `u` waits with: its latest `Readied` event, while the battle still
/// lists it as readied.
pub fn ready_plan(b: &Battle, u: UnitId) -> Option<(ReadyTrigger, ReadyResponse, ReadyUntil)> {
    if !b.readied().contains(&u) {
        return None;
    }
    b.log().iter().rev().find_map(|l| match l.event {
        Event::Readied {
            unit,
            trigger,
            response,
            until,
        } if unit == u => Some((trigger, response, until)),
        _ => None,
    })
}

/// Does `mover`'s step from `from` to `to` spring `r`'s trigger?
fn springs(b: &Battle, r: UnitId, trigger: ReadyTrigger, from: Cell, to: Cell) -> bool {
    let (g, at) = (b.grid(), b.pos(r));
    match trigger {
        ReadyTrigger::EnemyEntersReach => g.distance(at, to) == 1 && g.distance(at, from) > 1,
        ReadyTrigger::EnemyWithin { cells } => {
            g.distance(at, to) <= cells && g.distance(at, from) > cells
        }
        // Set off by a power (`spring_on_cast`), not by a step.
        ReadyTrigger::EnemyCasts { .. } => false,
    }
}

/// `mover` stepped from `from` to `to`: every enemy whose readied action it springs acts
/// now (a basic attack on it, or the readied move), and goes to just before it in the
/// turn order, taking its initiative band.
pub(crate) fn spring_readied(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    if !b.alive(mover) || b.unit_at(to, Some(mover)).is_some() {
        return;
    }
    let waiting: Vec<UnitId> = b
        .readied()
        .iter()
        .copied()
        .filter(|&r| b.alive(r) && b.enemies(r, mover))
        .collect();
    for r in waiting {
        let Some((trigger, response, _)) = ready_plan(b, r) else {
            continue;
        };
        if !springs(b, r, trigger, from, to) {
            continue;
        }
        fire(b, r, mover, response);
    }
}

/// `caster` began using a power: every enemy readied for "a foe uses a power within N
/// cells" (`EnemyCasts`) within that distance acts now, before the power goes off ("The
/// readied action takes place immediately before the action that triggers it").
pub(crate) fn spring_on_cast(b: &mut Battle, caster: UnitId) {
    let at = b.pos(caster);
    let waiting: Vec<UnitId> = b
        .readied()
        .iter()
        .copied()
        .filter(|&r| b.alive(r) && b.enemies(r, caster))
        .collect();
    for r in waiting {
        if let Some((ReadyTrigger::EnemyCasts { cells }, response, _)) = ready_plan(b, r)
            && b.grid().distance(b.pos(r), at) <= cells
        {
            fire(b, r, caster, response);
        }
    }
}

/// `r`'s readied `response` goes off against `mover`.
fn fire(b: &mut Battle, r: UnitId, mover: UnitId, response: ReadyResponse) {
    let go = match response {
        ReadyResponse::Attack => match b.weapon_for(r, mover, None) {
            Ok(weapon) => Go::Frame(Frame::Attack {
                attacker: r,
                target: mover,
                weapon,
                kind: AttackKind::Normal,
                effect: HitEffect::Damage,
            }),
            Err(_) => return,
        },
        ReadyResponse::Power { ability } => match power_aim(b, r, ability, mover) {
            Some(at) => Go::Power(ability, at),
            None => return,
        },
        ReadyResponse::SwitchStance => {
            if !b.alive(r) || super::other_stance_weapons(b, r).is_empty() {
                return;
            }
            Go::Stance
        }
        ReadyResponse::Move { to: dest } => {
            if may_move(b, r).is_err() || b.unit_at(dest, Some(r)).is_some() {
                return;
            }
            match b.grid().path(b.pos(r), dest, speed(b, r), b.mover_cost(r)) {
                Some((path, _)) => Go::Frame(Frame::Move {
                    unit: r,
                    path,
                    next: 1,
                    mode: MoveMode::Dash { exempt: None },
                }),
                None => return,
            }
        }
        _ => return,
    };
    // Not yet acted this round (it readied last round): it keeps its place and its
    // band ("reset to the higher amount after your turn") and loses the readied
    // action's type on its turn (`readied_this_round`). Otherwise it goes to just
    // before the triggering enemy and takes its band.
    let order = b.order().to_vec();
    let here = order.iter().position(|&x| x == r);
    let current = b.current().and_then(|c| order.iter().position(|&x| x == c));
    let still_to_act = matches!((here, current), (Some(h), Some(c)) if h > c);
    b.emit(Event::ReadyTriggered { unit: r, by: mover });
    let (now, then) = (band(b, r), band(b, mover));
    if let (true, Some(turn)) = (still_to_act, current) {
        b.emit(Event::Reordered { order, turn });
    } else if now != then {
        b.emit(Event::StatModified {
            unit: r,
            modifier: StatMod {
                stat: Stat::Band,
                amount: then - now,
                duration: Duration::UntilRemoved,
                cause: ModCause::Delayed,
                source: Some(mover),
            },
        });
    }
    match go {
        Go::Frame(frame) => b.push_frame(frame),
        Go::Power(i, at) => super::interrupts::cast_now(b, r, i, at),
        Go::Stance => super::turns::switch_stance(b, r),
    }
}

/// At the end of the round: readied actions set to wait only this round are cancelled.
pub(crate) fn cancel_round_readies(b: &mut Battle) {
    for r in b.readied().to_vec() {
        if matches!(ready_plan(b, r), Some((_, _, ReadyUntil::RoundEnd))) {
            b.emit(Event::ReadyCancelled { unit: r });
        }
    }
}

/// At the start of `u`'s turn: if its readied action went off earlier this round (it was
/// readied in the round before), it "can't use the type of action you readied during your
/// turn that round".
pub(crate) fn readied_this_round(b: &mut Battle, u: UnitId) {
    let log = b.log();
    let start = log
        .iter()
        .rposition(|l| matches!(l.event, Event::RoundStarted { .. }))
        .unwrap_or(0);
    let fired = log[start..]
        .iter()
        .any(|l| matches!(l.event, Event::ReadyTriggered { unit, .. } if unit == u));
    if !fired {
        return;
    }
    let response = log.iter().rev().find_map(|l| match l.event {
        Event::Readied { unit, response, .. } if unit == u => Some(response),
        _ => None,
    });
    let slot = readied_slot(b, u, response.unwrap_or_default());
    let left = b.slots(u, slot);
    if left > 0 {
        b.emit(Event::spent(
            u,
            Pool::Slot(slot),
            i32::from(left),
            Spend::Wait,
        ));
    }
}
