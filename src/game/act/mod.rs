//! [`Intent`](super::Intent) → commands. Selection, targeted actions, undo, restart,
//! hot-seat handover, automatic reactions, and the `--event-log` file. Every change to
//! the battle goes through `Battle::submit`, as in the headless runner.
//!
//! One file per part: `keys` (the action keys, their shortcuts, labels and prices),
//! `pending` (a targeted action waiting for its click, the command it makes, choosers),
//! `legal` (whether an action of the bar can be taken now, and why not),
//! `intent` (the frame's `Intent` carried out), `submit` (every command goes in there;
//! undo), `ai` (the AI's pace, automatic reactions), `turn` (hot-seat, following the
//! turn) and `log_file` (the `--event-log` file).

mod ai;
pub mod cast;
mod intent;
mod keys;
mod legal;
mod log_file;
mod pending;
mod submit;
mod turn;

use bevy::prelude::*;

use super::{BattleRes, Screen, Session};

pub use ai::auto_choice;
pub use cast::Casting;
pub use keys::ActionKey;
pub use legal::{Usable, why_not as why_not_action};
pub use pending::{Chooser, Pending};
pub use submit::{replay, undoable};
pub use turn::{board_hidden, deciding_side, handover_pending, unspent};

/// Input records intent, `Act` carries it out, `View` draws the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse and keyboard.
    Input,
    /// Commands.
    Act,
    /// Overlays and sprites.
    View,
}

/// The steps of [`GameSystems::Act`], in order: the player's intent, the AI and automatic
/// reactions, following the turn, the event log file.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum ActStep {
    /// `intent`: the player's intent this frame.
    Intent,
    /// `ai`: the AI's command, then automatic reaction answers.
    Ai,
    /// `turn`: the selection follows the turn.
    Turn,
    /// `log_file`: new events into the `--event-log` file.
    EventLog,
}

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
    .add_systems(OnExit(Screen::Battle), |mut commands: Commands| {
        commands.remove_resource::<BattleRes>();
        commands.remove_resource::<Session>();
    });
}
