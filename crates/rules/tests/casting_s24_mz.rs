//! Issue 34, session 24 (s24-mz): the AI's casting asks the cell index for the units near
//! an aim instead of walking the army (a non-healing ability may reach only the living:
//! its candidates, an area's pool, the targets `Battle::cast_targets` names for an area
//! or cell aim), skips an ability whose effects value every target at 0 (a terrain alone),
//! and weighs a summon's cells against the foes that may be nearest; melee-zone asks
//! whether a foe's zone is on a caster of the units threatening its cell, and looks for
//! a low wall on a line only when one stands next to its end. Each fast path
//! is compared with the slow one it replaced after every event of seeded AI battles of
//! every ruleset (a shadow battle fed the log event by event) and at every state of the
//! battles themselves.

use skirmish_rules::Battle;
use skirmish_rules::abilities::Targeting;
use skirmish_rules::engine::CastAt;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::melee_zone as mz;

/// What the comparisons met: states compared, casts chosen, area or cell aims with a
/// target, and units in a foe's zone.
#[derive(Default)]
struct Seen {
    states: usize,
    casts: usize,
    aims_hit: usize,
    in_zone: usize,
    sees: usize,
}

fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    for u in b.units() {
        if !b.alive(u) {
            continue;
        }
        let foes = crate::support::visible_foes(b, u);
        seen.casts += usize::from(crate::support::same_best_cast(b, u, &foes));
        if b.ruleset() == RulesetId::MeleeZone {
            let zone = mz::foe_zone_on_slow(b, u, &foes);
            assert_eq!(mz::foe_zone_on(b, u, &foes), zone, "{u:?} in a foe's zone");
            seen.in_zone += usize::from(zone);
            // Who sees `u`: the low wall next to it asked before the line is walked.
            for f in b.units() {
                let sees = mz::sees_slow(b, f, u);
                assert_eq!(mz::sees(b, f, u), sees, "{f:?} sees {u:?}");
                seen.sees += usize::from(sees);
            }
        }
        // Every area or cell aim within its range + 1 of the caster.
        let here = b.pos(u);
        for (i, a) in b.abilities(u).iter().enumerate() {
            if !matches!(a.target, Targeting::Area { .. } | Targeting::Cell { .. }) {
                continue;
            }
            for c in b.grid().within(here, a.range() + 1) {
                let fast = b.cast_targets(u, i, &CastAt::Cell(c)).ok();
                let slow = b.cast_targets_slow(u, i, c);
                assert_eq!(fast, slow, "{u:?}'s ability {i} at {c}");
                seen.aims_hit += usize::from(fast.is_some_and(|ts| !ts.is_empty()));
            }
        }
    }
}

/// Melee-zone's casters (wardens, mages: areas, summons, a heal, Mire's terrain): the
/// fast paths give the slow paths' answers after every event.
#[test]
fn casting_fast_paths_match_the_slow_ones_in_melee_zone_caster_battles() {
    let mut seen = Seen::default();
    crate::support::at_every_state_of_caster_battles(|b| compare(b, &mut seen));
    assert!(seen.states > 500, "{} states", seen.states);
    assert!(seen.casts > 0, "nothing was worth casting");
    assert!(seen.aims_hit > 0, "no area or cell aim reached anyone");
    assert!(seen.in_zone > 0, "no one stood in a foe's zone");
    assert!(seen.sees > 0, "no one saw anyone");
}

/// The same in a random battle of every ruleset (the casting is shared).
#[test]
fn casting_fast_paths_match_the_slow_ones_in_every_ruleset() {
    for r in RulesetId::ALL {
        let mut seen = Seen::default();
        crate::support::at_every_state_of_random_battles(r, |b| compare(b, &mut seen));
        assert!(seen.states > 100, "{r:?}: {} states", seen.states);
    }
}
