//! `flow` special actions (Take a Step, Feint, Shove, Grapple, Disarm, Draw/Sheathe,
//! Flow State, Total Defense, Tumble Through, standing up, Ready Action): their AP cost and
//! names, who may act and move, and their checks (`check_own`, `check_common`: pure;
//! `Ruleset::check_action` in `rules.rs` picks one); with the condition helpers, the end of
//! a grapple and the landed Disarm, which `combat.rs` also calls. Interpretations are in
//! `docs/rules/flow.md`.

use crate::battle::Battle;
use crate::components::{Carried, ConditionKind, Duration, Once, Size, UnitId, WeaponKind};
use crate::engine::{
    Action, CommonAction, Frame, Hit, Illegal, ReadyResponse, ReadyTrigger, Window,
};

use super::FlowAction;
use super::FlowFrame;
use crate::event::{Event, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;

use super::combat as flow;

/// AP cost of each special action (0 for another ruleset's: `check` refuses those).
pub fn cost(a: &Action) -> i32 {
    match a {
        // Draw, Sheathe, Pick Up, Stand Up.
        Action::Common(_) => 1,
        Action::Flow(f) => flow_cost(f),
        // Another ruleset's actions are paid its own way, not with AP.
        _ => 0,
    }
}

/// AP cost of each of flow's own special actions.
pub fn flow_cost(a: &FlowAction) -> i32 {
    match a {
        FlowAction::Step { .. }
        | FlowAction::Feint { .. }
        | FlowAction::Shove { .. }
        | FlowAction::FlowState
        | FlowAction::Tumble { .. } => 1,
        FlowAction::Grapple { .. } | FlowAction::Disarm { .. } => 2,
        FlowAction::TotalDefense => 3,
        FlowAction::BreakFree
        | FlowAction::Release
        | FlowAction::Ready { .. }
        | FlowAction::Drop { .. } => 0,
    }
}

/// May the unit move on its own (Move, Take a Step, Tumble Through)?
pub fn may_move(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    let why = |condition, why| {
        Err(Illegal::Condition {
            unit: b.name(u).into(),
            condition,
            why,
        })
    };
    if b.has(u, ConditionKind::Prone) {
        return why("prone", "stand up first (1 AP)");
    }
    if b.has(u, ConditionKind::Grappled) {
        return why("grappled", "it cannot move; it may try to break free");
    }
    if b.has(u, ConditionKind::Grappling) {
        return why(
            "grappling",
            "neither side of a grapple moves; release first",
        );
    }
    Ok(())
}

/// May the unit take actions at all (a grappled unit may only try to break free)?
pub fn may_act(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    if b.has(u, ConditionKind::Grappled) {
        return Err(Illegal::Condition {
            unit: b.name(u).into(),
            condition: "grappled",
            why: "it can only try to break free",
        });
    }
    Ok(())
}

fn need_ap(b: &Battle, u: UnitId, n: i32) -> Result<(), Illegal> {
    if b.ap(u) < n {
        return Err(Illegal::NotEnoughAp {
            unit: b.name(u).into(),
            need: n,
            have: b.ap(u),
        });
    }
    Ok(())
}

fn enemy_target(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    b.unit_checked(t)?;
    if u == t {
        return Err(Illegal::SelfTarget);
    }
    if !b.alive(t) {
        return Err(Illegal::Down(b.name(t).into()));
    }
    if !b.enemies(u, t) {
        return Err(Illegal::Ally(b.name(t).into()));
    }
    Ok(())
}

fn adjacent(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    if b.grid().distance(b.pos(u), b.pos(t)) != 1 {
        return Err(Illegal::NotAdjacent {
            unit: b.name(u).into(),
            target: b.name(t).into(),
        });
    }
    Ok(())
}

fn not_larger(b: &Battle, u: UnitId, t: UnitId, action: &'static str) -> Result<(), Illegal> {
    if b.size(t) > b.size(u) {
        return Err(Illegal::TooLarge {
            target: b.name(t).into(),
            action,
        });
    }
    Ok(())
}

fn once(b: &Battle, u: UnitId, used: bool, action: &'static str) -> Result<(), Illegal> {
    if used {
        return Err(Illegal::OncePerRound {
            unit: b.name(u).into(),
            action,
        });
    }
    Ok(())
}

/// A cell a unit can be put on: on the map, not a wall, nobody (else) standing there.
pub fn open_cell(b: &Battle, c: Cell, except: Option<UnitId>) -> bool {
    b.grid().contains(c) && b.terrain(c).standable() && b.unit_at(c, except).is_none()
}

/// The item a Disarm takes by default: the weapon the target fights with, else the first
/// thing in its hands.
pub fn default_disarm_item(b: &Battle, t: UnitId) -> Option<usize> {
    b.best_melee(t, 1).or_else(|| {
        (0..b.weapons(t).len())
            .filter(|&i| b.held(t, i))
            .find(|&i| b.weapons(t)[i].kind == WeaponKind::Ranged)
            .or_else(|| (0..b.weapons(t).len()).find(|&i| b.held(t, i)))
    })
}

/// The item a Drop lets fall: the named one, else the first item in hand that can leave
/// it (a natural weapon cannot).
pub fn drop_item(b: &Battle, u: UnitId, item: Option<usize>) -> Option<usize> {
    item.or_else(|| {
        (0..b.weapons(u).len())
            .find(|&i| b.held(u, i) && !b.weapons(u)[i].has(crate::components::WeaponTag::Natural))
    })
}

/// The cell a Tumble Through lands on: straight through the enemy's cell.
pub fn tumble_landing(b: &Battle, u: UnitId, through: UnitId) -> Cell {
    b.grid().opposite(b.pos(u), b.pos(through))
}

/// Draw, Sheathe, Pick Up, Stand Up: 1 AP each, none while grappled.
pub(super) fn check_common(b: &Battle, u: UnitId, a: &CommonAction) -> Result<(), Illegal> {
    may_act(b, u)?;
    need_ap(b, u, 1)?;
    match *a {
        CommonAction::Draw { item } | CommonAction::Sheathe { item } => {
            let w = b.weapons(u).get(item).ok_or(Illegal::NoItem {
                unit: b.name(u).into(),
                item,
            })?;
            let state = b.carried(u, item);
            let draw = matches!(a, CommonAction::Draw { .. });
            match (draw, state) {
                (_, Some(Carried::Gone)) | (_, None) => {
                    return Err(Illegal::ItemState {
                        unit: b.name(u).into(),
                        item: w.name.clone(),
                        state: "lost",
                    });
                }
                (true, Some(Carried::Held)) => {
                    return Err(Illegal::ItemState {
                        unit: b.name(u).into(),
                        item: w.name.clone(),
                        state: "already in hand",
                    });
                }
                (false, Some(Carried::Stowed)) => {
                    return Err(Illegal::ItemState {
                        unit: b.name(u).into(),
                        item: w.name.clone(),
                        state: "already stowed",
                    });
                }
                _ => {}
            }
            if draw && b.free_hands(u) < w.hands() {
                return Err(Illegal::Hands {
                    unit: b.name(u).into(),
                    need: w.hands(),
                    free: b.free_hands(u),
                });
            }
        }
        CommonAction::PickUp if !b.ground().iter().any(|(c, _)| *c == b.pos(u)) => {
            return Err(Illegal::NothingHere(b.pos(u)));
        }
        CommonAction::StandUp if !b.has(u, ConditionKind::Prone) => {
            return Err(Illegal::NotInCondition {
                unit: b.name(u).into(),
                condition: "prone",
            });
        }
        _ => {}
    }
    Ok(())
}

/// One of flow's own special actions.
pub fn check_own(b: &Battle, u: UnitId, a: &FlowAction) -> Result<(), Illegal> {
    match *a {
        FlowAction::BreakFree => {
            if !b.has(u, ConditionKind::Grappled) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(u).into(),
                    condition: "grappled",
                });
            }
            // A hold with nobody holding (a condition without its source) cannot be
            // contested: the action would do nothing, so it is refused.
            if b.condition_source(u, ConditionKind::Grappled).is_none() {
                return Err(Illegal::Condition {
                    unit: b.name(u).into(),
                    condition: "grappled",
                    why: "nobody holds it, so there is no one to break free from",
                });
            }
            return once(b, u, b.used(u, Once::BreakFree), "Break Free");
        }
        FlowAction::Release => {
            if !b.has(u, ConditionKind::Grappling) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(u).into(),
                    condition: "grappling anyone",
                });
            }
            if b.condition_source(u, ConditionKind::Grappling).is_none() {
                return Err(Illegal::Condition {
                    unit: b.name(u).into(),
                    condition: "grappling",
                    why: "it holds nobody, so there is no one to release",
                });
            }
            return Ok(());
        }
        _ => may_act(b, u)?,
    }
    need_ap(b, u, flow_cost(a))?;
    match *a {
        FlowAction::Step { to } => {
            may_move(b, u)?;
            once(b, u, b.used(u, Once::Step), "Take a Step")?;
            if !b.grid().contains(to) || !b.terrain(to).standable() {
                return Err(Illegal::BadCell(to));
            }
            if b.grid().distance(b.pos(u), to) != 1 {
                return Err(Illegal::OutOfReach {
                    action: "Take a Step",
                    to,
                    distance: b.grid().distance(b.pos(u), to),
                    max: 1,
                    why: "an adjacent cell".into(),
                });
            }
            if let Some(o) = b.unit_at(to, Some(u)) {
                return Err(Illegal::Occupied {
                    cell: to,
                    by: b.name(o).into(),
                });
            }
        }
        FlowAction::Feint { target } => {
            enemy_target(b, u, target)?;
            once(b, u, b.used(u, Once::Feint), "Feint")?;
            let dist = b.grid().distance(b.pos(u), b.pos(target));
            if b.best_melee(u, dist).is_none() {
                return Err(Illegal::NoWeapon {
                    unit: b.name(u).into(),
                    target: b.name(target).into(),
                    why: "a feint needs the target within melee reach".into(),
                });
            }
        }
        FlowAction::Shove { target, .. } => {
            enemy_target(b, u, target)?;
            once(b, u, b.used(u, Once::Shove), "Shove")?;
            adjacent(b, u, target)?;
            not_larger(b, u, target, "Shove")?;
        }
        FlowAction::Grapple { target } => {
            enemy_target(b, u, target)?;
            adjacent(b, u, target)?;
            not_larger(b, u, target, "Grapple")?;
            if b.has(u, ConditionKind::Grappling) {
                return Err(Illegal::Condition {
                    unit: b.name(u).into(),
                    condition: "grappling",
                    why: "one grapple at a time",
                });
            }
            if b.has(target, ConditionKind::Grappled) {
                return Err(Illegal::Condition {
                    unit: b.name(target).into(),
                    condition: "grappled",
                    why: "someone already holds it",
                });
            }
        }
        FlowAction::Disarm { target, item, send } => {
            enemy_target(b, u, target)?;
            not_larger(b, u, target, "Disarm")?;
            let dist = b.grid().distance(b.pos(u), b.pos(target));
            if b.best_melee(u, dist).is_none() {
                return Err(Illegal::NoWeapon {
                    unit: b.name(u).into(),
                    target: b.name(target).into(),
                    why: "a disarm needs the target within melee reach".into(),
                });
            }
            match item {
                Some(i) => {
                    let w = b.weapons(target).get(i).ok_or(Illegal::NoItem {
                        unit: b.name(target).into(),
                        item: i,
                    })?;
                    if !b.held(target, i) {
                        return Err(Illegal::ItemState {
                            unit: b.name(target).into(),
                            item: w.name.clone(),
                            state: "not in hand",
                        });
                    }
                }
                None => {
                    if default_disarm_item(b, target).is_none() {
                        return Err(Illegal::ItemState {
                            unit: b.name(target).into(),
                            item: "hands".into(),
                            state: "empty",
                        });
                    }
                }
            }
            if let Some(c) = send {
                if !b.grid().contains(c) || !b.terrain(c).standable() {
                    return Err(Illegal::BadCell(c));
                }
                let d = b.grid().distance(b.pos(target), c);
                if d > 4 {
                    return Err(Illegal::OutOfReach {
                        action: "Disarm",
                        to: c,
                        distance: d,
                        max: 4,
                        why: format!("cells from {} for the item sent", b.name(target)),
                    });
                }
            }
        }
        FlowAction::Drop { item } => {
            let Some(i) = drop_item(b, u, item) else {
                return Err(Illegal::ItemState {
                    unit: b.name(u).into(),
                    item: "hands".into(),
                    state: "empty",
                });
            };
            let w = b.weapons(u).get(i).ok_or(Illegal::NoItem {
                unit: b.name(u).into(),
                item: i,
            })?;
            if w.has(crate::components::WeaponTag::Natural) {
                return Err(Illegal::ItemState {
                    unit: b.name(u).into(),
                    item: w.name.clone(),
                    state: "part of its body",
                });
            }
            if !b.held(u, i) {
                return Err(Illegal::ItemState {
                    unit: b.name(u).into(),
                    item: w.name.clone(),
                    state: "not in hand",
                });
            }
        }
        FlowAction::FlowState => once(b, u, b.used(u, Once::FlowState), "Flow State")?,
        FlowAction::TotalDefense => {}
        FlowAction::Tumble { through } => {
            may_move(b, u)?;
            enemy_target(b, u, through)?;
            adjacent(b, u, through)?;
            if b.size(through) > Size::Medium {
                return Err(Illegal::TooLarge {
                    target: b.name(through).into(),
                    action: "Tumble Through",
                });
            }
            let land = tumble_landing(b, u, through);
            if !open_cell(b, land, Some(u)) {
                return Err(Illegal::NoRoom(land));
            }
        }
        FlowAction::Ready {
            trigger, response, ..
        } => {
            let no_weapon = |why: &str| Illegal::NoWeapon {
                unit: b.name(u).into(),
                target: "anyone".into(),
                why: why.into(),
            };
            match trigger {
                // Reach is what the trigger watches: no reach, no trigger.
                ReadyTrigger::EnemyEntersReach if b.threat_reach(u) == 0 => {
                    return Err(no_weapon("it holds no melee weapon"));
                }
                ReadyTrigger::EnemyWithin { cells: 0 } | ReadyTrigger::EnemyCasts { cells: 0 } => {
                    return Err(Illegal::Cannot {
                        unit: b.name(u).into(),
                        why: "an enemy within 0 cells would stand on it; name 1 or more".into(),
                    });
                }
                _ => {}
            }
            match response {
                ReadyResponse::Attack => {
                    need_ap(b, u, flow::ATTACK_AP)?;
                    let ranged = (0..b.weapons(u).len())
                        .any(|i| b.held(u, i) && b.weapons(u)[i].kind == WeaponKind::Ranged);
                    if b.threat_reach(u) == 0 && !ranged {
                        return Err(no_weapon("it holds no weapon"));
                    }
                }
                ReadyResponse::Move { to } => {
                    may_move(b, u)?;
                    need_ap(b, u, 1)?;
                    if !b.grid().contains(to) || !b.terrain(to).standable() || to == b.pos(u) {
                        return Err(Illegal::BadCell(to));
                    }
                }
                ReadyResponse::Shove { .. } => {
                    need_ap(b, u, 1)?;
                    once(b, u, b.used(u, Once::Shove), "Shove")?;
                }
                ReadyResponse::Grapple | ReadyResponse::Disarm => need_ap(b, u, 2)?,
                // "Attacking/Casting a Spell: 2 AP": a spell, class ability, potion or item
                // the unit could use now (known, a use left, its AP); aimed when it fires.
                ReadyResponse::Power { ability } => super::casting::check_cast(b, u, ability)?,
                ReadyResponse::SwitchStance
                | ReadyResponse::Defend
                | ReadyResponse::Assist { .. } => {
                    return Err(Illegal::Cannot {
                        unit: b.name(u).into(),
                        why: "flow readies an attack, a move, a shove, a grapple, a disarm or \
                              an ability (a spell, a potion, an item)"
                            .into(),
                    });
                }
            }
        }
        FlowAction::BreakFree | FlowAction::Release => {}
    }
    Ok(())
}

pub(super) fn add(
    b: &mut Battle,
    u: UnitId,
    kind: ConditionKind,
    duration: Duration,
    source: Option<UnitId>,
) {
    b.emit(Event::ConditionAdded {
        unit: u,
        kind,
        duration,
        source,
    });
}

fn remove(b: &mut Battle, u: UnitId, kind: ConditionKind) {
    if b.has(u, kind) {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind,
            source: None,
        });
    }
}

/// End any grapple the unit is part of (broken free, released, down, pushed apart).
pub(crate) fn end_grapple(b: &mut Battle, u: UnitId) {
    for (mine, theirs) in [
        (ConditionKind::Grappling, ConditionKind::Grappled),
        (ConditionKind::Grappled, ConditionKind::Grappling),
    ] {
        if let Some(other) = b.condition_source(u, mine) {
            remove(b, u, mine);
            remove(b, other, theirs);
        }
    }
}

/// A unit goes down: feints on it and its own feints on others lapse (nobody is left to
/// attack, or to make the attack).
pub(crate) fn clear_feints(b: &mut Battle, u: UnitId) {
    let mut lapse = Vec::new();
    for o in b.units().collect::<Vec<_>>() {
        if let Some(c) = b.get::<crate::components::Conditions>(o) {
            for c in c.0.iter().filter(|c| c.kind == ConditionKind::Feinted) {
                if o == u || c.source == Some(u) {
                    lapse.push((o, c.source));
                }
            }
        }
    }
    for (unit, source) in lapse {
        b.emit(Event::ConditionRemoved {
            unit,
            kind: ConditionKind::Feinted,
            source,
        });
    }
}

/// A landed Disarm: the target drops the item. Normal success: it lands next to the
/// target, on the free cell the target chooses (a window; declined: the one farthest
/// from the attacker). Hard/Major/
/// Critical: the attacker takes it (with a free hand) or sends it up to 2/3/4 cells
/// from the target.
pub(crate) fn resolve_disarm(b: &mut Battle, hit: &Hit, item: usize, send: Option<Cell>) {
    let (u, t) = (hit.attacker, hit.target);
    if !b.held(t, item) {
        return;
    }
    let Some(w) = b.weapons(t).get(item).cloned() else {
        return;
    };
    let grid = b.grid();
    let reach = match hit.level {
        Outcome::Hard => 2,
        Outcome::Major => 3,
        Outcome::Critical => 4,
        _ => 0,
    };
    if reach > 0 {
        match send {
            Some(c) if grid.distance(b.pos(t), c) <= reach && open_cell(b, c, Some(t)) => {
                b.emit(Event::ItemDropped {
                    unit: t,
                    item,
                    weapon: w,
                    cell: c,
                });
                return;
            }
            None if b.free_hands(u) >= w.hands() => {
                b.emit(Event::ItemTaken {
                    unit: u,
                    from: t,
                    item,
                });
                return;
            }
            _ => {}
        }
    }
    // "Normal Success: Item lands in adjacent hex (target's choice)": the target is asked
    // when there is more than one free neighbour; declining takes the one farthest from
    // the disarmer (then the lowest cell).
    let cells = landing_cells(b, t, u);
    let Some(&cell) = cells.first() else {
        b.emit(Event::ItemDropped {
            unit: t,
            item,
            weapon: w,
            cell: b.pos(t),
        });
        return;
    };
    let land: Frame = FlowFrame::Land {
        unit: t,
        item,
        cell,
    }
    .into();
    if cells.len() == 1 {
        b.push_frame(land);
        return;
    }
    b.open_window(Window {
        reactor: t,
        trigger: Trigger::Disarmed { by: u },
        options: cells.into_iter().map(ReactionKind::LandAt).collect(),
        hit: None,
        on_decline: vec![land],
    });
}

/// The free cells next to a disarmed `t` its item may land on, the default first (the
/// farthest from the disarmer `by`, then the lowest cell).
pub fn landing_cells(b: &Battle, t: UnitId, by: UnitId) -> Vec<Cell> {
    let grid = b.grid();
    let (here, att) = (b.pos(t), b.pos(by));
    let mut cells: Vec<Cell> = grid
        .neighbours(here)
        .into_iter()
        .filter(|&c| open_cell(b, c, None))
        .collect();
    cells.sort_by_key(|&c| (std::cmp::Reverse(grid.distance(c, att)), c));
    cells
}

/// A disarmed item lands (the target's chosen cell, or the default).
pub(crate) fn land(b: &mut Battle, t: UnitId, item: usize, cell: Cell) {
    if !b.held(t, item) {
        return;
    }
    let Some(w) = b.weapons(t).get(item).cloned() else {
        return;
    };
    b.emit(Event::ItemDropped {
        unit: t,
        item,
        weapon: w,
        cell,
    });
}
