//! counters (seed 000), wave 2, continued: status effects and ending them, hazards and
//! Counteraction, and the AI's choices on them, through `Battle::submit` with forced dice
//! (`docs/rules/counters.md`, "Ending status effects", "Counteraction", "The AI").

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{ConditionKind, Pool, UnitId};
use skirmish_rules::engine::{Action, CastAt, Command, Commit};
use skirmish_rules::event::{CheckPurpose, Outcome, ReactionKind};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::counters::{CountersAction, EndPay};

use crate::counters::counter;
use crate::counters_spells::{cast, checks, spell_field};
use crate::support::{BOTH, damage, id, since};

pub(crate) fn end_status(
    b: &mut Battle,
    unit: UnitId,
    kind: ConditionKind,
    pay: EndPay,
) -> Result<(), String> {
    b.submit(Command::Act {
        unit,
        action: Action::Counters(CountersAction::EndStatus { kind, pay }),
    })
    .map(|_| ())
    .map_err(|e| e.to_string())
}

pub(crate) fn step(b: &mut Battle, unit: UnitId, to: Cell) {
    b.submit(Command::Move { unit, to })
        .unwrap_or_else(|e| panic!("{e}"));
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

/// Answer a Counteraction window with `cells` of movement and `dice` skill dice.
pub(crate) fn counteract(
    b: &mut Battle,
    unit: UnitId,
    cells: u32,
    dice: u32,
) -> Result<(), String> {
    let mut commits = vec![Commit {
        part: 0,
        pool: Pool::Movement,
        amount: cells,
    }];
    if dice > 0 {
        commits.push(Commit {
            part: 1,
            pool: Pool::SkillDice,
            amount: dice,
        });
    }
    b.submit(Command::React {
        unit,
        choice: Some(ReactionKind::Counteraction),
        commit: 0,
        commits,
    })
    .map(|_| ())
    .map_err(|e| e.to_string())
}

const GRAPPLE: &str = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
    Unit(name: "Runner", side: "Blue", cell: (4, 3), archetype: "runner")"#;

// "To end an escapable effect (e.g., Grappled, Restrained, Charmed): Spend one of: 2 SD,
// 20ft movement, 1 SD + 10ft movement. Then: Roll 1d20 + appropriate ability modifier
// (+ proficiency if applicable); Beat the DC or contested roll of the source." Grappled
// keeps the runner from moving; the mage's DC is 10 + Int 3 + prof 2 = 15.
#[test]
fn grappled_stops_moving_and_ends_with_1_sd_and_10_ft_or_20_ft_then_d20_against_the_dc() {
    for kind in BOTH {
        // Grasping Hand: 15 + 5 = 20 vs Passive Dodge 14 + 2 = 16. End Status: 12, then 15.
        let mut b = spell_field(kind, GRAPPLE, "", &[20, 5, 15, 12, 15]);
        let (m, r) = (id(&b, "Mage"), id(&b, "Runner"));
        cast(&mut b, m, "Grasping Hand", CastAt::Unit(r));
        counter(&mut b, r, None, 0, 0);
        assert!(b.has(r, ConditionKind::Grappled));
        assert_eq!(b.condition_source(r, ConditionKind::Grappled), Some(m));
        end(&mut b);
        assert_eq!(b.current(), Some(r));
        let moved = b.submit(Command::Move {
            unit: r,
            to: Cell::new(5, 3),
        });
        assert!(moved.is_err_and(|e| e.to_string().contains("Grappled")));
        // 1 SD + 10 ft: 12 + Str 0 + 0 = 12 < 15.
        let n = b.log().len();
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::DieAndMove10).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::BreakFree),
            [(r, 12, 15, Outcome::Failure)]
        );
        assert_eq!((b.pool(r, Pool::SkillDice), b.move_left(r)), (2, 4));
        assert!(b.has(r, ConditionKind::Grappled));
        // 20 ft: 15 reaches 15.
        end_status(&mut b, r, ConditionKind::Grappled, EndPay::Move20).unwrap();
        assert!(!b.has(r, ConditionKind::Grappled));
        assert_eq!((b.pool(r, Pool::SkillDice), b.move_left(r)), (2, 0));
        // No more movement, and nothing left to end: refused, nothing changes.
        let n = b.log().len();
        let e = end_status(&mut b, r, ConditionKind::Grappled, EndPay::TwoDice).unwrap_err();
        assert!(e.contains("not Grappled"), "{e}");
        assert_eq!(b.log().len(), n);
    }
}

// Restrained (Binding Vines): no moving, attacking or casting; Charmed: no attacking its
// charmer, any other foe still (docs: "Status effects", a choice).
#[test]
fn restrained_stops_attacks_and_charmed_spares_only_the_charmer() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (3, 3), archetype: "mage"),
            Unit(name: "Thug", side: "Red", cell: (5, 3), archetype: "plain"),
            Unit(name: "Plain", side: "Blue", cell: (4, 3), archetype: "plain")"#;
        // Charm: 10 + 5 = 15 vs DC 13.
        let mut b = spell_field(kind, units, "", &[20, 15, 5, 10]);
        let (m, t, p) = (id(&b, "Mage"), id(&b, "Thug"), id(&b, "Plain"));
        cast(&mut b, m, "Charm", CastAt::Unit(p));
        assert!(
            b.window().is_none(),
            "2 SD cannot pay for a level 3 counterspell"
        );
        assert!(b.has(p, ConditionKind::Charmed));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(p));
        let at = |target| Command::Attack {
            unit: p,
            target,
            weapon: None,
            slot: None,
            aim: None,
        };
        assert!(
            b.check(&at(m))
                .is_err_and(|e| e.to_string().contains("Charmed by Mage"))
        );
        assert!(b.check(&at(t)).is_ok());

        // Binding Vines: 15 + 5 vs 10; 1d8 = 3.
        let mut b = spell_field(kind, units, "", &[20, 15, 5, 15, 3]);
        cast(&mut b, m, "Binding Vines", CastAt::Unit(p));
        counter(&mut b, p, None, 0, 0);
        assert!(b.has(p, ConditionKind::Restrained));
        end(&mut b);
        end(&mut b);
        assert!(
            b.check(&at(t))
                .is_err_and(|e| e.to_string().contains("Restrained"))
        );
    }
}

/// A trap on (3, 3) (DC 12, 2d6) and falling rocks on (6, 5) (DC 14, 2d6).
pub(crate) const HAZARDS: &str = r#", hazards: [Hazard(cell: (3, 3), kind: Trap(dc: 12, damage: "2d6")),
    Hazard(cell: (6, 5), kind: FallingRocks(dc: 14, damage: "2d6"))]"#;

pub(crate) const RUN: &str = r#"Unit(name: "Runner", side: "Blue", cell: (1, 3), archetype: "runner"),
    Unit(name: "Mage", side: "Red", cell: (8, 0), archetype: "mage"),
    Unit(name: "Plain", side: "Red", cell: (7, 3), archetype: "plain")"#;

// "Counteraction: Used against untargeted threats (traps, falling objects, magical
// bursts). Spend one of: 20ft of movement, 10ft movement + 1 SD. Then roll a stressed
// check determined by GM. +1 DC per missing SD." The check is d20 + Agility mod +
// proficiency against the hazard's DC, +1 when paid with 20 ft (its 1 SD missing).
#[test]
fn a_trap_is_counteracted_with_20_ft_at_dc_plus_1_or_10_ft_and_1_sd_at_its_dc() {
    for kind in BOTH {
        // Runner first. 20 ft: 9 + Agi 2 + prof 2 = 13 vs DC 12 + 1: avoided.
        let mut b = spell_field(kind, RUN, HAZARDS, &[20, 5, 1, 9]);
        let r = id(&b, "Runner");
        step(&mut b, r, Cell::new(3, 3));
        let w = b.window().cloned().expect("the trap springs");
        assert_eq!(w.reactor, r);
        assert_eq!(w.options, [ReactionKind::Counteraction]);
        // Neither way: 20 ft and a die is refused, and changes nothing.
        let n = b.log().len();
        let e = counteract(&mut b, r, 4, 1).unwrap_err();
        assert!(
            e.contains("20 ft of movement, or 10 ft and 1 skill die"),
            "{e}"
        );
        assert_eq!(b.log().len(), n);
        counteract(&mut b, r, 4, 0).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counteraction),
            [(r, 13, 13, Outcome::Success)]
        );
        assert_eq!(damage(&ev), []);
        assert_eq!(b.move_left(r), 0);

        // 10 ft + 1 SD: 7 + 4 = 11 vs DC 12: the trap's 2d6 (4 + 5) hits.
        let mut b = spell_field(kind, RUN, HAZARDS, &[20, 5, 1, 7, 4, 5]);
        step(&mut b, r, Cell::new(3, 3));
        let n = b.log().len();
        counteract(&mut b, r, 2, 1).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counteraction),
            [(r, 11, 12, Outcome::Failure)]
        );
        assert_eq!(damage(&ev), [(r, 9)]);
        assert_eq!((b.pool(r, Pool::SkillDice), b.move_left(r)), (2, 2));
    }
}

// Falling rocks come down on every unit within 5 ft of the cell stepped on: each may
// counteract, in initiative order; declining, each takes the damage.
#[test]
fn falling_rocks_hit_the_unit_and_its_neighbours_each_with_its_own_counteraction() {
    for kind in BOTH {
        // Runner 20, Mage 5, Plain 1. Both decline: 2d6 3 + 3 and 2 + 2.
        let units = r#"Unit(name: "Runner", side: "Blue", cell: (5, 5), archetype: "runner"),
            Unit(name: "Mage", side: "Red", cell: (8, 0), archetype: "mage"),
            Unit(name: "Plain", side: "Red", cell: (7, 5), archetype: "plain")"#;
        let mut b = spell_field(kind, units, HAZARDS, &[20, 5, 1, 3, 3, 2, 2]);
        let (r, p) = (id(&b, "Runner"), id(&b, "Plain"));
        let n = b.log().len();
        step(&mut b, r, Cell::new(6, 5));
        assert_eq!(b.window().map(|w| w.reactor), Some(r));
        counter(&mut b, r, None, 0, 0);
        assert_eq!(b.window().map(|w| w.reactor), Some(p));
        counter(&mut b, p, None, 0, 0);
        assert_eq!(damage(&since(&b, n)), [(r, 6), (p, 4)]);
    }
}

// The AI: "counterspells high-level spells" — a level 3 Charm yes, a level 1 Firebolt
// that would not take it down no; "ends status effects" first thing in its turn;
// counteracts a hazard when the damage it saves is worth the movement and dice.
#[test]
fn the_ai_counterspells_a_charm_not_a_firebolt_ends_a_grapple_and_counteracts_a_big_trap() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Lock", side: "Blue", cell: (4, 3), archetype: "warlock")"#;
        let mut b = spell_field(kind, units, "", &[20, 5, 10, 4, 4]);
        let (m, l) = (id(&b, "Mage"), id(&b, "Lock"));
        cast(&mut b, m, "Firebolt", CastAt::Unit(l));
        assert_eq!(ai::react(&b), None, "a level 1 bolt for 8 of 40 HP");
        let mut b = spell_field(kind, units, "", &[20, 5, 10]);
        cast(&mut b, m, "Charm", CastAt::Unit(l));
        assert_eq!(ai::react(&b), Some(ReactionKind::Counterspell));

        // Grappled at its turn: it ends the grapple with 20 ft.
        let mut b = spell_field(kind, GRAPPLE, "", &[20, 5, 15]);
        let (m, r) = (id(&b, "Mage"), id(&b, "Runner"));
        cast(&mut b, m, "Grasping Hand", CastAt::Unit(r));
        counter(&mut b, r, None, 0, 0);
        end(&mut b);
        assert_eq!(
            ai::decide(&b),
            Some(Command::Act {
                unit: r,
                action: Action::Counters(CountersAction::EndStatus {
                    kind: ConditionKind::Grappled,
                    pay: EndPay::Move20
                })
            })
        );

        // A 2d6 trap is worth 20 ft; a 1d2 one is not.
        let mut b = spell_field(kind, RUN, HAZARDS, &[20, 5, 1]);
        let r = id(&b, "Runner");
        step(&mut b, r, Cell::new(3, 3));
        assert_eq!(
            ai::decide(&b),
            Some(Command::React {
                unit: r,
                choice: Some(ReactionKind::Counteraction),
                commit: 0,
                commits: vec![Commit {
                    part: 0,
                    pool: Pool::Movement,
                    amount: 4
                }],
            })
        );
        let small = HAZARDS.replace("\"2d6\"))", "\"1d2\"))");
        let mut b = spell_field(kind, RUN, &small, &[20, 5, 1]);
        step(&mut b, r, Cell::new(3, 3));
        assert_eq!(ai::react(&b), None);
    }
}

// Scripts drive every choice with its amounts (docs/scripting.md, counters): the seed's
// area-spell example as `Do(Cast)` and three `React`s (a counterspell, a Block with 3 SD
// and 20 ft of Dig In, a decline), then a trap's Counteraction with 20 ft and an End
// Status paid 1 SD + 10 ft.
#[test]
fn a_script_casts_counterspells_blocks_counteracts_and_ends_a_status_with_amounts() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (0, 3), archetype: "mage"),
            Unit(name: "Sage", side: "Blue", cell: (3, 3), archetype: "sage"),
            Unit(name: "Shield", side: "Blue", cell: (4, 3), archetype: "shieldbearer"),
            Unit(name: "Plain", side: "Blue", cell: (5, 3), archetype: "plain")"#;
        let mut b = spell_field(kind, units, "", &[20, 15, 10, 5, 10, 5, 6, 6, 5, 3, 3, 4]);
        let s: skirmish_rules::script::Script = ron::from_str(
            r#"Script(commands: [
                Do(unit: "Mage", action: Cast(ability: 1, at: Cell((4, 3)))),
                React(unit: "Sage", choice: Counterspell),
                React(unit: "Shield", choice: Block, commits: [
                    (part: 0, pool: SkillDice, amount: 3), (part: 1, pool: Movement, amount: 4)]),
                React(unit: "Plain", choice: Decline),
            ])"#,
        )
        .unwrap();
        skirmish_rules::script::run(&mut b, &s).unwrap_or_else(|e| panic!("{e}"));
        let (sa, sh, p) = (id(&b, "Sage"), id(&b, "Shield"), id(&b, "Plain"));
        assert_eq!((b.hp(sa), b.hp(sh), b.hp(p)), (23, 40, 23));
        assert_eq!(b.pool(sh, Pool::SkillDice), 1);
        assert_eq!(b.move_left(sh), 2);

        // The trap, then the grapple ended, by script.
        let mut b = spell_field(kind, RUN, HAZARDS, &[20, 5, 1, 9]);
        let s: skirmish_rules::script::Script = ron::from_str(
            r#"Script(commands: [
                Move(unit: "Runner", to: (3, 3)),
                React(unit: "Runner", choice: Counteraction, commits: [(part: 0, pool: Movement, amount: 4)]),
            ])"#,
        )
        .unwrap();
        skirmish_rules::script::run(&mut b, &s).unwrap_or_else(|e| panic!("{e}"));
        let r = id(&b, "Runner");
        assert_eq!((b.hp(r), b.move_left(r)), (40, 0));

        let mut b = spell_field(kind, GRAPPLE, "", &[20, 5, 15, 15]);
        let s: skirmish_rules::script::Script = ron::from_str(
            r#"Script(commands: [
                Do(unit: "Mage", action: Cast(ability: 3, at: Unit((1)))),
                React(unit: "Runner", choice: Decline),
                EndTurn,
                Do(unit: "Runner", action: EndStatus(kind: Grappled, pay: DieAndMove10)),
            ])"#,
        )
        .unwrap();
        skirmish_rules::script::run(&mut b, &s).unwrap_or_else(|e| panic!("{e}"));
        let r = id(&b, "Runner");
        assert!(!b.has(r, ConditionKind::Grappled));
        assert_eq!((b.pool(r, Pool::SkillDice), b.move_left(r)), (2, 4));
    }
}
