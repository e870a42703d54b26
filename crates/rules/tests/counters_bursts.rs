//! counters (seed 000), issue 36 wave 4: magical bursts, the last of the seed's
//! "untargeted threats (traps, falling objects, magical bursts)" (`docs/rules/counters.md`,
//! "Magical bursts"), through `Battle::submit` with forced dice on both grids.

use skirmish_rules::ai::AiTactics;
use skirmish_rules::dice::ModKind;
use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::counters::CountersAi;

use crate::counters::counter;
use crate::counters_hazards::{counteract, step};
use crate::counters_spells::{checks, spell_field};
use crate::support::{BOTH, damage, id, since};

/// A rune on (5, 3): DC 13, 2d6 magical, radius 2.
const RUNE: &str =
    r#", hazards: [Hazard(cell: (5, 3), kind: MagicalBurst(dc: 13, damage: "2d6", radius: 2))]"#;

/// All on row 3 (a row's cells are |dx| apart on both grids): the runner steps onto the
/// rune from 2 cells off; Shield (common gear, absorption 6) is 1 cell from it, Warded
/// (the same with magical armour) 2, Plain 3 (out of reach).
const ROW: &str = r#"Unit(name: "Runner", side: "Blue", cell: (3, 3), archetype: "runner"),
    Unit(name: "Shield", side: "Blue", cell: (6, 3), archetype: "shieldbearer"),
    Unit(name: "Warded", side: "Blue", cell: (7, 3), archetype: "shieldbearer", magical_armour: true),
    Unit(name: "Plain", side: "Red", cell: (8, 3), archetype: "plain")"#;

// "Counteraction: Used against untargeted threats (traps, falling objects, magical
// bursts)." + "Common weapons, armor, and shields cannot absorb magical damage; Only
// magical equipment may absorb magical damage." Stepping onto the rune sets it off on
// every unit within its radius; each may counteract, in initiative order, and each one
// hit takes the magical damage, absorbed by magical armour only.
#[test]
fn a_magical_burst_hits_everyone_in_its_radius_each_counteracting_and_only_magical_armour_absorbs()
{
    for kind in BOTH {
        // Initiative: Runner 20, Shield 5, Warded 3, Plain 1. Runner 10 ft + 1 SD: 12 + Agi 2
        // + prof 2 = 16 vs 13. Shield declines: 2d6 4 + 5 = 9, none absorbed. Warded 20 ft:
        // 9 vs 13 + 1 fails: 2d6 6 + 4 = 10, its magical armour absorbs Str 3 + prof 3.
        let mut b = spell_field(kind, ROW, RUNE, &[20, 5, 3, 1, 12, 4, 5, 9, 6, 4]);
        let (r, s, w, p) = (
            id(&b, "Runner"),
            id(&b, "Shield"),
            id(&b, "Warded"),
            id(&b, "Plain"),
        );
        let n = b.log().len();
        step(&mut b, r, Cell::new(5, 3));
        let win = b.window().cloned().expect("the rune bursts");
        assert_eq!(
            (win.reactor, win.options.clone()),
            (r, vec![ReactionKind::Counteraction])
        );
        counteract(&mut b, r, 2, 1).unwrap();
        assert_eq!(b.window().map(|x| x.reactor), Some(s));
        counter(&mut b, s, None, 0, 0);
        assert_eq!(b.window().map(|x| x.reactor), Some(w));
        counteract(&mut b, w, 4, 0).unwrap();
        assert!(b.window().is_none(), "Plain, 3 cells off, is not asked");
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counteraction),
            [(r, 16, 13, Outcome::Success), (w, 9, 14, Outcome::Failure)]
        );
        assert_eq!(damage(&ev), [(s, 9), (w, 4)], "{kind:?}");
        assert_eq!((b.hp(r), b.hp(p)), (40, 40));
        let mods: Vec<Vec<(String, i32)>> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Damage { roll, .. } => Some(
                    roll.modifiers
                        .iter()
                        .filter(|m| m.kind == ModKind::Other)
                        .map(|m| (m.name.to_string(), m.value))
                        .collect(),
                ),
                _ => None,
            })
            .collect();
        assert_eq!(
            mods,
            [
                vec![("magical burst".to_string(), 0)],
                vec![
                    ("magical burst".to_string(), 0),
                    ("absorption (magical armour)".to_string(), -6)
                ],
            ]
        );
        // The same rune as a trap (physical): Shield's common gear absorbs 6 of its 9.
        let trap = RUNE.replace(
            "MagicalBurst(dc: 13, damage: \"2d6\", radius: 2)",
            "Trap(dc: 13, damage: \"2d6\")",
        );
        let units = ROW.replace(
            "(3, 3), archetype: \"runner\"",
            "(9, 5), archetype: \"runner\"",
        );
        let mut b = spell_field(kind, &units, &trap, &[20, 5, 3, 1, 4, 5]);
        let (r, s) = (id(&b, "Runner"), id(&b, "Shield"));
        let end = |b: &mut skirmish_rules::Battle| {
            let u = b.current().unwrap();
            b.submit(skirmish_rules::engine::Command::EndTurn { unit: u })
                .unwrap();
        };
        end(&mut b);
        assert_eq!(b.current(), Some(s));
        let n = b.log().len();
        step(&mut b, s, Cell::new(5, 3));
        counter(&mut b, s, None, 0, 0);
        assert_eq!(damage(&since(&b, n)), [(s, 3)]);
        assert_eq!(b.hp(r), 40);
    }
}

// The AI's move search (`AiTactics::cell_risk`) prices a rune as it does a trap — its
// mean damage less absorption (magical armour only) times the chance a 20 ft
// counteraction fails, plus the 20 ft — and adds what the allies within its radius would
// lose, so a unit does not set one off beside its friends for nothing.
#[test]
fn the_ais_cell_risk_counts_a_bursts_magical_damage_and_the_allies_in_its_radius() {
    for kind in BOTH {
        let b = spell_field(kind, ROW, RUNE, &[20, 5, 3, 1]);
        let (r, w) = (id(&b, "Runner"), id(&b, "Warded"));
        let rune = Cell::new(5, 3);
        let risk = |u| CountersAi.cell_risk(&b, u, rune);
        // The Runner (Agility +2, proficient +2: 11 faces of 20 reach DC 13 + 1): 7 × 0.45
        // for itself + 4 cells × 0.4; its allies in reach, Shield 7 × 0.65 (7 faces reach
        // 14) and Warded (7 − 6 absorbed) × 0.65.
        let own = 7.0 * 0.45 + 4.0 * 0.4;
        let want = own + 7.0 * 0.65 + 1.0 * 0.65;
        assert!((risk(r) - want).abs() < 1e-9, "{kind:?}: {}", risk(r));
        // Magical armour: Warded's own loss is 1 a point, Shield's (common gear) 7.
        let ward_own = 1.0 * 0.65 + 4.0 * 0.4;
        assert!((risk(w) - (ward_own + 7.0 * 0.65 + 7.0 * 0.45)).abs() < 1e-9);
        // No allies in reach: only its own loss.
        let alone = ROW
            .replace(
                "(6, 3), archetype: \"shieldbearer\"",
                "(0, 0), archetype: \"shieldbearer\"",
            )
            .replace(
                "(7, 3), archetype: \"shieldbearer\"",
                "(0, 6), archetype: \"shieldbearer\"",
            );
        let b = spell_field(kind, &alone, RUNE, &[20, 5, 3, 1]);
        let r = id(&b, "Runner");
        assert!((CountersAi.cell_risk(&b, r, rune) - own).abs() < 1e-9);
        assert_eq!(CountersAi.cell_risk(&b, r, Cell::new(4, 3)), 0.0);
    }
}
