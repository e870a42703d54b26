//! `flow` (seed 002): maneuvers and items — Shove, Prone, Grapple and Release, Disarm,
//! Draw and Sheathe.

use skirmish_rules::components::{Carried, ConditionKind, Pool};
use skirmish_rules::engine::{Action, CommonAction, ShoveEffect};
use skirmish_rules::event::{Event, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, Illegal, level};

use crate::support::flow::{arena, attack};
use crate::support::{BOTH, id, offers, since};

use super::{DUEL, act, attacks, end, react};

#[test]
fn shove_pushes_or_knocks_prone_and_hard_success_does_both() {
    for kind in BOTH {
        // Brakka (Athletics 50) shoves Sable (Athletics 45): d100 40 Normal vs 60 fail:
        // push only. Brakka acts first here.
        let mut b = arena(kind, 10, 6, DUEL, "", &[10, 1, 40, 60]);
        let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
        act(
            &mut b,
            k,
            FlowAction::Shove {
                target: s,
                effect: ShoveEffect::Push,
                both: true,
            },
        )
        .unwrap();
        assert_eq!(
            b.pos(s),
            b.grid().opposite(Cell::new(2, 2), Cell::new(3, 2))
        );
        assert!(!b.has(s, ConditionKind::Prone));
        assert!(matches!(
            act(
                &mut b,
                k,
                FlowAction::Shove {
                    target: s,
                    effect: ShoveEffect::Push,
                    both: true
                }
            ),
            Err(Illegal::OncePerRound { .. }) | Err(Illegal::NotAdjacent { .. })
        ));
        // Hard success (d100 20) with both: pushed and prone.
        let mut b = arena(kind, 10, 6, DUEL, "", &[10, 1, 20, 60]);
        act(
            &mut b,
            k,
            FlowAction::Shove {
                target: s,
                effect: ShoveEffect::Prone,
                both: true,
            },
        )
        .unwrap();
        assert_eq!(b.pos(s), Cell::new(4, 2));
        assert!(b.has(s, ConditionKind::Prone));
    }
}

#[test]
fn prone_gives_melee_advantage_blocks_moving_and_standing_up_provokes() {
    // Brakka shoves Sable prone (d100 20 Hard vs 60; both: false → prone only).
    let mut b = arena(GridKind::Hex, 10, 6, DUEL, "", &[10, 1, 20, 60]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    act(
        &mut b,
        k,
        FlowAction::Shove {
            target: s,
            effect: ShoveEffect::Prone,
            both: false,
        },
    )
    .unwrap();
    assert_eq!(b.pos(s), Cell::new(3, 2));
    assert!(b.has(s, ConditionKind::Prone));
    // Melee against a prone target: Advantage (2d100 keep lowest).
    b.dice_force_for_tests(&[90, 95]);
    let start = b.log().len();
    attack(&mut b, k, s);
    assert_eq!(attacks(&since(&b, start))[0].4, 2);
    end(&mut b);
    // Sable cannot walk while prone; standing up provokes Brakka.
    assert!(matches!(
        b.submit(Command::Move {
            unit: s,
            to: Cell::new(5, 2)
        }),
        Err(Illegal::Condition {
            condition: "prone",
            ..
        })
    ));
    let start = b.log().len();
    act(&mut b, s, CommonAction::StandUp).unwrap();
    assert!(matches!(
        b.window().unwrap().trigger,
        Trigger::StandingUp { .. }
    ));
    react(&mut b, k, None);
    assert!(!b.has(s, ConditionKind::Prone));
    assert_eq!(b.ap(s), 4);
    assert_eq!(
        offers(&since(&b, start)),
        vec![(k, vec![ReactionKind::ReactionAttack])]
    );
}

#[test]
fn shove_and_grapple_only_targets_of_own_size_or_smaller() {
    let units = r#"Unit(name: "G", side: "Red", cell: (2, 2), archetype: "goblin"),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 8, 6, units, "", &[10, 1]);
    let (g, f) = (id(&b, "G"), id(&b, "F"));
    for a in [
        Action::from(FlowAction::Shove {
            target: f,
            effect: ShoveEffect::Push,
            both: false,
        }),
        Action::from(FlowAction::Grapple { target: f }),
        Action::from(FlowAction::Disarm {
            target: f,
            item: None,
            send: None,
        }),
    ] {
        assert!(matches!(act(&mut b, g, a), Err(Illegal::TooLarge { .. })));
    }
}

#[test]
fn grapple_holds_both_costs_2_ap_a_round_and_ends_on_a_won_break_free() {
    // Brakka grapples Sable: d100 20 (Hard at 50) vs 40 (Normal at 45) → held.
    let mut b = arena(GridKind::Hex, 10, 6, DUEL, "", &[10, 1, 20, 40]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    act(&mut b, k, FlowAction::Grapple { target: s }).unwrap();
    assert!(b.has(k, ConditionKind::Grappling));
    assert!(b.has(s, ConditionKind::Grappled));
    assert_eq!(b.ap(k), 3);
    assert!(matches!(
        b.submit(Command::Move {
            unit: k,
            to: Cell::new(1, 2)
        }),
        Err(Illegal::Condition { .. })
    ));
    end(&mut b);
    // Sable can only try to break free, once a round: d100 80 (fail) vs 30.
    assert!(matches!(
        b.submit(Command::Attack {
            slot: None,
            unit: s,
            target: k,
            weapon: None,
            aim: None,
        }),
        Err(Illegal::Condition {
            condition: "grappled",
            ..
        })
    ));
    b.dice_force_for_tests(&[80, 30]);
    act(&mut b, s, FlowAction::BreakFree).unwrap();
    assert!(b.has(s, ConditionKind::Grappled));
    assert!(matches!(
        act(&mut b, s, FlowAction::BreakFree),
        Err(Illegal::OncePerRound { .. })
    ));
    end(&mut b);
    // Round 2: keeping the grapple takes 2 of Brakka's 5 AP at once.
    assert_eq!(b.current(), Some(k));
    assert_eq!(b.ap(k), 3);
    assert!(b.log().iter().rev().any(|l| matches!(
        l.event,
        Event::Spent {
            pool: Pool::Ap,
            on: Spend::MaintainGrapple,
            amount: 2,
            ..
        }
    )));
    end(&mut b);
    // Sable breaks free: d100 10 (Hard at 45) vs 30 (Normal at 50).
    b.dice_force_for_tests(&[10, 30]);
    act(&mut b, s, FlowAction::BreakFree).unwrap();
    assert!(!b.has(s, ConditionKind::Grappled));
    assert!(!b.has(k, ConditionKind::Grappling));
}

#[test]
fn disarm_drops_the_weapon_and_items_are_drawn_sheathed_and_picked_up() {
    // Brakka disarms Sable: 2d100 keep highest (Disadvantage) 20, 25 → 25 (Hard at 60);
    // Sable does not defend; Brakka's hands are full (longsword, shield) so the
    // shortsword lands next to Sable.
    let mut b = arena(GridKind::Square, 10, 6, DUEL, "", &[10, 1, 20, 25]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    act(
        &mut b,
        k,
        FlowAction::Disarm {
            target: s,
            item: None,
            send: None,
        },
    )
    .unwrap();
    react(&mut b, s, None);
    react(&mut b, s, None); // lands where the engine put it (farthest from Brakka)
    assert_eq!(b.carried(s, 0), Some(Carried::Gone));
    let (cell, w) = b.ground()[0].clone();
    assert_eq!(w.name, "shortsword");
    assert_eq!(b.grid().distance(cell, b.pos(s)), 1);
    assert!(
        b.log()
            .iter()
            .all(|l| !matches!(l.event, Event::Damage { .. })),
        "a disarm deals no damage"
    );
    end(&mut b);
    // Sable steps onto it and picks it up (1 AP each): held in her free hand.
    act(&mut b, s, FlowAction::Step { to: cell }).unwrap();
    act(&mut b, s, CommonAction::PickUp).unwrap();
    let last = b.weapons(s).len() - 1;
    assert_eq!(b.weapons(s)[last].name, "shortsword");
    assert!(b.held(s, last));
    assert!(b.ground().is_empty());
    assert!(matches!(
        act(&mut b, s, CommonAction::PickUp),
        Err(Illegal::NothingHere(_))
    ));
}

#[test]
fn a_hard_disarm_takes_the_item_into_a_free_hand() {
    // A duelist with only a dagger has a free hand: d100s 20, 25 → Hard → she takes the
    // fighter's longsword.
    let units = r#"Unit(name: "D", side: "Red", cell: (2, 2), archetype: "duelist", weapons: ["dagger"]),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Hex, 8, 6, units, "", &[10, 1, 20, 25]);
    let (d, f) = (id(&b, "D"), id(&b, "F"));
    act(
        &mut b,
        d,
        FlowAction::Disarm {
            target: f,
            item: None,
            send: None,
        },
    )
    .unwrap();
    react(&mut b, f, None);
    assert_eq!(b.weapons(d).last().unwrap().name, "longsword");
    assert!(b.held(d, 1));
    assert_eq!(b.carried(f, 0), Some(Carried::Gone));
    assert!(b.ground().is_empty());
}

#[test]
fn draw_and_sheathe_cost_1_ap_and_need_free_hands() {
    // The archer holds the two-handed shortbow; the dagger starts stowed.
    let units = r#"Unit(name: "A", side: "Red", cell: (2, 2), archetype: "archer"),
        Unit(name: "F", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, 8, 6, units, "", &[10, 1]);
    let (a, f) = (id(&b, "A"), id(&b, "F"));
    assert!(b.held(a, 0) && !b.held(a, 1));
    assert_eq!(b.threat_reach(a), 0, "a bow threatens nothing");
    assert!(matches!(
        act(&mut b, a, CommonAction::Draw { item: 1 }),
        Err(Illegal::Hands {
            need: 1,
            free: 0,
            ..
        })
    ));
    act(&mut b, a, CommonAction::Sheathe { item: 0 }).unwrap();
    act(&mut b, a, CommonAction::Draw { item: 1 }).unwrap();
    assert_eq!(b.ap(a), 3);
    assert_eq!(b.threat_reach(a), 1);
    let e = b
        .submit(Command::Attack {
            slot: None,
            unit: a,
            target: f,
            weapon: Some(0),
            aim: None,
        })
        .unwrap_err();
    assert!(e.to_string().contains("stowed"), "{e}");
}

#[test]
fn release_ends_a_grapple_for_free_and_frees_both() {
    // Brakka grapples Sable (d100 20 vs 40), then lets go: no AP, both may move again.
    let mut b = arena(GridKind::Square, 10, 6, DUEL, "", &[10, 1, 20, 40]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    act(&mut b, k, FlowAction::Grapple { target: s }).unwrap();
    assert!(matches!(
        act(&mut b, s, FlowAction::Release),
        Err(Illegal::NotYourTurn { .. })
    ));
    act(&mut b, k, FlowAction::Release).unwrap();
    assert_eq!(b.ap(k), 3, "Release is free");
    assert!(!b.has(k, ConditionKind::Grappling) && !b.has(s, ConditionKind::Grappled));
    assert!(matches!(
        act(&mut b, k, FlowAction::Release),
        Err(Illegal::NotInCondition { .. })
    ));
    b.submit(Command::Move {
        unit: k,
        to: Cell::new(1, 2),
    })
    .unwrap();
}

#[test]
fn a_shove_into_a_wall_pushes_nobody_but_still_knocks_prone() {
    // Sable stands with a wall behind her: the push fails, prone (Hard, both) lands.
    let src = r##"Level(name: "wall", ruleset: "flow", grid: Square,
        map: ["......", "......", "....#.", "......"],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Brakka", side: "Red", cell: (2, 2), archetype: "fighter"),
                Unit(name: "Sable", side: "Blue", cell: (3, 2), archetype: "duelist")])"##;
    let l = level::parse(src, "wall").unwrap();
    let mut b = Battle::new(l, 1, vec![10, 1, 20, 60]).unwrap();
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    act(
        &mut b,
        k,
        FlowAction::Shove {
            target: s,
            effect: ShoveEffect::Push,
            both: true,
        },
    )
    .unwrap();
    assert_eq!(b.pos(s), Cell::new(3, 2));
    assert!(b.has(s, ConditionKind::Prone));
    assert!(
        !b.log()
            .iter()
            .any(|l| matches!(l.event, Event::Displaced { .. }))
    );
}

#[test]
fn a_hard_disarm_can_send_the_item_to_a_chosen_cell_within_2() {
    // Brakka's hands are full; on a Hard success (2d100 kh1: 20, 25) he sends Sable's
    // shortsword to (5, 2), two cells from her. A cell 3 away would be too far for Hard
    // and the item falls next to her instead.
    for (send, lands_at_send) in [(Cell::new(5, 2), true), (Cell::new(6, 2), false)] {
        let mut b = arena(GridKind::Square, 10, 6, DUEL, "", &[10, 1, 20, 25]);
        let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
        act(
            &mut b,
            k,
            FlowAction::Disarm {
                target: s,
                item: None,
                send: Some(send),
            },
        )
        .unwrap();
        react(&mut b, s, None);
        if b.window().is_some() {
            react(&mut b, s, None); // a Normal landing: the default cell
        }
        let (cell, _) = b.ground()[0].clone();
        if lands_at_send {
            assert_eq!(cell, send);
        } else {
            assert_eq!(b.grid().distance(cell, b.pos(s)), 1);
        }
    }
    // A cell more than 4 away is refused before anything is rolled.
    let mut b = arena(GridKind::Square, 10, 6, DUEL, "", &[10, 1]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    let before = b.log().len();
    assert!(matches!(
        act(
            &mut b,
            k,
            FlowAction::Disarm {
                target: s,
                item: None,
                send: Some(Cell::new(9, 2)),
            }
        ),
        Err(Illegal::OutOfReach { .. })
    ));
    assert_eq!(b.log().len(), before);
}
