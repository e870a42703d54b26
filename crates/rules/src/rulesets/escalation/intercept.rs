//! escalation's Intercept: a Free unit with an ally Nearby or next to it stops an enemy
//! coming at that ally and engages it instead (a free action).

use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId};
use crate::engine::{Frame, Interception, MoveMode};
use crate::event::{Event, ReactionKind, Trigger};
use crate::grid::Cell;

use super::{engaged_enemies, speed};

/// The path of `i` to the nearest free cell next to `at` within its speed (cheapest, then
/// the lowest cell), if any.
pub fn intercept_path(b: &Battle, i: UnitId, at: Cell, mover: UnitId) -> Option<Vec<Cell>> {
    intercept_path_with(b, i, at, mover, b.pos(mover))
}

/// [`intercept_path`] with `mover` standing on `mover_at` instead of where it is (the
/// path preview asks before the mover takes its steps): that cell blocks `i`, the one it
/// stands on now does not.
fn intercept_path_with(
    b: &Battle,
    i: UnitId,
    at: Cell,
    mover: UnitId,
    mover_at: Cell,
) -> Option<Vec<Cell>> {
    if super::may_move(b, i).is_err() {
        return None;
    }
    let grid = b.grid();
    let here = b.pos(i);
    if grid.distance(here, at) == 1 {
        return Some(vec![here]);
    }
    let now = b.pos(mover);
    let base = b.mover_cost(i);
    let cost = |c: Cell| {
        if c == mover_at {
            None
        } else if c == now && b.unit_at(c, Some(mover)).is_none() {
            b.terrain(c).cost()
        } else {
            base(c)
        }
    };
    // One search of everything within its speed, then the best free cell next to `at`.
    let field = grid.field(here, speed(b, i), cost);
    let best = grid
        .neighbours(at)
        .into_iter()
        .filter(|&c| {
            grid.contains(c)
                && b.terrain(c).standable()
                // The mover's own cell will be free: it goes back to `at`.
                && b.unit_at(c, None).is_none_or(|o| o == mover)
        })
        .filter_map(|c| field.get(&c).map(|(cost, _)| (cost, c)))
        .min()?;
    field.path_to(best.1).map(|(p, _)| p)
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
    i != ally
        && i != mover
        && b.alive(i)
        && !b.enemies(i, ally)
        && b.enemies(i, mover)
        // Nearby: "If two characters are Nearby each other, they can be next to/engaged
        // with each other with one move action": one move (its speed) brings it next to
        // the ally, so the distance less one is within its speed.
        && b.grid().distance(b.pos(i), b.pos(ally)) <= speed(b, i) + 1
        && (!b.has(mover, ConditionKind::Flying) || b.has(i, ConditionKind::Flying))
        && engaged_enemies(b, i).iter().all(|&e| e == mover)
        && intercept_path_with(b, i, from, mover, mover_at).is_some()
}

/// Who may intercept `mover` stepping from `from` to `to`, with the ally each guards, in
/// the order they are offered: for each enemy of the mover it was not next to before and
/// is next to now, the units of [`may_intercept`] in turn order (each once). Only on the
/// mover's own move ("You cannot Intercept an enemy who is moving to Intercept"), and not
/// onto a cell it only passes through. Asked as the mover stands on `to` (its step) or
/// before it moves (the path preview, [`interceptions_along`]): the same answer.
pub fn intercept_offers(b: &Battle, mover: UnitId, from: Cell, to: Cell) -> Vec<(UnitId, UnitId)> {
    if b.current() != Some(mover) || !b.alive(mover) || b.unit_at(to, Some(mover)).is_some() {
        return Vec::new();
    }
    let grid = b.grid();
    let allies: Vec<UnitId> = b
        .units()
        .filter(|&x| {
            x != mover
                && b.alive(x)
                && b.enemies(mover, x)
                && grid.distance(to, b.pos(x)) == 1
                && grid.distance(from, b.pos(x)) != 1
        })
        .collect();
    let mut offers: Vec<(UnitId, UnitId)> = Vec::new();
    for &x in &allies {
        for &i in b.order() {
            if offers.iter().all(|(o, _)| *o != i) && may_intercept_at(b, i, mover, to, x, from) {
                offers.push((i, x));
            }
        }
    }
    offers
}

/// The interceptions `mover` may meet walking `path` (its first cell is where it stands):
/// [`intercept_offers`] at each step, as if none before were taken.
pub fn interceptions_along(b: &Battle, mover: UnitId, path: &[Cell]) -> Vec<Interception> {
    path.windows(2)
        .flat_map(|w| {
            intercept_offers(b, mover, w[0], w[1])
                .into_iter()
                .map(move |(reactor, ally)| Interception {
                    from: w[0],
                    to: w[1],
                    reactor,
                    ally,
                })
        })
        .collect()
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

/// Who intercepted `u` on its turn now, and the ally it was coming at: attacks `u` meant
/// for that ally go to the interceptor instead.
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
