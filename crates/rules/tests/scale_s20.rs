//! Issue 34, session 20 (the lead's step): counters says which units may not attack now
//! ([`AiTactics::may_attack`]: the turn's one Standard action spent), so the AI weighs no
//! foe for them. The answer must be `false` only when the engine refuses every attack of
//! the unit on every foe.
//!
//! [`AiTactics::may_attack`]: skirmish_rules::rulesets::AiTactics::may_attack

use skirmish_rules::Battle;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

use crate::scale_s19::may_attack_against_the_engine;

/// counters' `may_attack` is `false` only when the engine refuses every attack of the
/// unit on every foe (asked of every unit at many points of played battles on both
/// grids), and it is `false` for some: units that attacked this turn.
#[test]
fn counters_may_attack_is_false_only_when_every_attack_is_refused() {
    let (mut refused, mut allowed) = (0, 0);
    for (kind, seed) in [(GridKind::Hex, 4), (GridKind::Square, 7)] {
        let l = sim::random_level(RulesetId::Counters, kind, 24, 24, 8, seed).unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        let (r, a) = may_attack_against_the_engine(&mut b, 200, 3);
        refused += r;
        allowed += a;
    }
    assert!(
        refused > 0 && allowed > 0,
        "refused {refused}, allowed {allowed}"
    );
}
