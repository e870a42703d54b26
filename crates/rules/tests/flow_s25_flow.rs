//! Issue 34, session 25 (flow): flow's far-foe bound prepared once per decision.
//!
//! * `FlowAi::attack_value_bounds` (the attacker's part of the bound looked up once, then
//!   asked per foe, distance and weapon) answers `attack_value_bound` to the bit for every
//!   unit, foe, weapon (and a missing one) and both kinds, at every state of seeded flow
//!   AI battles on both grids, far shots' range increments included.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::ai::AiTactics;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::flow::FlowAi;
use skirmish_rules::sim;

/// Every bound at every state of a flow battle (at most `states`); returns the states
/// seen and the bounds compared.
fn check(kind: GridKind, size: usize, per_side: usize, seed: u64, states: usize) -> (usize, usize) {
    let l = sim::random_level_with(RulesetId::Flow, kind, size, size, per_side, seed, &[]).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let (mut seen, mut asked) = (0, 0);
    for _ in 0..states {
        let units: Vec<UnitId> = b.units().collect();
        for &u in &units {
            if !b.alive(u) {
                continue;
            }
            for k in [AttackKind::Normal, AttackKind::Reaction] {
                let bounds = FlowAi.attack_value_bounds(&b, u, k);
                for &e in &units {
                    if e == u || !b.alive(e) {
                        continue;
                    }
                    let d = b.grid().distance(b.pos(u), b.pos(e));
                    for w in 0..=b.weapons(u).len() {
                        let slow = FlowAi.attack_value_bound(&b, u, e, w, k);
                        assert_eq!(
                            bounds(e, d, w).map(f64::to_bits),
                            slow.map(f64::to_bits),
                            "{kind:?} {seed}: {u:?} on {e:?} with {w} as {k:?}"
                        );
                        asked += usize::from(slow.is_some());
                    }
                }
            }
        }
        seen += 1;
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    (seen, asked)
}

/// Both grids, maps small and big enough for shots beyond their range.
#[test]
fn prepared_far_bounds_are_the_bounds() {
    for (kind, size, seed) in [
        (GridKind::Hex, 24, 3),
        (GridKind::Hex, 96, 5),
        (GridKind::Square, 96, 4),
    ] {
        let (seen, asked) = check(kind, size, 10, seed, 120);
        assert!(seen > 20, "{kind:?}: {seen} states");
        assert!(asked > 1000, "{kind:?}: {asked} bounds");
    }
}
