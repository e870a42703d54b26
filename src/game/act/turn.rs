//! Whose turn the screen follows: the side that must look at it (hot-seat handover) and
//! the selection following the turn.

use bevy::prelude::*;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::rulesets::ui::{Gauge, Tone};
use skirmish_rules::{Battle, Status};

use super::types::ActStep;
use crate::game::prefs::ReactPolicy;
use crate::game::state::{BattleRes, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HotSeat>().add_systems(
        Update,
        (back_after_reaction, follow_turn)
            .chain()
            .in_set(ActStep::Turn),
    );
}

/// Hot-seat reactions (issue 31, item 10): where the board goes back after a reaction
/// and when a side is not asked at all.
#[derive(Resource, Default, Debug, Clone)]
pub struct HotSeat {
    /// The side the board was in front of when it was handed over for a reaction: it
    /// had seen everything up to the reaction, and the answer and what follows are
    /// played on the board in front of both, so the board comes back to it without a
    /// second handover.
    pub back_to: Option<SideId>,
}

/// Once a reaction is answered and the side that handed the board over decides again
/// (its unit's turn goes on, or it is asked next), the board is in front of it at once:
/// no handover back. Anything else that side did not see (another side's turn) clears
/// the note and the usual handover follows.
fn back_after_reaction(
    battle: Res<BattleRes>,
    mut session: ResMut<Session>,
    mut hs: ResMut<HotSeat>,
) {
    let Some(back) = hs.back_to else { return };
    let b = &battle.0;
    match b.status() {
        // A third side is asked: the board is handed over as usual.
        Status::AwaitingReaction(r)
            if b.side(r) != back && handover_pending(b, &session).is_some_and(|d| d != back) =>
        {
            hs.back_to = None;
        }
        // Still with the reactor's side (its next answer).
        Status::AwaitingReaction(r) if b.side(r) != back => {}
        Status::Turn(u) if b.side(u) != back => hs.back_to = None,
        Status::Ended(_) => hs.back_to = None,
        // Its unit's turn goes on, or it is asked: the board is its own again.
        _ if deciding_side(b, &session) == Some(back) => {
            session.viewer = Some(back);
            hs.back_to = None;
        }
        // One of its units answers by itself ("Auto") first: wait for that.
        _ => {}
    }
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

/// The side whose eyes the board shows now: the only human side, or in hot-seat the side
/// that last took the board (else the one deciding); `None`: no human side (everything is
/// shown).
pub fn viewing_side(b: &Battle, s: &Session) -> Option<SideId> {
    if s.human_sides() >= 2 {
        return s.viewer.or_else(|| deciding_side(b, s));
    }
    (0..s.level.sides.len())
        .map(|i| SideId(i as u32))
        .find(|&side| !s.is_ai(side))
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

/// Is the board hidden behind the handover screen? (A run condition: nothing behind the
/// screen, the camera included, reacts to input meanwhile.)
pub fn board_hidden(battle: Option<Res<BattleRes>>, session: Option<Res<Session>>) -> bool {
    match (battle, session) {
        (Some(b), Some(s)) => handover_pending(&b.0, &s).is_some(),
        _ => false,
    }
}

/// What `u` still has to spend on actions this turn, in the ruleset's own words
/// ("AP 2", "Move 1", "Quick 1"): its action gauges that are not empty. Empty: nothing
/// left, so ending the turn needs no confirmation.
pub fn unspent(b: &Battle, u: UnitId) -> Vec<String> {
    crate::game::view::of(b)
        .gauges(b, u)
        .into_iter()
        .filter_map(|g| match g {
            Gauge::Pips {
                label,
                count,
                tone: Tone::Action,
            } if count > 0 => Some(format!("{label} {count}")),
            _ => None,
        })
        .collect()
}

/// Select the unit whose turn it is when the turn passes, and put the cell cursor on it;
/// so too when a battle starts (from the menu, a save, a restart), whichever unit acted
/// last in the battle before.
fn follow_turn(
    battle: Res<BattleRes>,
    session: Res<Session>,
    mut view: ResMut<View>,
    mut last: Local<Option<(Option<UnitId>, u32)>>,
) {
    let cur = battle.0.current();
    if battle.is_added() {
        *last = None;
    }
    let now = Some((cur, session.generation));
    if now != *last {
        *last = now;
        view.selected = cur;
        view.pending = None;
        view.chooser = None;
        view.say = None;
        view.confirm_end = None;
        view.bar_pick = 0;
        if let Some(u) = cur {
            let at = battle.0.pos(u);
            view.cursor = Some(at);
            if view.keyboard {
                view.hovered = Some(at);
            }
        }
    }
}
