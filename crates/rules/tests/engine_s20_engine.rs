//! Issue 34, session 20 (s20-engine): the engine's per-command work. `threat_reach` is
//! remembered per unit until an event that may change a weapon in hand, a condition, a
//! modifier or life; a debug build checks every remembered answer against a fresh one
//! (`debug_assert_eq!` in `engine/reach.rs`), so the battles below, which ask every
//! unit's reach before and after every command, fail if a kept reach ever goes stale.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Every unit's reach: remembered, and from a battle rebuilt from the log (whose memo is
/// empty, so it works each out afresh).
fn reaches(b: &Battle) -> (Vec<u32>, Vec<u32>) {
    let fresh = b.branch(1);
    let kept = b.units().map(|u| b.threat_reach(u)).collect();
    let again = fresh.units().map(|u| fresh.threat_reach(u)).collect();
    (kept, again)
}

#[test]
fn kept_threat_reaches_are_the_fresh_ones_after_every_command_in_every_ruleset() {
    for r in RulesetId::ALL {
        for kind in [GridKind::Hex, GridKind::Square] {
            let l = sim::random_level(r, kind, 14, 12, 4, 41).expect("level");
            let mut b = Battle::new(l, 3, Vec::new()).expect("battle");
            let mut n = 0;
            while n < 80 {
                // Asked before the command, so what its events keep is checked after it.
                for u in b.units() {
                    b.threat_reach(u);
                }
                let Some(c) = ai::decide(&b) else { break };
                if b.submit(c).is_err() {
                    let f = ai::fallback(&b).expect("a fallback");
                    b.submit(f).expect("the fallback is legal");
                }
                n += 1;
                let (kept, fresh) = reaches(&b);
                assert_eq!(kept, fresh, "{r} {kind} after command {n}");
            }
            assert!(n > 20, "{r} {kind}: {n} commands");
        }
    }
}
