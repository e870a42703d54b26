//! Issue 34, session 20 (s20-ai): the move search values the cells an attack may be
//! made from first, and a cell no attack reaches only when its bound could still win.
//! Each cell's foes are weighed most valuable first (a shot's line is walked only when it
//! would raise the cell's best). These battles hold both to the exhaustive scan (every
//! cell valued, in field order, its foes in level order):
//! at every decision of AI battles of every ruleset on both grids, the command with the
//! marks is the command without them.

use skirmish_rules::ai;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::{Battle, Status, sim};

/// Plays a random battle with the marks, asking at every decision what the exhaustive
/// scan would decide too; returns (decisions compared, moves among them).
fn compare(r: RulesetId, kind: GridKind, per_side: usize, seed: u64) -> (usize, usize) {
    let l = sim::random_level(r, kind, 18, 18, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let (mut asked, mut moves) = (0, 0);
    for _ in 0..1500 {
        if matches!(b.status(), Status::Ended(_)) {
            break;
        }
        ai::set_exhaustive_moves(true);
        let slow = ai::decide(&b);
        ai::set_exhaustive_moves(false);
        let fast = ai::decide(&b);
        assert_eq!(
            fast, slow,
            "{r:?} {kind:?} seed {seed}, decision {asked}: the marked scan chose differently"
        );
        let Some(cmd) = fast else { break };
        asked += 1;
        moves += usize::from(matches!(cmd, skirmish_rules::engine::Command::Move { .. }));
        if b.submit(cmd).is_err() {
            let Some(f) = ai::fallback(&b) else { break };
            if b.submit(f).is_err() {
                break;
            }
        }
    }
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
