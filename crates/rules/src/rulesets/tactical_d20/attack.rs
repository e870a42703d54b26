//! tactical-d20 attacks and damage: AC, flanking, cover and footing, attack and damage
//! math (which `rules.rs` rolls) and the preview; falling unconscious and dying.

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Stat, UnitId, WeaponKind, WeaponTag};
use crate::dice::{DiceExpr, ModKind, Modifier};
use crate::engine::Hit;
use crate::event::{AttackKind, Event, Outcome};
use crate::level::Terrain;
use crate::odds::Distribution;

use super::checks::{d20_bonuses, defence_bonuses};
use super::conditions::{add, remove};
use super::math::{self as td, AttackSlot, D20Attack};
use super::perform::end_grapple;

/// Is `target` flanked against `attacker`: the attacker fights in melee and threatens
/// it, and an ally of the attacker who threatens it stands in the cell exactly opposite?
pub fn flanked(b: &Battle, attacker: UnitId, target: UnitId, weapon: usize) -> bool {
    let melee = b
        .weapons(attacker)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    flanked_in_melee(b, attacker, target, melee)
}

/// Is `target` flanked against an attack that is `melee` or not (a weapon's kind, or a
/// spell's: a touch spell is a melee attack)?
pub fn flanked_in_melee(b: &Battle, attacker: UnitId, target: UnitId, melee: bool) -> bool {
    if !melee || !b.threatens(attacker, b.pos(target)) {
        return false;
    }
    let opp = b.grid().opposite(b.pos(attacker), b.pos(target));
    b.unit_at(opp, None)
        .is_some_and(|a| a != attacker && !b.enemies(a, attacker) && b.threatens(a, b.pos(target)))
}

/// Cover from terrain: a low wall on the line between attacker and target.
pub fn terrain_cover(b: &Battle, attacker: UnitId, target: UnitId) -> bool {
    (b.grid()).line_between_any(b.pos(attacker), b.pos(target), |c| {
        b.terrain(c) == Terrain::Low
    })
}

/// Is the attacker behind cover against the target: a low wall on the line between them
/// stands next to the attacker?
pub fn attacker_behind_cover(b: &Battle, attacker: UnitId, target: UnitId) -> bool {
    let from = b.pos(attacker);
    (b.grid()).line_between_any(from, b.pos(target), |c| {
        b.terrain(c) == Terrain::Low && b.grid().distance(from, c) == 1
    })
}

/// "High Ground vs Low Ground, Difficult vs Normal Terrain": +1 when `a` stands better
/// than `t`, −1 when worse, 0 otherwise; with the reason.
fn footing(b: &Battle, a: UnitId, t: UnitId) -> Option<(i32, &'static str)> {
    let (ta, tt) = (b.terrain(b.pos(a)), b.terrain(b.pos(t)));
    let high = |x: Terrain| x == Terrain::High;
    let rough = |x: Terrain| x == Terrain::Difficult;
    if high(ta) && !high(tt) {
        Some((1, "high ground"))
    } else if high(tt) && !high(ta) {
        Some((-1, "high ground"))
    } else if rough(tt) && !rough(ta) {
        Some((1, "firm footing"))
    } else if rough(ta) && !rough(tt) {
        Some((-1, "firm footing"))
    } else {
        None
    }
}

/// The target's AC against an attack.
pub fn armour_class(b: &Battle, attacker: UnitId, target: UnitId, weapon: usize) -> Vec<Modifier> {
    let melee = b
        .weapons(attacker)
        .get(weapon)
        .is_none_or(|w| w.kind == WeaponKind::Melee);
    armour_class_against(b, attacker, target, melee)
}

/// The target's AC against a melee attack or a ranged one (a weapon's, or a spell's: a
/// touch spell is melee, one that reaches farther ranged; issue 29, one attack path).
pub fn armour_class_against(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    melee: bool,
) -> Vec<Modifier> {
    // The target's conditions through `Battle::has` (its bit sets), not a list.
    let mut ac = td::armour_class_by(
        b.stats(target),
        |k| b.has(target, k),
        melee,
        flanked_in_melee(b, attacker, target, melee),
    );
    defence_bonuses(b, target, &mut ac);
    if b.has(target, ConditionKind::Charging) {
        ac.push(Modifier::new(ModKind::Condition, "charging", -2));
    }
    if b.has(target, ConditionKind::Cover) {
        ac.push(Modifier::new(ModKind::Terrain, "in cover", 4));
    } else if terrain_cover(b, attacker, target) {
        ac.push(Modifier::new(ModKind::Terrain, "cover", 4));
    }
    if let Some((-1, why)) = footing(b, attacker, target) {
        ac.push(Modifier::new(ModKind::Terrain, why, 4));
    }
    ac
}

/// Everything about an attack before the die: bonus parts, AC parts, critical range.
pub fn attack_math(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> D20Attack {
    let stats = b.stats(attacker);
    let Some(w) = b.weapons(attacker).get(weapon) else {
        return D20Attack {
            bonus: Vec::new(),
            ac: vec![Modifier::new(ModKind::Skill, "AC", 99)],
            crit_from: 20,
            crit_mult: 2,
        };
    };
    let slot = kind_slot(kind);
    let mut a = td::attack(
        stats,
        b.size(attacker),
        w,
        slot,
        armour_class(b, attacker, target, weapon),
    );
    let ability = a.bonus.get(1).map(|m| m.value).unwrap_or(0);
    fatigued(b, attacker, ability, &mut a.bonus);
    if kind == AttackKind::Charge {
        a.bonus.push(Modifier::new(ModKind::Other, "charge", 2));
    }
    situational(b, attacker, target, &mut a.bonus);
    prone_attacker(b, attacker, w.kind == WeaponKind::Melee, &mut a.bonus);
    if w.kind == WeaponKind::Ranged && w.range > 0 {
        let d = b.grid().distance(b.pos(attacker), b.pos(target));
        let inc = (d.saturating_sub(1)) / w.range;
        if inc > 0 {
            a.bonus.push(Modifier::new(
                ModKind::RangeIncrement,
                format!("range ×{}", inc + 1),
                -2 * inc as i32,
            ));
        }
    }
    a
}

/// Prone: a prone attacker's melee attacks (a weapon's or a touch spell's) take −4.
pub(super) fn prone_attacker(b: &Battle, attacker: UnitId, melee: bool, out: &mut Vec<Modifier>) {
    if melee && b.has(attacker, ConditionKind::Prone) {
        out.push(Modifier::new(ModKind::Condition, "prone attacker", -4));
    }
}

/// Fatigued: "subtract the Ability Modifier(s) from Attack rolls" (`ability`: the one
/// the roll adds: STR or DEX for a weapon, INT for a spell).
pub(super) fn fatigued(b: &Battle, attacker: UnitId, ability: i32, out: &mut Vec<Modifier>) {
    if b.has(attacker, ConditionKind::Fatigued) && ability > 0 {
        out.push(Modifier::new(ModKind::Condition, "fatigued", -ability));
    }
}

/// What every attack roll of `attacker` on `target` adds, weapon or spell alike (issue
/// 29: one attack path): a Focus on attack, Assist and the other d20 bonuses, high
/// ground, and cover ("Such advantages should always grant a +4 bonus on Attack Rolls
/// and AC" — to the attacker too when it is the one in cover).
pub(super) fn situational(b: &Battle, attacker: UnitId, target: UnitId, out: &mut Vec<Modifier>) {
    if b.has(attacker, ConditionKind::FocusAttack) {
        out.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    d20_bonuses(b, attacker, out);
    if let Some((1, why)) = footing(b, attacker, target) {
        out.push(Modifier::new(ModKind::Terrain, why, 4));
    }
    if b.has(attacker, ConditionKind::Cover) {
        out.push(Modifier::new(ModKind::Terrain, "in cover", 4));
    } else if attacker_behind_cover(b, attacker, target) {
        out.push(Modifier::new(ModKind::Terrain, "cover", 4));
    }
}

/// Is the attacker proficient with the weapon (one it started the battle with)?
pub fn proficient(b: &Battle, u: UnitId, weapon: usize) -> bool {
    let Some(w) = b.weapons(u).get(weapon) else {
        return false;
    };
    b.level()
        .units
        .get(u.0 as usize)
        .is_some_and(|d| d.weapons.iter().any(|o| o.name == w.name))
}

/// The damage expression and flat modifiers of a hit (dice multiplied on a crit).
pub fn damage_parts(
    b: &Battle,
    attacker: UnitId,
    weapon: usize,
    kind: AttackKind,
    mult: i32,
) -> (DiceExpr, Vec<Modifier>) {
    let Some(w) = b.weapons(attacker).get(weapon) else {
        return (DiceExpr::new(0, 1), Vec::new());
    };
    let mut dice = w.damage;
    dice.count *= mult.max(1) as u32;
    dice.keep = crate::dice::Keep::All;
    let mut m = Vec::new();
    let stats = b.stats(attacker);
    if w.kind == WeaponKind::Melee || w.has(WeaponTag::Thrown) {
        let s = stats.d20_mod(Stat::Str);
        m.push(Modifier::new(ModKind::Skill, "STR", s));
        if b.has(attacker, ConditionKind::Fatigued) && s > 0 {
            m.push(Modifier::new(ModKind::Condition, "fatigued", -s));
        }
    }
    if kind == AttackKind::Charge {
        m.push(Modifier::new(ModKind::Other, "charge", 2));
    }
    if b.has(attacker, ConditionKind::FocusAttack) {
        m.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    (dice, m)
}

/// The chance of a hit and of a crit, and the damage range: what the preview and the AI
/// show, from the same numbers the resolver rolls against.
pub fn attack_preview(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> (D20Attack, f64, f64, (i32, i32)) {
    let p = preview(b, attacker, target, weapon, kind);
    (p.attack, p.hit, p.crit, (p.lo, p.hi))
}

/// [`attack_preview`]'s numbers with the highest damage of a plain hit beside them.
pub struct Preview {
    /// The attack's parts.
    pub attack: D20Attack,
    /// The chance of any hit.
    pub hit: f64,
    /// The chance of a critical hit.
    pub crit: f64,
    /// The least damage of a hit (after damage resistance, never below 0).
    pub lo: i32,
    /// The most damage of a critical hit (its dice multiplied for a proficient wielder).
    pub hi: i32,
    /// The most damage of a plain hit.
    pub normal_hi: i32,
}

/// [`attack_preview`] with the plain hit's highest damage: the damage's flat parts are
/// the same whatever the dice's multiple ([`damage_parts`] multiplies the dice alone),
/// so they are asked once.
pub fn preview(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> Preview {
    let a = attack_math(b, attacker, target, weapon, kind);
    let (hit, crit) = a.odds();
    let (d1, m1) = damage_parts(b, attacker, weapon, kind, 1);
    let mult = if proficient(b, attacker, weapon) {
        a.crit_mult as i32
    } else {
        1
    };
    // `damage_parts(.., mult)`'s dice: the weapon's count times the multiple.
    let mut d2 = d1;
    d2.count *= mult.max(1) as u32;
    let flat: i32 = m1.iter().map(|m| m.value).sum();
    let dr = b.stats(target).get(Stat::Dr);
    let lo = ((d1.min() + flat).max(1) - dr).max(0);
    let hi = ((d2.max() + flat).max(1) - dr).max(0);
    let normal_hi = ((d1.max() + flat).max(1) - dr).max(0);
    Preview {
        attack: a,
        hit,
        crit,
        lo,
        hi,
        normal_hi,
    }
}

/// The attack slot an attack kind is made with.
pub fn kind_slot(kind: AttackKind) -> AttackSlot {
    match kind {
        AttackKind::Secondary => AttackSlot::Secondary,
        AttackKind::Tertiary => AttackSlot::Tertiary,
        AttackKind::Reaction | AttackKind::Riposte => AttackSlot::Opportunity,
        _ => AttackSlot::Primary,
    }
}

/// The damage-dice multiple of a hit: ×2 on a critical hit by a proficient attacker.
pub fn damage_multiple(b: &Battle, hit: &Hit) -> i32 {
    if hit.level == Outcome::Critical && proficient(b, hit.attacker, hit.weapon) {
        2
    } else {
        1
    }
}

/// At 0 HP or fewer a unit falls unconscious (out of the fight); below 0 it is dying; at
/// −CON it is dead.
pub(crate) fn after_damage(b: &mut Battle, u: UnitId) {
    let hp = b.hp(u);
    if hp > 0 {
        return;
    }
    if b.alive(u) {
        b.emit(Event::Down { unit: u });
        end_grapple(b, u);
        add(
            b,
            u,
            ConditionKind::Unconscious,
            Duration::UntilRemoved,
            None,
        );
    }
    if hp < 0 && !b.has(u, ConditionKind::Dying) {
        add(b, u, ConditionKind::Dying, Duration::UntilRemoved, None);
    }
    if hp <= -b.stats(u).get(Stat::Con).max(1) && !b.has(u, ConditionKind::Dead) {
        remove(b, u, ConditionKind::Dying, None);
        add(b, u, ConditionKind::Dead, Duration::UntilRemoved, None);
    }
    if b.ended.is_none() {
        b.check_victory();
    }
}

/// The damage totals of a hit of `dice` plus `flat` (at least 1) less damage resistance
/// `dr` (never below 0) (`Ruleset::damage_odds`), memoised by the three
/// (`odds::memo_hit_odds`; the memo's critical half is the same distribution). `None`
/// when the dice are too many to count.
pub fn hit_damage_odds(dice: DiceExpr, flat: i32, dr: i32) -> Option<Distribution> {
    use crate::odds::{HitFormula, HitKey, memo_hit_odds};
    let key = HitKey::new(HitFormula::TacticalD20, dice, [flat, dr]);
    memo_hit_odds(key, || {
        let d = Distribution::of(dice)?.map(|t| ((t + flat).max(1) - dr).max(0));
        Some((d.clone(), d))
    })
    .map(|(d, _)| d)
}

/// Energy resistance X (X less of each damage of that type) and weakness (half as much
/// again; Dehydrated: acid and heat, Soaked: cold and electricity; resistance to the type
/// negates the weakness): [`Ruleset::typed_damage`](crate::rulesets::Ruleset::typed_damage).
pub(super) fn typed_damage(
    b: &Battle,
    target: UnitId,
    kind: &str,
    mut roll: crate::dice::Roll,
) -> crate::dice::Roll {
    if kind.is_empty() {
        return roll;
    }
    let def = b.unit_def(target);
    let resist = def.and_then(|d| d.resist.get(kind)).copied().unwrap_or(0);
    if resist > 0 {
        let cut = -resist.min(roll.total.max(0));
        return roll.with(Modifier::new(
            ModKind::Other,
            format!("{kind} resistance {resist}"),
            cut,
        ));
    }
    let by_condition = (b.has(target, ConditionKind::Dehydrated)
        && matches!(kind, "acid" | "heat" | "fire"))
        || (b.has(target, ConditionKind::Soaked) && matches!(kind, "cold" | "electricity"));
    let weak = def.is_some_and(|d| d.weak.iter().any(|w| w == kind)) || by_condition;
    if weak {
        let more = roll.total.max(0) / 2;
        roll = roll.with(Modifier::new(
            ModKind::Other,
            format!("weak to {kind}"),
            more,
        ));
    }
    roll
}
