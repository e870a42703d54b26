//! Issue 34, session 22 (s22-mz): melee-zone's per-turn and per-decision scans narrowed
//! to the units that can matter. Each fast path is compared with the slow one it
//! replaces at every state of seeded AI battles (both grids, summoners, mages and
//! footpads a side, so summons stand sick, channeled areas are weighed and units hide).

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::CastAt;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::melee_zone as mz;
use skirmish_rules::sim;

/// What the battles showed: states asked, sick summons, aim costs weighed (and how many
/// of them were above 0), units hidden.
#[derive(Default)]
struct Seen {
    states: usize,
    sick: usize,
    aims: usize,
    costly: usize,
    hidden: usize,
    springing: usize,
}

/// Ask every fast path against its slow path at this state.
fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    seen.hidden += b.units().filter(|&u| b.hidden(u)).count();
    let grid = b.grid();
    for u in b.units() {
        // `summons::takes_turn` asks only the units from `sick_from_at_least` on: every
        // unit sick from `u` is there.
        let slow = mz::sick_from_slow(b, u);
        seen.sick += slow.len();
        match mz::sick_from_at_least(b, u) {
            Some(from) => assert!(
                slow.iter().all(|s| s.0 as usize >= from),
                "{u:?}'s sick units {slow:?} start before {from}"
            ),
            None => assert!(slow.is_empty(), "{u:?} asks nobody, yet {slow:?} are sick"),
        }
        if !b.alive(u) {
            continue;
        }
        // `reactions::stepped` asks first whether any foe threatening the cell stepped
        // to would spring (`Battle::any_threatening`): the same yes as the list it
        // builds after, for every cell next to every living unit.
        for c in grid.within(b.pos(u), 1) {
            let springs = |r: UnitId| {
                b.enemies(r, u)
                    && b.threatens_anything(r)
                    && b.steps_within(u, r) == mz::WITHIN_STEPS
            };
            let any = b.any_threatening(c, springs);
            let list = b.threatening(c).into_iter().any(springs);
            assert_eq!(any, list, "{u:?} stepping to {c:?}");
            seen.springing += usize::from(list);
        }
        // `position_factor_max`: the same bits as every foe asked in full.
        let (f, s) = (
            mz::position_factor_max(b, u),
            mz::position_factor_max_slow(b, u),
        );
        assert_eq!(f.to_bits(), s.to_bits(), "position factor max of {u:?}");
        // `channel_aim_cost`: each ally's foes by the rows in its reach give the same
        // cost, bit for bit, at every aim within the spell's range and a little past it.
        for i in 0..b.abilities(u).len() {
            let (Some(fast), Some(slow)) = (
                mz::channel_aim_cost(b, u, i),
                mz::channel_aim_cost_slow(b, u, i),
            ) else {
                assert!(
                    mz::channel_aim_cost(b, u, i).is_none()
                        && mz::channel_aim_cost_slow(b, u, i).is_none(),
                    "one path weighs {u:?}'s ability {i}, the other not"
                );
                continue;
            };
            let range = b.ability(u, i).map_or(0, |a| a.range());
            for c in grid.within(b.pos(u), range + 2) {
                let at = CastAt::Cell(c);
                let (x, y) = (fast(&at), slow(&at));
                assert_eq!(x.to_bits(), y.to_bits(), "{u:?} ability {i} at {c:?}");
                seen.aims += 1;
                seen.costly += usize::from(x > 0.0);
            }
        }
    }
}

fn battles(seen: &mut Seen) {
    for (_, seed, l) in crate::support::melee_zone_caster_levels() {
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..400 {
            compare(&b, seen);
            if ai::play_out(&mut b, 2) == 0 {
                break;
            }
        }
        compare(&b, seen);
    }
}

/// The fast paths give the slow paths' answers at every state of four AI battles, and
/// those battles have summons standing sick, channeled areas that would catch an ally,
/// units hiding and steps that would spring a free hit (so each path was asked with
/// something to find).
#[test]
fn melee_zone_turn_and_decision_scans_match_the_slow_paths_in_ai_battles() {
    let mut seen = Seen::default();
    battles(&mut seen);
    assert!(seen.states > 100, "{} states", seen.states);
    assert!(seen.sick > 0, "no summon stood sick in any state");
    assert!(seen.aims > 0, "no channeled area was weighed");
    assert!(seen.costly > 0, "no aim cost anything");
    assert!(seen.hidden > 0, "no unit hid in any state");
    assert!(seen.springing > 0, "no step would have sprung a free hit");
}

/// A unit without a summoning or sickening ability is the source of no sickness, and a
/// summoner's sick units are its summons: the level's own units are never asked.
#[test]
fn only_summoners_are_asked_about_sickness_and_only_of_summons() {
    let l = sim::random_level_with(
        RulesetId::MeleeZone,
        GridKind::Hex,
        24,
        24,
        8,
        3,
        &["warden", "mage", "footpad"],
    )
    .unwrap();
    let b = Battle::new(l, 3, Vec::new()).unwrap();
    let level = b.level().units.len();
    let mut summoners = 0;
    for u in b.units() {
        let summons = b.abilities(u).iter().any(|a| {
            a.effects
                .iter()
                .any(|e| matches!(e, skirmish_rules::abilities::Effect::Summon { .. }))
        });
        summoners += usize::from(summons);
        let want = summons.then_some(level);
        assert_eq!(mz::sick_from_at_least(&b, u), want, "{}", b.name(u));
    }
    assert!(summoners >= 2, "a summoner a side");
}
