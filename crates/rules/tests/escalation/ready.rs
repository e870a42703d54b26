//! `escalation` (seed 001): readying an action.

use skirmish_rules::Command;
use skirmish_rules::components::Slot;
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::escalation::EscalationAction;

use crate::support::{id, since};

use super::{act, damage, end, field, swings};

#[test]
fn a_readied_attack_goes_off_when_an_enemy_steps_next_to_the_unit() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", hp: 40, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap();
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "the readied Standard is paid now"
    );
    end(&mut b);
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    let ev = since(&b, n);
    assert!(ev.contains(&Event::ReadyTriggered { unit: f, by: g }));
    assert_eq!(swings(&ev)[0].0, f);
    assert_eq!(damage(&ev), vec![(g, 1 + 1 + 3)]);
    assert!(b.readied().is_empty());
    // A ready that waits only this round is cancelled at its end.
    let mut b = field(GridKind::Square, units, &[]);
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyWithin { cells: 2 },
            response: ReadyResponse::Attack,
            until: ReadyUntil::RoundEnd,
        },
    )
    .unwrap();
    end(&mut b);
    end(&mut b);
    assert!(since(&b, 0).contains(&Event::ReadyCancelled { unit: f }));
}

#[test]
fn a_ready_that_goes_off_next_round_before_the_units_turn_costs_that_action_type() {
    use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", hp: 40, stats: {Band: 3, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 1, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    end(&mut b);
    act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap();
    end(&mut b);
    // Round 2: the goblin comes; the readied attack goes off before Brannoc's turn.
    assert_eq!(b.current(), Some(g));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert_eq!(swings(&since(&b, 0))[0].0, f);
    assert_eq!(b.order(), [g, f], "it keeps its place");
    end(&mut b);
    assert_eq!(b.current(), Some(f), "and still takes its turn");
    assert_eq!(
        b.slots(f, Slot::Standard),
        0,
        "without the readied action's type"
    );
    assert_eq!(b.slots(f, Slot::Move), 1);
}
