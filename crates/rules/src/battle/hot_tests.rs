//! `Battle::get` through the query states answers as `World::get` does: the same
//! component (the same place in the world) for every unit, hot component and command of
//! AI battles of every ruleset; and a state that has not seen an archetype yet falls
//! back to `World::get` rather than answering wrong.

use super::*;
use crate::battle::Battle;
use crate::components::{BleedTaken, Down, Hidden, UnitId, UnitName};
use crate::grid::GridKind;
use crate::rulesets::RulesetId;

/// `b.get::<C>(u)` is `world.get::<C>(e)`, the same reference.
fn same<C: Component>(b: &Battle, u: UnitId) -> bool {
    let e = b.entity(u).expect("a unit");
    match (b.get::<C>(u), b.world.get::<C>(e)) {
        (Some(x), Some(y)) => std::ptr::eq(x, y),
        (None, None) => true,
        _ => false,
    }
}

/// Every hot component and two that are not, for every unit.
fn check(b: &Battle, at: &str) {
    for u in b.units() {
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
        assert!(same::<BleedTaken>(b, u), "{at}: BleedTaken of {u:?}");
        assert!(same::<UnitName>(b, u), "{at}: UnitName of {u:?}");
        assert!(same::<Down>(b, u), "{at}: Down of {u:?}");
        assert!(same::<Hidden>(b, u), "{at}: Hidden of {u:?}");
    }
}

/// The states answer themselves (not through the fallback), whether the unit has the
/// component or not, for every unit once `apply` has updated them.
fn answered_by_states(b: &Battle) -> bool {
    let (h, w) = (&b.hot, &b.world);
    b.units().all(|u| {
        let e = b.entity(u).expect("a unit");
        via::<Loadout, Loadout>(h, &h.loadout, w, e).is_some()
            && via::<Pools, Pools>(h, &h.pools, w, e).is_some()
            && via::<Conditions, Conditions>(h, &h.conditions, w, e).is_some()
            && via::<StatMods, StatMods>(h, &h.stat_mods, w, e).is_some()
            && via::<Wear, Wear>(h, &h.wear, w, e).is_some()
            && via::<Facing, Facing>(h, &h.facing, w, e).is_some()
    })
}

#[test]
fn reads_through_the_states_are_the_worlds() {
    // Every ruleset, on both grids between them.
    let grids = [GridKind::Square, GridKind::Hex];
    let battles = RulesetId::ALL.iter().zip(grids.iter().cycle());
    for (&r, &g) in battles {
        let l = crate::sim::random_level(r, g, 18, 14, 6, 17).expect("level");
        let mut b = Battle::new(l, 9, Vec::new()).expect("battle");
        check(&b, &format!("{r} at the start"));
        let mut n = 0;
        for _ in 0..600 {
            let Some(c) = crate::ai::decide(&b) else {
                break;
            };
            if b.submit(c).is_err() {
                let f = crate::ai::fallback(&b).expect("a fallback");
                b.submit(f).expect("the fallback is legal");
            }
            n += 1;
            check(&b, &format!("{r} {g} after command {n}"));
            assert!(answered_by_states(&b), "{r} {g} after command {n}");
        }
        assert!(n > 20, "{r} {g}: {n} commands");
    }
}

#[test]
fn an_archetype_the_states_have_not_seen_is_read_from_the_world() {
    let l =
        crate::sim::random_level(RulesetId::ALL[0], GridKind::Square, 12, 10, 3, 5).expect("level");
    let mut b = Battle::new(l, 1, Vec::new()).expect("battle");
    let u = UnitId(0);
    let e = b.entity(u).expect("a unit");
    // A component no unit had: the unit moves to an archetype no state has seen.
    b.world.entity_mut(e).insert(BleedTaken(3));
    assert!(b.hot.loadout.get_manual(&b.world, e).is_err());
    assert!(via::<Wear, Wear>(&b.hot, &b.hot.wear, &b.world, e).is_none());
    check(&b, "before the update");
    assert!(b.get::<Loadout>(u).is_some_and(|l| !l.0.is_empty()));
    b.hot.update(&b.world);
    assert!(b.hot.loadout.get_manual(&b.world, e).is_ok());
    check(&b, "after the update");
}
