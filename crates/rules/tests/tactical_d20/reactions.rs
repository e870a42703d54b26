//! `tactical-d20` (seed 004): reactions — Opportunity Attack, Pursuit, Side Step, Wait.

use skirmish_rules::Illegal;
use skirmish_rules::components::{ConditionKind, Slot};
use skirmish_rules::event::{AttackKind, Event, ReactionKind, Spend};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use crate::support::d20::arena;
use crate::support::{BOTH, damage, id, offers, since};

use super::{act, end, grubs_turn, mv, react, slots_used, swings};

#[test]
fn leaving_threatened_cells_provokes_once_per_movement() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        // Grub walks around Corwin: several threatened cells, one offer.
        let n = b.log().len();
        mv(&mut b, g, 4, 3).unwrap();
        react(&mut b, c, None);
        assert_eq!(b.pos(g), Cell::new(4, 3));
        // The rest of the same movement leaves another threatened cell: no new offer.
        mv(&mut b, g, 3, 4).unwrap();
        let o = offers(&since(&b, n));
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].1[0], ReactionKind::ReactionAttack);
        // A new movement (the Standard action traded down) provokes again.
        let n = b.log().len();
        mv(&mut b, g, 9, 4).unwrap();
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Move)]);
        assert_eq!(offers(&ev).len(), 1);
    }
}

#[test]
fn an_opportunity_attack_has_no_penalty_and_the_reaction_is_spent_for_the_round() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[12, 3]);
        let n = b.log().len();
        mv(&mut b, g, 8, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        let s = swings(&ev);
        assert_eq!(s[0].1, AttackKind::Reaction);
        assert_eq!(s[0].3, 12 + 5, "no slot penalty");
        assert_eq!(damage(&ev), [(g, 3 + 3)]);
        assert_eq!(b.rp(c), 0);
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Back past Corwin: no Reaction left, no offer.
        let n = b.log().len();
        mv(&mut b, g, 5, 4).unwrap();
        mv(&mut b, g, 5, 7).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
    }
}

#[test]
fn pursuit_follows_a_foe_leaving_the_threatened_area_at_half_speed() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let n = b.log().len();
        mv(&mut b, g, 10, 4).unwrap();
        let o = offers(&since(&b, n));
        assert_eq!(
            o[0].1,
            [ReactionKind::ReactionAttack, ReactionKind::Pursuit]
        );
        react(&mut b, c, Some(ReactionKind::Pursuit));
        let ev = since(&b, n);
        // Once Grub's movement is over, Corwin moves 3 cells (half of 6) for free.
        let corwin_steps: Vec<u32> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Moved { unit, cost, .. } if *unit == c => Some(*cost),
                _ => None,
            })
            .collect();
        assert_eq!(corwin_steps, [0, 0, 0]);
        assert_eq!(b.pos(c), Cell::new(7, 4));
        assert_eq!(b.pos(g), Cell::new(10, 4));
    }
}

#[test]
fn a_side_step_is_a_quick_action_that_never_provokes() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let _ = c;
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Step {
                to: Cell::new(6, 4),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert!(offers(&ev).is_empty());
        assert_eq!(slots_used(&ev), [(Slot::Quick, Spend::SideStep)]);
        let e = act(
            &mut b,
            g,
            TacticalD20Action::Step {
                to: Cell::new(8, 4),
            },
        )
        .unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "5 ft only: {e}");
    }
}

#[test]
fn wait_holds_the_standard_action_as_a_reaction_against_a_foe_entering_reach() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(&mut b, c, TacticalD20Action::Wait).unwrap();
        assert_eq!(b.rp(c), 2, "an extra Reaction");
        end(&mut b);
        b.dice_force_for_tests(&[15, 2]);
        let n = b.log().len();
        mv(&mut b, g, 3, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::WaitedAttack));
        let ev = since(&b, n);
        assert_eq!(offers(&ev)[0].1, [ReactionKind::WaitedAttack]);
        assert_eq!(damage(&ev), [(g, 2 + 3)]);
        assert!(!b.has(c, ConditionKind::Waiting));
        // The normal Reaction is still there for an opportunity attack.
        assert_eq!(b.rp(c), 1);
    }
}
