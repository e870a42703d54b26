//! The pipeline: command → check → resolve (frames) → events → apply.
//!
//! Resolution is an explicit stack of serializable [`Frame`]s. When a frame needs a
//! decision from a reactor, the engine opens a [`Window`] and stops; the battle waits
//! until that reactor answers with [`Command::React`].

mod answer;
mod cast;
mod cast_targets;
mod command;
mod frame;
mod illegal;
mod pipeline;
mod reach;
mod settle;
mod turns;

pub use crate::rulesets::{Action, RulesetFrame};
pub use command::*;
pub use frame::*;
pub use illegal::*;
pub use turns::roll_initiative;
pub(crate) use turns::{begin_current, end_turn};

/// A ranged weapon reaches at most this many range increments.
pub const MAX_RANGE_INCREMENTS: u32 = 10;

/// The error for a frame of another ruleset than the battle's (the engine refuses it
/// before [`crate::rulesets::Ruleset::frame`] sees it), or one a ruleset got but never
/// queues: a bug, reported instead of ignored.
pub fn foreign_frame(ruleset: &str, f: &impl std::fmt::Debug) -> Illegal {
    Illegal::Cannot {
        unit: ruleset.into(),
        why: format!("the engine queued a frame this ruleset does not know: {f:?}"),
    }
}
