//! `flow` (seed 002): attacks — reaction attacks and gang-up, range increments, the off
//! hand.

use skirmish_rules::Command;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow;

use crate::support::flow::{arena, attack};
use crate::support::{BOTH, damage, id, since};

use super::{attacks, react};

#[test]
fn reaction_attacks_are_unmodified_and_normal_attacks_gang_up() {
    for kind in BOTH {
        // Red A (2,2) and B (4,2) flank Blue T (3,2). Initiative: A 1, B 2, T 10 → T, B, A.
        let units = r#"Unit(name: "A", side: "Red", cell: (2, 2), archetype: "fighter"),
            Unit(name: "B", side: "Red", cell: (4, 2), archetype: "fighter"),
            Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "duelist")"#;
        // T walks off: B reacts (d100 95: miss), A reacts (d100 50: Normal hit), T does
        // not defend, d8 3 damage.
        let mut b = arena(kind, 10, 8, units, "", &[1, 2, 10, 95, 50, 3]);
        let (a, bb, t) = (id(&b, "A"), id(&b, "B"), id(&b, "T"));
        assert_eq!(b.order(), &[t, bb, a]);
        let start = b.log().len();
        b.submit(Command::Move {
            unit: t,
            to: Cell::new(3, 5),
        })
        .unwrap();
        react(&mut b, bb, Some(ReactionKind::ReactionAttack));
        react(&mut b, a, Some(ReactionKind::ReactionAttack));
        react(&mut b, t, None);
        let ev = since(&b, start);
        let at = attacks(&ev);
        assert_eq!(at.len(), 2);
        for (_, k, tn, mods, _) in &at {
            assert_eq!(*k, AttackKind::Reaction);
            assert_eq!(*tn, 60, "bare Melee: no gang-up on a reaction attack");
            assert_eq!(mods, &vec!["Melee".to_string()]);
        }
        assert_eq!(damage(&ev), vec![(t, 3)]);

        // Next round A attacks T while B also threatens T: +10.
        let units = r#"Unit(name: "A", side: "Red", cell: (2, 2), archetype: "fighter"),
            Unit(name: "B", side: "Red", cell: (4, 2), archetype: "fighter"),
            Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "duelist")"#;
        let mut b = arena(kind, 10, 8, units, "", &[10, 2, 1, 90]);
        let (a, t) = (id(&b, "A"), id(&b, "T"));
        assert_eq!(b.current(), Some(a));
        let start = b.log().len();
        attack(&mut b, a, t);
        let at = attacks(&since(&b, start));
        assert_eq!(at[0].2, 70, "{kind:?}: Melee 60 + gang-up 10");
        assert_eq!(at[0].3, vec!["Melee".to_string(), "gang-up".to_string()]);
    }
}

#[test]
fn range_increments_cost_10_each_beyond_the_weapons_range() {
    // An archer (Ranged 60, shortbow Range 6) on row 2; targets at 6, 7, 12, 13, 18, 19.
    for kind in BOTH {
        let units = r#"Unit(name: "Archer", side: "Red", cell: (0, 2), archetype: "archer"),
            Unit(name: "T6", side: "Blue", cell: (6, 2), archetype: "fighter"),
            Unit(name: "T7", side: "Blue", cell: (7, 2), archetype: "fighter"),
            Unit(name: "T12", side: "Blue", cell: (12, 2), archetype: "fighter"),
            Unit(name: "T13", side: "Blue", cell: (13, 2), archetype: "fighter"),
            Unit(name: "T18", side: "Blue", cell: (18, 2), archetype: "fighter"),
            Unit(name: "T19", side: "Blue", cell: (19, 2), archetype: "fighter")"#;
        let b = arena(kind, 24, 5, units, "", &[10, 1, 2, 3, 4, 5, 6]);
        let archer = id(&b, "Archer");
        let bow = 0;
        for (name, want) in [
            ("T6", 60),
            ("T7", 50),
            ("T12", 50),
            ("T13", 40),
            ("T18", 40),
            ("T19", 30),
        ] {
            let t = id(&b, name);
            let (check, _, _) = flow::attack_preview(&b, archer, t, bow);
            assert_eq!(check.target(), want, "{kind:?} {name}");
        }
        // The resolver uses the same number: shoot T13 (d100 41 misses a 40).
        let mut b = b;
        b.dice_force_for_tests(&[41]);
        let start = b.log().len();
        b.submit(Command::Attack {
            slot: None,
            unit: archer,
            target: id(&b, "T13"),
            weapon: None,
            aim: None,
        })
        .unwrap();
        let ev = since(&b, start);
        let at = attacks(&ev);
        assert_eq!(at[0].2, 40);
        assert_eq!(
            at[0].3,
            vec!["Ranged".to_string(), "range increment 2".to_string()]
        );
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Attack {
                outcome: Outcome::Failure,
                ..
            }
        )));
    }
}

#[test]
fn off_hand_costs_10_unless_finesse_or_brawl() {
    let units = r#"Unit(name: "Two", side: "Red", cell: (2, 2), archetype: "fighter", weapons: ["longsword", "mace"]),
        Unit(name: "Duel", side: "Red", cell: (2, 4), archetype: "duelist"),
        Unit(name: "T", side: "Blue", cell: (3, 2), archetype: "fighter"),
        Unit(name: "U", side: "Blue", cell: (3, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, 8, 6, units, "", &[10, 9, 1, 2]);
    let (two, du, t, u) = (id(&b, "Two"), id(&b, "Duel"), id(&b, "T"), id(&b, "U"));
    let target = |w: usize, a, t| flow::attack_preview(&b, a, t, w).0.target();
    assert_eq!(target(0, two, t), 60, "longsword in the main hand");
    assert_eq!(target(1, two, t), 50, "mace in the off hand: −10");
    assert_eq!(
        target(1, du, u),
        60,
        "a finesse dagger in the off hand: no penalty"
    );
}
