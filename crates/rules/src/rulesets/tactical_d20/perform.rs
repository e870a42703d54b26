//! tactical-d20 `perform`: carry out a checked action already paid for (`carry_out`; it
//! only emits events and pushes frames; `Ruleset::perform` in `rules.rs` pays first),
//! with its maneuver rolls, Push, Sunder and grapple helpers.

use crate::battle::Battle;
use crate::components::{Carried, ConditionKind, Duration, Pool, Slot, UnitId, WeaponTag};
use crate::dice::{ForcedFaceError, ModKind, Modifier};
use crate::engine::{Action, CommonAction, Frame, HitEffect, Illegal, MoveMode};

use super::{FocusOn, GrappleFollow, TacticalD20Action, TacticalD20Frame};
use crate::event::{AttackKind, CheckPurpose, Event, Gain, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::level::Terrain;

use super::attack::{attack_math, damage_parts};
use super::budget::{lose_move, lose_slot};
use super::check::default_item;
use super::checks::{Save, Skill, check_event, d20, opposed, save, skill};
use super::conditions::{add, grapple_partner, remove};
use super::movement::{
    charge_plan, concentrate_dc, dash_path, jump_legs, overrun_legs, push_path, tumble_plan,
};

/// DC to slip a restraint that no grappler holds (the d20 "hard" DC; the seed gives none).
pub const ESCAPE_DC: i32 = 15;

/// DC of the Stealth check to hide behind cover when defending (the seed gives none).
pub const HIDE_DC: i32 = 10;

fn maneuver_roll(
    b: &mut Battle,
    u: UnitId,
    target: UnitId,
    purpose: CheckPurpose,
) -> Result<bool, Illegal> {
    let am = skill(b, u, Skill::Athletics)?;
    let pm = save(b, target, Save::Reflex);
    let (wins, _) = opposed(b, purpose, u, &am, target, Some(&pm))?;
    if !wins {
        fail_provokes(b, u, target);
    }
    Ok(wins)
}

/// A failure that "provokes Reactions" (plural: Push): every foe that threatens `u`'s
/// cell is offered one, in initiative order.
fn fail_provokes_all(b: &mut Battle, u: UnitId) {
    let here = b.pos(u);
    let foes: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|&r| b.enemies(r, u) && b.threatens(r, here))
        .collect();
    for r in foes.into_iter().rev() {
        b.stack.push(Frame::Offer {
            reactor: r,
            trigger: Trigger::FailedManeuver { unit: u },
            to: None,
        });
    }
}

/// A failed Tumble: "Failure provokes Reactions from all threatening foes along the
/// path". The tumbler still moves along its path (it provokes nothing by leaving cells);
/// each foe that threatens a cell of the path is offered one Reaction when the tumbler
/// first stands in a cell it threatens (those threatening the start before the first
/// step). A cell held by an ally being passed is not stood in: its foes' offers wait for
/// the next free cell, and lapse if they do not threaten it.
fn failed_tumble(b: &mut Battle, u: UnitId, path: &[Cell]) {
    let mut offered: Vec<UnitId> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut seg_start = 0;
    for (i, &c) in path.iter().enumerate() {
        let passing = i > 0 && i + 1 < path.len() && b.unit_at(c, Some(u)).is_some();
        let fresh: Vec<UnitId> = b
            .order()
            .iter()
            .copied()
            .filter(|&r| b.enemies(r, u) && b.threatens(r, c) && !offered.contains(&r))
            .collect();
        if fresh.is_empty() || passing {
            continue;
        }
        if i > seg_start {
            frames.push(Frame::Move {
                unit: u,
                path: path[seg_start..=i].to_vec(),
                next: 1,
                mode: MoveMode::Quiet,
            });
            seg_start = i;
        }
        for r in fresh {
            offered.push(r);
            frames.push(Frame::Offer {
                reactor: r,
                trigger: Trigger::FailedManeuver { unit: u },
                to: None,
            });
        }
    }
    if seg_start + 1 < path.len() {
        frames.push(Frame::Move {
            unit: u,
            path: path[seg_start..].to_vec(),
            next: 1,
            mode: MoveMode::Quiet,
        });
    }
    for f in frames.into_iter().rev() {
        b.stack.push(f);
    }
}

fn fail_provokes(b: &mut Battle, u: UnitId, target: UnitId) {
    b.stack.push(Frame::Offer {
        reactor: target,
        trigger: Trigger::FailedManeuver { unit: u },
        to: None,
    });
}

/// Carry out an action already paid for (or a waited one, paid by the Wait).
pub(crate) fn carry_out(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    match a {
        Action::Common(CommonAction::Cast { ability, at }) => {
            Ok(super::casting::perform_cast(b, u, ability, at)?)
        }
        Action::Common(c) => {
            carry_out_common(b, u, c);
            Ok(())
        }
        Action::TacticalD20(t) => carry_out_own(b, u, t),
        // Another ruleset's: `check` refuses them.
        _ => Ok(()),
    }
}

/// Draw (stowing what is in the way), Sheathe, Pick Up, Stand Up.
fn carry_out_common(b: &mut Battle, u: UnitId, a: CommonAction) {
    match a {
        CommonAction::Draw { item } => {
            // Stow what is in the way first (part of the same Equip).
            let need = b.weapons(u).get(item).map(|w| w.hands()).unwrap_or(1);
            let mut free = b.free_hands(u);
            for i in (0..b.weapons(u).len()).rev() {
                if free >= need {
                    break;
                }
                if i != item && b.held(u, i) && !b.weapons(u)[i].has(WeaponTag::Natural) {
                    free += b.weapons(u)[i].hands();
                    b.emit(Event::CarryChanged {
                        unit: u,
                        item: i,
                        now: Carried::Stowed,
                    });
                }
            }
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Held,
            });
        }
        CommonAction::Sheathe { item } => b.emit(Event::CarryChanged {
            unit: u,
            item,
            now: Carried::Stowed,
        }),
        CommonAction::PickUp => {
            let cell = b.pos(u);
            let need = b
                .ground()
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, w)| w.hands())
                .unwrap_or(1);
            let now = if b.free_hands(u) >= need {
                Carried::Held
            } else {
                Carried::Stowed
            };
            b.emit(Event::PickedUp { unit: u, cell, now });
        }
        // Carried out by `carry_out` (it rolls).
        CommonAction::Cast { .. } => {}
        CommonAction::StandUp => {
            b.stack.push(Frame::StandUp { unit: u });
            for r in b.leave_reactors(u, b.pos(u)).into_iter().rev() {
                b.stack.push(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::StandingUp { unit: u },
                    to: None,
                });
            }
        }
    }
}

/// Carry out one of tactical-d20's own actions, already paid for.
fn carry_out_own(b: &mut Battle, u: UnitId, a: TacticalD20Action) -> Result<(), Illegal> {
    use TacticalD20Action::*;
    match a {
        Dash { to } => {
            let (path, _) = dash_path(b, u, to)?;
            b.stack.push(Frame::Move {
                unit: u,
                path,
                next: 1,
                mode: MoveMode::Dash { exempt: None },
            });
        }
        Charge { target, to } => {
            let (path, weapon) = charge_plan(b, u, target, to)?;
            add(
                b,
                u,
                ConditionKind::Charging,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.stack.push(Frame::Attack {
                attacker: u,
                target,
                weapon,
                kind: AttackKind::Charge,
                effect: HitEffect::Damage,
            });
            b.stack.push(Frame::Move {
                unit: u,
                path,
                next: 1,
                mode: MoveMode::Dash {
                    exempt: Some(target),
                },
            });
        }
        Jump { to } => {
            let legs = jump_legs(b, u, to)?;
            b.stack.push(
                TacticalD20Frame::Leap {
                    unit: u,
                    legs,
                    index: 0,
                }
                .into(),
            );
        }
        Overrun { to } => {
            let legs = overrun_legs(b, u, to)?;
            b.stack.push(
                TacticalD20Frame::Leap {
                    unit: u,
                    legs,
                    index: 0,
                }
                .into(),
            );
        }
        Defend => {
            add(
                b,
                u,
                ConditionKind::Defending,
                Duration::UntilOwnTurnStart,
                None,
            );
            let cover = b
                .grid()
                .neighbours(b.pos(u))
                .iter()
                .any(|&c| b.terrain(c) == Terrain::Low);
            if cover && let Ok(m) = skill(b, u, Skill::Stealth) {
                let roll = d20(b, u, &m)?;
                if check_event(b, u, CheckPurpose::Hide, roll, HIDE_DC) {
                    add(
                        b,
                        u,
                        ConditionKind::Cover,
                        Duration::UntilOwnTurnStart,
                        None,
                    );
                }
            }
        }
        Guard => add(
            b,
            u,
            ConditionKind::Guarding,
            Duration::UntilOwnTurnStart,
            None,
        ),
        Focus { on } => {
            let kind = match on {
                FocusOn::Attack => ConditionKind::FocusAttack,
                FocusOn::Defence => ConditionKind::FocusDefence,
                FocusOn::Skills => ConditionKind::FocusSkills,
            };
            add(b, u, kind, Duration::UntilOwnTurnStart, None);
        }
        Command { text } => b.emit(Event::Said { unit: u, text }),
        Wait => {
            add(
                b,
                u,
                ConditionKind::Waiting,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.emit(Event::refilled(u, Pool::Reaction, 1, Gain::Regained));
        }
        // A Wait that names its trigger and the Standard action held.
        Ready {
            trigger, response, ..
        } => {
            add(
                b,
                u,
                ConditionKind::Waiting,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.emit(Event::refilled(u, Pool::Reaction, 1, Gain::Regained));
            b.emit(Event::Readied {
                unit: u,
                trigger,
                response,
                until: crate::engine::ReadyUntil::NextTurn,
            });
        }
        Assist { ally } => add(
            b,
            ally,
            ConditionKind::Assisted,
            Duration::UntilSourceTurnStart,
            Some(u),
        ),
        Trip { target } => {
            let wins = maneuver_roll(b, u, target, CheckPurpose::Trip)?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Prone,
                    Duration::UntilRemoved,
                    Some(u),
                );
            }
        }
        Push { target, distance } => {
            // "failure provokes Reactions": every threatening foe, not only the target.
            let am = skill(b, u, Skill::Athletics)?;
            let pm = save(b, target, Save::Reflex);
            let (wins, _) = opposed(b, CheckPurpose::Push, u, &am, target, Some(&pm))?;
            if wins {
                push(b, u, target, distance);
            } else {
                fail_provokes_all(b, u);
            }
        }
        Disarm { target, item, .. } => {
            if maneuver_roll(b, u, target, CheckPurpose::Disarm)?
                && let Some(i) = item.or_else(|| default_item(b, target))
                && let Some(w) = b.weapons(target).get(i).cloned()
            {
                let cell = b.pos(target);
                b.emit(Event::ItemDropped {
                    unit: target,
                    item: i,
                    weapon: w,
                    cell,
                });
            }
        }
        Sunder { target, item } => {
            let dist = b.grid().distance(b.pos(u), b.pos(target));
            let weapon = b.best_melee(u, dist).unwrap_or(0);
            let mut am = attack_math(b, u, target, weapon, AttackKind::Normal).bonus;
            am.retain(|m| m.kind != ModKind::Terrain || m.value < 0);
            let pm = save(b, target, Save::Reflex);
            let (wins, _) = opposed(b, CheckPurpose::Sunder, u, &am, target, Some(&pm))?;
            if wins {
                if let Some(i) = item.or_else(|| default_item(b, target)) {
                    sunder(b, u, weapon, target, i)?;
                }
            } else {
                fail_provokes(b, u, target);
            }
        }
        Grapple { target } => {
            let wins = maneuver_roll(b, u, target, CheckPurpose::Grapple)?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Restrained,
                    Duration::UntilRemoved,
                    Some(u),
                );
                add(
                    b,
                    u,
                    ConditionKind::Restrained,
                    Duration::UntilRemoved,
                    Some(target),
                );
                add(
                    b,
                    u,
                    ConditionKind::Grappling,
                    Duration::UntilRemoved,
                    Some(target),
                );
                // Restrained: "lose the Move Action every turn" — this turn too.
                lose_move(b, u);
            }
        }
        GrappleTurn { follow } => grapple_turn(b, u, follow)?,
        BreakFree => match grapple_partner(b, u) {
            Some(_) => grapple_turn(b, u, GrappleFollow::Release)?,
            None => {
                let m = skill(b, u, Skill::Athletics)?;
                let roll = d20(b, u, &m)?;
                if check_event(b, u, CheckPurpose::BreakFree, roll, ESCAPE_DC) {
                    remove(b, u, ConditionKind::Restrained, None);
                }
            }
        },
        Concentrate => {
            let m = skill(b, u, Skill::Endurance)?;
            let dc = concentrate_dc(b, u);
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Concentrate, roll, dc) {
                add(
                    b,
                    u,
                    ConditionKind::Concentrating,
                    Duration::UntilOwnTurnStart,
                    None,
                );
                super::casting::gain_focus(b, u);
            }
        }
        Feint { target } => {
            let am = skill(b, u, Skill::Deception)?;
            let pm = save(b, target, Save::Will);
            let (wins, _) = opposed(b, CheckPurpose::Feint, u, &am, target, Some(&pm))?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Surprised,
                    Duration::UntilSourceTurnStart,
                    Some(u),
                );
            }
        }
        TumbleTo { to } => {
            let (path, dc) = tumble_plan(b, u, to)?;
            let m = skill(b, u, Skill::Agility)?;
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Tumble, roll, dc) {
                b.stack.push(Frame::Move {
                    unit: u,
                    path,
                    next: 1,
                    mode: MoveMode::Quiet,
                });
            } else {
                failed_tumble(b, u, &path);
            }
        }
        Give { item, ally } => b.emit(Event::ItemTaken {
            unit: ally,
            from: u,
            item,
        }),
        DropProne => add(b, u, ConditionKind::Prone, Duration::UntilRemoved, None),
        Step { to } => {
            let from = b.pos(u);
            b.stack.push(Frame::Move {
                unit: u,
                path: vec![from, to],
                next: 1,
                mode: MoveMode::Quiet,
            });
        }
        Patch { ally } => {
            let m = skill(b, u, Skill::Survival)?;
            let dc = 10 + b.bleed_taken(ally).abs();
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Patch, roll, dc) {
                remove(b, ally, ConditionKind::Bleeding, None);
            }
        }
    }
    Ok(())
}

pub(super) fn spend_of(a: &Action) -> Spend {
    use TacticalD20Action::*;
    match a {
        Action::Common(CommonAction::StandUp) => Spend::StandUp,
        Action::Common(CommonAction::Cast { .. }) => Spend::Cast,
        // Draw, Sheathe, Pick Up.
        Action::Common(_) => Spend::Equip,
        Action::TacticalD20(t) => match t {
            Dash { .. } => Spend::Dash,
            Charge { .. } => Spend::Charge,
            Jump { .. } => Spend::Jump,
            Overrun { .. } => Spend::Overrun,
            Defend => Spend::Defend,
            Guard => Spend::Guard,
            Assist { .. } => Spend::Assist,
            Focus { .. } => Spend::Focus,
            Trip { .. } => Spend::Trip,
            Push { .. } => Spend::Push,
            Sunder { .. } => Spend::Sunder,
            Disarm { .. } => Spend::Disarm,
            Grapple { .. } => Spend::Grapple,
            GrappleTurn { .. } => Spend::GrappleCheck,
            BreakFree => Spend::BreakFree,
            Concentrate => Spend::Concentrate,
            Feint { .. } => Spend::Feint,
            TumbleTo { .. } => Spend::Tumble,
            Give { .. } => Spend::Equip,
            DropProne => Spend::DropProne,
            Step { .. } => Spend::SideStep,
            Command { .. } => Spend::Command,
            Wait | Ready { .. } => Spend::Wait,
            Patch { .. } => Spend::Patch,
        },
        _ => Spend::Move,
    }
}

/// Push: the target moves straight away; the pusher follows into the cells it leaves.
fn push(b: &mut Battle, u: UnitId, target: UnitId, distance: Option<u32>) {
    let cells = push_path(b, u, target, distance);
    for c in cells {
        let (tf, uf) = (b.pos(target), b.pos(u));
        b.emit(Event::Displaced {
            unit: target,
            from: tf,
            to: c,
        });
        if b.grid().distance(uf, tf) == 1 {
            b.emit(Event::Displaced {
                unit: u,
                from: uf,
                to: tf,
            });
        }
    }
}

fn sunder(
    b: &mut Battle,
    u: UnitId,
    weapon: usize,
    target: UnitId,
    item: usize,
) -> Result<(), ForcedFaceError> {
    let (dice, mods) = damage_parts(b, u, weapon, AttackKind::Normal, 1);
    let mut roll = b.dice.roll(dice)?;
    for m in mods {
        roll = roll.with(m);
    }
    let fragile = b
        .weapons(target)
        .get(item)
        .is_some_and(|w| w.has(WeaponTag::Fragile));
    let base = roll.total.max(1);
    if !fragile {
        let half = base / 2;
        roll = roll.with(Modifier::new(ModKind::Other, "sturdy: half", half - base));
    }
    let amount = roll.total.max(0);
    let max = b.weapons(target).get(item).map(|w| w.hp).unwrap_or(10);
    let hp_after = max - b.wear(target, item) - amount;
    b.emit(Event::ItemDamaged {
        unit: target,
        item,
        roll,
        amount,
        hp_after,
    });
    if hp_after <= 0 {
        b.emit(Event::CarryChanged {
            unit: target,
            item,
            now: Carried::Gone,
        });
    }
    Ok(())
}

/// The opposed grapple check of a turn: Standard action against the partner's Reaction.
fn grapple_turn(b: &mut Battle, u: UnitId, follow: GrappleFollow) -> Result<(), Illegal> {
    let Some(p) = grapple_partner(b, u) else {
        return Ok(());
    };
    let am = skill(b, u, Skill::Athletics)?;
    // The partner resists with its Reaction; without one (or unable to use Athletics)
    // it cannot resist.
    let pm = if b.rp(p) >= 1 {
        skill(b, p, Skill::Athletics).ok()
    } else {
        None
    };
    if pm.is_some() {
        b.emit(Event::Reacted {
            reactor: p,
            kind: ReactionKind::Resist,
            paid: vec![(Pool::Reaction, 1)],
        });
    }
    let (wins, tie) = opposed(b, CheckPurpose::GrappleCheck, u, &am, p, pm.as_deref())?;
    if tie {
        // "Ties result in the Grapple being maintained, and neither creature can act
        // further": the active creature's turn is over.
        for s in [Slot::Standard, Slot::Move, Slot::Quick] {
            lose_slot(b, u, s, ConditionKind::Restrained);
        }
        return Ok(());
    }
    if !wins {
        // The partner won: a held creature ends the grapple, a grappler keeps it.
        if !b.has(p, ConditionKind::Grappling) {
            end_grapple(b, p);
        }
        return Ok(());
    }
    match follow {
        GrappleFollow::Hold => {}
        GrappleFollow::Release => end_grapple(b, u),
        GrappleFollow::Trip => add(b, p, ConditionKind::Prone, Duration::UntilRemoved, Some(u)),
        GrappleFollow::Push => push(b, u, p, None),
        GrappleFollow::Attack => {
            let dist = b.grid().distance(b.pos(u), b.pos(p));
            if let Some(weapon) = b.best_melee(u, dist) {
                b.stack.push(Frame::Attack {
                    attacker: u,
                    target: p,
                    weapon,
                    kind: AttackKind::Normal,
                    effect: HitEffect::Damage,
                });
            }
        }
    }
    Ok(())
}

/// End the grapple `u` is in: both partners are free.
pub(crate) fn end_grapple(b: &mut Battle, u: UnitId) {
    if let Some(p) = grapple_partner(b, u) {
        remove(b, u, ConditionKind::Restrained, Some(p));
        remove(b, u, ConditionKind::Grappling, Some(p));
        if b.condition_source(p, ConditionKind::Restrained) == Some(u) {
            remove(b, p, ConditionKind::Restrained, Some(u));
            remove(b, p, ConditionKind::Grappling, Some(u));
        }
    }
}
