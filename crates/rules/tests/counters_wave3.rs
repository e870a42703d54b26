//! counters (seed 000, "Counters and Reactions"), issue 36 wave 3: End Status on the
//! action bar, and the AI keeping off hazard cells (`docs/rules/counters.md`).

use skirmish_rules::Battle;
use skirmish_rules::components::ConditionKind;
use skirmish_rules::engine::{Action, Command};
use skirmish_rules::rulesets::counters::{CountersAction, EndPay};
use skirmish_rules::rulesets::ui::{Key, Pick, Target};
use skirmish_rules::rulesets::view_of;

use crate::counters_spells::{cast, spell_field};
use crate::support::{BOTH, id};

/// The bar's End Status button as the window builds it for `u` (no pick: it acts at once).
fn end_status_button(b: &Battle, u: skirmish_rules::components::UnitId) -> Option<Command> {
    let spec = view_of(b)
        .expect("registered")
        .actions()
        .iter()
        .find(|a| a.label == "End Status")
        .expect("counters' bar has End Status");
    assert_eq!(
        (spec.key, spec.target),
        (Some(Key::Letter('E')), Target::None)
    );
    (spec.build)(b, u, &Pick::Nothing)
}

// "To end an escapable effect (e.g., Grappled, Restrained, Charmed): Spend one of: 2 SD,
// 20ft movement, 1 SD + 10ft movement." The bar's End Status is refused (greyed, with the
// reason) with no such status on the unit; with one, its command is the cheapest price,
// the others are the choice, each priced.
#[test]
fn the_bar_offers_end_status_while_a_status_is_on_the_unit_and_its_command_is_legal() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Runner", side: "Blue", cell: (4, 3), archetype: "runner")"#;
        // Initiative 20, 5; Grasping Hand hits (15 + 5 vs 16); the runner's check fails (5).
        let mut b = spell_field(kind, units, "", &[20, 5, 15, 5]);
        let (m, r) = (id(&b, "Mage"), id(&b, "Runner"));
        // Nothing to end: the button's command is refused with the rules' reason (the bar
        // greys it and says why).
        let idle = end_status_button(&b, m).expect("a command to refuse");
        assert!(b.check(&idle).is_err(), "nothing to end");
        cast(
            &mut b,
            m,
            "Grasping Hand",
            skirmish_rules::engine::CastAt::Unit(r),
        );
        b.submit(Command::React {
            unit: r,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        b.submit(Command::EndTurn { unit: m }).unwrap();
        assert_eq!(b.current(), Some(r));
        assert!(b.has(r, ConditionKind::Grappled));
        let cmd = end_status_button(&b, r).expect("the button makes a command");
        let want = |pay| Command::Act {
            unit: r,
            action: Action::Counters(CountersAction::EndStatus {
                kind: ConditionKind::Grappled,
                pay,
            }),
        };
        assert_eq!(cmd, want(EndPay::Move20));
        b.check(&cmd).unwrap_or_else(|e| panic!("{e}"));
        let view = view_of(&b).unwrap();
        assert_eq!(
            view.cost_words(&b, &cmd).unwrap(),
            "20 ft of movement (no action)"
        );
        assert_eq!(view.cannot_pay(&b, r, &cmd), None);
        let choice = view.choice(&b, &cmd).expect("three prices to pick from");
        let words: Vec<&str> = choice.options.iter().map(|(w, _)| w.as_str()).collect();
        assert_eq!(
            words,
            [
                "End Grappled: 20 ft of movement (no action)",
                "End Grappled: 1 skill die + 10 ft of movement (no action)",
                "End Grappled: 2 skill dice (no action)",
            ]
        );
        for (_, c) in &choice.options {
            b.check(c).unwrap_or_else(|e| panic!("{e}"));
        }
        // Pressed: the check is rolled (5 + 2 vs 15 fails), the movement is paid.
        b.submit(cmd).unwrap();
        assert!(b.has(r, ConditionKind::Grappled));
        assert_eq!(b.move_left(r), 2);
        // Only 10 ft left: the 20 ft price is gone from the button, the die-and-10-ft one stays.
        assert_eq!(end_status_button(&b, r), Some(want(EndPay::DieAndMove10)));
    }
}

/// Where the AI's first command moves the acting unit.
fn ai_move_to(b: &Battle) -> skirmish_rules::grid::Cell {
    match skirmish_rules::ai::decide(b) {
        Some(Command::Move { to, .. }) => to,
        other => panic!("{other:?}"),
    }
}

// "Counteraction: Used against untargeted threats (traps, falling objects, magical
// bursts)." The AI keeps off a hazard on its way unless the cell is worth it: it closes
// in beside the foe by another cell when a trap lies on the one it would take, and still
// steps onto a trap when every cell beside the foe holds one.
#[test]
fn the_ai_steps_round_a_trap_unless_every_way_in_crosses_one() {
    let units = r#"Unit(name: "Runner", side: "Red", cell: (1, 3), archetype: "runner"),
        Unit(name: "Plain", side: "Blue", cell: (6, 3), archetype: "plain")"#;
    for kind in BOTH {
        let b = spell_field(kind, units, "", &[20, 1]);
        let (r, p) = (id(&b, "Runner"), id(&b, "Plain"));
        assert_eq!(b.current(), Some(r));
        let plain = ai_move_to(&b);
        assert_eq!(b.grid().distance(plain, b.pos(p)), 1, "{kind:?}");
        let trap = |cells: &[skirmish_rules::grid::Cell]| {
            let list: Vec<String> = cells
                .iter()
                .map(|c| {
                    format!(
                        "Hazard(cell: ({}, {}), kind: Trap(dc: 15, damage: \"2d6\"))",
                        c.x, c.y
                    )
                })
                .collect();
            format!(", hazards: [{}]", list.join(", "))
        };
        let b = spell_field(kind, units, &trap(&[plain]), &[20, 1]);
        let round = ai_move_to(&b);
        assert_ne!(round, plain, "{kind:?}");
        assert_eq!(b.grid().distance(round, b.pos(p)), 1, "{kind:?}");
        // Every cell beside the foe trapped: the attack is still worth a trap.
        let ring = b.grid().neighbours(b.pos(p));
        let b = spell_field(kind, units, &trap(&ring), &[20, 1]);
        let into = ai_move_to(&b);
        assert!(ring.contains(&into), "{kind:?}: {into}");
    }
}
