//! tactical-d20 reactions: the options of an offer, Wait triggers, and carrying out the
//! chosen reaction.

use crate::abilities::Targeting;
use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId, WeaponKind};
use crate::engine::{
    CastAt, CommonAction, Frame, HitEffect, Illegal, MoveMode, RulesetFrame, Window,
};

use super::{TacticalD20Action, TacticalD20Frame};
use crate::engine::{ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect};
use crate::event::{AttackKind, Event, ReactionKind, Trigger};
use crate::grid::Cell;

use super::budget::speed;
use super::check::legal_own;
use super::checks::{Skill, skill};
use super::conditions::{can_react, cannot, flees, may_attack, may_move, offensive, remove};
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
        Trigger::SpellIdentified { caster, ability } => (b.alive(*caster)
            && b.ability(*caster, *ability)
                .is_some_and(|a| super::could_counter(b, reactor, a)))
        .then(|| vec![ReactionKind::Counterspell]),
        Trigger::StandingUp { unit } => (b.alive(*unit)
            && b.leave_reactors(*unit, b.pos(*unit)).contains(&reactor))
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::Casting { caster, .. } => {
            let mut o = Vec::new();
            if b.alive(*caster) && b.leave_reactors(*caster, b.pos(*caster)).contains(&reactor) {
                o.push(ReactionKind::ReactionAttack);
            }
            o.extend(cast_waited_option(b, reactor, *caster));
            (!o.is_empty()).then_some(o)
        }
        Trigger::FailedManeuver { unit } => (b.alive(*unit)
            && can_react(b, reactor)
            && !b.has(reactor, ConditionKind::Frightened)
            && b.threatens(reactor, b.pos(*unit))
            && b.best_melee(reactor, b.grid().distance(b.pos(reactor), b.pos(*unit)))
                .is_some())
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::EntersReach { mover, cell } => {
            if !(b.alive(*mover) && b.pos(*mover) == *cell && can_react(b, reactor)) {
                return None;
            }
            let (_, response) = waited_plan(b, reactor)?;
            waited_option(b, reactor, *mover, response).map(|k| vec![k])
        }
        _ => None,
    }
}

/// What a waiting unit waits for and holds: the trigger and response of its `Ready`
/// (logged as `Readied` after its Waiting), or for a plain `Wait` an attack on a foe
/// entering its threatened area. `None` when it is not waiting.
pub fn waited_plan(b: &Battle, u: UnitId) -> Option<(ReadyTrigger, ReadyResponse)> {
    if !b.has(u, ConditionKind::Waiting) {
        return None;
    }
    b.log()
        .iter()
        .rev()
        .find_map(|l| match l.event {
            Event::Readied {
                unit,
                trigger,
                response,
                ..
            } if unit == u => Some(Some((trigger, response))),
            Event::ConditionAdded {
                unit,
                kind: ConditionKind::Waiting,
                ..
            } if unit == u => Some(None),
            _ => None,
        })
        .map(Option::unwrap_or_default)
}

/// Does `mover`'s step from `from` to `to` spring `w`'s waited trigger?
fn springs(b: &Battle, w: UnitId, trigger: ReadyTrigger, from: Cell, to: Cell) -> bool {
    match trigger {
        ReadyTrigger::EnemyEntersReach => b.threatens(w, to) && !b.threatens(w, from),
        ReadyTrigger::EnemyWithin { cells } => {
            let (g, at) = (b.grid(), b.pos(w));
            g.distance(at, to) <= cells && g.distance(at, from) > cells
        }
        ReadyTrigger::EnemyCasts { .. } => false,
    }
}

/// Units waiting for an enemy within their distance to cast whose response `caster`'s
/// casting makes possible now, in initiative order (offered with `Trigger::Casting`
/// before it goes off; one that also threatens the caster gets one offer with both).
pub(super) fn cast_waiters(b: &Battle, caster: UnitId) -> Vec<UnitId> {
    let at = b.pos(caster);
    let threat = b.leave_reactors(caster, at);
    b.order()
        .iter()
        .copied()
        .filter(|&w| b.enemies(w, caster) && !threat.contains(&w))
        .filter(|&w| cast_waited_option(b, w, caster).is_some())
        .collect()
}

/// The waited option `w` has when `caster` starts casting, if it waits for that and can
/// still react (a Reaction left, not Stunned …: a waiter whose Reactions went on
/// Opportunity Attacks was offered its held spell here and paid one it did not have,
/// RP -1; `skirmish fuzz`, issue 33).
fn cast_waited_option(b: &Battle, w: UnitId, caster: UnitId) -> Option<ReactionKind> {
    if !can_react(b, w) {
        return None;
    }
    let (trigger, response) = waited_plan(b, w)?;
    let ReadyTrigger::EnemyCasts { cells } = trigger else {
        return None;
    };
    if b.grid().distance(b.pos(w), b.pos(caster)) > cells || !b.alive(caster) {
        return None;
    }
    waited_option(b, w, caster, response)
}

/// Could this waited response leave the foe, or the waiter, on a square someone else
/// holds when the foe stands in another creature's square: a trip or grapple stops it
/// there, a move may take the square its path goes on to, a push moves the pusher into
/// the square it leaves (skirmish fuzz, commands case 16477382482786592539), an ability
/// may push, stun or summon. Only an attack, a Defend and an Assist cannot.
fn stops_the_mover(r: ReadyResponse) -> bool {
    !matches!(
        r,
        ReadyResponse::Attack | ReadyResponse::Defend | ReadyResponse::Assist { .. }
    )
}

/// The action of tactical-d20's own a waited response takes when the foe springs it:
/// Shove's Prone is a Trip at the foe, its Push a Push; Grapple and Disarm at the foe;
/// Defend; Assist of the ally named. (An attack, a move and an ability have their own
/// paths: `waited_weapon`, `waited_path`, [`waited_cast`].)
pub fn waited_action(response: ReadyResponse, foe: UnitId) -> Option<TacticalD20Action> {
    match response {
        ReadyResponse::Shove {
            effect: ShoveEffect::Prone,
            ..
        } => Some(TacticalD20Action::Trip { target: foe }),
        ReadyResponse::Shove {
            effect: ShoveEffect::Push,
            ..
        } => Some(TacticalD20Action::Push {
            target: foe,
            distance: None,
        }),
        ReadyResponse::Grapple => Some(TacticalD20Action::Grapple { target: foe }),
        ReadyResponse::Disarm => Some(TacticalD20Action::Disarm {
            target: foe,
            item: None,
            send: None,
        }),
        ReadyResponse::Defend => Some(TacticalD20Action::Defend),
        ReadyResponse::Assist { ally } => Some(TacticalD20Action::Assist { ally }),
        ReadyResponse::Attack
        | ReadyResponse::Move { .. }
        | ReadyResponse::Power { .. }
        | ReadyResponse::SwitchStance => None,
    }
}

/// Where `w`'s held ability `i` goes off when `foe` springs the Wait, if `w` may use it
/// now: a hostile ability at the foe (an area or a cell at the foe's cell), any other
/// at `w` itself (its own cell for an area or a cell). Checked as a `Cast` is, its price
/// aside: the engine's aim (range, line, who may be targeted, a use left) and
/// tactical-d20's casting checks (`casting::check_cast`).
pub fn waited_cast(b: &Battle, w: UnitId, i: usize, foe: UnitId) -> Option<CastAt> {
    let a = b.ability(w, i)?;
    let who = if a.hostile() { foe } else { w };
    let at = match a.target {
        Targeting::User => CastAt::User,
        Targeting::One { .. } => CastAt::Unit(who),
        Targeting::Several { .. } => CastAt::Units(vec![who]),
        Targeting::Area { .. } | Targeting::Cell { .. } => CastAt::Cell(b.pos(who)),
    };
    b.check_cast(w, i, &at).ok()?;
    super::casting::check_cast(b, w, i, &at).ok()?;
    Some(at)
}

/// The weapon a waited attack on `foe` uses: a melee weapon that reaches, else a ranged
/// (or thrown) one that may shoot at it.
fn waited_weapon(b: &Battle, w: UnitId, foe: UnitId) -> Option<usize> {
    let dist = b.grid().distance(b.pos(w), b.pos(foe));
    b.best_melee(w, dist).or_else(|| {
        let i = b.usable_weapon(w, foe)?;
        (b.weapons(w)[i].kind == WeaponKind::Ranged && may_attack(b, w, foe, i).is_ok())
            .then_some(i)
    })
}

/// The path of a waited move: up to the waiter's speed (the Standard held pays for one
/// Advance, traded down), to a free cell it may move to.
fn waited_path(b: &Battle, w: UnitId, to: Cell) -> Option<Vec<Cell>> {
    if may_move(b, w).is_err()
        || flees(b, w, to).is_err()
        || b.pos(w) == to
        || !b.terrain(to).standable()
        || b.unit_at(to, Some(w)).is_some()
    {
        return None;
    }
    b.grid()
        .path(b.pos(w), to, speed(b, w), b.mover_cost(w))
        .map(|(p, _)| p)
}

/// What the waiter may answer now, if anything: its held response, still possible.
fn waited_option(
    b: &Battle,
    w: UnitId,
    foe: UnitId,
    response: ReadyResponse,
) -> Option<ReactionKind> {
    match response {
        ReadyResponse::Attack => waited_weapon(b, w, foe).map(|_| ReactionKind::WaitedAttack),
        ReadyResponse::Move { to } => waited_path(b, w, to).map(|_| ReactionKind::WaitedAction),
        ReadyResponse::Power { ability } => {
            waited_cast(b, w, ability, foe).map(|_| ReactionKind::WaitedAction)
        }
        _ => {
            let a = waited_action(response, foe)?;
            legal_own(b, w, &a).ok().map(|_| ReactionKind::WaitedAction)
        }
    }
}

/// May `u` wait with this trigger and response? (Its Standard action pays: checked by
/// the caller.)
pub(super) fn may_wait(
    b: &Battle,
    u: UnitId,
    trigger: ReadyTrigger,
    response: ReadyResponse,
    until: ReadyUntil,
) -> Result<(), Illegal> {
    if until == ReadyUntil::RoundEnd {
        return Err(cannot(
            b,
            u,
            "a waited action lasts until the waiter's next turn; it is not cancelled at the \
             end of the round",
        ));
    }
    match trigger {
        ReadyTrigger::EnemyEntersReach if b.threat_reach(u) == 0 => {
            return Err(cannot(
                b,
                u,
                "it threatens no cell (no melee weapon in hand); wait for a foe within a \
                 distance instead",
            ));
        }
        ReadyTrigger::EnemyWithin { cells: 0 } | ReadyTrigger::EnemyCasts { cells: 0 } => {
            return Err(cannot(
                b,
                u,
                "a foe within 0 cells would stand on it; name 1 or more",
            ));
        }
        _ => {}
    }
    match response {
        ReadyResponse::Attack => {
            offensive(b, u)?;
            let ranged = (0..b.weapons(u).len())
                .any(|i| b.held(u, i) && b.weapons(u)[i].kind == WeaponKind::Ranged);
            if b.threat_reach(u) == 0 && !ranged {
                return Err(cannot(b, u, "it holds no weapon to attack with"));
            }
            Ok(())
        }
        ReadyResponse::Move { to } => {
            may_move(b, u)?;
            if !b.grid().contains(to) || !b.terrain(to).standable() || to == b.pos(u) {
                return Err(Illegal::BadCell(to));
            }
            Ok(())
        }
        // "Spellcasting is a Standard Action" (so is using an ability, a potion or an
        // item here): held if the unit could use it now, its aim aside (known when it
        // springs).
        ReadyResponse::Power { ability } => {
            super::casting::check_held(b, u, ability)?;
            b.check_uses(u, ability)
        }
        ReadyResponse::Defend => Ok(()),
        ReadyResponse::Assist { ally } => super::check::assistable(b, u, ally),
        ReadyResponse::SwitchStance => Err(cannot(
            b,
            u,
            "tactical-d20 has no stances: it waits with a Standard action (an attack, a move, \
             a maneuver, an ability, Defend or Assist)",
        )),
        ReadyResponse::Shove { both: true, .. } => Err(cannot(
            b,
            u,
            "tactical-d20 has a Trip (Shove Prone) or a Push (Shove Push), not both",
        )),
        _ => {
            offensive(b, u)?;
            skill(b, u, Skill::Athletics).map(|_| ())
        }
    }
}

/// Does `mover`'s step from `from` to `to` spring waiting unit `w`'s trigger (an enemy
/// waiting, the trigger met; only a waited attack, a defence or an assist springs while
/// the mover passes through another creature's square, `shared`)?
fn springs_for(b: &Battle, w: UnitId, mover: UnitId, from: Cell, to: Cell, shared: bool) -> bool {
    b.enemies(w, mover)
        && waited_plan(b, w)
            .is_some_and(|(t, r)| springs(b, w, t, from, to) && !(shared && stops_the_mover(r)))
}

/// The waiting units whose trigger `mover`'s step from `from` to `to` springs, in
/// initiative order. Only two kinds of unit can be among them, so only they are asked
/// (not the whole order): a unit waiting for an enemy entering its reach (a plain
/// `Wait`'s plan, and a `Ready`'s `EnemyEntersReach`) threatens `to`, so it is one of
/// [`Battle::threatening`]'s (through the cell index); any other plan was readied, so
/// its unit is in [`Battle::readied`] (tactical-d20 takes a unit off that list only when
/// its turn starts, when its Waiting ends too).
pub fn springing_waiters(b: &Battle, mover: UnitId, from: Cell, to: Cell) -> Vec<UnitId> {
    let shared = b.unit_at(to, Some(mover)).is_some();
    let mut near = b.threatening(to);
    near.extend_from_slice(b.readied());
    near.retain(|&w| springs_for(b, w, mover, from, to, shared));
    if near.len() < 2 {
        // None or one: no order to find (and no duplicate).
        return near.into_iter().filter(|w| b.order().contains(w)).collect();
    }
    let order = b.order();
    let mut at: Vec<(usize, UnitId)> = near
        .into_iter()
        .filter_map(|w| order.iter().position(|&o| o == w).map(|i| (i, w)))
        .collect();
    at.sort_unstable();
    at.dedup();
    at.into_iter().map(|(_, w)| w).collect()
}

/// [`springing_waiters`] by asking every unit in the order (the tests' slow path).
pub fn springing_waiters_slow(b: &Battle, mover: UnitId, from: Cell, to: Cell) -> Vec<UnitId> {
    let shared = b.unit_at(to, Some(mover)).is_some();
    b.order()
        .iter()
        .copied()
        .filter(|&w| springs_for(b, w, mover, from, to, shared))
        .collect()
}

/// Waiting units whose trigger `mover`'s step springs get their chance.
pub(crate) fn waited_triggers(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    // Only a waited attack springs while the mover passes through another creature's
    // square (see `stops_the_mover`; skirmish fuzz, commands case 4435889485618616915).
    // Another Wait does not spring there, and this movement has then entered its reach.
    let waiting = springing_waiters(b, mover, from, to);
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
        ReactionKind::Counterspell => {
            if let Trigger::SpellIdentified { caster, ability } = w.trigger {
                super::casting::counterspell(b, w.reactor, caster, ability)?;
            }
        }
        ReactionKind::WaitedAction => {
            let plan = waited_plan(b, w.reactor);
            remove(b, w.reactor, ConditionKind::Waiting, None);
            let (Some((_, response)), Some(foe)) = (plan, provoker) else {
                return Ok(());
            };
            if let ReadyResponse::Move { to } = response {
                if let Some(path) = waited_path(b, w.reactor, to) {
                    b.stack.push(Frame::Move {
                        unit: w.reactor,
                        path,
                        next: 1,
                        mode: MoveMode::Dash { exempt: None },
                    });
                }
            } else if let ReadyResponse::Power { ability } = response {
                // The same casting as a `Cast` (SQ, focus check, identification, the
                // Reactions it provokes), paid by the Reaction instead of the Standard.
                if let Some(at) = waited_cast(b, w.reactor, ability, foe) {
                    // A foe the ability stops (stunned, held) stops its move once it has
                    // gone off.
                    b.stack
                        .push(TacticalD20Frame::HaltIfStopped { unit: foe }.into());
                    super::perform::carry_out(
                        b,
                        w.reactor,
                        CommonAction::Cast { ability, at }.into(),
                    )?;
                }
            } else if let Some(a) = waited_action(response, foe) {
                super::perform::carry_out(b, w.reactor, a.into())?;
                // A foe tripped or grappled mid-move stops there (a pushed one is no
                // longer where its path goes on).
                if may_move(b, foe).is_err() {
                    b.halt_moves(foe);
                }
            }
        }
        ReactionKind::ReactionAttack | ReactionKind::WaitedAttack => {
            if kind == ReactionKind::WaitedAttack {
                remove(b, w.reactor, ConditionKind::Waiting, None);
            }
            if let Some(t) = provoker {
                let dist = b.grid().distance(b.pos(w.reactor), b.pos(t));
                let weapon = if kind == ReactionKind::WaitedAttack {
                    waited_weapon(b, w.reactor, t)
                } else {
                    b.best_melee(w.reactor, dist)
                };
                if let Some(weapon) = weapon {
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
                    TacticalD20Frame::Pursue {
                        unit: w.reactor,
                        target: t,
                    }
                    .into(),
                );
            }
        }
        ReactionKind::StepAside => {
            let ahead =
                w.on_decline
                    .iter()
                    .find_map(|f| match f {
                        Frame::Ruleset(RulesetFrame::TacticalD20(
                            TacticalD20Frame::OverrunSave { ahead, .. },
                        )) => Some(ahead.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
            step_aside(b, w.reactor, &ahead);
        }
        _ => {}
    }
    Ok(())
}
