//! `escalation` (seed 001): conditions (Hampered, Confused, Enervated, Invisible,
//! Softened), Rally's save, Flee, the surprise round.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Slot};
use skirmish_rules::event::{Counter, Event};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::EscalationAction;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::{id, since};

use super::{DUEL, act, attack, damage, end, field, swings};

#[test]
fn hampered_allows_basic_attacks_moving_and_rally_only() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Hampered: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let b = field(GridKind::Square, units, &[]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let stance = b.check(&Command::Act {
        unit: f,
        action: EscalationAction::SwitchStance.into(),
    });
    assert!(matches!(
        stance,
        Err(Illegal::Condition {
            condition: "hampered",
            ..
        })
    ));
    for ok in [
        Command::Act {
            unit: f,
            action: EscalationAction::Rally.into(),
        },
        Command::Act {
            unit: f,
            action: EscalationAction::Disengage { from: vec![] }.into(),
        },
        Command::Attack {
            unit: f,
            target: g,
            weapon: None,
            slot: None,
            aim: None,
        },
    ] {
        assert!(b.check(&ok).is_ok(), "{ok:?}");
    }
}

#[test]
fn confused_takes_half_its_damage_on_an_odd_natural_roll() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Confused: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 50, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    // 4+4+3 = 11 (odd) hits: 5 + 6 + 3 = 14 to the goblin, 7 to itself.
    let mut b = field(GridKind::Square, units, &[4, 4, 3, 5, 6]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(g, 14), (f, 7)]);
    // An even natural: nothing back.
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 5, 6]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(g, 14)]);
    // A non-attack action: an 11+ save or its tier (1) in damage to itself.
    let mut b = field(GridKind::Square, units, &[1, 2, 3, 4, 4]);
    act(&mut b, f, EscalationAction::Rally).unwrap();
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Save {
            kind: ConditionKind::Confused,
            success: false,
            target_number: 11,
            ..
        }
    )));
    assert_eq!(damage(&ev), vec![(f, 1)]);
}

#[test]
fn rally_saves_against_a_one_round_effect_on_13_plus_the_escalation_die() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: Turns(2)}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    // Recovery 2d10 (1, 1), then the save 4+4+4 = 12 < 13: still dazed.
    let mut b = field(GridKind::Square, units, &[1, 1, 4, 4, 4]);
    let f = id(&b, "Brannoc");
    act(&mut b, f, EscalationAction::Rally).unwrap();
    assert!(b.has(f, ConditionKind::Dazed));
    // Round 2 (escalation die 1): 12 + 1 = 13 ends it.
    let mut b = field(GridKind::Square, units, &[1, 1, 4, 4, 4]);
    end(&mut b);
    end(&mut b);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    act(&mut b, f, EscalationAction::Rally).unwrap();
    let save = since(&b, 0).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            target_number,
            success,
            ..
        } => Some((roll.total, *target_number, *success)),
        _ => None,
    });
    assert_eq!(save, Some((13, 13, true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

#[test]
fn a_side_that_flees_ends_the_battle_and_the_other_side_holds_the_field() {
    let mut b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    act(&mut b, f, EscalationAction::Flee).unwrap();
    let foes = b.side(id(&b, "Snitch"));
    assert!(since(&b, 0).contains(&Event::Fled { side: b.side(f) }));
    assert_eq!(b.status(), Status::Ended(Some(foes)));
}

#[test]
fn two_units_of_the_ambushing_side_act_in_the_surprise_round_and_a_pc_ambush_starts_the_die() {
    let units = r#"Unit(name: "Ash", side: "PCs", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (0, 2), archetype: "cleric"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 4), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1})"#;
    let src = |surprise: &str| {
        let row = format!("\"{}\"", ".".repeat(10));
        let map = vec![row; 6].join(", ");
        format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{map}],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [{units}], surprise: "{surprise}")"##
        )
    };
    let l = level::parse(&src("PCs"), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![]).unwrap();
    let (a, bi, l) = (id(&b, "Ash"), id(&b, "Birch"), id(&b, "Lisk"));
    // Round 1: Lisk (Fast) and Ash (the first Medium PC) act; Birch and the goblin wait.
    assert_eq!(b.current(), Some(l));
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    end(&mut b);
    assert_eq!(b.round(), 2);
    // The first real round: a PC ambush starts the escalation die at 1.
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert_eq!(b.current(), Some(l));
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(bi));
    // An NPC ambush: the die is 0 in the surprise round and the first real round.
    let l = level::parse(&src("Foes"), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![]).unwrap();
    end(&mut b);
    assert_eq!(b.round(), 2);
    assert_eq!(b.counter(Counter::EscalationDie), 0);
}

#[test]
fn enervated_saves_with_disadvantage_and_ongoing_damage_comes_before_the_save() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: SaveEnds(11), Enervated: UntilRemoved, Bleeding: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    // Ongoing 5 damage, then the save: 4d6, the lowest three (6 6 6 1 → 13).
    let mut b = field(GridKind::Square, units, &[6, 6, 6, 1]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    end(&mut b);
    let ev = since(&b, n);
    let dmg = ev
        .iter()
        .position(|e| matches!(e, Event::Damage { amount: 5, .. }));
    let save = ev.iter().position(|e| {
        matches!(
            e,
            Event::Save {
                kind: ConditionKind::Dazed,
                ..
            }
        )
    });
    assert!(dmg.is_some() && save.is_some() && dmg < save, "{ev:?}");
    let roll = ev.iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            success,
            ..
        } => Some((roll.faces.len(), roll.total, *success)),
        _ => None,
    });
    assert_eq!(roll, Some((4, 13, true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

#[test]
fn an_attacker_must_save_11_plus_to_attack_an_invisible_target_and_softened_gives_advantage() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, conditions: {Invisible: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[1, 2, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Save {
            kind: ConditionKind::Invisible,
            success: false,
            ..
        }
    )));
    assert!(swings(&ev).is_empty(), "no effect");
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "the Standard action is spent"
    );
    let soft = units.replace("Invisible", "Softened");
    let mut b = field(GridKind::Square, &soft, &[1, 2, 3, 4, 1, 1]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].5.len(), 4);
}
