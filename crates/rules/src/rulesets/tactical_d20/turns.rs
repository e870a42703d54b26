//! tactical-d20 turns: start of battle, surprise, who takes a turn (dying saves), and
//! start-of-turn losses.

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Pool, Slot, Stat, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::event::{Event, Gain};

use super::attack::after_damage;
use super::checks::{Save, save};
use super::conditions::add;

/// Bleeding damage each turn.
pub const BLEED: DiceExpr = DiceExpr::new(1, 4);

/// Start of battle: everyone is Surprised until its first turn; Crippled strikes.
pub(crate) fn start(b: &mut Battle) -> Result<(), ForcedFaceError> {
    for u in b.units().collect::<Vec<_>>() {
        add(
            b,
            u,
            ConditionKind::Surprised,
            Duration::UntilOwnTurnStart,
            None,
        );
        if b.has(u, ConditionKind::Crippled) {
            for stat in [Stat::Str, Stat::Dex] {
                let roll = b.dice.roll(DiceExpr::new(1, 4))?;
                b.emit(Event::AbilityDamage {
                    unit: u,
                    stat,
                    roll,
                });
            }
        }
    }
    Ok(())
}

/// +4 initiative for those who acted in the surprise round.
pub(crate) fn surprise_bonus(b: &Battle, u: UnitId) -> Option<Modifier> {
    (b.level().surprise == Some(b.side(u)))
        .then(|| Modifier::new(ModKind::Other, "surprise round", 4))
}

/// Does the unit take its turn? Unconscious units do not; a dying one rolls its
/// Fortitude save instead (DC 10 + negative HP; a failure costs 1 more HP).
pub(crate) fn takes_turn(b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
    if b.has(u, ConditionKind::Dying) && !b.has(u, ConditionKind::Dead) {
        let m = save(b, u, Save::Fortitude);
        let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
        for x in m {
            roll = roll.with(x);
        }
        let dc = 10 + b.hp(u).abs();
        let success = roll.total >= dc;
        b.emit(Event::Save {
            unit: u,
            kind: ConditionKind::Dying,
            roll,
            target_number: dc,
            success,
        });
        if !success {
            let hp_after = b.hp(u) - 1;
            b.emit(Event::Damage {
                unit: u,
                source: None,
                roll: Roll::from_faces(DiceExpr::new(0, 1), Vec::new()).with(Modifier::new(
                    ModKind::Condition,
                    "dying",
                    1,
                )),
                amount: 1,
                hp_after,
            });
            after_damage(b, u);
        }
        return Ok(false);
    }
    Ok(b.alive(u) && !b.has(u, ConditionKind::Unconscious))
}

/// Start-of-turn losses: Restrained and Writhing lose the Move action.
pub(crate) fn turn_started(b: &mut Battle, u: UnitId) {
    for c in [ConditionKind::Restrained, ConditionKind::Writhing] {
        if b.has(u, c) {
            super::budget::lose_slot(b, u, Slot::Move, c);
        }
    }
}

/// "Each creature starts with 1 Reaction per round": when a round starts, every standing
/// creature has its Reaction back. A Wait's extra Reaction, still unspent, is kept until
/// the waiter's own turn starts (it "must be completed before the start of the waiting
/// creature's next turn"); an Opportunity Attack paid while waiting spends the ordinary
/// Reaction first. A waiter with both spent stops waiting.
pub(crate) fn refill_reactions(b: &mut Battle) {
    for u in b.units().collect::<Vec<_>>() {
        if !b.alive(u) {
            continue;
        }
        let left = b.rp(u);
        let waiting = b.has(u, ConditionKind::Waiting);
        if waiting && left <= 0 {
            super::conditions::remove(b, u, ConditionKind::Waiting, None);
        }
        let want = 1 + i32::from(waiting && left >= 1);
        if left < want {
            b.emit(Event::refilled(
                u,
                Pool::Reaction,
                want - left,
                Gain::Regained,
            ));
        }
    }
}
