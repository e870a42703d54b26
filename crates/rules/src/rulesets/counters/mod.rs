//! counters: seed 000, "Counters and Reactions" (`docs/rules/counters.md`), on a plain
//! d20 base: initiative d20 + Agility modifier; one action and a 30 ft (6 cell) move a
//! turn; d20 + attack bonus against Passive Dodge; passive absorption; Block, Parry and
//! Dig In paid with skill dice and unspent movement, declared before they resolve by
//! type then initiative; the counter attack on a foe leaving melee range.

mod ai;
mod ai_commits;
mod ai_grapple;
mod attack;
mod counterspell;
mod defence;
mod explain;
mod hazards;
mod items;
mod memo;
mod numbers;
mod reactions;
mod rules;
mod spells;
mod status;
mod turns;
mod ui;
mod vocabulary;
mod wave2;

pub use ai::{CountersAi, worth};
pub use ai_commits::best_counter;
pub use ai_grapple::{escape_chance, grapple_value};
pub use attack::{outcome, strained_reaction};
pub use defence::{defenders, incoming, resolve_order, taken_off};
pub use numbers::*;
pub use reactions::counter_attack_cost;
pub use rules::Counters;
pub use spells::{
    CASTING, casting_bonus, level as spell_level, reactors as spell_reactors,
    reactors_by_order as spell_reactors_by_order,
};
pub use status::{ESCAPABLE, set_full_grapple_scans, source_dc};
pub use vocabulary::*;
