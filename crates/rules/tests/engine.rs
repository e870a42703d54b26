use skirmish_rules::battle::Status;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::Registry;
use skirmish_rules::{Battle, Command, Illegal};

use crate::support::flow::{attack, plain_hit_face};
use crate::support::{decline_all, repo};

const BRAKKA: UnitId = UnitId(0);
const SABLE: UnitId = UnitId(1);

/// The duel level on a grid; initiative forced so Sable (Blue) acts first.
fn duel(kind: GridKind, extra: &[u32]) -> Battle {
    let l = level::load(&repo("tests/fixtures/duel.ron"))
        .unwrap()
        .with_grid(kind);
    let mut dice = vec![1, 10];
    dice.extend_from_slice(extra);
    Battle::new(l, 3, dice).unwrap()
}

fn new_events(b: &Battle, from: usize) -> Vec<Event> {
    b.log()[from..].iter().map(|l| l.event.clone()).collect()
}

#[test]
fn leaving_threat_provokes_a_reaction_attack_on_hex_and_square() {
    for kind in [GridKind::Hex, GridKind::Square] {
        // d100 20 for the reaction attack (Melee 60: Hard), d8 5 damage.
        let mut b = duel(kind, &[20, 5]);
        assert_eq!(b.status(), Status::Turn(SABLE));
        let start = b.log().len();
        b.submit(Command::Move {
            unit: SABLE,
            to: Cell::new(6, 2),
        })
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(BRAKKA), "{kind:?}");
        // Nothing else may happen while the window is open.
        assert!(matches!(
            b.submit(Command::EndTurn { unit: SABLE }),
            Err(Illegal::AwaitingReaction(_))
        ));
        b.submit(Command::React {
            unit: BRAKKA,
            choice: Some(ReactionKind::ReactionAttack),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(SABLE));
        b.submit(Command::React {
            unit: SABLE,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = new_events(&b, start);
        let attack = ev.iter().find_map(|e| match e {
            Event::Attack {
                attacker,
                target,
                kind,
                roll,
                target_number,
                outcome,
                ..
            } => Some((
                *attacker,
                *target,
                *kind,
                roll.faces.clone(),
                *target_number,
                *outcome,
            )),
            _ => None,
        });
        assert_eq!(
            attack,
            Some((
                BRAKKA,
                SABLE,
                AttackKind::Reaction,
                vec![20],
                60,
                Outcome::Hard
            ))
        );
        assert!(ev.contains(&Event::ReactionOffered {
            reactor: BRAKKA,
            trigger: Trigger::Leaving {
                mover: SABLE,
                from: Cell::new(3, 2)
            },
            options: vec![ReactionKind::ReactionAttack],
        }));
        assert_eq!(b.hp(SABLE), 20 - 5);
        assert_eq!(b.rp(BRAKKA), 1);
        assert_eq!(b.pos(SABLE), Cell::new(6, 2));
        // The reaction happened before the first step out of (3, 2).
        let first_move = ev
            .iter()
            .position(|e| matches!(e, Event::Moved { .. }))
            .unwrap();
        let dmg = ev
            .iter()
            .position(|e| matches!(e, Event::Damage { .. }))
            .unwrap();
        assert!(dmg < first_move);
    }
}

#[test]
fn illegal_commands_change_nothing() {
    let mut b = duel(GridKind::Hex, &[]);
    let before = b.log().len();
    let cases = [
        (
            Command::Move {
                unit: BRAKKA,
                to: Cell::new(1, 1),
            },
            "it is Sable's turn, not Brakka's",
        ),
        (
            Command::Move {
                unit: SABLE,
                to: Cell::new(2, 2),
            },
            "(2, 2) is occupied by Brakka",
        ),
        (
            Command::Move {
                unit: SABLE,
                to: Cell::new(50, 2),
            },
            "(50, 2) is not a cell one can stand on",
        ),
        (
            Command::Attack {
                slot: None,
                unit: SABLE,
                target: SABLE,
                weapon: None,
                aim: None,
            },
            "a unit cannot attack itself",
        ),
        (
            Command::Attack {
                slot: None,
                unit: SABLE,
                target: UnitId(9),
                weapon: None,
                aim: None,
            },
            "there is no unit with id 9",
        ),
        (
            Command::React {
                unit: SABLE,
                choice: None,
                commit: 0,
                commits: Vec::new(),
            },
            "no reaction is being offered",
        ),
    ];
    for (cmd, msg) in cases {
        let e = b.submit(cmd.clone()).unwrap_err();
        assert_eq!(e.to_string(), msg, "{cmd:?}");
    }
    assert_eq!(b.log().len(), before);
    assert_eq!(b.pos(SABLE), Cell::new(3, 2));
    assert_eq!(b.ap(SABLE), 5);
}

#[test]
fn flow_movement_budget_is_two_ap_of_six() {
    let l = level::load(&repo("levels/flow-warfront.ron")).unwrap();
    let mut b = Battle::new(l, 1, vec![]).unwrap();
    let u = b.current().unwrap();
    assert_eq!(b.movement_budget(u), 12);
    // 13 cells away in a straight line along the row is too far.
    let p = b.pos(u);
    let far = Cell::new(p.x + 13, p.y);
    if let Err(Illegal::TooFar { budget, .. }) = b.submit(Command::Move { unit: u, to: far }) {
        assert_eq!(budget, 12);
    }
    assert_eq!(b.pos(u), p);
}

#[test]
fn same_seed_same_battle() {
    let run = || {
        let mut b = duel(GridKind::Square, &[]);
        b.submit(Command::Move {
            unit: SABLE,
            to: Cell::new(4, 3),
        })
        .ok();
        skirmish_rules::script::drain_windows(&mut b, skirmish_rules::script::Policy::Accept)
            .unwrap();
        format!("{:?}", b.log())
    };
    assert_eq!(run(), run());
}

#[test]
fn dodge_that_wins_the_opposed_check_prevents_damage_and_gains_fp() {
    // Sable moves next to nothing; Brakka's turn comes after. Use the attack path instead:
    // Sable attacks Brakka (d100 40: Normal vs Melee 60), Brakka dodges (Agility 45,
    // d100 20: Hard) and wins; no damage, +1 FP.
    let mut b = duel(GridKind::Hex, &[40, 20]);
    let fp = b.fp(BRAKKA);
    b.submit(Command::Attack {
        slot: None,
        unit: SABLE,
        target: BRAKKA,
        weapon: None,
        aim: None,
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(BRAKKA));
    let w = b.window().unwrap().clone();
    assert_eq!(
        w.options,
        vec![
            ReactionKind::Dodge,
            ReactionKind::Parry,
            ReactionKind::Block,
            ReactionKind::Riposte
        ]
    );
    b.submit(Command::React {
        unit: BRAKKA,
        choice: Some(ReactionKind::Dodge),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    let defence = b.log().iter().find_map(|l| match &l.event {
        Event::Defence {
            outcome,
            against,
            success,
            target_number,
            ..
        } => Some((*outcome, *against, *success, *target_number)),
        _ => None,
    });
    assert_eq!(defence, Some((Outcome::Hard, Outcome::Success, true, 50)));
    assert_eq!(b.hp(BRAKKA), 24);
    assert_eq!(b.fp(BRAKKA), fp + 1);
    assert_eq!(b.rp(BRAKKA), 1);
}

/// Sable attacks Brakka, who answers with a Parry.
fn sable_attacks_brakka_parries(b: &mut Battle) {
    b.submit(Command::Attack {
        slot: None,
        unit: SABLE,
        target: BRAKKA,
        weapon: None,
        aim: None,
    })
    .unwrap();
    b.submit(Command::React {
        unit: BRAKKA,
        choice: Some(ReactionKind::Parry),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

#[test]
fn a_tied_defence_goes_to_the_defender_and_a_lower_one_takes_damage() {
    // Attack d100 45 vs 60: Normal. Parry d100 40 vs 60: Normal -> tie -> parried.
    let mut b = duel(GridKind::Square, &[45, 40]);
    sable_attacks_brakka_parries(&mut b);
    assert_eq!(b.hp(BRAKKA), 24);
    // Second attack: d100 10 (Major), parry d100 40 (Normal) -> hit for d6 4.
    b.dice_force_for_tests(&[10, 40, 4]);
    sable_attacks_brakka_parries(&mut b);
    assert_eq!(b.hp(BRAKKA), 20);
}

#[test]
fn allies_are_passed_enemies_block() {
    // A corridor: Red's A must pass through ally B to reach the far end; Blue's C blocks
    // the other corridor.
    let l = level::load(&repo("tests/fixtures/corridor.ron")).unwrap();
    let mut b = Battle::new(l, 1, vec![10, 1, 1]).unwrap();
    let a = UnitId(0);
    assert_eq!(b.current(), Some(a));
    b.submit(Command::Move {
        unit: a,
        to: Cell::new(4, 1),
    })
    .unwrap();
    assert_eq!(b.pos(a), Cell::new(4, 1));
    let (path, _) = (vec![Cell::new(0, 1), Cell::new(1, 1)], 0);
    assert!(b.log().iter().any(
        |l| matches!(&l.event, Event::Moved { from, to, .. } if *from == path[0] && *to == path[1])
    ));
    // Row 3 is reachable round the wall's end, but enemy C at (1, 3) blocks the way on.
    assert!(b.path_to(a, Cell::new(2, 3)).is_some());
    assert!(b.path_to(a, Cell::new(0, 3)).is_none());
}

#[test]
fn typed_slots_trade_down() {
    use skirmish_rules::components::{Cost, Pool, Pools, Refresh, Slot};
    let slot = Pool::Slot;
    // A Move may be paid by a Standard; a Quick by a Move, then a Standard.
    let mv = Cost::of(slot(Slot::Move), 1).or(slot(Slot::Standard), 1);
    let quick = Cost::of(slot(Slot::Quick), 1)
        .or(slot(Slot::Move), 1)
        .or(slot(Slot::Standard), 1);
    let payer = |p: &Pools, c: &Cost| p.pick(c).map(|alt| alt[0].0);
    let turn = Refresh::OwnTurnStart;
    let mut budget = Pools::new()
        .with(slot(Slot::Standard), 1, turn)
        .with(slot(Slot::Move), 1, turn)
        .with(slot(Slot::Quick), 1, turn);
    assert_eq!(payer(&budget, &quick), Some(slot(Slot::Quick)));
    budget.set_left(slot(Slot::Quick), 0);
    assert_eq!(payer(&budget, &quick), Some(slot(Slot::Move)));
    budget.set_left(slot(Slot::Move), 0);
    assert_eq!(payer(&budget, &quick), Some(slot(Slot::Standard)));
    assert_eq!(payer(&budget, &mv), Some(slot(Slot::Standard)));
    budget.set_left(slot(Slot::Standard), 0);
    assert_eq!(payer(&budget, &mv), None);
    // melee-zone's 1 AA + 1 MA + 2 BA is the same shape.
    let mz = Pools::new()
        .with(slot(Slot::Attack), 1, turn)
        .with(slot(Slot::Move), 1, turn)
        .with(slot(Slot::Bonus), 2, turn);
    assert_eq!(mz.left(slot(Slot::Bonus)), 2);
}

#[test]
fn ongoing_damage_saves_and_durations_at_end_of_turn() {
    use skirmish_rules::components::ConditionKind;
    let l = level::load(&repo("tests/fixtures/bleeding.ron")).unwrap();
    // Initiative: Brakka 1, Sable 10. Sable's first turn end: bleed d4 3, save d20 5
    // (fails against 11); second: bleed 2, save 15 (ends Stunned).
    let mut b = Battle::new(l, 5, vec![1, 10, 3, 5, 2, 15]).unwrap();
    let has = |b: &Battle, k| {
        b.get::<skirmish_rules::components::Conditions>(SABLE)
            .is_some_and(|c| c.has(k))
    };
    let stunned = |b: &Battle| has(b, ConditionKind::Stunned);
    let bleeding = |b: &Battle| has(b, ConditionKind::Bleeding);
    assert_eq!(b.current(), Some(SABLE));
    b.submit(Command::EndTurn { unit: SABLE }).unwrap();
    assert_eq!(b.hp(SABLE), 20 - 3);
    assert!(bleeding(&b));
    assert!(stunned(&b), "a failed save keeps the condition");
    b.submit(Command::EndTurn { unit: BRAKKA }).unwrap();
    assert_eq!(
        b.hp(SABLE),
        17,
        "bleeding hurts only at the bearer's turn end"
    );
    let from = b.log().len();
    b.submit(Command::EndTurn { unit: SABLE }).unwrap();
    assert_eq!(b.hp(SABLE), 15);
    assert!(!bleeding(&b));
    assert!(!stunned(&b), "a save of 15 against 11 ends it");
    let ev = new_events(&b, from);
    assert!(ev.iter().any(|e| matches!(e, Event::Save { roll, target_number: 11, success: true, .. } if roll.faces == vec![15])));
    let dmg = ev
        .iter()
        .position(|e| matches!(e, Event::Damage { .. }))
        .unwrap();
    let gone = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::ConditionRemoved {
                    kind: ConditionKind::Bleeding,
                    ..
                }
            )
        })
        .unwrap();
    let ended = ev
        .iter()
        .position(|e| matches!(e, Event::TurnEnded { .. }))
        .unwrap();
    assert!(dmg < gone && gone < ended);
    // A third turn end: no more damage.
    b.submit(Command::EndTurn { unit: BRAKKA }).unwrap();
    b.submit(Command::EndTurn { unit: SABLE }).unwrap();
    assert_eq!(b.hp(SABLE), 15);
}

#[test]
fn each_ruleset_has_its_own_initiative_and_budgets() {
    use skirmish_rules::components::{Pool, Refresh, Slot, Stat, Stats};
    use skirmish_rules::rulesets::RulesetId;
    let stats = Stats(
        [
            (Stat::Agility, 47),
            (Stat::Dex, 15),
            (Stat::Band, 3),
            (Stat::Proficiency, 2),
        ]
        .into_iter()
        .collect(),
    );
    let init = |r: RulesetId| {
        let i = r.initiative(&stats);
        (
            i.dice.map(|d| d.to_string()),
            i.modifiers.iter().map(|m| m.value).sum::<i32>(),
            i.rolloff.is_some(),
            i.pcs_first,
        )
    };
    assert_eq!(init(RulesetId::Flow), (Some("1d10".into()), 4, true, false));
    assert_eq!(
        init(RulesetId::TacticalD20),
        (Some("1d20".into()), 2, false, true)
    );
    assert_eq!(
        init(RulesetId::Counters),
        (Some("1d20".into()), 18, false, false)
    );
    assert_eq!(init(RulesetId::Escalation), (None, 3, false, true));
    assert_eq!(init(RulesetId::MeleeZone), (None, 47, false, false));

    let refresh = |p: &skirmish_rules::components::Pools, pool| p.get(pool).map(|s| s.refresh);
    let p = RulesetId::Flow.pools(&stats);
    assert_eq!(
        (
            p.left(Pool::Ap),
            p.left(Pool::Reaction),
            refresh(&p, Pool::Reaction)
        ),
        (5, 2, Some(Refresh::OwnTurnStart))
    );
    let p = RulesetId::TacticalD20.pools(&stats);
    assert_eq!(p.left(Pool::Slot(Slot::Standard)), 1);
    assert_eq!(p.left(Pool::Slot(Slot::Quick)), 1);
    assert_eq!(p.left(Pool::Reaction), 1);
    let p = RulesetId::MeleeZone.pools(&stats);
    assert_eq!(p.left(Pool::Slot(Slot::Bonus)), 2);
    assert_eq!(
        (p.left(Pool::FreeHits), refresh(&p, Pool::FreeHits)),
        (48, Some(Refresh::RoundStart))
    );
    let p = RulesetId::Counters.pools(&stats);
    assert_eq!(
        (
            p.left(Pool::SkillDice),
            p.get(Pool::SkillDice).map(|s| s.cap),
            refresh(&p, Pool::SkillDice),
            p.left(Pool::Movement)
        ),
        (2, Some(2), Some(Refresh::RoundStart), 6)
    );
}

/// A level where the two sides are walled off from each other.
fn walled_off(ruleset: &str, extra: &str) -> Battle {
    let src = format!(
        r##"Level(name: "walled", ruleset: "{ruleset}", grid: Square,
        map: ["..#..", "..#..", "..#.."],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Ada", side: "Red", cell: (0, 1), archetype: "fighter"),
                Unit(name: "Bo", side: "Blue", cell: (4, 1), archetype: "fighter")],
        {extra})"##
    );
    let l = level::parse(&src, "walled").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 1, Vec::new()).unwrap()
}

#[test]
fn a_battle_nobody_can_win_ends_in_a_draw_after_ten_quiet_rounds() {
    for ruleset in ["flow", "tactical-d20"] {
        let mut b = walled_off(ruleset, "");
        assert_eq!(b.level().stalemate_rounds, 10);
        let mut turns = 0;
        while let Status::Turn(u) = b.status() {
            b.submit(Command::EndTurn { unit: u }).unwrap();
            turns += 1;
            assert!(turns < 100, "{ruleset}: no end");
        }
        assert_eq!(b.status(), Status::Ended(None), "{ruleset}");
        assert_eq!(b.round(), 10, "{ruleset}");
        let tail: Vec<Event> = b
            .log()
            .iter()
            .rev()
            .take(2)
            .map(|l| l.event.clone())
            .collect();
        assert_eq!(
            tail,
            vec![
                Event::BattleEnded { winner: None },
                Event::Stalemate { rounds: 10 }
            ],
            "{ruleset}"
        );
        // A level may ask for more rounds, or turn the rule off.
        let mut b = walled_off(ruleset, "stalemate_rounds: 3");
        while let Status::Turn(u) = b.status() {
            b.submit(Command::EndTurn { unit: u }).unwrap();
        }
        assert_eq!(b.round(), 3, "{ruleset}");
        let mut b = walled_off(ruleset, "stalemate_rounds: 0");
        for _ in 0..60 {
            let Status::Turn(u) = b.status() else {
                panic!("{ruleset}: ended with the rule off")
            };
            b.submit(Command::EndTurn { unit: u }).unwrap();
        }
        assert!(b.round() > 25, "{ruleset}");
    }
}

#[test]
fn damage_resets_the_stalemate_count() {
    // Flow duel: Sable hits Brakka in round 1; nobody does anything after that. The draw
    // comes ten quiet rounds after the hit: at the end of round 11, not round 10.
    let mut b = duel(GridKind::Square, &[]);
    let Status::Turn(u) = b.status() else {
        panic!()
    };
    assert_eq!(u, SABLE);
    // Walk next to Brakka if needed, then a plain hit for 1.
    let w = b.weapon_for(SABLE, BRAKKA, None);
    if w.is_err() {
        let to = b
            .grid()
            .neighbours(b.pos(BRAKKA))
            .into_iter()
            .find(|&c| b.check(&Command::Move { unit: SABLE, to: c }).is_ok())
            .expect("a cell next to Brakka");
        b.submit(Command::Move { unit: SABLE, to }).unwrap();
        decline_all(&mut b);
    }
    let t = plain_hit_face(&b, SABLE, BRAKKA);
    b.dice_force_for_tests(&[t, 1]);
    attack(&mut b, SABLE, BRAKKA);
    decline_all(&mut b);
    assert!(
        b.log()
            .iter()
            .any(|l| matches!(l.event, Event::Damage { .. })),
        "the hit landed"
    );
    let mut turns = 0;
    while let Status::Turn(u) = b.status() {
        b.submit(Command::EndTurn { unit: u }).unwrap();
        turns += 1;
        assert!(turns < 100);
    }
    assert_eq!(b.round(), 11);
    assert_eq!(b.status(), Status::Ended(None));
}

#[test]
fn a_command_that_fails_halfway_changes_nothing() {
    // Sable hits Brakka (forced face = its target number); Brakka's defence window opens.
    // Declining it rolls the damage, and the forced face 99 does not fit the weapon's
    // die: resolution fails halfway. The battle must be exactly as before the answer —
    // log, HP, whose decision it is and the forced dice still to come — and the same
    // answer fails the same way again.
    let mut b = duel(GridKind::Hex, &[]);
    assert_eq!(b.current(), Some(SABLE));
    let t = plain_hit_face(&b, SABLE, BRAKKA);
    b.dice_force_for_tests(&[t, 99]);
    attack(&mut b, SABLE, BRAKKA);
    assert_eq!(b.status(), Status::AwaitingReaction(BRAKKA));
    let before = format!("{:?}", b.log());
    let (hp, ap, left) = (b.hp(BRAKKA), b.ap(SABLE), b.forced_dice_left());
    assert_eq!(left, 1, "the damage face is still to come");
    let decline = Command::React {
        unit: BRAKKA,
        choice: None,
        commit: 0,
        commits: Vec::new(),
    };
    for _ in 0..2 {
        let e = b.submit(decline.clone()).unwrap_err();
        assert!(matches!(e, Illegal::Dice(_)), "{e}");
        assert_eq!(format!("{:?}", b.log()), before);
        assert_eq!((b.hp(BRAKKA), b.ap(SABLE)), (hp, ap));
        assert_eq!(b.forced_dice_left(), left);
        assert_eq!(b.status(), Status::AwaitingReaction(BRAKKA));
    }
}

#[test]
fn an_attack_out_of_reach_says_so_rather_than_that_the_shield_is_a_shield() {
    use skirmish_rules::components::Slot;
    // Brakka (fighter: longsword and shield) acts first, 5 cells from Sable.
    let units = r#"Unit(name: "Brakka", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Sable", side: "Blue", cell: (5, 0), archetype: "duelist")"#;
    for kind in [GridKind::Hex, GridKind::Square] {
        let mut b = crate::support::flow::arena(kind, 8, 3, units, "", &[10, 1]);
        assert_eq!(b.current(), Some(BRAKKA));
        let e = b
            .submit(Command::Attack {
                slot: None,
                unit: BRAKKA,
                target: SABLE,
                weapon: None,
                aim: None,
            })
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Brakka has no weapon that can reach Sable (longsword has reach 1, target is 5 away)"
        );
        // Asking for the shield by name still says what is wrong with it.
        let e = b
            .submit(Command::Attack {
                slot: None,
                unit: BRAKKA,
                target: SABLE,
                weapon: Some(1),
                aim: None,
            })
            .unwrap_err();
        assert!(e.to_string().ends_with("(shield is a shield)"), "{e}");
        // flow has no action slots: an attack with one says how flow pays instead.
        let e = b
            .submit(Command::Attack {
                slot: Some(Slot::Standard),
                unit: BRAKKA,
                target: SABLE,
                weapon: None,
                aim: None,
            })
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Brakka cannot do that: flow pays for an attack with 2 AP and has no action \
             slots; leave out `slot`"
        );
    }
}
