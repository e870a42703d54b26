use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::{Battle, Command, Illegal};

use crate::repo;

const BRAKKA: UnitId = UnitId(0);
const SABLE: UnitId = UnitId(1);

/// The duel level on a grid; initiative forced so Sable (Blue) acts first.
fn duel(kind: GridKind, extra: &[u32]) -> Battle {
    let l = level::load(&repo("tests/fixtures/duel.ron"))
        .unwrap()
        .with_grid(kind);
    let mut dice = vec![1, 10];
    dice.extend_from_slice(extra);
    Battle::new(l, 3, dice).unwrap()
}

fn new_events(b: &Battle, from: usize) -> Vec<Event> {
    b.log()[from..].iter().map(|l| l.event.clone()).collect()
}

#[test]
fn leaving_threat_provokes_a_reaction_attack_on_hex_and_square() {
    for kind in [GridKind::Hex, GridKind::Square] {
        // d100 20 for the reaction attack (Melee 60: Hard), d8 5 damage.
        let mut b = duel(kind, &[20, 5]);
        assert_eq!(b.status(), Status::Turn(SABLE));
        let start = b.log().len();
        b.submit(Command::Move {
            unit: SABLE,
            to: Cell::new(6, 2),
        })
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(BRAKKA), "{kind:?}");
        // Nothing else may happen while the window is open.
        assert!(matches!(
            b.submit(Command::EndTurn { unit: SABLE }),
            Err(Illegal::AwaitingReaction(_))
        ));
        b.submit(Command::React {
            unit: BRAKKA,
            choice: Some(ReactionKind::ReactionAttack),
        })
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(SABLE));
        b.submit(Command::React {
            unit: SABLE,
            choice: None,
        })
        .unwrap();
        let ev = new_events(&b, start);
        let attack = ev.iter().find_map(|e| match e {
            Event::Attack {
                attacker,
                target,
                kind,
                roll,
                target_number,
                outcome,
                ..
            } => Some((
                *attacker,
                *target,
                *kind,
                roll.faces.clone(),
                *target_number,
                *outcome,
            )),
            _ => None,
        });
        assert_eq!(
            attack,
            Some((
                BRAKKA,
                SABLE,
                AttackKind::Reaction,
                vec![20],
                60,
                Outcome::Hard
            ))
        );
        assert!(ev.contains(&Event::ReactionOffered {
            reactor: BRAKKA,
            trigger: Trigger::Leaving {
                mover: SABLE,
                from: Cell::new(3, 2)
            },
            options: vec![ReactionKind::ReactionAttack],
        }));
        assert_eq!(b.hp(SABLE), 20 - 5);
        assert_eq!(b.rp(BRAKKA), 1);
        assert_eq!(b.pos(SABLE), Cell::new(6, 2));
        // The reaction happened before the first step out of (3, 2).
        let first_move = ev
            .iter()
            .position(|e| matches!(e, Event::Moved { .. }))
            .unwrap();
        let dmg = ev
            .iter()
            .position(|e| matches!(e, Event::Damage { .. }))
            .unwrap();
        assert!(dmg < first_move);
    }
}

#[test]
fn illegal_commands_change_nothing() {
    let mut b = duel(GridKind::Hex, &[]);
    let before = b.log().len();
    let cases = [
        (
            Command::Move {
                unit: BRAKKA,
                to: Cell::new(1, 1),
            },
            "it is Sable's turn, not Brakka's",
        ),
        (
            Command::Move {
                unit: SABLE,
                to: Cell::new(2, 2),
            },
            "(2, 2) is occupied by Brakka",
        ),
        (
            Command::Move {
                unit: SABLE,
                to: Cell::new(50, 2),
            },
            "(50, 2) is not a cell one can stand on",
        ),
        (
            Command::Attack {
                unit: SABLE,
                target: SABLE,
                weapon: None,
            },
            "a unit cannot attack itself",
        ),
        (
            Command::Attack {
                unit: SABLE,
                target: UnitId(9),
                weapon: None,
            },
            "there is no unit with id 9",
        ),
        (
            Command::React {
                unit: SABLE,
                choice: None,
            },
            "no reaction is being offered",
        ),
    ];
    for (cmd, msg) in cases {
        let e = b.submit(cmd.clone()).unwrap_err();
        assert_eq!(e.to_string(), msg, "{cmd:?}");
    }
    assert_eq!(b.log().len(), before);
    assert_eq!(b.pos(SABLE), Cell::new(3, 2));
    assert_eq!(b.ap(SABLE), 5);
}

#[test]
fn flow_movement_budget_is_two_ap_of_six() {
    let l = level::load(&repo("levels/flow-warfront.ron")).unwrap();
    let mut b = Battle::new(l, 1, vec![]).unwrap();
    let u = b.current().unwrap();
    assert_eq!(b.movement_budget(u), 12);
    // 13 cells away in a straight line along the row is too far.
    let p = b.pos(u);
    let far = Cell::new(p.x + 13, p.y);
    if let Err(Illegal::TooFar { budget, .. }) = b.submit(Command::Move { unit: u, to: far }) {
        assert_eq!(budget, 12);
    }
    assert_eq!(b.pos(u), p);
}

#[test]
fn same_seed_same_battle() {
    let run = || {
        let mut b = duel(GridKind::Square, &[]);
        b.submit(Command::Move {
            unit: SABLE,
            to: Cell::new(4, 3),
        })
        .ok();
        skirmish_rules::script::drain_windows(&mut b, skirmish_rules::script::Policy::Accept)
            .unwrap();
        format!("{:?}", b.log())
    };
    assert_eq!(run(), run());
}
