//! escalation actions: Quick/Move/Standard with substitution downward, basic attacks by
//! stance, switching stance, Disengage, Rally, Stabilize and Coup de Grace, carried out
//! ([`perform`]). Whether one is legal now is `legality.rs`.

use crate::battle::Battle;
use crate::components::{ConditionKind, Cost, Duration, Pool, Slot, UnitId};
use crate::dice::{ModKind, Modifier};
use crate::engine::{Action, CommonAction, Illegal, ReadyResponse};
use crate::event::{CheckPurpose, Event, Gain, Outcome, Spend};

use super::attack::{d6s, engaged_enemies, escalation_die_for};
use super::turns::{SAVE, roll_save, speed, use_recovery};
use super::{EscalationAction, EscalationFrame};

/// The difficulty of a Disengage from one enemy.
pub const DISENGAGE_DC: i32 = 11;

pub(super) fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).to_string(),
        why: why.into(),
    }
}

/// What an action of type `wanted` costs: its own slot, or a better one ("Standard for
/// Move, or Move for Quick"; a Standard may pay for a Quick too).
pub fn slot_cost(wanted: Slot) -> Cost {
    let own = Cost::of(Pool::Slot(wanted), 1);
    match wanted {
        Slot::Quick => own
            .or(Pool::Slot(Slot::Move), 1)
            .or(Pool::Slot(Slot::Standard), 1),
        Slot::Move => own.or(Pool::Slot(Slot::Standard), 1),
        _ => own,
    }
}

/// The slot that would pay for an action of type `wanted`, if any.
pub fn payer(b: &Battle, u: UnitId, wanted: Slot) -> Option<Slot> {
    b.pools(u)?
        .pick(&slot_cost(wanted))?
        .iter()
        .find_map(|(p, _)| match p {
            Pool::Slot(s) => Some(*s),
            _ => None,
        })
}

pub(super) fn need(
    b: &Battle,
    u: UnitId,
    wanted: Slot,
    action: &'static str,
) -> Result<Slot, Illegal> {
    payer(b, u, wanted).ok_or_else(|| Illegal::NoSlot {
        unit: b.name(u).to_string(),
        action,
        slot: match wanted {
            Slot::Quick => "Quick",
            Slot::Move => "Move",
            _ => "Standard",
        },
    })
}

/// Pay for an action of type `wanted` (checked before).
pub(crate) fn pay(b: &mut Battle, u: UnitId, wanted: Slot, on: Spend) {
    if let Some(events) = b.payment(u, &slot_cost(wanted), on) {
        for e in events {
            b.emit(e);
        }
    }
}

/// The slots that could still buy a move, in the order they are used (the Move action,
/// then the Standard).
pub fn advances_left(b: &Battle, u: UnitId) -> Vec<Slot> {
    let mut v = vec![Slot::Move; b.slots(u, Slot::Move) as usize];
    v.extend(vec![Slot::Standard; b.slots(u, Slot::Standard) as usize]);
    v
}

/// Has the unit nothing left this turn (no action, no movement)?
pub fn exhausted(b: &Battle, u: UnitId) -> bool {
    // A PC fighting in spirit has only its Standard action to give.
    if !b.alive(u) {
        return b.slots(u, Slot::Standard) == 0;
    }
    [Slot::Standard, Slot::Move, Slot::Quick]
        .iter()
        .all(|&s| b.slots(u, s) == 0)
        && b.move_left(u) == 0
}

/// The action type each action is (a Coup de Grace takes all three; Yield and Delay are
/// free: `None`).
pub fn slot_of(a: &Action) -> Option<Slot> {
    match a {
        // A Sustain takes its power's action type (`powers::check_sustain`).
        Action::Escalation(
            EscalationAction::Yield { .. }
            | EscalationAction::Delay { .. }
            | EscalationAction::Flee
            | EscalationAction::Sustain { .. },
        ) => None,
        Action::Escalation(e) => Some(match e {
            EscalationAction::SwitchStance => Slot::Quick,
            EscalationAction::Disengage { .. } | EscalationAction::DiceyMove { .. } => Slot::Move,
            EscalationAction::Ready {
                response: ReadyResponse::Move { .. },
                ..
            } => Slot::Move,
            EscalationAction::Ready {
                response: ReadyResponse::SwitchStance,
                ..
            } => Slot::Quick,
            EscalationAction::Rally
            | EscalationAction::FightInSpirit { .. }
            | EscalationAction::Ready { .. }
            | EscalationAction::Stabilize { .. }
            | EscalationAction::CoupDeGrace { .. }
            | EscalationAction::Yield { .. }
            | EscalationAction::Delay { .. }
            | EscalationAction::Sustain { .. }
            | EscalationAction::Flee => Slot::Standard,
        }),
        _ => None,
    }
}

/// May the unit move on its own now?
pub fn may_move(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    if !b.alive(u) {
        return Err(Illegal::Down(b.name(u).to_string()));
    }
    if b.has(u, ConditionKind::Stuck) {
        return Err(Illegal::Condition {
            unit: b.name(u).to_string(),
            condition: "stuck",
            why: "it can't move, disengage, pop free, or change its position in any way",
        });
    }
    Ok(())
}

/// A unit's tier: 1 for Levels 1–4, 2 for 5–7, 3 for 8 and up (Confused hurts itself by
/// its tier).
pub fn tier(b: &Battle, u: UnitId) -> i32 {
    match super::level_of(b, u) {
        ..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

/// Confused, using a non-attack action (Rally, Stabilize): an 11+ save, or it deals
/// damage equal to its tier to itself.
pub(super) fn confused_check(b: &mut Battle, u: UnitId) -> Result<(), Illegal> {
    if !b.has(u, ConditionKind::Confused) {
        return Ok(());
    }
    let roll = roll_save(b, u, false, None)?;
    let success = roll.total >= SAVE;
    b.emit(Event::Save {
        unit: u,
        kind: ConditionKind::Confused,
        roll,
        target_number: SAVE,
        success,
    });
    if !success {
        let t = tier(b, u);
        let roll = crate::dice::Roll::from_faces(crate::dice::DiceExpr::new(0, 1), Vec::new())
            .with(Modifier::new(ModKind::Condition, "confused: its tier", t));
        super::deal(b, u, Some(u), roll, false);
    }
    Ok(())
}

/// Is `u` a PC out of the fight for good (dead) whose side fights on? It still takes
/// its turns, to Fight in Spirit.
pub fn fights_in_spirit(b: &Battle, u: UnitId) -> bool {
    !b.alive(u)
        && b.has(u, ConditionKind::Dead)
        && super::is_pc(b, u)
        && b.units().any(|a| a != u && !b.enemies(u, a) && b.alive(a))
}

/// A unit's initiative band now (a Delay lowers it for the battle).
pub fn band(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(crate::components::Stat::Band)
}

/// The turn order after `u` delays to `to`: it leaves its place and goes, among those
/// still to act this round, after every unit of a faster band, and in its new band after
/// the PCs (a PC) or after everyone (an NPC).
pub fn delayed_order(b: &Battle, u: UnitId, to: i32) -> Vec<UnitId> {
    let mut order: Vec<UnitId> = b.order().to_vec();
    let here = order.iter().position(|&x| x == u).unwrap_or(0);
    order.retain(|&x| x != u);
    let pc = super::is_pc(b, u);
    let at = (here..order.len())
        .find(|&j| {
            let v = order[j];
            let bv = band(b, v);
            bv < to || (bv == to && pc && !super::is_pc(b, v))
        })
        .unwrap_or(order.len());
    order.insert(at, u);
    order
}

/// The Disengage check's number: 11, +1 for each enemy past the first.
pub fn disengage_dc(n: usize) -> i32 {
    DISENGAGE_DC + n.saturating_sub(1) as i32
}

/// The Disadvantage on `u`'s Disengage from `from`: Grabbed by one of them, unless it hit
/// the grabber this round.
pub fn disengage_edges(b: &Battle, u: UnitId, from: &[UnitId]) -> i32 {
    match b.condition_source(u, ConditionKind::Grabbed) {
        Some(g) if from.contains(&g) && !hit_this_round(b, u, g) => -1,
        _ => 0,
    }
}

fn hit_this_round(b: &Battle, u: UnitId, target: UnitId) -> bool {
    let round = b.round();
    b.log()
        .iter()
        .rev()
        .take_while(|l| l.round == round)
        .any(|l| {
            matches!(l.event, Event::Attack { attacker, target: t, outcome, .. }
                if attacker == u && t == target && outcome.is_success())
        })
}

/// The chance a Disengage from `from` succeeds.
pub fn disengage_chance(b: &Battle, u: UnitId, from: &[UnitId]) -> f64 {
    let dc = disengage_dc(from.len());
    super::natural_odds(disengage_edges(b, u, from) + super::dicey::footing(b, u))
        .iter()
        .enumerate()
        .filter(|(n, _)| *n as i32 >= dc)
        .map(|(_, p)| p)
        .sum()
}

/// Carry out a checked action.
pub fn perform(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    let e = match a {
        Action::Escalation(e) => e,
        Action::Common(CommonAction::Cast { ability, at }) => {
            return super::casting::perform_cast(b, u, ability, at);
        }
        _ => return Err(cannot(b, u, "not an escalation action")),
    };
    match e {
        EscalationAction::Sustain { ability } => super::powers::sustain(b, u, ability)?,
        EscalationAction::DiceyMove { to, target } => {
            super::dicey::perform(b, u, to, target)?;
        }
        EscalationAction::FightInSpirit { ally, boon } => {
            pay(b, u, Slot::Standard, Spend::Wait);
            let kind = match boon {
                super::SpiritBoon::Attacks => ConditionKind::SpiritAttacks,
                super::SpiritBoon::Saves => ConditionKind::SpiritSaves,
                super::SpiritBoon::Defence => ConditionKind::SpiritWard,
            };
            b.emit(Event::ConditionAdded {
                unit: ally,
                kind,
                duration: Duration::UntilSourceTurnStart,
                source: Some(u),
            });
        }
        EscalationAction::Ready {
            trigger,
            response,
            until,
        } => {
            let slot = super::ready::readied_slot(b, u, response);
            pay(b, u, slot, Spend::Wait);
            b.emit(Event::Readied {
                unit: u,
                trigger,
                response,
                until,
            });
        }
        EscalationAction::Flee => {
            let side = b.side(u);
            b.emit(Event::Fled { side });
            let mut others: Vec<crate::components::SideId> = b
                .units()
                .filter(|&x| b.alive(x) && b.side(x) != side)
                .map(|x| b.side(x))
                .collect();
            others.sort();
            others.dedup();
            let winner = if others.len() == 1 {
                others.first().copied()
            } else {
                None
            };
            b.emit(Event::BattleEnded { winner });
        }
        EscalationAction::Yield { to } => {
            let mut order: Vec<UnitId> = b.order().to_vec();
            let here = order.iter().position(|&x| x == u).unwrap_or(0);
            order.retain(|&x| x != to);
            order.insert(here, to);
            let turn = b.turn;
            b.emit(Event::Reordered { order, turn });
            crate::engine::begin_current(b)?;
        }
        EscalationAction::Delay { band: to } => {
            let now = band(b, u);
            let order = delayed_order(b, u, to);
            b.emit(Event::StatModified {
                unit: u,
                modifier: crate::components::StatMod {
                    stat: crate::components::Stat::Band,
                    amount: to - now,
                    duration: Duration::UntilRemoved,
                    cause: crate::components::ModCause::Delayed,
                    source: None,
                },
            });
            let turn = b.turn;
            b.emit(Event::Reordered { order, turn });
            crate::engine::begin_current(b)?;
        }
        EscalationAction::SwitchStance => {
            pay(b, u, Slot::Quick, Spend::Stance);
            super::turns::switch_stance(b, u);
        }
        EscalationAction::Disengage { from } => {
            let from = if from.is_empty() {
                engaged_enemies(b, u)
            } else {
                from
            };
            pay(b, u, Slot::Move, Spend::Disengage);
            let dc = disengage_dc(from.len());
            let grabbed = disengage_edges(b, u, &from);
            let footing = super::dicey::footing(b, u);
            let mut roll = b.roll(d6s(grabbed + footing))?;
            if grabbed < 0 {
                roll = roll.with(Modifier::new(
                    ModKind::Condition,
                    "Disadvantage: grabbed",
                    0,
                ));
            }
            if footing > 0 {
                roll = roll.with(Modifier::new(
                    ModKind::Condition,
                    "Advantage: an ally's Dicey Move",
                    0,
                ));
                super::dicey::footing_used(b, u);
            }
            let success = roll.total >= dc;
            b.emit(Event::Check {
                unit: u,
                purpose: CheckPurpose::Disengage,
                roll,
                target_number: dc,
                outcome: if success {
                    Outcome::Success
                } else {
                    Outcome::Failure
                },
            });
            if success {
                super::powers::disengaged_from(b, u, &from);
                for e in from {
                    b.emit(Event::ConditionAdded {
                        unit: u,
                        kind: ConditionKind::PoppedOff,
                        duration: Duration::UntilOwnTurnStart,
                        source: Some(e),
                    });
                }
                let sp = speed(b, u) as i32;
                b.emit(Event::refilled(u, Pool::Movement, sp, Gain::Bought));
            }
        }
        EscalationAction::Rally => {
            pay(b, u, Slot::Standard, Spend::Rally);
            confused_check(b, u)?;
            if !b.alive(u) {
                return Ok(());
            }
            use_recovery(b, u)?;
            rally_save(b, u)?;
        }
        EscalationAction::Stabilize { ally } => {
            pay(b, u, Slot::Standard, Spend::Stabilize);
            confused_check(b, u)?;
            if !b.alive(u) {
                return Ok(());
            }
            b.emit(Event::ConditionAdded {
                unit: ally,
                kind: ConditionKind::Stabilized,
                duration: Duration::UntilRemoved,
                source: Some(u),
            });
        }
        EscalationAction::CoupDeGrace { target } => {
            b.emit(Event::spent(
                u,
                Pool::Slot(Slot::Standard),
                1,
                Spend::Attack,
            ));
            b.emit(Event::spent(
                u,
                Pool::Slot(Slot::Quick),
                1,
                Spend::CoupDeGrace,
            ));
            b.emit(Event::spent(
                u,
                Pool::Slot(Slot::Move),
                1,
                Spend::CoupDeGrace,
            ));
            if let Some(weapon) = b.best_melee(u, 1) {
                b.push_frame(
                    EscalationFrame::CoupDeGrace {
                        attacker: u,
                        target,
                        weapon,
                    }
                    .into(),
                );
            }
        }
    }
    Ok(())
}

/// The number a save against a one-round effect needs ("a 13+ save").
pub const ONE_ROUND_SAVE: i32 = 13;

/// Rally's save: against the first save-ends effect on the unit (its number), else the
/// first effect that lasts a round or a turn (13+); the escalation die (as the unit
/// counts it: 0 while Shaken) is a bonus.
fn rally_save(b: &mut Battle, u: UnitId) -> Result<(), Illegal> {
    let conds = b
        .get::<crate::components::Conditions>(u)
        .cloned()
        .unwrap_or_default();
    let save_ends = conds.0.iter().find_map(|c| match c.duration {
        Duration::SaveEnds(dc) => Some((c.kind, dc as i32)),
        _ => None,
    });
    let one_round = conds.0.iter().find_map(|c| match c.duration {
        Duration::Turns(_) | Duration::UntilOwnTurnStart | Duration::UntilSourceTurnStart
            if c.kind != ConditionKind::PoppedOff =>
        {
            Some((c.kind, ONE_ROUND_SAVE))
        }
        _ => None,
    });
    let Some((kind, dc)) = save_ends.or(one_round) else {
        return Ok(());
    };
    // "The save gains a bonus equal to Escalation": the die as the unit counts it (0
    // while Shaken).
    let esc = escalation_die_for(b, u);
    let bonus = (esc != 0).then(|| Modifier::new(ModKind::Bonus, "escalation die", esc));
    let roll = roll_save(b, u, false, bonus)?;
    let dc = if dc > 0 { dc } else { SAVE };
    let success = roll.total >= dc;
    b.emit(Event::Save {
        unit: u,
        kind,
        roll,
        target_number: dc,
        success,
    });
    if success {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind,
            source: None,
        });
    }
    Ok(())
}
