//! Issue 34, session 25 (s25-lazy): the shared AI's move step spares work that cannot
//! change its answer. A unit with no movement left, in a ruleset whose gap closer
//! reaches no foe then (`AiTactics::close_in_range` 0), skips the move step (no foe
//! valued, no helpers looked up): its field is its own cell. A move search whose
//! ruleset says no cell carries a risk (`AiTactics::may_risk_cells`: counters on a level
//! without hazards) asks no cell's `cell_risk`. Both are off under the tests'
//! exhaustive switch, so these battles hold the fast decisions to the slow ones at
//! every decision of the bench's 8 v 8 battles of every ruleset (and a debug build
//! checks every skipped `cell_risk` is 0).

use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, Status};

/// Plays the battle, asking at every decision what the exhaustive AI decides too;
/// returns (decisions compared, turn decisions of a unit with no movement left).
fn compare(r: RulesetId, seed: u64, most: usize) -> (usize, usize) {
    let mut b = Battle::new(crate::support::bench_level(r, seed), seed, Vec::new()).unwrap();
    let mut still = 0;
    let what = format!("{r:?} seed {seed} (the fast move step)");
    let asked = crate::support::decides_as_exhaustive(&mut b, most, &what, |b, _| {
        if let Status::Turn(u) = b.status() {
            still += usize::from(b.movement_budget(u) == 0);
        }
    });
    (asked, still)
}

#[test]
fn the_spared_move_step_decides_as_the_exhaustive_one_in_every_ruleset() {
    let mut still = 0;
    for r in RulesetId::ALL {
        let (asked, s) = compare(r, 1000, 600);
        assert!(asked > 100, "{r:?}: only {asked} decisions");
        still += s;
    }
    // The skip was met (units out of movement decide often), so it was compared.
    assert!(still > 20, "only {still} decisions with no movement left");
}

#[test]
fn counters_without_hazards_decides_as_the_exhaustive_one() {
    for seed in [1001, 1002] {
        let (asked, _) = compare(RulesetId::Counters, seed, 400);
        assert!(asked > 100, "seed {seed}: only {asked} decisions");
    }
}
