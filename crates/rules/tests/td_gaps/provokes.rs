//! `tactical-d20` (seed 004), the gaps of issue 16: Charge with a thrown weapon, and the
//! failed Tumble and Push that provoke every threatening foe.

use skirmish_rules::Command;
use skirmish_rules::battle::Status;
use skirmish_rules::components::ConditionKind;
use skirmish_rules::event::{AttackKind, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, offers, since};

use super::{act, end, react, swings, triggers};

// ---------------------------------------------------------------------------------------
// 1. Charge: "make a single melee or thrown attack"

#[test]
fn charge_with_a_thrown_weapon_throws_it_at_the_end_of_the_dash() {
    for kind in BOTH {
        // Corwin holds only a javelin (thrown, range 6). Grub acts first, so he is not
        // surprised when the charge comes (AC 17).
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: ["javelin"]),
            Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        // Attack 14 + BAB 2 + DEX 1 + charge 2 = 19 ≥ 17; damage 4 + STR 3 + charge 2.
        b.dice_force_for_tests(&[14, 4]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Charge {
                target: g,
                to: Some(Cell::new(4, 4)),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(b.pos(c), Cell::new(4, 4));
        let s = swings(&ev);
        assert_eq!(s.len(), 1, "{s:?}");
        assert_eq!(
            s[0],
            (
                c,
                "javelin".into(),
                AttackKind::Charge,
                14,
                19,
                Outcome::Success
            )
        );
        assert_eq!(damage(&ev), [(g, 4 + 3 + 2)]);
        assert!(b.has(c, ConditionKind::Charging));
    }
    // Without a cell: the shortest dash that ends in the javelin's first range increment.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: ["javelin"]),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[1, 20]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let (path, w) = skirmish_rules::rulesets::tactical_d20::charge_plan(&b, c, g, None).unwrap();
    assert_eq!(b.weapons(c)[w].name, "javelin");
    assert_eq!(path.len(), 3, "a 10 ft dash: {path:?}");
    assert!(b.grid().distance(*path.last().unwrap(), b.pos(g)) <= 7);
    // Nothing to attack with: refused, naming both kinds of weapon.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter", weapons: []),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Charge {
                target: g,
                to: None,
            }
            .into(),
        })
        .unwrap_err();
    assert!(e.to_string().contains("melee or thrown"), "{e}");
}

// ---------------------------------------------------------------------------------------
// 2. Tumble: "Failure provokes Reactions from all threatening foes along the path"

#[test]
fn a_failed_tumble_provokes_every_foe_threatening_the_path() {
    for kind in BOTH {
        // Grub (a rogue) tumbles from beside Corwin to beside Ogg: DC 5 + 5 × 2 = 15.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue"),
            Unit(name: "Ogg", side: "Red", cell: (9, 4), archetype: "fighter")"#;
        // Corwin, then Ogg, then Grub: neither foe is still surprised.
        let mut b = arena(kind, units, &[20, 1, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(g));
        assert_eq!(
            skirmish_rules::rulesets::tactical_d20::tumble_plan(&b, g, Cell::new(8, 4))
                .unwrap()
                .1,
            15
        );
        // Agility 1 + 7 = 8 < 15: failed. Ogg's attack: 15 + 5 = 20 ≥ AC 15; 1d8 3 + 3.
        b.dice_force_for_tests(&[1, 15, 3]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(8, 4),
            },
        )
        .unwrap();
        // Corwin threatens the start: offered before the first step.
        assert_eq!(b.pos(g), Cell::new(5, 4));
        react(&mut b, c, None);
        // Ogg threatens only the end of the path (leaving no cell of his): offered there.
        assert_eq!(b.pos(g), Cell::new(8, 4));
        react(&mut b, o, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        assert_eq!(
            triggers(&ev),
            [
                (c, Trigger::FailedManeuver { unit: g }),
                (o, Trigger::FailedManeuver { unit: g })
            ]
        );
        let s = swings(&ev);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].0, s[0].2, s[0].4), (o, AttackKind::Reaction, 20));
        assert_eq!(damage(&ev), [(g, 3 + 3)]);
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Each foe once: the rest of the path (none here) offers nothing more.
        assert_eq!(b.status(), Status::Turn(g));
    }
}

// ---------------------------------------------------------------------------------------
// 3. Push: "failure provokes Reactions" (plural)

#[test]
fn a_failed_push_provokes_every_threatening_foe_not_only_the_target() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (3, 4), archetype: "fighter")"#;
        // Grub, Ogg, then Corwin.
        let mut b = arena(kind, units, &[1, 20, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        // Athletics 2 + 5 = 7 against Reflex 15 + 1 = 16: the push fails.
        b.dice_force_for_tests(&[2, 15]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        react(&mut b, g, None);
        react(&mut b, o, None);
        let t = triggers(&since(&b, n));
        assert_eq!(
            t,
            [
                (g, Trigger::FailedManeuver { unit: c }),
                (o, Trigger::FailedManeuver { unit: c })
            ]
        );
        // A failed Trip still provokes "a Reaction from the target" only.
        let mut b = arena(kind, units, &[1, 20, 15]);
        end(&mut b);
        end(&mut b);
        b.dice_force_for_tests(&[2, 15]);
        let n = b.log().len();
        act(&mut b, c, TacticalD20Action::Trip { target: g }).unwrap();
        react(&mut b, g, None);
        assert_eq!(offers(&since(&b, n)).len(), 1);
    }
}
