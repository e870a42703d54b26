//! counters (seed 000), wave 2: spells, counterspells and the seed's area-spell example,
//! through `Battle::submit` with forced dice (`docs/rules/counters.md`, "Spells" and
//! "Counterspell"). Status effects, hazards and the AI: `counters_hazards.rs`.

use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, Pool, UnitId};
use skirmish_rules::dice::ModKind;
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;

use crate::counters::{counter, roll};
use crate::support::{BOTH, id, since};

/// The test's casters and defenders (the catalogue's spells). Agility 10 all round, so
/// the forced initiative dice set the order.
pub(crate) const EXTRA2: &str = r#"archetypes: {
        "mage": (hp: 40, stats: {Str: 10, Agility: 10, Int: 16, Proficiency: 2, SkillDice: 3},
            weapons: ["dagger"], abilities: ["Firebolt", "Thunderclap", "Binding Vines", "Grasping Hand", "Charm"]),
        "warlock": (hp: 40, stats: {Str: 10, Agility: 10, Int: 16, Proficiency: 3, SkillDice: 4},
            weapons: ["dagger"], abilities: ["Firebolt"]),
        "sage": (hp: 40, stats: {Str: 10, Agility: 10, Int: 14, Proficiency: 2, SkillDice: 3},
            weapons: ["dagger"]),
        "shieldbearer": (hp: 40, stats: {Str: 16, Agility: 10, Proficiency: 3, SkillDice: 4},
            weapons: ["longsword", "warded shield"], feats: ["Strength proficiency"]),
        "plain": (hp: 40, stats: {Str: 10, Agility: 10, Int: 10, Proficiency: 2}, weapons: ["spear"]),
        "runner": (hp: 40, stats: {Str: 10, Agility: 14, Proficiency: 2, SkillDice: 3},
            weapons: ["spear"], feats: ["Agility proficiency"]),
    }"#;

/// A counters battle on an open 10×7 map with the test's archetypes.
pub(crate) fn spell_field(kind: GridKind, units: &str, extra: &str, dice: &[u32]) -> Battle {
    let map = (0..7)
        .map(|_| format!("\"{}\"", ".".repeat(10)))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "spells", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {EXTRA2} {extra})"##
    );
    let l = level::parse(&src, "spells").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// `unit` casts its ability named `name` at `at`.
pub(crate) fn cast(b: &mut Battle, unit: UnitId, name: &str, at: CastAt) {
    let ability = b
        .abilities(unit)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("no {name}"));
    b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

/// The checks of `purpose` in `ev`: (who, total, number to reach, outcome).
pub(crate) fn checks(ev: &[Event], purpose: CheckPurpose) -> Vec<(UnitId, i32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                unit,
                purpose: p,
                roll,
                target_number,
                outcome,
            } if *p == purpose => Some((*unit, roll.total, *target_number, *outcome)),
            _ => None,
        })
        .collect()
}

/// The steps of a spell's resolution, in the order logged.
#[derive(Debug, PartialEq)]
enum Step {
    Declared(UnitId, ReactionKind),
    Accepted(UnitId),
    Reacted(UnitId, ReactionKind),
    Check(UnitId, CheckPurpose, Outcome),
    Defence(UnitId, i32),
    Damage(UnitId, i32),
}

fn steps(ev: &[Event]) -> Vec<Step> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Declared { reactor, kind } => Some(Step::Declared(*reactor, *kind)),
            Event::ReactionDeclined { reactor } => Some(Step::Accepted(*reactor)),
            Event::Reacted { reactor, kind, .. } => Some(Step::Reacted(*reactor, *kind)),
            Event::Check {
                unit,
                purpose,
                outcome,
                ..
            } => Some(Step::Check(*unit, *purpose, *outcome)),
            Event::Defence { unit, roll, .. } => Some(Step::Defence(*unit, roll.total)),
            Event::Damage { unit, amount, .. } => Some(Step::Damage(*unit, *amount)),
            _ => None,
        })
        .collect()
}

const THREE: &str = r#"Unit(name: "Mage", side: "Red", cell: (0, 3), archetype: "mage"),
    Unit(name: "Sage", side: "Blue", cell: (3, 3), archetype: "sage"),
    Unit(name: "Shield", side: "Blue", cell: (4, 3), archetype: "shieldbearer"),
    Unit(name: "Plain", side: "Blue", cell: (5, 3), archetype: "plain")"#;

// "Example: The party is targeted by a successful damaging area of effect spell. One
// player chooses to counterspell. Another Chooses to block with their magic shield. The
// third chooses to accept the hit. The counterspell fails. The blocker commits SD, then
// rolls to reduce the incoming damage. The third takes damage normally." With the Block
// example's numbers: 17 incoming, 3 SD rolling 10, Str +3, Prof +3, Dig In 20 ft → 18.
#[test]
fn the_seeds_area_spell_example_resolves_counterspell_then_block_then_the_hit_accepted() {
    for kind in BOTH {
        // Initiative 20, 15, 10, 5; the casting check 10 + Int 3 + prof 2 = 15 vs DC 12;
        // 3d6 thunder 5 + 6 + 6 = 17; the counter check 5 + 2 + 2 = 9 < 15; 3 SD 3 + 3 + 4.
        let mut b = spell_field(kind, THREE, "", &[20, 15, 10, 5, 10, 5, 6, 6, 5, 3, 3, 4]);
        let (m, s, h, p) = (
            id(&b, "Mage"),
            id(&b, "Sage"),
            id(&b, "Shield"),
            id(&b, "Plain"),
        );
        let n = b.log().len();
        cast(&mut b, m, "Thunderclap", CastAt::Cell(Cell::new(4, 3)));
        assert_eq!(
            checks(&since(&b, n), CheckPurpose::Casting),
            [(m, 15, 12, Outcome::Success)]
        );
        // Every target chooses first, in initiative order.
        assert_eq!(b.window().map(|w| w.reactor), Some(s));
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        assert_eq!(
            b.window().map(|w| (w.reactor, w.options.clone())),
            Some((h, vec![ReactionKind::Counterspell, ReactionKind::Block]))
        );
        counter(&mut b, h, Some(ReactionKind::Block), 3, 4);
        assert_eq!(b.window().map(|w| w.reactor), Some(p));
        counter(&mut b, p, None, 0, 0);
        assert!(b.window().is_none());
        let ev = since(&b, n);
        assert_eq!(
            steps(&ev),
            [
                Step::Check(m, CheckPurpose::Casting, Outcome::Success),
                Step::Declared(s, ReactionKind::Counterspell),
                Step::Declared(h, ReactionKind::Block),
                Step::Accepted(p),
                Step::Reacted(s, ReactionKind::Counterspell),
                Step::Check(s, CheckPurpose::Counterspell, Outcome::Failure),
                Step::Reacted(h, ReactionKind::Block),
                Step::Defence(h, 18),
                Step::Damage(s, 17),
                Step::Damage(h, 0),
                Step::Damage(p, 17),
            ]
        );
        // The counterspell cost 2 SD (Thunderclap is level 2); the block 3 SD and 20 ft.
        assert!(ev.contains(&Event::Reacted {
            reactor: s,
            kind: ReactionKind::Counterspell,
            paid: vec![(Pool::SkillDice, 2)],
        }));
        assert_eq!(b.pool(s, Pool::SkillDice), 1);
        assert_eq!(b.pool(h, Pool::SkillDice), 1);
        assert!(ev.iter().any(
            |e| matches!(e, Event::Defence { unit, roll: r, target_number: 17, .. }
            if *unit == h && *r == roll_block())
        ));
        // Common gear absorbs no magic: the plain unit's 17 is the roll, unabsorbed.
        let want = roll(6, &[5, 6, 6], &[("thunder", ModKind::Other, 0)]);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Damage { unit, roll: r, .. }
            if *unit == p && *r == want))
        );
    }
}

fn roll_block() -> skirmish_rules::dice::Roll {
    roll(
        6,
        &[3, 3, 4],
        &[
            ("Strength mod", ModKind::Skill, 3),
            ("proficiency", ModKind::Skill, 3),
            ("Dig In", ModKind::Other, 2),
        ],
    )
}

// "Magic damage may only be blocked using magical weapons or shields": a unit with a
// common spear is offered no Block against a spell, only a counterspell.
#[test]
fn without_magical_gear_no_block_is_offered_against_a_spell() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Plain", side: "Blue", cell: (4, 3), archetype: "plain")"#;
        // Firebolt: d20 12 + 5 = 17 vs Passive Dodge 10.
        let mut b = spell_field(kind, units, "", &[20, 5, 12, 4, 4]);
        let (m, p) = (id(&b, "Mage"), id(&b, "Plain"));
        let n = b.log().len();
        cast(&mut b, m, "Firebolt", CastAt::Unit(p));
        let ev = since(&b, n);
        assert!(ev.iter().any(|e| matches!(e, Event::Attack { target_number: 10, roll, outcome: Outcome::Success, .. }
            if roll.total == 17)), "a spell attack against Passive Dodge");
        assert_eq!(
            b.window().map(|w| w.options.clone()),
            Some(vec![ReactionKind::Counterspell])
        );
        let n = b.log().len();
        counter(&mut b, p, None, 0, 0);
        assert_eq!(crate::support::damage(&since(&b, n)), [(p, 8)]);
    }
}

// "Countering Spell Damage: Spend SD equal to spell level; Roll a counter check against
// opponent's successful check total; Success = damage is prevented." Binding Vines (level
// 2) deals damage and restrains: a plain success prevents the damage, the status still
// lands. "A natural 20 on a counter check results in critical mitigation: Fully cancels
// both effects and damage."
#[test]
fn a_counterspell_prevents_the_damage_and_a_natural_20_cancels_the_status_too() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Sage", side: "Blue", cell: (4, 3), archetype: "sage")"#;
        // Spell attack 10 + 5 = 15 vs 10; 1d8 = 6; counter check 11 + 2 + 2 = 15 ≥ 15.
        let mut b = spell_field(kind, units, "", &[20, 5, 10, 6, 11]);
        let (m, s) = (id(&b, "Mage"), id(&b, "Sage"));
        cast(&mut b, m, "Binding Vines", CastAt::Unit(s));
        let n = b.log().len();
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 15, 15, Outcome::Success)]
        );
        assert_eq!(crate::support::damage(&ev), []);
        assert!(b.has(s, ConditionKind::Restrained));
        assert_eq!(b.pool(s, Pool::SkillDice), 1, "2 SD for a level 2 spell");

        // A natural 20: neither.
        let mut b = spell_field(kind, units, "", &[20, 5, 10, 6, 20]);
        cast(&mut b, m, "Binding Vines", CastAt::Unit(s));
        let n = b.log().len();
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 24, 15, Outcome::Critical)]
        );
        assert_eq!(crate::support::damage(&ev), []);
        assert!(!b.has(s, ConditionKind::Restrained));

        // A failure (10 + 4 = 14 < 15): 6 damage and restrained.
        let mut b = spell_field(kind, units, "", &[20, 5, 10, 6, 10]);
        cast(&mut b, m, "Binding Vines", CastAt::Unit(s));
        let n = b.log().len();
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        assert_eq!(crate::support::damage(&since(&b, n)), [(s, 6)]);
        assert!(b.has(s, ConditionKind::Restrained));
    }
}

// "Countering Status Effects: Spend SD equal to spell level; Roll a counter check
// against the caster's total; Success = status effect is canceled." Charm is level 3 and
// no spell attack: its total is the casting check (d20 + Int 3 + prof 2 vs DC 13). "If
// SD spent exceeds your proficiency cap, it becomes a strained check": 3 SD over a cap of
// 2 rolls two d20s and keeps the lower.
#[test]
fn a_level_3_counterspell_over_the_cap_is_strained_and_cancels_the_charm_on_a_success() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Sage", side: "Blue", cell: (4, 3), archetype: "sage")"#;
        // Casting check 9 + 5 = 14 vs 13; the counter check 2d20 18, 12: 12 + 4 = 16.
        let mut b = spell_field(kind, units, "", &[20, 5, 9, 18, 12]);
        let (m, s) = (id(&b, "Mage"), id(&b, "Sage"));
        cast(&mut b, m, "Charm", CastAt::Unit(s));
        assert_eq!(
            b.window().map(|w| w.options.clone()),
            Some(vec![ReactionKind::Counterspell])
        );
        let n = b.log().len();
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 16, 14, Outcome::Success)]
        );
        assert!(ev.iter().any(|e| matches!(e, Event::Check { roll, purpose: CheckPurpose::Counterspell, .. }
            if roll.faces == [18, 12] && roll.modifiers.iter().any(|x| x.name == "strained: over the proficiency cap"))));
        assert!(!b.has(s, ConditionKind::Charmed));
        assert_eq!(b.pool(s, Pool::SkillDice), 0);
    }
}

// "If multiple people choose to counterspell, the first in initiative order makes the
// first check." And "A counter is an action taken in response to a successful attack or
// effect—whether targeting yourself or an ally": the ally beside the target declares
// too (after the target) but, first in initiative, checks first; its success saves the
// target.
#[test]
fn two_counterspellers_check_in_initiative_order_and_an_ally_counters_for_the_target() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Plain", side: "Blue", cell: (4, 3), archetype: "plain"),
            Unit(name: "Sage", side: "Blue", cell: (5, 3), archetype: "sage")"#;
        // Initiative Mage 20, Plain 5, Sage 15. Firebolt 10 + 5 = 15; 2d8 4 + 4. The sage
        // checks first: 16 + 4 = 20 ≥ 15; then the plain unit: 3 + 0 + 2 = 5.
        let mut b = spell_field(kind, units, "", &[20, 5, 15, 10, 4, 4, 16, 3]);
        let (m, p, s) = (id(&b, "Mage"), id(&b, "Plain"), id(&b, "Sage"));
        cast(&mut b, m, "Firebolt", CastAt::Unit(p));
        assert_eq!(b.window().map(|w| w.reactor), Some(p), "the target first");
        counter(&mut b, p, Some(ReactionKind::Counterspell), 0, 0);
        assert_eq!(b.window().map(|w| w.reactor), Some(s), "then its ally");
        let n = b.log().len();
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 20, 15, Outcome::Success), (p, 5, 15, Outcome::Failure)]
        );
        assert_eq!(
            crate::support::damage(&ev),
            [],
            "the ally's success saves it"
        );
        assert_eq!(b.pool(s, Pool::SkillDice), 2, "1 SD: Firebolt is level 1");
    }
}

// "A counter is an action taken in response to a successful attack or effect—whether
// targeting yourself or an ally": an ally beside the target, holding a warded shield,
// blocks the Firebolt for it (2 SD rolling 6 + Str 3 + prof 3 + Dig In 1 = 13 of 16).
#[test]
fn an_ally_with_a_warded_shield_blocks_a_spell_for_the_target_beside_it() {
    for kind in BOTH {
        let units = r#"Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "mage"),
            Unit(name: "Plain", side: "Blue", cell: (4, 3), archetype: "plain"),
            Unit(name: "Shield", side: "Blue", cell: (5, 3), archetype: "shieldbearer")"#;
        let mut b = spell_field(kind, units, "", &[20, 5, 10, 10, 8, 8, 3, 3]);
        let (m, p, h) = (id(&b, "Mage"), id(&b, "Plain"), id(&b, "Shield"));
        cast(&mut b, m, "Firebolt", CastAt::Unit(p));
        assert_eq!(b.window().map(|w| w.reactor), Some(p));
        counter(&mut b, p, None, 0, 0);
        assert_eq!(
            b.window().map(|w| (w.reactor, w.options.clone())),
            Some((h, vec![ReactionKind::Counterspell, ReactionKind::Block]))
        );
        let n = b.log().len();
        counter(&mut b, h, Some(ReactionKind::Block), 2, 2);
        let ev = since(&b, n);
        assert_eq!(
            crate::counters::defences(&ev),
            [(h, ReactionKind::Block, 13, 16)]
        );
        assert_eq!(crate::support::damage(&ev), [(p, 3)]);
        assert_eq!(b.hp(h), 40);
    }
}
