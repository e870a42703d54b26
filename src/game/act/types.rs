//! The plain types of `act` that the rest of the window names: a targeted action waiting
//! for its click ([`Pending`]), the chooser ([`Chooser`]), and the order of the steps
//! that carry out the frame ([`ActStep`]). Nothing above is imported here: the window's
//! state (`View`) holds these, and every part of `act` uses them.

use bevy::prelude::*;

use super::keys::ActionKey;

/// A targeted action waiting for its click (or, for one that asks for words, for them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending(pub ActionKey);

/// A choice between commands the player makes before any goes in (keys 1-9): the
/// ruleset's [`Choice`](skirmish_rules::rulesets::ui::Choice).
pub use skirmish_rules::rulesets::ui::Choice as Chooser;

/// The steps of [`GameSystems::Act`](crate::game::GameSystems::Act), in order: the player's intent, the AI and automatic
/// reactions, following the turn, the event log file.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum ActStep {
    /// `intent`: the player's intent this frame.
    Intent,
    /// `ai`: the AI's command, then automatic reaction answers.
    Ai,
    /// `turn`: the selection follows the turn.
    Turn,
    /// `log_file`: new events into the `--event-log` file.
    EventLog,
}
