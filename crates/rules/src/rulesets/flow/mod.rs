//! flow: seed 002, "Round Resolution Cheat Sheet" (`docs/rules/flow.md`).

mod actions;
mod combat;

pub use actions::*;
pub use combat::*;
