//! tactical-d20 casting (seed 004 "Cast a Spell", "Counterspell", the conditions that
//! forbid casting; issue 17). A spell is a Standard action spending Spell Quantity equal
//! to its Spell Order; it needs Verbal and Somatic components (a free hand; not
//! Nauseated, Restrained or Stunned) and a spellcasting focus (Magical Aptitude against
//! 13 + 2 × order), or, for a [Psion], Psionic Focus (won by Concentrating, lost after
//! casting). Casting provokes Reactions from threatening creatures; observers may
//! identify the spell (Magical Aptitude against the Spell DC, free) and then counter it
//! (a Reaction, SQ equal to the order, a spell of the same school, caster level against
//! the Spell DC). The choices the seed leaves open are in `docs/rules/tactical-d20.md`
//! (Casting).

use crate::abilities::{Ability, AbilityKind, Defence, Resolve};
use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Pool, Stat, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier};
use crate::engine::{CastAt, Illegal};
use crate::event::{CheckPurpose, Event, Fizzle, Outcome, Spend, Trigger};

use super::checks::{Save, Skill, check_event, d20, save, skill};
use super::conditions::{add, can_react, cannot, cond, remove};

/// The Spell DC (the seed names it without a formula): 10 + Spell Order + the caster's
/// INT modifier, the usual d20 reading.
pub fn spell_dc(b: &Battle, caster: UnitId, a: &Ability) -> i32 {
    10 + a.order as i32 + b.stats(caster).d20_mod(Stat::Int)
}

/// The spellcasting focus DC: "13+ Spell Order doubled".
pub fn focus_dc(a: &Ability) -> i32 {
    13 + 2 * a.order as i32
}

/// Does `u` carry a material component worth `a`'s order (consumed instead of the SQ:
/// "Spend SQ numbering the Spell Order … or consume a Material Component with the
/// correct value")? A cantrip (order 0) needs neither.
pub fn material(b: &Battle, u: UnitId, a: &Ability) -> bool {
    a.order > 0 && u8::try_from(a.order).is_ok_and(|v| b.pool(u, Pool::Material(v)) >= 1)
}

/// Is `u` a [Psion] (casting through Psionic Focus)?
pub fn psion(b: &Battle, u: UnitId) -> bool {
    b.stats(u).get(Stat::Psion) > 0
}

/// The conditions under which Psionic Focus cannot be attained.
pub const NO_PSIONIC_FOCUS: [ConditionKind; 5] = [
    ConditionKind::Confused,
    ConditionKind::Frightened,
    ConditionKind::Nauseated,
    ConditionKind::Stunned,
    ConditionKind::Writhing,
];

/// Check a `Cast` (the engine checked the aim; `check` the Standard action and Stunned).
pub(super) fn check_cast(b: &Battle, u: UnitId, i: usize, at: &CastAt) -> Result<(), Illegal> {
    check_caster(b, u, i, Some(at))
}

/// Could `u` use its ability `i` now, wherever it is aimed: the checks of a `Cast` but
/// the aim's (a Wait holding it asks this: its aim is known when it springs).
pub(super) fn check_held(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    check_caster(b, u, i, None)
}

/// [`check_cast`]'s checks, the aim's (Cover) only when there is one.
fn check_caster(b: &Battle, u: UnitId, i: usize, at: Option<&CastAt>) -> Result<(), Illegal> {
    let a = b
        .ability(u, i)
        .ok_or_else(|| cannot(b, u, format!("it knows no ability #{i}")))?;
    // One attack path (issue 29): a hostile ability is refused whatever refuses an
    // attack on the same unit — "Frightened: … taking no offensive actions",
    // Restrained, and for one that reaches past the next cell (ranged, as a bow) a
    // target in Cover ("Creatures with Cover cannot be targeted") or a Blind caster. An
    // area still catches a unit in cover. (Held by a Wait, there is no aim yet: the
    // target's refusals wait for it.)
    if a.hostile() {
        let named: Vec<UnitId> = match at {
            Some(CastAt::Unit(t)) => vec![*t],
            Some(CastAt::Units(ts)) => ts.clone(),
            Some(CastAt::User | CastAt::Cell(_)) | None => Vec::new(),
        };
        let ranged = a.range() > 1;
        for &t in named.iter().filter(|&&t| t != u) {
            super::conditions::may_attack_at(b, u, t, ranged)?;
        }
        super::conditions::offensive(b, u)?;
    }
    // "Nauseated: … cannot cast Spells or consume potions or food": whatever the focus
    // (Psionic Focus waives the components, not the condition).
    if matches!(a.kind, AbilityKind::Spell) && b.has(u, ConditionKind::Nauseated) {
        return Err(cond(b, u, "nauseated", "it cannot cast spells"));
    }
    match a.kind {
        AbilityKind::Spell => {
            let sq = b.pool(u, Pool::SpellQuantity);
            if sq < a.order as i32 && !material(b, u, a) {
                return Err(cannot(
                    b,
                    u,
                    format!(
                        "{} costs {} SQ and it has {sq}, and no material component worth {}",
                        a.name, a.order, a.order
                    ),
                ));
            }
            if psion(b, u) {
                if !b.has(u, ConditionKind::PsionicFocus) {
                    return Err(cannot(
                        b,
                        u,
                        "a psion casts through Psionic Focus: Concentrate first",
                    ));
                }
            } else {
                if b.has(u, ConditionKind::Restrained) {
                    return Err(cond(b, u, "restrained", "it cannot make the gestures"));
                }
                if b.free_hands(u) < 1 {
                    return Err(cannot(
                        b,
                        u,
                        "casting needs a free hand (somatic component)",
                    ));
                }
            }
        }
        // Only Nauseated bars potions ("cannot … consume potions or food"); Starving says
        // nothing of them ("must consume food to remove the condition").
        AbilityKind::Potion => {
            if b.has(u, ConditionKind::Nauseated) {
                return Err(cond(b, u, "nauseated", "it cannot consume potions"));
            }
        }
        AbilityKind::Ability | AbilityKind::Item => {}
    }
    Ok(())
}

/// Begin a checked, paid `Cast`: a spell spends its SQ, then the focus check (or the
/// Psionic Focus is spent); observers who could counter it try to identify it; then it
/// goes off after the Reactions it provokes (none while the caster concentrates).
pub(super) fn perform_cast(
    b: &mut Battle,
    u: UnitId,
    i: usize,
    at: CastAt,
) -> Result<(), ForcedFaceError> {
    let Some(a) = b.ability(u, i).cloned() else {
        return Ok(());
    };
    let mut offers = Vec::new();
    if a.kind == AbilityKind::Spell {
        if a.order > 0 {
            // SQ first; a material component of the spell's value when the SQ falls short.
            if b.pool(u, Pool::SpellQuantity) >= a.order as i32 {
                b.emit(Event::spent(
                    u,
                    Pool::SpellQuantity,
                    a.order as i32,
                    Spend::Cast,
                ));
            } else {
                b.emit(Event::spent(
                    u,
                    Pool::Material(a.order as u8),
                    1,
                    Spend::Cast,
                ));
            }
        }
        if psion(b, u) {
            remove(b, u, ConditionKind::PsionicFocus, None);
        } else {
            let m = skill(b, u, Skill::MagicalAptitude).unwrap_or_default();
            let roll = d20(b, u, &m)?;
            if !check_event(b, u, CheckPurpose::Focus, roll, focus_dc(&a)) {
                b.emit(Event::Fizzled {
                    unit: u,
                    name: a.name.clone(),
                    why: Fizzle::Focus,
                });
                return Ok(());
            }
        }
        let dc = spell_dc(b, u, &a);
        let observers: Vec<UnitId> = b
            .units()
            .filter(|&o| b.enemies(u, o) && could_counter(b, o, &a))
            .filter(|&o| b.clear_line(b.pos(o), b.pos(u)))
            .collect();
        for o in observers {
            let m = skill(b, o, Skill::MagicalAptitude).unwrap_or_default();
            let roll = d20(b, o, &m)?;
            if check_event(b, o, CheckPurpose::Identify, roll, dc) {
                offers.push((
                    o,
                    Trigger::SpellIdentified {
                        caster: u,
                        ability: i,
                    },
                ));
            }
        }
    }
    // Waiters for "an enemy casts" answer before it goes off (after the counterspells).
    for w in super::reactions::cast_waiters(b, u) {
        offers.push((
            w,
            Trigger::Casting {
                caster: u,
                ability: i,
            },
        ));
    }
    let provoke = !b.has(u, ConditionKind::Concentrating);
    b.queue_cast(u, i, at, provoke, offers);
    Ok(())
}

/// Could `o` counter spell `a`: able to react, SQ for its order, a spell of its school?
pub fn could_counter(b: &Battle, o: UnitId, a: &Ability) -> bool {
    can_react(b, o)
        && b.pool(o, Pool::SpellQuantity) >= a.order as i32
        && b.abilities(o)
            .iter()
            .any(|s| s.kind == AbilityKind::Spell && !s.school.is_empty() && s.school == a.school)
}

/// The chance `r`'s Counterspell negates `caster`'s ability `i`: the same check as
/// [`counterspell`] (d20 + caster level against the Spell DC).
pub fn counter_chance(b: &Battle, r: UnitId, caster: UnitId, i: usize) -> f64 {
    let Some(a) = b.ability(caster, i) else {
        return 0.0;
    };
    let need = spell_dc(b, caster, a) - b.stats(r).get(Stat::CasterLevel);
    (f64::from(21 - need) / 20.0).clamp(0.0, 1.0)
}

/// Carry out a Counterspell (the Reaction paid): SQ equal to the order, then caster
/// level against the Spell DC; a success negates the spell.
pub(super) fn counterspell(
    b: &mut Battle,
    r: UnitId,
    caster: UnitId,
    i: usize,
) -> Result<(), ForcedFaceError> {
    let Some(a) = b.ability(caster, i).cloned() else {
        return Ok(());
    };
    if a.order > 0 {
        b.emit(Event::spent(
            r,
            Pool::SpellQuantity,
            a.order as i32,
            Spend::Counterspell,
        ));
    }
    let cl = b.stats(r).get(Stat::CasterLevel);
    let roll = d20(b, r, &[Modifier::new(ModKind::Skill, "caster level", cl)])?;
    if check_event(
        b,
        r,
        CheckPurpose::Counterspell,
        roll,
        spell_dc(b, caster, &a),
    ) {
        b.counter_cast(caster, r);
    }
    Ok(())
}

/// The save a `Save` ability names: Fortitude (STR, CON, Fort), Will (WIS, INT, CHA,
/// Will), else Reflex.
pub fn save_of(stat: Stat) -> Save {
    match stat {
        Stat::Fort | Stat::Con | Stat::Str => Save::Fortitude,
        Stat::Will | Stat::Wis | Stat::Int | Stat::Cha => Save::Will,
        _ => Save::Reflex,
    }
}

/// A spell attack's bonus on `target`: base attack bonus and INT, then what every attack
/// roll adds (Fatigued on INT, a Focus on attack, Assist, high ground, cover: the same
/// as a weapon's, `attack::situational`), its size, and a prone caster's −4 on a touch
/// spell (a melee attack). A weapon's own parts (the slot's penalty: a spell is a
/// Standard action; a charge; range increments) stay the weapon's.
pub fn spell_attack_bonus(
    b: &Battle,
    caster: UnitId,
    target: UnitId,
    melee: bool,
) -> Vec<Modifier> {
    let s = b.stats(caster);
    let int = s.d20_mod(Stat::Int);
    let mut m = vec![
        Modifier::new(ModKind::Skill, "BAB", s.get(Stat::Bab)),
        Modifier::new(ModKind::Skill, "INT", int),
    ];
    // "Some creatures of different sizes will add or subtract a Size Penalty": the
    // creature's, on every attack roll it makes.
    let sm = super::math::size_modifier(b.size(caster));
    if sm != 0 {
        m.push(Modifier::new(ModKind::Size, "size", sm));
    }
    super::attack::fatigued(b, caster, int, &mut m);
    super::attack::situational(b, caster, target, &mut m);
    super::attack::prone_attacker(b, caster, melee, &mut m);
    m
}

/// What a spell attack goes against: AC (Armour: as against a melee attack for a touch
/// spell, a ranged one for a spell that reaches farther), 10 + Reflex (Physical), 10 +
/// Will (Mental).
pub fn spell_defence(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    vs: Defence,
    melee: bool,
) -> Vec<Modifier> {
    match vs {
        Defence::Armour => super::attack::armour_class_against(b, attacker, target, melee),
        Defence::Physical | Defence::Mental => {
            let mut m = vec![Modifier::new(ModKind::Other, "base", 10)];
            let s = if vs == Defence::Physical {
                Save::Reflex
            } else {
                Save::Will
            };
            m.extend(save(b, target, s));
            m
        }
    }
}

/// Roll a spell attack: d20 + bonus against the defence; a natural 20 hits critically,
/// a natural 1 misses.
pub(super) fn resolve_spell_attack(
    b: &mut Battle,
    caster: UnitId,
    target: UnitId,
    i: usize,
) -> Result<(), ForcedFaceError> {
    let vs = match b.ability(caster, i).map(|a| a.resolve) {
        Some(Resolve::Attack { vs }) => vs,
        _ => Defence::Armour,
    };
    let melee = b.ability(caster, i).is_some_and(|a| a.range() <= 1);
    let bonus = spell_attack_bonus(b, caster, target, melee);
    let against = spell_defence(b, caster, target, vs, melee);
    let number: i32 = against.iter().map(|m| m.value).sum();
    let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
    let face = roll.faces.first().copied().unwrap_or(1) as i32;
    for m in &bonus {
        roll = roll.with(m.clone());
    }
    let outcome = spell_outcome(face, roll.total, number);
    b.emit_attack(
        caster,
        target,
        usize::MAX,
        crate::event::AttackKind::Normal,
        crate::engine::HitEffect::Ability(i),
        roll,
        number,
        outcome,
        against,
    );
    Ok(())
}

pub(super) fn spell_outcome(face: i32, total: i32, number: i32) -> Outcome {
    match face {
        20 => Outcome::Critical,
        1 => Outcome::Failure,
        _ if total >= number => Outcome::Success,
        _ => Outcome::Failure,
    }
}

/// Concentrating wins a [Psion] its Psionic Focus, unless a condition forbids it.
pub(super) fn gain_focus(b: &mut Battle, u: UnitId) {
    if psion(b, u)
        && !b.has(u, ConditionKind::PsionicFocus)
        && !NO_PSIONIC_FOCUS.iter().any(|&c| b.has(u, c))
    {
        add(
            b,
            u,
            ConditionKind::PsionicFocus,
            Duration::UntilRemoved,
            None,
        );
    }
}

/// The chance an ability lands on `target`: its attack hitting, the target failing its
/// save, or 1 (counting every d20 face, the resolver's own rules):
/// [`Ruleset::ability_chance`](crate::rulesets::Ruleset::ability_chance).
pub(super) fn ability_chance(b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
    let Some(a) = b.ability(caster, ability) else {
        return 0.0;
    };
    match a.resolve {
        Resolve::Automatic => 1.0,
        Resolve::Attack { vs } => {
            let melee = a.range() <= 1;
            let bonus: i32 = spell_attack_bonus(b, caster, target, melee)
                .iter()
                .map(|m| m.value)
                .sum();
            let number: i32 = spell_defence(b, caster, target, vs, melee)
                .iter()
                .map(|m| m.value)
                .sum();
            (1..=20)
                .filter(|&f| spell_outcome(f, f + bonus, number).is_success())
                .count() as f64
                / 20.0
        }
        Resolve::Save { stat, dc } => {
            let bonus: i32 = save(b, target, save_of(stat)).iter().map(|m| m.value).sum();
            (1..=20).filter(|&f| f + bonus < dc).count() as f64 / 20.0
        }
    }
}

/// Reactions hurt the caster while it cast a spell: it keeps the spell with Magical
/// Aptitude against 10 + the damage + the order (true: the spell is lost):
/// [`Ruleset::cast_disrupted`](crate::rulesets::Ruleset::cast_disrupted).
pub(super) fn cast_disrupted(
    b: &mut Battle,
    caster: UnitId,
    ability: usize,
    damage: i32,
) -> Result<bool, ForcedFaceError> {
    let Some(a) = b.ability(caster, ability).cloned() else {
        return Ok(false);
    };
    if a.kind != AbilityKind::Spell {
        return Ok(false);
    }
    let m = skill(b, caster, Skill::MagicalAptitude).unwrap_or_default();
    let roll = d20(b, caster, &m)?;
    Ok(!check_event(
        b,
        caster,
        CheckPurpose::Disrupt,
        roll,
        10 + damage + a.order as i32,
    ))
}
