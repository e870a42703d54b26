//! counters (seed 000, "Counters and Reactions"), wave 1: each rule through
//! `Battle::submit` with forced dice, the seed's line quoted above its test
//! (`docs/rules/counters.md` maps rule → code → test). More in `counters_more.rs`.

use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Pool, Slot, UnitId};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Command, Commit};
use skirmish_rules::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;

use crate::support::{BOTH, id, repo, since};

/// The level's own weapons and archetypes. The warden is the seed's worked examples'
/// defender: Str +3, Agi +3, proficiency +3 (the cap), proficient in Strength only, 4
/// skill dice a round (one more than the cap). The reaver hits with a 2d10 maul + Str 3.
pub(crate) const EXTRA: &str = r#"weapons: {"maul": (damage: "2d10"), "bow": (kind: Ranged, damage: "1d8", reach: 0, range: 12, tags: [TwoHanded])},
    archetypes: {
        "warden": (hp: 60, stats: {Str: 16, Agility: 16, Proficiency: 3, SkillDice: 4},
            weapons: ["longsword"], feats: ["Strength proficiency"]),
        "reaver": (hp: 60, stats: {Str: 16, Agility: 10, Proficiency: 2}, weapons: ["maul"]),
        "squire": (hp: 30, stats: {Str: 12, Agility: 12, Proficiency: 2}, weapons: ["spear"]),
        "bowman": (hp: 30, stats: {Str: 10, Agility: 14, Proficiency: 2}, weapons: ["bow"]),
    }"#;

/// The reaver (acting first) next to the warden.
pub(crate) const PAIR: &str = r#"Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver"),
    Unit(name: "Warden", side: "Blue", cell: (4, 3), archetype: "warden")"#;

/// A counters battle on an open `w`×`h` map with sides Red and Blue and the level's own
/// weapons and archetypes ([`EXTRA`]).
pub(crate) fn field(kind: GridKind, w: usize, h: usize, units: &str, dice: &[u32]) -> Battle {
    let map = (0..h)
        .map(|_| format!("\"{}\"", ".".repeat(w)))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "field", ruleset: "counters", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {EXTRA})"##
    );
    let l = level::parse(&src, "field").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// An open 10×7 field.
pub(crate) fn arena(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
    field(kind, 10, 7, units, dice)
}

pub(crate) fn attack(b: &mut Battle, unit: UnitId, target: UnitId) {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

/// Answer the open window: `kind` with `dice` skill dice and `cells` of movement.
pub(crate) fn counter(
    b: &mut Battle,
    unit: UnitId,
    kind: Option<ReactionKind>,
    dice: u32,
    cells: u32,
) {
    let mut commits = Vec::new();
    if dice > 0 {
        commits.push(Commit {
            part: 0,
            pool: Pool::SkillDice,
            amount: dice,
        });
    }
    if cells > 0 {
        commits.push(Commit {
            part: 1,
            pool: Pool::Movement,
            amount: cells,
        });
    }
    b.submit(Command::React {
        unit,
        choice: kind,
        commit: 0,
        commits,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

pub(crate) fn end(b: &mut Battle) {
    let u = b.current().unwrap();
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

pub(crate) fn roll(sides: u32, faces: &[u32], mods: &[(&'static str, ModKind, i32)]) -> Roll {
    let mut r = Roll::from_faces(DiceExpr::new(faces.len() as u32, sides), faces.to_vec());
    for (n, k, v) in mods {
        r = r.with(Modifier::new(*k, *n, *v));
    }
    r
}

/// The `Defence` events (counters resolved) in `ev`.
pub(crate) fn defences(ev: &[Event]) -> Vec<(UnitId, ReactionKind, i32, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Defence {
                unit,
                kind,
                roll,
                target_number,
                ..
            } => Some((*unit, *kind, roll.total, *target_number)),
            _ => None,
        })
        .collect()
}

/// The HP each `Damage` event in `ev` took.
pub(crate) fn dealt(ev: &[Event]) -> Vec<(UnitId, i32)> {
    crate::support::damage(ev)
}

const SKILL: ModKind = ModKind::Skill;
const OTHER: ModKind = ModKind::Other;

// The skeleton: `Battle::new` plays a counters level through the AI to a winner.
#[test]
fn the_ai_plays_the_ford_to_a_winner_on_both_grids() {
    for kind in BOTH {
        let l = level::load(&repo("levels/counters-ford.ron"))
            .unwrap()
            .with_grid(kind);
        let mut b = Battle::new(l, 3, Vec::new()).unwrap();
        skirmish_rules::ai::play_out(&mut b, 20_000);
        assert!(
            matches!(b.status(), Status::Ended(Some(_))),
            "{kind:?}: {:?} after round {}",
            b.status(),
            b.round()
        );
    }
}

// Base (docs: Interpretations): "initiative d20 + Agility modifier; one action and a 30 ft
// move a turn" — and skill dice a round, capped at the proficiency bonus.
#[test]
fn initiative_is_d20_plus_agility_and_a_turn_is_one_action_and_six_cells() {
    for kind in BOTH {
        // Reaver d20 5 + Agi 0 = 5; Warden d20 3 + Agi 3 = 6: the warden first.
        let b = arena(kind, PAIR, &[5, 3]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        let inits: Vec<(UnitId, i32)> = b
            .log()
            .iter()
            .filter_map(|l| match &l.event {
                Event::Initiative { unit, roll } => Some((*unit, roll.total)),
                _ => None,
            })
            .collect();
        assert_eq!(inits, [(r, 5), (w, 6)]);
        assert_eq!(b.current(), Some(w));
        let started = b.log().iter().find_map(|l| match &l.event {
            Event::TurnStarted { unit, pools } if *unit == w => Some(pools.clone()),
            _ => None,
        });
        assert_eq!(
            started,
            Some(vec![
                (Pool::Slot(Slot::Standard), 1),
                (Pool::Movement, 6),
                (Pool::SkillDice, 4)
            ])
        );
        let cap = b
            .pools(w)
            .and_then(|p| p.get(Pool::SkillDice))
            .map(|s| s.cap);
        assert_eq!(cap, Some(3), "the proficiency bonus");
        assert_eq!(
            b.pool(r, Pool::SkillDice),
            2,
            "no SkillDice stat: the bonus"
        );
    }
}

// "Passive Dodge = Agility score; If proficient in Agility: add proficiency bonus";
// "Any physical or spell attack requiring line of sight must beat Passive Dodge";
// damage = the weapon's dice + Strength modifier (base), less "Absorption: Base physical
// absorption = Strength modifier; If proficient in Strength: add proficiency bonus".
#[test]
fn an_attack_is_d20_plus_bonus_against_passive_dodge_and_absorption_comes_off_the_damage() {
    for kind in BOTH {
        // d20 11 + prof 2 + Str 3 = 16 vs the warden's Agility 16: a hit; 2d10 7 + 5 + 3 =
        // 15, less absorption 3 + 3.
        let mut b = arena(kind, PAIR, &[20, 1, 11, 7, 5]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        let n = b.log().len();
        attack(&mut b, r, w);
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Attack {
            attacker: r,
            target: w,
            weapon: "maul".into(),
            kind: AttackKind::Normal,
            roll: roll(
                20,
                &[11],
                &[("proficiency", SKILL, 2), ("Strength mod", SKILL, 3)]
            ),
            target_number: 16,
            outcome: Outcome::Success,
            against: vec![Modifier::new(SKILL, "Agility score", 16)],
        }));
        // The warden is asked what it counters with, knowing the 9 coming.
        assert_eq!(
            b.window()
                .map(|x| (x.reactor, x.trigger.clone(), x.options.clone())),
            Some((
                w,
                Trigger::IncomingDamage {
                    attacker: r,
                    amount: 9
                },
                vec![ReactionKind::Block, ReactionKind::Parry]
            ))
        );
        let n = b.log().len();
        counter(&mut b, w, None, 0, 0);
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Damage {
            unit: w,
            source: Some(r),
            roll: roll(
                10,
                &[7, 5],
                &[("Strength mod", SKILL, 3), ("absorption", OTHER, -6)]
            ),
            amount: 9,
            hp_after: 51,
        }));
        // A miss: d20 10 + 5 = 15 < 16 (the reaver's action is spent: next turn).
        end(&mut b);
        end(&mut b);
        let n = b.log().len();
        b.dice_force_for_tests(&[10]);
        attack(&mut b, r, w);
        assert!(since(&b, n).iter().any(|e| matches!(
            e,
            Event::Attack {
                outcome: Outcome::Failure,
                target_number: 16,
                ..
            }
        )));
        assert_eq!(dealt(&since(&b, n)), []);
    }
}

// "Example: Incoming damage = 17. You commit 3 SD (roll 10), Str mod +3, Prof +3, and Dig
// In (20ft = –2). Total absorbed = 10 + 3 + 3 + 2 = 18 → no damage taken".
#[test]
fn the_seeds_block_example_absorbs_18_of_17() {
    for kind in BOTH {
        // 2d10 10 + 10 + Str 3 = 23, less absorption 6: 17 coming; 3 SD roll 3 + 3 + 4.
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10, 3, 3, 4]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        assert!(matches!(
            b.window().map(|x| x.trigger.clone()),
            Some(Trigger::IncomingDamage { amount: 17, .. })
        ));
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 3, 4);
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Defence {
            unit: w,
            kind: ReactionKind::Block,
            roll: roll(
                6,
                &[3, 3, 4],
                &[
                    ("Strength mod", SKILL, 3),
                    ("proficiency", SKILL, 3),
                    ("Dig In", OTHER, 2)
                ]
            ),
            target_number: 17,
            outcome: Outcome::Success,
            against: Outcome::Success,
            success: true,
        }));
        assert_eq!(dealt(&ev), [(w, 0)]);
        assert_eq!(b.hp(w), 60);
        // Paid: 3 skill dice and 20 ft (4 cells).
        assert_eq!(b.pool(w, Pool::SkillDice), 1);
        assert_eq!(b.move_left(w), 2);
        // The map's token shows the skill dice left of the round's 4 (no facing, no
        // wounds in this ruleset).
        let marks = skirmish_rules::rulesets::view_of(&b).map(|v| v.token_marks(&b, w));
        assert_eq!(
            marks,
            Some(skirmish_rules::rulesets::ui::TokenMarks {
                facing: None,
                wounds: 0,
                reactions: Some(("Skill dice", 1, 4)),
                left: None,
            })
        );
    }
}

// "Example: Incoming damage = 17. You commit 3 SD (roll 10), Agi mod +3, not proficient,
// and Dig In (20ft = –2). Total absorbed = 10 + 3 + 0 + 2 = 15 → 2 damage taken".
#[test]
fn the_seeds_parry_example_absorbs_15_of_17_and_2_are_taken() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10, 3, 3, 4]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Parry), 3, 4);
        let ev = since(&b, n);
        assert_eq!(defences(&ev), [(w, ReactionKind::Parry, 15, 17)]);
        assert!(ev.contains(&Event::Defence {
            unit: w,
            kind: ReactionKind::Parry,
            roll: roll(
                6,
                &[3, 3, 4],
                &[
                    ("Agility mod", SKILL, 3),
                    ("proficiency", SKILL, 0),
                    ("Dig In", OTHER, 2)
                ]
            ),
            target_number: 17,
            outcome: Outcome::Failure,
            against: Outcome::Success,
            success: false,
        }));
        assert!(ev.contains(&Event::Damage {
            unit: w,
            source: Some(r),
            roll: roll(
                10,
                &[10, 10],
                &[
                    ("Strength mod", SKILL, 3),
                    ("absorption", OTHER, -6),
                    ("countered", OTHER, -15)
                ]
            ),
            amount: 2,
            hp_after: 58,
        }));
        // The record (`skirmish run`, `--event-log`) says what the parry took off.
        let rec = b
            .log()
            .iter()
            .map(|l| skirmish_rules::record::record(&b, l).text())
            .find(|t| t.contains("defence"))
            .unwrap();
        assert!(
            rec.ends_with("= 15 vs 17: failure [Parry: absorbed 15 of 17, 2 get through]"),
            "{rec}"
        );
    }
}

// "You may block incoming physical damage by: Spending 1+ SD (up to proficiency), or
// Spending 10ft or more of unspent movement" — and "Dig In: Spend 10ft movement = –1":
// movement alone blocks (Str + prof + 1 per 10 ft); an odd 5 ft buys nothing; less than
// 10 ft and no die is refused, nothing changed (`CommitPart::alone_least`).
#[test]
fn a_block_paid_with_movement_alone_digs_in_10_ft_a_point() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let n = b.log().len();
        // 5 cells: two 10 ft steps (the fifth cell buys nothing): 3 + 3 + 2 = 8.
        counter(&mut b, w, Some(ReactionKind::Block), 0, 5);
        let ev = since(&b, n);
        assert_eq!(defences(&ev), [(w, ReactionKind::Block, 8, 17)]);
        assert_eq!(dealt(&ev), [(w, 9)]);
        assert_eq!(b.move_left(w), 1);
        assert_eq!(b.pool(w, Pool::SkillDice), 4, "no die spent");
        // 1 cell is not 10 ft, and no die: refused, the window still open, nothing spent.
        let mut b2 = arena(kind, PAIR, &[20, 1, 15, 10, 10]);
        attack(&mut b2, r, w);
        let n = b2.log().len();
        let e = b2
            .submit(Command::React {
                unit: w,
                choice: Some(ReactionKind::Block),
                commit: 0,
                commits: vec![Commit {
                    part: 1,
                    pool: Pool::Movement,
                    amount: 1,
                }],
            })
            .expect_err("5 ft and no die is no block's price");
        assert!(
            e.to_string()
                .contains("Dig In alone takes at least 2 movement"),
            "{e}"
        );
        assert_eq!((b2.log().len(), b2.move_left(w)), (n, 6));
        assert_eq!(b2.window().map(|x| x.reactor), Some(w));
    }
}

// "You cannot parry ranged or magical attacks"; "You may Parry melee attacks if wielding a
// melee weapon".
#[test]
fn parry_is_offered_against_melee_hits_to_a_unit_wielding_a_melee_weapon_only() {
    for kind in BOTH {
        let units = r#"Unit(name: "Bowman", side: "Red", cell: (1, 3), archetype: "bowman"),
            Unit(name: "Warden", side: "Blue", cell: (6, 3), archetype: "warden")"#;
        // d20 18 + 2 + 2 = 22 vs 16; 1d8 8 + 0 − 6 = 2 coming.
        let mut b = arena(kind, units, &[20, 1, 18, 8]);
        let (bw, w) = (id(&b, "Bowman"), id(&b, "Warden"));
        attack(&mut b, bw, w);
        assert_eq!(
            b.window().map(|x| x.options.clone()),
            Some(vec![ReactionKind::Block]),
            "a bow hit can only be blocked"
        );
        counter(&mut b, w, None, 0, 0);
        // The bowman holds no melee weapon: it cannot parry the warden's sword.
        end(&mut b);
        b.submit(Command::Move {
            unit: w,
            to: Cell::new(2, 3),
        })
        .unwrap();
        b.dice_force_for_tests(&[19, 6, 6]);
        attack(&mut b, w, bw);
        assert_eq!(
            b.window().map(|x| (x.reactor, x.options.clone())),
            Some((bw, vec![ReactionKind::Block]))
        );
    }
}
