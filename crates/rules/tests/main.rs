//! The rules crate's one integration-test binary: no Bevy beyond `bevy_ecs`. Files under
//! the repository's `levels/` and `tests/fixtures/` are reached through `support::repo`.
#![forbid(unsafe_code)]

mod ai;
mod ai_casting;
mod casting_cells;
mod casting_flow;
mod casting_td;
mod command_fuzz;
mod core;
mod dice;
mod dice_props;
mod duel;
mod duel_hooks;
mod duel_hooks_steps;
mod duel_plus;
mod engine;
mod escalation;
mod escalation_ai;
mod escalation_dicey;
mod escalation_fields;
mod escalation_interrupts;
mod escalation_powers;
mod explain;
mod flow;
mod flow_choice;
mod flow_gaps;
mod flow_ready_cast;
mod fuzz_cases;
mod grid;
mod level_data;
mod level_fuzz;
mod levels;
mod melee_zone;
mod melee_zone_wounds;
mod messages;
mod odds_ops;
mod paths;
mod pools;
mod sentences;
mod spell_attack_path;
mod spell_attack_props;
mod support;
mod tactical_d20;
mod td_gaps;
mod text_files;
mod ui;
