//! counters' attacks on the plain d20 base the seed builds on: d20 + attack bonus
//! against the target's Passive Dodge ("Any physical or spell attack requiring line of
//! sight must beat Passive Dodge"); a natural 20 hits and doubles the dice, a natural 1
//! misses; damage is the weapon's dice + the Strength modifier, less the target's
//! passive absorption; then the counters (`defence.rs`) and the dealing.

use crate::battle::Battle;
use crate::components::{Pool, Slot, UnitId, WeaponKind};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Frame, Hit, HitEffect, Illegal};
use crate::event::{AttackKind, Event, Outcome, Spend};
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, list_mods};

use super::memo::{FastMap, Packed, dice_key, dice_key_with};
use super::numbers::{
    AGILITY_PROFICIENCY, STRENGTH_PROFICIENCY, absorption, agility_str_prof, attack_bonus,
    attack_bonus_parts, d20_mod, over_cap_now, passive_dodge, strength,
};

/// What a natural `face` with total `total` does against `dodge`.
pub fn outcome(face: u32, total: i32, dodge: i32) -> Outcome {
    match face {
        20 => Outcome::Critical,
        1 => Outcome::Failure,
        _ if total >= dodge => Outcome::Success,
        _ => Outcome::Failure,
    }
}

/// One action a turn: an attack spends the Standard action.
pub fn plan_attack(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    weapon: Option<usize>,
    slot: Option<Slot>,
) -> Result<AttackPlan, Illegal> {
    if !matches!(slot, None | Some(Slot::Standard)) {
        return Err(Illegal::Cannot {
            unit: b.name(u).into(),
            why: "counters attacks with the turn's one action".into(),
        });
    }
    if b.slots(u, Slot::Standard) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: "an attack",
            slot: "action",
        });
    }
    let weapon = b.weapon_for(u, target, weapon)?;
    Ok(AttackPlan {
        weapon,
        pay: vec![Event::spent(
            u,
            Pool::Slot(Slot::Standard),
            1,
            Spend::Attack,
        )],
        kind: AttackKind::Normal,
    })
}

/// Was `u`'s last reaction paid with skill dice that took it over its proficiency cap
/// this round (a strained counter attack)?
pub fn strained_reaction(b: &Battle, u: UnitId) -> bool {
    let paid = b.log().iter().rev().find_map(|l| match &l.event {
        Event::Reacted { reactor, paid, .. } if *reactor == u => Some(paid.clone()),
        _ => None,
    });
    let dice: i32 = paid
        .unwrap_or_default()
        .iter()
        .filter(|(p, _)| *p == Pool::SkillDice)
        .map(|(_, n)| *n)
        .sum();
    // The dice are paid already: strained if the round's spending is now over the cap.
    dice > 0 && over_cap_now(b, u)
}

/// Roll an attack: d20 + the attack bonus against the target's Passive Dodge. A strained
/// counter attack rolls the d20 twice and keeps the lower (Disadvantage).
pub fn resolve_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    let strained = kind == AttackKind::Reaction && strained_reaction(b, attacker);
    let dice = if strained {
        DiceExpr::new(2, 20).keep_lowest(1)
    } else {
        DiceExpr::new(1, 20)
    };
    let mut roll = b.roll(dice)?;
    let face = roll.natural().max(0) as u32;
    // Both parts at once: the total summed once (`Roll::with_all`).
    roll = roll.with_all(attack_bonus_parts(b, attacker, weapon));
    if strained {
        roll.add(Modifier::new(
            ModKind::Other,
            "strained: over the proficiency cap",
            0,
        ));
    }
    let against = passive_dodge(b, target);
    let dodge: i32 = against.iter().map(|m| m.value).sum();
    let out = outcome(face, roll.total, dodge);
    b.emit_attack(
        attacker, target, weapon, kind, effect, roll, dodge, out, against,
    );
    Ok(())
}

/// A landed attack: its damage, the dice doubled on a natural 20.
pub fn hit(b: &mut Battle, hit: Hit) {
    let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
    b.push_frame(Frame::Damage { hit, mult });
}

/// The absorption modifier of `target` against `amount` (never more than it).
fn absorbed(b: &Battle, target: UnitId, amount: i32) -> Option<Modifier> {
    let a = absorption(b, target, false).min(amount.max(0));
    (a > 0).then(|| Modifier::new(ModKind::Other, "absorption", -a))
}

/// Roll a hit's damage: the weapon's dice (doubled by a critical hit) + the Strength
/// modifier, never below 0, less the target's passive absorption.
pub fn roll_damage(b: &mut Battle, hit: &Hit, mult: i32) -> Result<Option<Roll>, ForcedFaceError> {
    let Some(w) = b.weapons(hit.attacker).get(hit.weapon) else {
        return Ok(None);
    };
    let dice = w.damage.multiplied(mult.max(1) as u32);
    let mut roll = b.roll(dice)?;
    roll.add(Modifier::new(
        ModKind::Skill,
        "Strength mod",
        strength(b, hit.attacker),
    ));
    if roll.total < 0 {
        let floor = -roll.total;
        roll.add(Modifier::new(ModKind::Other, "no less than 0", floor));
    }
    if let Some(m) = absorbed(b, hit.target, roll.total) {
        roll.add(m);
    }
    Ok(Some(roll))
}

/// Deal damage now (no counters): the `Damage` event, then down at 0 HP.
pub fn apply_damage(b: &mut Battle, hit: &Hit, roll: Roll) {
    let amount = roll.total.max(0);
    let hp_after = b.hp(hit.target) - amount;
    b.emit(Event::Damage {
        unit: hit.target,
        source: Some(hit.attacker),
        roll,
        amount,
        hp_after,
    });
    down_if_out(b, hit.target);
}

/// Down at 0 HP; the battle ends when one side alone stands.
pub fn down_if_out(b: &mut Battle, u: UnitId) {
    if b.alive(u) && b.hp(u) <= 0 {
        b.emit(Event::Down { unit: u });
        b.check_victory();
    }
}

/// What [`odds`] needs of an attacker with a weapon and a target, each unit's stats
/// read once: the weapon's damage dice, the attack bonus and Passive Dodge as single
/// numbers (the sums of [`attack_bonus`]'s and [`passive_dodge`]'s parts), the
/// attacker's Strength modifier and the target's absorption (`numbers::absorption`
/// against physical damage).
pub(super) fn numbers(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
) -> (Option<DiceExpr>, i32, i32, i32, i32) {
    // Each unit's scores walked once (`numbers::agility_str_prof`) rather than searched
    // three times.
    let (a_agility, a_str, a_prof) = agility_str_prof(b.stats(attacker));
    let (t_agility, t_str, prof) = agility_str_prof(b.stats(target));
    let w = b.weapons(attacker).get(weapon);
    let ranged = w.is_some_and(|w| w.kind == WeaponKind::Ranged);
    let s = d20_mod(a_str);
    let bonus = a_prof + if ranged { d20_mod(a_agility) } else { s };
    // The target's proficiency bonus where it is proficient (`Battle::has_feat`'s test),
    // its feats searched once for both and only when the bonus adds something.
    let (agile, strong) = if prof > 0 {
        b.feats(target).iter().fold((0, 0), |(a, s), f| {
            (
                if f == AGILITY_PROFICIENCY { prof } else { a },
                if f == STRENGTH_PROFICIENCY { prof } else { s },
            )
        })
    } else {
        (0, 0)
    };
    let dodge = t_agility + agile;
    let absorbs = (d20_mod(t_str) + strong).max(0);
    (w.map(|w| w.damage), bonus, dodge, s, absorbs)
}

/// How many of the d20's 20 faces hit with `bonus` against `dodge`: what
/// [`outcome`] says of each face, counted at once (20 always, 1 never, 2–19 when the
/// face + bonus reaches the dodge).
pub(super) fn hit_faces(bonus: i32, dodge: i32) -> u32 {
    let least = (i64::from(dodge) - i64::from(bonus)).clamp(2, 20) as u32;
    1 + (20 - least)
}

/// The chance to hit and to crit, the damage ranges (after absorption) and the words.
/// Without the words (the AI's thousands of asks) the numbers are summed directly and
/// the exact damage distributions ride along (`AttackOdds::dists`), so the AI does not
/// ask for them again.
pub fn odds(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    words: bool,
) -> AttackOdds {
    let (dice, bonus, dodge, s, a) = numbers(b, attacker, target, weapon);
    let hits = hit_faces(bonus, dodge);
    let (damage, crit_damage, dists) = match dice {
        Some(d) => with_after(d, s, a, |o| match o {
            Some(h) => (
                h.ranges.0,
                h.ranges.1,
                (!words).then(|| (h.plain.clone(), h.crit.clone())),
            ),
            None => ((0, 0), (0, 0), None),
        }),
        None => ((0, 0), (0, 0), None),
    };
    let detail = if words {
        let mods = attack_bonus(b, attacker, weapon);
        let against = passive_dodge(b, target);
        format!(
            "d20 {bonus:+} ({}) vs Passive Dodge {dodge} ({})",
            list_mods(&mods),
            list_mods(&against)
        )
    } else {
        String::new()
    };
    AttackOdds {
        hit: f64::from(hits) / 20.0,
        crit: 1.0 / 20.0,
        damage,
        crit_damage,
        detail,
        stopped: 0.0,
        dists,
    }
}

/// The exact damage of a plain and of a critical hit, after the target's absorption.
pub fn damage_odds(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
) -> Option<(Distribution, Distribution)> {
    let w = b.weapons(attacker).get(weapon)?;
    let s = strength(b, attacker);
    let a = absorption(b, target, false);
    with_after(w.damage, s, a, |o| {
        o.map(|h| (h.plain.clone(), h.crit.clone()))
    })
}

/// A hit's damage after the attacker's Strength modifier and the target's absorption:
/// the distributions of a plain and of a critical hit and their ranges.
struct After {
    plain: Distribution,
    crit: Distribution,
    ranges: ((i32, i32), (i32, i32)),
}

thread_local! {
    /// The weapons' damage distributions met so far, plain and doubled, by expression.
    static DICE_ODDS: std::cell::RefCell<FastMap<Packed<5>, Option<(Distribution, Distribution)>>> =
        std::cell::RefCell::new(FastMap::default());
    /// The same after the attacker's Strength modifier `s` and the target's absorption
    /// `a`, with their ranges, by (expression, s, a): the AI asks for them for every
    /// attacker, target and window it weighs.
    static AFTER_ODDS: std::cell::RefCell<FastMap<Packed<7>, Option<After>>> =
        std::cell::RefCell::new(FastMap::default());
}

/// Most expressions (and expressions with `s` and `a`) each memo keeps; past it, it
/// starts again.
const MEMO_MOST: usize = 1024;

/// `f` of `d`'s plain and doubled damage + `s`, never below 0, less `a`, never below 0
/// (`None` when the dice are too many to count), memoised.
fn with_after<R>(d: DiceExpr, s: i32, a: i32, f: impl FnOnce(Option<&After>) -> R) -> R {
    let key = dice_key_with(d, s, a);
    AFTER_ODDS.with(|m| {
        if let Some(o) = m.borrow().get(&key) {
            return f(o.as_ref());
        }
        let after = |d: Distribution| d.shift(s).clamp_min(0).shift(-a).clamp_min(0);
        let o = dice_odds(d).map(|(plain, doubled)| {
            let (plain, crit) = (after(plain), after(doubled));
            let ranges = (plain.range(), crit.range());
            After {
                plain,
                crit,
                ranges,
            }
        });
        let r = f(o.as_ref());
        let mut m = m.borrow_mut();
        if m.len() >= MEMO_MOST {
            m.clear();
        }
        m.insert(key, o);
        r
    })
}

/// `d`'s distribution and that of its dice doubled (a critical hit), memoised.
fn dice_odds(d: DiceExpr) -> Option<(Distribution, Distribution)> {
    let key = Packed(dice_key(d));
    DICE_ODDS.with(|m| {
        if let Some(o) = m.borrow().get(&key) {
            return o.clone();
        }
        let o = Distribution::of(d).zip(Distribution::of(d.multiplied(2)));
        let mut m = m.borrow_mut();
        if m.len() >= MEMO_MOST {
            m.clear();
        }
        m.insert(key, o.clone());
        o
    })
}
