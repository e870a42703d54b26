//! Issue 34, session 23 (s23-mz): what melee-zone read back from the log (who summoned a
//! summon, a caster's last casting) is kept by a record on the first unit, read forward
//! once as the log grows. The record's answers are compared with the log scans they
//! replaced after every event of seeded AI battles (a shadow battle fed the log event by
//! event), at every state of the battles themselves (where the record was filled
//! earlier and commands may have rolled back), and in branches of them (a new world:
//! the record starts empty there). The record's lists of units by side (the foes that
//! `spotter` and `position_factor_max` walk) are compared the same way.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::rulesets::melee_zone as mz;

/// What the comparisons met: states compared, summons standing under a summoner,
/// units with a last casting, (unit, spell) pairs with one, units a foe sees, and units
/// whose move search's bound is above 1.
#[derive(Default)]
struct Seen {
    states: usize,
    summons: usize,
    casts: usize,
    casts_of: usize,
    spotted: usize,
    flanking: usize,
}

/// Every kept answer against the log scan it replaced, for every unit.
fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    assert_eq!(
        mz::with_summons(b, Vec::new()),
        {
            // The slow list inserted as `with_summons` inserts it.
            let mut order: Vec<UnitId> = Vec::new();
            for (unit, by) in mz::with_summons_slow_list(b) {
                if !order.contains(&unit) {
                    let at = order
                        .iter()
                        .position(|&u| u == by)
                        .map_or(order.len(), |i| i + 1);
                    order.insert(at, unit);
                }
            }
            order
        },
        "a round's order with the summons"
    );
    for u in b.units() {
        // The record's lists by side: `u`'s foes, the first foe that sees it, and the
        // move search's bound walked over those foes alone.
        assert_eq!(mz::foes(b, u), mz::foes_slow(b, u), "{u:?}'s foes");
        let spotter = mz::spotter_slow(b, u);
        assert_eq!(mz::spotter(b, u), spotter, "who sees {u:?}");
        seen.spotted += usize::from(spotter.is_some());
        if b.alive(u) {
            let (f, s) = (
                mz::position_factor_max(b, u),
                mz::position_factor_max_slow(b, u),
            );
            assert_eq!(f.to_bits(), s.to_bits(), "position factor max of {u:?}");
            seen.flanking += usize::from(f > 1.0);
        }
        assert_eq!(
            mz::summoner(b, u),
            mz::summoner_slow(b, u),
            "{u:?}'s summoner"
        );
        let slow = mz::summons_of_slow(b, u);
        assert_eq!(mz::summons_of(b, u), slow, "{u:?}'s summons");
        for n in 0..=slow.len() as u32 + 1 {
            assert_eq!(
                mz::summons_at_least(b, u, n),
                slow.len() as u32 >= n,
                "{u:?} has {n} summons or more"
            );
        }
        seen.summons += slow.len();
        let last = mz::last_cast_slow(b, u, None);
        assert_eq!(mz::last_cast(b, u, None), last, "{u:?}'s last casting");
        seen.casts += usize::from(last.is_some());
        for i in 0..b.abilities(u).len() {
            let last = mz::last_cast_slow(b, u, Some(i));
            assert_eq!(
                mz::last_cast(b, u, Some(i)),
                last,
                "{u:?}'s last casting of ability {i}"
            );
            seen.casts_of += usize::from(last.is_some());
        }
    }
}

fn battles(seen: &mut Seen) {
    for (_, seed, l) in crate::support::melee_zone_caster_levels() {
        let mut b = Battle::new(l.clone(), seed, Vec::new()).unwrap();
        for round in 0..400 {
            compare(&b, seen);
            // A branch is a new world: its record is read afresh, and goes on from there.
            if round % 25 == 10 {
                let mut f = b.branch(round as u64);
                compare(&f, seen);
                ai::play_out(&mut f, 3);
                compare(&f, seen);
            }
            if ai::play_out(&mut b, 2) == 0 {
                break;
            }
        }
        compare(&b, seen);
        // A shadow battle fed the log: the record after every single event.
        crate::support::after_every_event(l, seed, &b, |shadow| compare(shadow, seen));
    }
}

/// The record gives the log scans' answers after every event of four AI battles, and
/// those battles had summons standing and spells cast.
#[test]
fn melee_zone_record_matches_the_log_scans_after_every_event_of_ai_battles() {
    let mut seen = Seen::default();
    battles(&mut seen);
    assert!(seen.states > 1000, "{} states", seen.states);
    assert!(seen.summons > 0, "no summon stood");
    assert!(seen.casts > 0, "nothing was cast");
    assert!(seen.casts_of >= seen.casts && seen.casts_of > 0);
    assert!(seen.spotted > 0, "no foe saw anyone");
    assert!(seen.flanking > 0, "no flank was worth anything");
}
