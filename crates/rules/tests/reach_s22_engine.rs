//! Issue 34, session 22 (s22-engine): `Battle::leave_reactors_near` asks only the units
//! near a cell (through the cell index) for the reactors that threaten some cell within a
//! radius of it. It is compared with `leave_reactors_anywhere` filtered by distance (what
//! the AI's risk of a move did) for every living unit and several radii after every
//! command of AI battles of every ruleset on both grids, with armies big enough that the
//! cell index is walked.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// The old way: every reactor anywhere, those too far from `here` dropped.
fn slow(b: &Battle, u: UnitId, here: Cell, radius: u32) -> Vec<UnitId> {
    let grid = b.grid();
    b.leave_reactors_anywhere(u)
        .into_iter()
        .filter(|&r| grid.distance(b.pos(r), here) <= radius.saturating_add(b.threat_reach(r)))
        .collect()
}

/// Compare both for every living unit, at its cell and at a cell a few steps off;
/// returns how many answers were not empty.
fn compare(b: &Battle, at: &str) -> usize {
    let mut found = 0;
    for u in b.units().filter(|&u| b.alive(u)) {
        let p = b.pos(u);
        for here in [p, Cell::new(p.x + 3, p.y - 2)] {
            for radius in [0, 1, 2, 4, 7, u32::MAX] {
                let fast = b.leave_reactors_near(u, here, radius);
                assert_eq!(
                    fast,
                    slow(b, u, here, radius),
                    "{at}: {u:?} at {here:?} within {radius}"
                );
                found += usize::from(!fast.is_empty());
            }
        }
    }
    found
}

#[test]
fn reactors_near_a_cell_are_the_reactors_anywhere_within_reach_of_it() {
    let mut found = 0;
    for r in RulesetId::ALL {
        for g in [GridKind::Square, GridKind::Hex] {
            let l = sim::random_level(r, g, 30, 24, 24, 12).expect("level");
            let mut b = Battle::new(l, 7, Vec::new()).expect("battle");
            found += compare(&b, &format!("{r} {g} at the start"));
            for n in 1..=90 {
                let Some(c) = ai::decide(&b) else {
                    break;
                };
                if b.submit(c).is_err() {
                    let f = ai::fallback(&b).expect("a fallback");
                    b.submit(f).expect("the fallback is legal");
                }
                if n % 3 == 0 {
                    found += compare(&b, &format!("{r} {g} after command {n}"));
                }
                if matches!(b.status(), skirmish_rules::Status::Ended(_)) {
                    break;
                }
            }
        }
    }
    assert!(found > 500, "{found} answers not empty");
}
