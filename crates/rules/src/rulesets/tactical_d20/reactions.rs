//! tactical-d20 reactions: the options of an offer, Wait triggers, and carrying out the
//! chosen reaction.

use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId};
use crate::engine::{Frame, HitEffect, Illegal, Window};
use crate::event::{AttackKind, ReactionKind, Trigger};
use crate::grid::Cell;

use super::conditions::{can_react, remove};
use super::movement::step_aside;

/// The options of a reaction offer, or `None` if the reactor can no longer take it.
pub fn offer_options(
    b: &Battle,
    reactor: UnitId,
    trigger: &Trigger,
    to: Option<Cell>,
) -> Option<Vec<ReactionKind>> {
    match trigger {
        Trigger::Leaving { mover, from } => {
            if !(b.alive(*mover)
                && b.pos(*mover) == *from
                && b.leave_reactors(*mover, *from).contains(&reactor))
            {
                return None;
            }
            let mut o = vec![ReactionKind::ReactionAttack];
            if let Some(to) = to
                && !b.threatens(reactor, to)
                && !b.has(reactor, ConditionKind::Prone)
            {
                o.push(ReactionKind::Pursuit);
            }
            Some(o)
        }
        Trigger::StandingUp { unit } => (b.alive(*unit)
            && b.leave_reactors(*unit, b.pos(*unit)).contains(&reactor))
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::FailedManeuver { unit } => (b.alive(*unit)
            && can_react(b, reactor)
            && !b.has(reactor, ConditionKind::Frightened)
            && b.threatens(reactor, b.pos(*unit))
            && b.best_melee(reactor, b.grid().distance(b.pos(reactor), b.pos(*unit)))
                .is_some())
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::EntersReach { mover, cell } => (b.alive(*mover)
            && b.pos(*mover) == *cell
            && b.has(reactor, ConditionKind::Waiting)
            && can_react(b, reactor)
            && b.threatens(reactor, *cell)
            && b.best_melee(reactor, b.grid().distance(b.pos(reactor), *cell))
                .is_some())
        .then(|| vec![ReactionKind::WaitedAttack]),
        _ => None,
    }
}

/// Waiting units whose threatened area `mover` just stepped into get their chance.
pub(crate) fn waited_triggers(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    let waiting: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|&w| {
            b.enemies(w, mover)
                && b.has(w, ConditionKind::Waiting)
                && b.threatens(w, to)
                && !b.threatens(w, from)
        })
        .collect();
    for w in waiting.into_iter().rev() {
        b.stack.push(Frame::Offer {
            reactor: w,
            trigger: Trigger::EntersReach { mover, cell: to },
            to: None,
        });
    }
}

/// Carry out a chosen reaction (already paid for).
pub(crate) fn answer(b: &mut Battle, w: Window, kind: ReactionKind) -> Result<(), Illegal> {
    let provoker = w.trigger.provoker();
    match kind {
        ReactionKind::ReactionAttack | ReactionKind::WaitedAttack => {
            if kind == ReactionKind::WaitedAttack {
                remove(b, w.reactor, ConditionKind::Waiting, None);
            }
            if let Some(t) = provoker {
                let dist = b.grid().distance(b.pos(w.reactor), b.pos(t));
                if let Some(weapon) = b.best_melee(w.reactor, dist) {
                    b.stack.push(Frame::Attack {
                        attacker: w.reactor,
                        target: t,
                        weapon,
                        kind: AttackKind::Reaction,
                        effect: HitEffect::Damage,
                    });
                }
            }
        }
        ReactionKind::Pursuit => {
            if let Some(t) = provoker {
                // Once the mover's movement is over: just below its Move frame.
                let at = b
                    .stack
                    .iter()
                    .rposition(|f| matches!(f, Frame::Move { unit, .. } if *unit == t))
                    .or_else(|| {
                        b.stack
                            .iter()
                            .rposition(|f| matches!(f, Frame::Step { unit, .. } if *unit == t))
                    })
                    .unwrap_or(b.stack.len());
                b.stack.insert(
                    at,
                    Frame::Pursue {
                        unit: w.reactor,
                        target: t,
                    },
                );
            }
        }
        ReactionKind::StepAside => {
            let ahead = w
                .on_decline
                .iter()
                .find_map(|f| match f {
                    Frame::OverrunSave { ahead, .. } => Some(ahead.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            step_aside(b, w.reactor, &ahead);
        }
        _ => {}
    }
    Ok(())
}
