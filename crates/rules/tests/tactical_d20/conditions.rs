//! `tactical-d20` (seed 004): flanking, terrain and conditions — high ground, cover,
//! footing, bleeding, unconscious and dying.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Slot, UnitId};
use skirmish_rules::event::{AttackKind, Event};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::{Command, Illegal};

use crate::support::d20::{arena, field};
use crate::support::{BOTH, id, since};

use super::{ac_of, act, attack, end, mv, swings};

#[test]
fn flanking_from_the_exactly_opposite_cell_leaves_the_target_surprised_against_both() {
    for kind in BOTH {
        let grid = skirmish_rules::grid::Grid::new(kind, 16, 9);
        let (g_at, c_at) = (Cell::new(5, 4), Cell::new(4, 4));
        let opp = grid.opposite(c_at, g_at);
        let side = grid
            .neighbours(g_at)
            .into_iter()
            .find(|&n| n != c_at && n != opp && grid.distance(n, c_at) > 1)
            .unwrap();
        for (ally_at, flanked) in [(opp, true), (side, false)] {
            let units = format!(
                r#"Unit(name: "Corwin", side: "Red", cell: ({}, {}), archetype: "fighter"),
                Unit(name: "Tamsin", side: "Red", cell: ({}, {}), archetype: "fighter"),
                Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#,
                c_at.x, c_at.y, ally_at.x, ally_at.y
            );
            // Grub acts first so it is not surprised any more.
            let mut b = arena(kind, &units, &[2, 1, 20]);
            let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
            end(&mut b);
            let n = b.log().len();
            b.dice_force_for_tests(&[2]);
            attack(&mut b, c, g, None).unwrap();
            let s = &swings(&since(&b, n))[0];
            // Rogue AC 15 with DEX +3 in it.
            assert_eq!(
                s.4,
                if flanked { 12 } else { 15 },
                "{kind:?} ally at {ally_at}"
            );
        }
    }
    // A bow cannot flank.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (6, 4), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
    let mut b = arena(GridKind::Square, units, &[2, 1, 20]);
    end(&mut b);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    assert!(
        !td::flanked(&b, c, g, 0),
        "Tamsin threatens nothing with a bow"
    );
    assert!(!td::flanked(&b, t, g, 0));
}

#[test]
fn high_ground_cover_and_footing_give_plus_4() {
    // Corwin on high ground (^) above Grub: +4 to hit. A low wall (=) between Tamsin's
    // bow and Grub: +4 AC. Grub in mud (~) attacked from firm ground: +4 to hit.
    let map = ["....^.....", "...=~.....", "..........", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 0), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (2, 1), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units, "", &[20, 1, 15]);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    let a = td::attack_math(&b, c, g, 0, AttackKind::Normal);
    assert!(
        a.bonus
            .iter()
            .any(|m| m.name == "high ground" && m.value == 4),
        "{:?}",
        a.bonus
    );
    let r = td::attack_math(&b, t, g, 0, AttackKind::Normal);
    assert!(
        r.ac.iter().any(|m| m.name == "cover" && m.value == 4),
        "{:?}",
        r.ac
    );
    assert!(
        r.bonus
            .iter()
            .any(|m| m.name == "firm footing" && m.value == 4)
    );
    // Grub striking up at Corwin: Corwin's AC gets the +4.
    let up = td::attack_math(&b, g, c, 0, AttackKind::Normal);
    assert!(
        up.ac
            .iter()
            .any(|m| m.name == "high ground" && m.value == 4)
    );
}

#[test]
fn defending_behind_a_low_wall_hides_from_ranged_attacks() {
    let map = ["..........", "....=.....", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 2), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Blue", cell: (4, 0), archetype: "rogue", weapons: ["shortbow"])"#;
    // Stealth: DEX +1, 9 + 1 = 10 ≥ 10.
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 9]);
    let (c, t) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    act(&mut b, c, TacticalD20Action::Defend).unwrap();
    assert!(b.has(c, ConditionKind::Cover));
    end(&mut b);
    let e = attack(&mut b, t, c, None).unwrap_err();
    assert_eq!(e, Illegal::Hidden("Corwin".into()));
}

#[test]
fn conditions_forbid_what_the_seed_says() {
    let with = |cond: &str| {
        let units = format!(
            r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", conditions: {{{cond}: UntilRemoved}}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#
        );
        // Crippled rolls its ability damage (two d4) before initiative.
        let dice: &[u32] = if cond == "Crippled" {
            &[2, 2, 20, 1]
        } else {
            &[20, 1]
        };
        arena(GridKind::Square, &units, dice)
    };
    let c = UnitId(0);
    let g = UnitId(1);
    // Stunned: no actions at all.
    let mut b = with("Stunned");
    assert!(matches!(
        attack(&mut b, c, g, None),
        Err(Illegal::Condition {
            condition: "stunned",
            ..
        })
    ));
    assert!(mv(&mut b, c, 2, 4).is_err());
    // Frightened: no offensive actions, but it may move.
    let mut b = with("Frightened");
    assert!(matches!(
        attack(&mut b, c, g, None),
        Err(Illegal::Condition {
            condition: "frightened",
            ..
        })
    ));
    assert!(act(&mut b, c, TacticalD20Action::Trip { target: g }).is_err());
    assert!(mv(&mut b, c, 2, 4).is_ok());
    // Fatigued: half speed, no Athletics, no STR to attack.
    let b = with("Fatigued");
    assert_eq!(td::speed(&b, c), 3);
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Trip { target: g }.into()
        })
        .is_err()
    );
    let a = td::attack_math(&b, c, g, 0, AttackKind::Normal);
    assert_eq!(a.total_bonus(), 2, "BAB 2; STR +3 taken away");
    // Encumbered and Crippled: half speed; Crippled costs 1d4 STR and DEX at once.
    assert_eq!(td::speed(&with("Encumbered"), c), 3);
    let b = with("Crippled");
    assert_eq!(td::speed(&b, c), 3);
    assert_eq!(
        b.stats(c).get(skirmish_rules::components::Stat::Str),
        16 - 2
    );
    // Restrained and Writhing lose the Move action every turn.
    assert_eq!(with("Writhing").slots(c, Slot::Move), 0);
    assert_eq!(with("Restrained").slots(c, Slot::Move), 0);
    // Blind: no ranged attacks; loses DEX to AC.
    let b = with("Blind");
    assert_eq!(ac_of(&b, g, c), 16);
    // Nauseated: no Endurance (Concentrate).
    let b = with("Nauseated");
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Concentrate.into()
        })
        .is_err()
    );
    // Confused: no WIS to Will (a WIS-16 unit).
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", stats: {Wis: 16}, conditions: {Confused: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    assert_eq!(
        td::save(&b, c, td::Save::Will)
            .iter()
            .map(|m| m.value)
            .sum::<i32>(),
        0
    );
}

#[test]
fn bleeding_deals_1d4_each_turn_keeps_a_total_and_survival_patches_it() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "warden", conditions: {Bleeding: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 3]);
    let c = id(&b, "Corwin");
    end(&mut b);
    assert_eq!(b.hp(c), 16 - 3);
    assert_eq!(b.bleed_taken(c), 3);
    end(&mut b);
    b.dice_force_for_tests(&[2]);
    end(&mut b);
    assert_eq!(b.bleed_taken(c), 5, "it accumulates");
    end(&mut b);
    // Patch: Survival WIS +2, ranks 4: 9 + 6 = 15 ≥ 10 + 5.
    b.dice_force_for_tests(&[9]);
    act(&mut b, c, TacticalD20Action::Patch { ally: c }).unwrap();
    assert!(!b.has(c, ConditionKind::Bleeding));
}

#[test]
fn at_0_hp_a_unit_falls_unconscious_below_0_it_is_dying_and_saves_each_round() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 4),
        Unit(name: "Ogg", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    // Corwin hits Grub for 5 + 3 = 8: HP −4.
    let mut b = arena(GridKind::Square, units, &[20, 2, 1, 15, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(b.hp(g), -4);
    assert!(!b.alive(g));
    assert!(b.has(g, ConditionKind::Unconscious) && b.has(g, ConditionKind::Dying));
    assert_eq!(b.status(), Status::Turn(c), "Ogg still fights");
    // Grub's place in the order: a Fortitude save DC 10 + 4; 5 + 3 + 2 = 10 fails: −5.
    b.dice_force_for_tests(&[5]);
    end(&mut b);
    let saves: Vec<(i32, bool)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Save {
                kind: ConditionKind::Dying,
                target_number,
                success,
                ..
            } => Some((*target_number, *success)),
            _ => None,
        })
        .collect();
    assert_eq!(saves, [(14, false)]);
    assert_eq!(b.hp(g), -5);
    assert_eq!(b.current(), b.find("Ogg"), "a dying unit takes no turn");
    // At −CON (14) it dies.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "ogre"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 1, stats: {Con: 6}),
        Unit(name: "Ogg", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 2, 1, 15, 9]);
    attack(&mut b, UnitId(0), UnitId(1), None).unwrap();
    assert!(b.has(UnitId(1), ConditionKind::Dead));
}
