//! Whose turn the screen follows: the side that must look at it (hot-seat handover) and
//! the selection following the turn.

use bevy::prelude::*;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::{Battle, Status};

use super::ActStep;
use crate::game::{BattleRes, ReactPolicy, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, follow_turn.in_set(ActStep::Turn));
}

/// The side that must look at the screen now: the acting unit's, or the reactor's when
/// its side is asked.
pub fn deciding_side(b: &Battle, s: &Session) -> Option<SideId> {
    match b.status() {
        Status::Turn(u) => Some(b.side(u)).filter(|&side| !s.is_ai(side)),
        Status::AwaitingReaction(r) => {
            let side = b.side(r);
            (!s.is_ai(side) && s.policies.get(side.0 as usize) == Some(&ReactPolicy::Ask))
                .then_some(side)
        }
        Status::Ended(_) => None,
    }
}

/// Is the handover screen up (several human sides, and the board is in front of the
/// wrong one)?
pub fn handover_pending(b: &Battle, s: &Session) -> Option<SideId> {
    if s.human_sides() < 2 {
        return None;
    }
    let d = deciding_side(b, s)?;
    (s.viewer != Some(d)).then_some(d)
}

/// Select the unit whose turn it is when the turn passes.
fn follow_turn(battle: Res<BattleRes>, mut view: ResMut<View>, mut last: Local<Option<UnitId>>) {
    let cur = battle.0.current();
    if cur != *last {
        *last = cur;
        view.selected = cur;
        view.pending = None;
        view.chooser = None;
        view.say = None;
    }
}
