//! The AI controller, the simulator and the soak checker, through the same
//! `Battle::submit` path the window uses.
//!
//! The tests are in `ai/`: `choices` (targets, moves, windows, the odds), `maneuvers` (the
//! AI's special actions), `simulator` (the sim table and the soak checker), `stuck` (turns
//! that make no progress, issue 15).

use skirmish_rules::Battle;
use skirmish_rules::record::record;

mod choices;
mod maneuvers;
mod simulator;
mod stuck;

fn texts(b: &Battle) -> Vec<String> {
    b.log().iter().map(|l| record(b, l).text()).collect()
}
