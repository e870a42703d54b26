//! counters, issue 36 follow-up: a unit's grapple ends when its grappler goes down or
//! the two are separated (5e's reading, `docs/rules/counters.md`, "When a grapple
//! ends"), through `Battle::submit` with forced dice on both grids.

use skirmish_rules::components::ConditionKind;
use skirmish_rules::engine::{CastAt, Command};
use skirmish_rules::event::Event;
use skirmish_rules::grid::Cell;

use crate::counters_spells::{cast, spell_field};
use crate::support::{BOTH, decline_all, id, since};

const HOLD: &str = r#"Unit(name: "Wrestler", side: "Red", cell: (3, 3), archetype: "wrestler"),
    Unit(name: "Runner", side: "Blue", cell: (4, 3), archetype: "runner")"#;

// 5e: "The condition ends if … an effect removes the grappled creature from the reach of
// the grappler": the wrestler grapples the runner (15 + 3 + 2 = 20 against 16), then
// walks off west; the grapple ends the step it leaves the runner's side, not before.
#[test]
fn a_grapple_ends_when_the_grappler_walks_away() {
    for kind in BOTH {
        let mut b = spell_field(kind, HOLD, "", &[20, 1, 15]);
        let (w, r) = (id(&b, "Wrestler"), id(&b, "Runner"));
        cast(&mut b, w, "Grapple", CastAt::Unit(r));
        assert_eq!(b.condition_source(r, ConditionKind::Grappled), Some(w));
        let n = b.log().len();
        b.submit(Command::Move {
            unit: w,
            to: Cell::new(1, 3),
        })
        .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        // The runner may strike at it leaving (declined): held, it may still react.
        decline_all(&mut b);
        let ev = since(&b, n);
        let removed: Vec<&Event> = ev
            .iter()
            .filter(|e| matches!(e, Event::ConditionRemoved { .. }))
            .collect();
        assert_eq!(
            removed,
            [&Event::ConditionRemoved {
                unit: r,
                kind: ConditionKind::Grappled,
                source: None,
            }],
            "{kind:?}: {ev:#?}"
        );
        assert!(!b.has(r, ConditionKind::Grappled), "{kind:?}");
        assert_eq!(b.pos(w), Cell::new(1, 3));
        assert_eq!(b.forced_dice_left(), 0);
    }
}

// While the grappler stays beside it, nothing ends the grapple but an escape: the
// wrestler grapples, ends its turn, and the runner is still Grappled on its own turn.
#[test]
fn a_grapple_holds_while_the_grappler_stays_beside() {
    for kind in BOTH {
        let mut b = spell_field(kind, HOLD, "", &[20, 1, 15]);
        let (w, r) = (id(&b, "Wrestler"), id(&b, "Runner"));
        cast(&mut b, w, "Grapple", CastAt::Unit(r));
        b.submit(Command::EndTurn { unit: w }).unwrap();
        assert_eq!(b.current(), Some(r));
        assert!(b.has(r, ConditionKind::Grappled), "{kind:?}");
    }
}

// 5e: "The condition ends if the grappler is incapacitated": the wrestler grapples the
// runner, then steps onto a trap still beside it (declining the counteraction) and takes
// 10d10 = 100: down, and the runner is free though they are still side by side.
#[test]
fn a_grapple_ends_when_the_grappler_goes_down() {
    let trap = r#", hazards: [Hazard(cell: (4, 2), kind: Trap(dc: 12, damage: "10d10"))]"#;
    for kind in BOTH {
        let mut dice = vec![20, 1, 15];
        dice.extend([10; 10]);
        let mut b = spell_field(kind, HOLD, trap, &dice);
        let (w, r) = (id(&b, "Wrestler"), id(&b, "Runner"));
        cast(&mut b, w, "Grapple", CastAt::Unit(r));
        assert!(b.has(r, ConditionKind::Grappled));
        let n = b.log().len();
        b.submit(Command::Move {
            unit: w,
            to: Cell::new(4, 2),
        })
        .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        decline_all(&mut b);
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Down { unit: w }), "{kind:?}: {ev:#?}");
        assert_eq!(b.grid().distance(Cell::new(4, 2), b.pos(r)), 1);
        assert!(
            ev.contains(&Event::ConditionRemoved {
                unit: r,
                kind: ConditionKind::Grappled,
                source: None,
            }),
            "{kind:?}: {ev:#?}"
        );
        assert!(!b.has(r, ConditionKind::Grappled), "{kind:?}");
    }
}
