//! The duel's commands with forced dice: exact events from initiative to the last blow,
//! the odds face by face, illegal commands refused with nothing changed.

use skirmish_rules::battle::{Battle, Status};
use skirmish_rules::components::{Pool, SideId, Slot, UnitId};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Action, Command, CommonAction, Illegal};
use skirmish_rules::event::{AttackKind, Event, Outcome, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::rulesets::{RulesetId, attack_odds};

use crate::support::{id, since};

use super::duel_battle;

fn d20(face: u32, name: &'static str, v: i32) -> Roll {
    Roll::from_faces(DiceExpr::new(1, 20), vec![face]).with(Modifier::new(ModKind::Skill, name, v))
}

fn ac_mods(dex: i32) -> Vec<Modifier> {
    vec![
        Modifier::new(ModKind::Other, "base", 10),
        Modifier::new(ModKind::Skill, "DEX mod", dex),
    ]
}

fn attack_cmd(unit: UnitId, target: UnitId, slot: Option<Slot>) -> Command {
    Command::Attack {
        unit,
        target,
        weapon: None,
        slot,
        aim: None,
    }
}

/// Submit a command that must be refused; nothing may change (log, dice, whose turn).
fn refused(b: &mut Battle, cmd: Command) -> Illegal {
    let log = b.log().to_vec();
    let (status, dice) = (b.status(), b.forced_dice_left());
    let checked = b.check(&cmd).expect_err("check refuses it");
    let e = b.submit(cmd).expect_err("submit refuses it");
    assert_eq!(e, checked);
    assert_eq!(b.log(), &log[..], "a refused command logs nothing");
    assert_eq!((b.status(), b.forced_dice_left()), (status, dice));
    e
}

/// The pools a duellist's turn start refreshes: no AP, no reactions, one Standard and one
/// Move action, no movement yet.
fn duel_turn() -> Vec<(Pool, i32)> {
    vec![
        (Pool::Reaction, 0),
        (Pool::Slot(Slot::Standard), 1),
        (Pool::Slot(Slot::Move), 1),
        (Pool::Movement, 0),
    ]
}

#[test]
fn forced_dice_give_exact_duel_events_from_initiative_to_the_last_blow() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 12)"#;
    // Initiative d20: Corwin 20, Grub 1. Then, attack by attack: Corwin d20 8 (= AC 11:
    // hits), 1d8 5; Grub d20 19 (hits, no crit although a longsword's `crit_from` is
    // 19), 1d8 2; Corwin d20 20 (critical: 2d8), 4 and 3.
    let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, 8, 5, 19, 2, 20, 4, 3]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(
        since(&b, 0),
        [
            Event::BattleStarted {
                ruleset: RulesetId::TacticalD20,
                grid: GridKind::Square,
                seed: 7
            },
            Event::Initiative {
                unit: c,
                roll: d20(20, "DEX mod", 1)
            },
            Event::Initiative {
                unit: g,
                roll: d20(1, "DEX mod", 1)
            },
            Event::TurnOrder { order: vec![c, g] },
            Event::RoundStarted { round: 1 },
            Event::TurnStarted {
                unit: c,
                pools: duel_turn()
            },
        ]
    );

    let hit = |attacker, target, face, level| Event::Attack {
        attacker,
        target,
        weapon: "longsword".into(),
        kind: AttackKind::Normal,
        roll: d20(face, "STR mod", 3),
        target_number: 11,
        outcome: level,
        against: ac_mods(1),
    };
    let damage = |unit, source, roll: Roll, hp_after| Event::Damage {
        unit,
        source: Some(source),
        amount: roll.total,
        roll,
        hp_after,
    };
    let d8 = |faces: Vec<u32>| Roll::from_faces(DiceExpr::new(faces.len() as u32, 8), faces);

    let n = b.log().len();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 8, Outcome::Success),
            damage(g, c, d8(vec![5]), 7),
        ]
    );
    assert_eq!(b.current(), Some(c), "the Move action is left");

    let n = b.log().len();
    b.submit(Command::EndTurn { unit: c }).unwrap();
    b.submit(attack_cmd(g, c, Some(Slot::Standard))).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::TurnEnded { unit: c },
            Event::TurnStarted {
                unit: g,
                pools: duel_turn()
            },
            Event::Spent {
                unit: g,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(g, c, 19, Outcome::Success),
            damage(c, g, d8(vec![2]), 18),
        ]
    );

    let n = b.log().len();
    b.submit(Command::EndTurn { unit: g }).unwrap();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::TurnEnded { unit: g },
            Event::RoundEnded { round: 1 },
            Event::RoundStarted { round: 2 },
            Event::TurnStarted {
                unit: c,
                pools: duel_turn()
            },
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 20, Outcome::Critical),
            damage(g, c, d8(vec![4, 3]), 0),
            Event::Down { unit: g },
            Event::BattleEnded {
                winner: Some(SideId(0))
            },
        ]
    );
    assert_eq!(b.status(), Status::Ended(Some(SideId(0))));
    assert_eq!(b.forced_dice_left(), 0, "every forced face was rolled");

    // A total one below the AC misses: no damage, no die rolled for it.
    let mut b = duel_battle(GridKind::Hex, units, 7, &[20, 1, 7]);
    let n = b.log().len();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 7, Outcome::Failure),
        ]
    );
}

#[test]
fn the_odds_are_the_resolver_face_by_face() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Tamsin", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
    let b = duel_battle(GridKind::Square, units, 7, &[20, 1]);
    let (c, t) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    let w = b.weapon_for(c, t, None).unwrap();
    let odds = attack_odds(&b, c, t, w, AttackKind::Normal);
    // STR +3 against AC 13: faces 10 to 20 hit.
    assert_eq!((odds.hit, odds.crit), (11.0 / 20.0, 1.0 / 20.0));
    assert_eq!((odds.damage, odds.crit_damage), ((1, 8), (2, 16)));
    assert_eq!(odds.detail, "d20 +3 vs AC 13");
    let mut hits = 0;
    for face in 1..=20 {
        let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, face, 1, 1]);
        let n = b.log().len();
        b.submit(attack_cmd(c, t, None)).unwrap();
        let ev = since(&b, n);
        let Some(Event::Attack { outcome, .. }) = ev.get(1) else {
            panic!("{ev:?}");
        };
        if *outcome != Outcome::Failure {
            hits += 1;
        }
        assert_eq!(*outcome == Outcome::Critical, face == 20, "face {face}");
    }
    assert_eq!(f64::from(hits) / 20.0, odds.hit);
}

#[test]
fn illegal_duel_commands_are_refused_and_change_nothing() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, 10, 3, 10, 3]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));

    // No special actions at all: neither the other rulesets' (refused by the engine)
    // nor the common ones (refused by the duel itself).
    for action in [
        Action::from(TacticalD20Action::Defend),
        FlowAction::TotalDefense.into(),
        TacticalD20Action::Step {
            to: Cell::new(3, 4),
        }
        .into(),
        TacticalD20Action::Charge {
            target: g,
            to: None,
        }
        .into(),
        CommonAction::StandUp.into(),
        CommonAction::Draw { item: 0 }.into(),
    ] {
        let name = action.name();
        let e = refused(&mut b, Command::Act { unit: c, action });
        assert_eq!(
            e,
            Illegal::NoSuchAction {
                ruleset: "duel",
                action: name,
                instead: ""
            }
        );
    }
    // Out of reach: the longsword reaches 1, Grub is 8 away (and a shield is no weapon).
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert!(matches!(e, Illegal::NoWeapon { .. }), "{e}");
    // Only the Standard action attacks.
    let e = refused(&mut b, attack_cmd(c, g, Some(Slot::Move)));
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    // One speed: 7 cells are too far, and the Standard is not traded down for more.
    let e = refused(
        &mut b,
        Command::Move {
            unit: c,
            to: Cell::new(11, 4),
        },
    );
    assert!(matches!(e, Illegal::TooFar { budget: 6, .. }), "{e}");

    // Move 3 cells: the Move action is spent, the rest of the speed lost.
    b.submit(Command::Move {
        unit: c,
        to: Cell::new(7, 4),
    })
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(7, 4));
    let e = refused(
        &mut b,
        Command::Move {
            unit: c,
            to: Cell::new(8, 4),
        },
    );
    assert_eq!(
        e,
        Illegal::NoSlot {
            unit: "Corwin".into(),
            action: "Move",
            slot: "Move"
        }
    );
    assert_eq!(b.movement_budget(c), 0);
    // Still out of reach (5 away), and the turn goes on: the Standard is left.
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert!(matches!(e, Illegal::NoWeapon { .. }), "{e}");
    assert_eq!(b.current(), Some(c));
    b.submit(Command::EndTurn { unit: c }).unwrap();

    // Grub walks up and attacks (d20 10: 13 hits AC 11, 1d8 3): both actions spent, its
    // turn ends by itself.
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(8, 4),
    })
    .unwrap();
    b.submit(attack_cmd(g, c, None)).unwrap();
    assert_eq!(b.current(), Some(c), "an exhausted turn ends");
    assert_eq!(b.hp(c), 17);
    // Not Grub's turn any more.
    let e = refused(&mut b, attack_cmd(g, c, None));
    assert!(matches!(e, Illegal::NotYourTurn { .. }), "{e}");
    // Corwin attacks once; a second attack has no Standard action to pay with.
    b.submit(attack_cmd(c, g, None)).unwrap();
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert_eq!(
        e,
        Illegal::NoSlot {
            unit: "Corwin".into(),
            action: "an attack",
            slot: "Standard"
        }
    );
    // Nothing is ever offered, so there is nothing to answer.
    let e = refused(
        &mut b,
        Command::React {
            unit: g,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        },
    );
    assert_eq!(e, Illegal::NoWindow);
}
