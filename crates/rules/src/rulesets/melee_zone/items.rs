//! melee-zone's items: "Pick up an item off the ground", "Draw or sheathe a weapon" —
//! each listed under the Attack Action, the Move Action and the Bonus Actions — and
//! "Disarmed ... If your held item is disarmed and nearby, you can retrieve it using
//! either 1 Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action (BA)".
//!
//! The engine's carrying model does it: an item is held, stowed or gone
//! (`Event::CarryChanged`), a disarmed one lies on a cell (`Event::ItemDropped`) and is
//! picked up from it (`Event::PickedUp`). Each takes a Bonus Action, else the Move
//! Action, else the Attack Action (the cheapest first, as Stand Up). Pick Up takes what
//! lies on the unit's own cell, else its own disarmed item on a cell next to it
//! ("nearby"). Nothing in the seed's combat rules disarms a unit, so an item is on the
//! ground only when another rule drops it there (a level's or a spell's, later).

use crate::battle::Battle;
use crate::components::{Carried, Pool, Slot, UnitId};
use crate::engine::{CommonAction, Illegal};
use crate::event::{Event, Spend};
use crate::grid::Cell;
use crate::rulesets::explain::{Explanation, label};

use super::stand_up_slot;

/// The slot an item action takes now: a Bonus Action, else the Move Action, else the
/// Attack Action.
pub fn slot(b: &Battle, u: UnitId) -> Option<Slot> {
    stand_up_slot(b, u)
}

/// Is `a` one of the item actions?
pub fn is_item(a: &CommonAction) -> bool {
    matches!(
        a,
        CommonAction::Draw { .. } | CommonAction::Sheathe { .. } | CommonAction::PickUp
    )
}

/// The cell Pick Up takes from: the unit's own, else one next to it where its own
/// disarmed item lies.
pub fn pick_up_cell(b: &Battle, u: UnitId) -> Option<Cell> {
    let here = b.pos(u);
    let lies = |c: Cell| b.ground().iter().any(|(g, _)| *g == c);
    if lies(here) {
        return Some(here);
    }
    b.log().iter().rev().find_map(|l| match &l.event {
        Event::ItemDropped {
            unit, cell, weapon, ..
        } if *unit == u
            && b.grid().distance(here, *cell) <= 1
            && b.ground()
                .iter()
                .any(|(g, w)| g == cell && w.name == weapon.name) =>
        {
            Some(*cell)
        }
        _ => None,
    })
}

fn state(b: &Battle, u: UnitId, item: String, state: &'static str) -> Illegal {
    Illegal::ItemState {
        unit: b.name(u).into(),
        item,
        state,
    }
}

/// Is the item action legal now (on the unit's own turn, with an action left)?
pub fn check(b: &Battle, u: UnitId, a: &CommonAction) -> Result<(), Illegal> {
    if b.current() != Some(u) {
        return Err(Illegal::NotYourTurn {
            unit: b.name(u).into(),
            current: b
                .current()
                .map(|c| b.name(c).to_string())
                .unwrap_or_default(),
        });
    }
    if slot(b, u).is_none() {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: a.name(),
            slot: "Attack, Move or Bonus",
        });
    }
    match *a {
        CommonAction::Draw { item } | CommonAction::Sheathe { item } => {
            let w = b.weapons(u).get(item).ok_or(Illegal::NoItem {
                unit: b.name(u).into(),
                item,
            })?;
            let draw = matches!(a, CommonAction::Draw { .. });
            match (draw, b.carried(u, item)) {
                (_, Some(Carried::Gone) | None) => {
                    return Err(state(b, u, w.name.clone(), "lost"));
                }
                (true, Some(Carried::Held)) => {
                    return Err(state(b, u, w.name.clone(), "already in hand"));
                }
                (false, Some(Carried::Stowed)) => {
                    return Err(state(b, u, w.name.clone(), "already stowed"));
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
        CommonAction::PickUp if pick_up_cell(b, u).is_none() => {
            return Err(Illegal::NothingHere(b.pos(u)));
        }
        _ => {}
    }
    Ok(())
}

/// Carry out a checked item action.
pub fn perform(b: &mut Battle, u: UnitId, a: CommonAction) -> Result<(), Illegal> {
    check(b, u, &a)?;
    let pay = |b: &mut Battle, on| {
        let s = slot(b, u).unwrap_or(Slot::Bonus);
        b.emit(Event::spent(u, Pool::Slot(s), 1, on));
    };
    match a {
        CommonAction::Draw { item } => {
            pay(b, Spend::Draw);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Held,
            });
        }
        CommonAction::Sheathe { item } => {
            pay(b, Spend::Sheathe);
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Stowed,
            });
        }
        CommonAction::PickUp => {
            let Some(cell) = pick_up_cell(b, u) else {
                return Err(Illegal::NothingHere(b.pos(u)));
            };
            pay(b, Spend::PickUp);
            let hands = b
                .ground()
                .iter()
                .find(|(c, _)| *c == cell)
                .map_or(1, |(_, w)| w.hands());
            let now = if b.free_hands(u) >= hands {
                Carried::Held
            } else {
                Carried::Stowed
            };
            b.emit(Event::PickedUp { unit: u, cell, now });
        }
        _ => {}
    }
    Ok(())
}

/// The tooltips of Draw, Sheathe and Pick Up.
pub fn explanation(l: &str) -> Explanation {
    let (title, text) = match l {
        label::DRAW => (
            "Draw",
            "Take a stowed weapon in hand (the hands it needs must be free).",
        ),
        label::SHEATHE => ("Sheathe", "Put a held weapon away, freeing its hands."),
        _ => (
            "Pick Up",
            "Pick up the item lying on your cell, or your own disarmed item lying next to \
             you; in hand if the hands are free, else stowed.",
        ),
    };
    Explanation::new(
        title,
        text,
        "Attack Action; Move Action; Bonus Actions; Disarmed",
    )
    .costs("BA, else MA, else AA")
}
