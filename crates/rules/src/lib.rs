//! Skirmish rules core: grids, dice, combatants, turn engine, rulesets, levels, scripts.
//!
//! Nothing here reads input, renders, or calls the clock; all randomness comes from the
//! battle's seeded [`dice::Dice`]. The same code runs in the window, in tests, in the
//! headless runner and for the AI.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod abilities;
pub mod ai;
pub mod battle;
pub mod components;
pub mod dice;
pub mod engine;
pub mod event;
pub mod forecast;
pub mod fuzz;
pub mod grid;
pub mod level;
pub mod odds;
pub mod pools;
pub mod record;
mod record_text;
pub mod rulesets;
pub mod save;
pub mod script;
pub mod sentence;
pub mod shown;
pub mod sim;
pub mod span;
pub mod text_file;
pub mod vocab;

pub use battle::{Battle, Status};
pub use engine::{Command, Illegal};
pub use event::Event;
