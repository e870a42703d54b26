//! `tactical-d20` (seed 004): attacks — naturals, crits, damage resistance, size, range.

use skirmish_rules::Command;
use skirmish_rules::engine::CommonAction;
use skirmish_rules::event::{Event, Outcome};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;

use crate::support::d20::{arena, duel};
use crate::support::{BOTH, damage, id, since};

use super::{act, attack, end, has_mod, swings};

#[test]
fn natural_20_hits_natural_1_misses_crits_multiply_the_dice_and_str_is_added() {
    // Face 19 (longsword 19–20): a critical hit; 2d8 = 4 + 5, + STR 3.
    let mut b = duel(GridKind::Hex, &[19, 4, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].6, Outcome::Critical);
    let Some(Event::Damage { roll, amount, .. }) =
        ev.iter().find(|e| matches!(e, Event::Damage { .. }))
    else {
        panic!("no damage");
    };
    assert_eq!(roll.expr.count, 2, "the damage dice are doubled");
    assert_eq!(*amount, 4 + 5 + 3);
    // A natural 1 misses even a helpless target.
    let mut b = duel(GridKind::Hex, &[1]);
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(swings(&since(&b, n))[0].6, Outcome::CriticalFailure);
}

#[test]
fn a_crit_with_a_weapon_the_attacker_is_not_proficient_with_deals_normal_dice() {
    // Corwin hands his longsword to the rogue Tamsin, who crits with it: one die only.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword"]),
        Unit(name: "Tamsin", side: "Red", cell: (4, 3), archetype: "rogue", weapons: ["shortsword"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 3), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 1]);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    act(&mut b, t, CommonAction::Sheathe { item: 0 }).unwrap_err(); // not its turn
    act(&mut b, c, TacticalD20Action::Give { item: 0, ally: t }).unwrap();
    assert!(!b.held(c, 0));
    end(&mut b);
    // Tamsin: the longsword is item 1, held. Face 20: a crit, but not proficient.
    b.dice_force_for_tests(&[20, 6]);
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: t,
        target: g,
        weapon: Some(1),
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].6, Outcome::Critical);
    assert_eq!(damage(&ev), [(g, 6)], "1d8 = 6, STR +0, not doubled");
    assert!(!td::proficient(&b, t, 1));
    assert!(td::proficient(&b, t, 0));
}

#[test]
fn damage_resistance_applies_after_damage() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", stats: {Dr: 3})"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 15, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(damage(&since(&b, n)), [(g, 5 + 3 - 3)]);
}

#[test]
fn size_changes_the_attack_roll_and_large_creatures_reach_10_ft() {
    for kind in BOTH {
        let units = r#"Unit(name: "Grub", side: "Blue", cell: (4, 4), archetype: "ogre"),
            Unit(name: "Corwin", side: "Red", cell: (6, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1, 10, 1]);
        let (g, c) = (id(&b, "Grub"), id(&b, "Corwin"));
        assert!(b.threatens(g, b.pos(c)), "Large: reach 2");
        let n = b.log().len();
        attack(&mut b, g, c, None).unwrap();
        let s = &swings(&since(&b, n))[0];
        assert!(has_mod(s, "size -1"), "{:?}", s.5);
        // BAB 3 + STR 5 − 1.
        assert_eq!(s.3, 10 + 7);
    }
}

#[test]
fn ranged_attacks_take_minus_2_per_range_increment_beyond_the_first() {
    let units = r#"Unit(name: "Tamsin", side: "Red", cell: (0, 0), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (14, 0), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 10]);
    let (t, g) = (id(&b, "Tamsin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, t, g, None).unwrap();
    let s = &swings(&since(&b, n))[0];
    // 14 cells, increment 12: the second increment, −2. BAB 1 + DEX 3.
    assert!(has_mod(s, "range ×2 -2"), "{:?}", s.5);
    assert_eq!(s.3, 10 + 1 + 3 - 2);
}
