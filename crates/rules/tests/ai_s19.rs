//! Issue 34, session 19: the AI's per-decision work. The move search's path risk sums,
//! for every cell of the field, the reactions leaving its predecessor provokes; it now
//! adds them reactor by reactor over the few cells each threatens instead of asking
//! every reactor for every cell. In a debug build each cell's sum is checked bit for
//! bit against the per-cell one (`debug_assert_eq!` in `ai::risk`), so these battles,
//! played by the AI on both grids in every ruleset with reactions, fail if the two ever
//! differ; and a battle played twice gives the same commands.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Plays a random battle of `per_side` a side and returns (commands, log length).
fn play(r: RulesetId, kind: GridKind, per_side: usize, seed: u64) -> (usize, usize) {
    let l = sim::random_level(r, kind, 18, 18, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let n = ai::play_out(&mut b, 1500);
    (n, b.log().len())
}

/// Every ruleset, both grids: the leave risks summed reactor by reactor are the per-cell
/// ones (checked in the debug build at every move search), and the battles run.
#[test]
fn leave_risks_by_reactor_match_the_per_cell_sums_in_every_ruleset() {
    for r in RulesetId::ALL {
        for kind in [GridKind::Hex, GridKind::Square] {
            let (n, events) = play(r, kind, 5, 7);
            assert!(n > 30, "{r:?} {kind:?}: only {n} commands");
            assert!(
                events > n,
                "{r:?} {kind:?}: {events} events for {n} commands"
            );
        }
    }
}

/// The same battle played twice makes the same commands and the same log.
#[test]
fn a_battle_with_the_new_path_risk_plays_the_same_twice() {
    let first = play(RulesetId::TacticalD20, GridKind::Square, 6, 11);
    assert!(first.0 > 30, "only {} commands", first.0);
    assert_eq!(first, play(RulesetId::TacticalD20, GridKind::Square, 6, 11));
}
