//! Which dialog has the input (issue 31). While a dialog, menu or prompt is open, the
//! board under it hears no click and no key: `input` reads the mouse and the keyboard
//! through [`open`] alone and routes them to the open dialog's own keys, so a click on an
//! enemy beside the Esc menu fires no shot and a click beside the settings screen moves
//! no unit. Each dialog is here with the state that opens it; a new one adds its variant
//! and its line in [`open`].
//!
//! The side panel's buttons (End turn, the actions, the abilities, draw and sheathe) write
//! the same [`Intent`] the board's keys do, from the egui pass: [`keep_to_the_dialog`]
//! drops what they asked while a dialog is on top (the panel also draws them greyed), so
//! End turn clicked beside the Esc menu ends nothing.

use bevy::prelude::*;
use skirmish_rules::{Battle, Status};

use super::act::{deciding_side, handover_pending};
use super::state::{BattleRes, Intent, Session, View};

/// A dialog, menu or prompt that takes the input while it is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// The hot-seat handover screen (it hides the board): Space.
    Handover,
    /// The replay viewer (`View::viewing`): Left, Right, Home, End, Space, P, Esc
    /// (`saves::viewer` reads them); nothing is played while it is open.
    Viewer,
    /// The settings screen (`View::settings_open`): Esc closes it.
    Settings,
    /// The save prompt or the list of saves (`View::files_open`), over any other, the
    /// handover screen too: its name field, Up, Down, Enter, Esc (`saves` reads them).
    Files,
    /// The in-battle menu (`View::battle_menu`): Esc, Enter, O, R, N, Q.
    Menu,
    /// The help window (`View::help`): F1, ? or Esc close it.
    Help,
    /// The Command's text field (`View::say`): its words, Enter, Esc.
    Words,
    /// A reaction prompt asked of a person (hot-seat or not): Y, N, Enter, Esc, 1-9.
    Reaction,
    /// The victory (or draw) screen: R, M, Esc.
    Victory,
    /// "End the turn?" (`View::confirm_end`): Y, N, Esc.
    ConfirmEnd,
    /// A choice before a command goes in (`View::chooser`): 1-9, Esc.
    Chooser,
}

impl Dialog {
    /// A click on the board closes it, and plays nothing ("End the turn?" and a chooser
    /// are questions about the board, asked over it); any other dialog ignores the click.
    pub fn closed_by_board_click(self) -> bool {
        matches!(self, Dialog::ConfirmEnd | Dialog::Chooser)
    }
}

/// The dialog that has the input now, the one on top first; `None`: the board has it.
pub fn open(b: &Battle, s: &Session, view: &View) -> Option<Dialog> {
    let asked =
        || matches!(b.status(), Status::AwaitingReaction(_)) && deciding_side(b, s).is_some();
    if view.files_open {
        // Over everything, the handover screen too (a save for the next player).
        Some(Dialog::Files)
    } else if view.viewing {
        Some(Dialog::Viewer)
    } else if handover_pending(b, s).is_some() {
        Some(Dialog::Handover)
    } else if view.settings_open {
        Some(Dialog::Settings)
    } else if view.battle_menu {
        Some(Dialog::Menu)
    } else if view.help {
        Some(Dialog::Help)
    } else if view.say.is_some() && view.pending.is_some_and(|p| p.0.words().is_some()) {
        Some(Dialog::Words)
    } else if asked() {
        Some(Dialog::Reaction)
    } else if matches!(b.status(), Status::Ended(_)) {
        Some(Dialog::Victory)
    } else if view.confirm_end.is_some() {
        Some(Dialog::ConfirmEnd)
    } else if view.chooser.is_some() {
        Some(Dialog::Chooser)
    } else {
        None
    }
}

/// What a dialog on top leaves of the frame's intent: its own answers (the menu's
/// restart and quit, the handover, a reaction, "End the turn?", a chooser, the words, Esc
/// and the click `input` routed), never what the board or the side panel asked (end the
/// turn, an action, an ability, cast, draw or sheathe, undo, the cell cursor, Tab).
pub fn screen(i: &mut Intent) {
    i.end_turn = false;
    i.action = None;
    i.carry = None;
    i.ability = None;
    i.next_ability = false;
    i.cast = false;
    i.undo = false;
    i.cycle = None;
    i.cursor_step = None;
    i.confirm = false;
    i.actor = false;
}

/// The one input-routing rule for the side panel: after the input systems, before the
/// intent is carried out, a dialog on top drops the panel's and the board's asks.
pub fn keep_to_the_dialog(
    battle: Res<BattleRes>,
    session: Res<Session>,
    view: Res<View>,
    mut intent: ResMut<Intent>,
) {
    if open(&battle.0, &session, &view).is_some() {
        screen(&mut intent);
    }
}
