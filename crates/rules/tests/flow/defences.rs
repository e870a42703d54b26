//! `flow` (seed 002): defences — Block, Parry (larger attackers, critical parries),
//! Dodge, Riposte.

use skirmish_rules::components::Pool;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;

use crate::support::flow::{arena, attack};
use crate::support::{BOTH, damage, id, since};

use super::{attacks, duel, end, react};

#[test]
fn block_needs_a_shield_and_rolls_endurance() {
    // Sable attacks Brakka (fighter with a shield): d100 40 Normal; Brakka blocks with
    // Endurance 55: d100 20 Hard → blocked.
    let mut b = duel(GridKind::Hex, &[40, 20]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    assert!(b.window().unwrap().options.contains(&ReactionKind::Block));
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Block));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence {
            kind: ReactionKind::Block,
            target_number: 55,
            outcome: Outcome::Hard,
            success: true,
            ..
        }
    )));
    assert!(damage(&ev).is_empty());
    // Sable (no shield) is not offered Block.
    end(&mut b);
    b.dice_force_for_tests(&[40]);
    attack(&mut b, k, s);
    assert_eq!(
        b.window().unwrap().options,
        vec![
            ReactionKind::Dodge,
            ReactionKind::Parry,
            ReactionKind::Riposte
        ]
    );
}

#[test]
fn parrying_a_larger_attacker_counts_it_one_level_higher() {
    // Large brute (Melee 55) vs Medium fighter (Melee 60). Brute d100 40 = Normal;
    // fighter parries d100 50 = Normal; the brute counts as Hard and hits for a normal
    // d12 7.
    let units = r#"Unit(name: "Brute", side: "Red", cell: (2, 2), archetype: "brute"),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 40, 50, 7]);
    let (br, f) = (id(&b, "Brute"), id(&b, "F"));
    attack(&mut b, br, f);
    let start = b.log().len();
    react(&mut b, f, Some(ReactionKind::Parry));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence {
            outcome: Outcome::Success,
            against: Outcome::Hard,
            success: false,
            ..
        }
    )));
    assert_eq!(damage(&ev), vec![(f, 7)], "damage as a Normal success");

    // A Huge attacker cannot be parried by a Medium defender; a Dodge still can.
    let units = r#"Unit(name: "Brute", side: "Red", cell: (2, 2), archetype: "brute", size: Huge),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 40]);
    let (br, f) = (id(&b, "Brute"), id(&b, "F"));
    attack(&mut b, br, f);
    assert_eq!(
        b.window().unwrap().options,
        vec![ReactionKind::Dodge, ReactionKind::Block]
    );
}

#[test]
fn a_critical_parry_regains_its_rp_unless_the_attack_was_critical() {
    // Sable d100 40 (Normal); Brakka parries d100 3 (Critical at Melee 60): RP back.
    let mut b = duel(GridKind::Square, &[40, 3]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Parry));
    assert!(since(&b, start).iter().any(|e| matches!(
        e,
        Event::Refilled {
            pool: Pool::Reaction,
            amount: 1,
            ..
        }
    )));
    assert_eq!(b.rp(k), 2);
    // Sable crits (d100 5); Brakka's critical parry (d100 2) wins the tie but regains
    // nothing.
    let mut b = duel(GridKind::Square, &[5, 2]);
    attack(&mut b, s, k);
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Parry));
    let ev = since(&b, start);
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Refilled {
            pool: Pool::Reaction,
            ..
        }
    )));
    assert!(damage(&ev).is_empty());
    assert_eq!(b.rp(k), 1);
}

#[test]
fn a_crit_against_a_critically_failed_dodge_deals_triple_damage() {
    // Sable crits (d100 5); Brakka dodges and rolls 98 (critical failure); d6 4 → 12.
    let mut b = duel(GridKind::Hex, &[5, 98, 4]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    let start = b.log().len();
    react(&mut b, k, Some(ReactionKind::Dodge));
    assert_eq!(damage(&since(&b, start)), vec![(k, 12)]);
    // Without a defence a crit deals double: d6 4 → 8.
    let mut b = duel(GridKind::Hex, &[5, 4]);
    attack(&mut b, s, k);
    let start = b.log().len();
    react(&mut b, k, None);
    assert_eq!(damage(&since(&b, start)), vec![(k, 8)]);
}

#[test]
fn riposte_parries_then_strikes_back_and_the_counter_cannot_be_riposted() {
    for kind in BOTH {
        // Sable d100 40 Normal; Brakka ripostes: parry d100 20 Hard (wins), then an
        // unmodified counter d100 30 (Hard); Sable may Dodge/Parry but not Riposte;
        // declines; d8 6.
        let mut b = duel(kind, &[40, 20, 30, 6]);
        let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
        attack(&mut b, s, k);
        let start = b.log().len();
        react(&mut b, k, Some(ReactionKind::Riposte));
        assert_eq!(b.rp(k), 0, "Riposte costs 2 RP");
        let w = b.window().unwrap().clone();
        assert_eq!(w.reactor, s);
        assert_eq!(w.options, vec![ReactionKind::Dodge, ReactionKind::Parry]);
        assert!(matches!(
            w.trigger,
            Trigger::IncomingAttack {
                reaction_chain: true,
                ..
            }
        ));
        react(&mut b, s, None);
        let ev = since(&b, start);
        let at = attacks(&ev);
        assert_eq!(at.len(), 1);
        assert_eq!(at[0].1, AttackKind::Riposte);
        assert_eq!(at[0].3, vec!["Melee".to_string()]);
        assert_eq!(damage(&ev), vec![(s, 6)]);
    }
    // With 1 RP there is no Riposte.
    let mut b = duel(GridKind::Hex, &[40, 95, 2, 40]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    attack(&mut b, s, k);
    react(&mut b, k, Some(ReactionKind::Dodge));
    attack(&mut b, s, k);
    assert!(!b.window().unwrap().options.contains(&ReactionKind::Riposte));
}
