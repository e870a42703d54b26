//! `tactical-d20` (seed 004): the gaps of issue 16 closed, one forced-dice scenario per
//! rule through `Battle::submit`. Initiative takes one d20 per unit in level order.

use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::{AttackKind, Event, Outcome};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, since};

fn act(b: &mut Battle, unit: UnitId, action: Action) -> Result<usize, Illegal> {
    b.submit(Command::Act { unit, action })
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// (attacker, weapon, kind, d20 face, total, outcome) of every attack.
fn swings(ev: &[Event]) -> Vec<(UnitId, String, AttackKind, u32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                weapon,
                kind,
                roll,
                outcome,
                ..
            } => Some((
                *attacker,
                weapon.clone(),
                *kind,
                roll.faces[0],
                roll.total,
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

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
            Action::Charge {
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
            action: Action::Charge {
                target: g,
                to: None,
            },
        })
        .unwrap_err();
    assert!(e.to_string().contains("melee or thrown"), "{e}");
}
