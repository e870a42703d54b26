//! counters' spells (wave 2; `docs/rules/counters.md`, "Spells"). The seed counters
//! spells but lists none: a small list in `data/counters.ron`, each with a level 1–3 (its
//! `order`), the skill dice a counterspell on it costs ("Spend SD equal to spell level").
//!
//! * Casting takes the turn's action. A spell that needs line of sight and is resolved
//!   as an attack (`Attack(..)`) is a **spell attack**: d20 + Intelligence modifier +
//!   proficiency against each target's Passive Dodge ("Any physical or spell attack
//!   requiring line of sight must beat Passive Dodge"). Any other spell (`Save(stat,
//!   dc)`: the area spells and Charm) makes one **casting check** for the whole casting:
//!   d20 + the `stat` modifier + proficiency against its `dc`. A natural 20 is a critical
//!   (the damage dice doubled), a natural 1 fails. That roll's total is the "successful
//!   check total" a counterspell must reach.
//! * A successful spell lands on all its targets at once ([`CountersFrame::Lands`]): its
//!   damage is rolled once for the casting, then every target and each ally beside one
//!   declares its counter (`Frame::Declare` on `Trigger::SpellLanding`): Counterspell,
//!   or Block with a magical weapon or shield ("Magic damage may only be blocked using
//!   magical weapons or shields"). They resolve counterspell first, then block, then
//!   none, by initiative within a kind; then [`CountersFrame::Land`] deals each target
//!   its damage (magical: absorbed by magical armour only) less its blocks, and lays its
//!   status effects, unless countered.

use crate::abilities::{AbilityKind, Effect, Resolve};
use crate::battle::Battle;
use crate::components::{ConditionKind, Pool, Slot, Stat, UnitId, WeaponTag};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{CastAt, Frame, Hit, HitEffect, Illegal};
use crate::event::{AttackKind, CheckPurpose, Event, Outcome, Spend, Trigger};

use super::CountersFrame;
use super::attack::{apply_damage, hit_faces, outcome};
use super::numbers::{absorption, agility_prof, passive_dodge, proficiency};

/// The stat a counters caster casts and counters with (Intelligence).
pub const CASTING: Stat = Stat::Int;

/// A spell's level (its `order`, at least 1): the skill dice a counterspell costs.
pub fn level(b: &Battle, caster: UnitId, ability: usize) -> i32 {
    b.ability(caster, ability)
        .map_or(1, |a| a.order.clamp(1, 9) as i32)
}

/// The Intelligence modifier (0 for a unit whose archetype gives no Intelligence score:
/// an average 10).
pub fn int_mod(b: &Battle, u: UnitId) -> i32 {
    let s = b.stats(u);
    if s.0.contains_key(&CASTING) {
        s.d20_mod(CASTING)
    } else {
        0
    }
}

/// The casting bonus: the Intelligence modifier + the proficiency bonus (spell attacks,
/// counter checks).
pub fn casting_bonus(b: &Battle, u: UnitId) -> Vec<Modifier> {
    vec![
        Modifier::new(ModKind::Skill, "Intelligence mod", int_mod(b, u)),
        Modifier::new(ModKind::Skill, "proficiency", proficiency(b, u)),
    ]
}

/// Is ability `i` of `u` a spell (anything else, such as a grapple, is a physical
/// ability: no counterspell, the Strength modifier for its attack)?
pub fn is_spell(b: &Battle, u: UnitId, i: usize) -> bool {
    b.ability(u, i).is_none_or(|a| a.kind == AbilityKind::Spell)
}

/// The bonus of an ability's attack: the casting bonus for a spell; the Strength modifier
/// + proficiency (a melee attack's) for a physical ability.
pub fn ability_bonus(b: &Battle, u: UnitId, spell: bool) -> Vec<Modifier> {
    if spell {
        casting_bonus(b, u)
    } else {
        vec![
            Modifier::new(
                ModKind::Skill,
                "Strength mod",
                super::numbers::strength(b, u),
            ),
            Modifier::new(ModKind::Skill, "proficiency", proficiency(b, u)),
        ]
    }
}

/// Does `u` hold a magical weapon or shield (the only gear that blocks magic damage)?
pub fn magical_guard(b: &Battle, u: UnitId) -> bool {
    b.weapons(u)
        .iter()
        .enumerate()
        .any(|(i, w)| w.has(WeaponTag::Magical) && b.in_hand(u, i))
}

/// Is casting ability `i` at `at` legal for `u` now: its own turn, its action left, not
/// Restrained, and not at the one who charmed it?
pub fn check_cast(b: &Battle, u: UnitId, i: usize, at: &CastAt) -> Result<(), Illegal> {
    if b.current() != Some(u) {
        return Err(Illegal::NotYourTurn {
            unit: b.name(u).into(),
            current: b
                .current()
                .map(|c| b.name(c).to_string())
                .unwrap_or_default(),
        });
    }
    if b.slots(u, Slot::Standard) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: "Cast",
            slot: "action",
        });
    }
    super::status::may_act(b, u)?;
    // The aim is the engine's to check (and the AI probes the price with any aim): only
    // an aim that reaches someone is checked against a charm, and only a charmed caster
    // can be refused by it (`may_harm`; not Restrained, as `may_act` just said).
    if !b.has(u, ConditionKind::Charmed) {
        return Ok(());
    }
    for t in b.cast_targets(u, i, at).unwrap_or_default() {
        if b.enemies(u, t) {
            super::status::may_harm(b, u, t)?;
        }
    }
    Ok(())
}

/// Cast: the action spent, then the casting queued (it provokes nothing in counters).
pub fn perform_cast(b: &mut Battle, u: UnitId, i: usize, at: CastAt) -> Result<(), Illegal> {
    check_cast(b, u, i, &at)?;
    b.emit(Event::spent(u, Pool::Slot(Slot::Standard), 1, Spend::Cast));
    b.queue_cast(u, i, at, false, Vec::new());
    Ok(())
}

/// A spell attack on one target: d20 + casting bonus against its Passive Dodge.
pub fn spell_attack(
    b: &mut Battle,
    caster: UnitId,
    target: UnitId,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    let mut roll = b.roll(DiceExpr::new(1, 20))?;
    let face = roll.natural().max(0) as u32;
    let spell = match effect {
        HitEffect::Ability(i) => is_spell(b, caster, i),
        _ => true,
    };
    for m in ability_bonus(b, caster, spell) {
        roll = roll.with(m);
    }
    let against = passive_dodge(b, target);
    let dodge: i32 = against.iter().map(|m| m.value).sum();
    let out = outcome(face, roll.total, dodge);
    b.emit_attack(
        caster,
        target,
        usize::MAX,
        kind,
        effect,
        roll,
        dodge,
        out,
        against,
    );
    Ok(())
}

/// A spell attack landed (`Ruleset::hit`): its total and critical carry on to the
/// declarations.
pub fn attack_landed(b: &mut Battle, hit: &Hit, i: usize) {
    let total = b
        .log()
        .iter()
        .rev()
        .find_map(|l| match &l.event {
            Event::Attack { attacker, roll, .. } if *attacker == hit.attacker => Some(roll.total),
            _ => None,
        })
        .unwrap_or(0);
    let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
    b.push_frame(
        CountersFrame::Lands {
            caster: hit.attacker,
            ability: i,
            targets: vec![hit.target],
            total,
            mult,
        }
        .into(),
    );
}

/// The casting check of a non-attack spell (`Ruleset::ability_save`, asked for its first
/// target): the saves waiting for its other targets are taken off the stack, one d20 +
/// the `stat` modifier + proficiency is rolled against `dc` for the whole casting, and on
/// a success the spell lands on them all. Always `None`: its own frames go on.
pub fn casting_check(
    b: &mut Battle,
    caster: UnitId,
    i: usize,
    target: UnitId,
    stat: Stat,
    dc: i32,
) -> Result<Option<bool>, ForcedFaceError> {
    let mut targets = vec![target];
    while let Some(Frame::AbilitySave {
        caster: c,
        ability: a,
        target: t,
    }) = b.stack.last()
        && *c == caster
        && *a == i
    {
        targets.push(*t);
        b.stack.pop();
    }
    let mut roll = b.roll(DiceExpr::new(1, 20))?;
    let face = roll.natural();
    roll = roll
        .with(Modifier::new(
            ModKind::Skill,
            format!("{stat:?} mod"),
            b.stats(caster).d20_mod(stat),
        ))
        .with(Modifier::new(
            ModKind::Skill,
            "proficiency",
            proficiency(b, caster),
        ));
    let out = match face {
        20 => Outcome::Critical,
        1 => Outcome::Failure,
        _ if roll.total >= dc => Outcome::Success,
        _ => Outcome::Failure,
    };
    let total = roll.total;
    b.emit(Event::Check {
        unit: caster,
        purpose: CheckPurpose::Casting,
        roll,
        target_number: dc,
        outcome: out,
    });
    if out.is_success() {
        b.push_frame(
            CountersFrame::Lands {
                caster,
                ability: i,
                targets,
                total,
                mult: if out == Outcome::Critical { 2 } else { 1 },
            }
            .into(),
        );
    }
    Ok(None)
}

/// The chance ability `i` of `caster` lands on `target`.
pub fn chance(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> f64 {
    let Some(a) = b.ability(caster, i) else {
        return 0.0;
    };
    let (bonus, need) = match a.resolve {
        Resolve::Automatic => return 1.0,
        // The sums of `ability_bonus`' and `passive_dodge`'s parts, without the lists.
        Resolve::Attack { .. } => {
            let first = if a.kind == AbilityKind::Spell {
                int_mod(b, caster)
            } else {
                super::numbers::strength(b, caster)
            };
            (
                first + proficiency(b, caster),
                b.stats(target).get(Stat::Agility) + agility_prof(b, target),
            )
        }
        Resolve::Save { stat, dc } => (b.stats(caster).d20_mod(stat) + proficiency(b, caster), dc),
    };
    // A natural 20 lands, a natural 1 does not, else the face + bonus must reach `need`.
    f64::from(hit_faces(bonus, need)) / 20.0
}

/// The spell's damage, rolled once for the whole casting (dice ×`mult` on a critical),
/// then the targets and their allies declare ([`CountersFrame::Land`] waits under them).
pub fn lands(
    b: &mut Battle,
    caster: UnitId,
    i: usize,
    targets: Vec<UnitId>,
    total: i32,
    mult: i32,
) -> Result<(), Illegal> {
    let Some(a) = b.ability(caster, i).cloned() else {
        return Ok(());
    };
    let mut damage = None;
    for e in &a.effects {
        if let Effect::Damage { kind, .. } = e
            && let Some(dice) = e.damage_dice(b.stats(caster))
        {
            let mut r = b.roll(dice.multiplied(mult.max(1) as u32))?;
            if !kind.is_empty() {
                r = r.with(Modifier::new(ModKind::Other, kind.clone(), 0));
            }
            damage = Some(r);
            break;
        }
    }
    let reactors = reactors(b, &targets);
    b.push_frame(
        CountersFrame::Land {
            caster,
            ability: i,
            targets,
            damage,
            total,
        }
        .into(),
    );
    b.push_frame(Frame::Declare {
        trigger: Trigger::SpellLanding {
            caster,
            ability: i,
            landed: true,
            total: Some(total),
        },
        reactors,
        declared: Vec::new(),
    });
    Ok(())
}

/// Who declares against a spell landing: its targets in initiative order, then each
/// living ally beside one of them ("whether targeting yourself or an ally"). In a battle
/// of more than `status::NEAR_LOOK_FROM` units the allies are looked for among the
/// living units within 1 of each living target (`Battle::units_within`, the cell index)
/// and put in turn order, rather than every unit of the order asked (at 200 a side, 400
/// a landing): the same units in the same order ([`reactors_by_order`]).
pub fn reactors(b: &Battle, targets: &[UnitId]) -> Vec<UnitId> {
    let order = b.order();
    if order.len() <= super::status::NEAR_LOOK_FROM {
        return reactors_by_order(b, targets);
    }
    // The targets by their place in the order (each once: a unit is once in the order).
    let mut first: Vec<(usize, UnitId)> = Vec::with_capacity(targets.len());
    for &t in targets {
        if let Some(i) = order.iter().position(|&o| o == t)
            && !first.iter().any(|&(_, f)| f == t)
        {
            first.push((i, t));
        }
    }
    first.sort_unstable();
    // Every ward of a unit that is not a target stands within 1 of it and is alive.
    let mut near: Vec<(usize, UnitId)> = Vec::new();
    for &t in targets {
        if !b.alive(t) {
            continue;
        }
        for a in b.units_within(b.pos(t), 1) {
            if near.iter().any(|&(_, n)| n == a)
                || first.iter().any(|&(_, f)| f == a)
                || !b.alive(a)
                || ward(b, a, targets).is_none()
            {
                continue;
            }
            if let Some(i) = order.iter().position(|&o| o == a) {
                near.push((i, a));
            }
        }
    }
    near.sort_unstable();
    first.into_iter().chain(near).map(|(_, u)| u).collect()
}

/// [`reactors`] by asking every unit of the order: the targets in it, then each living
/// unit with a ward ([`ward`]) among them. What a small battle does, and what the look
/// through the cell index is checked against.
pub fn reactors_by_order(b: &Battle, targets: &[UnitId]) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|u| targets.contains(u))
        .collect();
    for &a in b.order() {
        if !v.contains(&a) && b.alive(a) && ward(b, a, targets).is_some() {
            v.push(a);
        }
    }
    v
}

/// Whom `reactor`'s counter protects: itself when it is a target, else the first target
/// (in the casting's order) it is an ally of and stands beside.
pub fn ward(b: &Battle, reactor: UnitId, targets: &[UnitId]) -> Option<UnitId> {
    if targets.contains(&reactor) {
        return Some(reactor);
    }
    let at = b.pos(reactor);
    targets
        .iter()
        .copied()
        .find(|&t| b.alive(t) && !b.enemies(reactor, t) && b.grid().distance(b.pos(t), at) <= 1)
}

/// The spell waiting for its counters (`CountersFrame::Land` on the stack): its targets
/// and its damage roll.
pub fn pending(b: &Battle, caster: UnitId, ability: usize) -> Option<(Vec<UnitId>, Option<Roll>)> {
    b.stack.iter().rev().find_map(|f| match f {
        Frame::Ruleset(crate::rulesets::RulesetFrame::Counters(CountersFrame::Land {
            caster: c,
            ability: a,
            targets,
            damage,
            ..
        })) if *c == caster && *a == ability => Some((targets.clone(), damage.clone())),
        _ => None,
    })
}

/// Where this casting's counters start in the log: its last check (the spell attack or
/// the casting check).
pub fn check_index(b: &Battle, caster: UnitId) -> usize {
    b.log()
        .iter()
        .rposition(|l| match &l.event {
            Event::Attack { attacker, .. } => *attacker == caster,
            Event::Check {
                unit,
                purpose: CheckPurpose::Casting,
                ..
            } => *unit == caster,
            _ => false,
        })
        .unwrap_or(0)
}

/// The damage `t` takes from the spell after absorption (magical armour only) and before
/// any block.
pub fn after_absorption(b: &Battle, t: UnitId, roll: &Roll) -> Roll {
    let a = absorption(b, t, true).min(roll.total.max(0));
    if a > 0 {
        roll.clone().with(Modifier::new(
            ModKind::Other,
            "absorption (magical armour)",
            -a,
        ))
    } else {
        roll.clone()
    }
}

/// The counters resolved: each target takes the damage less its blocks and gets the
/// status effects, unless a counterspell for it succeeded (a success prevents the
/// damage, or cancels the status effect of a spell without damage; a critical counter
/// both).
pub fn land(b: &mut Battle, caster: UnitId, i: usize, targets: &[UnitId], damage: Option<Roll>) {
    let Some(a) = b.ability(caster, i).cloned() else {
        return;
    };
    let start = check_index(b, caster);
    for &t in targets {
        if !b.alive(t) || b.ended.is_some() {
            continue;
        }
        let (plain, critical) = super::counterspell::countered(b, start, t, targets);
        let stops_damage = plain || critical;
        let stops_status = critical || (plain && damage.is_none());
        if let Some(roll) = &damage
            && !stops_damage
        {
            let mut r = after_absorption(b, t, roll);
            let cut = super::counterspell::blocked(b, start, t, targets).min(r.total.max(0));
            if cut > 0 {
                r = r.with(Modifier::new(ModKind::Other, "blocked", -cut));
            }
            let hit = Hit {
                attacker: caster,
                target: t,
                weapon: usize::MAX,
                kind: AttackKind::Normal,
                level: Outcome::Success,
                natural: 0,
                effect: HitEffect::Ability(i),
            };
            apply_damage(b, &hit, r);
        }
        if stops_status || !b.alive(t) {
            continue;
        }
        for e in &a.effects {
            if let Effect::Condition { kind, duration } = e
                && b.plays_condition(*kind)
                && *kind != ConditionKind::Bleeding
            {
                b.emit(Event::ConditionAdded {
                    unit: t,
                    kind: *kind,
                    duration: *duration,
                    source: Some(caster),
                });
            }
        }
    }
}
