//! `tactical-d20` (seed 004): turn structure — the three actions, trading down,
//! movement, initiative, surprise.

use skirmish_rules::components::{ConditionKind, Slot, UnitId};
use skirmish_rules::event::{AttackKind, Event, Outcome, Spend};
use skirmish_rules::grid::GridKind;
use skirmish_rules::{Battle, Command, Illegal, level};

use crate::support::d20::{DUEL, arena, duel, field, open};
use crate::support::{BOTH, id, offers, since};

use super::{attack, end, has_mod, mv, slots_used, swings};

#[test]
fn a_turn_has_one_standard_one_move_one_quick_and_attacks_take_their_penalties() {
    for kind in BOTH {
        // Three attacks: faces 15, 15, 20; damage 1d8 each hit.
        let mut b = duel(kind, &[15, 3, 15, 20, 4, 4]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let n = b.log().len();
        attack(&mut b, c, g, None).unwrap();
        attack(&mut b, c, g, None).unwrap();
        assert_eq!(b.current(), Some(c), "a Quick action is left");
        attack(&mut b, c, g, None).unwrap();
        let ev = since(&b, n);
        let s = swings(&ev);
        let kinds: Vec<AttackKind> = s.iter().map(|s| s.1).collect();
        assert_eq!(
            kinds,
            [
                AttackKind::Normal,
                AttackKind::Secondary,
                AttackKind::Tertiary
            ]
        );
        // BAB 2 + STR 3; Grub is still Surprised (AC 17 − DEX 1 = 16).
        assert_eq!((s[0].3, s[0].4), (15 + 5, 16));
        assert_eq!((s[1].3, s[1].4), (15 + 5 - 5, 16));
        assert!(has_mod(&s[1], "secondary attack -5"));
        assert!(has_mod(&s[2], "tertiary attack -10"));
        assert_eq!(s[1].6, Outcome::Failure, "15 + 0 < 16");
        assert_eq!(s[2].6, Outcome::Critical, "a natural 20 always hits");
        assert_eq!(
            slots_used(&ev),
            [
                (Slot::Standard, Spend::Attack),
                (Slot::Move, Spend::Attack),
                (Slot::Quick, Spend::Attack)
            ]
        );
        // Every slot spent and no movement left: the turn passed to Grub.
        assert_eq!(b.current(), Some(g));
        assert!(ev.contains(&Event::TurnEnded { unit: c }));
    }
}

#[test]
fn trade_down_spends_the_standard_action_for_a_second_move_or_a_secondary_attack() {
    let mut b = duel(GridKind::Square, &[10, 10]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    // Away from Grub: Corwin is not threatened... Grub is surprised and cannot react.
    let n = b.log().len();
    mv(&mut b, c, 4, 0).unwrap();
    mv(&mut b, c, 4, 4).unwrap();
    assert_eq!(
        slots_used(&since(&b, n)),
        [(Slot::Move, Spend::Move), (Slot::Standard, Spend::Move)],
        "the second Advance is paid by the Standard action"
    );
    let e = attack(&mut b, c, g, Some(Slot::Standard)).unwrap_err();
    assert!(
        matches!(
            e,
            Illegal::NoSlot {
                slot: "Standard",
                ..
            }
        ),
        "{e}"
    );
    let e = attack(&mut b, c, g, Some(Slot::Move)).unwrap_err();
    assert!(matches!(e, Illegal::NoSlot { slot: "Move", .. }), "{e}");
    // The Quick action is left: a Tertiary attack.
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(swings(&since(&b, n))[0].1, AttackKind::Tertiary);

    // A Secondary attack paid by the Standard action keeps its −5.
    let mut b = duel(GridKind::Square, &[10]);
    mv(&mut b, c, 4, 5).unwrap();
    let n = b.log().len();
    attack(&mut b, c, g, Some(Slot::Move)).unwrap();
    let ev = since(&b, n);
    assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Attack)]);
    let s = &swings(&ev)[0];
    assert_eq!(s.1, AttackKind::Secondary);
    assert!(has_mod(s, "secondary attack -5"));
}

#[test]
fn advancing_costs_speed_and_difficult_terrain_halves_it() {
    let map = ["..~~~~..", "..~~~~..", "..~~~~..", "..~~~~.."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (0, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (0, 3), archetype: "fighter")"#;
    for kind in BOTH {
        let mut b = field(kind, &map, units, "", &[20, 1]);
        let c = id(&b, "Corwin");
        assert_eq!(
            b.movement_budget(c),
            12,
            "6 for the Move action, 6 more traded down"
        );
        // Through the mud: 1 + 4 × 2 + 2 = 11 > 6, so it takes both Advances.
        let n = b.log().len();
        mv(&mut b, c, 7, 1).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            slots_used(&ev),
            [(Slot::Move, Spend::Move), (Slot::Standard, Spend::Move)]
        );
        let cost: u32 = ev
            .iter()
            .filter_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .sum();
        assert_eq!(cost, 11);
        assert_eq!(b.movement_budget(c), 1);
        let e = mv(&mut b, c, 5, 1).unwrap_err();
        assert!(matches!(e, Illegal::TooFar { .. }), "{e}");
    }
}

#[test]
fn initiative_is_d20_plus_dex_ties_by_modifier_then_human_sides() {
    // Rogue DEX 17 (+3) rolls 10 = 13; fighter DEX 12 (+1) rolls 12 = 13: the rogue wins.
    let units = r#"Unit(name: "F", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "R", side: "Blue", cell: (5, 0), archetype: "rogue")"#;
    let b = arena(GridKind::Square, units, &[12, 10]);
    assert_eq!(b.order(), [id(&b, "R"), id(&b, "F")]);
    // Full tie: the side with a human controller first, though listed second.
    let m = open(8, 3);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let src_units = r#"Unit(name: "A", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "B", side: "Blue", cell: (5, 0), archetype: "fighter")"#;
    let map = rows
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "t", ruleset: "tactical-d20", grid: Square, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c", controller: Ai), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{src_units}])"##
    );
    let l = level::parse(&src, "t").unwrap();
    let b = Battle::new(l, 1, vec![9, 9]).unwrap();
    assert_eq!(b.order(), [id(&b, "B"), id(&b, "A")]);
}

#[test]
fn everyone_is_surprised_until_its_first_turn_and_cannot_react() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        assert!(!b.has(c, ConditionKind::Surprised), "its turn has begun");
        assert!(b.has(g, ConditionKind::Surprised));
        // Corwin walks away from Grub: Grub is surprised and may not react.
        let n = b.log().len();
        mv(&mut b, c, 1, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        end(&mut b);
        assert!(!b.has(g, ConditionKind::Surprised));
    }
}

#[test]
fn a_surprise_round_comes_before_initiative_which_gives_its_side_plus_4() {
    let m = open(16, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let mut b = field(GridKind::Square, &rows, DUEL, r#"surprise: "Blue""#, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.order(), [g], "only the surprising side acts in round 1");
    assert_eq!(b.current(), Some(g));
    assert!(b.has(c, ConditionKind::Surprised));
    // Round 1: Grub attacks the surprised Corwin (AC 16), face 11 hits; damage 2.
    b.dice_force_for_tests(&[11, 2]);
    attack(&mut b, g, c, None).unwrap();
    b.dice_force_for_tests(&[10, 10]);
    b.submit(Command::EndTurn { unit: g }).unwrap();
    // Initiative now: both roll 10 + DEX 1; Grub adds 4 for the surprise round.
    let inits: Vec<(UnitId, i32, Vec<String>)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Initiative { unit, roll } => Some((
                *unit,
                roll.total,
                roll.modifiers.iter().map(|m| m.name.to_string()).collect(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(inits.len(), 2);
    assert_eq!(inits[1].1, 15);
    assert!(inits[1].2.contains(&"surprise round".to_string()));
    assert_eq!(b.round(), 2);
    assert_eq!(b.order(), [g, c]);
    assert_eq!(b.current(), Some(g));
}
