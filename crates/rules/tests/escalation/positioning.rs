//! `escalation` (seed 001): positioning — opportunity attacks, Disengage, Dicey Moves.

use skirmish_rules::components::{ConditionKind, Slot};
use skirmish_rules::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::{self as esc, EscalationAction};
use skirmish_rules::{Battle, Command};

use crate::support::{BOTH, id, since};

use super::{act, attack, damage, field, react, swings};

#[test]
fn moving_away_while_engaged_provokes_a_free_opportunity_attack() {
    for kind in BOTH {
        // The goblin acts first (band 3) and walks off; the fighter's opportunity attack is
        // a free basic melee attack.
        let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40),
            Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter")"#;
        let mut b = field(kind, units, &[5, 5, 5, 1, 1]);
        let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
        assert_eq!(b.current(), Some(g));
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(7, 2),
        })
        .unwrap();
        react(&mut b, f, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        let reacted = ev.iter().find_map(|e| match e {
            Event::Reacted { reactor, paid, .. } => Some((*reactor, paid.clone())),
            _ => None,
        });
        assert_eq!(reacted, Some((f, vec![])), "free");
        let s = swings(&ev);
        assert_eq!((s[0].0, s[0].1), (f, AttackKind::Reaction));
        assert_eq!(damage(&ev), vec![(g, 1 + 1 + 3)]);
        assert_eq!(b.pos(g), Cell::new(7, 2), "the move goes on");
    }
}

#[test]
fn a_unit_in_ranged_stance_makes_no_opportunity_attacks() {
    for kind in BOTH {
        let units = r#"Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 4}),
            Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger")"#;
        let mut b = field(kind, units, &[]);
        let g = id(&b, "Snitch");
        let n = b.log().len();
        b.submit(Command::Move {
            unit: g,
            to: Cell::new(7, 2),
        })
        .unwrap();
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
    }
}

#[test]
fn a_ranged_attack_while_engaged_provokes_before_the_shot() {
    for kind in BOTH {
        // The goblin (melee stance) is engaged with the ranger, who shoots it.
        let units = r#"Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", hp: 40, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
        // The goblin's opportunity attack: 2+2+2 misses; then the shot 5+5+5 hits, 2d8.
        let mut b = field(kind, units, &[2, 2, 2, 5, 5, 5, 1, 1]);
        let (r, g) = (id(&b, "Tarrow"), id(&b, "Snitch"));
        let n = b.log().len();
        attack(&mut b, r, g).unwrap();
        let offered = since(&b, n).iter().any(|e| {
            matches!(e, Event::ReactionOffered { reactor, trigger: Trigger::Provoked { unit }, .. }
                if *reactor == g && *unit == r)
        });
        assert!(offered);
        react(&mut b, g, Some(ReactionKind::ReactionAttack));
        let s = swings(&since(&b, n));
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].0, s[0].1), (g, AttackKind::Reaction));
        assert_eq!(
            (s[1].0, s[1].1, s[1].4),
            (r, AttackKind::Normal, Outcome::Success)
        );
    }
}

#[test]
fn disengage_is_3d6_against_11_and_success_lets_the_unit_move_off_without_provoking() {
    for kind in BOTH {
        let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
            Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;
        let mut b = field(kind, units, &[4, 4, 3]);
        let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
        assert!(
            (esc::disengage_chance(&b, f, &[g]) - 0.5).abs() < 1e-9,
            "3d6 ≥ 11"
        );
        let n = b.log().len();
        act(&mut b, f, EscalationAction::Disengage { from: vec![] }).unwrap();
        b.submit(Command::Move {
            unit: f,
            to: Cell::new(0, 2),
        })
        .unwrap();
        let ev = since(&b, n);
        let check = ev.iter().find_map(|e| match e {
            Event::Check {
                purpose: CheckPurpose::Disengage,
                roll,
                target_number,
                outcome,
                ..
            } => Some((roll.total, *target_number, *outcome)),
            _ => None,
        });
        assert_eq!(check, Some((11, 11, Outcome::Success)));
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(b.pos(f), Cell::new(0, 2));
        // The Disengage's move was the Move action: the Standard is left.
        assert_eq!(b.slots(f, Slot::Standard), 1);
    }
}

#[test]
fn a_failed_disengage_loses_the_move_action_and_more_enemies_raise_the_difficulty() {
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (3, 3), archetype: "goblin", stats: {Band: 1})"#;
    // Two enemies: DC 12; 4+4+3 = 11 fails.
    let mut b = field(GridKind::Square, units, &[4, 4, 3]);
    let f = id(&b, "Brannoc");
    let n = b.log().len();
    act(&mut b, f, EscalationAction::Disengage { from: vec![] }).unwrap();
    let ev = since(&b, n);
    let check = ev.iter().find_map(|e| match e {
        Event::Check {
            purpose: CheckPurpose::Disengage,
            target_number,
            outcome,
            ..
        } => Some((*target_number, *outcome)),
        _ => None,
    });
    assert_eq!(check, Some((12, Outcome::Failure)));
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert_eq!(b.move_left(f), 0, "no move bought");
    // Free of enemies, there is nothing to disengage from.
    let mut b = field(
        GridKind::Square,
        &units
            .replace("(4, 2)", "(8, 2)")
            .replace("(3, 3)", "(8, 4)"),
        &[],
    );
    assert!(act(&mut b, f, EscalationAction::Disengage { from: vec![] }).is_err());
}

#[test]
fn a_dicey_move_vaults_a_low_wall_on_3d6_against_11_and_gives_advantage_on_the_next_attack() {
    let map = [
        "..........",
        "...=......",
        "..........",
        "...._.....",
        "..........",
        "..........",
    ];
    let src = |units: &str| {
        let rows = map
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{rows}],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [{units}])"##
        )
    };
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (2, 1), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (5, 1), archetype: "goblin", hp: 50, stats: {Band: 1, Level: 1, Volition: 2, Ac: 15})"#;
    // Over the low wall at (3, 1): 4+4+3 = 11 vs 11. Then the attack rolls 4d6.
    let l = level::parse(&src(units), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![4, 4, 3, 1, 2, 3, 4, 1, 1]).unwrap();
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    // Not over open ground.
    assert!(
        act(
            &mut b,
            f,
            EscalationAction::DiceyMove {
                to: Cell::new(2, 3),
                target: None,
            }
        )
        .is_err()
    );
    act(
        &mut b,
        f,
        EscalationAction::DiceyMove {
            to: Cell::new(4, 1),
            target: None,
        },
    )
    .unwrap();
    assert_eq!(b.pos(f), Cell::new(4, 1));
    assert!(b.has(f, ConditionKind::DiceyEdge));
    assert_eq!(b.slots(f, Slot::Move), 0);
    attack(&mut b, f, g).unwrap();
    let s = swings(&since(&b, 0));
    assert_eq!(s[0].5.len(), 4, "1 Advantage");
    assert_eq!(s[0].2, 2 + 3 + 4);
    assert!(!b.has(f, ConditionKind::DiceyEdge), "for one attack");
    // A pit is 13; a failure loses the move action and leaves the unit where it was.
    let units = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
        Unit(name: "Snitch", side: "Foes", cell: (9, 5), archetype: "goblin", stats: {Band: 1})"#;
    let l = level::parse(&src(units), "esc").unwrap();
    let mut b = Battle::new(l, 7, vec![4, 4, 4]).unwrap();
    let f = id(&b, "Brannoc");
    act(
        &mut b,
        f,
        EscalationAction::DiceyMove {
            to: Cell::new(5, 4),
            target: None,
        },
    )
    .unwrap();
    let check = since(&b, 0).iter().find_map(|e| match e {
        Event::Check {
            purpose: CheckPurpose::DiceyMove,
            target_number,
            outcome,
            ..
        } => Some((*target_number, *outcome)),
        _ => None,
    });
    assert_eq!(check, Some((13, Outcome::Failure)));
    assert_eq!(b.pos(f), Cell::new(3, 2));
    assert_eq!(b.slots(f, Slot::Move), 0);
}

/// Issue 29: "If an enemy engaged with you … moves without attempting to Disengage …
/// they provoke an Opportunity Attack": one a move. Snitch walks along Brannoc's side
/// from (3, 1) to (5, 1), leaving two cells Brannoc threatens: one offer, not two.
#[test]
fn a_move_provokes_one_opportunity_attack_from_each_engaged_enemy() {
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (3, 1), archetype: "goblin", stats: {Band: 4}),
    Unit(name: "Brannoc", side: "PCs", cell: (4, 2), archetype: "fighter")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (g, f) = (id(&b, "Snitch"), id(&b, "Brannoc"));
    assert_eq!(b.current(), Some(g));
    let n = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(5, 1),
    })
    .unwrap();
    let mut offered = 0;
    while b.window().is_some_and(|w| w.reactor == f) {
        offered += 1;
        react(&mut b, f, None);
    }
    let offers = since(&b, n)
        .iter()
        .filter(|e| matches!(e, Event::ReactionOffered { reactor, trigger: Trigger::Leaving { .. }, .. } if *reactor == f))
        .count();
    assert_eq!((offered, offers), (1, 1));
    assert_eq!(b.pos(g), Cell::new(5, 1));
}
