//! tactical-d20: seed 004, "Action" (`docs/rules/tactical-d20.md`).

mod attack;
mod budget;
mod casting;
mod check;
mod checks;
mod conditions;
mod explain;
pub mod math;
mod movement;
mod perform;
mod reactions;
mod turns;
mod ui;
mod vocabulary;
mod wait_ui;

pub use attack::*;
pub use budget::*;
pub use casting::{
    NO_PSIONIC_FOCUS, could_counter, focus_dc, psion, save_of, spell_attack_bonus, spell_dc,
    spell_defence,
};
pub use check::*;
pub use checks::*;
pub use conditions::*;
pub use movement::*;
pub use perform::*;
pub use reactions::*;
pub use turns::*;
pub use vocabulary::*;

mod ai;
mod rules;

pub use ai::*;
pub use rules::TacticalD20;
