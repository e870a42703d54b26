//! escalation, issue 29 ("Spells are attacks"), seed 001: Shaken counts the escalation die
//! as 0 for everything the unit does, and NPCs are healed Level d6 — through
//! `Battle::submit` with forced dice.

use skirmish_rules::components::{ConditionKind, Pool};
use skirmish_rules::engine::CastAt;
use skirmish_rules::event::{Counter, Event, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;
use skirmish_rules::{Battle, Command};

use crate::support::escalation::{attack, cast, end, field, react};
use crate::support::{id, since};

/// (attacker, target, weapon or power, natural) of every attack in `ev`.
fn swings(
    ev: &[Event],
) -> Vec<(
    skirmish_rules::components::UnitId,
    skirmish_rules::components::UnitId,
    String,
    i32,
)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                target,
                weapon,
                roll,
                ..
            } => Some((*attacker, *target, weapon.clone(), roll.natural())),
            _ => None,
        })
        .collect()
}

/// Every `ReactionOffered` in `ev`: (reactor, trigger, options).
fn offered(
    ev: &[Event],
) -> Vec<(
    skirmish_rules::components::UnitId,
    Trigger,
    Vec<ReactionKind>,
)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor,
                trigger,
                options,
            } => Some((*reactor, trigger.clone(), options.clone())),
            _ => None,
        })
        .collect()
}

/// End turns until round `r` begins (the current unit's turn in it).
fn to_round(b: &mut Battle, r: u32) {
    while b.round() < r {
        end(b);
    }
}

// ---------------------------------------------------------------------------------------
// Shaken: "count the escalation die as 0" — for everything the unit does.

/// A fighter (Brutal Strike: Escalation 2+; Parry and Riposte) next to a slower goblin.
fn shaken_duel(shaken: bool, dice: &[u32]) -> Battle {
    let conditions = if shaken {
        "{Shaken: UntilRemoved, Weakened: Turns(9)}"
    } else {
        "{Weakened: Turns(9)}"
    };
    let units = format!(
        r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {conditions}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {{Band: 1}})"#
    );
    let mut b = field(GridKind::Square, 10, &units, "", dice);
    to_round(&mut b, 3);
    assert_eq!(b.counter(Counter::EscalationDie), 2);
    assert_eq!(b.current(), b.find("Brannoc"));
    b
}

/// Rally's save in `b` now: (total, target number, success, an "escalation die" bonus in
/// the roll).
fn rally_save(b: &mut Battle) -> (i32, i32, bool, bool) {
    let f = id(b, "Brannoc");
    let n = b.log().len();
    b.submit(Command::Act {
        unit: f,
        action: skirmish_rules::rulesets::escalation::EscalationAction::Rally.into(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    since(b, n)
        .iter()
        .find_map(|e| match e {
            Event::Save {
                kind: ConditionKind::Weakened,
                roll,
                target_number,
                success,
                ..
            } => Some((
                roll.total,
                *target_number,
                *success,
                roll.modifiers.iter().any(|m| m.name == "escalation die"),
            )),
            _ => None,
        })
        .expect("Rally's save")
}

/// Seed: "Shaken: You gain 1 Disadvantage on attacks and count the escalation die as 0";
/// "Escalation X+: This can only be used if the Escalation die is X or higher"; Rally:
/// "The save gains a bonus equal to Escalation".
#[test]
fn a_shaken_pc_counts_the_escalation_die_as_0_for_its_powers_and_its_rally() {
    // Round 3, the die shows 2. Shaken: Brutal Strike (Escalation 2+) is refused, and the
    // refusal says why.
    let mut b = shaken_duel(true, &[1, 1, 4, 4, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let e = cast(&mut b, f, "Brutal Strike", CastAt::Unit(g)).unwrap_err();
    let why = e.to_string();
    assert!(
        why.contains("Shaken") && why.contains("counts it as 0"),
        "{why}"
    );
    assert!(why.contains("it shows 2"), "{why}");
    // Rally: a recovery 2d10 [1, 1], then the 13+ save against Weakened (a one-round
    // effect): 4 + 4 + 4 = 12, and the die adds nothing: still Weakened.
    assert_eq!(rally_save(&mut b), (12, 13, false, false));
    assert!(b.has(f, ConditionKind::Weakened));
    // Not Shaken: the same round allows Brutal Strike, and Rally's save adds the die
    // (12 + 2 = 14: the effect ends).
    let mut b = shaken_duel(false, &[1, 1, 4, 4, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let ability = b
        .abilities(f)
        .iter()
        .position(|a| a.name == "Brutal Strike")
        .unwrap();
    let strike = Command::Act {
        unit: f,
        action: skirmish_rules::engine::Action::Common(
            skirmish_rules::engine::CommonAction::Cast {
                ability,
                at: CastAt::Unit(g),
            },
        ),
    };
    assert!(b.check(&strike).is_ok(), "{:?}", b.check(&strike));
    assert_eq!(rally_save(&mut b), (14, 13, true, true));
    assert!(!b.has(f, ConditionKind::Weakened));
}

/// A warden whose Interrupt keys off the escalation die (Escalation 2+).
const KEYED_WARDEN: &str = r#", abilities: {
        "Late Riposte": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),
            action: Some(Interrupt), trigger: Some(EnemyAttacksYou(engaged: true)),
            escalation: Some(Min(2)), effects: [Damage(dice: "1d4+3")]),
    },
    archetypes: {"warden": (hp: 30, stats: {Level: 2, Volition: 3, Ac: 15, Pd: 14, Md: 12, Band: 2},
        weapons: ["longsword"], abilities: ["Late Riposte"])}"#;

/// Seed: "Shaken: … count the escalation die as 0"; "Escalation X+: This can only be used
/// if the Escalation die is X or higher" — an Interrupt power's key too.
#[test]
fn a_shaken_units_escalation_2_interrupt_is_not_offered() {
    for shaken in [true, false] {
        let conditions = if shaken {
            r#", conditions: {Shaken: UntilRemoved}"#
        } else {
            ""
        };
        let units = format!(
            r#"Unit(name: "Vale", side: "PCs", cell: (3, 2), archetype: "warden"{conditions}),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {{Band: 1}})"#
        );
        let mut b = field(GridKind::Square, 10, &units, KEYED_WARDEN, &[1, 1, 1]);
        let (v, g) = (id(&b, "Vale"), id(&b, "Snitch"));
        to_round(&mut b, 3);
        end(&mut b);
        assert_eq!(b.current(), Some(g));
        let n = b.log().len();
        attack(&mut b, g, v).unwrap();
        let offers = offered(&since(&b, n));
        if shaken {
            assert_eq!(offers, vec![], "Shaken: the die counts as 0 < 2");
            assert_eq!(swings(&since(&b, n)).len(), 1, "the attack goes on at once");
        } else {
            assert_eq!(
                offers,
                vec![(
                    v,
                    Trigger::PowerCue {
                        by: g,
                        target: v,
                        attack: true
                    },
                    vec![ReactionKind::Interrupt(0)]
                )]
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// NPC healing: "NPCs are healed either 1d6 per level or 1d10 per level if it matters."

/// A Level 3 NPC shaman that heals itself (Mend: 1d6, a Quick action), and one whose
/// healing "matters" (`RecoveryDie: 10`).
const SHAMANS: &str = r#", abilities: {
        "Mend": (kind: Ability, target: User, action: Some(Quick), effects: [Heal(dice: "1d6")]),
    },
    archetypes: {
        "shaman": (hp: 30, stats: {Level: 3, Volition: 2, Ac: 14, Pd: 12, Md: 14, Band: 1},
            weapons: ["mace"], abilities: ["Mend"]),
        "troll shaman": (hp: 60, stats: {Level: 3, Volition: 2, Ac: 14, Pd: 12, Md: 14, Band: 1, RecoveryDie: 10},
            weapons: ["mace"], abilities: ["Mend"]),
    }"#;

/// (unit, amount, HP after) of every `Healed` in `ev`.
fn heals(ev: &[Event]) -> Vec<(skirmish_rules::components::UnitId, i32, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Healed {
                unit,
                amount,
                hp_after,
            } => Some((*unit, *amount, *hp_after)),
            _ => None,
        })
        .collect()
}

/// Seed: "NPCs are healed either 1d6 per level or 1d10 per level if it matters"; "Most
/// healing requires you to use a Recovery" (a PC).
#[test]
fn an_npc_is_healed_level_d6_and_a_pc_heals_using_a_recovery() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Grask", side: "Foes", cell: (4, 2), archetype: "shaman")"#;
    // Brannoc hits Grask: [5, 5, 5] + 5 = 20 vs AC 14, 2d8 [8, 8] + 3 = 19 (30 → 11).
    // Grask's Mend: its 1d6 [2], then Level 3 d6 [1, 2, 3] = 6: 11 → 13 → 19.
    // Grask's mace on Brannoc: [5, 5, 5] + 5 = 20 vs AC 17 (Parry declined), 3d6 [6, 6, 6]
    // + 2 = 20 (34 → 14). Round 2, Brannoc's Second Wind: 1d6 [3], then a recovery 2d10
    // [4, 5] (the fighter's recovery die): 14 → 17 → 26.
    let dice = [5, 5, 5, 8, 8, 2, 1, 2, 3, 5, 5, 5, 6, 6, 6, 3, 4, 5];
    let mut b = field(GridKind::Square, 10, units, SHAMANS, &dice);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grask"));
    attack(&mut b, f, g).unwrap();
    assert_eq!(b.hp(g), 11);
    end(&mut b);
    let recoveries = b.pool(g, Pool::Recoveries);
    let n = b.log().len();
    cast(&mut b, g, "Mend", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(g, 2, 13), (g, 6, 19)]);
    assert_eq!(
        b.pool(g, Pool::Recoveries),
        recoveries,
        "an NPC spends none"
    );
    attack(&mut b, g, f).unwrap();
    react(&mut b, f, None);
    assert_eq!(b.hp(f), 14);
    end(&mut b);
    let recoveries = b.pool(f, Pool::Recoveries);
    let n = b.log().len();
    cast(&mut b, f, "Second Wind", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(f, 3, 17), (f, 9, 26)]);
    assert_eq!(b.pool(f, Pool::Recoveries), recoveries - 1);
    assert_eq!(b.forced_dice_left(), 0);
    // "1d10 per level if it matters": a troll shaman (`RecoveryDie: 10`) heals Level d10:
    // Mend's 1d6 [1], then 3d10 [7, 1, 1] = 9 (60 − 19 = 41 → 42 → 51).
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Grask", side: "Foes", cell: (4, 2), archetype: "troll shaman")"#;
    let dice = [5, 5, 5, 8, 8, 1, 7, 1, 1];
    let mut b = field(GridKind::Square, 10, units, SHAMANS, &dice);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Grask"));
    attack(&mut b, f, g).unwrap();
    end(&mut b);
    let n = b.log().len();
    cast(&mut b, g, "Mend", CastAt::User).unwrap();
    assert_eq!(heals(&since(&b, n)), vec![(g, 1, 42), (g, 9, 51)]);
}
