//! What the engine keeps beside the world to answer faster (issue 34, second pass) gives
//! the answers it would work out afresh: the movement field kept for the `Move` after
//! the AI's search, and the condition bits behind `Battle::has`. Checked along AI
//! battles of every ruleset, after every command.

use skirmish_rules::components::{ConditionKind, Conditions};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, Command, ai, sim};

/// Every ruleset, each on one grid (both grids between them).
const BATTLES: [(RulesetId, GridKind); 5] = [
    (RulesetId::Flow, GridKind::Square),
    (RulesetId::TacticalD20, GridKind::Hex),
    (RulesetId::Escalation, GridKind::Square),
    (RulesetId::MeleeZone, GridKind::Hex),
    (RulesetId::Counters, GridKind::Square),
];

/// Play an AI battle, calling `each` before every command with the command the AI chose.
fn play(r: RulesetId, g: GridKind, seed: u64, mut each: impl FnMut(&Battle, &Command)) -> usize {
    let l = sim::random_level(r, g, 18, 14, 6, seed).expect("level");
    let mut b = Battle::new(l, 5, Vec::new()).expect("battle");
    let mut n = 0;
    for _ in 0..600 {
        let Some(c) = ai::decide(&b) else { break };
        each(&b, &c);
        if b.submit(c).is_err() {
            let f = ai::fallback(&b).expect("a fallback");
            b.submit(f).expect("the fallback is legal");
        }
        n += 1;
    }
    n
}

/// The path `Battle::path_to` gives (from the field the AI's search kept, or searched
/// again) is the path a fresh search with the same budget and costs finds, for every
/// cell of the map; and a field kept before an event is never used after it (every
/// command is checked before the AI searches again).
#[test]
fn a_move_takes_the_path_a_fresh_search_finds() {
    for (r, g) in BATTLES {
        let mut moves = 0;
        let n = play(r, g, 31, |b, c| {
            let Command::Move { unit, .. } = *c else {
                return;
            };
            moves += 1;
            let fresh = |to| {
                b.grid()
                    .path(b.pos(unit), to, b.movement_budget(unit), b.mover_cost(unit))
            };
            // `decide` searched the mover's field just now: it is the kept one.
            let field = b.reachable(unit);
            for to in b.grid().cells() {
                assert_eq!(b.path_to(unit, to), fresh(to), "{r} {g}: {unit:?} to {to}");
                if let Some((path, cost)) = b.path_to(unit, to) {
                    assert_eq!(field.get(&to).map(|(c, _)| c), Some(cost));
                    assert_eq!(path.first(), Some(&b.pos(unit)));
                }
            }
            // Another unit's question searches its own field.
            if let Some(other) = b.units().find(|&o| o != unit && b.alive(o)) {
                for to in b.grid().cells().step_by(7) {
                    let again = b.grid().path(
                        b.pos(other),
                        to,
                        b.movement_budget(other),
                        b.mover_cost(other),
                    );
                    assert_eq!(b.path_to(other, to), again, "{r} {g}: {other:?} to {to}");
                }
            }
        });
        assert!(n > 20 && moves > 3, "{r} {g}: {n} commands, {moves} moves");
    }
}

/// `Battle::has` reads bits kept beside the world: after every command they say what
/// the units' `Conditions` components say, for every unit and every condition.
#[test]
fn has_says_what_the_conditions_say() {
    for (r, g) in BATTLES {
        // Battlefields until one where some unit held a condition.
        let mut seen = 0;
        for seed in 31..41 {
            let n = play(r, g, seed, |b, _| {
                for u in b.units() {
                    let c = b.get::<Conditions>(u);
                    for k in ConditionKind::ALL {
                        let truth = c.is_some_and(|c| c.has(k));
                        assert_eq!(b.has(u, k), truth, "{r} {g} {seed}: {u:?} {k:?}");
                        seen += usize::from(truth);
                    }
                }
            });
            assert!(n > 20, "{r} {g} {seed}: {n} commands");
            if seen > 0 {
                break;
            }
        }
        assert!(seen > 0, "{r} {g}: no condition ever held");
    }
}

/// A field kept for a unit is dropped by the next event: after a foe steps into the
/// unit's way, the unit (same cell, same budget on its next turn) walks around it, as a
/// fresh search says, instead of through it.
#[test]
fn a_kept_field_is_not_used_after_a_foe_moves_into_the_way() {
    use crate::support::flow::arena;
    use crate::support::id;
    use skirmish_rules::grid::Cell;
    let units = r#"Unit(name: "Ann", side: "Red", cell: (1, 2), archetype: "fighter"),
        Unit(name: "Cy", side: "Blue", cell: (10, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 12, 5, units, "", &[10, 1]);
    let (ann, cy) = (id(&b, "Ann"), id(&b, "Cy"));
    let goal = Cell::new(6, 2);
    let field = b.reachable(ann);
    let (before, _) = b.path_to(ann, goal).expect("a path");
    assert_eq!(field.path_to(goal).map(|(p, _)| p), Some(before.clone()));
    assert!(before.contains(&Cell::new(4, 2)), "{before:?}");
    let budget = b.movement_budget(ann);
    b.submit(Command::EndTurn { unit: ann }).unwrap();
    b.submit(Command::Move {
        unit: cy,
        to: Cell::new(4, 2),
    })
    .unwrap();
    b.submit(Command::EndTurn { unit: cy }).unwrap();
    assert_eq!(b.current(), Some(ann));
    assert_eq!(
        (b.pos(ann), b.movement_budget(ann)),
        (Cell::new(1, 2), budget)
    );
    let fresh = b
        .grid()
        .path(b.pos(ann), goal, budget, b.mover_cost(ann))
        .expect("a way round")
        .0;
    let (after, _) = b.path_to(ann, goal).expect("a path");
    assert_eq!(after, fresh);
    assert!(!after.contains(&Cell::new(4, 2)), "{after:?}");
}
