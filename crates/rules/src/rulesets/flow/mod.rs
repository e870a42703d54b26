//! flow: seed 002, "Round Resolution Cheat Sheet" (`docs/rules/flow.md`).

mod actions;
mod advantage;
mod bounds;
mod casting;
mod chances;
mod combat;
mod explain;
mod intercept;
mod maneuvers;
mod perform;
mod ui;
mod vocabulary;

pub use actions::*;
pub use casting::{cast_ap, magic_check, resist_check, spell_attack_check};
pub use chances::*;
pub use combat::*;
pub use intercept::*;
pub use maneuvers::*;
pub(crate) use perform::*;
pub use vocabulary::*;

mod ai;
mod rules;

pub use ai::*;
pub use rules::Flow;
