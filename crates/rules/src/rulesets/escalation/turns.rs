//! escalation turns and hit points: stances at the start, the escalation die, start of
//! turn losses, damage, Staggered, dying and death saves, recoveries.

use crate::battle::Battle;
use crate::components::{
    Carried, ConditionKind, Duration, ModCause, Pool, Slot, Stat, StatMod, UnitId, WeaponKind,
    WeaponTag,
};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::event::{Event, Outcome, Spend};

use super::attack::{CRIT_FROM, d6s, is_pc, level_of};

/// A normal save ("11+").
pub const SAVE: i32 = 11;
/// A death save ("usually a 13+ Save").
pub const DEATH_SAVE: i32 = 13;
/// The highest the escalation die goes.
pub const ESCALATION_MAX: i32 = 6;
/// Recoveries a unit starts with when its stats name none ("typically a maximum of 8").
pub const RECOVERIES: i32 = 8;
/// Failed death saves that kill ("If you fail four Death Saves in one encounter").
pub const DEATH_SAVES: i32 = 4;
/// Cells one Move action covers when a unit's stats give no `Speed` (Nearby: "next
/// to/engaged with each other with one move action").
pub const SPEED: u32 = 6;
/// The die of a recovery when the unit's stats name none (`RecoveryDie`).
pub const RECOVERY_DIE: u32 = 8;
/// The die of an NPC's healing, one per Level ("NPCs are healed either 1d6 per level or
/// 1d10 per level if it matters").
pub const NPC_HEALING_DIE: u32 = 6;

/// Ongoing damage a turn ("the listed amount"; see the docs' interpretations).
pub const ONGOING: i32 = 5;

/// Speed in cells per Move action (the `Speed` stat, else [`SPEED`]).
pub fn speed(b: &Battle, u: UnitId) -> u32 {
    match b.stats(u).get(Stat::Speed) {
        s if s > 0 => s as u32,
        _ => SPEED,
    }
}

/// At the start: every unit takes the stance of the first weapon it holds; the weapons of
/// the other stance are stowed (a stance switch draws them).
pub(crate) fn take_stances(b: &mut Battle) {
    for u in b.units().collect::<Vec<_>>() {
        let ws = b.weapons(u).to_vec();
        let Some(first) = (0..ws.len())
            .find(|&i| b.held(u, i) && !ws[i].has(WeaponTag::Shield))
            .map(|i| ws[i].kind)
        else {
            continue;
        };
        for (i, w) in ws.iter().enumerate() {
            if w.kind != first && !w.has(WeaponTag::Shield) && b.held(u, i) {
                b.emit(Event::CarryChanged {
                    unit: u,
                    item: i,
                    now: Carried::Stowed,
                });
            }
        }
    }
}

/// The escalation die at the start of round `round`: 0 in round 1, then +1 a round up
/// to [`ESCALATION_MAX`].
pub fn escalation_for_round(round: u32) -> i32 {
    (round.saturating_sub(1) as i32).min(ESCALATION_MAX)
}

/// How many units of the ambushing side act in a surprise round ("Two characters of the
/// ambushing party's choice").
pub const SURPRISE_ACTORS: usize = 2;

/// Does `u` sit out the surprise round: the first [`SURPRISE_ACTORS`] units of the
/// ambushing side in the turn order act (the level's choice, by their band and order),
/// the rest of that side waits for round 2.
pub fn sits_out_surprise(b: &Battle, u: UnitId) -> bool {
    let Some(side) = b.level().surprise else {
        return false;
    };
    if b.round() != 1 || b.side(u) != side {
        return false;
    }
    !b.order()
        .iter()
        .filter(|&&x| b.side(x) == side)
        .take(SURPRISE_ACTORS)
        .any(|&x| x == u)
}

/// The escalation die at the start of round `round` of this battle: the surprise round
/// does not count ("After this round, initiative proceeds as normal"), except that an
/// ambush by PCs starts the die at 1 in the first real round.
pub fn escalation_now(b: &Battle, round: u32) -> i32 {
    match b.level().surprise {
        None => escalation_for_round(round),
        Some(side) => {
            let pcs = b
                .level()
                .sides
                .get(side.0 as usize)
                .is_some_and(|s| s.role == crate::level::Role::Pc);
            if pcs {
                escalation_for_round(round)
            } else {
                escalation_for_round(round.saturating_sub(1))
            }
        }
    }
}

/// Start of turn: Stunned (and Helpless, which is Stunned) loses the Move action.
pub(crate) fn turn_started(b: &mut Battle, u: UnitId) {
    for c in [ConditionKind::Stunned, ConditionKind::Helpless] {
        if b.has(u, c) {
            let left = b.slots(u, Slot::Move);
            if left > 0 {
                b.emit(Event::spent(
                    u,
                    Pool::Slot(Slot::Move),
                    i32::from(left),
                    Spend::Lost(c),
                ));
            }
            break;
        }
    }
}

/// Is the unit Staggered (at half its hit points or less)?
pub fn staggered(b: &Battle, u: UnitId) -> bool {
    let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
    b.alive(u) && b.hp(u) * 2 <= max
}

/// Deal damage (a hit's, miss damage, ongoing damage) and what follows.
pub(crate) fn deal(b: &mut Battle, u: UnitId, source: Option<UnitId>, roll: Roll, crit: bool) {
    let amount = roll.total.max(0);
    let hp_after = b.hp(u) - amount;
    b.emit(Event::Damage {
        unit: u,
        source,
        roll,
        amount,
        hp_after,
    });
    after_damage(b, u, crit);
}

/// At 0 HP or less a PC is Dying (out of the fight, rolling death saves), an enemy dies.
pub(crate) fn after_damage(b: &mut Battle, u: UnitId, _crit: bool) {
    if b.hp(u) > 0 || !b.alive(u) {
        return;
    }
    b.emit(Event::Down { unit: u });
    let kind = if is_pc(b, u) {
        ConditionKind::Dying
    } else {
        ConditionKind::Dead
    };
    b.emit(Event::ConditionAdded {
        unit: u,
        kind,
        duration: Duration::UntilRemoved,
        source: None,
    });
    if b.ended.is_none() {
        b.check_victory();
    }
}

/// Was the dying unit dropped by a crit or put to negative hit points of half its
/// maximum (2 Disadvantage on its first death save)? Read from the log: the damage that
/// dropped it and the attack that dealt it.
pub fn dropped_hard(b: &Battle, u: UnitId) -> bool {
    let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
    let log = b.log();
    let Some(down) = log
        .iter()
        .rposition(|l| matches!(l.event, Event::Down { unit } if unit == u))
    else {
        return false;
    };
    let Some(dmg) = log[..down]
        .iter()
        .rposition(|l| matches!(l.event, Event::Damage { unit, .. } if unit == u))
    else {
        return false;
    };
    let Event::Damage { hp_after, .. } = log[dmg].event else {
        return false;
    };
    if hp_after * 2 <= -max {
        return true;
    }
    log[..dmg].iter().rev().take(4).any(|l| {
        matches!(l.event, Event::Attack { target, outcome: Outcome::Critical, .. } if target == u)
    })
}

/// Has the unit rolled a death save since it last went down?
fn saved_since_down(b: &Battle, u: UnitId) -> bool {
    for l in b.log().iter().rev() {
        match l.event {
            Event::Down { unit } if unit == u => return false,
            Event::Save {
                unit,
                kind: ConditionKind::Dying,
                ..
            } if unit == u => return true,
            _ => {}
        }
    }
    false
}

/// The Disadvantage on `u`'s saves: Enervated (1), and on a first death save after a
/// hard drop, 2 more.
pub fn save_edges(b: &Battle, u: UnitId, death: bool) -> Vec<Modifier> {
    let mut v = Vec::new();
    if b.has(u, ConditionKind::SpiritSaves) {
        v.push(Modifier::new(
            ModKind::Condition,
            "Advantage: a fallen friend fights in spirit",
            1,
        ));
    }
    if b.has(u, ConditionKind::Enervated) {
        v.push(Modifier::new(
            ModKind::Condition,
            "Disadvantage: enervated",
            -1,
        ));
    }
    if death && !saved_since_down(b, u) && dropped_hard(b, u) {
        v.push(Modifier::new(
            ModKind::Condition,
            "2 Disadvantage: dropped by a crit or to −half HP",
            -2,
        ));
    }
    v
}

/// Roll a save: 3d6 with the unit's Advantage and Disadvantage dice (each a modifier of
/// 0 in the log); `bonus` is added.
pub fn roll_save(
    b: &mut Battle,
    u: UnitId,
    death: bool,
    bonus: Option<Modifier>,
) -> Result<Roll, ForcedFaceError> {
    let edges = save_edges(b, u, death);
    let net = edges.iter().map(|m| m.value).sum();
    let mut roll = b.roll(d6s(net))?;
    for m in edges {
        roll = roll.with(Modifier { value: 0, ..m });
    }
    if let Some(m) = bonus {
        roll = roll.with(m);
    }
    Ok(roll)
}

/// A dying unit's turn: it rolls its death save instead (13+). Success: it heals with a
/// recovery from 0 HP and acts next turn; a crit (natural 17+): it acts at once; a failure
/// is marked (unless stabilized), and the fourth kills. Returns whether it acts now.
pub(crate) fn death_save(b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
    let roll = roll_save(b, u, true, None)?;
    let natural = roll.natural();
    let success = roll.total >= DEATH_SAVE;
    b.emit(Event::Save {
        unit: u,
        kind: ConditionKind::Dying,
        roll,
        target_number: DEATH_SAVE,
        success,
    });
    if success {
        revive(b, u)?;
        return Ok(natural >= CRIT_FROM);
    }
    if !b.has(u, ConditionKind::Stabilized) {
        b.emit(Event::spent(
            u,
            Pool::DeathSaveFailures,
            1,
            Spend::DeathSave,
        ));
        if b.pool(u, Pool::DeathSaveFailures) <= 0 {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind: ConditionKind::Dying,
                source: None,
            });
            b.emit(Event::ConditionAdded {
                unit: u,
                kind: ConditionKind::Dead,
                duration: Duration::UntilRemoved,
                source: None,
            });
        }
    }
    Ok(false)
}

/// Back from dying: heal using a recovery from 0 HP, up again.
pub(crate) fn revive(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    let hp = b.hp(u);
    if hp < 0 {
        // "heals using a Recovery from 0 hp (regardless of what their Hit Points were at)"
        b.emit(Event::Healed {
            unit: u,
            amount: -hp,
            hp_after: 0,
        });
    }
    use_recovery(b, u)?;
    for k in [ConditionKind::Dying, ConditionKind::Stabilized] {
        if b.has(u, k) {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind: k,
                source: None,
            });
        }
    }
    if b.hp(u) < 1 {
        let hp = b.hp(u);
        b.emit(Event::Healed {
            unit: u,
            amount: 1 - hp,
            hp_after: 1,
        });
    }
    // Another unit may have stepped onto its cell while it lay there: it gets up on the
    // nearest free cell.
    let here = b.pos(u);
    if b.unit_at(here, Some(u)).is_some() {
        let grid = b.grid();
        let free = grid
            .cells()
            .filter(|&c| b.terrain(c).cost().is_some() && b.unit_at(c, Some(u)).is_none())
            .min_by_key(|&c| (grid.distance(here, c), c));
        if let Some(to) = free {
            b.emit(Event::FellBack {
                unit: u,
                from: here,
                to,
            });
        }
    }
    b.emit(Event::Revived { unit: u });
    Ok(())
}

/// The roll of one recovery: Level × the recovery die.
pub fn recovery_dice(b: &Battle, u: UnitId) -> DiceExpr {
    let die = match b.stats(u).get(Stat::RecoveryDie) {
        d if d > 1 => d as u32,
        // "NPCs are healed either 1d6 per level"
        _ if !is_pc(b, u) => NPC_HEALING_DIE,
        _ => RECOVERY_DIE,
    };
    DiceExpr::new(level_of(b, u) as u32, die)
}

/// Heal using a recovery: spend one and roll it; with none left the healing is halved
/// and the unit takes −1 to Volition and every defence for the battle.
pub(crate) fn use_recovery(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    let have = b.pool(u, Pool::Recoveries) > 0;
    let mut roll = b.roll(recovery_dice(b, u))?;
    if have {
        b.emit(Event::spent(u, Pool::Recoveries, 1, Spend::Recovery));
    } else {
        let cut = roll.total - roll.total / 2;
        roll = roll.with(Modifier::new(
            ModKind::Other,
            "no recovery left: half",
            -cut,
        ));
        for stat in [Stat::Volition, Stat::Ac, Stat::Pd, Stat::Md] {
            b.emit(Event::StatModified {
                unit: u,
                modifier: StatMod {
                    stat,
                    amount: -1,
                    duration: Duration::UntilRemoved,
                    cause: ModCause::NoRecoveries,
                    source: None,
                },
            });
        }
    }
    let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
    let hp = b.hp(u);
    let amount = roll.total.max(0).min((max - hp).max(0));
    b.emit(Event::Healed {
        unit: u,
        amount,
        hp_after: hp + amount,
    });
    Ok(())
}

/// An NPC is healed: "NPCs are healed either 1d6 per level or 1d10 per level if it
/// matters" — Level d6 (the archetype's `RecoveryDie` when it gives one: 10 for "1d10
/// per level"), rolled and logged, at most up to its maximum HP. An NPC has no
/// recoveries to spend: nothing else is paid or halved.
pub(crate) fn npc_healing(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    let roll = b.roll(recovery_dice(b, u))?;
    let max = b.get::<crate::components::Health>(u).map_or(0, |h| h.max);
    let hp = b.hp(u);
    let amount = roll.total.max(0).min((max - hp).max(0));
    b.emit(Event::Healed {
        unit: u,
        amount,
        hp_after: hp + amount,
    });
    Ok(())
}

/// The weapons of `u` of the other stance that it could draw (stowed, no shield).
pub fn other_stance_weapons(b: &Battle, u: UnitId) -> Vec<usize> {
    let melee = super::melee_stance(b, u);
    let want = if melee {
        WeaponKind::Ranged
    } else {
        WeaponKind::Melee
    };
    (0..b.weapons(u).len())
        .filter(|&i| {
            let w = &b.weapons(u)[i];
            w.kind == want && !w.has(WeaponTag::Shield) && b.carried(u, i) == Some(Carried::Stowed)
        })
        .collect()
}

/// Switch stance (paid): stow the weapons of the stance in hand, draw the best of the
/// other (a Switch Stance, or a readied one going off).
pub(super) fn switch_stance(b: &mut Battle, u: UnitId) {
    let draw = other_stance_weapons(b, u);
    let melee = super::melee_stance(b, u);
    for i in 0..b.weapons(u).len() {
        let w = &b.weapons(u)[i];
        let this_stance = (w.kind == WeaponKind::Melee) == melee;
        if this_stance && b.held(u, i) && !w.has(crate::components::WeaponTag::Shield) {
            b.emit(Event::CarryChanged {
                unit: u,
                item: i,
                now: Carried::Stowed,
            });
        }
    }
    let best = draw.into_iter().max_by_key(|&i| {
        let d = b.weapons(u)[i].damage;
        (d.sides, std::cmp::Reverse(i))
    });
    if let Some(i) = best {
        b.emit(Event::CarryChanged {
            unit: u,
            item: i,
            now: Carried::Held,
        });
    }
}
