//! `flow` advanced reactions: readied actions (an attack, a move, a special action, an
//! ability) and Intercept (of an attack, a single-target spell attack or save spell).

use crate::abilities::{Resolve, Targeting};
use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId, WeaponKind};
use crate::dice::ForcedFaceError;
use crate::engine::{CastAt, Frame, Hit, HitEffect, MoveMode};

use super::{FlowAction, FlowFrame};
use crate::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
use crate::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend};
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
                    b.usable_weapon(r, mover)
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
        // "Attacking/Casting a Spell: 2 AP", paid now as any casting (the Ready itself
        // kept the AP): aimed at the enemy (or at the unit, see `ready_aim`), checked as
        // a `Cast` would be, then cast the normal way (it provokes, may be intercepted,
        // springs readied actions waiting for a casting). A move it knocks the mover
        // prone in ends when the casting is over (`FlowFrame::EndHeldMoves`).
        ReadyResponse::Power { ability } => {
            let Some(at) = ready_aim(b, r, ability, mover) else {
                return;
            };
            if super::casting::check_cast(b, r, ability).is_err()
                || b.check_cast(r, ability, &at).is_err()
            {
                return;
            }
            b.emit(Event::ReadyTriggered { unit: r, by: mover });
            b.stack.push(FlowFrame::EndHeldMoves.into());
            super::casting::perform_cast(b, r, ability, at);
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

/// Where `r`'s readied ability `i` goes off when `mover` springs it: a harmful one at
/// `mover` (one creature, a list of one, or its cell for an area or a cell), a helpful
/// one at `r` itself (its user, or itself as the one creature).
pub fn ready_aim(b: &Battle, r: UnitId, i: usize, mover: UnitId) -> Option<CastAt> {
    let a = b.ability(r, i)?;
    let who = if a.hostile() { mover } else { r };
    Some(match a.target {
        Targeting::User => CastAt::User,
        Targeting::One { .. } => CastAt::Unit(who),
        Targeting::Several { .. } => CastAt::Units(vec![who]),
        Targeting::Area { .. } | Targeting::Cell { .. } => CastAt::Cell(b.pos(mover)),
    })
}

/// The abilities `u` may ready now (known, a use left, its AP; not grappled).
pub fn readiable_abilities(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.abilities(u).len())
        .filter(|&i| super::casting::check_cast(b, u, i).is_ok())
        .collect()
}

/// The trigger the action bar readies ability `i` with: a harmful one that reaches
/// beyond 1 cell waits for an enemy within its range; any other for an enemy entering
/// the unit's reach (with no melee weapon in hand: coming within 1).
pub fn ready_ability_trigger(b: &Battle, u: UnitId, i: usize) -> ReadyTrigger {
    match b.ability(u, i) {
        Some(a) if a.hostile() && a.range() > 1 => ReadyTrigger::EnemyWithin { cells: a.range() },
        _ if b.threat_reach(u) > 0 => ReadyTrigger::EnemyEntersReach,
        _ => ReadyTrigger::EnemyWithin { cells: 1 },
    }
}

/// A readied response is over: a move it interrupted ends if its mover may no longer
/// move (shoved or knocked prone, grappled); a push ends it anyway (the mover is not
/// where the path goes on).
pub(crate) fn end_held_moves(b: &mut Battle) {
    let halted: Vec<UnitId> = b
        .stack
        .iter()
        .filter_map(|f| match f {
            Frame::Move { unit, .. } if may_move(b, *unit).is_err() => Some(*unit),
            _ => None,
        })
        .collect();
    for u in halted {
        b.halt_moves(u);
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
    let cands = intercept_cells(b, r, hit, swap, &intercept_pool(b, hit));
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
    pool: &[Cell],
) -> Vec<(Cell, Option<Cell>)> {
    let grid = b.grid();
    let (here, ally) = (b.pos(r), b.pos(hit.target));
    let mut cands: Vec<(Cell, Option<Cell>)> = Vec::new();
    for &c in pool {
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
    let cands = intercept_cells(b, r, hit, swap, &intercept_pool(b, hit));
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
/// `pool` is the hit's [`intercept_pool`], and the ally shares its cell with no one
/// (`intercept_plan`'s guard, which [`next_interceptor`] asks once for every ally).
fn intercept_options(b: &Battle, r: UnitId, hit: &Hit, pool: &[Cell]) -> Option<Vec<ReactionKind>> {
    // No cell within its 3 cells: no search.
    let plain = intercept_cells(b, r, hit, false, pool);
    if plain.is_empty() {
        return None;
    }
    // One cell to stop on (half the time): it is the default, plain and swapping, if it
    // can be reached at all; no field needed, and no search when it is at most a step
    // away.
    if let [(c, _)] = plain[..] {
        let grid = b.grid();
        let here = b.pos(r);
        let cost = b.mover_cost(r);
        let reached = c == here
            || (grid.distance(here, c) == 1
                && cost(c).is_some_and(|e| e.max(1) <= flow::INTERCEPT_MOVE))
            || grid.path(here, c, flow::INTERCEPT_MOVE, &cost).is_some();
        if !reached {
            return None;
        }
        let mut o = vec![ReactionKind::Intercept];
        // The swapping cells are among the plain ones.
        if !intercept_cells(b, r, hit, true, pool).is_empty() {
            o.push(ReactionKind::InterceptSwap);
        }
        return Some(o);
    }
    let field = b
        .grid()
        .field(b.pos(r), flow::INTERCEPT_MOVE, b.mover_cost(r));
    let mut o = Vec::new();
    let mut others = Vec::new();
    for swap in [false, true] {
        let cands = intercept_cells(b, r, hit, swap, pool);
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
/// options. Only normal attacks that would deal damage, and single-target spells (an
/// attack or a save), can be intercepted.
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
    // The guard of `intercept_plan`: not while the ally shares its cell.
    if b.unit_at(b.pos(hit.target), Some(hit.target)).is_some() {
        return None;
    }
    // The cells an interceptor may stop on and the box around them, worked out once for
    // every ally asked (and only once one passes the other checks): a step moves at most
    // one column and one row on both grids, so an ally more than its 3 cells outside
    // that box in either has no cell to stop on, and one inside is asked of each cell
    // before anything else.
    let grid = b.grid();
    let reach = flow::INTERCEPT_MOVE as i32;
    let outside = |c: Cell, [x0, x1, y0, y1]: [i32; 4]| {
        c.x < x0 - reach || c.x > x1 + reach || c.y < y0 - reach || c.y > y1 + reach
    };
    let mut near: Option<(Vec<Cell>, [i32; 4])> = None;
    for (at, &r) in b.order().iter().enumerate().skip(from) {
        if r == hit.target
            || r == hit.attacker
            || !b.alive(r)
            || b.side(r) != b.side(hit.target)
            || near.as_ref().is_some_and(|(_, bx)| outside(b.pos(r), *bx))
            || b.rp(r) < ReactionKind::Intercept.cost()
            || may_move(b, r).is_err()
        {
            continue;
        }
        let (pool, bx) = near.get_or_insert_with(|| {
            let pool = intercept_pool(b, hit);
            let mut bx = [i32::MAX, i32::MIN, i32::MAX, i32::MIN];
            for c in &pool {
                bx = [
                    bx[0].min(c.x),
                    bx[1].max(c.x),
                    bx[2].min(c.y),
                    bx[3].max(c.y),
                ];
            }
            (pool, bx)
        });
        let here = b.pos(r);
        if outside(here, *bx)
            || !pool
                .iter()
                .any(|&c| grid.distance(here, c) <= flow::INTERCEPT_MOVE)
        {
            continue;
        }
        // Swapping needs a cell a plain Intercept could use too.
        if let Some(o) = intercept_options(b, r, hit, pool) {
            return Some((at, r, o));
        }
    }
    None
}

/// Is `hit` a save spell's (its caster's Magic check, before the target resists)?
pub fn is_save_hit(b: &Battle, hit: &Hit) -> bool {
    match hit.effect {
        HitEffect::Ability(i) => b
            .ability(hit.attacker, i)
            .is_some_and(|a| matches!(a.resolve, Resolve::Save { .. })),
        _ => false,
    }
}

/// What follows a hit nobody (or no longer anybody) intercepts, or an Intercept lost:
/// its damage (×`mult`), or for a save spell the target's resisting roll.
fn unintercepted(b: &Battle, hit: Hit, mult: i32) -> Frame {
    if is_save_hit(b, &hit) {
        FlowFrame::Resist(hit).into()
    } else {
        Frame::Damage { hit, mult }
    }
}

/// A single-target save spell (ability `i` of `caster`) goes off at `target`: "You are
/// able to Intercept a Spell, but only if it is a single-target spell, and you can follow
/// the same rules as above". When an ally of the target could intercept it, the caster's
/// Magic check (the "attack" an interceptor's Agility is opposed to) is rolled first; a
/// success is offered to the interceptors (`FlowFrame::OfferIntercept`), then the target
/// resists that same check (`FlowFrame::Resist`). Returns false (nothing rolled) when the
/// spell is not a single-target save spell or nobody could intercept it: the save is
/// rolled the usual way.
pub(crate) fn offer_save_intercept(
    b: &mut Battle,
    caster: UnitId,
    i: usize,
    target: UnitId,
) -> Result<bool, ForcedFaceError> {
    let single_save = b.ability(caster, i).is_some_and(|a| {
        matches!(a.target, Targeting::One { .. }) && matches!(a.resolve, Resolve::Save { .. })
    });
    if !single_save || target == caster || !b.alive(target) {
        return Ok(false);
    }
    let mut hit = Hit {
        attacker: caster,
        target,
        weapon: usize::MAX,
        kind: AttackKind::Normal,
        level: Outcome::Success,
        natural: 0,
        effect: HitEffect::Ability(i),
    };
    if next_interceptor(b, &hit, 0).is_none() {
        return Ok(false);
    }
    let c = super::magic_check(b, caster);
    let (level, natural) = super::maneuvers::roll_natural(b, caster, CheckPurpose::Resist, &c)?;
    hit.level = level;
    hit.natural = natural;
    // A failed Magic check cannot win against anybody: nothing to intercept (as a miss).
    b.stack.push(if level.is_success() {
        FlowFrame::OfferIntercept { hit, from: 0 }.into()
    } else {
        FlowFrame::Resist(hit).into()
    });
    Ok(true)
}

/// The target of a save spell resists the caster's Magic check already rolled
/// (`hit.level`): its named skill, the contest (ties to the target), then the spell's
/// effects when it loses, its `on_miss` when it wins (as `Ruleset::ability_save` would).
pub(crate) fn resist_save(b: &mut Battle, hit: Hit) -> Result<(), ForcedFaceError> {
    let HitEffect::Ability(i) = hit.effect else {
        return Ok(());
    };
    let Some(Resolve::Save { stat, .. }) = b.ability(hit.attacker, i).map(|a| a.resolve) else {
        return Ok(());
    };
    if b.entity(hit.target).is_none() {
        return Ok(());
    }
    let p = super::resist_check(b, hit.target, stat);
    let lp = super::maneuvers::roll(b, hit.target, CheckPurpose::Resist, &p)?;
    let wins = active_wins(hit.level, lp);
    b.emit(Event::Contest {
        purpose: CheckPurpose::Resist,
        active: hit.attacker,
        passive: hit.target,
        active_wins: wins,
    });
    b.stack.push(Frame::Effects {
        caster: hit.attacker,
        ability: i,
        target: hit.target,
        landed: wins,
        mult: 1,
        from: 0,
        asked: false,
    });
    Ok(())
}

/// Resolve an Intercept (RP already paid): move (to the chosen cell `at`, else the
/// engine's), maybe swap, roll Agility against the attack (a save spell: the caster's
/// Magic check); the winner of the opposed check decides who takes the damage (a save
/// spell: the interceptor takes its full effects, no save; losing, the ally still
/// resists it).
pub(crate) fn resolve_intercept(
    b: &mut Battle,
    r: UnitId,
    hit: Hit,
    swap: bool,
    at: Option<Cell>,
) -> Result<(), ForcedFaceError> {
    // A save spell does not crit: its effects land once.
    let mult = if hit.level == Outcome::Critical && !is_save_hit(b, &hit) {
        2
    } else {
        1
    };
    let plan = match at {
        Some(to) => intercept_plan_to(b, r, &hit, swap, to),
        None => intercept_plan(b, r, &hit, swap),
    };
    let Some((path, dest, ally_to)) = plan else {
        let f = unintercepted(b, hit, mult);
        b.stack.push(f);
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
        let f = unintercepted(b, hit, mult);
        b.stack.push(f);
    }
    Ok(())
}
