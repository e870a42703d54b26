//! `escalation` (seed 001): the attack roll — 3d6 + Level + Volition + escalation vs AC,
//! hit on ≥, 17+ crit, 3 crit fail, miss damage, resistance — and Advantage and
//! Disadvantage (an extra d6 each, highest or lowest three kept; cancelling).

use skirmish_rules::components::Slot;
use skirmish_rules::event::{Event, Outcome};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::escalation::{self as esc};

use crate::support::{BOTH, id, since};

use super::{DUEL, attack, damage, field, swings};

#[test]
fn an_attack_is_3d6_plus_level_and_volition_and_hits_on_matching_the_defence() {
    for kind in BOTH {
        // 3+4+3 = 10, +2 Level +3 Volition = 15 against AC 15: a hit. Damage: the stance's
        // die (longsword d8) × Level 2, + Volition 3: 5 + 6 + 3 = 14.
        let mut b = field(kind, DUEL, &[3, 4, 3, 5, 6]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        assert_eq!(b.current(), Some(f));
        let n = b.log().len();
        attack(&mut b, f, g).unwrap();
        let ev = since(&b, n);
        let s = swings(&ev);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].2, s[0].3, s[0].4), (10, 15, Outcome::Success));
        assert_eq!(damage(&ev), vec![(g, 14)]);
        let target = ev.iter().find_map(|e| match e {
            Event::Attack { target_number, .. } => Some(*target_number),
            _ => None,
        });
        assert_eq!(target, Some(15), "against the goblin's AC");
        // The Standard action paid.
        assert_eq!(b.slots(f, Slot::Standard), 0);
        assert_eq!(b.slots(f, Slot::Move), 1);
    }
}

#[test]
fn a_miss_deals_the_classs_miss_damage_equal_to_level_and_a_natural_3_none() {
    // 3+4+2 = 9 + 5 = 14 < 15: a miss; the fighter's class deals its Level (2) on a miss.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Failure);
    assert_eq!(damage(&ev), vec![(g, 2)]);
    // A natural 3 crit-fails: no miss effects.
    let mut b = field(GridKind::Square, DUEL, &[1, 1, 1]);
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::CriticalFailure);
    assert_eq!(damage(&ev), vec![]);
    // A class without miss damage (the rogue) deals none on a plain miss.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[2, 2, 2]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    let n = b.log().len();
    attack(&mut b, r, g).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Failure);
    assert_eq!(damage(&ev), vec![]);
}

#[test]
fn a_natural_17_crits_for_double_damage_even_below_the_defence() {
    // 6+6+5 = 17: a crit. Damage (4 + 4 + 3) × 2 = 22.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "orc", hp: 40, stats: {Ac: 40, Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 5, 4, 4]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Mog"));
    let n = b.log().len();
    attack(&mut b, f, o).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].4, Outcome::Critical);
    assert_eq!(damage(&ev), vec![(o, 22)]);
    // 6+5+5 = 16 does not crit (and misses AC 40).
    let mut b = field(GridKind::Square, units, &[6, 5, 5]);
    let n = b.log().len();
    attack(&mut b, f, o).unwrap();
    assert_eq!(swings(&since(&b, n))[0].4, Outcome::Failure);
}

#[test]
fn weak_crits_on_16_and_weak_and_vulnerable_on_15() {
    // A wolf is weak to weapon damage: 16 crits; Vulnerable as well: 15 crits.
    let wolf = |extra: &str| {
        format!(
            r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Fang", side: "Foes", cell: (4, 2), archetype: "wolf", hp: 60, stats: {{Ac: 40, Band: 0, Speed: 8, Level: 1, Volition: 3}}{extra})"#
        )
    };
    let mut b = field(GridKind::Square, &wolf(""), &[6, 5, 5, 1, 1]);
    let (f, w) = (id(&b, "Brannoc"), id(&b, "Fang"));
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Critical);
    let mut b = field(GridKind::Square, &wolf(""), &[6, 5, 4]);
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Failure);
    let v = wolf(", conditions: {Vulnerable: UntilRemoved}");
    let mut b = field(GridKind::Square, &v, &[6, 5, 4, 1, 1]);
    attack(&mut b, f, w).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].4, Outcome::Critical);
}

#[test]
fn resistance_halves_damage_when_the_natural_roll_is_below_its_number() {
    // The ogre resists weapon 12+: a natural 11 that hits deals half.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Mog", side: "Foes", cell: (4, 2), archetype: "ogre", stats: {Level: 3, Volition: 4, Ac: 10, Pd: 16, Md: 12, Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 3, 5, 6]);
    let (f, o) = (id(&b, "Brannoc"), id(&b, "Mog"));
    attack(&mut b, f, o).unwrap();
    // 5 + 6 + 3 = 14, halved: 7.
    assert_eq!(damage(&since(&b, 0)), vec![(o, 7)]);
    // A natural 12: full damage.
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 5, 6]);
    attack(&mut b, f, o).unwrap();
    assert_eq!(damage(&since(&b, 0)), vec![(o, 14)]);
}

// ---------------------------------------------------------------------------------------
// Advantage and Disadvantage: an extra d6 each, highest or lowest three kept; cancelling.

#[test]
fn advantage_rolls_an_extra_d6_and_keeps_the_highest_three() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30}, conditions: {Weakened: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[1, 6, 5, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5, vec![1, 6, 5, 4], "four dice rolled");
    assert_eq!(s[0].2, 15, "the highest three kept");
}

#[test]
fn disadvantages_of_different_names_stack_and_cancel_advantage_one_for_one() {
    // Dazed and Shaken: 2 Disadvantage, 5d6 keep the lowest three.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: UntilRemoved, Shaken: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 2, 3, 4]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5.len(), 5);
    assert_eq!(s[0].2, 9, "2 + 3 + 4");
    // Dazed attacker against a Weakened target: they cancel, a plain 3d6.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 30}, conditions: {Weakened: UntilRemoved})"#;
    let mut b = field(GridKind::Square, units, &[6, 6, 2]);
    attack(&mut b, f, g).unwrap();
    assert_eq!(swings(&since(&b, 0))[0].5, vec![6, 6, 2]);
    // The odds the preview shows come from the same dice: with 1 Advantage, 15+ is likelier.
    assert!(esc::natural_odds(1)[15] > esc::natural_odds(0)[15]);
    let total: f64 = esc::natural_odds(-3).iter().sum();
    assert!((total - 1.0).abs() < 1e-9);
}
