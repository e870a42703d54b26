//! Issue 34, session 26 (eng): the cell index keeps a bit per cell holding a unit, and
//! `Battle::units_within`, `Battle::threatening` and `Battle::any_threatening` walk only
//! the cells of their rows that hold one. Their answers must be the scans over every
//! unit written out here: checked in every state of AI battles of every ruleset on both
//! grids (three commands apart, then after every fifth event of the log), with armies
//! big enough that the index is walked for ranges up to 2 and for the threats (maps
//! wider than 64 cells, so a row's run may span two words of bits; the wider ranges
//! check the scans the functions fall back to).

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Every living unit within `range` of `cell`, in level order, asking every unit.
fn within_by_scan(b: &Battle, cell: Cell, range: u32) -> Vec<UnitId> {
    b.units()
        .filter(|&u| b.alive(u) && b.grid().distance(b.pos(u), cell) <= range)
        .collect()
}

/// Compare the walks with the scans around every living unit (and cells off to its
/// sides, the map's edges among them); returns how many answers were not empty.
fn compare(b: &Battle) -> usize {
    let mut found = 0;
    let g = b.grid();
    for u in b.units().filter(|&u| b.alive(u)) {
        let p = b.pos(u);
        for here in [
            p,
            Cell::new(p.x + 3, p.y - 2),
            Cell::new(0, p.y),
            Cell::new(g.width - 1, p.y),
        ] {
            for range in [0, 1, 2, 3, 5] {
                let fast = b.units_within(here, range);
                assert_eq!(
                    fast,
                    within_by_scan(b, here, range),
                    "{u:?} at {here:?} within {range}"
                );
                found += usize::from(fast.len() > 1);
            }
            let threatening: Vec<UnitId> = b
                .units()
                .filter(|&t| b.alive(t) && b.threatens(t, here))
                .collect();
            assert_eq!(b.threatening(here), threatening, "threatening {here:?}");
            for side in [b.side(u), b.side(UnitId(0))] {
                assert_eq!(
                    b.any_threatening(here, |t| b.side(t) == side),
                    threatening.iter().any(|&t| b.side(t) == side),
                    "any threatening {here:?} of {side:?}"
                );
            }
        }
    }
    found
}

#[test]
fn walks_of_the_occupied_cells_are_the_scans() {
    let mut found = 0;
    for r in RulesetId::ALL {
        for g in [GridKind::Square, GridKind::Hex] {
            let l = sim::random_level(r, g, 72, 20, 24, 5).expect("level");
            let mut states = 0;
            crate::support::at_every_state(l, 9, |b| {
                states += 1;
                // Every state of the play, every fifth event of the replay.
                if states % 5 == 0 || b.log().is_empty() {
                    found += compare(b);
                }
            });
        }
    }
    assert!(found > 1000, "{found} answers with more than one unit");
}
