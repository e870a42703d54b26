//! `flow` advanced reactions: readied attacks and Intercept.

use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId, WeaponKind};
use crate::dice::ForcedFaceError;
use crate::engine::{Frame, Hit, HitEffect, MoveMode};

use super::{FlowAction, FlowFrame};
use crate::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
use crate::event::{AttackKind, Event, Outcome, ReactionKind, Spend};
use crate::grid::Cell;

use super::actions::{may_move, open_cell};
use super::combat::{self as flow, Check, active_wins, actor_advantage};
use super::perform::spend;

/// The readied action a unit waits with: its latest `Readied` event (the log is the
/// state; [`Battle::readied`] says whether it still waits).
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
    match trigger {
        ReadyTrigger::EnemyEntersReach => b.threatens(r, to) && !b.threatens(r, from),
        ReadyTrigger::EnemyWithin { cells } => {
            let (g, at) = (b.grid(), b.pos(r));
            g.distance(at, to) <= cells && g.distance(at, from) > cells
        }
        ReadyTrigger::EnemyCasts { .. } => false,
    }
}

/// The special action a readied response makes against the triggering enemy.
pub fn ready_action(response: ReadyResponse, mover: UnitId) -> Option<FlowAction> {
    match response {
        ReadyResponse::Shove { effect, both } => Some(FlowAction::Shove {
            target: mover,
            effect,
            both,
        }),
        ReadyResponse::Grapple => Some(FlowAction::Grapple { target: mover }),
        ReadyResponse::Disarm => Some(FlowAction::Disarm {
            target: mover,
            item: None,
            send: None,
        }),
        ReadyResponse::Attack
        | ReadyResponse::Move { .. }
        | ReadyResponse::Power { .. }
        | ReadyResponse::SwitchStance
        | ReadyResponse::Defend
        | ReadyResponse::Assist { .. } => None,
    }
}

/// After `mover` stepped from `from` to `to`: readied units whose trigger it sprang act
/// now (their initiative moves to just before the mover). A response that cannot be
/// made now (no weapon reaches, too few AP, no path) leaves the unit waiting.
pub(crate) fn readied_triggers(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    for r in b.readied.clone() {
        if !b.alive(mover) {
            return;
        }
        if !(b.alive(r) && b.enemies(r, mover)) {
            continue;
        }
        let Some((trigger, response, _)) = ready_plan(b, r) else {
            continue;
        };
        if !springs(b, r, trigger, from, to) {
            continue;
        }
        respond(b, r, mover, trigger, response, to);
    }
}

/// After `caster` began casting (paid, queued): readied units waiting for an enemy
/// within their distance to cast act now, before it goes off (their initiative moves to
/// just before the caster's).
pub(crate) fn readied_on_cast(b: &mut Battle, caster: UnitId) {
    for r in b.readied.clone() {
        if !b.alive(caster) {
            return;
        }
        if !(b.alive(r) && b.enemies(r, caster)) {
            continue;
        }
        let Some((trigger, response, _)) = ready_plan(b, r) else {
            continue;
        };
        let ReadyTrigger::EnemyCasts { cells } = trigger else {
            continue;
        };
        let at = b.pos(caster);
        if b.grid().distance(b.pos(r), at) > cells {
            continue;
        }
        respond(b, r, caster, trigger, response, at);
    }
}

/// A readied unit `r` whose trigger `mover` sprang (standing, or stepping, on `to`) makes
/// its response, if it can now: a response that cannot be made (no weapon reaches, too
/// few AP, no path) leaves it waiting.
fn respond(
    b: &mut Battle,
    r: UnitId,
    mover: UnitId,
    trigger: ReadyTrigger,
    response: ReadyResponse,
    to: Cell,
) {
    // While the mover passes through another unit's cell only a readied attack goes
    // off: a move may take the cell its path goes on to, a Shove or Grapple may stop
    // it there or move units about it (two units on one cell; skirmish fuzz, commands
    // cases 14293829622268831743 and 16477382482786592539).
    if b.unit_at(to, Some(mover)).is_some() && response != ReadyResponse::Attack {
        return;
    }
    match response {
        ReadyResponse::Attack => {
            if b.ap(r) < flow::ATTACK_AP {
                return;
            }
            let weapon = match trigger {
                ReadyTrigger::EnemyEntersReach => {
                    let dist = b.grid().distance(b.pos(r), to);
                    b.best_melee(r, dist)
                }
                ReadyTrigger::EnemyWithin { .. } | ReadyTrigger::EnemyCasts { .. } => {
                    b.weapon_for(r, mover, None).ok()
                }
            };
            let Some(weapon) = weapon else {
                return;
            };
            b.emit(Event::ReadyTriggered { unit: r, by: mover });
            spend(b, r, flow::ATTACK_AP, Spend::Attack);
            b.stack.push(Frame::Attack {
                attacker: r,
                target: mover,
                weapon,
                kind: AttackKind::Normal,
                effect: HitEffect::Damage,
            });
        }
        ReadyResponse::Move { to: dest } => {
            if may_move(b, r).is_err() || !open_cell(b, dest, Some(r)) || b.pos(r) == dest {
                return;
            }
            let Some((path, cost)) = b.path_to(r, dest) else {
                return;
            };
            b.emit(Event::ReadyTriggered { unit: r, by: mover });
            for e in b.rules().buy_movement(b, r, cost) {
                b.emit(e);
            }
            b.stack.push(Frame::Move {
                unit: r,
                path,
                next: 1,
                mode: MoveMode::Advance,
            });
        }
        _ => {
            let Some(action) = ready_action(response, mover) else {
                return;
            };
            if super::check_own(b, r, &action).is_err() {
                return;
            }
            b.emit(Event::ReadyTriggered { unit: r, by: mover });
            b.stack.push(FlowFrame::ReadyAct { unit: r, action }.into());
        }
    }
}

/// At the end of the round: readied actions set to wait only this round are cancelled.
pub(crate) fn cancel_round_readies(b: &mut Battle) {
    for r in b.readied.clone() {
        if matches!(ready_plan(b, r), Some((_, _, ReadyUntil::RoundEnd))) {
            b.emit(Event::ReadyCancelled { unit: r });
        }
    }
}

/// Where an interceptor would go: (path from its cell, destination, the ally's new cell
/// when swapping). Melee: a cell next to both the ally and the attacker; ranged: a cell
/// on the line between them. Cheapest first, then cell order.
pub fn intercept_plan(
    b: &Battle,
    r: UnitId,
    hit: &Hit,
    swap: bool,
) -> Option<(Vec<Cell>, Cell, Option<Cell>)> {
    let grid = b.grid();
    let ally = b.pos(hit.target);
    // Not while the ally shares its cell with another unit (passing through it in the
    // middle of a move): a swap would put the interceptor on that unit, and an
    // interceptor standing where the move goes on would strand the ally there.
    if b.unit_at(ally, Some(hit.target)).is_some() {
        return None;
    }
    let here = b.pos(r);
    let cands = intercept_cells(b, r, hit, swap, intercept_pool(b, hit));
    if cands.is_empty() {
        return None;
    }
    // The cheapest to reach, then the smallest cell: the search stops at the first.
    let goals: Vec<Cell> = cands.iter().map(|&(c, _)| c).collect();
    let (path, _) = grid.nearest(here, &goals, flow::INTERCEPT_MOVE, b.mover_cost(r))?;
    let dest = *path.last()?;
    let ally_to = cands.iter().find(|&&(c, _)| c == dest)?.1;
    Some((path, dest, ally_to))
}

/// The cells an interceptor could stop on, before any path search: next to both the
/// ally and the attacker (melee) or on the line between them (ranged).
fn intercept_pool(b: &Battle, hit: &Hit) -> Vec<Cell> {
    let grid = b.grid();
    let (ally, att) = (b.pos(hit.target), b.pos(hit.attacker));
    let melee = b
        .weapons(hit.attacker)
        .get(hit.weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    if melee {
        grid.neighbours_iter(ally)
            .filter(|&c| grid.distance(c, att) == 1)
            .collect()
    } else {
        let line = grid.line(att, ally);
        line.iter()
            .copied()
            .skip(1)
            .take(line.len().saturating_sub(2))
            .collect()
    }
}

/// The cells of `pool` an interceptor may stop on (free, within its 3 cells on the map;
/// with the swap, the cell beyond the ally free), with the ally's new cell.
fn intercept_cells(
    b: &Battle,
    r: UnitId,
    hit: &Hit,
    swap: bool,
    pool: Vec<Cell>,
) -> Vec<(Cell, Option<Cell>)> {
    let grid = b.grid();
    let (here, ally) = (b.pos(r), b.pos(hit.target));
    let mut cands: Vec<(Cell, Option<Cell>)> = Vec::new();
    for c in pool {
        if grid.distance(here, c) > flow::INTERCEPT_MOVE || b.unit_at(c, Some(r)).is_some() {
            continue;
        }
        let ally_to = if swap {
            let beyond = grid.opposite(c, ally);
            if !open_cell(b, beyond, Some(r)) || beyond == c {
                continue;
            }
            Some(beyond)
        } else {
            None
        };
        cands.push((c, ally_to));
    }
    cands
}

/// Where an interceptor would go when it chooses the cell `to` (the seed leaves the
/// cell to the interceptor: "if you cannot move to be adjacent to BOTH of them with 3
/// hexes of movement, you may not perform Intercept"): the cheapest path there, the
/// cell, the ally's new cell when swapping; `None` when `to` is not one it may use.
pub fn intercept_plan_to(
    b: &Battle,
    r: UnitId,
    hit: &Hit,
    swap: bool,
    to: Cell,
) -> Option<(Vec<Cell>, Cell, Option<Cell>)> {
    // The same guards as the engine's pick (the ally not sharing its cell).
    intercept_plan(b, r, hit, swap)?;
    let cands = intercept_cells(b, r, hit, swap, intercept_pool(b, hit));
    let ally_to = cands.iter().find(|&&(c, _)| c == to)?.1;
    let (path, _) = b
        .grid()
        .nearest(b.pos(r), &[to], flow::INTERCEPT_MOVE, b.mover_cost(r))?;
    Some((path, to, ally_to))
}

/// `r`'s Intercept options against `hit`, from one search of the cells it can reach:
/// `Intercept` (the engine's cell: the cheapest to reach, then the smallest, as
/// [`intercept_plan`] picks), `InterceptSwap` when that works too, then `InterceptAt`
/// for every other reachable cell, plain then swapping. `None`: it cannot intercept.
fn intercept_options(b: &Battle, r: UnitId, hit: &Hit) -> Option<Vec<ReactionKind>> {
    // The guard of `intercept_plan`: not while the ally shares its cell.
    if b.unit_at(b.pos(hit.target), Some(hit.target)).is_some() {
        return None;
    }
    let pool = intercept_pool(b, hit);
    // No cell within its 3 cells: no search.
    if intercept_cells(b, r, hit, false, pool.clone()).is_empty() {
        return None;
    }
    let field = b
        .grid()
        .field(b.pos(r), flow::INTERCEPT_MOVE, b.mover_cost(r));
    let mut o = Vec::new();
    let mut others = Vec::new();
    for swap in [false, true] {
        let cands = intercept_cells(b, r, hit, swap, pool.clone());
        // The search settles cells cheapest first, the smaller on a tie: the first
        // candidate settled is the one `Grid::nearest` stops at.
        let Some(default) = field
            .settled()
            .map(|(c, _)| c)
            .find(|c| cands.iter().any(|&(x, _)| x == *c))
        else {
            if swap {
                break;
            }
            return None;
        };
        o.push(if swap {
            ReactionKind::InterceptSwap
        } else {
            ReactionKind::Intercept
        });
        for (c, _) in cands {
            if c != default && field.contains_key(&c) {
                others.push(ReactionKind::InterceptAt { to: c, swap });
            }
        }
    }
    o.extend(others);
    Some(o)
}

/// Allies of a hit's target who may Intercept it, in initiative order, with their
/// options. Only normal attacks that would deal damage can be intercepted.
pub fn interceptors(b: &Battle, hit: &Hit) -> Vec<(UnitId, Vec<ReactionKind>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some((at, r, o)) = next_interceptor(b, hit, from) {
        out.push((r, o));
        from = at + 1;
    }
    out
}

/// The first ally at position `from` or later in the initiative order who may Intercept
/// the hit: its position, the unit and its options.
pub fn next_interceptor(
    b: &Battle,
    hit: &Hit,
    from: usize,
) -> Option<(usize, UnitId, Vec<ReactionKind>)> {
    // "You are able to Intercept a Spell, but only if it is a single-target spell".
    let single_spell = match hit.effect {
        HitEffect::Ability(i) => b
            .ability(hit.attacker, i)
            .is_some_and(|a| matches!(a.target, crate::abilities::Targeting::One { .. })),
        _ => false,
    };
    if hit.kind != AttackKind::Normal || (hit.effect != HitEffect::Damage && !single_spell) {
        return None;
    }
    for (at, &r) in b.order().iter().enumerate().skip(from) {
        if r == hit.target
            || r == hit.attacker
            || !b.alive(r)
            || b.side(r) != b.side(hit.target)
            || b.rp(r) < ReactionKind::Intercept.cost()
            || may_move(b, r).is_err()
        {
            continue;
        }
        // Swapping needs a cell a plain Intercept could use too.
        if let Some(o) = intercept_options(b, r, hit) {
            return Some((at, r, o));
        }
    }
    None
}

/// Resolve an Intercept (RP already paid): move (to the chosen cell `at`, else the
/// engine's), maybe swap, roll Agility against the
/// attack; the winner of the opposed check decides who takes the damage.
pub(crate) fn resolve_intercept(
    b: &mut Battle,
    r: UnitId,
    hit: Hit,
    swap: bool,
    at: Option<Cell>,
) -> Result<(), ForcedFaceError> {
    let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
    let plan = match at {
        Some(to) => intercept_plan_to(b, r, &hit, swap, to),
        None => intercept_plan(b, r, &hit, swap),
    };
    let Some((path, dest, ally_to)) = plan else {
        b.stack.push(Frame::Damage { hit, mult });
        return Ok(());
    };
    for w in path.windows(2) {
        b.emit(Event::Moved {
            unit: r,
            from: w[0],
            to: w[1],
            cost: 0,
        });
    }
    if let Some(to) = ally_to {
        let ally_cell = b.pos(hit.target);
        b.emit(Event::Displaced {
            unit: hit.target,
            from: ally_cell,
            to,
        });
        b.emit(Event::Moved {
            unit: r,
            from: dest,
            to: ally_cell,
            cost: 0,
        });
    }
    let s = b.stats(r);
    let mut c = Check::new("Agility", s.get(Stat::Agility));
    if b.has(r, ConditionKind::TotalDefense) {
        c.advantage += 1;
    }
    c.advantage += actor_advantage(b, r);
    let (mut roll, outcome) = c.roll(&mut b.dice)?;
    roll.modifiers = c.target_mods.clone();
    roll.total = roll.natural();
    let success = !active_wins(hit.level, outcome);
    b.emit(Event::Defence {
        unit: r,
        kind: if swap {
            ReactionKind::InterceptSwap
        } else {
            ReactionKind::Intercept
        },
        roll,
        target_number: c.target(),
        outcome,
        against: hit.level,
        success,
    });
    if success {
        flow::reaction_fp(b, r);
        b.stack.push(Frame::Damage {
            hit: Hit { target: r, ..hit },
            mult,
        });
    } else {
        b.stack.push(Frame::Damage { hit, mult });
    }
    Ok(())
}
