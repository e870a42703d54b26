//! The counter attack: "When a creature within 5ft tries to leave your melee range: make
//! a melee attack as a reaction. Cost (choose one): 1 SD, 10ft unspent movement. Counts
//! toward proficiency cap. Cannot counter attack the same creature more than once per
//! round" (`Once::Pair`).

use crate::battle::Battle;
use crate::components::{Cost, Once, Per, Pool, UnitId};
use crate::engine::{Frame, HitEffect, Illegal, Window};
use crate::event::{AttackKind, Event, ReactionKind, Trigger};
use crate::grid::Cell;

use super::numbers::STEP_CELLS;

/// A counter attack's price: 10 ft of unspent movement when the reactor has it (it
/// comes back with its next turn), else 1 skill die (which counts toward the cap).
pub fn counter_attack_cost() -> Cost {
    // `Cost::of(Pool::Movement, 10 ft).or(Pool::SkillDice, 1)`, its list of alternatives
    // built at its size (the `or` regrew it for every reactor asked on every step).
    Cost(vec![
        vec![(Pool::Movement, STEP_CELLS as i32)],
        vec![(Pool::SkillDice, 1)],
    ])
}

/// The counter attack offered to `reactor` as `mover` leaves `from` for `to`: `from` is
/// within 5 ft of it, `to` is out of its melee range, it has not counter attacked the
/// mover this round, and it can pay.
pub fn offer(
    b: &Battle,
    reactor: UnitId,
    mover: UnitId,
    from: Cell,
    to: Option<Cell>,
) -> Option<Vec<ReactionKind>> {
    let ok = b.alive(reactor)
        && b.enemies(reactor, mover)
        && b.grid().distance(b.pos(reactor), from) <= 1
        && b.threatens(reactor, from)
        && to.is_none_or(|t| !b.threatens(reactor, t))
        && !b.used_against(reactor, mover, Per::Round)
        && b.affords(reactor, &counter_attack_cost());
    ok.then(|| vec![ReactionKind::ReactionAttack])
}

/// The counter attack taken: marked against the mover for the round, then a melee attack
/// with the reactor's best melee weapon.
pub fn answer(b: &mut Battle, w: &Window) -> Result<(), Illegal> {
    let Trigger::Leaving { mover, .. } = w.trigger else {
        return Err(Illegal::NoWindow);
    };
    b.emit(Event::Marked {
        unit: w.reactor,
        once: Once::Pair {
            other: mover,
            per: Per::Round,
        },
    });
    let d = b.grid().distance(b.pos(w.reactor), b.pos(mover));
    if let Some(weapon) = b.best_melee(w.reactor, d.max(1)) {
        b.push_frame(Frame::Attack {
            attacker: w.reactor,
            target: mover,
            weapon,
            kind: AttackKind::Reaction,
            effect: HitEffect::Damage,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The price built at its size is the one `Cost::of(..).or(..)` builds.
    #[test]
    fn counter_attack_cost_is_10_ft_or_else_a_skill_die() {
        assert_eq!(
            counter_attack_cost(),
            Cost::of(Pool::Movement, STEP_CELLS as i32).or(Pool::SkillDice, 1)
        );
    }
}
