//! Issue 34, session 20 (s20-ai): the move search values the cells an attack may be
//! made from first, and a cell no attack reaches only when its bound could still win.
//! Each cell's foes are weighed most valuable first (a shot's line is walked only when it
//! would raise the cell's best). These battles hold both to the exhaustive scan (every
//! cell valued, in field order, its foes in level order):
//! at every decision of AI battles of every ruleset on both grids, the command with the
//! marks is the command without them.

use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, sim};

/// Plays a random battle with the marks, asking at every decision what the exhaustive
/// scan would decide too; returns (decisions compared, moves among them).
fn compare(r: RulesetId, kind: GridKind, per_side: usize, seed: u64) -> (usize, usize) {
    let l = sim::random_level(r, kind, 18, 18, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut moves = 0;
    let what = format!("{r:?} {kind:?} seed {seed} (the marked scan)");
    let asked = crate::support::decides_as_exhaustive(&mut b, 1500, &what, |_, cmd| {
        moves += usize::from(matches!(cmd, skirmish_rules::engine::Command::Move { .. }));
    });
    (asked, moves)
}

#[test]
fn marked_move_scan_decides_as_the_exhaustive_one_in_every_ruleset() {
    for r in RulesetId::ALL {
        for kind in [GridKind::Hex, GridKind::Square] {
            let (asked, moves) = compare(r, kind, 6, 5);
            assert!(asked > 30, "{r:?} {kind:?}: only {asked} decisions");
            assert!(moves > 5, "{r:?} {kind:?}: only {moves} moves");
        }
    }
}
