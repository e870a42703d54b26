//! `tactical-d20` (seed 004): Standard actions — Assist, Dash, Defend, Disarm, Trip,
//! Push, Sunder, Grapple.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{Carried, ConditionKind, Pool, Slot};
use skirmish_rules::engine::CommonAction;
use skirmish_rules::event::{CheckPurpose, Event, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::{FocusOn, GrappleFollow, TacticalD20Action};
use skirmish_rules::{Command, Illegal};

use crate::support::d20::{arena, duel, field, open};
use crate::support::{BOTH, damage, id, offers, since};

use super::{ac_of, act, attack, contests, end, grubs_turn, mv, react, slots_used, swings};

#[test]
fn assist_gives_an_ally_in_reach_plus_4_until_the_assisters_next_turn() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (4, 3), archetype: "rogue"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[20, 15, 1]);
        let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
        let before = ac_of(&b, g, t);
        act(&mut b, c, TacticalD20Action::Assist { ally: t }).unwrap();
        assert_eq!(ac_of(&b, g, t), before + 4);
        assert_eq!(
            td::save(&b, t, td::Save::Reflex)
                .iter()
                .map(|m| m.value)
                .sum::<i32>(),
            2 + 3 - 3 + 4,
            "base 2 + DEX 3, lost while surprised, + 4"
        );
        let e = act(&mut b, c, TacticalD20Action::Assist { ally: g }).unwrap_err();
        assert!(
            matches!(e, Illegal::NoSlot { .. } | Illegal::Cannot { .. }),
            "{e}"
        );
        end(&mut b);
        end(&mut b);
        end(&mut b);
        assert!(
            !b.has(t, ConditionKind::Assisted),
            "over when Corwin's turn starts"
        );
        // Out of reach: refused.
        let e = act(&mut b, c, TacticalD20Action::Assist { ally: g }).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    }
}

#[test]
fn dash_is_double_speed_in_a_straight_line_or_one_and_a_half_and_provokes() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        // 7 cells straight along the row: allowed (up to 12).
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Dash {
                to: Cell::new(12, 4),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Dash)]);
        assert_eq!(offers(&ev).len(), 1, "leaving Corwin's reach provokes");
        react(&mut b, c, None);
        assert_eq!(b.pos(g), Cell::new(12, 4));
        let moved: u32 = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .sum();
        assert_eq!(moved, 0, "a Dash does not use the Move action's speed");
    }
    // Not straight: at most 9 cells; into difficult terrain: refused.
    let map = ["..............", "..............", "......~~......"];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (13, 2), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units, "", &[20, 1]);
    let c = id(&b, "Corwin");
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(12, 0)
            }
            .into()
        })
        .is_ok()
    );
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(13, 0),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::OutOfReach { .. }), "{e}");
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(6, 2),
            }
            .into(),
        })
        .unwrap_err();
    assert!(
        matches!(e, Illegal::OutOfReach { .. }),
        "difficult terrain: {e}"
    );
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(5, 2)
            }
            .into()
        })
        .is_ok()
    );
}

#[test]
fn defend_guard_and_focus_add_3_2_and_1() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let base = ac_of(&b, g, c);
        act(&mut b, c, TacticalD20Action::Defend).unwrap();
        assert_eq!(ac_of(&b, g, c), base + 3);
        act(&mut b, c, TacticalD20Action::Guard).unwrap();
        assert_eq!(ac_of(&b, g, c), base + 5);
        act(
            &mut b,
            c,
            TacticalD20Action::Focus {
                on: FocusOn::Defence,
            },
        )
        .unwrap();
        assert_eq!(ac_of(&b, g, c), base + 6);
        let fort: i32 = td::save(&b, c, td::Save::Fortitude)
            .iter()
            .map(|m| m.value)
            .sum();
        assert_eq!(fort, 3 + 2 + 3 + 2 + 1);
        // The turn is over (every slot used); the bonuses last until Corwin's next turn.
        assert_eq!(b.current(), Some(g));
        end(&mut b);
        assert_eq!(ac_of(&b, g, c), base);
        // Focus on attack: +1 to hit and to damage.
        b.dice_force_for_tests(&[12, 4]);
        act(
            &mut b,
            c,
            TacticalD20Action::Focus {
                on: FocusOn::Attack,
            },
        )
        .unwrap();
        let n = b.log().len();
        attack(&mut b, c, g, None).unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev)[0].3, 12 + 5 + 1);
        assert_eq!(damage(&ev), [(g, 4 + 3 + 1)]);
    }
}

#[test]
fn disarm_drops_the_item_and_a_failed_one_provokes_the_target() {
    for kind in BOTH {
        // Athletics +5 rolls 12 = 17 vs Grub's Reflex (surprised: 0) 10: success.
        let mut b = duel(kind, &[12, 10]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Disarm {
                target: g,
                item: None,
                send: None,
            },
        )
        .unwrap();
        assert_eq!(b.carried(g, 0), Some(Carried::Gone));
        assert_eq!(b.ground().len(), 1);
        assert_eq!(b.ground()[0].0, b.pos(g));
        // Failure: 2 + 5 = 7 vs 15 (next round Grub is no longer surprised).
        let (mut b, c, g) = grubs_turn(kind, &[2, 15]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Disarm {
                target: c,
                item: None,
                send: None,
            },
        )
        .unwrap();
        assert_eq!(contests(&since(&b, n)), [(CheckPurpose::Disarm, false)]);
        assert_eq!(b.status(), Status::AwaitingReaction(c));
        b.dice_force_for_tests(&[18, 1]);
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        assert_eq!(damage(&since(&b, n)), [(g, 1 + 3)]);
    }
}

#[test]
fn trip_knocks_prone_and_prone_is_minus_4_against_melee_plus_4_against_ranged() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Tamsin", side: "Red", cell: (0, 4), archetype: "rogue", weapons: ["shortbow"]),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 15, 1, 12, 3]);
        let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
        let (melee, ranged) = (ac_of(&b, c, g), ac_of(&b, t, g));
        act(&mut b, c, TacticalD20Action::Trip { target: g }).unwrap();
        assert!(b.has(g, ConditionKind::Prone));
        assert_eq!(ac_of(&b, c, g), melee - 4);
        assert_eq!(ac_of(&b, t, g), ranged + 4);
        end(&mut b);
        end(&mut b);
        // Grub: prone units cannot move; standing up is a Move action and provokes.
        let e = mv(&mut b, g, 8, 4).unwrap_err();
        assert!(
            matches!(
                e,
                Illegal::Condition {
                    condition: "prone",
                    ..
                }
            ),
            "{e}"
        );
        let n = b.log().len();
        act(&mut b, g, CommonAction::StandUp).unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(c));
        react(&mut b, c, None);
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Move, Spend::StandUp)]);
        assert!(!b.has(g, ConditionKind::Prone));
    }
}

#[test]
fn push_moves_target_and_pusher_up_to_half_speed() {
    for kind in BOTH {
        let mut b = duel(kind, &[15, 3]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        assert_eq!(b.pos(g), Cell::new(8, 4), "3 cells straight away");
        assert_eq!(b.pos(c), Cell::new(7, 4), "the pusher follows");
        // Pushing into a wall: only as far as there is room.
        let map = ["......#.", "......#.", "......#."];
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "fighter")"#;
        let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 15, 3]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        assert_eq!(b.pos(g), Cell::new(5, 1));
    }
}

#[test]
fn sunder_damages_a_held_item_by_half_and_breaks_it_at_0() {
    // Attack +5 rolls 15 = 20 vs Reflex 10; damage 1d8 6 + 3 = 9, halved to 4 (sturdy).
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", weapons: ["club"])"#;
    let m = open(10, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let mut b = field(
        GridKind::Square,
        &rows,
        units,
        r#"weapons: {"club": (damage: "1d6", hp: 8)}"#,
        &[20, 1, 15, 10, 6],
    );
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    act(
        &mut b,
        c,
        TacticalD20Action::Sunder {
            target: g,
            item: None,
        },
    )
    .unwrap();
    let ev = since(&b, n);
    let Some(Event::ItemDamaged {
        item,
        amount,
        hp_after,
        ..
    }) = ev.iter().find(|e| matches!(e, Event::ItemDamaged { .. }))
    else {
        panic!("{ev:?}");
    };
    assert_eq!((*item, *amount, *hp_after), (0, 4, 4));
    // Next turn: 8 + 3 = 11, halved to 5: broken.
    end(&mut b);
    end(&mut b);
    b.dice_force_for_tests(&[15, 10, 8]);
    act(
        &mut b,
        c,
        TacticalD20Action::Sunder {
            target: g,
            item: Some(0),
        },
    )
    .unwrap();
    assert_eq!(b.carried(g, 0), Some(Carried::Gone));
    assert_eq!(b.wear(g, 0), 9);
    assert!(
        b.weapon_for(g, c, None).is_err(),
        "nothing left to fight with"
    );
}

#[test]
fn grapple_restrains_both_and_the_turn_check_decides_who_acts() {
    for kind in BOTH {
        // Grapple: 12 + 5 vs Reflex 0 + 5.
        let mut b = duel(kind, &[12, 5]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(&mut b, c, TacticalD20Action::Grapple { target: g }).unwrap();
        assert!(b.has(c, ConditionKind::Restrained) && b.has(g, ConditionKind::Restrained));
        assert_eq!(
            b.slots(c, Slot::Move),
            0,
            "restrained: the Move action is lost"
        );
        assert!(mv(&mut b, c, 3, 4).is_err());
        assert!(
            attack(&mut b, c, g, None).is_err(),
            "restrained: no attacks"
        );
        end(&mut b);
        // Grub's turn: it lost its Move action; it tries to break free: 8 + 5 vs Corwin's
        // Reaction roll 10 + 5: Corwin wins and keeps the grapple.
        assert_eq!(b.slots(g, Slot::Move), 0);
        b.dice_force_for_tests(&[8, 10]);
        let n = b.log().len();
        act(&mut b, g, TacticalD20Action::BreakFree).unwrap();
        let ev = since(&b, n);
        assert_eq!(contests(&ev), [(CheckPurpose::GrappleCheck, false)]);
        assert!(ev.contains(&Event::Reacted {
            reactor: c,
            kind: ReactionKind::Resist,
            paid: vec![(Pool::Reaction, 1)]
        }));
        assert!(b.has(g, ConditionKind::Restrained));
        end(&mut b);
        // Corwin wins his check (15 vs 3) and attacks as part of the grapple: 11 hits.
        b.dice_force_for_tests(&[15, 3, 11, 2]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Attack,
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev).len(), 1);
        assert_eq!(damage(&ev), [(g, 2 + 3)]);
        end(&mut b);
        // A tie (10 + 5 vs 10 + 5, equal bonuses) keeps the grapple and ends Grub's turn.
        b.dice_force_for_tests(&[10, 10]);
        act(
            &mut b,
            g,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Release,
            },
        )
        .unwrap();
        assert!(b.has(g, ConditionKind::Restrained));
        assert_eq!(b.current(), Some(c));
        // Corwin has no Reaction left (spent on the last resist? no: refreshed) — Grub's
        // next win frees both: Corwin releases.
        b.dice_force_for_tests(&[15, 1]);
        act(
            &mut b,
            c,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Release,
            },
        )
        .unwrap();
        assert!(!b.has(c, ConditionKind::Restrained) && !b.has(g, ConditionKind::Restrained));
    }
}
