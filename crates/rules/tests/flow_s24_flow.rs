//! Issue 34, session 24 (flow): flow's far-foe bound, cheaper.
//!
//! * `flow::attack_numbers` (the attack check's target number and net advantage, worked
//!   out without building the check: what the AI's `attack_value_bound` asks of every foe
//!   in range) equals `attack_check`'s two numbers for every unit, foe, weapon and kind,
//!   at every state of seeded flow AI battles on both grids, far shots' range increments
//!   included.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::dice::ModKind;
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::flow;
use skirmish_rules::sim;

/// Every check at every state of a flow battle (at most `states`); returns the states
/// seen and the checks compared with a range increment.
fn check(kind: GridKind, size: usize, per_side: usize, seed: u64, states: usize) -> (usize, usize) {
    let l = sim::random_level_with(RulesetId::Flow, kind, size, size, per_side, seed, &[]).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let (mut seen, mut far) = (0, 0);
    for _ in 0..states {
        let units: Vec<UnitId> = b.units().collect();
        for &u in &units {
            for &e in &units {
                if e == u || !b.alive(u) || !b.alive(e) {
                    continue;
                }
                for w in 0..=b.weapons(u).len() {
                    for k in [AttackKind::Normal, AttackKind::Reaction] {
                        let c = flow::attack_check(&b, u, e, w, k);
                        let n = flow::attack_numbers(&b, u, e, w, k);
                        assert_eq!(
                            n,
                            (c.target(), c.advantage),
                            "{kind:?} {seed}: {u:?} on {e:?} with {w} as {k:?}"
                        );
                        far += usize::from(
                            c.target_mods
                                .iter()
                                .any(|m| m.kind == ModKind::RangeIncrement),
                        );
                    }
                }
            }
        }
        seen += 1;
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    (seen, far)
}

/// Both grids, a map big enough for shots beyond their range: the numbers are the
/// check's, and range increments occur.
#[test]
fn far_bound_numbers_are_the_checks() {
    for (kind, size, seed) in [
        (GridKind::Hex, 24, 3),
        (GridKind::Hex, 96, 5),
        (GridKind::Square, 96, 4),
    ] {
        let (seen, far) = check(kind, size, 10, seed, 120);
        assert!(seen > 20, "{kind:?}: {seen} states");
        if size > 24 {
            assert!(far > 0, "{kind:?} {size}: no range increment");
        }
    }
}
