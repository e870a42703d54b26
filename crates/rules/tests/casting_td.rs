//! tactical-d20 casting (seed 004 "Cast a Spell", "Counterspell", Psionic Focus, the
//! conditions that forbid casting or drinking; issue 17), each through `Battle::submit`
//! with forced dice (each test says which face goes where). Initiative is one d20 per
//! unit in list order. In round 1 a unit is Surprised until it has acted, so the units
//! that react act (and end their turns) first. The shipped wizard: INT 17 (+3),
//! Magical Aptitude 4 ranks (+7 in all), BAB 0, caster level 2, 6 SQ; its abilities:
//! 0 Ray of Frost (order 0, Evocation), 1 Magic Missile (1, Evocation), 2 Burning Hands
//! (1, Evocation), 3 Hold Person (2, Enchantment), 4 Potion of Cure Light Wounds. The
//! psion: 0 Mind Thrust (1, Telepathy), 1 Energy Ray, 2 Id Insinuation, 3 Body
//! Adjustment; resists electricity 5. The fighter: AC 17, Reflex +1, Will +0.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::event::{CheckPurpose, Event, Fizzle, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::{field, open};
use crate::support::{damage, id, offers, since};

pub(crate) const SQ: GridKind = GridKind::Square;
pub(crate) const RAY: usize = 0;
pub(crate) const MISSILE: usize = 1;
pub(crate) const HANDS: usize = 2;
pub(crate) const HOLD: usize = 3;
pub(crate) const POTION: usize = 4;
pub(crate) const THRUST: usize = 0;

/// Level abilities for the energy and healing rules (kind `Ability`: no SQ, no focus),
/// known by the "hexer" (the wizard's numbers): 0 Drench bolt (Soaked, then 1d6 cold),
/// 1 Parch bolt (Dehydrated, then 1d6 fire), 2 Shock (1d6+4 electricity), 3 Cure touch
/// (heals 1d8), 4 Fast (Starving on itself), 5 the potion.
pub(crate) const HEXER: &str = r#"abilities: {
        "Drench bolt": (kind: Ability, target: One(range: 6),
            effects: [Condition(kind: Soaked, duration: UntilRemoved), Damage(dice: "1d6", kind: "cold")]),
        "Parch bolt": (kind: Ability, target: One(range: 6),
            effects: [Condition(kind: Dehydrated, duration: UntilRemoved), Damage(dice: "1d6", kind: "fire")]),
        "Shock": (kind: Ability, target: One(range: 6), effects: [Damage(dice: "1d6+4", kind: "electricity")]),
        "Cure touch": (kind: Ability, target: One(range: 1), effects: [Heal(dice: "1d8")]),
        "Fast": (kind: Ability, target: User, effects: [Condition(kind: Starving, duration: UntilRemoved)]),
    },
    archetypes: {
        "hexer": (hp: 12, stats: {Str: 8, Dex: 14, Con: 12, Int: 17, Wis: 12, Cha: 10, Bab: 0, Ac: 12, Fort: 0, Reflex: 0, Will: 2, MagicalAptitude: 4, CasterLevel: 2, SpellQuantity: 6},
            weapons: ["dagger"], abilities: ["Drench bolt", "Parch bolt", "Shock", "Cure touch", "Fast", "Potion of Cure Light Wounds"]),
    }"#;

pub(crate) fn battle(units: &str, extra: &str, dice: &[u32]) -> Battle {
    let m = open(16, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    field(SQ, &rows, units, extra, dice)
}

pub(crate) fn cast(
    b: &mut Battle,
    unit: UnitId,
    ability: usize,
    at: CastAt,
) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })
}

pub(crate) fn act(b: &mut Battle, unit: UnitId, a: TacticalD20Action) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: a.into(),
    })
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

pub(crate) fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// Refused with a message containing `words`; nothing logged.
pub(crate) fn refused(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt, words: &str) {
    let len = b.log().len();
    let sq = b.pool(unit, Pool::SpellQuantity);
    match cast(b, unit, ability, at) {
        Err(e) => assert!(e.to_string().contains(words), "{e} should say {words:?}"),
        Ok(_) => panic!("expected a refusal saying {words:?}"),
    }
    assert_eq!(b.log().len(), len, "a refusal logs nothing");
    assert_eq!(b.pool(unit, Pool::SpellQuantity), sq);
}

pub(crate) fn spent(ev: &[Event], u: UnitId) -> Vec<(Pool, i32, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                unit,
                pool,
                amount,
                on,
                ..
            } if *unit == u => Some((*pool, *amount, *on)),
            _ => None,
        })
        .collect()
}

/// (unit, purpose, d20 face, total, number, success) of every `Check`.
pub(crate) fn checks(ev: &[Event]) -> Vec<(UnitId, CheckPurpose, u32, i32, i32, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                unit,
                purpose,
                roll,
                target_number,
                outcome,
            } => Some((
                *unit,
                *purpose,
                roll.faces[0],
                roll.total,
                *target_number,
                outcome.is_success(),
            )),
            _ => None,
        })
        .collect()
}

pub(crate) fn fizzles(ev: &[Event]) -> Vec<(UnitId, Fizzle)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Fizzled { unit, why, .. } => Some((*unit, *why)),
            _ => None,
        })
        .collect()
}

pub(crate) fn casts(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::Cast { .. }))
        .count()
}

/// Wiz (Red wizard, initiative 20) at (2,4) and Grub (Blue fighter, 1) at (10,4).
pub(crate) const APART: &str = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
    Unit(name: "Grub", side: "Blue", cell: (10, 4), archetype: "fighter")"#;

/// "Cast a Spell" is a Standard action and spends SQ equal to the Spell Order; the focus
/// check is d20 + Magical Aptitude against 13 + 2 × order. Magic Missile (order 1):
/// d20 8 + 7 = 15 against 15 passes; 1d4+1 = 3 + 1 force. A second spell the same turn
/// has no Standard action left.
#[test]
pub(crate) fn a_spell_is_a_standard_action_spending_sq_and_needs_the_focus_check() {
    let mut b = battle(APART, "", &[20, 1, 8, 3]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    let start = b.log().len();
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(
        spent(&ev, w),
        [
            (Pool::Slot(Slot::Standard), 1, Spend::Cast),
            (Pool::SpellQuantity, 1, Spend::Cast)
        ]
    );
    assert_eq!(checks(&ev), [(w, CheckPurpose::Focus, 8, 15, 15, true)]);
    assert_eq!(damage(&ev), [(g, 4)]);
    assert_eq!(b.pool(w, Pool::SpellQuantity), 5);
    assert!(cast(&mut b, w, RAY, CastAt::Unit(g)).is_err());
}

/// Too little SQ is refused before anything is spent: a wizard with 1 SQ cannot cast
/// Hold Person (order 2). Ray of Frost (order 0) costs no SQ.
#[test]
pub(crate) fn a_spell_needs_sq_for_its_order() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard", stats: {SpellQuantity: 1}),
        Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter")"#;
    let mut b = battle(units, "", &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    assert_eq!(b.pool(w, Pool::SpellQuantity), 1);
    refused(
        &mut b,
        w,
        HOLD,
        CastAt::Unit(g),
        "Hold Person costs 2 SQ and it has 1",
    );
}

/// "Spend SQ numbering the Spell Order as the cost to cast the spell or consume a
/// Material Component with the correct value": a hedge wizard with 1 SQ and one
/// component worth 2 casts Hold Person (order 2) by consuming the component (its SQ
/// stays); with neither it is refused. With both, the SQ pays first (Magic Missile).
/// Focus d20 15 + 7 = 22 against 17; Grub's Will save 1 fails.
#[test]
pub(crate) fn a_material_component_of_the_spells_value_pays_when_sq_falls_short() {
    let extra = r#"archetypes: {
        "hedge": (hp: 12, stats: {Str: 8, Dex: 14, Con: 12, Int: 17, Wis: 12, Cha: 10, Bab: 0, Ac: 12, Fort: 0, Reflex: 0, Will: 2, MagicalAptitude: 4, CasterLevel: 2, SpellQuantity: 1},
            weapons: ["dagger"], abilities: ["Ray of Frost", "Magic Missile", "Burning Hands", "Hold Person"],
            materials: {2: 1}),
    }"#;
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "hedge"),
        Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter")"#;
    let mut b = battle(units, extra, &[20, 1, 15, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    assert_eq!(b.pool(w, Pool::Material(2)), 1);
    let start = b.log().len();
    cast(&mut b, w, HOLD, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(spent(&ev, w)[1..], [(Pool::Material(2), 1, Spend::Cast)]);
    assert_eq!(b.pool(w, Pool::Material(2)), 0);
    assert_eq!(b.pool(w, Pool::SpellQuantity), 1);
    assert_eq!(casts(&ev), 1);
    // Next turn: no component worth 2 left, 1 SQ: refused; Magic Missile takes the SQ.
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(w));
    refused(
        &mut b,
        w,
        HOLD,
        CastAt::Unit(g),
        "Hold Person costs 2 SQ and it has 1, and no material component worth 2",
    );
    // Magic Missile with 1 SQ and a component worth 1: the SQ pays (focus 15, 1d4+1).
    let extra = extra.replace("materials: {2: 1}", "materials: {1: 1}");
    let mut b = battle(units, &extra, &[20, 1, 15, 2]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    assert_eq!(b.pool(w, Pool::SpellQuantity), 0);
    assert_eq!(b.pool(w, Pool::Material(1)), 1);
}

/// A failed focus check fizzles the spell: the Standard action and the SQ stay spent,
/// `Fizzled { Focus }`, no `Cast`, no effect. Magic Missile: d20 7 + 7 = 14 < 15.
#[test]
pub(crate) fn a_failed_focus_check_fizzles_and_the_sq_stays_spent() {
    let mut b = battle(APART, "", &[20, 1, 7]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    let start = b.log().len();
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(checks(&ev), [(w, CheckPurpose::Focus, 7, 14, 15, false)]);
    assert_eq!(fizzles(&ev), [(w, Fizzle::Focus)]);
    assert_eq!(casts(&ev), 0);
    assert!(damage(&ev).is_empty());
    assert_eq!(b.pool(w, Pool::SpellQuantity), 5);
    assert_eq!(b.slots(w, Slot::Standard), 0);
}

/// Verbal and somatic components: a non-psion cannot cast while Nauseated or Restrained,
/// or with no free hand (a greataxe in both hands). A Nauseated unit cannot drink a
/// potion either.
#[test]
pub(crate) fn a_non_psion_needs_voice_gestures_and_a_free_hand() {
    for (extra, words) in [
        (r#", conditions: {Nauseated: UntilRemoved}"#, "nauseated"),
        (r#", conditions: {Restrained: UntilRemoved}"#, "restrained"),
        (r#", weapons: ["greataxe"]"#, "free hand"),
    ] {
        let units = format!(
            r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"{extra}),
            Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter")"#
        );
        let mut b = battle(&units, "", &[20, 1]);
        let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
        refused(&mut b, w, MISSILE, CastAt::Unit(g), words);
        if words == "nauseated" {
            refused(&mut b, w, POTION, CastAt::User, "cannot consume potions");
        }
    }
}

/// "Starving: Unable to sustain, must consume food to remove the condition": nothing of
/// potions (only Nauseated says "cannot … consume potions or food"). The hexer fasts
/// (Starving), and next round still drinks its potion.
#[test]
pub(crate) fn a_starving_unit_may_still_drink_potions() {
    let units = r#"Unit(name: "Hex", side: "Red", cell: (2, 4), archetype: "hexer"),
        Unit(name: "Grub", side: "Blue", cell: (10, 4), archetype: "fighter")"#;
    let mut b = battle(units, HEXER, &[20, 1, 3]);
    let h = id(&b, "Hex");
    cast(&mut b, h, 4, CastAt::User).unwrap();
    assert!(b.has(h, ConditionKind::Starving));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(h));
    cast(&mut b, h, 5, CastAt::User).unwrap_or_else(|e| panic!("{e}"));
}

/// Issue 29: "Nauseated: … cannot cast Spells or consume potions or food" holds for a
/// psion too (Psionic Focus waives the components, not the condition).
#[test]
pub(crate) fn a_nauseated_psion_cannot_cast_even_with_psionic_focus() {
    let units = r#"Unit(name: "Psi", side: "Red", cell: (4, 4), archetype: "psion", conditions: {PsionicFocus: UntilRemoved, Nauseated: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
    let mut b = battle(units, "", &[20, 1]);
    let (p, g) = (id(&b, "Psi"), id(&b, "Grub"));
    assert!(b.has(p, ConditionKind::PsionicFocus));
    refused(&mut b, p, THRUST, CastAt::Unit(g), "nauseated");
}

/// Issue 29: "Frightened: … taking no offensive actions": a Frightened caster may not
/// cast a damaging spell at its foe (as it may not shoot), but may still drink a potion.
#[test]
pub(crate) fn a_frightened_caster_casts_nothing_hostile() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard", conditions: {Frightened: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter")"#;
    let mut b = battle(units, "", &[20, 1, 3]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    refused(&mut b, w, MISSILE, CastAt::Unit(g), "no offensive actions");
    refused(&mut b, w, RAY, CastAt::Unit(g), "no offensive actions");
    cast(&mut b, w, POTION, CastAt::User).unwrap_or_else(|e| panic!("{e}"));
}

/// Issue 29: "Creatures with Cover cannot be targeted": a single-target spell may not
/// name a unit in Cover, as a bow may not; refused, nothing logged.
#[test]
pub(crate) fn a_unit_in_cover_cannot_be_named_by_a_spell() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (6, 4), archetype: "fighter", conditions: {Cover: UntilRemoved})"#;
    let mut b = battle(units, "", &[20, 1]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    let log = b.log().len();
    let e = cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap_err();
    assert!(matches!(e, Illegal::Hidden(_)), "{e:?}");
    assert_eq!(b.log().len(), log);
}

/// A psion casts through Psionic Focus: refused without it; a successful Concentrate (a
/// Move action; Endurance 4 + CON 1, d20 10 against 5) wins it; then Mind Thrust needs no
/// focus check and no free hand (the psion holds a greataxe), does not provoke the
/// adjacent Grub (the psion is Concentrating), and spends the focus. Grub's Will save:
/// d20 5 + 0 < 14: 2d6 = 2 + 3 psychic.
#[test]
pub(crate) fn a_psion_casts_through_psionic_focus() {
    let units = r#"Unit(name: "Psi", side: "Red", cell: (4, 4), archetype: "psion", weapons: ["greataxe"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    // Grub acts first (20) and ends its turn, so it is not Surprised.
    let mut b = battle(units, "", &[1, 20, 10, 5, 2, 3]);
    let (p, g) = (id(&b, "Psi"), id(&b, "Grub"));
    end(&mut b);
    refused(&mut b, p, THRUST, CastAt::Unit(g), "Concentrate first");
    act(&mut b, p, TacticalD20Action::Concentrate).unwrap();
    assert!(b.has(p, ConditionKind::PsionicFocus));
    assert!(b.has(p, ConditionKind::Concentrating));
    let start = b.log().len();
    cast(&mut b, p, THRUST, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert!(offers(&ev).is_empty(), "no reaction: {ev:#?}");
    assert!(!checks(&ev).iter().any(|c| c.1 == CheckPurpose::Focus));
    assert_eq!(
        checks(&ev),
        [(g, CheckPurpose::Resist, 5, 5, 14, false)],
        "{ev:#?}"
    );
    assert_eq!(damage(&ev), [(g, 5)]);
    assert!(!b.has(p, ConditionKind::PsionicFocus), "spent on casting");
    assert_eq!(b.pool(p, Pool::SpellQuantity), 5);
}

/// Psionic Focus "cannot be attained" while Confused, Frightened, Nauseated, Stunned or
/// Writhing: a Concentrate that succeeds (d20 20) wins no focus (or, for a condition
/// that forbids the action, is refused).
#[test]
pub(crate) fn psionic_focus_is_not_won_under_the_conditions_that_forbid_it() {
    for c in ["Confused", "Frightened", "Nauseated", "Stunned", "Writhing"] {
        let units = format!(
            r#"Unit(name: "Psi", side: "Red", cell: (2, 4), archetype: "psion", conditions: {{{c}: UntilRemoved}}),
            Unit(name: "Grub", side: "Blue", cell: (10, 4), archetype: "fighter")"#
        );
        let mut b = battle(&units, "", &[20, 1, 20, 20, 20, 20]);
        let p = id(&b, "Psi");
        assert_eq!(b.current(), Some(p));
        match act(&mut b, p, TacticalD20Action::Concentrate) {
            // The check succeeded (Concentrating), yet no focus.
            Ok(_) => assert!(b.has(p, ConditionKind::Concentrating), "{c}"),
            // Nauseated: "cannot use Endurance"; Stunned: no actions at all.
            Err(e) => assert!(matches!(c, "Nauseated" | "Stunned"), "{c}: {e}"),
        }
        assert!(!b.has(p, ConditionKind::PsionicFocus), "{c}");
    }
}

/// Wiz (initiative 15) casts Magic Missile next to Grub (20, who has acted): Grub is
/// offered an opportunity attack (Trigger::Casting). It hits (d20 15 + 5 = 20 against AC
/// 12) for 1d8+3 = 5 + 3 = 8: the caster keeps the spell only with Magical Aptitude
/// against 10 + 8 + 1 = 19.
pub(crate) fn provoked(keep_face: u32) -> (Battle, UnitId, UnitId, Vec<Event>) {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let mut b = battle(units, "", &[15, 20, 10, 15, 5, keep_face, 3]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Grub"));
    end(&mut b);
    let start = b.log().len();
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(offers(&ev), [(g, vec![ReactionKind::ReactionAttack])]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered {
            trigger: Trigger::Casting {
                ability: MISSILE,
                ..
            },
            ..
        }
    )));
    react(&mut b, g, Some(ReactionKind::ReactionAttack));
    while let Status::AwaitingReaction(r) = b.status() {
        react(&mut b, r, None);
    }
    let ev = since(&b, start);
    (b, w, g, ev)
}

/// Sage (Blue wizard, initiative 20, has acted) watches Wiz (15) cast Magic Missile at
/// Grub: focus d20 10; Sage identifies it (d20 `ident` + 7 against the Spell DC 10 + 1 +
/// 3 = 14) and, when it does, is offered a Counterspell.
pub(crate) fn watched(ident: u32, more: &[u32]) -> (Battle, UnitId, UnitId, UnitId, usize) {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (10, 4), archetype: "fighter"),
        Unit(name: "Sage", side: "Blue", cell: (6, 7), archetype: "wizard")"#;
    let mut d = vec![15, 1, 20, 10, ident];
    d.extend_from_slice(more);
    let mut b = battle(units, "", &d);
    let (w, g, s) = (id(&b, "Wiz"), id(&b, "Grub"), id(&b, "Sage"));
    end(&mut b);
    assert_eq!(b.current(), Some(w));
    let start = b.log().len();
    cast(&mut b, w, MISSILE, CastAt::Unit(g)).unwrap();
    (b, w, g, s, start)
}

/// Wiz (Red wizard, initiative 1) at (4,4) and Grub (Blue fighter, 20) at (7,4): Grub
/// acts (and ends its turn) first, so it is not Surprised.
pub(crate) const NEAR: &str = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "wizard"),
    Unit(name: "Grub", side: "Blue", cell: (7, 4), archetype: "fighter")"#;
