//! tactical-d20 movement: the geometry of Dash, Charge, Jump, Overrun, Push and Tumble,
//! and carrying out leaps, overrun saves, stepping aside and Pursuit.

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, UnitId, WeaponKind, WeaponTag};
use crate::dice::{ForcedFaceError, ModKind, Modifier};
use crate::engine::{Frame, Illegal, MoveMode, Window};
use crate::event::{CheckPurpose, Event, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;
use crate::level::Terrain;

use super::budget::speed;
use super::checks::{Save, Skill, check_event, d20, save, skill};
use super::conditions::{add, can_react, cannot, named};
use super::{Gate, Leg, TacticalD20Frame};

fn standable_free(b: &Battle, c: Cell, except: Option<UnitId>) -> bool {
    b.grid().contains(c) && b.terrain(c).standable() && b.unit_at(c, except).is_none()
}

/// A straight line of steps from `from` to `to`, if every step is to an adjacent cell.
fn straight(b: &Battle, from: Cell, to: Cell) -> Vec<Cell> {
    b.grid().line(from, to)
}

/// The path of a Dash: a straight line of up to double speed, or any path of up to
/// one-and-a-half speed; never in difficult terrain. Returns the path and whether it is
/// straight.
pub fn dash_path(b: &Battle, u: UnitId, to: Cell) -> Result<(Vec<Cell>, bool), Illegal> {
    let from = b.pos(u);
    let line = dash_line(b, u, to)?;
    if straight_clear(b, u, &line) {
        return Ok((line, true));
    }
    let sp = speed(b, u);
    let budget = sp * 3 / 2;
    let cost = |c: Cell| -> Option<u32> {
        match b.terrain(c) {
            Terrain::Floor | Terrain::High => {}
            _ => return None,
        }
        match b.unit_at(c, Some(u)) {
            Some(o) if b.enemies(u, o) => None,
            _ => Some(1),
        }
    };
    match b.grid().path(from, to, budget, cost) {
        Some((p, _)) => Ok((p, false)),
        None => Err(Illegal::OutOfReach {
            action: "Dash",
            to,
            distance: line.len() as u32 - 1,
            max: if line.len() as u32 - 1 <= 2 * sp {
                budget
            } else {
                2 * sp
            },
            why: format!(
                "double {}'s speed {sp} in a clear straight line, one and a half times it \
                 otherwise",
                named(b, u)
            ),
        }),
    }
}

/// The straight line of a Dash from the mover's cell to `to`, once the start and end
/// allow a Dash at all.
fn dash_line(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Cell>, Illegal> {
    let from = b.pos(u);
    if to == from {
        return Err(Illegal::AlreadyThere(named(b, u)));
    }
    if !b.grid().contains(to) || !b.terrain(to).standable() {
        return Err(Illegal::BadCell(to));
    }
    if b.terrain(from) == Terrain::Difficult {
        return Err(cannot(b, u, "a Dash cannot start in difficult terrain"));
    }
    if let Some(o) = b.unit_at(to, Some(u)) {
        return Err(Illegal::Occupied {
            cell: to,
            by: named(b, o),
        });
    }
    Ok(straight(b, from, to))
}

/// Is a straight dash along `line` (from the mover's cell) within double speed, over
/// open ground and past no enemy?
fn straight_clear(b: &Battle, u: UnitId, line: &[Cell]) -> bool {
    line.len() as u32 - 1 <= 2 * speed(b, u)
        && line
            .iter()
            .skip(1)
            .all(|&c| b.terrain(c) == Terrain::Floor || b.terrain(c) == Terrain::High)
        && line
            .iter()
            .skip(1)
            .all(|&c| b.unit_at(c, Some(u)).is_none_or(|o| !b.enemies(u, o)))
}

/// The cell a Charge ends on: the given one, or the nearest cell on a straight, clear
/// line of at least 2 steps from which the target is in reach (or, with no such cell
/// for a melee weapon, in range of a thrown one).
pub fn charge_landing(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    to: Option<Cell>,
) -> Result<Vec<Cell>, Illegal> {
    charge_plan(b, u, target, to).map(|(path, _)| path)
}

/// A Charge's dash and the weapon of its "single melee or thrown attack": a melee
/// weapon in hand when the target is in its reach at the end of the dash, otherwise a
/// thrown weapon in hand (a ranged weapon tagged `Thrown`) that reaches it from there
/// over a clear line. Without a cell, the nearest landing for a melee attack comes
/// first, then the nearest for a throw.
pub fn charge_plan(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    to: Option<Cell>,
) -> Result<(Vec<Cell>, usize), Illegal> {
    let reach = b
        .weapons(u)
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && b.in_hand(u, *i)
        })
        .map(|(_, w)| w.reach.max(b.size(u).reach()))
        .max();
    let thrown: Vec<usize> = (0..b.weapons(u).len())
        .filter(|&i| {
            let w = &b.weapons(u)[i];
            w.kind == WeaponKind::Ranged && w.has(WeaponTag::Thrown) && b.in_hand(u, i)
        })
        .collect();
    if reach.is_none() && thrown.is_empty() {
        return Err(cannot(
            b,
            u,
            "a Charge needs a melee or thrown weapon in hand",
        ));
    }
    let goal = b.pos(target);
    let line_ok = |c: Cell| -> Option<Vec<Cell>> {
        // Only a straight dash will do: no need to search for a way around.
        dash_line(b, u, c)
            .ok()
            .filter(|line| line.len() >= 3 && straight_clear(b, u, line))
    };
    let melee_at = |c: Cell| -> Option<(Vec<Cell>, usize)> {
        let d = b.grid().distance(c, goal);
        if reach.is_none_or(|r| d > r) {
            return None;
        }
        let w = b.best_melee(u, d)?;
        line_ok(c).map(|l| (l, w))
    };
    let throw_at = |c: Cell| -> Option<(Vec<Cell>, usize)> {
        let d = b.grid().distance(c, goal);
        let w = thrown
            .iter()
            .copied()
            .filter(|&i| {
                let w = &b.weapons(u)[i];
                d >= 1 && d <= w.range * crate::engine::MAX_RANGE_INCREMENTS
            })
            .max_by_key(|&i| {
                let w = &b.weapons(u)[i];
                (w.damage.max() + w.damage.min(), std::cmp::Reverse(i))
            })?;
        if !b.clear_line(c, goal) {
            return None;
        }
        line_ok(c).map(|l| (l, w))
    };
    match to {
        Some(c) => melee_at(c).or_else(|| throw_at(c)).ok_or_else(|| {
            cannot(
                b,
                u,
                format!(
                    "a Charge needs a clear straight dash of at least 10 ft (2 cells) to {c}, ending in reach of {} (or in range of a thrown weapon in hand)",
                    b.name(target)
                ),
            )
        }),
        None => {
            let near = |mut cands: Vec<Cell>| {
                cands.sort_by_key(|&c| (b.grid().distance(b.pos(u), c), c.y, c.x));
                cands
            };
            let melee = match reach {
                Some(r) => near(b.grid().within(goal, r))
                    .into_iter()
                    .find_map(melee_at),
                None => None,
            };
            let found = melee.or_else(|| {
                if thrown.is_empty() {
                    return None;
                }
                // The fewest range increments first, then the shortest dash.
                let mut cands = b.grid().within(b.pos(u), 2 * speed(b, u));
                cands.sort_by_key(|&c| {
                    let d = b.grid().distance(c, goal);
                    let inc = thrown
                        .iter()
                        .map(|&i| d.saturating_sub(1) / b.weapons(u)[i].range.max(1))
                        .min()
                        .unwrap_or(0);
                    (inc, b.grid().distance(b.pos(u), c), d, c.y, c.x)
                });
                cands.into_iter().find_map(throw_at)
            });
            found.ok_or_else(|| {
                cannot(
                    b,
                    u,
                    format!(
                        "no clear straight line of at least 10 ft (2 cells) ends in reach of {} (or in range of a thrown weapon in hand)",
                        b.name(target)
                    ),
                )
            })
        }
    }
}

/// The legs of a Jump: a straight line over pits (5 ft across each: DC +5) and low walls
/// (5 ft up: DC +10), after a run-up of at least 2 cells.
pub fn jump_legs(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Leg>, Illegal> {
    let from = b.pos(u);
    if !b.grid().contains(to) || !b.terrain(to).standable() || b.unit_at(to, Some(u)).is_some() {
        return Err(Illegal::BadCell(to));
    }
    let line = straight(b, from, to);
    if line.len() as u32 - 1 > 2 * speed(b, u) {
        return Err(Illegal::OutOfReach {
            action: "Jump",
            to,
            distance: line.len() as u32 - 1,
            max: 2 * speed(b, u),
            why: format!("double {}'s speed {}", named(b, u), speed(b, u)),
        });
    }
    let mut legs = vec![Leg {
        gate: Gate::None,
        path: vec![from],
    }];
    let mut dc = 0;
    for &c in line.iter().skip(1) {
        match b.terrain(c) {
            Terrain::Pit => dc += 5,
            Terrain::Low => dc += 10,
            Terrain::Floor | Terrain::High => {
                if b.unit_at(c, Some(u)).is_some() {
                    return Err(Illegal::Occupied {
                        cell: c,
                        by: b
                            .unit_at(c, Some(u))
                            .map(|o| named(b, o))
                            .unwrap_or_default(),
                    });
                }
                if dc > 0 {
                    let takeoff = *legs.last().and_then(|l| l.path.last()).unwrap_or(&from);
                    legs.push(Leg {
                        gate: Gate::Jump { dc: 5 + dc },
                        path: vec![takeoff],
                    });
                    dc = 0;
                }
                if let Some(l) = legs.last_mut() {
                    l.path.push(c);
                }
            }
            Terrain::Difficult => {
                return Err(cannot(b, u, "a Jump's dash cannot cross difficult terrain"));
            }
            Terrain::Wall => return Err(cannot(b, u, "a wall is in the way")),
        }
    }
    if legs.len() < 2 {
        return Err(cannot(
            b,
            u,
            "nothing to jump over on that line (a pit or a low wall)",
        ));
    }
    if legs[0].path.len() < 3 {
        return Err(cannot(
            b,
            u,
            "a Jump needs a straight run-up of at least 10 ft (2 cells)",
        ));
    }
    Ok(legs)
}

/// The legs of an Overrun: a straight dash through creatures, after a run-up of 2 cells.
pub fn overrun_legs(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Leg>, Illegal> {
    let from = b.pos(u);
    if !b.grid().contains(to) || !b.terrain(to).standable() || b.unit_at(to, Some(u)).is_some() {
        return Err(Illegal::BadCell(to));
    }
    let line = straight(b, from, to);
    if line.len() as u32 - 1 > 2 * speed(b, u) {
        return Err(Illegal::OutOfReach {
            action: "Overrun",
            to,
            distance: line.len() as u32 - 1,
            max: 2 * speed(b, u),
            why: format!("double {}'s speed {}", named(b, u), speed(b, u)),
        });
    }
    let mut legs = vec![Leg {
        gate: Gate::None,
        path: vec![from],
    }];
    for &c in line.iter().skip(1) {
        if !matches!(b.terrain(c), Terrain::Floor | Terrain::High) {
            return Err(cannot(
                b,
                u,
                format!("{c} is not open ground for an Overrun"),
            ));
        }
        match b.unit_at(c, Some(u)) {
            Some(v) => {
                let takeoff = *legs.last().and_then(|l| l.path.last()).unwrap_or(&from);
                legs.push(Leg {
                    gate: Gate::Overrun { victim: v },
                    path: vec![takeoff],
                });
            }
            None => {
                if let Some(l) = legs.last_mut() {
                    l.path.push(c);
                }
            }
        }
    }
    if legs.len() < 2 {
        return Err(cannot(b, u, "nobody stands on that line to overrun"));
    }
    if legs[0].path.len() < 3 {
        return Err(cannot(
            b,
            u,
            "an Overrun needs a straight run-up of at least 10 ft (2 cells)",
        ));
    }
    Ok(legs)
}

/// The cells a Push moves the target along: straight away from the pusher, up to half
/// the pusher's speed (or `distance`), stopping at anything in the way.
pub fn push_path(b: &Battle, u: UnitId, t: UnitId, distance: Option<u32>) -> Vec<Cell> {
    let max = distance.unwrap_or(u32::MAX).min((speed(b, u) / 2).max(1));
    let mut out = Vec::new();
    let (mut back, mut at) = (b.pos(u), b.pos(t));
    for _ in 0..max {
        let next = b.grid().opposite(back, at);
        if b.grid().distance(at, next) != 1 || !standable_free(b, next, None) {
            break;
        }
        out.push(next);
        back = at;
        at = next;
    }
    out
}

/// Threatening foes of `u` (for Concentrate and Tumble DCs) at a cell.
fn threatening_foes(b: &Battle, u: UnitId, cells: &[Cell]) -> Vec<UnitId> {
    b.units()
        .filter(|&o| b.enemies(o, u) && cells.iter().any(|&c| b.threatens(o, c)))
        .collect()
}

/// The path of a Tumble (half speed) and its DC: 5 + 5 per foe threatening the path.
pub fn tumble_plan(b: &Battle, u: UnitId, to: Cell) -> Result<(Vec<Cell>, i32), Illegal> {
    if to == b.pos(u) {
        return Err(Illegal::AlreadyThere(named(b, u)));
    }
    if !b.grid().contains(to) || !b.terrain(to).standable() {
        return Err(Illegal::BadCell(to));
    }
    if let Some(o) = b.unit_at(to, Some(u)) {
        return Err(Illegal::Occupied {
            cell: to,
            by: named(b, o),
        });
    }
    let half = speed(b, u) / 2;
    let (path, _) = b
        .level()
        .grid
        .path(b.pos(u), to, half.max(1), b.mover_cost(u))
        .ok_or_else(|| Illegal::OutOfReach {
            action: "Tumble",
            to,
            distance: b.grid().distance(b.pos(u), to),
            max: half,
            why: format!("half of {}'s speed {}", named(b, u), speed(b, u)),
        })?;
    let foes = threatening_foes(b, u, &path);
    Ok((path, 5 + 5 * foes.len() as i32))
}

/// The DC of Concentrate: 5 + 5 per foe threatening the unit.
pub fn concentrate_dc(b: &Battle, u: UnitId) -> i32 {
    5 + 5 * threatening_foes(b, u, &[b.pos(u)]).len() as i32
}

/// Pursuit: move up to half speed toward the target, stopping next to it.
pub(crate) fn pursue(b: &mut Battle, u: UnitId, target: UnitId) {
    if !b.alive(u) || !b.alive(target) {
        return;
    }
    let half = (speed(b, u) / 2).max(1);
    let goal = b.pos(target);
    let field = b.level().grid.field(b.pos(u), half, b.mover_cost(u));
    let best = field
        .iter()
        .filter(|(c, _)| b.unit_at(*c, Some(u)).is_none())
        .min_by_key(|(c, (cost, _))| {
            let manhattan = (c.x - goal.x).abs() + (c.y - goal.y).abs();
            (b.grid().distance(*c, goal), *cost, manhattan, c.y, c.x)
        })
        .map(|(c, _)| c);
    if let Some(to) = best
        && to != b.pos(u)
        && let Some((path, _)) = crate::grid::path_from_field(&field, b.pos(u), to)
    {
        b.stack.push(Frame::Move {
            unit: u,
            path,
            next: 1,
            mode: MoveMode::Quiet,
        });
    }
}

pub(super) fn step_aside(b: &mut Battle, v: UnitId, ahead: &[Cell]) -> bool {
    let here = b.pos(v);
    let spot = b
        .grid()
        .neighbours(here)
        .into_iter()
        .find(|&c| !ahead.contains(&c) && standable_free(b, c, None));
    match spot {
        Some(to) => {
            b.emit(Event::Displaced {
                unit: v,
                from: here,
                to,
            });
            true
        }
        None => false,
    }
}

/// The legs of a jump or overrun, one gate at a time.
pub(crate) fn leap(
    b: &mut Battle,
    u: UnitId,
    legs: Vec<Leg>,
    index: usize,
) -> Result<(), ForcedFaceError> {
    let Some(leg) = legs.get(index).cloned() else {
        return Ok(());
    };
    if !b.alive(u) || leg.path.first() != Some(&b.pos(u)) {
        return Ok(());
    }
    let ahead: Vec<Cell> = legs[index..]
        .iter()
        .flat_map(|l| l.path.iter().copied())
        .collect();
    let go = |b: &mut Battle| {
        b.stack.push(
            TacticalD20Frame::Leap {
                unit: u,
                legs: legs.clone(),
                index: index + 1,
            }
            .into(),
        );
        if leg.path.len() > 1 {
            b.stack.push(Frame::Move {
                unit: u,
                path: leg.path.clone(),
                next: 1,
                mode: MoveMode::Dash { exempt: None },
            });
        }
    };
    match leg.gate {
        Gate::None => go(b),
        Gate::Jump { dc } => {
            let Ok(mut m) = skill(b, u, Skill::Athletics) else {
                return Ok(());
            };
            m.push(Modifier::new(ModKind::Other, "after a dash", 2));
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Jump, roll, dc) {
                go(b);
            } else {
                add(b, u, ConditionKind::Prone, Duration::UntilRemoved, None);
            }
        }
        Gate::Overrun { victim } => {
            let cell = leg.path.get(1).copied();
            let blocking = b.alive(victim)
                && cell.is_some_and(|c| {
                    let line = b.grid().line(leg.path[0], c);
                    line.contains(&b.pos(victim))
                });
            if !blocking {
                go(b);
                return Ok(());
            }
            let Ok(mut m) = skill(b, u, Skill::Athletics) else {
                return Ok(());
            };
            m.push(Modifier::new(ModKind::Other, "after a dash", 2));
            let roll = d20(b, u, &m)?;
            let total = roll.total;
            b.emit(Event::Check {
                unit: u,
                purpose: CheckPurpose::Overrun,
                roll,
                target_number: 0,
                outcome: Outcome::Success,
            });
            // Continue once the victim is dealt with.
            go(b);
            let save_frame: Frame = TacticalD20Frame::OverrunSave {
                unit: u,
                victim,
                check: total,
                ahead: ahead.clone(),
            }
            .into();
            let room = b
                .grid()
                .neighbours(b.pos(victim))
                .into_iter()
                .any(|c| !ahead.contains(&c) && standable_free(b, c, None));
            if can_react(b, victim) && room {
                b.open_window(Window {
                    reactor: victim,
                    trigger: Trigger::Overrun { by: u },
                    options: vec![ReactionKind::StepAside],
                    hit: None,
                    on_decline: vec![save_frame],
                });
            } else {
                b.stack.push(save_frame);
            }
        }
    }
    Ok(())
}

/// An overrun victim that did not step aside: its Reflex save against the check moves it
/// out of the way; failing it, it is knocked prone.
pub(crate) fn overrun_save(
    b: &mut Battle,
    u: UnitId,
    victim: UnitId,
    check: i32,
    ahead: &[Cell],
) -> Result<(), ForcedFaceError> {
    if !b.alive(victim) {
        return Ok(());
    }
    let m = save(b, victim, Save::Reflex);
    let roll = d20(b, victim, &m)?;
    let ok = check_event(b, victim, CheckPurpose::Overrun, roll, check);
    b.emit(Event::Contest {
        purpose: CheckPurpose::Overrun,
        active: u,
        passive: victim,
        active_wins: !ok,
    });
    if !(ok && step_aside(b, victim, ahead)) {
        add(
            b,
            victim,
            ConditionKind::Prone,
            Duration::UntilRemoved,
            Some(u),
        );
    }
    Ok(())
}
