//! melee-zone: seed 003, "Combat rules" (`docs/rules/melee-zone.md`): a turn of one
//! Attack Action, one Move Action and two Bonus Actions; d20 + Accuracy against the
//! target's Agility modifier + 10; crit and tragedy chains; melee zones, free hits and
//! Free Hit Slots; disengaging; standing up on a foe's turn on the next turn's credit.

mod actions;
mod ai;
mod ai_choices;
mod attack;
mod casting;
mod explain;
mod facing;
mod feats_a;
mod feats_b;
mod items;
mod numbers;
mod reactions;
mod record;
mod rules;
mod stealth;
mod summons;
mod turns;
mod ui;
mod vocabulary;
mod wounds;

pub use crate::vocab::direction_name;
pub use actions::{boost_of, may_owe_slot, stand_up_owed, stand_up_slot};
pub use ai::MeleeZoneAi;
pub use ai_choices::{
    channel_aim_cost, channel_aim_cost_slow, near_cells, near_cells_slow, position_factor_max,
    position_factor_max_among, position_factor_max_slow, toggle as ai_toggle,
};
pub use attack::{in_zone, outcome};
pub use casting::{
    BATTLE_CASTER, ai_prepare, cast_time, channel, channeling, flat_footed, foe_zone_on,
    foe_zone_on_slow, quick_bolt, quick_bolt_slow, toggleable, would_channel,
};
pub use facing::{FLANKING, behind, facing};
pub use feats_b::{LEGION_LEADER, MANEUVERER, SNEAK_ATTACK, summoning_slots};
pub use numbers::*;
pub use reactions::{WITHIN_STEPS, disengaged};
pub use record::{
    foes, foes_slow, last_cast, last_cast_slow, speed_bound, summoner, summoner_slow,
};
pub use rules::{INITIATOR_LAST, MeleeZone};
pub use stealth::{
    SNEAK_DIE, UNDETECTED, hidden_units, hide_slot, sees, sees_slow, spotter, spotter_slow,
};
pub use summons::{
    sick_from_at_least, sick_from_slow, summons_at_least, summons_inserted, summons_inserted_slow,
    summons_of, summons_of_slow, with_summons, with_summons_slow, with_summons_slow_list,
};
pub use turns::initiative_order;
pub use vocabulary::*;
pub use wounds::{AIMS, Wound, WoundKind, aim_name, aim_words, wounds};
