//! The caches kept up to date one unit at a time equal a fresh build: after every event of
//! AI battles of every ruleset on both grids (each battle's log applied again, event by
//! event, to freshly spawned units whose caches were all built before each event), after
//! every command of those battles, and after rollbacks.

use super::*;
use crate::battle::Battle;
use crate::dice::Dice;
use crate::event::Event;
use crate::grid::GridKind;
use crate::rulesets::RulesetId;

/// Every cache that is built equals what a fresh build gives now; every remembered threat
/// reach of the current generation is the reach worked out afresh.
fn check(b: &Battle, at: &str) {
    if let Some(ix) = b.index.get() {
        assert_eq!(ix, &b.build_index(), "{at}: the cell index");
    }
    if let Some(c) = b.conds.get() {
        assert_eq!(c, &b.build_conds(), "{at}: the condition bits");
    }
    if let Some(s) = b.source_ends.get() {
        assert_eq!(s, &b.build_source_ends(), "{at}: the source counts");
    }
    assert!(b.threat_dirty.is_empty(), "{at}: an entry left to work out");
    if let Some(t) = b.threat.get() {
        let able: Vec<bool> = b.units().map(|u| b.threatens_anything(u)).collect();
        let reach: Vec<u32> = b
            .units()
            .map(|u| {
                if able[u.0 as usize] {
                    b.fresh_threat_reach(u)
                } else {
                    0
                }
            })
            .collect();
        let max = reach.iter().copied().max().unwrap_or(0);
        assert_eq!(t, &Threats { reach, max, able }, "{at}: the threat reaches");
    }
    for (k, m) in b.reach_memo.iter().enumerate() {
        let kept = m.load(Relaxed);
        if (kept >> 32) as u32 == b.reach_gen {
            let u = UnitId(k as u32);
            assert_eq!(kept as u32, b.fresh_threat_reach(u), "{at}: memo of {u:?}");
        }
    }
}

/// Build every cache (and every unit's remembered reach), so the next event must keep
/// them up to date.
fn build_all(b: &Battle) {
    b.index();
    b.threats();
    b.conds();
    b.source_ends();
    for u in b.units() {
        b.threat_reach(u);
    }
}

/// How many events of each kind of `Touch` kept the threat cache built, over all battles.
#[derive(Default)]
struct Seen {
    one_unit: usize,
    all: usize,
    downs: usize,
    revived: usize,
    conditions: usize,
}

#[test]
fn the_caches_kept_are_a_fresh_build_after_every_event() {
    let mut seen = Seen::default();
    for r in RulesetId::ALL {
        for g in [GridKind::Square, GridKind::Hex] {
            let l = crate::sim::random_level(r, g, 18, 14, 6, 41).expect("level");
            let mut b = Battle::new(l, 3, Vec::new()).expect("battle");
            let mut n = 0;
            for _ in 0..700 {
                let Some(c) = crate::ai::decide(&b) else {
                    break;
                };
                build_all(&b);
                if b.submit(c).is_err() {
                    let f = crate::ai::fallback(&b).expect("a fallback");
                    b.submit(f).expect("the fallback is legal");
                }
                n += 1;
                check(&b, &format!("{r} {g} after command {n}"));
                if b.ended.is_some() {
                    break;
                }
            }
            assert!(n > 20, "{r} {g}: {n} commands");
            // The same log applied again, one event at a time, every cache built before.
            let mut fresh = Battle::spawned(b.rules, b.level.clone(), b.seed, Dice::seeded(0));
            for (i, l) in b.log.iter().enumerate() {
                build_all(&fresh);
                fresh.apply(&l.event);
                match crate::battle::apply::threat_touch(&l.event) {
                    Touch::Units(..) => seen.one_unit += 1,
                    Touch::All => seen.all += 1,
                    Touch::Keep => {}
                }
                match &l.event {
                    Event::Down { .. } => seen.downs += 1,
                    Event::Revived { .. } => seen.revived += 1,
                    Event::ConditionAdded { .. } | Event::ConditionRemoved { .. } => {
                        seen.conditions += 1
                    }
                    _ => {}
                }
                check(&fresh, &format!("{r} {g} after event {i} {:?}", l.event));
            }
        }
    }
    assert!(seen.one_unit > 200, "{} one-unit events", seen.one_unit);
    assert!(seen.downs > 20, "{} downs", seen.downs);
    assert!(
        seen.conditions > 100,
        "{} condition changes",
        seen.conditions
    );
    assert!(
        seen.one_unit > 5 * seen.all,
        "{} one-unit events, {} whole",
        seen.one_unit,
        seen.all
    );
}

/// A unit that goes down leaves its cell's list and one revived comes back into it, in
/// level order, on the cell it fell on; its threat goes to 0 and comes back.
#[test]
fn down_and_revived_relink_the_cell_and_the_threat() {
    let l =
        crate::sim::random_level(RulesetId::ALL[0], GridKind::Square, 12, 10, 3, 5).expect("level");
    let mut b = Battle::new(l, 1, Vec::new()).expect("battle");
    let u = UnitId(1);
    let cell = b.pos(u);
    build_all(&b);
    let reach = b.threat(u);
    assert!(reach > 0, "the unit threatens");
    b.apply(&Event::Down { unit: u });
    check(&b, "after Down");
    assert_eq!(b.unit_at(cell, None), None);
    assert_eq!(b.threat(u), 0);
    b.apply(&Event::Revived { unit: u });
    check(&b, "after Revived");
    assert_eq!(b.unit_at(cell, None), Some(u));
    assert_eq!(b.threat(u), reach);
    // Another unit onto the same cell, then the first down and back: the list stays in
    // level order.
    let v = UnitId(0);
    let from = b.pos(v);
    b.apply(&Event::Displaced {
        unit: v,
        from,
        to: cell,
    });
    b.apply(&Event::Down { unit: u });
    b.apply(&Event::Revived { unit: u });
    check(&b, "after sharing a cell");
    assert_eq!(b.unit_at(cell, None), Some(v));
    assert_eq!(b.unit_at(cell, Some(v)), Some(u));
}

/// After a rollback (a snapshot, commands, back) the caches rebuilt or kept equal a fresh
/// build, and keep equal it as the battle plays on.
#[test]
fn the_caches_after_a_rollback_are_a_fresh_build() {
    for r in RulesetId::ALL {
        let l = crate::sim::random_level(r, GridKind::Hex, 16, 12, 5, 8).expect("level");
        let mut b = Battle::new(l, 6, Vec::new()).expect("battle");
        let play = |b: &mut Battle| {
            let Some(c) = crate::ai::decide(b) else {
                return false;
            };
            build_all(b);
            if b.submit(c).is_err() {
                let f = crate::ai::fallback(b).expect("a fallback");
                b.submit(f).expect("the fallback is legal");
            }
            b.ended.is_none()
        };
        for round in 0..12 {
            for _ in 0..8 {
                if !play(&mut b) {
                    break;
                }
            }
            let s = b.snapshot();
            for _ in 0..4 {
                if !play(&mut b) {
                    break;
                }
            }
            b.rollback(s);
            check(&b, &format!("{r} after rollback {round}"));
            build_all(&b);
            check(&b, &format!("{r} after rollback {round}, built"));
            if b.ended.is_some() {
                break;
            }
        }
    }
}
