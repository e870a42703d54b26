//! counters' budgets as the soak checks them: one action a turn, no more than a turn's
//! move, skill dice between 0 and the round's number, the cap at the proficiency bonus.

use crate::battle::Battle;
use crate::components::{Pool, Slot, UnitId};

use super::numbers::{SPEED, proficiency, skill_dice_of, spent_this_round};

/// What is wrong with `u`'s budgets now.
pub fn budget_violations(b: &Battle, u: UnitId) -> Vec<String> {
    let mut v = Vec::new();
    let name = b.name(u);
    if b.slots(u, Slot::Standard) > 1 {
        v.push(format!("{name} has {} actions", b.slots(u, Slot::Standard)));
    }
    if b.move_left(u) > SPEED {
        v.push(format!(
            "{name} has {} cells of movement (most {SPEED})",
            b.move_left(u)
        ));
    }
    let sd = b.pool(u, Pool::SkillDice);
    let most = skill_dice_of(b.base_stats(u));
    if !(0..=most).contains(&sd) {
        v.push(format!("{name} has {sd} skill dice (most {most})"));
    }
    if spent_this_round(b, u) > most {
        v.push(format!(
            "{name} spent {} skill dice this round (has {most} a round)",
            spent_this_round(b, u)
        ));
    }
    let cap = super::numbers::cap(b, u);
    if cap != proficiency(b, u) {
        v.push(format!(
            "{name}'s skill dice cap is {cap}, not its proficiency bonus {}",
            proficiency(b, u)
        ));
    }
    v
}
