//! Issue 34, session 21 (s21-scale): melee-zone's per-step and per-check scans made to
//! cost what the near units and the standing summons cost, not the whole army or the
//! whole log. Each fast path is compared with the slow one it replaces at every state
//! of seeded AI battles (both grids, a summoner, a mage and a footpad a side).

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::melee_zone as mz;
use skirmish_rules::sim;

/// What each battle showed: states asked, summons standing, units hidden.
#[derive(Default)]
struct Seen {
    states: usize,
    summons: usize,
    hidden: usize,
}

/// Ask every fast path against its slow path at this state.
fn compare(b: &Battle, seen: &mut Seen) {
    seen.states += 1;
    // `hidden_units`: the units `Battle::hidden` names, in level order.
    let slow: Vec<UnitId> = b.units().filter(|&u| b.hidden(u)).collect();
    assert_eq!(mz::hidden_units(b), slow, "hidden units");
    seen.hidden += slow.len();
    for u in b.units() {
        // `summons_of`: the whole log's answer from its end.
        let fast = mz::summons_of(b, u);
        let slow = mz::summons_of_slow(b, u);
        assert_eq!(fast, slow, "summons of {u:?}");
        for n in 0..4 {
            let at_least = slow.len() >= n as usize;
            assert_eq!(
                mz::summons_at_least(b, u, n),
                at_least,
                "{n} summons of {u:?}"
            );
        }
        seen.summons += fast.len();
        if !b.alive(u) {
            continue;
        }
        // `position_factor_max`: the same bits as every foe asked in full.
        let (f, s) = (
            mz::position_factor_max(b, u),
            mz::position_factor_max_slow(b, u),
        );
        assert_eq!(f.to_bits(), s.to_bits(), "position factor max of {u:?}");
        // `reactions::stepped` asks `Battle::threatening` for the cell stepped to: the
        // units the old scan of every unit picked, in the same order.
        let grid = b.grid();
        for c in grid.within(b.pos(u), 3) {
            let scan: Vec<UnitId> = b
                .units()
                .filter(|&r| b.alive(r) && b.threatens(r, c) && b.threatens_anything(r))
                .collect();
            let mut near = b.threatening(c);
            near.retain(|&r| b.threatens_anything(r));
            assert_eq!(near, scan, "threatening {c:?}");
        }
    }
}

fn battles(seen: &mut Seen) {
    for (kind, seed) in [
        (GridKind::Hex, 3),
        (GridKind::Square, 11),
        (GridKind::Hex, 21),
    ] {
        let l = sim::random_level_with(
            RulesetId::MeleeZone,
            kind,
            24,
            24,
            8,
            seed,
            &["warden", "mage", "footpad"],
        )
        .unwrap();
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

/// The fast paths give the slow paths' answers at every state of three AI battles, and
/// those battles summon and hide (so the paths were asked with something to find).
#[test]
fn melee_zone_scans_match_the_slow_paths_in_ai_battles() {
    let mut seen = Seen::default();
    battles(&mut seen);
    assert!(seen.states > 100, "{} states", seen.states);
    assert!(seen.summons > 0, "no summon stood in any state");
    assert!(seen.hidden > 0, "no unit hid in any state");
}

/// `summons_of` stops at the oldest standing summon: a battle where summons fell still
/// counts only the standing ones, as the whole log does.
#[test]
fn summons_of_reads_the_log_back_to_the_oldest_standing_summon() {
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
    let mut b = Battle::new(l, 3, Vec::new()).unwrap();
    ai::play_out(&mut b, 5000);
    let summoned = b
        .log()
        .iter()
        .filter(|l| matches!(l.event, Event::Summoned { .. }))
        .count();
    assert!(summoned > 0, "the battle summoned nothing");
    for u in b.units() {
        assert_eq!(mz::summons_of(&b, u), mz::summons_of_slow(&b, u));
    }
}
