//! escalation's Intercept: a Free unit with an ally Nearby or next to it stops an enemy
//! coming at that ally and engages it instead (a free action); and "They can also
//! Intercept a melee attack intended for someone who's Nearby to them": it moves next to
//! the attacker and the attack is directed at it instead.

use crate::abilities::Resolve;
use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId, WeaponKind};
use crate::engine::{Frame, HitEffect, MoveMode, RulesetFrame};
use crate::event::{Event, ReactionKind, Trigger};
use crate::grid::Cell;

use super::{EscalationFrame, engaged_with_other_than, speed};

/// Is `other` Nearby `u` (or next to it)? "If two characters are Nearby each other, they
/// can be next to/engaged with each other with one move action": one move (`u`'s speed)
/// brings `u` next to `other`, so the distance less one is within its speed.
pub fn nearby(b: &Battle, u: UnitId, other: UnitId) -> bool {
    b.grid().distance(b.pos(u), b.pos(other)) <= speed(b, u) + 1
}

/// Could `i` get next to `at` at all: within its speed and one cell? Every step costs at
/// least 1 and moves one cell, so [`intercept_path`] finds nothing farther: the distance
/// check before the engagement scan and the path search.
fn within_reach_of(b: &Battle, i: UnitId, at: Cell) -> bool {
    b.grid().distance(b.pos(i), at) <= speed(b, i) + 1
}

/// The path of `i` to the nearest free cell next to `at` within its speed (cheapest, then
/// the lowest cell), if any.
pub fn intercept_path(b: &Battle, i: UnitId, at: Cell, mover: UnitId) -> Option<Vec<Cell>> {
    intercept_path_with(b, i, at, mover, b.pos(mover))
}

/// Where `i` intercepting `mover` at `at` starts, how far it may go, and what each cell
/// costs it, with `mover` standing on `mover_at` instead of where it is (the path preview
/// asks before the mover takes its steps): that cell blocks `i`, the one it stands on now
/// does not. `None` when `i` may not move.
fn intercept_search<'a>(
    b: &'a Battle,
    i: UnitId,
    mover: UnitId,
    mover_at: Cell,
) -> Option<(Cell, u32, impl Fn(Cell) -> Option<u32> + 'a)> {
    if super::may_move(b, i).is_err() {
        return None;
    }
    let now = b.pos(mover);
    let base = b.mover_cost(i);
    let cost = move |c: Cell| {
        if c == mover_at {
            None
        } else if c == now && b.unit_at(c, Some(mover)).is_none() {
            b.terrain(c).cost()
        } else {
            base(c)
        }
    };
    Some((b.pos(i), speed(b, i), cost))
}

/// May `i` end an intercept on `c` (next to where it stops the mover): on the map,
/// standable, and free (the mover's own cell will be free: it goes back to `at`).
fn intercept_goal(b: &Battle, mover: UnitId, c: Cell) -> bool {
    b.grid().contains(c)
        && b.terrain(c).standable()
        && b.unit_at(c, None).is_none_or(|o| o == mover)
}

/// [`intercept_path`] with `mover` standing on `mover_at` ([`intercept_search`]): the
/// cheapest free cell next to `at` within `i`'s speed (then the lowest cell), searched
/// only until that cell is settled (the path is the one a whole search gives).
fn intercept_path_with(
    b: &Battle,
    i: UnitId,
    at: Cell,
    mover: UnitId,
    mover_at: Cell,
) -> Option<Vec<Cell>> {
    let (here, budget, cost) = intercept_search(b, i, mover, mover_at)?;
    let grid = b.grid();
    if grid.distance(here, at) == 1 {
        return Some(vec![here]);
    }
    let goals: Vec<Cell> = grid
        .neighbours_iter(at)
        .filter(|&c| intercept_goal(b, mover, c))
        .collect();
    grid.nearest(here, &goals, budget, cost).map(|(p, _)| p)
}

/// Is there an [`intercept_path_with`] at all? The same answer without the path, by a
/// search toward `at` that stops at the first free cell next to it found within `i`'s
/// speed, and never looks at a cell from which none can be reached in time.
fn reaches_next_to(b: &Battle, i: UnitId, at: Cell, mover: UnitId, mover_at: Cell) -> bool {
    let Some((here, budget, cost)) = intercept_search(b, i, mover, mover_at) else {
        return false;
    };
    let grid = b.grid();
    grid.distance(here, at) == 1
        || super::reach::reaches(&grid, here, at, budget, cost, |c| {
            intercept_goal(b, mover, c)
        })
}

/// May `i` intercept `mover`, who stepped from `from` next to `ally`? It must be a
/// standing ally of `ally` (not `ally` itself), Free (engaged with no enemy but, maybe,
/// the mover, whose step may have brought it next to both), with `ally`
/// Nearby (one move brings it next to the ally: distance − 1 within its speed) or next
/// to it; a Flying mover only by a flyer; and it must
/// reach a cell next to `from`.
pub fn may_intercept(b: &Battle, i: UnitId, mover: UnitId, ally: UnitId, from: Cell) -> bool {
    may_intercept_at(b, i, mover, b.pos(mover), ally, from)
}

/// [`may_intercept`] with `mover` standing on `mover_at` (the cell it stepped to).
fn may_intercept_at(
    b: &Battle,
    i: UnitId,
    mover: UnitId,
    mover_at: Cell,
    ally: UnitId,
    from: Cell,
) -> bool {
    guards(b, i, ally) && may_stop(b, i, mover, mover_at, from)
}

/// The half of [`may_intercept_at`] that is about the ally: `i` is a standing ally of
/// `ally` (not `ally` itself) with `ally` Nearby.
fn guards(b: &Battle, i: UnitId, ally: UnitId) -> bool {
    i != ally && b.alive(i) && !b.enemies(i, ally) && nearby(b, i, ally)
}

/// The half of [`may_intercept_at`] that is not about the ally: `i` is an enemy of
/// `mover`, Free but for it, a flyer if it flies, and gets next to `from` in time (the
/// path search last, once the cheap checks pass).
fn may_stop(b: &Battle, i: UnitId, mover: UnitId, mover_at: Cell, from: Cell) -> bool {
    i != mover
        && b.alive(i)
        && b.enemies(i, mover)
        && within_reach_of(b, i, from)
        && (!b.has(mover, ConditionKind::Flying) || b.has(i, ConditionKind::Flying))
        && !engaged_with_other_than(b, i, Some(mover))
        && reaches_next_to(b, i, from, mover, mover_at)
}

/// Who may intercept `mover` stepping from `from` to `to`, with the ally each guards, in
/// the order they are offered: for each enemy of the mover it was not next to before and
/// is next to now, the units of [`may_intercept`] in turn order (each once). Only on the
/// mover's own move ("You cannot Intercept an enemy who is moving to Intercept"), and not
/// onto a cell it only passes through. Asked as the mover stands on `to` (its step) or
/// before it moves (the path preview, [`interceptions_along`]): the same answer.
///
/// Whether a unit may stop the mover at all ([`may_stop`], with its path search) does
/// not depend on the ally, so it is asked once per unit however many allies it guards.
pub fn intercept_offers(b: &Battle, mover: UnitId, from: Cell, to: Cell) -> Vec<(UnitId, UnitId)> {
    if b.current() != Some(mover) || !b.alive(mover) || b.unit_at(to, Some(mover)).is_some() {
        return Vec::new();
    }
    let grid = b.grid();
    // The units next to `to` (from the cell index, in level order: not a scan of the army).
    let near = super::adjacent::next_to(b, to);
    let allies = || {
        near.iter().copied().filter(|&x| {
            x != mover
                && b.enemies(mover, x)
                && grid.distance(to, b.pos(x)) == 1
                && grid.distance(from, b.pos(x)) != 1
        })
    };
    let mut offers: Vec<(UnitId, UnitId)> = Vec::new();
    if allies().next().is_none() {
        return offers;
    }
    // `may_stop` of each unit, by its place in the turn order, once asked.
    let mut stops: Vec<Option<bool>> = vec![None; b.order().len()];
    for x in allies() {
        for (k, &i) in b.order().iter().enumerate() {
            if offers.iter().all(|(o, _)| *o != i)
                && guards(b, i, x)
                && *stops[k].get_or_insert_with(|| may_stop(b, i, mover, to, from))
            {
                offers.push((i, x));
            }
        }
    }
    offers
}

/// `mover` stepped from `from` to `to`: offer Intercept to each unit that may stop it
/// coming at an ally it was not next to before ([`intercept_offers`]).
pub(crate) fn offer_intercepts(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    for (i, x) in intercept_offers(b, mover, from, to).into_iter().rev() {
        b.push_frame(Frame::Offer {
            reactor: i,
            trigger: Trigger::Approaching {
                mover,
                ally: x,
                from,
            },
            to: Some(to),
        });
    }
}

/// Carry out an Intercept: the mover's movement stops (it goes back to the cell it came
/// from), and the interceptor moves next to it, free and provoking nothing.
pub(crate) fn intercept(b: &mut Battle, i: UnitId, mover: UnitId, from: Cell) {
    b.halt_moves(mover);
    let here = b.pos(mover);
    if here != from && b.unit_at(from, Some(mover)).is_none() {
        b.emit(Event::Displaced {
            unit: mover,
            from: here,
            to: from,
        });
    }
    if let Some(path) = intercept_path(b, i, b.pos(mover), mover)
        && path.len() > 1
    {
        b.push_frame(Frame::Move {
            unit: i,
            path,
            next: 1,
            mode: MoveMode::Quiet,
        });
    }
}

/// Who intercepted `u` on its turn now (its move, or one of its melee attacks), and the
/// ally it was coming at or attacking: "any attack intended for your ally will now be
/// directed towards you" — the rest of `u`'s attacks this turn meant for that ally go
/// to the interceptor instead.
pub fn intercepted_by(b: &Battle, u: UnitId) -> Option<(UnitId, UnitId)> {
    let log = b.log();
    let start = log
        .iter()
        .rposition(|l| matches!(l.event, Event::TurnStarted { unit, .. } if unit == u))?;
    let mut offered: Option<(UnitId, UnitId)> = None;
    let mut found = None;
    for l in &log[start..] {
        match &l.event {
            Event::ReactionOffered {
                reactor,
                trigger: Trigger::Approaching { mover, ally, .. },
                ..
            } if *mover == u => offered = Some((*reactor, *ally)),
            Event::ReactionOffered {
                reactor,
                trigger:
                    Trigger::PowerCue {
                        by,
                        target,
                        attack: true,
                    },
                ..
            } if *by == u => offered = Some((*reactor, *target)),
            Event::Reacted {
                reactor,
                kind: ReactionKind::Intercept,
                ..
            } => {
                if let Some((r, x)) = offered
                    && r == *reactor
                {
                    found = Some((r, x));
                }
            }
            _ => {}
        }
    }
    found.filter(|(r, _)| b.alive(*r))
}

// ---- Intercepting a melee attack ----

/// Is `attacker`'s attack with `weapon` / `effect` a melee attack: a basic attack with a
/// melee weapon, or a power's attack roll at range 1 (Melee, as the stances read it)?
pub fn melee_attack(b: &Battle, attacker: UnitId, weapon: usize, effect: &HitEffect) -> bool {
    match effect {
        HitEffect::Ability(i) => b
            .ability(attacker, *i)
            .is_some_and(|a| matches!(a.resolve, Resolve::Attack { .. }) && a.range() <= 1),
        HitEffect::Damage | HitEffect::Aimed(_) => b
            .weapons(attacker)
            .get(weapon)
            .is_some_and(|w| w.kind == WeaponKind::Melee),
        _ => false,
    }
}

/// May `i` Intercept `attacker`'s melee attack on `ally` ("They can also Intercept a melee
/// attack intended for someone who's Nearby to them"; "If you're Nearby another character
/// and Free, you can intercept attacks intended for them")? A standing ally of `ally` (not
/// `ally` itself), Free (engaged with no enemy at all: "they can't Intercept enemy
/// attacks" while Engaged), with `ally` Nearby; a Flying attacker only by a flyer; and it
/// must reach a free cell next to the attacker within its speed ("puts them into
/// engagement range with you"). The Intercept is a free action: no Interrupt is spent.
pub fn may_intercept_attack(b: &Battle, i: UnitId, attacker: UnitId, ally: UnitId) -> bool {
    i != ally
        && i != attacker
        && b.alive(i)
        && b.alive(ally)
        && b.alive(attacker)
        && !b.enemies(i, ally)
        && b.enemies(i, attacker)
        && nearby(b, i, ally)
        && within_reach_of(b, i, b.pos(attacker))
        && (!b.has(attacker, ConditionKind::Flying) || b.has(i, ConditionKind::Flying))
        && !engaged_with_other_than(b, i, None)
        && reaches_next_to(b, i, b.pos(attacker), attacker, b.pos(attacker))
}

/// The attack by `attacker` on `target` waiting on the stack for the answers to it
/// (`EscalationFrame::Attack`, pushed by `interrupts::offer_on_attack`): its weapon and
/// effect. `None` once it has been directed at someone else (intercepted).
pub fn waiting_attack(b: &Battle, attacker: UnitId, target: UnitId) -> Option<(usize, HitEffect)> {
    b.stack.iter().rev().find_map(|f| match f {
        Frame::Ruleset(RulesetFrame::Escalation(EscalationFrame::Attack {
            attacker: a,
            target: t,
            weapon,
            effect,
            ..
        })) if *a == attacker && *t == target => Some((*weapon, effect.clone())),
        _ => None,
    })
}

/// Would `i` be offered the Intercept of the melee attack `attacker` is about to make on
/// `ally` (still waiting, still melee, and [`may_intercept_attack`])?
pub fn attack_intercept_offered(b: &Battle, i: UnitId, attacker: UnitId, ally: UnitId) -> bool {
    waiting_attack(b, attacker, ally).is_some_and(|(w, e)| melee_attack(b, attacker, w, &e))
        && may_intercept_attack(b, i, attacker, ally)
}

/// Carry out the Intercept of `attacker`'s melee attack on `ally`: "This … puts them into
/// engagement range with you. In most cases, any attack intended for your ally will now
/// be directed towards you": the waiting attack now targets `i`, and `i` moves next to the
/// attacker (free, provoking nothing), before the attack is rolled.
pub(crate) fn intercept_attack(b: &mut Battle, i: UnitId, attacker: UnitId, ally: UnitId) {
    for f in b.stack.iter_mut().rev() {
        if let Frame::Ruleset(RulesetFrame::Escalation(EscalationFrame::Attack {
            attacker: a,
            target,
            ..
        })) = f
            && *a == attacker
            && *target == ally
        {
            *target = i;
            break;
        }
    }
    if let Some(path) = intercept_path(b, i, b.pos(attacker), attacker)
        && path.len() > 1
    {
        b.push_frame(Frame::Move {
            unit: i,
            path,
            next: 1,
            mode: MoveMode::Quiet,
        });
    }
}
