//! The mirror of the hot components equals the world: after every event of AI battles of
//! every ruleset on both grids (each battle's log applied again, event by event, to
//! freshly spawned units), for every unit; `Battle::get` answers from it what
//! `World::get` answers, for mirrored components, markers and the rest alike; and a
//! change through `get_mut` reaches both.

use super::*;
use crate::battle::Battle;
use crate::components::{SideId, UnitId, UnitName};
use crate::dice::Dice;
use crate::event::Event;
use crate::grid::GridKind;
use crate::rulesets::RulesetId;

/// `b.get::<C>(u)` equals `world.get::<C>(e)`.
fn same<C: Component + PartialEq>(b: &Battle, u: UnitId) -> bool {
    let e = b.entity(u).expect("a unit");
    b.get::<C>(u) == b.world.get::<C>(e)
}

/// Every unit's mirror is the world's components, and every read answers as the world.
fn check(b: &Battle, at: &str) {
    assert_eq!(b.hot.len(), b.roster.len(), "{at}: one mirror a unit");
    for u in b.units() {
        let e = b.entity(u).expect("a unit");
        assert_eq!(b.hot[u.0 as usize], Hot::of(&b.world, e), "{at}: {u:?}");
        assert!(same::<Loadout>(b, u), "{at}: Loadout of {u:?}");
        assert!(same::<Carry>(b, u), "{at}: Carry of {u:?}");
        assert!(same::<Pools>(b, u), "{at}: Pools of {u:?}");
        assert!(same::<Stats>(b, u), "{at}: Stats of {u:?}");
        assert!(same::<Health>(b, u), "{at}: Health of {u:?}");
        assert!(same::<Size>(b, u), "{at}: Size of {u:?}");
        assert!(same::<Conditions>(b, u), "{at}: Conditions of {u:?}");
        assert!(same::<StatMods>(b, u), "{at}: StatMods of {u:?}");
        assert!(same::<TurnState>(b, u), "{at}: TurnState of {u:?}");
        assert!(same::<Facing>(b, u), "{at}: Facing of {u:?}");
        assert!(same::<Wear>(b, u), "{at}: Wear of {u:?}");
        assert!(same::<Position>(b, u), "{at}: Position of {u:?}");
        assert!(same::<BleedTaken>(b, u), "{at}: BleedTaken of {u:?}");
        assert!(same::<Down>(b, u), "{at}: Down of {u:?}");
        assert!(same::<Hidden>(b, u), "{at}: Hidden of {u:?}");
        assert!(same::<UnitName>(b, u), "{at}: UnitName of {u:?}");
        assert!(same::<SideId>(b, u), "{at}: SideId of {u:?}");
        assert!(same::<UnitId>(b, u), "{at}: UnitId of {u:?}");
    }
}

#[test]
fn the_mirror_is_the_world_after_every_event() {
    let mut kinds = std::collections::HashSet::new();
    for r in RulesetId::ALL {
        for g in [GridKind::Square, GridKind::Hex] {
            let l = crate::sim::random_level(r, g, 18, 14, 6, 17).expect("level");
            let mut b = Battle::new(l, 9, Vec::new()).expect("battle");
            check(&b, &format!("{r} {g} at the start"));
            let mut n = 0;
            for _ in 0..600 {
                if !crate::battle::test_ai::ai_step(&mut b) {
                    break;
                }
                n += 1;
                check(&b, &format!("{r} {g} after command {n}"));
            }
            assert!(n > 20, "{r} {g}: {n} commands");
            // The same log applied again, one event at a time, to units spawned afresh.
            let mut fresh = Battle::spawned(b.rules, b.level.clone(), b.seed, Dice::seeded(0));
            check(&fresh, &format!("{r} {g} spawned"));
            for (i, l) in b.log.iter().enumerate() {
                fresh.apply(&l.event);
                kinds.insert(std::mem::discriminant(&l.event));
                check(&fresh, &format!("{r} {g} after event {i} {:?}", l.event));
            }
        }
    }
    assert!(kinds.len() > 30, "{} kinds of event", kinds.len());
}

/// Hiding, being revealed, going down and coming back set the markers in both; a change
/// through `get_mut` is in both once the edit ends.
#[test]
fn markers_and_edits_reach_both() {
    let l =
        crate::sim::random_level(RulesetId::ALL[0], GridKind::Square, 12, 10, 3, 5).expect("level");
    let mut b = Battle::new(l, 1, Vec::new()).expect("battle");
    let u = UnitId(1);
    for e in [
        Event::Hid { unit: u },
        Event::Down { unit: u },
        Event::Revealed { unit: u, by: None },
        Event::Revived { unit: u },
    ] {
        b.apply(&e);
        check(&b, &format!("after {e:?}"));
    }
    b.apply(&Event::Hid { unit: u });
    b.apply(&Event::Down { unit: u });
    assert!(b.hidden(u) && b.get::<Down>(u).is_some());
    let hp = b.get::<Health>(u).expect("health").hp;
    {
        let mut h = b.get_mut::<Health>(u).expect("health");
        h.hp -= 2;
        assert_eq!(h.hp, hp - 2, "the edit reads what it wrote");
    }
    assert_eq!(b.get::<Health>(u).map(|h| h.hp), Some(hp - 2));
    check(&b, "after an edit");
    // Out of the roster: nothing, as the world says of an unknown unit.
    assert!(b.get::<Health>(UnitId(999)).is_none());
    assert!(b.get::<UnitName>(UnitId(999)).is_none());
}

/// The components' own `clone_from` (kept allocations) copies as `clone` does, onto a
/// value longer or shorter than the source: every unit's, at the end of an AI battle,
/// onto every other unit's.
#[test]
fn clone_from_copies_as_clone() {
    fn both<C: Clone + PartialEq + std::fmt::Debug>(all: &[C]) {
        for a in all {
            for b in all {
                let mut x = b.clone();
                x.clone_from(a);
                assert_eq!(&x, a);
            }
        }
    }
    let l =
        crate::sim::random_level(RulesetId::ALL[0], GridKind::Hex, 18, 14, 6, 3).expect("level");
    let mut b = Battle::new(l, 4, Vec::new()).expect("battle");
    for _ in 0..80 {
        let Some(c) = crate::ai::decide(&b) else {
            break;
        };
        if b.submit(c).is_err() {
            break;
        }
    }
    let hot: Vec<&Hot> = b.hot.iter().collect();
    both(
        &hot.iter()
            .filter_map(|h| h.pools.clone())
            .collect::<Vec<_>>(),
    );
    both(
        &hot.iter()
            .filter_map(|h| h.conditions.clone())
            .collect::<Vec<_>>(),
    );
    both(
        &hot.iter()
            .filter_map(|h| h.carry.clone())
            .collect::<Vec<_>>(),
    );
    both(
        &hot.iter()
            .filter_map(|h| h.loadout.clone())
            .collect::<Vec<_>>(),
    );
    both(
        &hot.iter()
            .filter_map(|h| h.stat_mods.clone())
            .collect::<Vec<_>>(),
    );
    assert!(
        hot.iter().any(|h| h.pools != hot[0].pools),
        "pools differ somewhere"
    );
}
