//! escalation: seed 001, "Combat Rules" (`docs/rules/escalation.md`): 3d6 + Level +
//! Volition + the escalation die against AC, PD or MD, initiative bands, Quick/Move/
//! Standard actions, engagement, disengaging, opportunity attacks, dying and death saves.

mod actions;
mod adjacent;
mod ai;
mod ai_memo;
mod attack;
mod casting;
mod dicey;
mod explain;
mod intercept;
mod interrupts;
mod legality;
mod odds;
mod powers;
mod reach;
mod ready;
mod rules;
mod turns;
mod ui;
mod vocabulary;

pub use actions::*;
pub use adjacent::{NextTo, next_to};
pub use ai::EscalationAi;
pub use attack::*;
pub use casting::{action_slot, damage_kind, power_math, power_numbers};
pub use dicey::{
    DiceyPlan, default_target as dicey_default_target, dicey_candidates, dicey_difficulty,
    dicey_plan, dicey_spot,
};
pub use explain::SUSTAIN_PRICE;
pub use intercept::*;
pub use interrupts::{SHIELD_BONUS, has_option, options, triggered, ward};
pub use legality::{check, plan_attack};
pub use powers::{lasting_effects, sustain_chance, sustainable, used_or_sustained_this_turn};
pub use ready::ready_plan;
pub use rules::Escalation;
pub use turns::*;
pub use ui::escalation_line;
pub use vocabulary::*;
