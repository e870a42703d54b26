//! tactical-d20 turns: start of battle, surprise, who takes a turn (dying saves).
//! Start-of-turn losses and the round's Reactions are the ruleset's answers in
//! `rules.rs`.

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Stat, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::event::Event;

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
