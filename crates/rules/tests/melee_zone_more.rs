//! melee-zone wave 1, continued from `melee_zone`: each rule through `Battle::submit` with forced dice, the seed's line above each.

use crate::support::melee_zone::{arena, attack, field};
use crate::support::{BOTH, damage, id, offers, since};
use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, SideId, Slot};
use skirmish_rules::engine::{Command, CommonAction, Illegal};
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::melee_zone::MeleeZoneAction;
use skirmish_rules::rulesets::ui::act;

use super::melee_zone::*;

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

/// The AI's odds (no words) are the preview's numbers: the same hit chance, damage
/// ranges and, where the preview has none, the distributions of `damage_odds`; plain,
/// then with Steady Aim and Power Strike in force, from both sides, on both grids.
#[test]
fn the_ais_odds_are_the_previews_numbers() {
    use skirmish_rules::event::AttackKind;
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[]);
        let (ash, bly) = (id(&b, "Ash"), id(&b, "Bly"));
        for boost in [
            None,
            Some(MeleeZoneAction::SteadyAim),
            Some(MeleeZoneAction::PowerStrike),
        ] {
            if let Some(a) = &boost {
                b.submit(act(ash, a.clone())).unwrap();
            }
            for (u, t) in [(ash, bly), (bly, ash)] {
                let rules = b.rules();
                let w = b.weapon_for(u, t, None).unwrap();
                let words = rules.odds(&b, u, t, w, AttackKind::Normal, true);
                let numbers = rules.odds(&b, u, t, w, AttackKind::Normal, false);
                assert!(!words.detail.is_empty() && numbers.detail.is_empty());
                assert_eq!(
                    (words.hit, words.crit, words.damage, words.crit_damage),
                    (
                        numbers.hit,
                        numbers.crit,
                        numbers.damage,
                        numbers.crit_damage
                    ),
                    "{boost:?} {u:?} on {t:?}"
                );
                let (d, c) = numbers.dists.clone().unwrap();
                let (d2, c2) = rules.damage_odds(&b, u, t, w, AttackKind::Normal).unwrap();
                assert_eq!((d.range(), c.range()), (d2.range(), c2.range()));
                assert_eq!((d.mean(), c.mean()), (d2.mean(), c2.mean()));
            }
        }
    }
}

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

/// "flee the battle": a unit that fled is out of the fight, marked "fled" on its token
/// (the View's `TokenMarks::left`), not as fallen; its side fights on. The log has its
/// words and `Down` (no `Fled`: that is a whole side's flight in escalation).
#[test]
fn a_unit_that_fled_is_marked_fled_not_fallen() {
    let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Cyd", side: "Red", cell: (1, 5), archetype: "duelist"),
        Unit(name: "Bly", side: "Blue", cell: (9, 1), archetype: "soldier")"#;
    for kind in BOTH {
        let row = ".".repeat(12);
        let rows: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
        let mut b = field(kind, &rows, units, "exits: [(0, 1)]", &[]);
        let view = skirmish_rules::rulesets::view_of(&b).unwrap();
        let (ash, cyd, bly) = (id(&b, "Ash"), id(&b, "Cyd"), id(&b, "Bly"));
        assert_eq!(b.current(), Some(ash));
        assert_eq!(view.token_marks(&b, ash).left, None, "up");
        b.submit(act(ash, MeleeZoneAction::Sprint)).unwrap();
        b.submit(Command::Move {
            unit: ash,
            to: Cell::new(0, 1),
        })
        .unwrap();
        let from = b.log().len();
        b.submit(act(ash, MeleeZoneAction::Flee)).unwrap();
        assert!(!b.alive(ash));
        assert!(b.alive(cyd));
        assert!(
            !matches!(b.status(), Status::Ended(_)),
            "Cyd fights on: {:?}",
            b.status()
        );
        assert_eq!(view.token_marks(&b, ash).left, Some("fled"));
        assert_eq!(view.token_marks(&b, cyd).left, None);
        assert_eq!(view.token_marks(&b, bly).left, None);
        let events = since(&b, from);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Down { unit } if *unit == ash)),
            "{events:?}"
        );
        assert!(!events.iter().any(|e| matches!(e, Event::Fled { .. })));
    }
}

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
