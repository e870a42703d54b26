//! Issue 34, session 23 (the lead): the AI's scans of the army read the battle's arrays.
//!
//! * `Battle::visible_foes` (the foes a decision weighs, with their cells) is the filter
//!   of every unit by life, side and `hidden`, and `Battle::threatening_allies` (the
//!   allies able to help against a foe) the filter by side and threat reach, at every
//!   state of seeded AI battles of every ruleset on both grids.
//! * `Battle::any_threatening` asked with an answer that never stops it visits exactly
//!   the units `Battle::threatening` lists (the AI's helpers of a foe in a big army are
//!   gathered so, in no set order).

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Every check at every state of a battle of `per_side` a side (at most `states`);
/// returns the states seen and how many foes had a helper.
fn check(
    r: RulesetId,
    kind: GridKind,
    per_side: usize,
    seed: u64,
    states: usize,
) -> (usize, usize) {
    let l = sim::random_level_with(r, kind, 24, 24, per_side, seed, &[]).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let (mut seen, mut helped) = (0, 0);
    for _ in 0..states {
        let units: Vec<UnitId> = b.units().collect();
        for &u in &units {
            crate::support::visible_foes_are_the_filter(&b, u, &format!("{r:?} {kind:?} {seed}"));
            let slow: Vec<_> = units
                .iter()
                .filter(|&&a| a != u && !b.enemies(u, a) && b.threatens_anything(a))
                .map(|&a| (b.pos(a), b.threat_reach(a)))
                .filter(|&(_, t)| t > 0)
                .collect();
            let fast: Vec<_> = b.threatening_allies(u).collect();
            assert_eq!(fast, slow, "{r:?} {kind:?} {seed}: allies of {u:?}");
            let cell = b.pos(u);
            let mut visited = Vec::new();
            let stopped = b.any_threatening(cell, |a| {
                visited.push(a);
                false
            });
            assert!(!stopped);
            visited.sort_unstable();
            assert_eq!(
                visited,
                b.threatening(cell),
                "{r:?} {kind:?} {seed}: at {cell}"
            );
            helped += usize::from(visited.iter().any(|&a| !b.enemies(u, a)));
        }
        seen += 1;
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    (seen, helped)
}

/// Every ruleset, both grids: the scans equal the filters, and helpers occur.
#[test]
fn army_scans_are_the_filters() {
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Hex, 3), (GridKind::Square, 4)] {
            let (seen, helped) = check(r, kind, 12, seed, 150);
            assert!(seen > 20, "{r:?} {kind:?}: {seen} states");
            assert!(helped > 0, "{r:?} {kind:?}: no foe had a helper");
        }
    }
}
