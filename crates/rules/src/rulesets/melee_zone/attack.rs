//! melee-zone's attacks: "roll a twenty-sided die (d20) and add your Accuracy modifier.
//! If the total equals or exceeds the target's Agility modifier plus 10, your attack
//! successfully hits"; natural 20s and 1s roll the crit and tragedy chains; damage is
//! the weapon's dice plus the Strength modifier (not on the extra attack), doubled by a
//! critical hit and again by a super critical.

use crate::battle::Battle;
use crate::components::{Pool, Slot, UnitId, WeaponKind};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Frame, Hit, HitEffect, Illegal};
use crate::event::{AttackKind, ChainKind, Event, Outcome, Spend, Trigger};
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, list_mods};

use super::facing::{FLANKING, behind, flanking};
use super::numbers::{Boost, CHAIN, attack_bonus, attack_mods, boosted, strength};
use super::stealth::{defence_against, defence_number_against};

/// The d20 of an attack.
const D20: DiceExpr = DiceExpr::new(1, 20);

/// What a natural `face` with total `total` does against `tn`: a natural 20 is a
/// critical hit, a natural 1 an auto fail, else the total against the number.
pub fn outcome(face: u32, total: i32, tn: i32) -> Outcome {
    match face {
        20 => Outcome::Critical,
        1 => Outcome::Failure,
        _ if total >= tn => Outcome::Success,
        _ => Outcome::Failure,
    }
}

/// How many of the d20's faces hit with `bonus` against `tn` ([`outcome`] other than a
/// failure): the 20 always, the 1 never, a face from 2 to 19 when it reaches `tn` with the
/// bonus (counted, not tried face by face: the AI asks this for every pair it weighs).
pub fn hit_faces(bonus: i32, tn: i32) -> usize {
    1 + (20 - (tn.saturating_sub(bonus)).max(2)).max(0) as usize
}

/// Is `attacker`'s cell in `reactor`'s melee zone (it threatens it with a melee weapon)?
pub fn in_zone(b: &Battle, reactor: UnitId, other: UnitId) -> bool {
    b.alive(reactor) && b.threatens_anything(reactor) && b.threatens(reactor, b.pos(other))
}

fn no_slot(b: &Battle, u: UnitId, action: &'static str, slot: &'static str) -> Illegal {
    Illegal::NoSlot {
        unit: b.name(u).into(),
        action,
        slot,
    }
}

/// Check an attack and say how it is paid: the Attack Action (`slot` none or `Attack`),
/// or the extra attack (`slot` `Move`: the Move Action and both Bonus Actions).
pub fn plan_attack(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    weapon: Option<usize>,
    slot: Option<Slot>,
) -> Result<AttackPlan, Illegal> {
    let (pay, kind) = match slot {
        None | Some(Slot::Attack) => {
            if b.slots(u, Slot::Attack) == 0 {
                return Err(no_slot(b, u, "an attack", "Attack"));
            }
            (
                vec![Event::spent(u, Pool::Slot(Slot::Attack), 1, Spend::Attack)],
                AttackKind::Normal,
            )
        }
        Some(Slot::Move) => {
            if b.slots(u, Slot::Move) == 0 || b.slots(u, Slot::Bonus) < 2 {
                return Err(Illegal::Cannot {
                    unit: b.name(u).into(),
                    why: "the extra attack takes the Move Action and both Bonus Actions".into(),
                });
            }
            (
                vec![
                    Event::spent(u, Pool::Slot(Slot::Move), 1, Spend::Attack),
                    Event::spent(u, Pool::Slot(Slot::Bonus), 2, Spend::Attack),
                ],
                AttackKind::Secondary,
            )
        }
        Some(other) => {
            return Err(Illegal::Cannot {
                unit: b.name(u).into(),
                why: format!(
                    "melee-zone attacks with the Attack Action, or with the Move Action and \
                     both Bonus Actions, not a {other:?} action"
                ),
            });
        }
    };
    super::stealth::may_target(b, u, target)?;
    let weapon = b.weapon_for(u, target, weapon)?;
    Ok(AttackPlan { weapon, pay, kind })
}

/// Roll an attack; a natural 20 rolls the crit chain after it, a natural 1 the tragedy
/// chain and what follows it.
pub fn resolve_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    let centre = effect == HitEffect::Aimed(crate::engine::Aim::CentreMass);
    let mut roll = b.roll(D20)?;
    let face = roll.faces.first().copied().unwrap_or(0);
    for m in attack_mods(b, attacker, centre) {
        roll = roll.with(m);
    }
    if let Some(m) = flanking(b, attacker, target) {
        roll = roll.with(m);
    }
    let (tn, against) = defence_against(b, attacker, target);
    let out = outcome(face, roll.total, tn);
    b.emit_attack(
        attacker, target, weapon, kind, effect, roll, tn, out, against,
    );
    super::stealth::attacked(b, attacker);
    if face == 20 {
        b.roll_chain(attacker, ChainKind::Critical, &CHAIN)?;
    } else if face == 1 {
        fumbled(b, attacker, target)?;
    }
    Ok(())
}

/// A natural 1: the tragedy chain, then, if the attacker is in the target's melee zone,
/// the target's free hit (a tragedy: a free critical hit, without a Free Hit Slot;
/// escalating to 6: the attacker is slain).
fn fumbled(b: &mut Battle, attacker: UnitId, target: UnitId) -> Result<(), ForcedFaceError> {
    let tragedy = b.roll_chain(attacker, ChainKind::Fumble, &CHAIN)?;
    if !in_zone(b, target, attacker) {
        return Ok(());
    }
    if tragedy >= 2 {
        let d = b.grid().distance(b.pos(target), b.pos(attacker));
        let weapon = b.best_melee(target, d).unwrap_or(0);
        b.push_frame(Frame::Damage {
            hit: Hit {
                attacker: target,
                target: attacker,
                weapon,
                kind: AttackKind::Reaction,
                level: Outcome::Critical,
                natural: 0,
                effect: HitEffect::Slay,
            },
            mult: 1,
        });
    } else {
        b.push_frame(Frame::Offer {
            reactor: target,
            trigger: Trigger::Fumbled { attacker, tragedy },
            to: None,
        });
    }
    Ok(())
}

/// The steps of the crit chain rolled right after `attacker`'s last attack roll (0 when
/// it rolled none).
fn crit_steps(b: &Battle, attacker: UnitId) -> u32 {
    for l in b.log().iter().rev() {
        match l.event {
            Event::Chain {
                unit,
                kind: ChainKind::Critical,
                steps,
                ..
            } if unit == attacker => return steps,
            Event::Attack { attacker: a, .. } if a == attacker => return 0,
            _ => {}
        }
    }
    0
}

/// A landed attack: its damage, doubled on a critical hit, doubled again on a super
/// critical; a chain that reaches 6 on the d6 defeats the target outright.
pub fn hit(b: &mut Battle, mut hit: Hit) {
    let mut mult = 1;
    if hit.level == Outcome::Critical && hit.natural == 20 {
        match crit_steps(b, hit.attacker) {
            0 => mult = 2,
            1 => mult = 4,
            _ => hit.effect = HitEffect::Slay,
        }
    }
    b.push_frame(Frame::Damage { hit, mult });
}

/// The flat part of a hit's damage, handed to `part` one by one: the Strength modifier
/// (not on the extra attack: "without feats or Strength modifier") and Power Strike's
/// +1 with a melee weapon.
fn damage_parts(
    b: &Battle,
    attacker: UnitId,
    weapon: usize,
    kind: AttackKind,
    mut part: impl FnMut(ModKind, &'static str, i32),
) {
    if kind != AttackKind::Secondary {
        part(ModKind::Skill, "Strength mod", strength(b, attacker));
    }
    let melee = b
        .weapons(attacker)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    if melee && boosted(b, attacker, Boost::Damage) {
        part(ModKind::Other, "Power Strike", 1);
    }
}

/// The flat part of a hit's damage as the roll's modifiers ([`damage_parts`]).
fn damage_mods(b: &Battle, attacker: UnitId, weapon: usize, kind: AttackKind) -> Vec<Modifier> {
    let mut v = Vec::new();
    damage_parts(b, attacker, weapon, kind, |k, why, n| {
        v.push(Modifier::new(k, why, n));
    });
    v
}

/// The multiple's words in a roll.
fn mult_name(mult: i32) -> &'static str {
    if mult >= 4 {
        "super critical ×4"
    } else {
        "critical ×2"
    }
}

/// Roll a hit's damage: the weapon's dice and the flat modifiers, never below 0, times
/// `mult` ("you double the damage dealt").
pub fn roll_damage(b: &mut Battle, hit: &Hit, mult: i32) -> Result<Option<Roll>, ForcedFaceError> {
    let Some(dice) = super::feats_a::damage_dice(b, hit.attacker, hit.weapon, hit.kind) else {
        return Ok(None);
    };
    let mut roll = b.roll(dice)?;
    for m in damage_mods(b, hit.attacker, hit.weapon, hit.kind) {
        roll = roll.with(m);
    }
    if roll.total < 0 {
        let floor = -roll.total;
        roll = roll.with(Modifier::new(ModKind::Other, "no less than 0", floor));
    }
    let mut roll = super::stealth::add_sneak(b, hit, roll)?;
    if mult > 1 {
        let extra = roll.total * (mult - 1);
        roll = roll.with(Modifier::new(ModKind::Critical, mult_name(mult), extra));
    }
    Ok(Some(super::wounds::fatal(b, hit, roll)?))
}

/// Deal the rolled damage; at 0 HP or fewer the unit is down, and the battle may end.
pub fn deal_damage(b: &mut Battle, hit: Hit, roll: Roll) {
    let amount = roll.total.max(0);
    let hp_after = b.hp(hit.target) - amount;
    b.emit(Event::Damage {
        unit: hit.target,
        source: Some(hit.attacker),
        roll,
        amount,
        hp_after,
    });
    super::wounds::dealt(b, &hit, amount);
    down_if_out(b, hit.target);
}

/// Down at 0 HP; the battle ends when one side alone stands.
pub fn down_if_out(b: &mut Battle, u: UnitId) {
    if b.alive(u) && b.hp(u) <= 0 {
        b.emit(Event::Down { unit: u });
        b.check_victory();
    }
}

/// The chance to hit and to crit, the damage ranges and the words.
pub fn odds(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    words: bool,
) -> AttackOdds {
    let hit = |bonus: i32, tn: i32| hit_faces(bonus, tn) as f64 / 20.0;
    if !words {
        // The AI's odds: the same numbers without building the modifiers' words, and the
        // damage distributions handed over with them (`attack_odds_numbers` need not
        // build them again).
        let mut bonus = attack_bonus(b, attacker, false);
        if behind(b, target, b.pos(attacker)) {
            bonus += FLANKING;
        }
        let tn = defence_number_against(b, attacker, target);
        let dists = damage_odds(b, attacker, weapon, kind);
        let (damage, crit_damage) = ranges(dists.as_ref());
        return AttackOdds {
            hit: hit(bonus, tn),
            crit: 1.0 / 20.0,
            damage,
            crit_damage,
            detail: String::new(),
            stopped: 0.0,
            dists,
        };
    }
    let mut mods = attack_mods(b, attacker, false);
    mods.extend(flanking(b, attacker, target));
    let bonus: i32 = mods.iter().map(|m| m.value).sum();
    let (tn, against) = defence_against(b, attacker, target);
    let dists = damage_odds(b, attacker, weapon, kind);
    let (damage, crit_damage) = ranges(dists.as_ref());
    AttackOdds {
        hit: hit(bonus, tn),
        crit: 1.0 / 20.0,
        damage,
        crit_damage,
        detail: format!(
            "d20 {bonus:+} ({}) vs {tn} ({})",
            list_mods(&mods),
            list_mods(&against)
        ),
        stopped: 0.0,
        // The preview's words keep the ranges alone.
        dists: None,
    }
}

/// The damage ranges of a plain and a critical hit ((0, 0) each without damage dice).
fn ranges(dists: Option<&(Distribution, Distribution)>) -> ((i32, i32), (i32, i32)) {
    dists.map_or(((0, 0), (0, 0)), |(d, c)| (d.range(), c.range()))
}

/// The inputs a hit's damage distributions depend on: the weapon's dice, the flat
/// modifiers, the sneak dice (a hidden attacker).
type DamageKey = (DiceExpr, i32, Option<DiceExpr>);

thread_local! {
    /// The damage distributions met so far, by what they depend on alone: the AI asks
    /// them for every attacker and target it weighs, and few weapons are in a battle.
    static DAMAGE_ODDS: std::cell::RefCell<Vec<(DamageKey, Option<(Distribution, Distribution)>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The exact damage of a plain hit and of a critical hit (×2; the super critical's ×4
/// and the outright defeat are left out of the preview).
pub fn damage_odds(
    b: &Battle,
    attacker: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> Option<(Distribution, Distribution)> {
    let dice = super::feats_a::damage_dice(b, attacker, weapon, kind)?;
    let mut flat = 0;
    damage_parts(b, attacker, weapon, kind, |_, _, n| flat += n);
    let sneak = b
        .hidden(attacker)
        .then(|| super::stealth::sneak_dice(b, attacker, kind));
    let key = (dice, flat, sneak);
    DAMAGE_ODDS.with(|m| {
        let mut m = m.borrow_mut();
        // The one met is moved to the front: the AI asks one attacker's against every
        // target in a row (a cache of a function of the key: where a key sits changes
        // no answer, and none is ever dropped).
        if let Some(j) = m.iter().position(|(k, _)| *k == key) {
            m.swap(0, j);
            return m[0].1.clone();
        }
        let o = damage_dists(key);
        if m.len() < 64 {
            m.push((key, o.clone()));
        }
        o
    })
}

/// [`damage_odds`] worked out: the dice shifted by the flat part, never below 0, the
/// sneak dice added, and the same doubled.
fn damage_dists((dice, flat, sneak): DamageKey) -> Option<(Distribution, Distribution)> {
    let plain = Distribution::of(dice)?.shift(flat).clamp_min(0);
    let plain = super::stealth::sneak_odds(plain, sneak);
    let crit = plain.map(|x| x * 2);
    Some((plain, crit))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count is the faces tried one by one through [`outcome`], over every bonus and
    /// number the seed's stats could give and far past them.
    #[test]
    fn hit_faces_counts_what_outcome_says() {
        for bonus in -40..=40 {
            for tn in -40..=60 {
                let tried = (1..=20u32)
                    .filter(|&f| outcome(f, f as i32 + bonus, tn) != Outcome::Failure)
                    .count();
                assert_eq!(hit_faces(bonus, tn), tried, "d20 {bonus:+} vs {tn}");
            }
        }
    }
}
