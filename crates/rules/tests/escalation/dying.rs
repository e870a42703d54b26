//! `escalation` (seed 001): damage and recovery — Staggered, dying, death saves, Rally,
//! Stabilize, Coup de Grace, save-ends conditions, Fight in Spirit.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot};
use skirmish_rules::event::{Event, Outcome};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::escalation::{self as esc, EscalationAction};
use skirmish_rules::{Battle, Command};

use crate::support::{BOTH, id, since};

use super::{act, attack, damage, end, field, swings};

#[test]
fn an_enemy_at_0_hp_dies_and_a_pc_at_0_is_dying() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue", stats: {Level: 2, Volition: 3, Ac: 15, Band: 0}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 5, stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 3, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    attack(&mut b, f, g).unwrap();
    assert!(!b.alive(g));
    assert!(b.has(g, ConditionKind::Dead));
    // A PC dropped: Dying, not dead.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 3),
        Unit(name: "Lisk", side: "PCs", cell: (0, 0), archetype: "rogue")"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 5, 3, 3]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert!(!b.alive(f));
    assert!(b.has(f, ConditionKind::Dying));
    assert!(!b.has(f, ConditionKind::Dead));
    assert!(
        !matches!(b.status(), Status::Ended(_)),
        "the rogue still stands"
    );
}

/// A goblin (band 4) that has just dropped the fighter (band 2, 5 HP: 5 − (3 + 2) = 0,
/// not a crit nor −half) with a plain hit and ended its turn; the rogue (band 3) is to
/// act. Dice after the drop follow.
fn dropped(dice: &[u32]) -> Battle {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 5),
        Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue")"#;
    let mut d = vec![5, 5, 5, 3];
    d.extend_from_slice(dice);
    let mut b = field(GridKind::Square, units, &d);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert_eq!(b.hp(f), 0);
    assert!(!esc::dropped_hard(&b, f));
    end(&mut b);
    b
}

#[test]
fn a_death_save_of_13_heals_with_a_recovery_from_0_and_the_pc_acts_next_turn() {
    // Rogue's turn: pass. Fighter's turn: death save 5+4+4 = 13: a recovery (2d10: 6+4)
    // from 0 HP: 10, capped at its 5 HP maximum; up, but it does not act this turn.
    let mut b = dropped(&[5, 4, 4, 6, 4]);
    let (f, r) = (id(&b, "Brannoc"), id(&b, "Lisk"));
    assert_eq!(b.current(), Some(r));
    let n = b.log().len();
    end(&mut b);
    let ev = since(&b, n);
    assert!(ev.iter().any(|e| matches!(e,
        Event::Save { unit, kind: ConditionKind::Dying, target_number: 13, success: true, .. } if *unit == f)));
    assert!(ev.contains(&Event::Revived { unit: f }));
    assert_eq!(b.hp(f), 5);
    assert!(b.alive(f));
    assert!(!b.has(f, ConditionKind::Dying));
    assert_eq!(b.pool(f, Pool::Recoveries), 7);
    assert_ne!(b.current(), Some(f), "it acts next turn");
}

#[test]
fn a_crit_death_save_acts_at_once_and_four_failures_kill() {
    let mut b = dropped(&[6, 6, 5, 1, 1]);
    let f = id(&b, "Brannoc");
    end(&mut b);
    assert_eq!(b.current(), Some(f), "a natural 17: it acts at once");
    assert_eq!(b.hp(f), 2);
    // Four failures: dead.
    let mut b = dropped(&[1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2]);
    let f = id(&b, "Brannoc");
    for round in 0..4 {
        // Rogue ends its turn; the fighter's death save fails; the goblin ends its turn.
        end(&mut b);
        assert_eq!(b.pool(f, Pool::DeathSaveFailures), 3 - round);
        if round < 3 {
            end(&mut b);
        }
    }
    assert!(b.has(f, ConditionKind::Dead));
    assert!(!b.has(f, ConditionKind::Dying));
}

#[test]
fn a_pc_dropped_by_a_crit_has_2_disadvantage_on_its_first_death_save() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4, Level: 1, Volition: 2, Ac: 15}),
        Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", hp: 3),
        Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue")"#;
    // A crit (6+6+6) drops the fighter; its first death save rolls 5d6, the lowest 3 kept.
    let mut b = field(GridKind::Square, units, &[6, 6, 6, 1, 6, 6, 6, 6, 1]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    attack(&mut b, g, f).unwrap();
    assert!(esc::dropped_hard(&b, f));
    end(&mut b);
    let n = b.log().len();
    end(&mut b);
    let save = since(&b, n).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dying,
            roll,
            success,
            ..
        } => Some((roll.faces.len(), roll.total, *success)),
        _ => None,
    });
    assert_eq!(
        save,
        Some((5, 13, true)),
        "6 + 6 + 1 kept of 6 6 6 6 1? lowest: 1+6+6"
    );
}

#[test]
fn stabilize_makes_failed_death_saves_harmless_and_rally_heals_with_a_recovery() {
    let mut b = dropped(&[1, 2, 2]);
    let (f, r) = (id(&b, "Brannoc"), id(&b, "Lisk"));
    act(&mut b, r, EscalationAction::Stabilize { ally: f }).unwrap();
    assert!(b.has(f, ConditionKind::Stabilized));
    end(&mut b);
    assert_eq!(
        b.pool(f, Pool::DeathSaveFailures),
        4,
        "the failure does not count"
    );
    assert!(b.has(f, ConditionKind::Dying));
    // Rally: a recovery (the rogue's 2d8) as a Standard action.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue", hp: 26),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[3, 4]);
    let r = id(&b, "Lisk");
    let before = b.hp(r);
    // A rally at full HP heals nothing above the maximum.
    act(&mut b, r, EscalationAction::Rally).unwrap();
    assert_eq!(b.hp(r), before);
    assert_eq!(b.pool(r, Pool::Recoveries), 7);
    assert_eq!(b.slots(r, Slot::Standard), 0);
    // Enemies have no recoveries: they do not Rally.
    let g = id(&b, "Snitch");
    end(&mut b);
    assert_eq!(b.current(), Some(g));
    assert!(act(&mut b, g, EscalationAction::Rally).is_err());
}

#[test]
fn healing_with_no_recovery_left_is_halved_and_costs_volition_and_defences() {
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (2, 2), archetype: "rogue", hp: 26, stats: {Level: 2, Volition: 3, Ac: 15, Pd: 14, Md: 12, Band: 3, Recoveries: 1}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[5, 5, 4, 4, 5, 5, 1, 1]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    // A level cannot start a unit hurt: it Rallies with 1 recovery, at full HP.
    act(&mut b, r, EscalationAction::Rally).unwrap();
    assert_eq!(b.pool(r, Pool::Recoveries), 0);
    end(&mut b);
    end(&mut b);
    let n = b.log().len();
    act(&mut b, r, EscalationAction::Rally).unwrap();
    let heal = since(&b, n).iter().find_map(|e| match e {
        Event::Healed { .. } => Some(()),
        _ => None,
    });
    assert!(heal.is_some());
    let st = b.stats(r);
    use skirmish_rules::components::Stat;
    assert_eq!(
        (
            st.get(Stat::Volition),
            st.get(Stat::Ac),
            st.get(Stat::Pd),
            st.get(Stat::Md)
        ),
        (2, 14, 13, 11)
    );
    let _ = g;
}

#[test]
fn a_coup_de_grace_on_a_helpless_engaged_enemy_crits_and_takes_three_actions() {
    for kind in BOTH {
        let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 60, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15}, conditions: {Helpless: UntilRemoved})"#;
        // Helpless is Stunned: 1 Advantage, 4d6. 2+2+2 would miss, but the coup crits:
        // (1 + 1 + 3) × 2 = 10.
        let mut b = field(kind, units, &[2, 2, 2, 1, 1, 1]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        let n = b.log().len();
        act(&mut b, f, EscalationAction::CoupDeGrace { target: g }).unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev)[0].4, Outcome::Critical);
        assert_eq!(damage(&ev), vec![(g, 10)]);
        assert_ne!(b.current(), Some(f), "Standard, Quick and Move are spent");
        // Not against an enemy that is not helpless.
        let plain = units.replace(", conditions: {Helpless: UntilRemoved}", "");
        let mut b = field(kind, &plain, &[]);
        assert!(act(&mut b, f, EscalationAction::CoupDeGrace { target: g }).is_err());
    }
}

#[test]
fn stunned_loses_its_move_action_and_stuck_cannot_move_or_disengage() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Stunned: UntilRemoved, Stuck: UntilRemoved}),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[]);
    let f = id(&b, "Brannoc");
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert!(
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(0, 2)
        })
        .is_err()
    );
    assert!(act(&mut b, f, EscalationAction::Disengage { from: vec![] }).is_err());
}

#[test]
fn save_ends_conditions_roll_3d6_against_11_at_the_end_of_the_turn() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter", conditions: {Dazed: SaveEnds(11)}),
        Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 3]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    end(&mut b);
    let save = since(&b, n).iter().find_map(|e| match e {
        Event::Save {
            kind: ConditionKind::Dazed,
            roll,
            success,
            ..
        } => Some((roll.faces.clone(), *success)),
        _ => None,
    });
    assert_eq!(save, Some((vec![4, 4, 3], true)));
    assert!(!b.has(f, ConditionKind::Dazed));
}

#[test]
fn a_dead_pc_fights_in_spirit_on_its_turn_while_its_side_fights_on() {
    use skirmish_rules::rulesets::escalation::SpiritBoon;
    // Four failed death saves (1 2 2 each): the fighter dies; the rogue fights on.
    let mut b = dropped(&[1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 5, 5, 5]);
    let (f, r, g) = (id(&b, "Brannoc"), id(&b, "Lisk"), id(&b, "Snitch"));
    for round in 0..4 {
        end(&mut b);
        if round < 3 {
            end(&mut b);
        }
    }
    assert!(b.has(f, ConditionKind::Dead));
    // The goblin's turn, the rogue's, then the dead fighter's own.
    assert_eq!(b.current(), Some(g));
    end(&mut b);
    assert_eq!(b.current(), Some(r));
    end(&mut b);
    assert_eq!(b.current(), Some(f), "a dead PC still takes its turn");
    // Only Fight in Spirit: no move, no attack.
    assert!(
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(3, 4)
        })
        .is_err()
    );
    assert!(attack(&mut b, f, g).is_err());
    act(
        &mut b,
        f,
        EscalationAction::FightInSpirit {
            ally: r,
            boon: SpiritBoon::Attacks,
        },
    )
    .unwrap();
    assert!(b.has(r, ConditionKind::SpiritAttacks));
    assert_ne!(b.current(), Some(f), "its turn is over");
    // The goblin's turn, then the rogue attacks with 1 Advantage (4d6).
    end(&mut b);
    assert_eq!(b.current(), Some(r));
    b.submit(Command::Move {
        unit: r,
        to: Cell::new(3, 3),
    })
    .unwrap();
    let n = b.log().len();
    attack(&mut b, r, g).unwrap_or_else(|e| panic!("{e}"));
    let s = swings(&since(&b, n));
    assert_eq!(s[0].5.len(), 4, "{s:?}");
}
