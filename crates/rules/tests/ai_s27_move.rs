//! Issue 34, session 27 (s27-move): the AI's move step reads its field by slot and values
//! cells cheapest first.
//!
//! - `Field::iter_slots`, `Field::settled_slots`, `Field::prev_slot`, `Field::cell_at` and
//!   `Field::reached_at` give what `Field::iter`, `Field::settled` and `Field::slot_of`
//!   give, for every living unit's field at every state of AI battles of every ruleset.
//! - The move step's pick walks the cells in the settling order (cheapest first) and
//!   stops once a cell's cost leaves no hope; `stand` stops at the first foe after which
//!   no foe can raise the cell's value. Both are off under the tests' exhaustive switch
//!   (every open cell valued in full, every foe asked): the bench's own 8 v 8
//!   battlefields of every ruleset (and the same on hexes) hold the two to the same
//!   command at every decision.

use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, sim};

#[test]
fn a_field_read_by_slot_gives_what_it_gives_by_cell() {
    for r in RulesetId::ALL {
        let mut fields = 0;
        crate::support::at_every_state_of_random_battles(r, |b| {
            for u in b.units().filter(|&u| b.alive(u)) {
                let f = b.reachable(u);
                let by_cell: Vec<(usize, Cell, u32)> = f
                    .iter()
                    .map(|(c, (cost, _))| (f.slot_of(c).expect("a reached cell's slot"), c, cost))
                    .collect();
                let by_slot: Vec<(usize, Cell, u32)> = f.iter_slots().collect();
                assert_eq!(by_slot, by_cell, "{r:?}: iter_slots of {u:?}");
                for &(i, c, _) in &by_slot {
                    assert_eq!(f.cell_at(i), c);
                    assert!(f.reached_at(i));
                }
                let reached = (0..f.slots()).filter(|&i| f.reached_at(i)).count();
                assert_eq!(reached, f.len(), "{r:?}: reached_at of {u:?}");
                assert!(!f.reached_at(f.slots()), "past the window");
                let settled: Vec<(usize, u32, usize)> = f
                    .settled_slots()
                    .map(|(i, cost)| (i, cost, f.prev_slot(i)))
                    .collect();
                let by_cell: Vec<(usize, u32, usize)> = f
                    .settled()
                    .map(|(c, (cost, prev))| {
                        (f.slot_of(c).unwrap(), cost, f.slot_of(prev).unwrap())
                    })
                    .collect();
                assert_eq!(settled, by_cell, "{r:?}: settled_slots of {u:?}");
                // Cheapest first, and only the start its own predecessor.
                assert!(settled.windows(2).all(|w| w[0].1 <= w[1].1));
                let own: Vec<usize> = settled.iter().filter(|s| s.0 == s.2).map(|s| s.0).collect();
                assert_eq!(own, f.slot_of(f.start()).into_iter().collect::<Vec<_>>());
                fields += 1;
            }
        });
        assert!(fields > 100, "{r:?}: only {fields} fields");
    }
}

/// Plays the battle, asking at every decision what the exhaustive AI decides too;
/// returns (decisions compared, moves among them).
fn compare(r: RulesetId, l: skirmish_rules::level::Level, seed: u64, what: &str) -> (usize, usize) {
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut moves = 0;
    let asked = crate::support::decides_as_exhaustive(&mut b, 500, what, |_, cmd| {
        moves += usize::from(matches!(cmd, skirmish_rules::engine::Command::Move { .. }));
    });
    assert!(asked > 60, "{r:?} {what}: only {asked} decisions");
    (asked, moves)
}

#[test]
fn the_move_step_cheapest_first_decides_as_the_plain_pass_on_the_bench_battlefields() {
    for r in RulesetId::ALL {
        let mut moves = 0;
        for seed in [1000, 1001] {
            let l = crate::support::bench_level(r, seed);
            moves += compare(r, l, seed, &format!("{r:?} bench seed {seed}")).1;
        }
        let l = sim::random_level(r, GridKind::Hex, 24, 24, 8, 2701).expect("level");
        moves += compare(r, l, 2701, &format!("{r:?} hexes seed 2701")).1;
        assert!(moves > 10, "{r:?}: only {moves} moves");
    }
}
