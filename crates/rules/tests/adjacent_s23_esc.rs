//! Issue 34, session 23 (escalation): the units next to a cell come from the cell index
//! cell by cell (`esc::next_to`), not from `Battle::units_within`'s list, and engagement
//! is asked without building the list of engaged enemies
//! (`esc::engaged_with_other_than`). Both must give what the list gave: checked here at
//! every command of seeded AI battles on both grids, for every cell of the map and every
//! unit.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::escalation as esc;
use skirmish_rules::sim;

/// The units next to `c` as they were found before: `units_within(c, 1)` (living, in
/// level order), less those on `c`.
fn listed(b: &Battle, c: Cell) -> Vec<UnitId> {
    let mut near = b.units_within(c, 1);
    near.retain(|&x| b.grid().distance(c, b.pos(x)) == 1);
    near
}

/// The enemies engaged with `u` as they were found before.
fn engaged_listed(b: &Battle, u: UnitId) -> Vec<UnitId> {
    let mut near = listed(b, b.pos(u));
    near.retain(|&e| e != u && b.alive(e) && b.enemies(u, e) && !esc::popped_off(b, u, e));
    near
}

#[derive(Debug, Default)]
struct Seen {
    cells: usize,
    crowded: usize,
    engaged: usize,
}

fn compare_now(b: &Battle, seen: &mut Seen) {
    let g = b.grid();
    for y in -1..=g.height {
        for x in -1..=g.width {
            let c = Cell::new(x, y);
            let near = esc::next_to(b, c);
            assert_eq!(&*near, listed(b, c).as_slice(), "next to {c:?}");
            seen.cells += 1;
            if near.len() >= 2 {
                seen.crowded += 1;
            }
        }
    }
    let units: Vec<UnitId> = b.units().collect();
    for &u in &units {
        let list = engaged_listed(b, u);
        assert_eq!(esc::engaged_enemies(b, u), list, "engaged with {u:?}");
        assert_eq!(esc::engaged(b, u), !list.is_empty(), "{u:?} engaged");
        for except in std::iter::once(None).chain(units.iter().map(|&e| Some(e))) {
            assert_eq!(
                esc::engaged_with_other_than(b, u, except),
                list.iter().any(|&e| Some(e) != except),
                "{u:?} engaged with any but {except:?}"
            );
        }
        if !list.is_empty() {
            seen.engaged += 1;
        }
    }
}

/// At every command of AI battles on both grids (a caster among them), every cell of
/// the map and a ring off it: the same units in the same order; every unit, the same
/// engaged enemies, and the same answer to "engaged with any but this one?".
#[test]
fn units_next_to_a_cell_and_engagement_match_the_listed_units() {
    let mut total = Seen::default();
    for (kind, seed) in [
        (GridKind::Square, 3),
        (GridKind::Hex, 5),
        (GridKind::Hex, 8),
        (GridKind::Square, 13),
    ] {
        let l = sim::random_level_with(RulesetId::Escalation, kind, 16, 14, 6, seed, &["wizard"])
            .or_else(|_| sim::random_level(RulesetId::Escalation, kind, 16, 14, 6, seed))
            .unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..300 {
            compare_now(&b, &mut total);
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(total.crowded > 1_000, "{total:?}");
    assert!(total.engaged > 500, "{total:?}");
}

/// `esc::lasting_effects` as it was worked out before: the log walked back to `u`'s
/// last use of power `i`, the conditions it laid sourced to `u` with a duration tied to
/// it gathered up to `u`'s next cast, those still borne kept.
fn lasting_walked(
    b: &Battle,
    u: UnitId,
    i: usize,
) -> Vec<(UnitId, skirmish_rules::components::ConditionKind)> {
    use skirmish_rules::components::{Conditions, Duration};
    use skirmish_rules::event::Event;
    let log = b.log();
    let Some(start) = log.iter().rposition(
        |l| matches!(l.event, Event::Cast { unit, ability, .. } if unit == u && ability == i),
    ) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for l in &log[start + 1..] {
        match &l.event {
            Event::Cast { unit, .. } if *unit == u => break,
            Event::ConditionAdded {
                unit: t,
                kind,
                duration: Duration::UntilRemoved,
                source: Some(s),
            } if *s == u && !out.contains(&(*t, *kind)) => out.push((*t, *kind)),
            _ => {}
        }
    }
    out.retain(|&(t, k)| {
        b.get::<Conditions>(t)
            .is_some_and(|c| c.0.iter().any(|c| c.kind == k && c.source == Some(u)))
    });
    out
}

/// The lasting effects of every power of every unit at every command of AI battles with
/// hobgoblins (Menacing Glare: Sustain 11) on both grids: the early answer (no unit
/// bears a condition the user laid) gives what the walk through the log gives.
#[test]
fn lasting_effects_match_the_walk_through_the_log_at_every_command() {
    let (mut asked, mut lasting) = (0, 0);
    for (kind, seed) in [
        (GridKind::Square, 4),
        (GridKind::Hex, 7),
        (GridKind::Hex, 11),
    ] {
        let l = sim::random_level_with(
            RulesetId::Escalation,
            kind,
            16,
            14,
            6,
            seed,
            &["hobgoblin", "hobgoblin"],
        )
        .unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..300 {
            for u in b.units() {
                for i in 0..b.abilities(u).len() {
                    let walked = lasting_walked(&b, u, i);
                    assert_eq!(esc::lasting_effects(&b, u, i), walked, "{u:?} power {i}");
                    asked += 1;
                    lasting += usize::from(!walked.is_empty());
                }
            }
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(
        asked > 5_000 && lasting > 20,
        "{asked} asked, {lasting} lasting"
    );
}
