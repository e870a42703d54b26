//! Issue 34, session 25 (s25-mz): a healing ability's candidates and area pool are the
//! units the cell index lists near the caster and the fallen near it (not a walk of the
//! army asking each whether it may be targeted); melee-zone's quick bolt (the spell a
//! caster in a foe's zone casts instead of channeling) works out its chance only for the
//! foes in the spell's range; a new round's order with the summons after their summoners
//! is built as a list linked by unit. Each fast path is compared with the slow one it
//! replaced after every event of seeded AI battles (a shadow battle fed the log event by
//! event) and at every state of the battles themselves.

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::melee_zone as mz;

/// What the comparisons met.
#[derive(Default)]
struct Seen {
    states: usize,
    /// A healer's decisions with a fallen unit within its ability's range + 1.
    fallen_near_healer: usize,
    heals_cast: usize,
    bolts: usize,
    /// States whose round order had a summon placed after its summoner.
    summons_placed: usize,
}

fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    for u in b.units() {
        if !b.alive(u) {
            continue;
        }
        let heals: Vec<u32> = b
            .abilities(u)
            .iter()
            .filter(|a| a.heals())
            .map(|a| a.range() + 1)
            .collect();
        let foes = crate::support::visible_foes(b, u);
        if !heals.is_empty() {
            let here = b.pos(u);
            let r = heals.iter().copied().max().unwrap_or(0);
            seen.fallen_near_healer += usize::from(
                b.units()
                    .any(|t| !b.alive(t) && b.grid().distance(here, b.pos(t)) <= r),
            );
            seen.heals_cast += usize::from(crate::support::same_best_cast(b, u, &foes));
        }
        if b.ruleset() == RulesetId::MeleeZone {
            let bolt = mz::quick_bolt_slow(b, u, &foes);
            assert_eq!(mz::quick_bolt(b, u, &foes), bolt, "{u:?}'s quick bolt");
            seen.bolts += usize::from(bolt.is_some());
        }
    }
    if b.ruleset() == RulesetId::MeleeZone {
        let order = mz::initiative_order(b);
        let slow = mz::with_summons_slow(b, order.clone());
        assert_eq!(
            mz::with_summons(b, order.clone()),
            slow,
            "the round's order"
        );
        seen.summons_placed += usize::from(slow.len() > order.len());
    }
}

/// Melee-zone's casters (wardens with Mend, mages with bolts and summons): the fast paths
/// give the slow paths' answers after every event.
#[test]
fn healing_bolt_and_summon_order_fast_paths_match_in_melee_zone_caster_battles() {
    let mut seen = Seen::default();
    crate::support::at_every_state_of_caster_battles(|b| compare(b, &mut seen));
    assert!(seen.states > 500, "{} states", seen.states);
    assert!(seen.fallen_near_healer > 0, "no one fell near a healer");
    assert!(seen.heals_cast > 0, "no healer found anything to cast");
    assert!(seen.bolts > 0, "no quick bolt was found");
    assert!(seen.summons_placed > 0, "no summon joined the order");
}

/// The healing candidates in a random battle of every ruleset (the casting is shared).
#[test]
fn healing_candidates_match_the_slow_ones_in_every_ruleset() {
    for r in RulesetId::ALL {
        let mut seen = Seen::default();
        crate::support::at_every_state_of_random_battles(r, |b| compare(b, &mut seen));
        assert!(seen.states > 100, "{r:?}: {} states", seen.states);
    }
}

/// The linked list's insertions against the search, on orders the battles may not reach:
/// summons of summons, a summoner not in the order, a summon already in it, and an
/// order naming a unit twice.
#[test]
fn with_summons_linked_list_matches_the_search_on_odd_orders() {
    let u = |k: u32| UnitId(k);
    let cases: Vec<(Vec<UnitId>, Vec<(UnitId, UnitId)>)> = vec![
        (
            vec![u(0), u(1), u(2)],
            vec![(u(3), u(0)), (u(4), u(0)), (u(5), u(2))],
        ),
        (
            vec![u(2), u(0)],
            vec![(u(3), u(0)), (u(4), u(3)), (u(5), u(9))],
        ),
        (
            vec![u(1), u(0)],
            vec![(u(6), u(5)), (u(5), u(1)), (u(1), u(0))],
        ),
        (vec![u(0), u(1), u(0)], vec![(u(3), u(0))]),
        (vec![], vec![(u(3), u(0)), (u(4), u(3))]),
    ];
    for (order, summoned) in cases {
        let slow = mz::summons_inserted_slow(order.clone(), &summoned);
        assert_eq!(
            mz::summons_inserted(order.clone(), &summoned),
            slow,
            "{order:?}"
        );
    }
}
