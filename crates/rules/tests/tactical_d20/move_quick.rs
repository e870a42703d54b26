//! `tactical-d20` (seed 004): Move and Quick actions — Charge, Concentrate, Feint,
//! Tumble, Jump, Overrun, Equip, Command.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{Carried, ConditionKind, Slot};
use skirmish_rules::engine::CommonAction;
use skirmish_rules::event::{AttackKind, Event, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Command, Illegal};

use crate::support::d20::{arena, duel, field};
use crate::support::{BOTH, damage, id, offers, since};

use super::{ac_of, act, end, grubs_turn, mv, react, slots_used, swings};

#[test]
fn charge_dashes_straight_at_least_10_ft_then_attacks_at_plus_2_and_lowers_ac() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (7, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (1, 3), archetype: "fighter")"#;
        // Corwin first; Grub and Ogg act before the charge so they are not surprised.
        let mut b = arena(kind, units, &[1, 20, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        let base = ac_of(&b, g, c);
        b.dice_force_for_tests(&[10, 4]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Charge {
                target: g,
                to: None,
            },
        )
        .unwrap();
        // Ogg may react to Corwin leaving its reach; Grub, the charged foe, may not.
        let o_offers = offers(&since(&b, n));
        assert_eq!(o_offers.len(), 1);
        assert_eq!(o_offers[0].0, o);
        react(&mut b, o, None);
        let ev = since(&b, n);
        assert_eq!(
            slots_used(&ev),
            [(Slot::Standard, Spend::Charge), (Slot::Move, Spend::Charge)]
        );
        let s = &swings(&ev)[0];
        assert_eq!(s.1, AttackKind::Charge);
        assert_eq!(s.3, 10 + 5 + 2);
        assert_eq!(damage(&ev), [(g, 4 + 3 + 2)]);
        assert_eq!(b.grid().distance(b.pos(c), b.pos(g)), 1);
        assert_eq!(ac_of(&b, g, c), base - 2, "charging: −2 AC");
    }
    // Too close for a 10 ft dash.
    let b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Charge {
                target: g,
                to: Some(Cell::new(4, 5)),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
}

#[test]
fn concentrate_against_dc_5_plus_5_per_foe_stops_provoking_for_a_round() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        assert_eq!(td::concentrate_dc(&b, g), 10);
        // Endurance: CON +2, 8 + 2 = 10: success.
        b.dice_force_for_tests(&[8]);
        act(&mut b, g, TacticalD20Action::Concentrate).unwrap();
        assert!(b.has(g, ConditionKind::Concentrating));
        let n = b.log().len();
        mv(&mut b, g, 8, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        let _ = c;
    }
}

#[test]
fn feint_against_will_leaves_the_target_surprised_until_the_feinters_next_turn() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let before = ac_of(&b, g, c);
        // Deception: CHA 0 → 14 vs Will 0 + 5.
        b.dice_force_for_tests(&[14, 5]);
        act(&mut b, g, TacticalD20Action::Feint { target: c }).unwrap();
        assert!(b.has(c, ConditionKind::Surprised));
        assert_eq!(ac_of(&b, g, c), before - 1, "no DEX to AC");
        end(&mut b);
        assert!(
            b.has(c, ConditionKind::Surprised),
            "through Corwin's own turn"
        );
        end(&mut b);
        assert!(
            !b.has(c, ConditionKind::Surprised),
            "until Grub's next turn"
        );
    }
}

#[test]
fn tumble_at_half_speed_without_provoking_and_a_failure_provokes() {
    for kind in BOTH {
        // Grub is a rogue: Agility DEX +3 + 4 ranks; DC 5 + 5 (Corwin) = 10.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert_eq!(td::tumble_plan(&b, g, Cell::new(8, 4)).unwrap().1, 10);
        assert!(
            td::tumble_plan(&b, g, Cell::new(9, 4)).is_err(),
            "half speed: 3 cells"
        );
        b.dice_force_for_tests(&[3]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(8, 4),
            },
        )
        .unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Failure: back past Corwin, provoking.
        let mut b = arena(kind, units, &[20, 1]);
        end(&mut b);
        b.dice_force_for_tests(&[1]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        assert_eq!(offers(&since(&b, n)).len(), 1);
        let _ = c;
    }
}

#[test]
fn jump_over_a_pit_after_a_10_ft_run_up_and_a_failure_falls_prone() {
    let map = ["..........", "....__....", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (9, 2), archetype: "fighter")"#;
    // DC 5 + 2 × 5 = 15; Athletics +5 and +2 after the dash: 8 → 15.
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 8]);
    let c = id(&b, "Corwin");
    act(
        &mut b,
        c,
        TacticalD20Action::Jump {
            to: Cell::new(7, 1),
        },
    )
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(7, 1));
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 7]);
    act(
        &mut b,
        c,
        TacticalD20Action::Jump {
            to: Cell::new(7, 1),
        },
    )
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(3, 1), "stopped at the edge");
    assert!(b.has(c, ConditionKind::Prone));
    // No run-up: refused.
    let units2 = r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (9, 2), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units2, "", &[20, 1]);
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Jump {
                to: Cell::new(7, 1),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
}

#[test]
fn overrun_knocks_down_a_foe_that_neither_steps_aside_nor_saves() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        // Athletics 10 + 5 + 2 = 17; Grub declines; Reflex 5 + 1 = 6: prone.
        b.dice_force_for_tests(&[10, 5]);
        act(
            &mut b,
            c,
            TacticalD20Action::Overrun {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(g));
        react(&mut b, g, None);
        assert!(b.has(g, ConditionKind::Prone));
        // The dash goes on past Grub and leaves its reach: that provokes as usual.
        react(&mut b, g, None);
        assert_eq!(b.pos(c), Cell::new(7, 4));
        assert_eq!(b.pos(g), Cell::new(4, 4));
        // Spending the Reaction steps aside instead.
        let mut b = arena(kind, units, &[1, 20]);
        end(&mut b);
        b.dice_force_for_tests(&[10]);
        act(
            &mut b,
            c,
            TacticalD20Action::Overrun {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        react(&mut b, g, Some(ReactionKind::StepAside));
        assert!(!b.has(g, ConditionKind::Prone));
        assert_ne!(b.pos(g).y, 4);
        assert_eq!(b.pos(c), Cell::new(7, 4));
    }
}

#[test]
fn equip_draws_and_stows_as_a_move_action() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword", "shield", "dagger"]),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1]);
    let c = id(&b, "Corwin");
    assert_eq!(b.carried(c, 2), Some(Carried::Stowed));
    let n = b.log().len();
    act(&mut b, c, CommonAction::Draw { item: 2 }).unwrap();
    assert!(b.held(c, 2));
    assert_eq!(slots_used(&since(&b, n)), [(Slot::Move, Spend::Equip)]);
    assert_eq!(b.free_hands(c), 0);
}

#[test]
fn command_says_13_words_at_most() {
    let mut b = duel(GridKind::Square, &[]);
    let c = id(&b, "Corwin");
    let long = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    let e = act(&mut b, c, TacticalD20Action::Command { text: long.into() }).unwrap_err();
    assert_eq!(e, Illegal::TooManyWords(14));
    act(
        &mut b,
        c,
        TacticalD20Action::Command {
            text: "Hold the line!".into(),
        },
    )
    .unwrap();
    assert!(b.log().iter().any(|l| l.event
        == Event::Said {
            unit: c,
            text: "Hold the line!".into()
        }));
    assert_eq!(b.slots(c, Slot::Quick), 0);
}
