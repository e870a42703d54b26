//! counters (seed 000), issue 36 wave 4: "Beat the DC or contested roll of the source" —
//! a grapple made by a unit (the wrestler's `Grapple`, no spell) is escaped by a contest
//! (`docs/rules/counters.md`, "Contested escape"), through `Battle::submit` with forced
//! dice on both grids.

use skirmish_rules::components::{ConditionKind, Pool};
use skirmish_rules::engine::CastAt;
use skirmish_rules::event::{CheckPurpose, Event, Outcome};
use skirmish_rules::rulesets::counters::EndPay;

use crate::counters_hazards::{end, end_status};
use crate::counters_spells::{cast, checks, spell_field};
use crate::support::{BOTH, id, since};

const HOLD: &str = r#"Unit(name: "Wrestler", side: "Red", cell: (3, 3), archetype: "wrestler"),
    Unit(name: "Runner", side: "Blue", cell: (4, 3), archetype: "runner")"#;

// "To end an escapable effect (e.g., Grappled, …): Spend one of: 2 SD, 20ft movement,
// 1 SD + 10ft movement. Then: Roll 1d20 + appropriate ability modifier (+ proficiency if
// applicable); Beat the DC or contested roll of the source." The wrestler's grapple is
// no spell (no counterspell is offered; its attack is d20 + Strength + proficiency); the
// runner escapes by beating the wrestler's 1d20 + Str 3 + prof 2 rolled then; a tie holds.
#[test]
fn a_grapple_by_a_unit_is_escaped_by_a_contest_that_a_tie_does_not_win() {
    for kind in BOTH {
        // Initiative 20 and 1. Grapple: 15 + 3 + 2 = 20 vs Passive Dodge 14 + 2.
        // Escapes: 12 vs 9 + 5; 16 vs 11 + 5 (a tie); strained 2d20 [18, 19] → 18 vs 5 + 5.
        let dice = [20, 1, 15, 12, 9, 16, 11, 18, 19, 5];
        let mut b = spell_field(kind, HOLD, "", &dice);
        let (w, r) = (id(&b, "Wrestler"), id(&b, "Runner"));
        let n = b.log().len();
        cast(&mut b, w, "Grapple", CastAt::Unit(r));
        assert!(b.window().is_none(), "no counterspell against a grapple");
        let hit = since(&b, n).into_iter().find_map(|e| match e {
            Event::Attack { roll, .. } => Some(roll.total),
            _ => None,
        });
        assert_eq!(hit, Some(20));
        assert_eq!(b.condition_source(r, ConditionKind::Grappled), Some(w));
        end(&mut b);
        // 1 SD + 10 ft: 12 + Str 0 against the wrestler's 14: held.
        let n = b.log().len();
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::DieAndMove10).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::BreakFree),
            [(r, 12, 14, Outcome::Failure), (w, 14, 12, Outcome::Success)]
        );
        assert!(ev.contains(&Event::Contest {
            purpose: CheckPurpose::BreakFree,
            active: r,
            passive: w,
            active_wins: false,
        }));
        assert!(b.has(r, ConditionKind::Grappled));
        // 20 ft: 16 against 16: a tie, the grapple holds.
        let n = b.log().len();
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::Move20).unwrap();
        assert_eq!(
            checks(&since(&b, n), CheckPurpose::BreakFree),
            [(r, 16, 16, Outcome::Failure), (w, 16, 16, Outcome::Success)]
        );
        assert!(b.has(r, ConditionKind::Grappled));
        // 2 SD (the round's third die, over its cap of 2: strained): 18 against 10: free.
        let n = b.log().len();
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::TwoDice).unwrap();
        assert_eq!(
            checks(&since(&b, n), CheckPurpose::BreakFree),
            [(r, 18, 10, Outcome::Success), (w, 10, 18, Outcome::Failure)]
        );
        assert!(!b.has(r, ConditionKind::Grappled));
        assert_eq!((b.pool(r, Pool::SkillDice), b.move_left(r)), (0, 0));
        assert_eq!(
            b.forced_dice_left(),
            0,
            "both sides' dice rolled and logged"
        );
    }
}

// A grapple from a spell (Grasping Hand) keeps its DC: one check, no contest.
#[test]
fn a_grapple_from_a_spell_keeps_the_casters_dc() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Runner", side: "Blue", cell: (4, 3), archetype: "runner")"#;
        let mut b = spell_field(kind, units, "", &[20, 5, 15, 15]);
        let (m, r) = (id(&b, "Mage"), id(&b, "Runner"));
        cast(&mut b, m, "Grasping Hand", CastAt::Unit(r));
        crate::counters::counter(&mut b, r, None, 0, 0);
        end(&mut b);
        let n = b.log().len();
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::Move20).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::BreakFree),
            [(r, 15, 15, Outcome::Success)]
        );
        assert!(!ev.iter().any(|e| matches!(e, Event::Contest { .. })));
        assert!(!b.has(r, ConditionKind::Grappled));
    }
}
