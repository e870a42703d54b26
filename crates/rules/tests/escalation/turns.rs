//! `escalation` (seed 001): turn structure — bands, the escalation die, actions and
//! substitution, stances — and the order inside a band, Delay.

use skirmish_rules::components::{Pool, Slot};
use skirmish_rules::event::{Counter, Event, Outcome, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::escalation::{self as esc, EscalationAction};
use skirmish_rules::{Command, Illegal};

use crate::support::{id, since};

use super::{DUEL, act, attack, damage, end, field, react, swings};

#[test]
fn initiative_goes_by_band_with_the_pcs_of_a_band_before_its_enemies() {
    let units = r#"Unit(name: "SlowPc", side: "PCs", cell: (0, 0), archetype: "fighter", stats: {Level: 2, Volition: 3, Ac: 17, Pd: 14, Md: 11, Band: 1}),
        Unit(name: "FastFoe", side: "Foes", cell: (9, 0), archetype: "goblin"),
        Unit(name: "MediumFoe", side: "Foes", cell: (9, 1), archetype: "goblin", stats: {Level: 1, Volition: 2, Ac: 15, Band: 2}),
        Unit(name: "MediumPc", side: "PCs", cell: (0, 1), archetype: "fighter"),
        Unit(name: "FastPc", side: "PCs", cell: (0, 2), archetype: "rogue")"#;
    let b = field(GridKind::Square, units, &[]);
    let names: Vec<&str> = b.order().iter().map(|&u| b.name(u)).collect();
    assert_eq!(
        names,
        ["FastPc", "FastFoe", "MediumPc", "MediumFoe", "SlowPc"]
    );
}

#[test]
fn the_escalation_die_is_0_in_round_1_then_rises_by_1_to_6_and_only_pcs_add_it() {
    assert_eq!(esc::escalation_for_round(1), 0);
    assert_eq!(esc::escalation_for_round(2), 1);
    assert_eq!(esc::escalation_for_round(7), 6);
    assert_eq!(esc::escalation_for_round(12), 6);
    // Shown at all times (the window's battle line), even or odd; 0 is neither.
    assert_eq!(
        esc::escalation_line(0),
        "escalation die 0 (neither even nor odd)"
    );
    assert_eq!(esc::escalation_line(3), "escalation die 3 (odd)");
    assert_eq!(esc::escalation_line(6), "escalation die 6 (even)");
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (0, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Mog", side: "Foes", cell: (9, 4), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15, Escalates: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (f, g, m) = (id(&b, "Brannoc"), id(&b, "Snitch"), id(&b, "Mog"));
    assert_eq!(b.counter(Counter::EscalationDie), 0);
    for _ in 0..3 {
        end(&mut b);
    }
    assert_eq!(b.round(), 2);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert!(since(&b, 0).contains(&Event::Counter {
        counter: Counter::EscalationDie,
        value: 1
    }));
    assert_eq!(esc::escalation_bonus(&b, f), 1, "a PC adds it");
    assert_eq!(esc::escalation_bonus(&b, g), 0, "an NPC does not");
    assert_eq!(esc::escalation_bonus(&b, m), 1, "unless the level marks it");
    for _ in 0..(3 * 6) {
        end(&mut b);
    }
    assert_eq!(b.round(), 8);
    assert_eq!(b.counter(Counter::EscalationDie), 6, "at most 6");
    // Shaken counts it as 0.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (0, 2), archetype: "fighter", conditions: {Shaken: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    end(&mut b);
    end(&mut b);
    assert_eq!(b.counter(Counter::EscalationDie), 1);
    assert_eq!(esc::escalation_bonus(&b, id(&b, "Brannoc")), 0);
}

#[test]
fn the_escalation_die_is_added_to_a_pcs_attack_roll() {
    // Round 2: 3+3+3 = 9 + 2 + 3 + 1 = 15 hits AC 15 only with the die.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, hp: 50)"#;
    let mut b = field(GridKind::Square, units, &[3, 3, 3, 1, 1]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    end(&mut b);
    // The goblin's turn: it does nothing.
    end(&mut b);
    assert_eq!(b.current(), Some(f));
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, n));
    assert_eq!((s[0].3, s[0].4), (15, Outcome::Success));
}

#[test]
fn a_better_action_pays_for_a_lesser_one_standard_for_move_move_for_quick() {
    // A fighter switches stance three times: Quick, then Move, then Standard pay.
    let mut b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    for _ in 0..3 {
        act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    }
    let paid: Vec<Pool> = since(&b, n)
        .iter()
        .filter_map(|e| match e {
            Event::Spent {
                pool,
                on: Spend::Stance,
                ..
            } => Some(*pool),
            _ => None,
        })
        .collect();
    assert_eq!(
        paid,
        [
            Pool::Slot(Slot::Quick),
            Pool::Slot(Slot::Move),
            Pool::Slot(Slot::Standard)
        ]
    );
    // Nothing is left: the turn has ended by itself.
    assert_ne!(b.current(), Some(f));
    // A basic attack is a Standard action: a Move or Quick action cannot pay for it.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 3, 1, 1]);
    let g = id(&b, "Snitch");
    attack(&mut b, f, g).unwrap();
    assert_eq!((b.slots(f, Slot::Move), b.slots(f, Slot::Quick)), (1, 1));
    assert!(matches!(attack(&mut b, f, g), Err(Illegal::NoSlot { .. })));
}

#[test]
fn switching_stance_swaps_the_weapon_and_the_damage_die() {
    // The fighter starts in melee stance (longsword); after a switch it throws its
    // javelin (d6) and threatens nothing.
    let mut b = field(GridKind::Square, DUEL, &[3, 4, 3, 1, 2]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    assert!(esc::melee_stance(&b, f));
    act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    assert!(!esc::melee_stance(&b, f));
    assert_eq!(b.threat_reach(f), 0);
    let n = b.log().len();
    attack(&mut b, f, g).unwrap();
    // A ranged attack while engaged provokes the goblin: it declines.
    react(&mut b, g, None);
    let ev = since(&b, n);
    let w = ev.iter().find_map(|e| match e {
        Event::Attack { weapon, .. } => Some(weapon.clone()),
        _ => None,
    });
    assert_eq!(w.as_deref(), Some("javelin"));
    assert_eq!(damage(&ev), vec![(g, 1 + 2 + 3)]);
}

// ---------------------------------------------------------------------------------------
// The order inside a band, Delay.

#[test]
fn the_pcs_of_a_band_go_in_the_order_their_player_chooses() {
    let units = r#"Unit(name: "Ash", side: "PCs", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Birch", side: "PCs", cell: (0, 2), archetype: "cleric"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 4), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 2), archetype: "goblin", stats: {Band: 2})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (a, bi, l, g) = (
        id(&b, "Ash"),
        id(&b, "Birch"),
        id(&b, "Lisk"),
        id(&b, "Snitch"),
    );
    // The rogue (Fast) first, then the Medium band: Ash, Birch (PCs), then the goblin.
    assert_eq!(b.order(), [l, a, bi, g]);
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    // Not an enemy, not a unit of another band, not one that has acted.
    assert!(act(&mut b, a, EscalationAction::Yield { to: g }).is_err());
    assert!(act(&mut b, a, EscalationAction::Yield { to: l }).is_err());
    // Birch goes first, then Ash, then the goblin.
    act(&mut b, a, EscalationAction::Yield { to: bi }).unwrap();
    assert_eq!(b.current(), Some(bi));
    assert_eq!(b.order(), [l, bi, a, g]);
    end(&mut b);
    assert_eq!(b.current(), Some(a));
    // Once it has acted, it is too late to let another go first.
    b.submit(Command::Move {
        unit: a,
        to: Cell::new(1, 0),
    })
    .unwrap();
    assert!(act(&mut b, a, EscalationAction::Yield { to: bi }).is_err());
    end(&mut b);
    assert_eq!(b.current(), Some(g));
}

#[test]
fn delay_moves_a_unit_to_a_slower_band_for_the_rest_of_the_battle() {
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 0), archetype: "goblin", stats: {Band: 2}),
        Unit(name: "Ash", side: "PCs", cell: (0, 4), archetype: "fighter", stats: {Level: 2, Volition: 3, Ac: 17, Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (9, 4), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (l, s, a, g) = (
        id(&b, "Lisk"),
        id(&b, "Snitch"),
        id(&b, "Ash"),
        id(&b, "Grub"),
    );
    assert_eq!(b.order(), [l, s, a, g]);
    // Only to a slower band.
    assert!(act(&mut b, l, EscalationAction::Delay { band: 3 }).is_err());
    assert!(act(&mut b, l, EscalationAction::Delay { band: -1 }).is_err());
    // The rogue delays to Slow: after the Slow PC, before the Slow goblin.
    act(&mut b, l, EscalationAction::Delay { band: 1 }).unwrap();
    assert_eq!(esc::band(&b, l), 1);
    assert_eq!(b.order(), [s, a, l, g]);
    assert_eq!(b.current(), Some(s));
    for want in [a, l, g, s] {
        end(&mut b);
        assert_eq!(b.current(), Some(want));
    }
    assert_eq!(b.round(), 2, "kept in the next round");
}
