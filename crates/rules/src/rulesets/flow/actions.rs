//! `flow` special actions (Take a Step, Feint, Shove, Grapple, Disarm, Draw/Sheathe,
//! Flow State, Total Defense, Tumble Through, standing up, Ready Action) and the
//! advanced reactions Intercept and readied attacks.
//!
//! `check` is pure; `perform` only emits events and pushes frames. Interpretations are
//! in `docs/rules/flow.md`.

use crate::battle::Battle;
use crate::components::{Carried, ConditionKind, Duration, Size, Stat, UnitId, WeaponKind};
use crate::dice::ForcedFaceError;
use crate::engine::{Action, Frame, Hit, HitEffect, Illegal, ShoveEffect};
use crate::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend, Trigger};
use crate::grid::Cell;

use super::combat::{self as flow, Check, active_wins, actor_advantage};

/// AP cost of each special action.
pub fn cost(a: &Action) -> i32 {
    match a {
        Action::Step { .. }
        | Action::Feint { .. }
        | Action::Shove { .. }
        | Action::Draw { .. }
        | Action::Sheathe { .. }
        | Action::PickUp
        | Action::FlowState
        | Action::Tumble { .. }
        | Action::StandUp => 1,
        Action::Grapple { .. } | Action::Disarm { .. } => 2,
        Action::TotalDefense => 3,
        Action::BreakFree | Action::Release | Action::Ready { .. } => 0,
        // tactical-d20 actions are paid with slots, not AP.
        _ => 0,
    }
}

/// Is it one of flow's special actions?
pub fn is_flow_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Step { .. }
            | Action::Feint { .. }
            | Action::Shove { .. }
            | Action::Grapple { .. }
            | Action::BreakFree
            | Action::Release
            | Action::Disarm { .. }
            | Action::Draw { .. }
            | Action::Sheathe { .. }
            | Action::PickUp
            | Action::FlowState
            | Action::TotalDefense
            | Action::Tumble { .. }
            | Action::StandUp
            | Action::Ready { .. }
    )
}

/// The action's name as players read it.
pub fn action_name(a: &Action) -> &'static str {
    match a {
        Action::Step { .. } => "Take a Step",
        Action::Feint { .. } => "Feint",
        Action::Shove { .. } => "Shove",
        Action::Grapple { .. } => "Grapple",
        Action::BreakFree => "Break Free",
        Action::Release => "Release",
        Action::Disarm { .. } => "Disarm",
        Action::Draw { .. } => "Draw",
        Action::Sheathe { .. } => "Sheathe",
        Action::PickUp => "Pick Up",
        Action::FlowState => "Flow State",
        Action::TotalDefense => "Total Defense",
        Action::Tumble { .. } => "Tumble Through",
        Action::StandUp => "Stand Up",
        Action::Ready { .. } => "Ready Action",
        Action::Dash { .. } => "Dash",
        Action::Charge { .. } => "Charge",
        Action::Jump { .. } => "Jump",
        Action::Overrun { .. } => "Overrun",
        Action::Defend => "Defend",
        Action::Guard => "Guard",
        Action::Assist { .. } => "Assist",
        Action::Focus { .. } => "Focus",
        Action::Trip { .. } => "Trip",
        Action::Push { .. } => "Push",
        Action::Sunder { .. } => "Sunder",
        Action::GrappleTurn { .. } => "Grapple check",
        Action::Concentrate => "Concentrate",
        Action::TumbleTo { .. } => "Tumble",
        Action::Give { .. } => "Hand Over",
        Action::Command { .. } => "Command",
        Action::Wait => "Wait",
        Action::Patch { .. } => "Patch Wound",
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

/// The cell a Tumble Through lands on: straight through the enemy's cell.
pub fn tumble_landing(b: &Battle, u: UnitId, through: UnitId) -> Cell {
    b.grid().opposite(b.pos(u), b.pos(through))
}

/// Is the special action legal now? Pure. (`acting` was checked by the caller.)
pub fn check(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    if !is_flow_action(a) {
        return Err(Illegal::NoSuchAction {
            ruleset: "flow",
            action: action_name(a),
        });
    }
    let ts = b.turn_state(u);
    match *a {
        Action::BreakFree => {
            if !b.has(u, ConditionKind::Grappled) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(u).into(),
                    condition: "grappled",
                });
            }
            return once(b, u, ts.broke_free, "Break Free");
        }
        Action::Release => {
            if !b.has(u, ConditionKind::Grappling) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(u).into(),
                    condition: "grappling anyone",
                });
            }
            return Ok(());
        }
        _ => may_act(b, u)?,
    }
    need_ap(b, u, cost(a))?;
    match *a {
        Action::Step { to } => {
            may_move(b, u)?;
            once(b, u, ts.stepped, "Take a Step")?;
            if !b.grid().contains(to) || !b.terrain(to).standable() {
                return Err(Illegal::BadCell(to));
            }
            if b.grid().distance(b.pos(u), to) != 1 {
                return Err(Illegal::TooFar {
                    unit: b.name(u).into(),
                    to,
                    cost: b.grid().distance(b.pos(u), to),
                    budget: 1,
                });
            }
            if let Some(o) = b.unit_at(to, Some(u)) {
                return Err(Illegal::Occupied {
                    cell: to,
                    by: b.name(o).into(),
                });
            }
        }
        Action::Feint { target } => {
            enemy_target(b, u, target)?;
            once(b, u, ts.feinted, "Feint")?;
            let dist = b.grid().distance(b.pos(u), b.pos(target));
            if b.best_melee(u, dist).is_none() {
                return Err(Illegal::NoWeapon {
                    unit: b.name(u).into(),
                    target: b.name(target).into(),
                    why: "a feint needs the target within melee reach".into(),
                });
            }
        }
        Action::Shove { target, .. } => {
            enemy_target(b, u, target)?;
            once(b, u, ts.shoved, "Shove")?;
            adjacent(b, u, target)?;
            not_larger(b, u, target, "Shove")?;
        }
        Action::Grapple { target } => {
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
        Action::Disarm { target, item, send } => {
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
                    return Err(Illegal::TooFar {
                        unit: b.name(u).into(),
                        to: c,
                        cost: d,
                        budget: 4,
                    });
                }
            }
        }
        Action::Draw { item } | Action::Sheathe { item } => {
            let w = b.weapons(u).get(item).ok_or(Illegal::NoItem {
                unit: b.name(u).into(),
                item,
            })?;
            let state = b.carried(u, item);
            let draw = matches!(a, Action::Draw { .. });
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
        Action::PickUp if !b.ground().iter().any(|(c, _)| *c == b.pos(u)) => {
            return Err(Illegal::NothingHere(b.pos(u)));
        }
        Action::FlowState => once(b, u, ts.flow_state, "Flow State")?,
        Action::TotalDefense => {}
        Action::Tumble { through } => {
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
        Action::StandUp if !b.has(u, ConditionKind::Prone) => {
            return Err(Illegal::NotInCondition {
                unit: b.name(u).into(),
                condition: "prone",
            });
        }
        Action::Ready { .. } => {
            need_ap(b, u, flow::ATTACK_AP)?;
            if b.threat_reach(u) == 0 {
                return Err(Illegal::NoWeapon {
                    unit: b.name(u).into(),
                    target: "anyone".into(),
                    why: "it holds no melee weapon".into(),
                });
            }
        }
        // Not flow actions: refused at the top.
        _ => {}
    }
    Ok(())
}

fn spend(b: &mut Battle, u: UnitId, amount: i32, on: Spend) {
    if amount > 0 {
        b.emit(Event::ApSpent {
            unit: u,
            amount,
            on,
        });
    }
}

/// Roll a check and log it.
fn roll(
    b: &mut Battle,
    u: UnitId,
    purpose: CheckPurpose,
    c: &Check,
) -> Result<Outcome, ForcedFaceError> {
    let (mut r, outcome) = c.roll(&mut b.dice)?;
    r.modifiers = c.target_mods.clone();
    r.total = r.natural();
    b.emit(Event::Check {
        unit: u,
        purpose,
        roll: r,
        target_number: c.target(),
        outcome,
    });
    Ok(outcome)
}

/// A Feint's opposed checks: the feinter's better of Melee and Deception against the
/// target's better of Melee and Agility.
pub fn feint_checks(b: &Battle, u: UnitId, target: UnitId) -> (Check, Check) {
    (
        best_of(b, u, Stat::Melee, Stat::Deception, true),
        best_of(b, target, Stat::Melee, Stat::Agility, false),
    )
}

/// The chance a Feint by `u` on `target` succeeds (for the AI and previews).
pub fn feint_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    let (mine, theirs) = feint_checks(b, u, target);
    flow::contest_chance(&mine, &theirs)
}

/// A Shove's opposed checks: Athletics against Athletics.
pub fn shove_checks(b: &Battle, u: UnitId, target: UnitId) -> (Check, Check) {
    (
        best_of(b, u, Stat::Athletics, Stat::Athletics, true),
        best_of(b, target, Stat::Athletics, Stat::Athletics, false),
    )
}

/// The chance a Shove by `u` on `target` succeeds (for the AI and previews).
pub fn shove_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    let (mine, theirs) = shove_checks(b, u, target);
    flow::contest_chance(&mine, &theirs)
}

/// The better of two skills as a check. The side that acts gets its own advantage
/// sources (prone, grappling); resisting is not an action and rolls plain.
fn best_of(b: &Battle, u: UnitId, a: Stat, c: Stat, acting: bool) -> Check {
    let s = b.stats(u);
    let pick = if s.get(c) > s.get(a) { c } else { a };
    let mut ch = Check::new(stat_name(pick), s.get(pick));
    if acting {
        ch.advantage += actor_advantage(b, u);
    }
    ch
}

fn stat_name(s: Stat) -> &'static str {
    match s {
        Stat::Agility => "Agility",
        Stat::Athletics => "Athletics",
        Stat::Melee => "Melee",
        Stat::Deception => "Deception",
        Stat::Endurance => "Endurance",
        Stat::Ranged => "Ranged",
        _ => "skill",
    }
}

/// An opposed check; ties go to the passive side. Returns the active side's level when
/// it wins.
fn contest(
    b: &mut Battle,
    purpose: CheckPurpose,
    active: UnitId,
    a: Check,
    passive: UnitId,
    p: Check,
) -> Result<Option<Outcome>, ForcedFaceError> {
    let la = roll(b, active, purpose, &a)?;
    let lp = roll(b, passive, purpose, &p)?;
    let wins = active_wins(la, lp);
    b.emit(Event::Contest {
        purpose,
        active,
        passive,
        active_wins: wins,
    });
    Ok(wins.then_some(la))
}

fn add(b: &mut Battle, u: UnitId, kind: ConditionKind, duration: Duration, source: Option<UnitId>) {
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

/// Carry out a checked special action.
pub(crate) fn perform(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    let grid = b.grid();
    match a {
        Action::Step { to } => {
            spend(b, u, 1, Spend::Step);
            let from = b.pos(u);
            // Provokes nothing and triggers nothing; outside the movement maximum.
            b.emit(Event::Moved {
                unit: u,
                from,
                to,
                cost: 0,
            });
        }
        Action::Feint { target } => {
            spend(b, u, 1, Spend::Feint);
            let (mine, theirs) = feint_checks(b, u, target);
            if contest(b, CheckPurpose::Feint, u, mine, target, theirs)?.is_some() {
                add(
                    b,
                    target,
                    ConditionKind::Feinted,
                    Duration::UntilRemoved,
                    Some(u),
                );
            }
        }
        Action::Shove {
            target,
            effect,
            both,
        } => {
            spend(b, u, 1, Spend::Shove);
            let (mine, theirs) = shove_checks(b, u, target);
            if let Some(level) = contest(b, CheckPurpose::Shove, u, mine, target, theirs)? {
                let both = both && level >= Outcome::Hard;
                if effect == ShoveEffect::Push || both {
                    let from = b.pos(target);
                    let to = grid.opposite(b.pos(u), from);
                    if open_cell(b, to, Some(target)) {
                        end_grapple(b, target);
                        b.emit(Event::Displaced {
                            unit: target,
                            from,
                            to,
                        });
                    }
                }
                if effect == ShoveEffect::Prone || both {
                    add(
                        b,
                        target,
                        ConditionKind::Prone,
                        Duration::UntilRemoved,
                        Some(u),
                    );
                }
            }
        }
        Action::Grapple { target } => {
            spend(b, u, flow::GRAPPLE_AP, Spend::Grapple);
            let mine = best_of(b, u, Stat::Athletics, Stat::Athletics, true);
            let theirs = best_of(b, target, Stat::Athletics, Stat::Athletics, false);
            if contest(b, CheckPurpose::Grapple, u, mine, target, theirs)?.is_some() {
                add(
                    b,
                    u,
                    ConditionKind::Grappling,
                    Duration::UntilRemoved,
                    Some(target),
                );
                add(
                    b,
                    target,
                    ConditionKind::Grappled,
                    Duration::UntilRemoved,
                    Some(u),
                );
            }
        }
        Action::BreakFree => {
            let Some(holder) = b.condition_source(u, ConditionKind::Grappled) else {
                return Ok(());
            };
            let mine = best_of(b, u, Stat::Athletics, Stat::Athletics, true);
            let theirs = best_of(b, holder, Stat::Athletics, Stat::Athletics, false);
            if contest(b, CheckPurpose::BreakFree, u, mine, holder, theirs)?.is_some() {
                end_grapple(b, u);
            }
        }
        Action::Release => end_grapple(b, u),
        Action::Disarm { target, item, send } => {
            spend(b, u, 2, Spend::Disarm);
            let dist = grid.distance(b.pos(u), b.pos(target));
            let item = item.or_else(|| default_disarm_item(b, target)).unwrap_or(0);
            if let Some(weapon) = b.best_melee(u, dist) {
                b.stack.push(Frame::Attack {
                    attacker: u,
                    target,
                    weapon,
                    kind: AttackKind::Normal,
                    effect: HitEffect::Disarm { item, send },
                });
            }
        }
        Action::Draw { item } => {
            spend(b, u, 1, Spend::Draw);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Held,
            });
        }
        Action::Sheathe { item } => {
            spend(b, u, 1, Spend::Sheathe);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Stowed,
            });
        }
        Action::PickUp => {
            spend(b, u, 1, Spend::PickUp);
            let cell = b.pos(u);
            let hands = b
                .ground()
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, w)| w.hands())
                .unwrap_or(1);
            let now = if b.free_hands(u) >= hands {
                Carried::Held
            } else {
                Carried::Stowed
            };
            b.emit(Event::PickedUp { unit: u, cell, now });
        }
        Action::FlowState => spend(b, u, 1, Spend::FlowState),
        Action::TotalDefense => {
            spend(b, u, 3, Spend::TotalDefense);
            add(
                b,
                u,
                ConditionKind::TotalDefense,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.emit(Event::RpRegained { unit: u, amount: 1 });
            crate::engine::end_turn(b)?;
        }
        Action::Tumble { through } => {
            spend(b, u, 1, Spend::Tumble);
            let s = b.stats(u);
            let mut c = Check::new("Agility", s.get(Stat::Agility));
            c.advantage += actor_advantage(b, u);
            let level = roll(b, u, CheckPurpose::Tumble, &c)?;
            if level.is_success() {
                let from = b.pos(u);
                let to = tumble_landing(b, u, through);
                b.emit(Event::Moved {
                    unit: u,
                    from,
                    to,
                    cost: 0,
                });
            } else {
                // Only the enemy tumbled at may react.
                b.stack.push(Frame::Offer {
                    reactor: through,
                    trigger: Trigger::FailedTumble { mover: u },
                    to: None,
                });
            }
        }
        Action::StandUp => {
            spend(b, u, 1, Spend::StandUp);
            b.stack.push(Frame::StandUp { unit: u });
            let here = b.pos(u);
            for r in b.leave_reactors(u, here).into_iter().rev() {
                b.stack.push(Frame::Offer {
                    to: None,
                    reactor: r,
                    trigger: Trigger::StandingUp { unit: u },
                });
            }
        }
        Action::Ready { .. } => {
            b.emit(Event::Readied { unit: u });
            crate::engine::end_turn(b)?;
        }
        // Not flow actions: `check` refuses them.
        _ => {}
    }
    Ok(())
}

/// After `mover` stepped from `from` to `to`: readied units it walked into the reach of
/// attack it now (their initiative moves to just before the mover).
pub(crate) fn readied_triggers(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    for r in b.readied.clone() {
        if !b.alive(mover) {
            return;
        }
        if !(b.alive(r)
            && b.enemies(r, mover)
            && b.threatens(r, to)
            && !b.threatens(r, from)
            && b.ap(r) >= flow::ATTACK_AP)
        {
            continue;
        }
        let dist = b.grid().distance(b.pos(r), to);
        let Some(weapon) = b.best_melee(r, dist) else {
            continue;
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
    let att = b.pos(hit.attacker);
    let melee = b
        .weapons(hit.attacker)
        .get(hit.weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    // The cells it could stop on, before any path search: free, next to both (melee)
    // or between them (ranged), and no further on the map than it may move (every step
    // costs at least 1).
    let here = b.pos(r);
    let pool: Vec<Cell> = if melee {
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
    };
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
    if hit.kind != AttackKind::Normal || hit.effect != HitEffect::Damage {
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
        if intercept_plan(b, r, hit, false).is_some() {
            let mut o = vec![ReactionKind::Intercept];
            if intercept_plan(b, r, hit, true).is_some() {
                o.push(ReactionKind::InterceptSwap);
            }
            return Some((at, r, o));
        }
    }
    None
}

/// Resolve an Intercept (RP already paid): move, maybe swap, roll Agility against the
/// attack; the winner of the opposed check decides who takes the damage.
pub(crate) fn resolve_intercept(
    b: &mut Battle,
    r: UnitId,
    hit: Hit,
    swap: bool,
) -> Result<(), ForcedFaceError> {
    let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
    let Some((path, dest, ally_to)) = intercept_plan(b, r, &hit, swap) else {
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

/// A landed Disarm: the target drops the item. Normal success: it lands next to the
/// target (the target picks: the free cell farthest from the attacker). Hard/Major/
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
    let here = b.pos(t);
    let att = b.pos(u);
    let cell = grid
        .neighbours(here)
        .into_iter()
        .filter(|&c| open_cell(b, c, None))
        .max_by_key(|&c| (grid.distance(c, att), std::cmp::Reverse(c)))
        .unwrap_or(here);
    b.emit(Event::ItemDropped {
        unit: t,
        item,
        weapon: w,
        cell,
    });
}
