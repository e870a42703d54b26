//! Issue 34, session 22 (s22-counters): counters' scans of the whole army made local.
//!
//! * `defence::defenders` asks the cell index for the target's neighbours and puts its
//!   allies in turn order, instead of asking every unit of the order: compared with the
//!   order's own answer at every state of seeded battles, for every living unit.
//! * `status::release_grapples_near` (after a step, a hit, a `Deal` frame) looks for a
//!   grapple near the unit that moved or was hit before scanning everyone: battles played
//!   with the look and with the full scan every time (`set_full_grapple_scans`) give the
//!   same events, grapples laid and released included.
//! * `CountersAi::may_cast` (the `AiTactics::may_cast` hook): where it says no ability
//!   may be used, `ai::cast::best_cast_with` finds none, at every turn state of seeded
//!   battles with casters, wrestlers and enchanters.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::event::Event;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::AiTactics;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::counters::{CountersAi, defenders, set_full_grapple_scans};
use skirmish_rules::sim;

/// `defenders` as it was: the target, then every living ally within 1 of it, in the
/// order's order.
fn defenders_slow(b: &Battle, target: UnitId) -> Vec<UnitId> {
    let mut v = vec![target];
    let at = b.pos(target);
    v.extend(b.order().iter().copied().filter(|&a| {
        a != target && b.alive(a) && !b.enemies(a, target) && b.grid().distance(b.pos(a), at) <= 1
    }));
    v
}

/// A counters battle of `per_side` units a side on a `size`×`size` map.
fn battle(kind: GridKind, size: usize, per_side: usize, seed: u64) -> Battle {
    let forced = ["wrestler"; 12];
    let l = sim::random_level_with(
        RulesetId::Counters,
        kind,
        size,
        size,
        per_side,
        seed,
        &forced,
    )
    .unwrap();
    Battle::new(l, seed, Vec::new()).unwrap()
}

/// Grapples laid and released in a log.
fn grapples(b: &Battle) -> (usize, usize) {
    let mut n = (0, 0);
    for l in b.log() {
        match &l.event {
            Event::ConditionAdded {
                kind: ConditionKind::Grappled,
                ..
            } => n.0 += 1,
            Event::ConditionRemoved {
                kind: ConditionKind::Grappled,
                ..
            } => n.1 += 1,
            _ => {}
        }
    }
    n
}

/// Play a battle of 30 a side (60 units: more than the 48 below which the full scan is
/// made anyway), a wrestler grappling a foe beside it whenever its turn starts with one
/// there, the AI playing every other command; at every state, `defenders` is checked
/// against the whole order's answer for every living unit. Returns the battle.
fn play(kind: GridKind, seed: u64, full: bool) -> (Battle, usize) {
    set_full_grapple_scans(full);
    let mut b = battle(kind, 32, 30, seed);
    let (mut last, mut states) = (None, 0);
    for _ in 0..30_000 {
        let Some(u) = b.current() else { break };
        if last != Some(u) && b.window().is_none() {
            last = Some(u);
            crate::support::grapple_beside(&mut b, u);
        }
        for v in b.units().filter(|&v| b.alive(v)) {
            assert_eq!(defenders(&b, v), defenders_slow(&b, v), "{v:?}");
        }
        states += 1;
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    set_full_grapple_scans(false);
    (b, states)
}

/// The same battles with the look near the unit and with the full scan every time, on
/// both grids: the same events to the last, grapples laid and released among them (a
/// grappler moving off, going down, its foe walking free), and `defenders` the order's.
#[test]
fn grapples_end_as_with_the_full_scan_and_defenders_are_the_orders() {
    let (mut laid, mut released, mut states) = (0, 0, 0);
    for (kind, seed) in [(GridKind::Hex, 3), (GridKind::Square, 5)] {
        let (near, n) = play(kind, seed, false);
        let (full, _) = play(kind, seed, true);
        assert_eq!(near.log().len(), full.log().len(), "{kind:?} {seed}");
        for (i, (a, c)) in near.log().iter().zip(full.log()).enumerate() {
            assert_eq!(a, c, "{kind:?} {seed}: event {i}");
        }
        let (l, r) = grapples(&near);
        laid += l;
        released += r;
        states += n;
    }
    eprintln!("{laid} grapples laid, {released} released, {states} states");
    assert!(laid > 20, "{laid} grapples laid");
    assert!(released > 5, "{released} released");
}

/// Where counters' `may_cast` says no, the shared AI's cast search finds nothing (it is
/// skipped then), at every turn state of 8 v 8 battles with a battlemage, an enchanter
/// and a wrestler a side (the bench's caster and the other ability users), on both
/// grids; both answers occur, and some casts are found where it says yes.
#[test]
fn no_cast_is_found_where_may_cast_says_no() {
    let forced = ["battlemage", "enchanter", "wrestler"];
    let (mut no, mut yes, mut found) = (0, 0, 0);
    for (kind, seed) in [
        (GridKind::Square, 1000),
        (GridKind::Hex, 1001),
        (GridKind::Square, 1002),
    ] {
        let l =
            sim::random_level_with(RulesetId::Counters, kind, 24, 24, 8, seed, &forced).unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..5_000 {
            if let Some(u) = b.current()
                && b.window().is_none()
            {
                let foes: Vec<UnitId> = b
                    .units()
                    .filter(|&e| b.alive(e) && b.enemies(u, e) && !b.hidden(e))
                    .collect();
                let cast = ai::cast::best_cast_with(&b, u, &foes, &CountersAi);
                if CountersAi.may_cast(&b, u) {
                    yes += 1;
                    found += usize::from(cast.is_some());
                } else {
                    no += 1;
                    assert!(cast.is_none(), "{u:?}: {cast:?} though may_cast says no");
                }
            }
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    eprintln!("may_cast: {no} no, {yes} yes, {found} casts found");
    assert!(no > 100 && yes > 100, "{no} no, {yes} yes");
    assert!(found > 5, "{found} casts found");
}
