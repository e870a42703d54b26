//! melee-zone's rounds: Free Hit Slots refill ("limited in the number of free hits you
//! can make each round"), and a delayed turn goes back to its place ("a character may
//! choose to delay their turn in the initiative lineup for the round").

use crate::battle::Battle;
use crate::components::{Pool, UnitId};
use crate::event::{Event, Gain, Spend};

use super::numbers::{agility, free_hit_slots};

/// The initiative order: the battle's first `TurnOrder`.
pub fn initiative_order(b: &Battle) -> Vec<UnitId> {
    b.log()
        .iter()
        .find_map(|l| match &l.event {
            Event::TurnOrder { order } => Some(order.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The start of a round: a Disrupting wound's −3 of the round before ends; every living
/// unit's Free Hit Slots refill; an order changed by a delay goes back to the initiative
/// order.
pub fn round_started(b: &mut Battle) {
    super::wounds::round_started(b);
    let units: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
    for u in units {
        // "determined by your Agility modifier plus 1": the Agility now (a Slowing wound
        // takes one); the slots a wounded Agility no longer gives are lost.
        let refill = free_hit_slots(agility(b, u));
        let gap = refill - b.pool(u, Pool::FreeHits);
        if gap > 0 {
            b.emit(Event::refilled(u, Pool::FreeHits, gap, Gain::Regained));
        } else if gap < 0 {
            b.emit(Event::spent(u, Pool::FreeHits, -gap, Spend::Wound));
        }
    }
    let order = super::summons::with_summons(b, initiative_order(b));
    if !order.is_empty() && order != b.order() {
        b.emit(Event::Reordered { order, turn: 0 });
    }
}
