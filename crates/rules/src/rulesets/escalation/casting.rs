//! escalation powers (seed 001, "Ability Entries"; `docs/rules/escalation.md`, Powers):
//! class powers and monster abilities as data on the shared model
//! (`crate::abilities`), used with the common `Cast` action.
//!
//! * "Action: Standard, Move, Quick, Free, or Interrupt": the ability's `action` (a
//!   Standard when left out), paid like any action of that type ("you may substitute
//!   better actions for less good ones").
//! * "Frequency": At-Will is `uses: None`; an Encounter, Daily or Recharge power is
//!   `uses: Some(1)` (nothing rests or recharges inside one battle).
//! * "Provokes: Using this ability provokes Opportunity Attacks from engaged enemies":
//!   `provokes` (a `Spell` provokes unless it says not: "they can't use Ranged Attacks or
//!   Ranged Spells without provoking"); the opportunity attacks go off first.
//! * "Escalation X+: This can only be used if the Escalation die is X or higher", and the
//!   even/odd keys: the ability's `escalation`.
//! * "Attack: … vs. AC/PD/MD": the attack roll of every escalation attack (3d6 + Level +
//!   Volition + the escalation die, Advantage dice, crits 17+ doubling the damage, a
//!   natural 3 a crit fail with no miss effects); `effects` on a hit, `on_miss` on a miss.

use super::EscalationFrame;
use crate::abilities::{Ability, ActionType, Defence as AbilityDefence, Effect, Resolve};
use crate::battle::Battle;
use crate::components::{ConditionKind, Slot, UnitId};
use crate::dice::{ForcedFaceError, ModKind, Modifier};
use crate::engine::{CastAt, Frame, Hit, HitEffect, Illegal, RulesetFrame};
use crate::event::{AttackKind, Event, Outcome, Spend, Trigger};

use super::actions::{pay, payer};
use super::attack::{
    AttackNumbers, CRIT_FAIL, Defence, EscAttack, WEAPON_DAMAGE, d6s, escalation_die,
    escalation_die_for, natural_odds, opportunists,
};
use super::turns::SAVE;

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).to_string(),
        why: why.into(),
    }
}

/// The slot an ability's action takes (`None`: a free action). A Standard when the
/// ability names none; an Interrupt is refused before this is asked.
pub fn action_slot(a: &Ability) -> Option<Slot> {
    match a.action.unwrap_or(ActionType::Standard) {
        ActionType::Standard | ActionType::Interrupt => Some(Slot::Standard),
        ActionType::Move => Some(Slot::Move),
        ActionType::Quick => Some(Slot::Quick),
        ActionType::Free => None,
    }
}

/// The ability's damage type: its first damage effect's, "weapon" when it names none
/// ("If unspecified, the type of the damage is assumed to be weapon").
pub fn damage_kind(a: &Ability) -> &str {
    a.effects
        .iter()
        .chain(&a.on_miss)
        .find_map(|e| match e {
            Effect::Damage { kind, .. } if !kind.is_empty() => Some(kind.as_str()),
            _ => None,
        })
        .unwrap_or(WEAPON_DAMAGE)
}

/// Check a `Cast` (the engine checked the aim and the uses left): the user stands and is
/// not Hampered, the power is no Interrupt, its action type can be paid, and the
/// escalation die allows it; a melee power (an attack at range 1) needs the melee
/// stance, a ranged one (an attack beyond 1) is refused while Grabbed; an attack on an
/// ally whose attacker was intercepted this turn goes to the interceptor instead.
pub(super) fn check_cast(b: &Battle, u: UnitId, i: usize, at: &CastAt) -> Result<(), Illegal> {
    if !b.alive(u) {
        return Err(cannot(
            b,
            u,
            "out of the fight for good, it can only Fight in Spirit",
        ));
    }
    let a = b
        .ability(u, i)
        .ok_or_else(|| cannot(b, u, format!("it knows no ability #{i}")))?;
    if b.has(u, ConditionKind::Hampered) {
        return Err(Illegal::Condition {
            unit: b.name(u).to_string(),
            condition: "hampered",
            why: "it can only make basic attacks and opportunity attacks, move (and \
                  disengage), Rally and Sustain",
        });
    }
    super::powers::check_power(b, u, i)?;
    if super::triggered(a) {
        return Err(cannot(
            b,
            u,
            format!(
                "{} is used outside its turn, when its trigger happens (the game offers it \
                 then), not through a Cast on its own turn",
                a.name
            ),
        ));
    }
    if let Some(slot) = action_slot(a)
        && payer(b, u, slot).is_none()
    {
        return Err(Illegal::NoSlot {
            unit: b.name(u).to_string(),
            action: "a power",
            slot: match slot {
                Slot::Quick => "Quick",
                Slot::Move => "Move",
                _ => "Standard",
            },
        });
    }
    if matches!(a.resolve, Resolve::Attack { .. }) {
        if a.range() <= 1 && !super::melee_stance(b, u) {
            return Err(cannot(
                b,
                u,
                format!(
                    "{} is a melee power: it needs a melee weapon in hand (Switch Stance)",
                    a.name
                ),
            ));
        }
        if a.range() > 1 && b.has(u, ConditionKind::Grabbed) {
            return Err(Illegal::Condition {
                unit: b.name(u).to_string(),
                condition: "grabbed",
                why: "a grabbed unit can't use ranged attacks or spells",
            });
        }
    }
    // "A nearby ally or yourself heals" (Healing Word): a power that only heals one
    // creature is refused on a foe (issue 31: it was offered on an enemy, at 100%).
    if let CastAt::Unit(t) = at
        && !a.effects.is_empty()
        && a.effects.iter().all(|e| matches!(e, Effect::Heal { .. }))
        && b.enemies(u, *t)
    {
        return Err(cannot(
            b,
            u,
            format!(
                "{} heals an ally or its user, and {} is a foe",
                a.name,
                b.name(*t)
            ),
        ));
    }
    if a.hostile()
        && let Some((by, ally)) = super::intercepted_by(b, u)
        && b.cast_targets(u, i, at).is_ok_and(|t| t.contains(&ally))
    {
        return Err(cannot(
            b,
            u,
            format!(
                "{} intercepted it: its attacks meant for {} go to {} instead",
                b.name(by),
                b.name(ally),
                b.name(by)
            ),
        ));
    }
    if let Some(key) = a.escalation {
        let die = escalation_die_for(b, u);
        if !key.allows(die) {
            let shows = escalation_die(b);
            let why = if shows != die {
                // "Shaken: … count the escalation die as 0".
                format!(
                    "{} needs the escalation die {}: it shows {shows}, but {} is Shaken and \
                     counts it as 0",
                    a.name,
                    key_words(key),
                    b.name(u)
                )
            } else {
                format!(
                    "{} needs the escalation die {} (it shows {die})",
                    a.name,
                    key_words(key)
                )
            };
            return Err(cannot(b, u, why));
        }
    }
    Ok(())
}

/// "at 2 or more", "even", "odd".
pub fn key_words(key: crate::abilities::EscalationKey) -> String {
    match key {
        crate::abilities::EscalationKey::Min(n) => format!("at {n} or more"),
        crate::abilities::EscalationKey::Even => "even (2, 4, 6)".into(),
        crate::abilities::EscalationKey::Odd => "odd (1, 3, 5)".into(),
    }
}

/// Pay and begin a checked `Cast`: its action, then (a provoking power used while
/// engaged) the opportunity attacks of the engaged enemies in melee stance, then the
/// power goes off. A non-attack power by a Confused user first costs its 11+ save.
pub(super) fn perform_cast(b: &mut Battle, u: UnitId, i: usize, at: CastAt) -> Result<(), Illegal> {
    let Some(a) = b.ability(u, i).cloned() else {
        return Ok(());
    };
    if let Some(slot) = action_slot(&a) {
        pay(b, u, slot, Spend::Cast);
    }
    if let Some(x) = a.spend {
        b.emit(Event::spent(
            u,
            crate::components::Pool::Power,
            x as i32,
            Spend::Cast,
        ));
    }
    let attack = matches!(a.resolve, Resolve::Attack { .. })
        && a.effects.iter().any(|e| matches!(e, Effect::Damage { .. }));
    if !attack {
        super::actions::confused_check(b, u)?;
        if !b.alive(u) {
            return Ok(());
        }
    }
    // "they can't use Ranged Attacks or Ranged Spells without provoking Opportunity
    // attacks": a power that attacks beyond 1 cell (a Ranged one, as Grabbed reads it)
    // provokes like a spell, unless its data says it does not.
    let ranged_attack = a.range() > 1 && matches!(a.resolve, Resolve::Attack { .. });
    let provokes = a
        .provokes
        .unwrap_or(a.kind == crate::abilities::AbilityKind::Spell || ranged_attack);
    let offers: Vec<(UnitId, Trigger)> = if provokes {
        opportunists(b, u)
            .into_iter()
            .map(|r| (r, Trigger::Provoked { unit: u }))
            .collect()
    } else {
        Vec::new()
    };
    b.queue_cast(u, i, at, false, offers);
    // Readied for "a foe uses a power": before it goes off.
    super::ready::spring_on_cast(b, u);
    Ok(())
}

/// The numbers of `caster`'s power `i` against `target`: a basic attack's roll
/// (`attack::attack_against`, one function for both), against the defence the power
/// names, critting by its damage type.
pub fn power_math(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> EscAttack {
    let (d, kind) = power_defence(b, caster, i);
    super::attack::attack_against(b, caster, target, d, kind)
}

/// [`power_math`]'s numbers without its lists ([`super::attack::attack_numbers`]): what
/// the AI's odds read.
pub fn power_numbers(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> AttackNumbers {
    let (d, kind) = power_defence(b, caster, i);
    super::attack::attack_numbers(b, caster, target, d, kind)
}

/// The defence `caster`'s power `i` attacks and its damage type.
fn power_defence(b: &Battle, caster: UnitId, i: usize) -> (Defence, &str) {
    let (vs, kind) = match b.ability(caster, i) {
        Some(a) => (
            match a.resolve {
                Resolve::Attack { vs } => vs,
                _ => AbilityDefence::Armour,
            },
            damage_kind(a),
        ),
        None => (AbilityDefence::Armour, WEAPON_DAMAGE),
    };
    let d = match vs {
        AbilityDefence::Armour => Defence::Ac,
        AbilityDefence::Physical => Defence::Pd,
        AbilityDefence::Mental => Defence::Md,
    };
    (d, kind)
}

/// The chance power `i` lands on `target`: its attack hitting (crits included), the
/// target failing its 3d6 save, or 1.
pub fn chance(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> f64 {
    let Some(a) = b.ability(caster, i) else {
        return 0.0;
    };
    match a.resolve {
        Resolve::Automatic => 1.0,
        Resolve::Attack { .. } => power_numbers(b, caster, target, i).odds().0,
        Resolve::Save { dc, .. } => {
            let net: i32 = super::save_edges(b, target, false)
                .iter()
                .map(|m| m.value)
                .sum();
            natural_odds(net)
                .iter()
                .enumerate()
                .filter(|(n, _)| (*n as i32) < dc)
                .map(|(_, p)| p)
                .sum()
        }
    }
}

/// Roll a power's attack (its `Frame::Attack` came up): as a basic attack's roll (the
/// Invisible save first, Advantage dice, a Dicey Move's edge used up); a hit queues the
/// hit (its effects, ×2 on a crit), a plain miss its `on_miss`, a crit fail nothing ("you
/// have no miss effects"). A power that rolls "all attacks before damage"
/// (`attacks_first`) takes the attacks on its other targets waiting on the stack and
/// rolls them all now, then their effects land in order.
pub(crate) fn roll_power(
    b: &mut Battle,
    caster: UnitId,
    target: UnitId,
    i: usize,
) -> Result<(), ForcedFaceError> {
    let first = b.ability(caster, i).is_some_and(|a| a.attacks_first);
    let mut targets = vec![target];
    if first {
        // The other targets' attacks: still plain, or waiting after their cues
        // (`interrupts::offer_on_attack`; an Intercept may have changed the target).
        while let Some(t) = b.stack.last().and_then(|f| match f {
            Frame::Attack {
                attacker,
                target,
                effect: HitEffect::Ability(j),
                ..
            } if *attacker == caster && *j == i => Some(*target),
            Frame::Ruleset(RulesetFrame::Escalation(EscalationFrame::Attack {
                attacker,
                target,
                effect: HitEffect::Ability(j),
                ..
            })) if *attacker == caster && *j == i => Some(*target),
            _ => None,
        }) {
            targets.push(t);
            b.stack.pop();
        }
    }
    let mut landed = Vec::new();
    for t in targets {
        if let Some(f) = roll_one(b, caster, t, i)? {
            landed.push(f);
        }
    }
    for f in landed.into_iter().rev() {
        b.push_frame(f);
    }
    Ok(())
}

/// One power attack on `target`: its roll logged, and the frame of what it does.
fn roll_one(
    b: &mut Battle,
    caster: UnitId,
    target: UnitId,
    i: usize,
) -> Result<Option<Frame>, ForcedFaceError> {
    if !b.alive(caster) || !b.alive(target) {
        return Ok(None);
    }
    let name = b
        .ability(caster, i)
        .map(|a| a.name.clone())
        .unwrap_or_default();
    if b.has(target, ConditionKind::Invisible) {
        let roll = b.roll(d6s(0))?;
        let success = roll.total >= SAVE;
        b.emit(Event::Save {
            unit: caster,
            kind: ConditionKind::Invisible,
            roll,
            target_number: SAVE,
            success,
        });
        if !success {
            return Ok(None);
        }
    }
    let a = power_math(b, caster, target, i);
    let mut roll = b.roll(d6s(a.net))?;
    let natural = roll.natural();
    for m in a.edges.iter().map(|m| Modifier {
        value: 0,
        ..m.clone()
    }) {
        roll = roll.with(m);
    }
    for m in &a.bonus {
        roll = roll.with(m.clone());
    }
    if b.has(caster, ConditionKind::DiceyEdge) {
        b.emit(Event::ConditionRemoved {
            unit: caster,
            kind: ConditionKind::DiceyEdge,
            source: None,
        });
    }
    let outcome = a.outcome(natural);
    b.emit(Event::Attack {
        attacker: caster,
        target,
        weapon: name,
        kind: AttackKind::Normal,
        roll,
        target_number: a.defence.1,
        outcome,
        against: vec![Modifier::new(
            ModKind::Skill,
            a.defence.0.name(),
            a.defence.1,
        )],
    });
    Ok(match outcome {
        o if o.is_success() => Some(Frame::Hit(Hit {
            attacker: caster,
            target,
            weapon: usize::MAX,
            kind: AttackKind::Normal,
            level: o,
            natural,
            effect: HitEffect::Ability(i),
        })),
        Outcome::Failure => Some(Frame::Effects {
            caster,
            ability: i,
            target,
            landed: false,
            mult: 1,
            from: 0,
            asked: false,
        }),
        // A natural 3: "no miss effects".
        _ => {
            debug_assert!(natural <= CRIT_FAIL);
            None
        }
    })
}

/// The natural roll of the power attack whose effects land on `target` now: the last
/// attack on it (not an opportunity attack), when it came after the last casting began
/// (`None`: the casting going off rolls no attack on it). A power used on a trigger (an
/// Interrupt) may go off between a power's casting and its attack: the attack still
/// comes last.
pub fn power_natural(b: &Battle, target: UnitId) -> Option<i32> {
    let log = b.log();
    let start = log
        .iter()
        .rposition(|l| matches!(l.event, Event::Cast { .. }))?;
    log[start..].iter().rev().find_map(|l| match &l.event {
        Event::Attack {
            target: t,
            roll,
            kind,
            ..
        } if *t == target && *kind != AttackKind::Reaction => Some(roll.natural()),
        _ => None,
    })
}

/// A power's healing: "Most healing requires you to use a Recovery" — a PC healed by a
/// power also heals using a recovery (none left: half, and −1 to Volition and
/// defences); a dying PC comes back "as if they had succeeded at a Death Save" (from 0
/// HP, with a recovery). An NPC, which has no recoveries, heals what "NPCs are healed
/// either 1d6 per level or 1d10 per level if it matters" gives it in the recovery's
/// place (Level d6, or its `RecoveryDie` per level; `turns::npc_healing`); the power's
/// own dice come on top, as they do on a PC's recovery.
pub(super) fn healed(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    if b.has(u, ConditionKind::Dying) {
        return super::turns::revive(b, u);
    }
    if !b.alive(u) {
        return Ok(());
    }
    if super::is_pc(b, u) {
        super::turns::use_recovery(b, u)
    } else {
        super::turns::npc_healing(b, u)
    }
}
