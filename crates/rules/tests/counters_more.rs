//! counters (seed 000), wave 1, continued: strained counters and the proficiency cap
//! counted across the round, the order counters resolve in, the counter attack, unspent
//! movement, skill dice per round, the AI's commitments and refused commitments.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{Once, Per, Pool};
use skirmish_rules::dice::{DiceExpr, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Command, Commit};
use skirmish_rules::event::{AttackKind, Event, Gain, ReactionKind, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::ui::Gauge;
use skirmish_rules::rulesets::{counters, view_of};

use crate::counters::{PAIR, arena, attack, counter, dealt, defences, end};
use crate::support::{BOTH, id, since};

const SKILL: ModKind = ModKind::Skill;
const OTHER: ModKind = ModKind::Other;

fn step(b: &mut Battle, unit: skirmish_rules::components::UnitId, to: Cell) {
    b.submit(Command::Move { unit, to })
        .unwrap_or_else(|e| panic!("{e}"));
}

/// The units that declared, and what, in `ev`; and the counters paid, in order.
fn reacted(ev: &[Event]) -> Vec<(skirmish_rules::components::UnitId, ReactionKind)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Reacted { reactor, kind, .. } => Some((*reactor, *kind)),
            _ => None,
        })
        .collect()
}

// "If SD spent exceeds your proficiency cap, it becomes a strained check" — the warden
// has 4 skill dice a round and a cap of 3: committing all 4 at once is strained, its dice
// thrown twice and the lower throw kept (Disadvantage, docs: Interpretations).
#[test]
fn four_dice_over_a_cap_of_three_make_a_strained_block_that_keeps_the_lower_throw() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10, 6, 6, 6, 6, 1, 2, 3, 4]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 4, 0);
        let ev = since(&b, n);
        let mut thrown = Roll::from_faces(DiceExpr::new(8, 6), vec![6, 6, 6, 6, 1, 2, 3, 4]);
        thrown.kept = vec![false, false, false, false, true, true, true, true];
        let want = thrown
            .with(Modifier::new(OTHER, "strained: the lower of two throws", 0))
            .with(Modifier::new(SKILL, "Strength mod", 3))
            .with(Modifier::new(SKILL, "proficiency", 3))
            .with(Modifier::new(OTHER, "Dig In", 0));
        assert_eq!(want.total, 16);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::Defence { roll, .. } if *roll == want))
        );
        assert_eq!(dealt(&ev), [(w, 1)]);
    }
}

// "Counts toward proficiency cap": the cap is counted across the counters of a round, so
// 2 dice, then 2 more in the same round, is strained the second time; the dice come back
// at the start of the next round.
#[test]
fn the_cap_counts_every_die_of_the_round_and_the_dice_come_back_each_round() {
    for kind in BOTH {
        let units = r#"Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver"),
            Unit(name: "Rook", side: "Red", cell: (5, 3), archetype: "reaver"),
            Unit(name: "Warden", side: "Blue", cell: (4, 3), archetype: "warden")"#;
        let mut b = arena(
            kind,
            units,
            &[20, 19, 1, 15, 10, 10, 3, 4, 15, 10, 10, 6, 6, 1, 1],
        );
        let (r, k, w) = (id(&b, "Reaver"), id(&b, "Rook"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 2, 0);
        // 3 + 4 + 3 + 3 = 13, not strained (2 of 3).
        assert_eq!(defences(&since(&b, n)), [(w, ReactionKind::Block, 13, 17)]);
        assert_eq!(counters::spent_this_round(&b, w), 2);
        end(&mut b);
        attack(&mut b, k, w);
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 2, 0);
        // 4 of 3 this round: strained, 6 + 6 thrown and 1 + 1 kept: 2 + 6 = 8.
        let ev = since(&b, n);
        assert_eq!(defences(&ev), [(w, ReactionKind::Block, 8, 17)]);
        assert!(ev.iter().any(|e| matches!(e, Event::Defence { roll, .. }
            if roll.modifiers.iter().any(|m| m.name == "strained: the lower of two throws"))));
        assert_eq!(b.pool(w, Pool::SkillDice), 0);
        // The warden's turn, then round 2: its 4 dice are back.
        end(&mut b);
        end(&mut b);
        assert_eq!(b.round(), 2);
        assert_eq!(b.pool(w, Pool::SkillDice), 4);
        let round2 = b
            .log()
            .iter()
            .rposition(|l| matches!(l.event, Event::RoundStarted { .. }))
            .unwrap_or(0);
        assert!(since(&b, round2).contains(&Event::Refilled {
            unit: w,
            pool: Pool::SkillDice,
            amount: 4,
            why: Gain::Regained,
            left: 4,
        }));
        assert_eq!(counters::spent_this_round(&b, w), 0);
    }
}

// "Counters are resolved first by type, then initiative order. A counterspell resolves
// first, then block, then parry, then non-action." The target and its ally beside it
// declare first (the target first); then the ally's Block resolves before the target's
// Parry, and takes its share off the damage first.
#[test]
fn a_block_resolves_before_a_parry_whoever_declared_first() {
    for kind in BOTH {
        let units = r#"Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver"),
            Unit(name: "Warden", side: "Blue", cell: (4, 3), archetype: "warden"),
            Unit(name: "Squire", side: "Blue", cell: (5, 3), archetype: "squire")"#;
        let mut b = arena(kind, units, &[20, 1, 1, 15, 10, 10]);
        let (r, w, s) = (id(&b, "Reaver"), id(&b, "Warden"), id(&b, "Squire"));
        attack(&mut b, r, w);
        assert_eq!(b.window().map(|x| x.reactor), Some(w), "the target first");
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Parry), 0, 4);
        assert_eq!(b.window().map(|x| x.reactor), Some(s), "then its ally");
        assert!(since(&b, n).contains(&Event::Declared {
            reactor: w,
            kind: ReactionKind::Parry
        }));
        counter(&mut b, s, Some(ReactionKind::Block), 0, 2);
        let ev = since(&b, n);
        assert_eq!(
            reacted(&ev),
            [(s, ReactionKind::Block), (w, ReactionKind::Parry)]
        );
        // Squire: Str 1 + 0 + 1 (10 ft) = 2 of 17; Warden: Agi 3 + 0 + 2 = 5 of 15.
        assert_eq!(
            defences(&ev),
            [
                (s, ReactionKind::Block, 2, 17),
                (w, ReactionKind::Parry, 5, 15)
            ]
        );
        assert_eq!(dealt(&ev), [(w, 10)]);
    }
}

// "... then initiative order": two Blocks resolve by initiative, not by who declared
// first.
#[test]
fn two_blocks_resolve_in_initiative_order() {
    for kind in BOTH {
        let units = r#"Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver"),
            Unit(name: "Warden", side: "Blue", cell: (4, 3), archetype: "warden"),
            Unit(name: "Squire", side: "Blue", cell: (5, 3), archetype: "squire")"#;
        // Initiative: Reaver 20, Warden 1 + 3 = 4, Squire 15 + 1 = 16.
        let mut b = arena(kind, units, &[20, 1, 15, 15, 10, 10]);
        let (r, w, s) = (id(&b, "Reaver"), id(&b, "Warden"), id(&b, "Squire"));
        assert_eq!(b.order(), [r, s, w]);
        attack(&mut b, r, w);
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 0, 2);
        counter(&mut b, s, Some(ReactionKind::Block), 0, 2);
        let ev = since(&b, n);
        assert_eq!(
            reacted(&ev),
            [(s, ReactionKind::Block), (w, ReactionKind::Block)]
        );
        // Squire 2 of 17, Warden 3 + 3 + 1 = 7 of 15: 8 taken.
        assert_eq!(
            defences(&ev),
            [
                (s, ReactionKind::Block, 2, 17),
                (w, ReactionKind::Block, 7, 15)
            ]
        );
        assert_eq!(dealt(&ev), [(w, 8)]);
    }
}

// "When a creature within 5ft tries to leave your melee range: Make a melee attack as a
// reaction. Cost (choose one): 1 SD, 10ft unspent movement ... Cannot counter attack the
// same creature more than once per round".
#[test]
fn leaving_melee_range_gives_a_counter_attack_once_per_creature_a_round() {
    for kind in BOTH {
        let units = r#"Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver"),
            Unit(name: "Rook", side: "Red", cell: (4, 4), archetype: "reaver"),
            Unit(name: "Warden", side: "Blue", cell: (4, 3), archetype: "warden")"#;
        let mut b = arena(kind, units, &[20, 19, 1, 1]);
        let (r, k, w) = (id(&b, "Reaver"), id(&b, "Rook"), id(&b, "Warden"));
        let n = b.log().len();
        step(&mut b, r, Cell::new(1, 3));
        assert_eq!(
            b.window().map(|x| (x.reactor, x.options.clone())),
            Some((w, vec![ReactionKind::ReactionAttack]))
        );
        b.submit(Command::React {
            unit: w,
            choice: Some(ReactionKind::ReactionAttack),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        // Paid with 10 ft of its unspent movement; marked against the reaver; a natural 1.
        assert!(ev.contains(&Event::Reacted {
            reactor: w,
            kind: ReactionKind::ReactionAttack,
            paid: vec![(Pool::Movement, 2)],
        }));
        assert!(ev.contains(&Event::Marked {
            unit: w,
            once: Once::Pair {
                other: r,
                per: Per::Round
            }
        }));
        assert!(ev.iter().any(|e| matches!(e, Event::Attack { attacker, kind: AttackKind::Reaction, .. } if *attacker == w)));
        assert_eq!(b.pos(r), Cell::new(1, 3));
        assert_eq!(b.move_left(w), 4);
        // Back in and out again this round: no second counter attack on the reaver.
        step(&mut b, r, Cell::new(3, 3));
        let m = b.log().len();
        step(&mut b, r, Cell::new(2, 3));
        assert!(b.window().is_none());
        assert!(
            !since(&b, m)
                .iter()
                .any(|e| matches!(e, Event::ReactionOffered { .. }))
        );
        // Another creature leaving is still offered one.
        end(&mut b);
        step(&mut b, k, Cell::new(4, 6));
        assert_eq!(
            b.window().map(|x| (x.reactor, x.trigger.clone())),
            Some((
                w,
                Trigger::Leaving {
                    mover: k,
                    from: Cell::new(4, 4)
                }
            ))
        );
    }
}

// "Cost (choose one): 1 SD, 10ft unspent movement. Counts toward proficiency cap": with
// less than 10 ft left the counter attack takes a skill die; past the cap (a sentry of
// proficiency 1 that blocked with its one die this round) it is strained: its d20 is
// rolled twice and the lower kept.
#[test]
fn a_counter_attack_paid_with_a_die_past_the_cap_rolls_its_d20_twice_keeping_the_lower() {
    for kind in BOTH {
        let units = r#"Unit(name: "Sentry", side: "Blue", cell: (9, 3), archetype: "squire", stats: {Proficiency: 1, SkillDice: 2}),
            Unit(name: "Reaver", side: "Red", cell: (3, 3), archetype: "reaver")"#;
        // Sentry 20 + 1 first. It walks 5 cells next to the reaver (1 cell left).
        let mut b = arena(kind, units, &[20, 1]);
        let (s, r) = (id(&b, "Sentry"), id(&b, "Reaver"));
        step(&mut b, s, Cell::new(4, 3));
        assert_eq!(b.move_left(s), 1);
        end(&mut b);
        // d20 15 + 5 vs 12: 2d10 5 + 5 + 3 − absorption 1 = 12; Block 1 SD: 4 + 1 = 5.
        b.dice_force_for_tests(&[15, 5, 5, 4]);
        attack(&mut b, r, s);
        counter(&mut b, s, Some(ReactionKind::Block), 1, 0);
        assert_eq!(b.hp(s), 30 - 7);
        // The reaver walks off: the counter attack costs the sentry's last die (2 of 1).
        let n = b.log().len();
        b.dice_force_for_tests(&[18, 4]);
        step(&mut b, r, Cell::new(1, 3));
        b.submit(Command::React {
            unit: s,
            choice: Some(ReactionKind::ReactionAttack),
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap();
        let ev = since(&b, n);
        assert!(ev.contains(&Event::Reacted {
            reactor: s,
            kind: ReactionKind::ReactionAttack,
            paid: vec![(Pool::SkillDice, 1)],
        }));
        let want = Roll::from_faces(DiceExpr::new(2, 20).keep_lowest(1), vec![18, 4])
            .with(Modifier::new(SKILL, "proficiency", 1))
            .with(Modifier::new(SKILL, "Strength mod", 1))
            .with(Modifier::new(
                OTHER,
                "strained: over the proficiency cap",
                0,
            ));
        assert!(ev.iter().any(|e| matches!(e, Event::Attack { attacker, roll, .. } if *attacker == s && *roll == want)), "{ev:#?}");
        assert_eq!(counters::spent_this_round(&b, s), 2);
    }
}

// Unspent movement: "Spend 10ft or more of unspent movement" — the cells a unit did not
// move on its own turn stay until its next turn starts, and the unit card shows them.
#[test]
fn unspent_movement_stays_until_the_next_turn_and_the_card_shows_it() {
    for kind in BOTH {
        // The warden acts first, moves 2 cells and ends its turn.
        let units = r#"Unit(name: "Reaver", side: "Red", cell: (1, 3), archetype: "reaver"),
            Unit(name: "Warden", side: "Blue", cell: (5, 3), archetype: "warden")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        step(&mut b, w, Cell::new(7, 3));
        end(&mut b);
        assert_eq!(b.current(), Some(r));
        assert_eq!(b.move_left(w), 4);
        let gauges = view_of(&b).map(|v| v.gauges(&b, w)).unwrap_or_default();
        assert!(gauges.contains(&Gauge::Pips {
            label: "Unspent movement (cells)",
            count: 4,
            tone: skirmish_rules::rulesets::ui::Tone::Reaction
        }));
        assert!(gauges.contains(&Gauge::Note(
            "4 cell(s) unspent (20 ft: 2 step(s) of 10 ft for counters)".into()
        )));
        end(&mut b);
        assert_eq!(b.current(), Some(w));
        assert_eq!(b.move_left(w), 6, "a new turn's 30 ft");
    }
}

// `Ruleset::answer_odds` is the damage to expect after a mix, and the AI commits the mix
// `ai::value::best_commits` finds (a die worth 2.5 HP kept, a cell 0.4).
#[test]
fn the_ai_commits_the_best_mix_and_the_expected_damage_is_the_damage_dealt() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let win = b.window().cloned().unwrap();
        let rules = b.rules();
        let mix = |dice: u32, cells: u32| {
            let mut v = Vec::new();
            if dice > 0 {
                v.push(Commit {
                    part: 0,
                    pool: Pool::SkillDice,
                    amount: dice,
                });
            }
            if cells > 0 {
                v.push(Commit {
                    part: 1,
                    pool: Pool::Movement,
                    amount: cells,
                });
            }
            v
        };
        let odds = |k, d, c| rules.answer_odds(&b, &win, k, &mix(d, c)).unwrap();
        // Movement alone: exact. 17 − (3 + 3 + 3) = 8; Parry 17 − (3 + 0 + 3) = 11.
        assert_eq!(odds(ReactionKind::Block, 0, 6), 8.0);
        assert_eq!(odds(ReactionKind::Parry, 0, 6), 11.0);
        assert_eq!(odds(ReactionKind::Block, 0, 1), 17.0, "5 ft is no block");
        // One die: the mean over its faces of what gets through.
        let brute: f64 = (1..=6)
            .map(|f| f64::from((17 - (f + 6)).max(0)))
            .sum::<f64>()
            / 6.0;
        assert!((odds(ReactionKind::Block, 1, 0) - brute).abs() < 1e-9);
        // The AI's answer: Block with the mix best_commits finds.
        let cmd = ai::decide(&b).unwrap();
        let want = ai::value::best_commits(&b, &win, ReactionKind::Block, counters::worth);
        assert!(!want.is_empty());
        match &cmd {
            Command::React {
                unit,
                choice,
                commits,
                ..
            } => {
                assert_eq!((*unit, *choice), (w, Some(ReactionKind::Block)));
                assert_eq!(commits, &want);
            }
            other => panic!("{other:?}"),
        }
        // Movement alone, played: the 8 expected is the 8 dealt.
        let n = b.log().len();
        counter(&mut b, w, Some(ReactionKind::Block), 0, 6);
        assert_eq!(dealt(&since(&b, n)), [(w, 8)]);
    }
}

// Bad commitments are refused and change nothing: more dice than the unit has, dice to
// the Dig In part.
#[test]
fn a_commitment_beyond_the_pools_or_to_the_wrong_part_is_refused() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1, 15, 10, 10]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        attack(&mut b, r, w);
        let n = b.log().len();
        for commits in [
            vec![Commit {
                part: 0,
                pool: Pool::SkillDice,
                amount: 5,
            }],
            vec![Commit {
                part: 1,
                pool: Pool::SkillDice,
                amount: 1,
            }],
            vec![Commit {
                part: 1,
                pool: Pool::Movement,
                amount: 7,
            }],
        ] {
            let e = b.submit(Command::React {
                unit: w,
                choice: Some(ReactionKind::Block),
                commit: 0,
                commits,
            });
            assert!(e.is_err());
            assert_eq!(b.log().len(), n);
            assert_eq!(b.pool(w, Pool::SkillDice), 4);
        }
    }
}

// The AI takes every counter attack offered (`AiTactics::take`).
#[test]
fn the_ai_takes_the_counter_attack() {
    for kind in BOTH {
        let mut b = arena(kind, PAIR, &[20, 1]);
        let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
        step(&mut b, r, Cell::new(1, 3));
        assert_eq!(
            ai::decide(&b),
            Some(Command::React {
                unit: w,
                choice: Some(ReactionKind::ReactionAttack),
                commit: 0,
                commits: Vec::new(),
            })
        );
    }
}

// The soak's invariants (`sim::Invariants`, with counters' `budget_violations`: one
// action, at most 6 cells, skill dice within the round's number, the cap at the
// proficiency bonus) hold over whole AI battles, and the log rebuilds the pools.
#[test]
fn the_soak_invariants_hold_over_ai_battles_on_the_ford() {
    for (kind, seed) in [
        (skirmish_rules::grid::GridKind::Square, 11),
        (skirmish_rules::grid::GridKind::Hex, 12),
    ] {
        let l = skirmish_rules::level::load(&crate::support::repo("levels/counters-ford.ron"))
            .unwrap()
            .with_grid(kind);
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        ai::play_out(&mut b, 20_000);
        assert!(matches!(
            b.status(),
            skirmish_rules::battle::Status::Ended(Some(_))
        ));
        let mut inv = skirmish_rules::sim::Invariants::new(b.level(), seed).unwrap();
        let mut out = Vec::new();
        inv.follow(&b, 0, &mut out);
        inv.finish(&b, &mut out);
        assert!(out.is_empty(), "{kind:?}: {out:?}");
        // Skill dice were spent on counters, and some block stopped a whole hit.
        assert!(b.log().iter().any(|l| matches!(
            &l.event,
            Event::Spent {
                pool: Pool::SkillDice,
                ..
            }
        )));
        assert!(
            b.log()
                .iter()
                .any(|l| matches!(&l.event, Event::Defence { success: true, .. }))
        );
    }
}
