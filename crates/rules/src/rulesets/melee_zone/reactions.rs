//! melee-zone's free hits: "When an enemy moves out of your melee zone or moves more than
//! 2 spaces within your melee zone", "If an enemy attacking you rolls a 1 on the d20",
//! each paid with a Free Hit Slot (a tragedy's free critical hit needs none).

use crate::battle::Battle;
use crate::components::{Cost, Once, Pool, UnitId};
use crate::engine::{Frame, Hit, HitEffect, Illegal, Window};
use crate::event::{AttackKind, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;

use super::MeleeZoneFrame;
use super::attack::in_zone;

/// "moves more than 2 spaces within your melee zone": the third step within it.
pub const WITHIN_STEPS: u32 = 3;

/// Has `u` disengaged this round ("leave enemy melee zones for the round without
/// provoking free hits")?
pub fn disengaged(b: &Battle, u: UnitId) -> bool {
    b.used(u, Once::Disengaged)
}

/// A free hit's price: a Free Hit Slot; a tragedy's free critical hit is free ("even if
/// it doesn't have any remaining Free Hit Slots").
pub fn reaction_cost(trigger: &Trigger) -> Cost {
    match trigger {
        Trigger::Fumbled { tragedy, .. } if *tragedy >= 1 => Cost::free(),
        _ => Cost::of(Pool::FreeHits, 1),
    }
}

/// The free hit offered to `reactor`, if any.
pub fn offer(
    b: &Battle,
    reactor: UnitId,
    trigger: &Trigger,
    to: Option<Cell>,
) -> Option<Vec<ReactionKind>> {
    if !b.alive(reactor)
        || !b.affords(reactor, &reaction_cost(trigger))
        || b.has(reactor, crate::components::ConditionKind::SummoningSick)
    {
        return None;
    }
    let ok = match trigger {
        // Out of the zone: the step's cell is not in it any more.
        Trigger::Leaving { mover, .. } => {
            !disengaged(b, *mover) && to.is_none_or(|t| !b.threatens(reactor, t))
        }
        Trigger::WithinZone { mover, .. } => !disengaged(b, *mover),
        Trigger::Fumbled { attacker, .. } => in_zone(b, reactor, *attacker),
        _ => false,
    };
    ok.then(|| vec![ReactionKind::FreeHit])
}

/// `u` has stepped: each enemy whose zone it has now stepped within for the third time
/// on this movement is offered a free hit.
pub fn stepped(b: &mut Battle, u: UnitId, to: Cell) {
    if disengaged(b, u) {
        return;
    }
    // The foes whose zone the step ends in: the living units threatening `to` (in level
    // order, through the battle's cell index: only those near it are asked), then the
    // walk along the path so far; pushing offers moves no one, so they may all be
    // picked before any is offered. Most steps spring none: that is asked first without
    // building the list (`Battle::any_threatening`: the same units, in no set order,
    // which a yes-or-no question does not need).
    let springs = |r: UnitId| {
        b.enemies(r, u) && b.threatens_anything(r) && b.steps_within(u, r) == WITHIN_STEPS
    };
    if !b.any_threatening(to, springs) {
        return;
    }
    let mut foes = b.threatening(to);
    foes.retain(|&r| springs(r));
    for r in foes.into_iter().rev() {
        b.push_frame(Frame::Offer {
            reactor: r,
            trigger: Trigger::WithinZone {
                mover: u,
                steps: WITHIN_STEPS,
            },
            to: None,
        });
    }
}

/// The free hit taken: an attack with the reactor's best melee weapon on the provoker
/// (a tragedy's: the free critical hit).
pub fn answer(b: &mut Battle, w: Window, kind: ReactionKind) -> Result<(), Illegal> {
    if kind != ReactionKind::FreeHit {
        return Err(Illegal::NoWindow);
    }
    let Some(foe) = w.trigger.provoker() else {
        return Err(Illegal::NoWindow);
    };
    if let Trigger::Fumbled { tragedy, .. } = w.trigger
        && tragedy >= 1
    {
        b.push_frame(
            MeleeZoneFrame::FreeCritical {
                by: w.reactor,
                on: foe,
            }
            .into(),
        );
        return Ok(());
    }
    let d = b.grid().distance(b.pos(w.reactor), b.pos(foe));
    if let Some(weapon) = b.best_melee(w.reactor, d) {
        b.push_frame(Frame::Attack {
            attacker: w.reactor,
            target: foe,
            weapon,
            kind: AttackKind::Reaction,
            effect: HitEffect::Damage,
        });
    }
    Ok(())
}

/// melee-zone's frames: a free critical hit lands without a roll, its damage doubled.
pub fn frame(b: &mut Battle, f: MeleeZoneFrame) -> Result<(), Illegal> {
    match f {
        MeleeZoneFrame::FreeCritical { by, on } => {
            if !b.alive(by) || !b.alive(on) {
                return Ok(());
            }
            let d = b.grid().distance(b.pos(by), b.pos(on));
            let Some(weapon) = b.best_melee(by, d.max(1)) else {
                return Ok(());
            };
            b.push_frame(Frame::Damage {
                hit: Hit {
                    attacker: by,
                    target: on,
                    weapon,
                    kind: AttackKind::Reaction,
                    level: Outcome::Critical,
                    natural: 0,
                    effect: HitEffect::Damage,
                },
                mult: 2,
            });
            Ok(())
        }
        MeleeZoneFrame::Sicken { by, since } => {
            super::summons::sicken(b, by, since);
            Ok(())
        }
    }
}
