//! counters' items on the d20 base: drawing, sheathing or picking up a weapon takes the
//! turn's one action (a choice: the seed has no item rules), on the unit's own turn. The
//! engine's carrying model does it (`Event::CarryChanged`, `Event::PickedUp`).

use crate::battle::Battle;
use crate::components::{Carried, Pool, Slot, UnitId};
use crate::engine::{CommonAction, Illegal};
use crate::event::{Event, Spend};
use crate::grid::Cell;
use crate::rulesets::explain::{Explanation, label};

/// Is `a` one of the item actions?
pub fn is_item(a: &CommonAction) -> bool {
    matches!(
        a,
        CommonAction::Draw { .. } | CommonAction::Sheathe { .. } | CommonAction::PickUp
    )
}

/// The cell Pick Up takes from: the unit's own, if something lies there.
fn pick_up_cell(b: &Battle, u: UnitId) -> Option<Cell> {
    let here = b.pos(u);
    b.ground().iter().any(|(g, _)| *g == here).then_some(here)
}

fn state(b: &Battle, u: UnitId, item: String, state: &'static str) -> Illegal {
    Illegal::ItemState {
        unit: b.name(u).into(),
        item,
        state,
    }
}

/// Is the item action legal now (on the unit's own turn, with its action left)?
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
    if b.slots(u, Slot::Standard) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: a.name(),
            slot: "action",
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
    let on = match a {
        CommonAction::Draw { .. } => Spend::Draw,
        CommonAction::Sheathe { .. } => Spend::Sheathe,
        _ => Spend::PickUp,
    };
    b.emit(Event::spent(u, Pool::Slot(Slot::Standard), 1, on));
    match a {
        CommonAction::Draw { item } => b.emit(Event::CarryChanged {
            unit: u,
            item,
            now: Carried::Held,
        }),
        CommonAction::Sheathe { item } => b.emit(Event::CarryChanged {
            unit: u,
            item,
            now: Carried::Stowed,
        }),
        CommonAction::PickUp => {
            let Some(cell) = pick_up_cell(b, u) else {
                return Err(Illegal::NothingHere(b.pos(u)));
            };
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
            "Pick up the item lying on your cell: in hand if the hands are free, else stowed.",
        ),
    };
    Explanation::new(title, text, "d20 base (choice)").costs("the action")
}
