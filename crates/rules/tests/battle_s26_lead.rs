//! Issue 34, session 26 (the lead): in a battle of two sides `Battle::visible_foes` walks
//! the other side's list of units (kept by the cell index, a summon joining its side's
//! list) rather than the whole army; with more sides it walks every unit. Both are
//! compared with the filter of every unit by life, side and `hidden` at every state and
//! after every event of melee-zone's caster battles (summons join the lists) and of a
//! random battle of every ruleset with a third side added (the walk of every unit).

use skirmish_rules::Battle;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::rulesets::RulesetId;

/// Asserts every unit's visible foes are the filter; how many units were asked.
fn compare(b: &Battle) -> usize {
    let units: Vec<UnitId> = b.units().collect();
    for &u in &units {
        crate::support::visible_foes_are_the_filter(b, u, "");
    }
    units.len()
}

/// Two sides, summons joining them: the other side's list is the filter.
#[test]
fn visible_foes_from_the_other_sides_list_are_the_filter_with_summons() {
    let (mut states, mut most) = (0, 0);
    let first = crate::support::melee_zone_caster_levels()
        .first()
        .map(|(_, _, l)| l.units.len())
        .unwrap_or(0);
    crate::support::at_every_state_of_caster_battles(|b| {
        states += 1;
        most = most.max(compare(b));
    });
    assert!(states > 500, "{states} states");
    assert!(
        most > first,
        "no summon joined a side ({most} units at most)"
    );
}

/// Three sides (a third made of every fourth unit): the walk of every unit is the filter.
#[test]
fn visible_foes_of_three_sides_are_the_filter() {
    for r in RulesetId::ALL {
        let mut l =
            skirmish_rules::sim::random_level(r, skirmish_rules::grid::GridKind::Hex, 20, 20, 6, 9)
                .unwrap();
        let mut third = l.sides[0].clone();
        third.name = "Third".into();
        l.sides.push(third);
        let side = SideId(l.sides.len() as u32 - 1);
        for d in l.units.iter_mut().step_by(4) {
            d.side = side;
        }
        let mut states = 0;
        crate::support::at_every_state(l, 9, |b| {
            states += 1;
            compare(b);
        });
        assert!(states > 50, "{r:?}: {states} states");
    }
}
