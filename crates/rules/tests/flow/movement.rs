//! `flow` (seed 002): movement — Take a Step, the turn's 13 cells, free cells, leaving
//! threatened cells, Tumble Through, reach, walkers blocked on an ally's cell.

use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Command, Illegal};

use crate::support::flow::arena;
use crate::support::{BOTH, id, offers, repo, since};

use super::{act, duel, react};

#[test]
fn take_a_step_provokes_nothing_and_a_turn_moves_13_cells_at_most() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let (s, _) = (id(&b, "Sable"), id(&b, "Brakka"));
        let start = b.log().len();
        act(
            &mut b,
            s,
            FlowAction::Step {
                to: Cell::new(4, 2),
            },
        )
        .unwrap();
        let ev = since(&b, start);
        assert!(
            offers(&ev).is_empty(),
            "a step out of reach provokes nothing"
        );
        assert_eq!(b.ap(s), 4);
        // Once per round, and outside the 2-AP movement maximum.
        assert!(matches!(
            act(
                &mut b,
                s,
                FlowAction::Step {
                    to: Cell::new(5, 2)
                }
            ),
            Err(Illegal::OncePerRound { .. })
        ));
        assert_eq!(b.movement_budget(s), 12);
        b.submit(Command::Move {
            unit: s,
            to: Cell::new(16, 2),
        })
        .unwrap();
        assert_eq!(b.pos(s), Cell::new(16, 2));
        assert_eq!(
            b.grid().distance(Cell::new(3, 2), b.pos(s)),
            13,
            "{kind:?}: 12 cells of movement + 1 step"
        );
        assert_eq!(b.ap(s), 2);
        assert!(matches!(
            b.submit(Command::Move {
                unit: s,
                to: Cell::new(17, 2),
            }),
            Err(Illegal::TooFar { budget: 0, .. })
        ));
    }
}

#[test]
fn a_step_must_be_to_a_free_adjacent_cell() {
    let mut b = duel(GridKind::Square, &[]);
    let s = id(&b, "Sable");
    let before = b.log().len();
    assert!(matches!(
        act(
            &mut b,
            s,
            FlowAction::Step {
                to: Cell::new(2, 2)
            }
        ),
        Err(Illegal::Occupied { .. })
    ));
    assert!(matches!(
        act(
            &mut b,
            s,
            FlowAction::Step {
                to: Cell::new(5, 2)
            }
        ),
        Err(Illegal::OutOfReach { .. })
    ));
    assert!(matches!(
        act(
            &mut b,
            s,
            FlowAction::Step {
                to: Cell::new(3, -1)
            }
        ),
        Err(Illegal::BadCell(_))
    ));
    assert_eq!(b.log().len(), before);
}

#[test]
fn moving_between_two_threatened_cells_provokes() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let s = id(&b, "Sable");
        let k = id(&b, "Brakka");
        // (3,1) and (3,2)... pick a neighbour of Sable that Brakka also threatens.
        let to = b
            .grid()
            .neighbours(b.pos(s))
            .into_iter()
            .find(|&c| b.threatens(k, c) && b.unit_at(c, None).is_none())
            .unwrap();
        let start = b.log().len();
        b.submit(Command::Move { unit: s, to }).unwrap();
        assert_eq!(
            offers(&since(&b, start)),
            vec![(k, vec![ReactionKind::ReactionAttack])]
        );
    }
}

#[test]
fn tumble_through_passes_an_enemy_without_reactions_or_provokes_only_it() {
    for kind in BOTH {
        // Sable (Agility 60) tumbles through Brakka: d100 30 → lands on the far side.
        let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
            Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist"),
            Unit(name: "Other", side: "Red", cell: (4, 2), archetype: "fighter")"#;
        let mut b = arena(kind, 10, 6, units, "", &[1, 10, 2, 30]);
        let (k, s, o) = (id(&b, "Brakka"), id(&b, "Sable"), id(&b, "Other"));
        assert_eq!(b.current(), Some(s));
        let start = b.log().len();
        act(&mut b, s, FlowAction::Tumble { through: k }).unwrap();
        assert_eq!(b.pos(s), Cell::new(1, 2), "{kind:?}");
        assert!(offers(&since(&b, start)).is_empty());
        // Failure (d100 90): stays, and only Brakka may react — not Other.
        let mut b = arena(kind, 10, 6, units, "", &[1, 10, 2, 90]);
        let start = b.log().len();
        act(&mut b, s, FlowAction::Tumble { through: k }).unwrap();
        assert_eq!(b.pos(s), Cell::new(3, 2));
        react(&mut b, k, None);
        let ev = since(&b, start);
        assert_eq!(offers(&ev), vec![(k, vec![ReactionKind::ReactionAttack])]);
        assert!(!offers(&ev).iter().any(|(r, _)| *r == o));
    }
    // Not through anything larger than Medium.
    let units = r#"Unit(name: "Brute", side: "Red", cell: (2, 2), archetype: "brute"),
        Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist")"#;
    let mut b = arena(GridKind::Hex, 10, 6, units, "", &[1, 10]);
    let (br, s) = (id(&b, "Brute"), id(&b, "Sable"));
    assert!(matches!(
        act(&mut b, s, FlowAction::Tumble { through: br }),
        Err(Illegal::TooLarge { .. })
    ));
}

#[test]
fn reach_comes_from_size_or_weapon_whichever_is_higher() {
    let units = r#"Unit(name: "Pike", side: "Red", cell: (4, 4), archetype: "pikeman"),
        Unit(name: "Brute", side: "Red", cell: (12, 4), archetype: "brute"),
        Unit(name: "Big", side: "Red", cell: (4, 10), archetype: "brute", weapons: ["halberd"]),
        Unit(name: "Gob", side: "Blue", cell: (12, 10), archetype: "goblin")"#;
    for (kind, two, one) in [(GridKind::Hex, 18, 6), (GridKind::Square, 24, 8)] {
        let b = arena(kind, 16, 14, units, "", &[4, 3, 2, 1]);
        assert_eq!(b.threat_reach(id(&b, "Pike")), 2, "a 2h polearm: reach 2");
        assert_eq!(b.threatened_cells(id(&b, "Pike")).len(), two, "{kind:?}");
        assert_eq!(b.threat_reach(id(&b, "Brute")), 2, "Large: reach 2");
        assert_eq!(b.threat_reach(id(&b, "Big")), 2, "no stacking");
        assert_eq!(b.threat_reach(id(&b, "Gob")), 1, "Small: reach 1");
        assert_eq!(b.threatened_cells(id(&b, "Gob")).len(), one);
    }
}

/// Found by `skirmish fuzz` (commands cases 201250906165953738, 7169537138673458113 and
/// 8454605444121530303, kept as fixtures): a walker passes through an ally's cell; an
/// enemy's readied Move, sprung earlier on the walker's own cell, takes a cell further
/// along the walker's path, and the blocked walker used to stop on its ally's cell. Now
/// a move cut short on a shared cell falls back along its path to the last cell the
/// walker held alone (a `FellBack` event), and the whole script keeps the invariants.
#[test]
fn a_walker_blocked_on_an_allys_cell_falls_back_to_its_last_own_cell() {
    use skirmish_rules::script::{self, Script};
    for n in 1..=3 {
        let name = format!("tests/fixtures/fuzz/blocked-walker-on-an-allys-cell-{n}");
        let level = skirmish_rules::level::load(&repo(&format!("{name}.level.ron"))).unwrap();
        let s = Script::load(&repo(&format!("{name}.script.ron"))).unwrap();
        let mut b = script::start(&level, s.seed.unwrap(), &s).unwrap();
        script::run(&mut b, &s).unwrap();
        let fell: Vec<_> = b
            .log()
            .iter()
            .filter_map(|l| match l.event {
                Event::FellBack { unit, from, to } => Some((unit, from, to)),
                _ => None,
            })
            .collect();
        assert_eq!(fell.len(), 1, "{name}: {fell:?}");
        let (unit, from, to) = fell[0];
        // It fell back from a cell an ally held to a cell of its own, one it had walked.
        assert!(b.unit_at(to, Some(unit)).is_none() || b.pos(unit) != to);
        assert_ne!(from, to);
        let walked = b.log().iter().any(
            |l| matches!(l.event, Event::Moved { unit: u, from: f, .. } if u == unit && f == to),
        );
        assert!(walked, "{name}: {to} is not on its path");
        let mut inv = skirmish_rules::sim::Invariants::new(&level, s.seed.unwrap()).unwrap();
        let mut out = Vec::new();
        inv.follow(&b, 0, &mut out);
        assert!(out.is_empty(), "{name}: {out:?}");
    }
}
