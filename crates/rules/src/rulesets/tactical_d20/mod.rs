//! tactical-d20: seed 004, "Action" (`docs/rules/tactical-d20.md`).

mod actions;
pub mod math;

pub use actions::*;
