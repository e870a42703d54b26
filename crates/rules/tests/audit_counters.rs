//! Audit of issue 36 against seed 000 ("Counters and Reactions"): the rules whose existing
//! tests left a case open, each through `Battle::submit` with forced dice on both grids.
//! The seed's words are quoted above each test.

use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, Pool};
use skirmish_rules::engine::{Action, CastAt, Command, Commit};
use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::counters::{CountersAction, EndPay};

use crate::counters::{attack, counter, end};
use crate::counters_spells::{cast, checks};
use crate::support::{BOTH, damage, id, since};

/// Scores: reaver Str 16 (+3), prof 2, maul 2d10 (attack +5). nimble: Agility 14, proficient
/// in Agility (Passive Dodge 14 + 2). plainman: Str 14 (+2), not proficient in Strength.
/// armoured: Str 14, proficient in Strength, magical armour, common longsword.
/// bladesman: a magical (runed) sword, no magical armour. caster: Int 16, prof 2.
const ARCH: &str = r#"weapons: {"maul": (damage: "2d10")},
    archetypes: {
        "reaver": (hp: 60, stats: {Str: 16, Agility: 10, Proficiency: 2}, weapons: ["maul"]),
        "nimble": (hp: 40, stats: {Str: 10, Agility: 14, Proficiency: 2, SkillDice: 3},
            weapons: ["spear"], feats: ["Agility proficiency"]),
        "plainman": (hp: 40, stats: {Str: 14, Agility: 10, Proficiency: 2, SkillDice: 3},
            weapons: ["spear"]),
        "armoured": (hp: 40, stats: {Str: 14, Agility: 10, Proficiency: 2},
            weapons: ["longsword"], feats: ["Strength proficiency"], magical_armour: true),
        "bladesman": (hp: 40, stats: {Str: 14, Agility: 10, Proficiency: 2},
            weapons: ["runed sword"], feats: ["Strength proficiency"]),
        "caster": (hp: 40, stats: {Str: 10, Agility: 10, Int: 16, Proficiency: 2, SkillDice: 3},
            weapons: ["dagger"], abilities: ["Firebolt", "Grasping Hand", "Thunderclap"]),
        "novice": (hp: 40, stats: {Str: 10, Agility: 10, Int: 10, Proficiency: 2, SkillDice: 1},
            weapons: ["spear"]),
        "warden": (hp: 60, stats: {Str: 16, Agility: 16, Proficiency: 3, SkillDice: 4},
            weapons: ["longsword"], feats: ["Strength proficiency"]),
    }"#;

fn battle(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
    let map = (0..7)
        .map(|_| format!("\"{}\"", ".".repeat(10)))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "audit", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {ARCH})"##
    );
    let l = level::parse(&src, "audit").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

fn pair(attacker: &str, defender: &str) -> String {
    format!(
        r#"Unit(name: "A", side: "Red", cell: (3, 3), archetype: "{attacker}"),
        Unit(name: "D", side: "Blue", cell: (4, 3), archetype: "{defender}")"#
    )
}

fn target_number(ev: &[Event]) -> Option<(i32, Outcome)> {
    ev.iter().find_map(|e| match e {
        Event::Attack {
            target_number,
            outcome,
            ..
        } => Some((*target_number, *outcome)),
        _ => None,
    })
}

// "Passive Dodge = Agility score; If proficient in Agility: add proficiency bonus" —
// "Passive Dodge = DC of the targeting check": 14 + 2 = 16; 15 misses, 16 hits.
#[test]
fn passive_dodge_adds_the_proficiency_bonus_when_proficient_in_agility() {
    for kind in BOTH {
        // Initiative 20, 1; d20 10 + 5 = 15.
        let mut b = battle(kind, &pair("reaver", "nimble"), &[20, 1, 10]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        let n = b.log().len();
        attack(&mut b, a, d);
        assert_eq!(target_number(&since(&b, n)), Some((16, Outcome::Failure)));
        // d20 11 + 5 = 16 reaches it.
        let mut b = battle(kind, &pair("reaver", "nimble"), &[20, 1, 11, 1, 1]);
        let n = b.log().len();
        attack(&mut b, a, d);
        assert_eq!(target_number(&since(&b, n)), Some((16, Outcome::Success)));
        // Not proficient: the score alone (10).
        let mut b = battle(kind, &pair("reaver", "plainman"), &[20, 1, 5, 1, 1]);
        let n = b.log().len();
        attack(&mut b, a, d);
        assert_eq!(target_number(&since(&b, n)), Some((10, Outcome::Success)));
    }
}

// "Base physical absorption = Strength modifier; If proficient in Strength: add proficiency
// bonus; Absorption is passive" — not proficient: the Strength modifier alone (+2).
#[test]
fn absorption_without_strength_proficiency_is_the_strength_modifier_alone() {
    for kind in BOTH {
        // d20 15 hits; 2d10 5 + 5 + Str 3 = 13, less 2: 11 coming, 11 taken.
        let mut b = battle(kind, &pair("reaver", "plainman"), &[20, 1, 15, 5, 5]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        attack(&mut b, a, d);
        assert!(matches!(
            b.window().map(|w| w.trigger.clone()),
            Some(Trigger::IncomingDamage { amount: 11, .. })
        ));
        let n = b.log().len();
        counter(&mut b, d, None, 0, 0);
        assert_eq!(damage(&since(&b, n)), [(d, 11)]);
        assert_eq!(b.hp(d), 29);
    }
}

// "Common weapons, armor, and shields cannot absorb magical damage. Only magical equipment
// may absorb magical damage"; "Magic damage may only be blocked using magical weapons or
// shields"; "You cannot parry ranged or magical attacks".
#[test]
fn magical_armour_absorbs_a_spell_a_runed_sword_may_block_it_and_nobody_parries_it() {
    for kind in BOTH {
        // Firebolt: d20 15 + Int 3 + prof 2 = 20 vs 10; 2d8 6 + 6 = 12.
        let units = r#"Unit(name: "A", side: "Red", cell: (1, 3), archetype: "caster"),
            Unit(name: "D", side: "Blue", cell: (4, 3), archetype: "armoured")"#;
        let mut b = battle(kind, units, &[20, 1, 15, 6, 6]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        cast(&mut b, a, "Firebolt", CastAt::Unit(d));
        let opts = b.window().map(|w| w.options.clone()).unwrap_or_default();
        assert!(
            !opts.contains(&ReactionKind::Block),
            "a common sword: {opts:?}"
        );
        assert!(!opts.contains(&ReactionKind::Parry), "{opts:?}");
        let n = b.log().len();
        counter(&mut b, d, None, 0, 0);
        // Magical armour: Str 2 + prof 2 absorbed.
        assert_eq!(damage(&since(&b, n)), [(d, 8)]);
        // A runed sword: Block offered against the spell, Parry not; no magical armour, so
        // the whole 12 comes.
        let units = r#"Unit(name: "A", side: "Red", cell: (1, 3), archetype: "caster"),
            Unit(name: "D", side: "Blue", cell: (4, 3), archetype: "bladesman")"#;
        let mut b = battle(kind, units, &[20, 1, 15, 6, 6]);
        cast(&mut b, a, "Firebolt", CastAt::Unit(d));
        let opts = b.window().map(|w| w.options.clone()).unwrap_or_default();
        assert!(opts.contains(&ReactionKind::Block), "{opts:?}");
        assert!(!opts.contains(&ReactionKind::Parry), "{opts:?}");
        let n = b.log().len();
        counter(&mut b, d, None, 0, 0);
        assert_eq!(damage(&since(&b, n)), [(d, 12)]);
    }
}

// "To end an escapable effect (e.g., Grappled, Restrained, Charmed): Spend one of: 2 SD,
// 20ft movement, 1 SD + 10ft movement" — the 2 SD way: two dice, no movement.
#[test]
fn a_status_is_ended_with_two_skill_dice_and_no_movement() {
    for kind in BOTH {
        // Grasping Hand: 15 + 5 = 20 vs 16. End Status: d20 15 + Str 0 vs DC 10 + 3 + 2.
        let units = r#"Unit(name: "A", side: "Red", cell: (1, 3), archetype: "caster"),
            Unit(name: "D", side: "Blue", cell: (4, 3), archetype: "nimble")"#;
        let mut b = battle(kind, units, &[20, 1, 15, 15]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        cast(&mut b, a, "Grasping Hand", CastAt::Unit(d));
        counter(&mut b, d, None, 0, 0);
        assert!(b.has(d, ConditionKind::Grappled));
        end(&mut b);
        assert_eq!(b.current(), Some(d));
        let n = b.log().len();
        b.submit(Command::Act {
            unit: d,
            action: Action::Counters(CountersAction::EndStatus {
                kind: ConditionKind::Grappled,
                pay: EndPay::TwoDice,
            }),
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            checks(&since(&b, n), CheckPurpose::BreakFree),
            [(d, 15, 15, Outcome::Success)]
        );
        assert!(!b.has(d, ConditionKind::Grappled));
        assert_eq!((b.pool(d, Pool::SkillDice), b.move_left(d)), (1, 6));
    }
}

// "Counter Attack: When a creature within 5ft tries to leave your melee range" — moving
// from one cell within 5 ft to another within it is not leaving: nothing is offered.
#[test]
fn moving_round_a_reactor_within_its_reach_gives_no_counter_attack() {
    for kind in BOTH {
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        // A cell next to both, from the grid's own neighbour table.
        let g = b.grid();
        let to = g
            .neighbours(b.pos(d))
            .into_iter()
            .find(|&c| c != b.pos(a) && g.distance(c, b.pos(a)) == 1)
            .expect("a shared neighbour");
        let n = b.log().len();
        b.submit(Command::Move { unit: a, to })
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(b.window().is_none());
        assert!(
            !since(&b, n)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(b.pos(a), to);
    }
}

// "Counter Attack … Cost (choose one): 1 SD, 10ft unspent movement" — the reactor chooses.
// A warden with both unspent movement and skill dice answers with 1 SD (to keep its
// movement for a later Block's Dig In): the die is paid, the movement kept.
#[test]
fn a_counter_attack_may_be_paid_with_a_skill_die_when_movement_is_left() {
    for kind in BOTH {
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1, 1]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        b.submit(Command::Move {
            unit: a,
            to: Cell::new(1, 3),
        })
        .unwrap();
        assert_eq!(
            b.window().map(|w| (w.reactor, w.options.clone())),
            Some((d, vec![ReactionKind::ReactionAttack]))
        );
        b.submit(Command::React {
            unit: d,
            choice: Some(ReactionKind::ReactionAttack),
            commit: 0,
            commits: vec![Commit {
                part: 0,
                pool: Pool::SkillDice,
                amount: 1,
            }],
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((b.pool(d, Pool::SkillDice), b.move_left(d)), (3, 6));
    }
}

// "Countering Spell Damage: Spend SD equal to spell level" — a unit with 1 skill die left
// may counterspell a level-1 Firebolt, not a level-2 Thunderclap.
#[test]
fn a_counterspell_is_offered_only_with_skill_dice_for_the_spells_level() {
    for kind in BOTH {
        let units = r#"Unit(name: "A", side: "Red", cell: (1, 3), archetype: "caster"),
            Unit(name: "D", side: "Blue", cell: (4, 3), archetype: "novice")"#;
        // Firebolt: d20 15 + 5 = 20 vs 10; 2d8 3 + 3.
        let mut b = battle(kind, units, &[20, 1, 15, 3, 3]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        cast(&mut b, a, "Firebolt", CastAt::Unit(d));
        assert_eq!(
            b.window().map(|w| (w.reactor, w.options.clone())),
            Some((d, vec![ReactionKind::Counterspell]))
        );
        // Thunderclap (level 2): casting check d20 15 + 5 = 20 vs DC 12; 3d6 2 + 2 + 2.
        let mut b = battle(kind, units, &[20, 1, 15, 2, 2, 2]);
        let (n, at) = (b.log().len(), b.pos(d));
        cast(&mut b, a, "Thunderclap", CastAt::Cell(at));
        let ev = since(&b, n);
        assert!(
            b.window().is_none(),
            "1 skill die cannot pay a level-2 counterspell"
        );
        assert!(
            !ev.iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        assert_eq!(damage(&ev), [(d, 6)]);
        assert_eq!(b.pool(d, Pool::SkillDice), 1);
    }
}

// "Counters are resolved first by type, then initiative order. A counterspell resolves
// first, then block, then parry, then non-action." — type beats initiative: the blocker
// acts before the counterspeller in initiative and declares first, yet the counterspell
// resolves first.
#[test]
fn a_counterspell_resolves_before_a_block_declared_earlier_in_initiative() {
    use crate::counters_spells::spell_field;
    let units = r#"Unit(name: "Mage", side: "Red", cell: (0, 3), archetype: "mage"),
        Unit(name: "Sage", side: "Blue", cell: (3, 3), archetype: "sage"),
        Unit(name: "Shield", side: "Blue", cell: (4, 3), archetype: "shieldbearer"),
        Unit(name: "Plain", side: "Blue", cell: (5, 3), archetype: "plain")"#;
    for kind in BOTH {
        // Initiative: Mage 20, Sage 10, Shield 15, Plain 5. Thunderclap: check 10 + 5 = 15
        // vs DC 12; 3d6 5 + 6 + 6 = 17; counter check 5 + 2 + 2 = 9 < 15; Block 3 + 3 + 4.
        let mut b = spell_field(kind, units, "", &[20, 10, 15, 5, 10, 5, 6, 6, 5, 3, 3, 4]);
        let (m, s, h, p) = (
            id(&b, "Mage"),
            id(&b, "Sage"),
            id(&b, "Shield"),
            id(&b, "Plain"),
        );
        let n = b.log().len();
        cast(&mut b, m, "Thunderclap", CastAt::Cell(Cell::new(4, 3)));
        assert_eq!(
            b.window().map(|w| w.reactor),
            Some(h),
            "initiative: Shield first"
        );
        counter(&mut b, h, Some(ReactionKind::Block), 3, 4);
        assert_eq!(b.window().map(|w| w.reactor), Some(s));
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        assert_eq!(b.window().map(|w| w.reactor), Some(p));
        counter(&mut b, p, None, 0, 0);
        let ev = since(&b, n);
        let reacted: Vec<_> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Reacted { reactor, kind, .. } => Some((*reactor, *kind)),
                _ => None,
            })
            .collect();
        assert_eq!(
            reacted,
            [(s, ReactionKind::Counterspell), (h, ReactionKind::Block)]
        );
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 9, 15, Outcome::Failure)]
        );
        let dmg = damage(&ev);
        for want in [(s, 17), (h, 0), (p, 17)] {
            assert!(dmg.contains(&want), "{dmg:?}");
        }
    }
}

// "A counter is an action taken in response to a successful attack or effect" — a counter
// attack is an attack: when it hits the creature leaving, that creature may Block it
// (absorption first), and its move then goes on.
#[test]
fn a_counter_attacks_hit_may_itself_be_blocked_and_the_move_goes_on() {
    for kind in BOTH {
        // Initiative 20, 1. The warden's counter attack: d20 15 + 3 + 3 = 21 vs 10; 2d10 6
        // + 6 + 3 = 15, less the reaver's absorption 3: 12 coming. Block 2 SD: 4 + 4 + 3.
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1, 15, 6, 6, 4, 4]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        b.submit(Command::Move {
            unit: a,
            to: Cell::new(1, 3),
        })
        .unwrap();
        b.submit(Command::React {
            unit: d,
            choice: Some(ReactionKind::ReactionAttack),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        assert_eq!(
            b.window().map(|w| (w.reactor, w.trigger.clone())),
            Some((
                a,
                Trigger::IncomingDamage {
                    attacker: d,
                    amount: 12
                }
            ))
        );
        let n = b.log().len();
        counter(&mut b, a, Some(ReactionKind::Block), 2, 0);
        let ev = since(&b, n);
        assert!(
            ev.iter().any(
                |e| matches!(e, Event::Defence { unit, roll, .. } if *unit == a && roll.total == 11)
            ),
            "{ev:?}"
        );
        assert_eq!(damage(&ev), [(a, 1)]);
        assert_eq!(b.hp(a), 59);
        assert_eq!(b.pos(a), Cell::new(1, 3), "the move goes on");
        assert_eq!(b.pool(a, Pool::SkillDice), 0);
    }
}

// "You may block incoming physical damage by: Spending 1+ SD (up to proficiency), or
// Spending 10ft or more of unspent movement" — 5 ft and no die is not a block's price: the
// answer takes nothing off, and leaves the 5 ft unspent.
#[test]
fn five_feet_and_no_die_buys_no_block_and_spends_nothing() {
    for kind in BOTH {
        // d20 15 + 5 ≥ 16; 2d10 10 + 10 + 3 − 6 = 17 coming.
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1, 15, 10, 10]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        attack(&mut b, a, d);
        let n = b.log().len();
        let r = b.submit(Command::React {
            unit: d,
            choice: Some(ReactionKind::Block),
            commit: 0,
            commits: vec![Commit {
                part: 1,
                pool: Pool::Movement,
                amount: 1,
            }],
        });
        let ev = since(&b, n);
        assert_eq!(
            r.map_err(|e| e.to_string()),
            Err(
                "D cannot do that: Dig In alone takes at least 2 movement (or commit to Skill \
                 dice too)"
                    .into()
            )
        );
        assert!(ev.is_empty(), "{ev:?}");
        assert_eq!(b.move_left(d), 6, "the odd 5 ft bought nothing");
        assert_eq!(
            b.window().map(|w| w.reactor),
            Some(d),
            "the window stays open"
        );
    }
}

// The same price for a Parry: 5 ft alone is refused, nothing changed; 5 ft on top of a
// die is taken (the die pays; the odd 5 ft digs in nothing, "+1 per 10ft").
#[test]
fn a_parry_with_five_feet_alone_is_refused_and_with_a_die_taken() {
    for kind in BOTH {
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1, 15, 10, 10, 6]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        attack(&mut b, a, d);
        assert!(
            b.window()
                .is_some_and(|w| w.options.contains(&ReactionKind::Parry))
        );
        let n = b.log().len();
        let parry = |commits| Command::React {
            unit: d,
            choice: Some(ReactionKind::Parry),
            commit: 0,
            commits,
        };
        let five = Commit {
            part: 1,
            pool: Pool::Movement,
            amount: 1,
        };
        let e = b.submit(parry(vec![five])).expect_err("5 ft alone");
        assert_eq!(
            e.to_string(),
            "D cannot do that: Dig In alone takes at least 2 movement (or commit to Skill dice \
             too)"
        );
        assert_eq!((b.log().len(), b.move_left(d)), (n, 6));
        let die = Commit {
            part: 0,
            pool: Pool::SkillDice,
            amount: 1,
        };
        b.submit(parry(vec![die, five]))
            .unwrap_or_else(|e| panic!("{e}"));
        let ev = since(&b, n);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Defence { unit, kind: ReactionKind::Parry, .. } if *unit == d)),
            "{ev:?}"
        );
        assert_eq!((b.pool(d, Pool::SkillDice), b.move_left(d)), (3, 5));
    }
}

// "Cost (choose one): 1 SD, 10ft unspent movement" — 2 skill dice is neither: refused,
// nothing changed.
#[test]
fn a_counter_attack_paid_with_neither_alternative_is_refused() {
    for kind in BOTH {
        let mut b = battle(kind, &pair("reaver", "warden"), &[20, 1]);
        let (a, d) = (id(&b, "A"), id(&b, "D"));
        b.submit(Command::Move {
            unit: a,
            to: Cell::new(1, 3),
        })
        .unwrap();
        let n = b.log().len();
        let e = b
            .submit(Command::React {
                unit: d,
                choice: Some(ReactionKind::ReactionAttack),
                commit: 0,
                commits: vec![Commit {
                    part: 0,
                    pool: Pool::SkillDice,
                    amount: 2,
                }],
            })
            .expect_err("2 skill dice is not its price");
        assert!(e.to_string().contains("nothing can be committed"), "{e}");
        assert_eq!(b.log().len(), n);
        assert_eq!((b.pool(d, Pool::SkillDice), b.move_left(d)), (4, 6));
    }
}

// "A natural 20 on a counter check results in critical mitigation; Fully cancels both
// effects and damage" — even when its total falls short of the caster's: Thunderclap's
// natural 20 casting check totals 25, the sage's natural 20 counter check 24, and the
// damage is cancelled all the same.
#[test]
fn a_natural_20_counter_check_cancels_the_spell_below_the_casters_total() {
    use crate::counters_spells::spell_field;
    let units = r#"Unit(name: "Mage", side: "Red", cell: (0, 3), archetype: "mage"),
        Unit(name: "Sage", side: "Blue", cell: (3, 3), archetype: "sage")"#;
    for kind in BOTH {
        // Initiative 20, 1; casting check 20 + 5 = 25 (a critical: 6d6 of 3s); counter 20.
        let mut b = spell_field(kind, units, "", &[20, 1, 20, 3, 3, 3, 3, 3, 3, 20]);
        let (m, s) = (id(&b, "Mage"), id(&b, "Sage"));
        let n = b.log().len();
        cast(&mut b, m, "Thunderclap", CastAt::Cell(Cell::new(3, 3)));
        counter(&mut b, s, Some(ReactionKind::Counterspell), 0, 0);
        let ev = since(&b, n);
        assert_eq!(
            checks(&ev, CheckPurpose::Counterspell),
            [(s, 24, 25, Outcome::Critical)],
            "{ev:?}"
        );
        assert!(damage(&ev).iter().all(|&(_, hp)| hp == 0), "{ev:?}");
        assert_eq!(b.hp(s), 40);
        assert_eq!(b.forced_dice_left(), 0);
    }
}
