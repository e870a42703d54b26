//! The shared AI's measures that the rulesets' tactics use too: the value of an
//! attack ([`attack_value`], [`odds_value`]), the support of allies around a foe, and
//! a legal special action. Below the registry: it names no ruleset.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::{Action, Command};
use crate::event::AttackKind;
use crate::grid::Cell;
use crate::rulesets::{AttackOdds, attack_odds_numbers};

/// Value of a certain kill, in HP of expected damage.
pub const KILL_BONUS: f64 = 6.0;

/// Expected value of `attacker` attacking `target` now with `weapon`: the mean damage
/// (crits included) plus [`KILL_BONUS`] times the chance to bring it to 0 HP.
pub fn attack_value(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> f64 {
    odds_value(
        b,
        target,
        &attack_odds_numbers(b, attacker, target, weapon, kind),
    )
}

/// The value of an attack on `target` with these odds (see [`attack_value`]): with the
/// exact damage distributions when the odds carry them (the same as the resolver rolls,
/// [`crate::odds::expected_hit`]), else with damage taken as uniform over its range.
pub(crate) fn odds_value(b: &Battle, target: UnitId, o: &AttackOdds) -> f64 {
    let hp = b.hp(target);
    let mut ev = match &o.dists {
        Some((d, c)) => {
            let (mean, down) = crate::odds::expected_hit(o.hit, o.crit, d, c, hp);
            mean + KILL_BONUS * down
        }
        None => uniform_value(o, hp),
    };
    // The target may still stop the hit (flow: Dodge, Parry, Block), at the odds of its
    // best defence.
    ev *= 1.0 - o.stopped.clamp(0.0, 1.0);
    ev
}

/// [`odds_value`] before defences, damage taken as uniform over its range.
fn uniform_value(o: &AttackOdds, hp: i32) -> f64 {
    let mean = |(lo, hi): (i32, i32)| f64::from(lo + hi) / 2.0;
    let plain = (o.hit - o.crit).max(0.0);
    let mut ev = plain * mean(o.damage) + o.crit * mean(o.crit_damage);
    let drop = |(lo, hi): (i32, i32)| {
        if hi < hp {
            0.0
        } else if lo >= hp {
            1.0
        } else {
            f64::from(hi - hp + 1) / f64::from(hi - lo + 1)
        }
    };
    ev += KILL_BONUS * (plain * drop(o.damage) + o.crit * drop(o.crit_damage));
    ev
}

/// The least expected gain (HP) for which the AI spends its spare AP before attacking.
pub(crate) const SPARE_AP_GAIN: f64 = 0.2;

pub(crate) fn legal(b: &Battle, c: Command) -> Option<Command> {
    b.check(&c).is_ok().then_some(c)
}

pub(crate) fn act(b: &Battle, unit: UnitId, action: Action) -> Option<Command> {
    legal(b, Command::Act { unit, action })
}

/// How much allies add to attacking a foe standing on `pe` in melee from `c`, given the
/// cells of the allies that threaten it: ×1.35 when one stands in the exactly opposite
/// cell (tactical-d20 flanking), +0.1 for each (flow's gang-up).
pub(crate) fn support(b: &Battle, c: Cell, pe: Cell, helpers: &[Cell]) -> f64 {
    let opposite = b.grid().opposite(c, pe);
    let flank = helpers.contains(&opposite);
    1.0 + 0.1 * helpers.len() as f64 + if flank { 0.35 } else { 0.0 }
}
