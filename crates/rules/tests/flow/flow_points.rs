//! `flow` (seed 002): Feint and the Flow economy — FP gained and decaying, RP refreshed.

use skirmish_rules::Illegal;
use skirmish_rules::components::ConditionKind;
use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;

use crate::support::flow::{arena, attack};
use crate::support::{id, since};

use super::{act, duel, end, react};

#[test]
fn feint_gives_advantage_on_the_next_attack_once_per_round() {
    // Sable feints (Deception 50 vs Melee 60 → she rolls Melee 60: best of Melee and
    // Deception): d100 10 Major vs Brakka's Melee d100 50 Normal → success.
    // Then her attack rolls 2d100 keep lowest: 70, 20 → 20 (Hard).
    let mut b = duel(GridKind::Hex, &[10, 50, 70, 20]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    let start = b.log().len();
    act(&mut b, s, FlowAction::Feint { target: k }).unwrap();
    react(&mut b, k, None); // resist with the better skill (the default)
    assert!(b.has(k, ConditionKind::Feinted));
    assert!(since(&b, start).iter().any(|e| matches!(
        e,
        Event::Contest {
            purpose: CheckPurpose::Feint,
            active_wins: true,
            ..
        }
    )));
    assert!(matches!(
        act(&mut b, s, FlowAction::Feint { target: k }),
        Err(Illegal::OncePerRound { .. })
    ));
    let start = b.log().len();
    attack(&mut b, s, k);
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Attack { roll, outcome: Outcome::Hard, .. } if roll.faces == vec![70, 20]
    )));
    assert!(!b.has(k, ConditionKind::Feinted), "the advantage is spent");
}

#[test]
fn flow_state_keeps_fp_through_the_end_of_turn() {
    let mut b = duel(GridKind::Square, &[]);
    let s = id(&b, "Sable");
    assert_eq!(b.fp(s), 2);
    act(&mut b, s, FlowAction::FlowState).unwrap();
    assert_eq!(b.ap(s), 4);
    end(&mut b);
    assert_eq!(b.fp(s), 2, "no decay after Flow State");
    let k = id(&b, "Brakka");
    end(&mut b);
    assert_eq!(b.fp(k), 1, "decay without it");
}

#[test]
fn fp_economy_start_hit_crit_kill_decay_and_rp_refresh() {
    // Sable crits Brakka (d100 5), no defence, d6 4 ×2 = 8: +3 FP.
    let mut b = duel(GridKind::Hex, &[5, 4]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    assert_eq!((b.fp(s), b.fp(k)), (2, 2), "2 FP at the start of combat");
    attack(&mut b, s, k);
    react(&mut b, k, None);
    assert_eq!(b.fp(s), 5);
    // A normal hit (d100 40), no defence, d6 3: +2.
    b.dice_force_for_tests(&[40, 3]);
    attack(&mut b, s, k);
    react(&mut b, k, None);
    assert_eq!(b.fp(s), 7);
    // 1 AP left; a step spends it and the turn ends by itself: −1 decay.
    act(
        &mut b,
        s,
        FlowAction::Step {
            to: Cell::new(4, 2),
        },
    )
    .unwrap();
    assert_eq!(b.current(), Some(k), "the turn ends when AP run out");
    assert_eq!(b.fp(s), 6);

    // A killing blow: +1 on top of the hit.
    let units = r#"Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter", hp: 3),
        Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[1, 10, 40, 5]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    react(&mut b, k, None);
    assert!(!b.alive(k));
    assert_eq!(b.fp(s), 2 + 2 + 1);
}

#[test]
fn rp_refresh_at_the_start_of_the_own_turn() {
    // Sable attacks twice; Brakka dodges both (d100 40, 95; 40, 95) and is at 0 RP.
    let mut b = duel(GridKind::Hex, &[40, 95, 1, 40, 95, 1]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    react(&mut b, k, Some(ReactionKind::Dodge));
    attack(&mut b, s, k);
    react(&mut b, k, Some(ReactionKind::Dodge));
    assert_eq!(b.rp(k), 0);
    end(&mut b);
    assert_eq!(b.current(), Some(k));
    assert_eq!(b.rp(k), 2);
}
