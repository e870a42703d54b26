//! tactical-d20 action economy: speed, the Standard/Move/Quick slots and Trade-Down,
//! what each action costs and is called, and paying for it.

use crate::battle::Battle;
use crate::components::{ConditionKind, Cost, Pool, Slot, Stat, UnitId};
use crate::engine::{Action, CommonAction, Illegal};

use super::TacticalD20Action;
use crate::event::{Event, Spend};

use super::conditions::named;

/// Speed in cells when a unit's stats give none (30 ft).
pub const SPEED: u32 = 6;

/// Speed in cells: the `Speed` stat (default 6 = 30 ft), halved by Crippled, Encumbered
/// or Fatigued (once, however many apply).
pub fn speed(b: &Battle, u: UnitId) -> u32 {
    let base = match b.stats(u).get(Stat::Speed) {
        s if s > 0 => s as u32,
        _ => SPEED,
    };
    let slowed = [
        ConditionKind::Crippled,
        ConditionKind::Encumbered,
        ConditionKind::Fatigued,
    ]
    .iter()
    .any(|&c| b.has(u, c));
    if slowed { (base / 2).max(1) } else { base }
}

/// The slots that could still buy an Advance, in the order they are used (the Move
/// action, then a Standard traded down).
pub fn advances_left(b: &Battle, u: UnitId) -> Vec<Slot> {
    let mut v = Vec::new();
    for _ in 0..b.slots(u, Slot::Move) {
        v.push(Slot::Move);
    }
    for _ in 0..b.slots(u, Slot::Standard) {
        v.push(Slot::Standard);
    }
    v
}

/// What an action of type `wanted` costs: its own slot, or else (Trade-Down) a Standard
/// action, which may pay for a Move or Quick action.
pub fn slot_cost(wanted: Slot) -> Cost {
    let own = Cost::of(Pool::Slot(wanted), 1);
    match wanted {
        Slot::Move | Slot::Quick => own.or(Pool::Slot(Slot::Standard), 1),
        _ => own,
    }
}

/// What an attack that names no slot costs: the Standard action, else the Move, else the
/// Quick (the attack is then of that slot's kind).
fn any_attack_cost() -> Cost {
    Cost::of(Pool::Slot(Slot::Standard), 1)
        .or(Pool::Slot(Slot::Move), 1)
        .or(Pool::Slot(Slot::Quick), 1)
}

/// The slot of the alternative of `cost` that `u` would pay with.
fn paying_slot(b: &Battle, u: UnitId, cost: &Cost) -> Option<Slot> {
    b.pools(u)?.pick(cost)?.iter().find_map(|(p, _)| match p {
        Pool::Slot(s) => Some(*s),
        _ => None,
    })
}

/// The slot that pays for an action of type `wanted` (itself, or a Standard traded down).
pub fn payer(b: &Battle, u: UnitId, wanted: Slot) -> Option<Slot> {
    paying_slot(b, u, &slot_cost(wanted))
}

pub(super) fn slot_name(s: Slot) -> &'static str {
    match s {
        Slot::Standard => "Standard",
        Slot::Move => "Move",
        Slot::Quick => "Quick",
        Slot::Attack => "Attack",
        Slot::Bonus => "Bonus",
    }
}

pub(super) fn need_slot(
    b: &Battle,
    u: UnitId,
    wanted: Slot,
    action: &'static str,
) -> Result<Slot, Illegal> {
    payer(b, u, wanted).ok_or_else(|| Illegal::NoSlot {
        unit: named(b, u),
        action,
        slot: slot_name(wanted),
    })
}

/// The actions each action costs: the slot type, and a second one for the dash-chained
/// actions (a Dash is a Standard action; Charge, Jump and Overrun are Move actions taken
/// after it). `(None, None)`: not one of tactical-d20's (another ruleset's).
pub fn slots_of(a: &Action) -> (Option<Slot>, Option<Slot>) {
    match a {
        // Casting a spell (or using an ability, a potion, an item) is a Standard action.
        Action::Common(CommonAction::Cast { .. }) => (Some(Slot::Standard), None),
        // Draw, Sheathe and Pick Up are Equip; Stand Up loses the condition.
        Action::Common(_) => (Some(Slot::Move), None),
        Action::TacticalD20(t) => own_slots(t),
        _ => (None, None),
    }
}

/// The actions each of tactical-d20's own actions costs (see [`slots_of`]).
pub fn own_slots(a: &TacticalD20Action) -> (Option<Slot>, Option<Slot>) {
    use TacticalD20Action::*;
    match a {
        Dash { .. }
        | Defend
        | Assist { .. }
        | Trip { .. }
        | Push { .. }
        | Sunder { .. }
        | Disarm { .. }
        | Grapple { .. }
        | GrappleTurn { .. }
        | BreakFree
        | Wait
        | Ready { .. }
        | Patch { .. } => (Some(Slot::Standard), None),
        Charge { .. } | Jump { .. } | Overrun { .. } => (Some(Slot::Standard), Some(Slot::Move)),
        Guard | Concentrate | Feint { .. } | TumbleTo { .. } | Give { .. } | DropProne => {
            (Some(Slot::Move), None)
        }
        Step { .. } | Focus { .. } | Command { .. } => (Some(Slot::Quick), None),
    }
}

/// The action's name as players read it.
pub fn action_name(a: &Action) -> &'static str {
    use TacticalD20Action::*;
    match a {
        Action::Common(c) => match c {
            CommonAction::Draw { .. } => "Equip (draw)",
            CommonAction::Sheathe { .. } => "Equip (stow)",
            CommonAction::PickUp => "Equip (pick up)",
            CommonAction::StandUp => "Stand Up",
            CommonAction::Cast { .. } => "Cast a Spell",
        },
        Action::TacticalD20(t) => match t {
            Dash { .. } => "Dash",
            Charge { .. } => "Charge",
            Jump { .. } => "Jump",
            Overrun { .. } => "Overrun",
            Defend => "Defend",
            Guard => "Guard",
            Assist { .. } => "Assist",
            Focus { .. } => "Focus",
            Trip { .. } => "Trip",
            Push { .. } => "Push",
            Sunder { .. } => "Sunder",
            Disarm { .. } => "Disarm",
            Grapple { .. } => "Grapple",
            GrappleTurn { .. } => "Grapple check",
            BreakFree => "Break Free",
            Concentrate => "Concentrate",
            Feint { .. } => "Feint",
            TumbleTo { .. } => "Tumble",
            Give { .. } => "Equip (hand over)",
            DropProne => "Drop Prone",
            Step { .. } => "Side Step",
            Command { .. } => "Command",
            Wait | Ready { .. } => "Wait",
            Patch { .. } => "Patch Wound",
        },
        other => other.name(),
    }
}

/// The slot that pays for an attack and the slot it is made with.
pub fn attack_payer(b: &Battle, u: UnitId, want: Option<Slot>) -> Result<(Slot, Slot), Illegal> {
    match want {
        Some(s @ (Slot::Standard | Slot::Move | Slot::Quick)) => {
            Ok((need_slot(b, u, s, "an attack")?, s))
        }
        Some(s) => Err(Illegal::NoSlot {
            unit: named(b, u),
            action: "an attack",
            slot: slot_name(s),
        }),
        None => paying_slot(b, u, &any_attack_cost())
            .map(|s| (s, s))
            .ok_or(Illegal::NoSlot {
                unit: named(b, u),
                action: "an attack",
                slot: "Standard, Move or Quick",
            }),
    }
}

/// Pay for an action of type `wanted` (checked before: nothing is paid when no slot
/// can).
pub(super) fn pay(b: &mut Battle, u: UnitId, wanted: Slot, on: Spend) {
    if let Some(events) = b.payment(u, &slot_cost(wanted), on) {
        for e in events {
            b.emit(e);
        }
    }
}

/// `u` loses what is left of a slot for this turn (a condition takes it).
pub(super) fn lose_slot(b: &mut Battle, u: UnitId, slot: Slot, why: ConditionKind) {
    let left = b.slots(u, slot);
    if left > 0 {
        b.emit(Event::spent(
            u,
            Pool::Slot(slot),
            i32::from(left),
            Spend::Lost(why),
        ));
    }
}

pub(super) fn lose_move(b: &mut Battle, u: UnitId) {
    lose_slot(b, u, Slot::Move, ConditionKind::Restrained);
}
