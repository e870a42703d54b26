//! Issue 34, session 27 (s27-turn): the shared AI's decision without its per-decision
//! allocations, and with three fast paths, each off under the tests' exhaustive switch
//! (`ai::set_exhaustive_moves`), which holds the two to the same command at every
//! decision here:
//! - the attack step's bounds are picked greatest first by a pass over a few kept in
//!   place instead of a heap (a heap past eight);
//! - a near foe's weapon for the move step is the best melee weapon that reaches it when
//!   it is within the unit's reach (what `Battle::usable_weapon` answers first), without
//!   asking `usable_weapon` (a debug build checks every such answer against it);
//! - a badly wounded unit's Step does not ask whether a foe threatens a cell that could
//!   not beat the best so far.
//!
//! The lists themselves (`ai/small.rs`) are checked against `Vec` by its unit test.

use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, sim};

/// Plays `l` out, comparing the fast AI with the exhaustive one at every decision (at
/// most `most`); returns the decisions compared.
fn compare(l: skirmish_rules::level::Level, seed: u64, most: usize, what: &str) -> usize {
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    crate::support::decides_as_exhaustive(&mut b, most, what, |_, _| {})
}

/// The bench's 8 v 8 battlefields (a caster a side): every list in place.
#[test]
fn the_decision_without_allocations_decides_as_before_in_the_bench_battles() {
    for r in RulesetId::ALL {
        for seed in [1000, 1003] {
            let l = crate::support::bench_level(r, seed);
            let asked = compare(l, seed, 300, &format!("{r:?} bench seed {seed}"));
            assert!(asked > 60, "{r:?} seed {seed}: only {asked} decisions");
        }
    }
}

/// Crowded battles, 20 a side with archers and casters on a small map: the foes' lists
/// are past their room in place (on the heap), and many foes are within a shot.
#[test]
fn the_decision_without_allocations_decides_as_before_in_crowded_battles() {
    for r in RulesetId::ALL {
        let archetypes = skirmish_rules::level::Catalogue::builtin(r).archetypes;
        let shooters: Vec<&str> = ["archer", "wizard", "mage", "battlemage"]
            .into_iter()
            .filter(|a| archetypes.contains_key(*a))
            .collect();
        for (kind, seed) in [(GridKind::Square, 2701), (GridKind::Hex, 2702)] {
            let l = sim::random_level_with(r, kind, 16, 16, 20, seed, &shooters).expect("level");
            let what = format!("{r:?} {kind:?} 20 a side, seed {seed}");
            let asked = compare(l, seed, 250, &what);
            assert!(asked > 60, "{what}: only {asked} decisions");
        }
    }
}
