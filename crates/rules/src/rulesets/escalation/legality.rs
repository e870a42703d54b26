//! Whether an escalation action is legal now: [`check`] (each of the ruleset's own
//! actions, and the common ones it refuses or casts through), [`plan_attack`] (a basic
//! attack), what a Hampered unit may still do, and whether a unit has done nothing yet
//! this turn (for Yield and Delay). Carrying an action out is `actions.rs`.

use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, UnitId, WeaponKind};
use crate::engine::{Action, CommonAction, Illegal, ReadyResponse, ReadyTrigger};
use crate::event::{AttackKind, Event, Spend};
use crate::rulesets::AttackPlan;

use super::EscalationAction;
use super::actions::{band, cannot, fights_in_spirit, may_move, need};
use super::attack::{engaged_enemies, melee_stance};
use super::turns::other_stance_weapons;

/// Check a basic attack: a Standard action, with the weapon of the unit's stance in hand;
/// a basic melee attack is on an engaged target, a basic ranged one within the stance's
/// range (and not while Grabbed).
pub fn plan_attack(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    weapon: Option<usize>,
    slot: Option<Slot>,
) -> Result<AttackPlan, Illegal> {
    if !b.alive(u) {
        return Err(Illegal::Down(b.name(u).to_string()));
    }
    if let Some(s) = slot
        && s != Slot::Standard
    {
        return Err(cannot(
            b,
            u,
            "a basic attack is a Standard action (only a better action pays for a lesser one)",
        ));
    }
    if b.slots(u, Slot::Standard) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).to_string(),
            action: "a basic attack",
            slot: "Standard",
        });
    }
    if let Some((i, ally)) = super::intercepted_by(b, u)
        && ally == target
    {
        return Err(cannot(
            b,
            u,
            format!(
                "{} intercepted it: its attacks meant for {} go to {} instead",
                b.name(i),
                b.name(ally),
                b.name(i)
            ),
        ));
    }
    let weapon = b.weapon_for(u, target, weapon)?;
    let ranged = b.weapons(u)[weapon].kind == WeaponKind::Ranged;
    if ranged && b.has(u, ConditionKind::Grabbed) {
        return Err(Illegal::Condition {
            unit: b.name(u).to_string(),
            condition: "grabbed",
            why: "a grabbed unit can't use ranged attacks",
        });
    }
    Ok(AttackPlan {
        weapon,
        pay: vec![Event::spent(
            u,
            Pool::Slot(Slot::Standard),
            1,
            Spend::Attack,
        )],
        kind: AttackKind::Normal,
    })
}

/// Is the action legal now (the engine checked it is the unit's turn)?
pub fn check(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    let e = match a {
        Action::Escalation(e) => e,
        Action::Common(CommonAction::Draw { .. } | CommonAction::Sheathe { .. }) => {
            return Err(cannot(
                b,
                u,
                "escalation switches weapons with Switch Stance (a Quick action)",
            ));
        }
        Action::Common(CommonAction::Cast { ability, at }) => {
            return super::casting::check_cast(b, u, *ability, at);
        }
        Action::Common(c) => {
            return Err(cannot(b, u, format!("escalation has no {}", c.name())));
        }
        _ => return Err(cannot(b, u, "not an escalation action")),
    };
    if !b.alive(u) && !matches!(e, EscalationAction::FightInSpirit { .. }) {
        return Err(cannot(
            b,
            u,
            "out of the fight for good, it can only Fight in Spirit",
        ));
    }
    if let Some(slot) = super::ready::slot_for(b, u, a) {
        need(b, u, slot, e.name())?;
    }
    if b.has(u, ConditionKind::Hampered) && !hampered_may(e) {
        return Err(Illegal::Condition {
            unit: b.name(u).to_string(),
            condition: "hampered",
            why: "it can only make basic attacks and opportunity attacks, move (and \
                  disengage), Rally and Sustain",
        });
    }
    match e {
        EscalationAction::Flee => {}
        EscalationAction::Sustain { ability } => super::powers::check_sustain(b, u, *ability)?,
        EscalationAction::DiceyMove { to, target } => {
            super::dicey::dicey_plan(b, u, *to, *target)?;
        }
        EscalationAction::FightInSpirit { ally, .. } => {
            b.unit_checked(*ally)?;
            if !fights_in_spirit(b, u) {
                return Err(cannot(
                    b,
                    u,
                    "only a PC out of the fight for good (dead) fights in spirit",
                ));
            }
            if *ally == u || b.enemies(u, *ally) || !b.alive(*ally) {
                return Err(cannot(b, u, "Fight in Spirit helps a standing ally"));
            }
        }
        EscalationAction::Ready {
            trigger, response, ..
        } => {
            if let ReadyTrigger::EnemyCasts { cells: 0 } = trigger {
                return Err(cannot(
                    b,
                    u,
                    "a foe within 0 cells would stand on it; name 1 or more",
                ));
            }
            if let ReadyTrigger::EnemyWithin { cells: 0 } = trigger {
                return Err(cannot(
                    b,
                    u,
                    "a foe within 0 cells would stand on it; name 1 or more",
                ));
            }
            if *trigger == ReadyTrigger::EnemyEntersReach && !melee_stance(b, u) {
                return Err(cannot(
                    b,
                    u,
                    "in ranged stance it has no reach; wait for a foe within a distance",
                ));
            }
            match response {
                ReadyResponse::Attack => {}
                ReadyResponse::Move { to } => {
                    may_move(b, u)?;
                    if !b.grid().contains(*to) || !b.terrain(*to).standable() || *to == b.pos(u) {
                        return Err(Illegal::BadCell(*to));
                    }
                }
                ReadyResponse::Power { .. } | ReadyResponse::SwitchStance => {
                    super::ready::check_response(b, u, *response)?;
                }
                _ => {
                    return Err(cannot(
                        b,
                        u,
                        "escalation readies a basic attack (Standard), a move (Move), a power \
                         (its action) or a stance switch (Quick)",
                    ));
                }
            }
        }
        EscalationAction::Yield { to } => {
            b.unit_checked(*to)?;
            fresh(b, u)?;
            let order = b.order();
            let here = order.iter().position(|&x| x == u).unwrap_or(0);
            let later = order
                .iter()
                .position(|&x| x == *to)
                .is_some_and(|i| i > here);
            if *to == u || b.enemies(u, *to) || !b.alive(*to) {
                return Err(cannot(b, u, "only a standing ally may go first"));
            }
            if band(b, *to) != band(b, u) {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is not in its initiative band", b.name(*to)),
                ));
            }
            if !later {
                return Err(cannot(
                    b,
                    u,
                    format!("{} has already acted this round", b.name(*to)),
                ));
            }
        }
        EscalationAction::Delay { band: to } => {
            fresh(b, u)?;
            let now = band(b, u);
            if *to < 0 || *to >= now {
                return Err(cannot(
                    b,
                    u,
                    format!(
                        "a Delay goes to a slower band than its own ({now}): 0 (Very Slow) to {}",
                        now - 1
                    ),
                ));
            }
        }
        EscalationAction::SwitchStance => {
            if other_stance_weapons(b, u).is_empty() {
                return Err(cannot(b, u, "it carries no weapon of the other stance"));
            }
        }
        EscalationAction::Disengage { from } => {
            may_move(b, u)?;
            let engaged = engaged_enemies(b, u);
            if engaged.is_empty() {
                return Err(cannot(b, u, "it is engaged with no enemy (it is Free)"));
            }
            if let Some(x) = from.iter().find(|x| !engaged.contains(x)) {
                return Err(cannot(b, u, format!("it is not engaged with unit {}", x.0)));
            }
        }
        // Recoveries are the PCs' ("Each PC typically has a maximum of 8 Recoveries");
        // enemies are only healed by others ("NPCs are healed either 1d6 per level").
        EscalationAction::Rally => {
            if !super::is_pc(b, u) {
                return Err(cannot(
                    b,
                    u,
                    "only PCs Rally: recoveries are the PCs' (NPCs are healed by others)",
                ));
            }
        }
        EscalationAction::Stabilize { ally } => {
            b.unit_checked(*ally)?;
            if b.enemies(u, *ally) || *ally == u {
                return Err(cannot(b, u, "Stabilize is for a dying ally"));
            }
            if !b.has(*ally, ConditionKind::Dying) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(*ally).to_string(),
                    condition: "dying",
                });
            }
            if b.has(*ally, ConditionKind::Stabilized) {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is stabilized already", b.name(*ally)),
                ));
            }
            if b.grid().distance(b.pos(u), b.pos(*ally)) != 1 {
                return Err(Illegal::NotAdjacent {
                    unit: b.name(u).to_string(),
                    target: b.name(*ally).to_string(),
                });
            }
        }
        EscalationAction::CoupDeGrace { target } => {
            b.unit_checked(*target)?;
            if !b.alive(*target) {
                return Err(Illegal::Down(b.name(*target).to_string()));
            }
            if !b.enemies(u, *target) {
                return Err(Illegal::Ally(b.name(*target).to_string()));
            }
            if !b.has(*target, ConditionKind::Helpless) {
                return Err(Illegal::NotInCondition {
                    unit: b.name(*target).to_string(),
                    condition: "helpless",
                });
            }
            if !engaged_enemies(b, u).contains(target) || !melee_stance(b, u) {
                return Err(cannot(
                    b,
                    u,
                    "a Coup de Grace is a basic melee attack on an engaged enemy",
                ));
            }
            for s in [Slot::Standard, Slot::Quick, Slot::Move] {
                if b.slots(u, s) == 0 {
                    return Err(Illegal::NoSlot {
                        unit: b.name(u).to_string(),
                        action: "a Coup de Grace (Standard, Quick and Move)",
                        slot: match s {
                            Slot::Standard => "Standard",
                            Slot::Quick => "Quick",
                            _ => "Move",
                        },
                    });
                }
            }
        }
    }
    Ok(())
}

/// What a Hampered unit may still do: "only use basic attacks, make Opportunity Attacks,
/// move, Rally, Sustain existing abilities" (moving includes disengaging; the turn order
/// actions are no actions).
fn hampered_may(e: &EscalationAction) -> bool {
    matches!(
        e,
        EscalationAction::Disengage { .. }
            | EscalationAction::Rally
            | EscalationAction::Sustain { .. }
            | EscalationAction::Yield { .. }
            | EscalationAction::Delay { .. }
            | EscalationAction::Flee
    )
}

/// Has `u` done nothing yet this turn (no action paid, no step, no attack)? Letting an
/// ally go first and delaying come before anything else.
fn fresh(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    let log = b.log();
    let start = log
        .iter()
        .rposition(|l| matches!(l.event, Event::TurnStarted { unit, .. } if unit == u))
        .unwrap_or(0);
    let acted = log[start..].iter().any(|l| match &l.event {
        Event::Spent { on, .. } => on.is_paid(),
        Event::Moved { unit, .. } | Event::Attack { attacker: unit, .. } => *unit == u,
        Event::Check { unit, .. } => *unit == u,
        _ => false,
    });
    if acted {
        return Err(cannot(
            b,
            u,
            "it has acted this turn already (this comes at the start of a turn)",
        ));
    }
    Ok(())
}
