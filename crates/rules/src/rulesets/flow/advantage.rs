//! Advantage and Disadvantage that every check or attack of a kind gets, a weapon's or a
//! spell's alike (issue 29, one attack path).

use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId};

/// A prone target: Advantage to a melee attack on it, Disadvantage to a ranged one (a
/// weapon's or a spell's alike: a touch spell is melee, one that reaches farther ranged).
pub fn prone_target(b: &Battle, target: UnitId, melee: bool) -> i32 {
    match (b.has(target, ConditionKind::Prone), melee) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => -1,
    }
}

/// Advantage sources on the actor's own checks: Disadvantage while prone or while
/// holding someone in a grapple.
pub fn actor_advantage(b: &Battle, u: UnitId) -> i32 {
    let mut a = 0;
    if b.has(u, ConditionKind::Prone) {
        a -= 1;
    }
    if b.has(u, ConditionKind::Grappling) {
        a -= 1;
    }
    a
}
