//! [`Intent`](super::Intent) → commands. Selection, targeted actions, undo, restart,
//! hot-seat handover, automatic reactions, and the `--event-log` file. Every change to
//! the battle goes through `Battle::submit`, as in the headless runner.
//!
//! One file per part: `keys` (the action keys, their shortcuts, labels and prices),
//! `types` (the plain types the window's state holds: [`Pending`], [`Chooser`], and the
//! order of the steps), `cast` (the ability being aimed), `cursor` (the cell cursor, Tab's targets),
//! `pending` (the command a targeted action makes once its target is known, choosers),
//! `legal` (whether an action of the bar can be taken now, and why not),
//! `offers` (what a reaction prompt offers: who, odds, words), `intent` (the frame's `Intent` carried out), `submit` (every command goes in there;
//! undo), `ai` (the AI's pace, automatic reactions), `turn` (hot-seat, following the
//! turn) and `log_file` (the `--event-log` file). This file only registers the parts
//! and re-exports what the rest of the window names; no part imports it.

mod ai;
pub mod cast;
mod cursor;
mod intent;
mod keys;
mod legal;
pub(crate) mod log_file;
pub mod offers;
mod pending;
mod submit;
mod turn;
mod types;

use bevy::prelude::*;

use super::{BattleRes, GameSystems, Screen, Session, View};
use types::ActStep;

pub use ai::auto_choice;
pub use cast::Casting;
pub use cursor::armed_targets;
pub use keys::{ActionKey, chords_of, ruleset_chords};
pub use legal::{Usable, why_not as why_not_action};
pub use submit::{replay, undo_blocked, undoable};
pub use turn::{HotSeat, board_hidden, deciding_side, handover_pending, unspent, viewing_side};
pub use types::{Chooser, Pending};

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Act, GameSystems::View).chain(),
    )
    .configure_sets(
        Update,
        (
            ActStep::Intent,
            ActStep::Ai,
            ActStep::Turn,
            ActStep::EventLog,
        )
            .chain()
            .in_set(GameSystems::Act)
            .run_if(in_state(Screen::Battle)),
    )
    .add_plugins((intent::plugin, ai::plugin, turn::plugin, log_file::plugin))
    .add_systems(
        OnExit(Screen::Battle),
        |mut commands: Commands, mut hot: ResMut<turn::HotSeat>, mut view: ResMut<View>| {
            commands.remove_resource::<BattleRes>();
            commands.remove_resource::<Session>();
            hot.back_to = None;
            // The next battle (from the menu, a save opened with Ctrl+O, the list of
            // saves or Continue) starts with a fresh view: nothing of this one's
            // selection, hover, armed action or open windows. The message stays (a save
            // opened says so on the battle it opens).
            let message = view.message.take();
            *view = View {
                message,
                ..view.fresh()
            };
        },
    );
}
