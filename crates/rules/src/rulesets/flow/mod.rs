//! flow: seed 002, "Round Resolution Cheat Sheet" (`docs/rules/flow.md`).

mod actions;
mod combat;
mod intercept;
mod maneuvers;
mod perform;
mod ui;

pub use actions::*;
pub use combat::*;
pub use intercept::*;
pub use maneuvers::*;
pub(crate) use perform::*;

mod ai;
mod rules;

pub use ai::*;
pub use rules::Flow;
