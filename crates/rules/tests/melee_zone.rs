//! melee-zone (seed 003, "Combat rules"), wave 1: each rule through `Battle::submit`
//! with forced dice, the seed's line quoted above its test (`docs/rules/melee-zone.md`
//! maps rule → code → test).

use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, SideId, Slot};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Command, CommonAction, Illegal};
use skirmish_rules::event::{AttackKind, ChainKind, Event, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
use skirmish_rules::rulesets::ui::act;

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, offers, since};

/// Ash (duelist: Agility 3, Accuracy 3, Strength 0, shortsword 1d6) next to Bly
/// (soldier: Agility 1, Accuracy 2, Strength 2, longsword 1d8, 24 HP). Ash acts first.
const PAIR: &str = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
    Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier")"#;

fn d20(face: u32, mods: &[(&'static str, i32)]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(1, 20), vec![face]);
    for (n, v) in mods {
        r = r.with(Modifier::new(ModKind::Skill, *n, *v));
    }
    r
}

fn spent(unit: skirmish_rules::components::UnitId, slot: Slot, amount: i32, on: Spend) -> Event {
    Event::Spent {
        unit,
        pool: Pool::Slot(slot),
        amount,
        on,
        left: 0,
    }
}

fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

// "A turn = 1AA, 1MA, 2BA" — and "Your FHS is determined by your Agility modifier plus 1".
#[test]
fn a_turn_is_one_attack_one_move_and_two_bonus_actions() {
    for kind in BOTH {
        let b = arena(kind, PAIR, &[]);
        let ash = id(&b, "Ash");
        let started = b.log().iter().find_map(|l| match &l.event {
            Event::TurnStarted { unit, pools } if *unit == ash => Some(pools.clone()),
            _ => None,
        });
        assert_eq!(
            started,
            Some(vec![
                (Pool::Slot(Slot::Attack), 1),
                (Pool::Slot(Slot::Move), 1),
                (Pool::Slot(Slot::Bonus), 2),
                (Pool::Movement, 0),
                (Pool::FreeHits, 4),
            ])
        );
        assert_eq!(b.pool(id(&b, "Bly"), Pool::FreeHits), 2, "Agility 1 + 1");
    }
}

// "The unit with the highest Agility modifier takes the first turn … if someone initiates
// combat by attacking before the battle officially starts, they are placed last".
#[test]
fn initiative_is_agility_high_to_low_ties_in_level_order_the_initiator_last() {
    let units = r#"Unit(name: "Sol", side: "Red", cell: (1, 1), archetype: "soldier"),
    Unit(name: "Ban", side: "Blue", cell: (8, 1), archetype: "bandit"),
    Unit(name: "Duo", side: "Blue", cell: (8, 3), archetype: "duelist", initiator: true),
    Unit(name: "Bru", side: "Red", cell: (1, 3), archetype: "brute"),
    Unit(name: "Due", side: "Red", cell: (1, 5), archetype: "duelist")"#;
    for kind in BOTH {
        let b = arena(kind, units, &[]);
        let order: Vec<&str> = b.order().iter().map(|&u| b.name(u)).collect();
        // Due (3), then Sol and Ban (1, level order), Bru (−1), and Duo (3) last.
        assert_eq!(order, ["Due", "Sol", "Ban", "Bru", "Duo"]);
    }
}

// "roll a twenty-sided die (d20) and add your Accuracy modifier. If the total equals or
// exceeds the target's Agility modifier plus 10, your attack successfully hits".
#[test]
fn an_attack_hits_on_agility_plus_10_and_deals_the_weapon_plus_strength() {
    for kind in BOTH {
        // d20 8 + Accuracy 3 = 11 against 10 + 1: a hit; 1d6 4 + Strength 0.
        let mut b = arena(kind, PAIR, &[8, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(
            since(&b, n),
            [
                spent(ash, Slot::Attack, 1, Spend::Attack),
                Event::Attack {
                    attacker: ash,
                    target: bly,
                    weapon: "shortsword".into(),
                    kind: AttackKind::Normal,
                    roll: d20(8, &[("Accuracy mod", 3)]),
                    target_number: 11,
                    outcome: Outcome::Success,
                    against: vec![
                        Modifier::new(ModKind::Other, "base", 10),
                        Modifier::new(ModKind::Skill, "Agility mod", 1),
                    ],
                },
                Event::Damage {
                    unit: bly,
                    source: Some(ash),
                    roll: Roll::from_faces(DiceExpr::new(1, 6), vec![4]).with(Modifier::new(
                        ModKind::Skill,
                        "Strength mod",
                        0
                    )),
                    amount: 4,
                    hp_after: 20,
                },
            ]
        );
        // One below: 7 + 3 = 10 misses; no damage die is rolled.
        let mut b = arena(kind, PAIR, &[7]);
        let n = b.log().len();
        b.submit(attack(ash, bly, None)).unwrap();
        let ev = since(&b, n);
        assert!(matches!(
            ev[1],
            Event::Attack {
                outcome: Outcome::Failure,
                target_number: 11,
                ..
            }
        ));
        assert_eq!(ev.len(), 2);
        // One Attack Action a turn.
        let e = b.submit(attack(ash, bly, None)).unwrap_err();
        assert!(matches!(e, Illegal::NoSlot { slot: "Attack", .. }), "{e}");
    }
}

// "Flat footed characters are a 5 to hit, regardless of what their agility may be …
// When you are prone you are semi flat footed. You are a 5 to hit plus your agility mod."
// "While prone you cannot dodge attacks".
#[test]
fn flat_footed_is_hit_on_5_and_prone_on_5_plus_agility_without_evade() {
    for (cond, tn) in [("FlatFooted", 5), ("Prone", 6)] {
        let units = format!(
            r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
            Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {{{cond}: UntilRemoved}})"#
        );
        for kind in BOTH {
            // d20 2 + 3 = 5: hits only the flat-footed.
            let mut b = arena(kind, &units, &[2, 1]);
            let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
            let n = b.log().len();
            b.submit(attack(ash, bly, None)).unwrap();
            let ev = since(&b, n);
            let Event::Attack {
                target_number,
                outcome,
                ..
            } = &ev[1]
            else {
                panic!("{ev:?}")
            };
            assert_eq!(*target_number, tn, "{cond}");
            assert_eq!(*outcome == Outcome::Success, tn == 5, "{cond}");
        }
    }
    // Evade's +1 dodge does not help a prone unit: end Ash's turn, Bly evades then is hit
    // on 6 all the same in round 2.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {Prone: UntilRemoved})"#;
    let mut b = arena(GridKind::Square, units, &[3, 1]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    end(&mut b);
    b.submit(act(bly, MeleeZoneAction::Evade)).unwrap();
    end(&mut b);
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    assert!(matches!(
        since(&b, n)[1],
        Event::Attack {
            target_number: 6,
            outcome: Outcome::Success,
            ..
        }
    ));
}

/// The multiple of the damage after a natural 20 and the chain `chain`.
fn crit_with(kind: GridKind, chain: &[u32]) -> (Vec<Event>, Battle) {
    let mut dice = vec![20];
    dice.extend_from_slice(chain);
    dice.push(5); // the shortsword's d6, when rolled
    let mut b = arena(kind, PAIR, &dice);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let n = b.log().len();
    b.submit(attack(ash, bly, None)).unwrap();
    (since(&b, n), b)
}

// "When you roll a natural 20 … you double the damage dealt. If it's a super critical, you
// double the damage a second time. If the super critical escalates to a 6 … the targeted
// foe is defeated instantly" — "roll a d4 … If you roll a 4, roll a d6. If it lands on 6,
// roll a d8, and so on."
#[test]
fn a_natural_20_doubles_a_super_critical_doubles_again_and_a_6_defeats_outright() {
    for kind in BOTH {
        // d4 3: a critical hit, 5 × 2.
        let (ev, b) = crit_with(kind, &[3]);
        let ash = id(&b, "Ash");
        assert_eq!(
            ev[2],
            Event::Chain {
                unit: ash,
                kind: ChainKind::Critical,
                dice: vec![4],
                faces: vec![3],
                steps: 0
            }
        );
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 10)]);
        // d4 4, d6 2: a super critical, 5 × 4.
        let (ev, b) = crit_with(kind, &[4, 2]);
        assert!(matches!(&ev[2], Event::Chain { faces, steps: 1, .. } if *faces == vec![4, 2]));
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 20)]);
        // d4 4, d6 6, d8 8, d10 3: defeated outright, every step logged, no damage die.
        let (ev, b) = crit_with(kind, &[4, 6, 8, 3]);
        assert!(matches!(&ev[2], Event::Chain { dice, faces, steps: 3, .. }
            if *dice == vec![4, 6, 8, 10] && *faces == vec![4, 6, 8, 3]));
        assert_eq!(damage(&ev), [(id(&b, "Bly"), 24)]);
        assert!(ev.contains(&Event::Down {
            unit: id(&b, "Bly")
        }));
        assert_eq!(b.status(), Status::Ended(Some(SideId(0))));
        assert_eq!(b.forced_dice_left(), 1, "the d6 was never rolled");
    }
}

// "When you roll a natural 1 while attacking a unit, not only do you miss your attack, but
// if you were within that unit's melee zone, the unit immediately gains an opportunity to
// strike back with a free hit against you."
#[test]
fn a_natural_1_misses_and_the_target_may_take_a_free_hit_with_a_slot() {
    for kind in BOTH {
        // d20 1, d4 2 (no tragedy); Bly's free hit: d20 15, 1d8 3 + 2.
        let mut b = arena(kind, PAIR, &[1, 2, 15, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(attack(ash, bly, None)).unwrap();
        let w = b.window().expect("a free hit is offered").clone();
        assert_eq!(w.reactor, bly);
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: ash,
                tragedy: 0
            }
        );
        assert_eq!(w.options, [ReactionKind::FreeHit]);
        let n = b.log().len();
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(
            matches!(&ev[0], Event::Reacted { paid, .. } if *paid == vec![(Pool::FreeHits, 1)])
        );
        assert!(
            matches!(ev[1], Event::Attack { attacker, kind: AttackKind::Reaction, .. } if attacker == bly)
        );
        assert_eq!(damage(&ev), [(ash, 5)]);
        assert_eq!(b.pool(bly, Pool::FreeHits), 1, "2 − 1");
    }
    // Out of its zone (a bow from afar): nothing is offered.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 3), archetype: "skirmisher"),
        Unit(name: "Bly", side: "Blue", cell: (6, 3), archetype: "soldier")"#;
    let mut b = arena(GridKind::Square, units, &[1, 2]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    b.submit(attack(ash, bly, None)).unwrap();
    assert!(b.window().is_none());
}

// "If you rolled a tragedy … the unit gains a free critical hit against you, even if it
// doesn't have any remaining Free Hit Slots (FHS) for that round. If the tragedy escalates
// to a 6 … killing you instantly without any further rolls needed."
#[test]
fn a_tragedy_gives_a_free_critical_hit_without_a_slot_and_a_6_kills_the_attacker() {
    // Bly is a brute: Agility −1, so no Free Hit Slots at all; warhammer 1d10 + 3.
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "brute")"#;
    for kind in BOTH {
        // A plain auto fail: no slot, no offer.
        let mut b = arena(kind, units, &[1, 1]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        assert_eq!(b.pool(bly, Pool::FreeHits), 0);
        b.submit(attack(ash, bly, None)).unwrap();
        assert!(b.window().is_none());
        // Tragedy (d4 4, d6 5): a free critical hit, no roll, (1d10 4 + 3) × 2.
        let mut b = arena(kind, units, &[1, 4, 5, 4]);
        b.submit(attack(ash, bly, None)).unwrap();
        let w = b.window().expect("offered without a slot").clone();
        assert_eq!(
            w.trigger,
            Trigger::Fumbled {
                attacker: ash,
                tragedy: 1
            }
        );
        let n = b.log().len();
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(matches!(&ev[0], Event::Reacted { paid, .. } if paid.is_empty()));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Attack { .. })),
            "no roll"
        );
        assert_eq!(damage(&ev), [(ash, 14)]);
        // d4 4, d6 6, d8 2: the attacker is slain outright.
        let mut b = arena(kind, units, &[1, 4, 6, 2]);
        b.submit(attack(ash, bly, None)).unwrap();
        assert_eq!(b.hp(ash), 0);
        assert!(!b.alive(ash));
        assert_eq!(b.status(), Status::Ended(Some(SideId(1))));
    }
}

// "When an enemy moves out of your melee zone … you're limited in the number of free hits
// you can make each round, known as Free Hit Slots (FHS)."
#[test]
fn leaving_a_melee_zone_offers_a_free_hit_paid_with_a_slot() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[15, 2]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(1, 3),
        })
        .unwrap();
        let w = b.window().expect("leaving offers").clone();
        assert_eq!(w.reactor, bly);
        assert!(matches!(w.trigger, Trigger::Leaving { mover, .. } if mover == ash));
        b.submit(Command::React {
            unit: bly,
            choice: Some(ReactionKind::FreeHit),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        assert_eq!(b.pool(bly, Pool::FreeHits), 1);
        assert_eq!(b.hp(ash), 18 - 4, "1d8 2 + 2");
        assert_eq!(b.pos(ash), Cell::new(1, 3), "the move goes on");
    }
}

// "moves more than 2 spaces within your melee zone": the third step within it.
#[test]
fn the_third_step_within_a_zone_offers_a_free_hit_two_do_not() {
    // Square: Bly at (5, 3) threatens the 8 cells around it; Ash walks round it.
    let mut b = arena(
        GridKind::Square,
        r#"Unit(name: "Ash", side: "Red", cell: (4, 2), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (5, 3), archetype: "soldier")"#,
        &[],
    );
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    let n = b.log().len();
    // (4,2) → (5,2) → (6,2): two steps within, no offer.
    b.submit(Command::Move {
        unit: ash,
        to: Cell::new(6, 2),
    })
    .unwrap();
    assert!(offers(&since(&b, n)).is_empty());
    // A new move: (6,2) → (6,3) → (5,4) → (4,4): the third step within offers.
    let n = b.log().len();
    b.submit(Command::Move {
        unit: ash,
        to: Cell::new(4, 4),
    })
    .unwrap();
    let w = b.window().expect("the third step").clone();
    assert_eq!(
        w.trigger,
        Trigger::WithinZone {
            mover: ash,
            steps: 3
        }
    );
    assert_eq!(w.reactor, bly);
    assert_eq!(offers(&since(&b, n)).len(), 1);
}

// "This term refers to the ability to leave enemy melee zones for the round without
// provoking free hits. You can disengage by using either 1 Attack Action (AA) or 2 Bonus
// Actions (BA)".
#[test]
fn disengage_costs_an_attack_action_or_two_bonus_actions_and_provokes_nothing() {
    for kind in BOTH {
        for bonus in [false, true] {
            let mut b = arena(kind, PAIR, &[]);
            let ash = id(&b, "Ash");
            let n = b.log().len();
            b.submit(act(ash, MeleeZoneAction::Disengage { bonus }))
                .unwrap();
            let (slot, amount) = if bonus {
                (Slot::Bonus, 2)
            } else {
                (Slot::Attack, 1)
            };
            assert_eq!(since(&b, n)[0], spent(ash, slot, amount, Spend::Disengage));
            b.submit(Command::Move {
                unit: ash,
                to: Cell::new(1, 3),
            })
            .unwrap();
            assert!(b.window().is_none(), "no free hit");
            let e = b
                .submit(act(ash, MeleeZoneAction::Disengage { bonus: !bonus }))
                .unwrap_err();
            assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
        }
    }
}

// "Increase damage dealt with melee weapons by +1 for that round • Boost chance to hit by
// +1 • Enhance ability to dodge by +1 • Move an additional 2 spaces".
#[test]
fn the_bonus_action_boosts_add_one_each_once_a_turn() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[7, 4]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        b.submit(act(ash, MeleeZoneAction::SteadyAim)).unwrap();
        b.submit(act(ash, MeleeZoneAction::PowerStrike)).unwrap();
        assert_eq!(b.slots(ash, Slot::Bonus), 0);
        let n = b.log().len();
        // d20 7 + 3 + 1 = 11: the Steady Aim makes it a hit; 1d6 4 + 0 + 1.
        b.submit(attack(ash, bly, None)).unwrap();
        let ev = since(&b, n);
        assert!(
            matches!(&ev[1], Event::Attack { roll, outcome: Outcome::Success, .. } if roll.total == 11)
        );
        assert_eq!(damage(&ev), [(bly, 5)]);
        // Sprint: 2 more spaces (8 in all).
        let mut b = arena(kind, PAIR, &[]);
        b.submit(act(ash, MeleeZoneAction::Sprint)).unwrap();
        assert_eq!(b.movement_budget(ash), 8);
        let e = b.submit(act(ash, MeleeZoneAction::Sprint)).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "once a turn: {e}");
        // Evade: +1 to the number to hit Ash until its next turn.
        b.submit(act(ash, MeleeZoneAction::Evade)).unwrap();
        end(&mut b);
        b.dice_force_for_tests(&[12]);
        let n = b.log().len();
        b.submit(attack(bly, ash, None)).unwrap();
        assert!(matches!(
            &since(&b, n)[1],
            Event::Attack {
                target_number: 14,
                outcome: Outcome::Success,
                ..
            }
        ));
    }
}

// "Use one Move Action and both Bonus Actions to gain an additional attack (without feats
// or Strength modifier)".
#[test]
fn the_extra_attack_takes_the_move_and_both_bonus_actions_without_strength() {
    for kind in BOTH {
        // Bly (soldier, Strength 2) attacks Ash twice: d20 12, 1d8 3 (+2); d20 12, 1d8 3.
        let mut b = arena(kind, PAIR, &[12, 3, 12, 3]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        end(&mut b);
        b.submit(attack(bly, ash, None)).unwrap();
        let n = b.log().len();
        b.submit(attack(bly, ash, Some(Slot::Move))).unwrap();
        let ev = since(&b, n);
        assert_eq!(ev[0], spent(bly, Slot::Move, 1, Spend::Attack));
        assert_eq!(ev[1], spent(bly, Slot::Bonus, 2, Spend::Attack));
        assert!(matches!(
            ev[2],
            Event::Attack {
                kind: AttackKind::Secondary,
                ..
            }
        ));
        assert_eq!(damage(&ev), [(ash, 3)], "no Strength modifier");
        assert_eq!(b.hp(ash), 18 - 5 - 3);
    }
}

// "To move (traditionally 6 spaces)"; "When sneaking, swimming, climbing … you move half
// spaces"; "While prone you … move ⅓ of your movement".
#[test]
fn a_move_action_buys_6_spaces_difficult_ground_costs_2_and_prone_a_third() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (0, 0), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (11, 7), archetype: "soldier")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[]);
        let ash = id(&b, "Ash");
        assert_eq!(b.movement_budget(ash), 6);
        let e = b
            .submit(Command::Move {
                unit: ash,
                to: Cell::new(7, 0),
            })
            .unwrap_err();
        assert!(matches!(e, Illegal::TooFar { budget: 6, .. }), "{e}");
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(6, 0),
        })
        .unwrap();
        assert_eq!(b.slots(ash, Slot::Move), 0);
        let b = field(
            kind,
            &["~~~~~~~~~~~~", "~~~~~~~~~~~~"],
            units.replace("(11, 7)", "(11, 1)").as_str(),
            "",
            &[],
        );
        let mut b = b;
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(3, 0),
        })
        .unwrap();
        assert_eq!(b.move_left(ash), 0, "3 spaces of wading cost 6");
        let prone = units.replace(
            "archetype: \"duelist\")",
            "archetype: \"duelist\", conditions: {Prone: UntilRemoved})",
        );
        let b = arena(kind, &prone, &[]);
        assert_eq!(b.movement_budget(id(&b, "Ash")), 2);
    }
}

// "To stand up from a prone position, it requires using one of the following actions: 1
// Attack Action (AA), 1 Move Action (MA), or 1 Bonus Action (BA). Standing up can be done
// regardless of whether it is your turn, but it consumes the action you chose to use from
// your next turn."
#[test]
fn standing_up_takes_a_bonus_action_or_on_a_foes_turn_the_next_turns() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (3, 3), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (4, 3), archetype: "soldier", conditions: {Prone: UntilRemoved})"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        // On Ash's turn: owed from Bly's next Bonus Action.
        let n = b.log().len();
        b.submit(act(bly, CommonAction::StandUp)).unwrap();
        assert_eq!(
            since(&b, n),
            [
                Event::Owed {
                    unit: bly,
                    pool: Pool::Slot(Slot::Bonus),
                    amount: 1
                },
                Event::ConditionRemoved {
                    unit: bly,
                    kind: ConditionKind::Prone,
                    source: None
                },
            ]
        );
        let n = b.log().len();
        end(&mut b);
        let ev = since(&b, n);
        assert!(ev.iter().any(|e| matches!(e, Event::Spent { unit, pool: Pool::Slot(Slot::Bonus), amount: 1, on: Spend::Owed, .. } if *unit == bly)));
        assert_eq!(b.slots(bly, Slot::Bonus), 1);
        let _ = ash;
        // On its own turn: a Bonus Action first.
        let mut b = arena(kind, units, &[]);
        end(&mut b);
        let n = b.log().len();
        b.submit(act(bly, CommonAction::StandUp)).unwrap();
        assert!(matches!(
            since(&b, n)[0],
            Event::Spent {
                pool: Pool::Slot(Slot::Bonus),
                amount: 1,
                on: Spend::StandUp,
                left: 1,
                ..
            }
        ));
        let e = b.submit(act(bly, CommonAction::StandUp)).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    }
}

// "a character may choose to delay their turn in the initiative lineup for the round".
#[test]
fn a_unit_delays_its_turn_for_the_round_only() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (9, 1), archetype: "soldier"),
        Unit(name: "Cal", side: "Blue", cell: (9, 5), archetype: "brute")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[]);
        let (ash, bly, cal) = (id(&b, "Ash"), id(&b, "Bly"), id(&b, "Cal"));
        b.submit(act(ash, MeleeZoneAction::Delay { after: bly }))
            .unwrap();
        assert_eq!(b.order(), [bly, ash, cal]);
        assert_eq!(b.current(), Some(bly));
        end(&mut b);
        assert_eq!(b.current(), Some(ash));
        let e = b
            .submit(act(ash, MeleeZoneAction::Delay { after: bly }))
            .unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
        end(&mut b);
        end(&mut b);
        assert_eq!(b.order(), [ash, bly, cal], "back in the next round");
        assert_eq!(b.current(), Some(ash));
    }
}

// "The battle continues until all units from one team are defeated, flee the battle" —
// fleeing by an exit the level marks.
#[test]
fn a_side_whose_units_all_fled_or_fell_has_lost() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (9, 1), archetype: "soldier")"#;
    for kind in BOTH {
        let row = ".".repeat(12);
        let rows: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
        let mut b = field(kind, &rows, units, "exits: [(0, 1)]", &[]);
        let ash = id(&b, "Ash");
        let e = b.submit(act(ash, MeleeZoneAction::Flee)).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "not on an exit: {e}");
        b.submit(act(ash, MeleeZoneAction::Sprint)).unwrap();
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(0, 1),
        })
        .unwrap();
        b.submit(act(ash, MeleeZoneAction::Flee)).unwrap();
        assert!(!b.alive(ash));
        assert_eq!(b.status(), Status::Ended(Some(SideId(1))));
    }
}

// Free Hit Slots "for that round": spent slots come back when a round starts.
#[test]
fn free_hit_slots_refill_each_round() {
    let mut b = arena(GridKind::Square, PAIR, &[15, 2]);
    let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
    b.submit(Command::Move {
        unit: ash,
        to: Cell::new(1, 3),
    })
    .unwrap();
    b.submit(Command::React {
        unit: bly,
        choice: Some(ReactionKind::FreeHit),
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
    assert_eq!(b.pool(bly, Pool::FreeHits), 1);
    end(&mut b);
    assert_eq!(b.pool(bly, Pool::FreeHits), 1, "not at its own turn");
    end(&mut b);
    assert_eq!(b.pool(bly, Pool::FreeHits), 2, "a new round");
}

/// The shipped levels play to the end under the AI on both grids.
#[test]
fn the_shipped_levels_play_to_the_end_on_both_grids() {
    for file in [
        "levels/melee-zone-crossing.ron",
        "levels/melee-zone-ruins.ron",
    ] {
        for kind in BOTH {
            for seed in [1, 2] {
                let level = skirmish_rules::level::load(&crate::support::repo(file))
                    .unwrap()
                    .with_grid(kind);
                let mut b = Battle::new(level, seed, Vec::new()).unwrap();
                skirmish_rules::ai::play_out(&mut b, 5000);
                assert!(
                    matches!(b.status(), Status::Ended(_)),
                    "{file} {kind:?} {seed}"
                );
            }
        }
    }
}
