//! The core's hooks for the last two seeds (issue 28), each proven through the "duel
//! hooks" test ruleset (`duel.rs`, `DUEL_HOOKS`) with forced dice and `Battle::submit`:
//! commits from several pools and parts, a price that sees its trigger, once per pair of
//! units, owing from the next turn, a threat-reach hook and steps within a zone.

use skirmish_rules::Illegal;
use skirmish_rules::ai;
use skirmish_rules::battle::{Battle, Status};
use skirmish_rules::components::{ConditionKind, Once, Per, Pool, Slot, UnitId};
use skirmish_rules::engine::{Command, Commit, CommonAction};
use skirmish_rules::event::{Event, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};

use crate::duel::{DUEL_HOOKS, DUEL_PLUS, DuelAi, ruled_battle};
use crate::support::{damage, id, since};

/// Fang (wolf: bite 1d8, 13 HP, duel AC 12) first, then Corwin (fighter: STR +3,
/// longsword 1d8, 20 HP, duel AC 11), and Tamsin (rogue) beside him when `three`.
pub(crate) fn battle(fang: &str, three: bool, forced: &[u32]) -> Battle {
    battle_with("", fang, three, forced)
}

/// [`battle`] with Corwin's `feats: ["Reach"]`: he threatens 2 cells in duel hooks.
fn reach_battle(fang: &str) -> Battle {
    battle_with(r#", feats: ["Reach"]"#, fang, false, &[])
}

/// [`battle`] with more fields for Corwin's level entry (`corwin`: ", feats: [..]").
fn battle_with(corwin: &str, fang: &str, three: bool, forced: &[u32]) -> Battle {
    let mut units = format!(
        r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"{corwin}),
        Unit(name: "Fang", side: "Blue", cell: {fang}, archetype: "wolf")"#
    );
    // Initiative d20 by level order: Fang, then Corwin (, then Tamsin).
    let mut all = vec![1, 20];
    if three {
        units.push_str(r#", Unit(name: "Tamsin", side: "Red", cell: (6, 4), archetype: "rogue")"#);
        all = vec![15, 20, 10];
    }
    all.extend_from_slice(forced);
    ruled_battle(&DUEL_HOOKS, GridKind::Square, &units, 1, &all)
}

pub(crate) fn react(
    b: &mut Battle,
    unit: UnitId,
    choice: Option<ReactionKind>,
    commits: Vec<Commit>,
) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

pub(crate) fn attack(b: &mut Battle, unit: UnitId, target: UnitId, slot: Option<Slot>) {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot,
        aim: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

pub(crate) fn commit(part: usize, pool: Pool, amount: u32) -> Commit {
    Commit { part, pool, amount }
}

fn offered(ev: &[Event]) -> Vec<(UnitId, Trigger)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor, trigger, ..
            } => Some((*reactor, trigger.clone())),
            _ => None,
        })
        .collect()
}

/// Fang walks two cells (from (7, 4) to (5, 4), next to Corwin), keeping 4 of its 6
/// cells of movement until its next turn; then Corwin's turn.
pub(crate) fn fang_steps_in(b: &mut Battle) -> (UnitId, UnitId) {
    let (c, f) = (id(b, "Corwin"), id(b, "Fang"));
    assert_eq!(b.current(), Some(f));
    b.submit(Command::Move {
        unit: f,
        to: Cell::new(5, 4),
    })
    .unwrap();
    end(b);
    assert_eq!(b.current(), Some(c));
    assert_eq!(b.pool(f, Pool::Movement), 4);
    (c, f)
}

// ---- 1. Commits from several pools and parts ----

/// Block: half the damage, 2 less for each skill die (part "Block", at most 2) and for
/// each cell of unspent movement (part "Dig In", at most 2). d20 15 hits, 1d8 = 8: half
/// is 4; one die cuts it to 2; one die and one cell to 0.
#[test]
fn a_block_commits_skill_dice_and_dig_in_movement_as_two_parts() {
    for (commits, taken) in [
        (vec![commit(0, Pool::SkillDice, 1)], 2),
        (
            vec![commit(0, Pool::SkillDice, 1), commit(1, Pool::Movement, 1)],
            0,
        ),
    ] {
        let mut b = battle("(7, 4)", false, &[15, 8]);
        let (c, f) = fang_steps_in(&mut b);
        let n = b.log().len();
        attack(&mut b, c, f, None);
        let w = b.window().expect("Fang is asked").clone();
        let parts = b.rules().commit_range(&b, &w, ReactionKind::Block);
        let labels: Vec<_> = parts.iter().map(|p| (p.label, p.max)).collect();
        assert_eq!(labels, [("Block", 2), ("Dig In", 2)]);
        react(&mut b, f, Some(ReactionKind::Block), commits.clone());
        let ev = since(&b, n);
        let spent: Vec<(Pool, i32)> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Spent {
                    pool,
                    amount,
                    on: Spend::Commit,
                    ..
                } => Some((*pool, *amount)),
                _ => None,
            })
            .collect();
        let want: Vec<(Pool, i32)> = commits.iter().map(|c| (c.pool, c.amount as i32)).collect();
        assert_eq!(spent, want, "one Spent per amount, in order");
        assert_eq!(damage(&ev), [(f, taken)]);
        assert_eq!(b.pool(f, Pool::SkillDice), 2);
        let cells: i32 = commits
            .iter()
            .filter(|c| c.pool == Pool::Movement)
            .map(|c| c.amount as i32)
            .sum();
        assert_eq!(b.pool(f, Pool::Movement), 4 - cells);
    }
}

/// `Ruleset::check_answer` (the hook counters' Block and Parry price needed: "1+ SD … or
/// 10+ ft of unspent movement", a rule across two parts): duel hooks allow at most 3 in
/// all to a Block. 2 dice and 2 cells, each within its part, are refused when given,
/// nothing paid or logged; 2 dice and 1 cell are taken (Fang has 3 dice, 4 cells).
#[test]
fn a_rule_across_an_answers_parts_refuses_it_when_given_changing_nothing() {
    let mut b = battle("(7, 4)", false, &[15, 8]);
    let (c, f) = fang_steps_in(&mut b);
    attack(&mut b, c, f, None);
    let log = b.log().len();
    let both = vec![commit(0, Pool::SkillDice, 2), commit(1, Pool::Movement, 2)];
    let e = b
        .submit(Command::React {
            unit: f,
            choice: Some(ReactionKind::Block),
            commit: 0,
            commits: both,
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    assert!(
        e.to_string()
            .contains("at most 3 skill dice and cells in all, not 4"),
        "{e}"
    );
    assert_eq!(b.log().len(), log, "refused: nothing logged");
    assert_eq!(
        (b.pool(f, Pool::SkillDice), b.pool(f, Pool::Movement)),
        (3, 4)
    );
    assert_eq!(b.status(), Status::AwaitingReaction(f), "still asked");
    react(
        &mut b,
        f,
        Some(ReactionKind::Block),
        vec![commit(0, Pool::SkillDice, 2), commit(1, Pool::Movement, 1)],
    );
    assert_eq!(
        (b.pool(f, Pool::SkillDice), b.pool(f, Pool::Movement)),
        (1, 3)
    );
}

#[test]
fn the_engine_refuses_a_commit_to_the_wrong_part_or_beyond_a_parts_most_changing_nothing() {
    let mut b = battle("(7, 4)", false, &[15, 8]);
    let (c, f) = fang_steps_in(&mut b);
    attack(&mut b, c, f, None);
    let log = b.log().len();
    let cases = [
        (
            vec![commit(0, Pool::Movement, 1)],
            "Block cannot be paid with",
        ),
        (
            vec![commit(1, Pool::Movement, 3)],
            "at most 2 movement to Dig In",
        ),
        (
            vec![commit(2, Pool::SkillDice, 1)],
            "2 part(s) to commit to, not 3",
        ),
        (
            vec![commit(0, Pool::SkillDice, 3)],
            "at most 2 skill dice to Block",
        ),
    ];
    for (commits, words) in cases {
        let e = b
            .submit(Command::React {
                unit: f,
                choice: Some(ReactionKind::Block),
                commit: 0,
                commits: commits.clone(),
            })
            .unwrap_err();
        let text = e.to_string();
        assert!(text.contains(words), "{commits:?}: {text}");
        assert!(matches!(e, Illegal::Cannot { .. }));
        assert_eq!(b.log().len(), log, "refused: nothing logged");
    }
    // Declining commits nothing; a commit with no answer is refused.
    assert!(
        b.submit(Command::React {
            unit: f,
            choice: None,
            commit: 0,
            commits: vec![commit(0, Pool::SkillDice, 1)],
        })
        .is_err()
    );
    assert_eq!(b.log().len(), log);
}

/// A script names the parts the same way (`React(..., commits: [...])`).
#[test]
fn a_script_commits_per_pool_and_part() {
    let mut b = battle("(7, 4)", false, &[15, 8]);
    let (c, f) = fang_steps_in(&mut b);
    attack(&mut b, c, f, None);
    let s: skirmish_rules::script::Script = ron::from_str(
        r#"Script(commands: [React(unit: "Fang", choice: Block, commits: [
            (part: 0, pool: SkillDice, amount: 1), (part: 1, pool: Movement, amount: 1)])])"#,
    )
    .unwrap();
    skirmish_rules::script::run(&mut b, &s).unwrap();
    assert_eq!(b.hp(f), 13);
    assert_eq!(b.pool(f, Pool::SkillDice), 2);
    assert_eq!(b.pool(f, Pool::Movement), 3);
}

/// The AI chooses the amounts (`AiTactics::commit`): enough dice and cells to take the
/// coming damage to 0, no more. 8 coming: half 4, two dice (4) do it.
#[test]
fn the_ai_commits_what_saves_the_damage() {
    let mut b = battle("(7, 4)", false, &[15, 8]);
    let (c, f) = fang_steps_in(&mut b);
    attack(&mut b, c, f, None);
    let cmd = ai::decide_with(&b, &DuelAi).expect("an answer");
    let Command::React {
        choice, commits, ..
    } = &cmd
    else {
        panic!("{cmd:?}")
    };
    assert_eq!(*choice, Some(ReactionKind::Block));
    assert_eq!(commits, &[commit(0, Pool::SkillDice, 2)]);
    b.submit(cmd).unwrap();
    assert_eq!(b.hp(f), 13);
}

// ---- 2. A price that sees its trigger ----

/// A natural 1 rolls a fumble chain; a free hit after a tragedy (1 step or more) costs
/// no reaction, after a plain auto fail it costs one.
#[test]
fn a_tragedys_free_hit_costs_no_reaction_a_plain_fumbles_costs_one() {
    // Corwin attacks first here: Fang stands at (5, 4) from the start.
    for (chain, tragedy, paid) in [(vec![4, 3], 1, false), (vec![2], 0, true)] {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf")"#;
        let mut forced = vec![20, 1, 1];
        forced.extend_from_slice(&chain);
        forced.push(2); // Fang's free hit: d20 2 misses.
        let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &forced);
        let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
        let n = b.log().len();
        attack(&mut b, c, f, None);
        assert_eq!(
            offered(&since(&b, n)),
            [(
                f,
                Trigger::Fumbled {
                    attacker: c,
                    tragedy
                }
            )]
        );
        react(&mut b, f, Some(ReactionKind::FreeHit), Vec::new());
        let reacted = since(&b, n).into_iter().find_map(|e| match e {
            Event::Reacted { paid, .. } => Some(paid),
            _ => None,
        });
        let want = if paid {
            vec![(Pool::Reaction, 1)]
        } else {
            Vec::new()
        };
        assert_eq!(reacted, Some(want));
        assert_eq!(b.rp(f), if paid { 1 } else { 2 });
    }
}

// ---- 5. Once per pair of units ----

/// Two reactions a turn, but not against the same creature twice in a round: Corwin's
/// second attack (with its Move action) meets no Block though Fang has a reaction left;
/// Tamsin's attack, the same round, does.
#[test]
fn a_unit_reacts_to_the_same_creature_once_a_round_and_to_another_still() {
    // Fang first (steps in), Corwin hits twice (15, 8 then 15, 6), Tamsin once (15, 5).
    let mut b = battle("(7, 4)", true, &[15, 8, 15, 6, 15, 5]);
    let (c, f) = fang_steps_in(&mut b);
    let t = id(&b, "Tamsin");
    let n = b.log().len();
    attack(&mut b, c, f, None);
    react(&mut b, f, Some(ReactionKind::Block), Vec::new());
    assert!(b.used(
        f,
        Once::Pair {
            other: c,
            per: Per::Round
        }
    ));
    assert!(since(&b, n).contains(&Event::Marked {
        unit: f,
        once: Once::Pair {
            other: c,
            per: Per::Round
        }
    }));
    assert_eq!(b.rp(f), 1);
    let m = b.log().len();
    attack(&mut b, c, f, Some(Slot::Move));
    assert!(
        offered(&since(&b, m)).is_empty(),
        "no second Block against Corwin"
    );
    assert_eq!(damage(&since(&b, m)), [(f, 6)]);
    // Both actions spent: Corwin's turn has ended by itself.
    assert_eq!(b.current(), Some(t));
    let m = b.log().len();
    attack(&mut b, t, f, None);
    assert_eq!(
        offered(&since(&b, m)),
        [(
            f,
            Trigger::IncomingDamage {
                attacker: t,
                amount: 5
            }
        )]
    );
    // Duel plus has no such rule: the pair is never marked.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf")"#;
    let mut p = ruled_battle(&DUEL_PLUS, GridKind::Square, units, 1, &[20, 1, 15, 8]);
    let (c, f) = (id(&p, "Corwin"), id(&p, "Fang"));
    attack(&mut p, c, f, None);
    react(&mut p, f, Some(ReactionKind::Block), Vec::new());
    assert!(!p.used_against(f, c, Per::Round));
}

/// The pair is forgotten when the round ends.
#[test]
fn a_pair_mark_lasts_the_round() {
    let mut b = battle("(7, 4)", false, &[15, 8]);
    let (c, f) = fang_steps_in(&mut b);
    attack(&mut b, c, f, None);
    react(&mut b, f, Some(ReactionKind::Block), Vec::new());
    assert!(b.used_against(f, c, Per::Round));
    end(&mut b);
    assert_eq!(b.round(), 2);
    assert!(!b.used_against(f, c, Per::Round));
}

// ---- 6. Owing from the next turn ----

/// Standing up on a foe's turn is paid by the next turn's Move action: an `Owed` now, a
/// `Spent` (on `Owed`) when that turn starts, and no Move in it.
#[test]
fn standing_up_on_a_foes_turn_is_paid_from_the_next_turns_move() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (9, 4), archetype: "wolf", conditions: {Prone: UntilRemoved})"#;
    let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &[20, 1]);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    assert_eq!(b.current(), Some(c));
    let n = b.log().len();
    b.submit(Command::Act {
        unit: f,
        action: CommonAction::StandUp.into(),
    })
    .unwrap();
    assert!(!b.has(f, ConditionKind::Prone));
    assert!(since(&b, n).contains(&Event::Owed {
        unit: f,
        pool: Pool::Slot(Slot::Move),
        amount: 1
    }));
    assert_eq!(b.owed(f, Pool::Slot(Slot::Move)), 1);
    let m = b.log().len();
    end(&mut b);
    assert_eq!(b.current(), Some(f));
    assert!(since(&b, m).iter().any(|e| matches!(
        e,
        Event::Spent {
            unit,
            pool: Pool::Slot(Slot::Move),
            amount: 1,
            on: Spend::Owed,
            ..
        } if *unit == f
    )));
    assert_eq!(b.owed(f, Pool::Slot(Slot::Move)), 0);
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert!(
        b.check(&Command::Move {
            unit: f,
            to: Cell::new(8, 4)
        })
        .is_err()
    );
}

/// A unit whose next turn has no Move action (Speed 0 in duel hooks) has nothing to owe:
/// refused, nothing logged.
#[test]
fn owing_is_refused_when_the_next_turn_has_nothing_left_to_owe() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (9, 4), archetype: "wolf", stats: {Speed: 0},
            conditions: {Prone: UntilRemoved})"#;
    let mut b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &[20, 1]);
    let f = id(&b, "Fang");
    assert!(b.may_owe(f, Pool::Slot(Slot::Move), 1).is_err());
    let log = b.log().len();
    let e = b
        .submit(Command::Act {
            unit: f,
            action: CommonAction::StandUp.into(),
        })
        .unwrap_err();
    assert!(
        e.to_string().contains("next turn has nothing left to owe"),
        "{e}"
    );
    assert_eq!(b.log().len(), log);
    assert!(b.has(f, ConditionKind::Prone));
}

// ---- 7. Threat reach and steps within a zone ----

/// The ruleset's threat reach: one farther than the weapon in duel hooks, for a unit
/// with the feat "Reach".
#[test]
fn the_ruleset_sets_the_threat_reach() {
    let mut b = reach_battle("(9, 4)");
    let c = id(&b, "Corwin");
    assert!(b.has_feat(c, "Reach"));
    assert_eq!(b.threat_reach(c), 2);
    assert!(b.threatens(c, Cell::new(6, 4)));
    assert!(!b.threatens(c, Cell::new(7, 4)));
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", feats: ["Reach"]),
        Unit(name: "Fang", side: "Blue", cell: (9, 4), archetype: "wolf")"#;
    let p = ruled_battle(&DUEL_PLUS, GridKind::Square, units, 1, &[20, 1]);
    assert_eq!(p.threat_reach(id(&p, "Corwin")), 1);
    assert!(!p.threatens(id(&p, "Corwin"), Cell::new(6, 4)));
    end(&mut b);
}

/// Without the feat, a unit threatens its weapon's reach in duel hooks too: 1.
#[test]
fn a_unit_without_the_reach_feat_threatens_one_cell() {
    let b = reach_battle("(9, 4)");
    let f = id(&b, "Fang");
    assert!(!b.has_feat(f, "Reach"));
    assert_eq!(b.threat_reach(f), 1);
    assert!(b.threatens(f, Cell::new(8, 4)));
    assert!(!b.threatens(f, Cell::new(7, 4)));
    let b = battle("(9, 4)", false, &[]);
    let c = id(&b, "Corwin");
    assert!(!b.has_feat(c, "Reach"));
    assert_eq!(b.threat_reach(c), 1);
    assert!(!b.threatens(c, Cell::new(6, 4)));
}

/// Fang walks down past Corwin; on the step that is its third within Corwin's zone
/// (cells within 2: he has the feat "Reach"), Corwin is offered a free hit, once.
#[test]
fn the_third_step_within_a_zone_offers_a_free_hit_once() {
    let mut b = reach_battle("(6, 1)");
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    let to = Cell::new(6, 7);
    let (path, _) = b.path_to(f, to).expect("a path");
    let within: Vec<usize> = (1..path.len())
        .filter(|&i| b.threatens(c, path[i]))
        .collect();
    assert!(within.len() >= 3, "{path:?}");
    let n = b.log().len();
    b.submit(Command::Move { unit: f, to }).unwrap();
    // Stopped at the offer: Fang stands on the third cell within the zone.
    assert_eq!(b.status(), Status::AwaitingReaction(c));
    assert_eq!(b.pos(f), path[within[2]]);
    assert_eq!(b.steps_within(f, c), 3);
    assert_eq!(
        offered(&since(&b, n)),
        [(c, Trigger::WithinZone { mover: f, steps: 3 })]
    );
    react(&mut b, c, Some(ReactionKind::FreeHit), Vec::new());
    assert!(b.used_against(c, f, Per::Round));
    // The free hit strikes at 2 cells (`Battle::melee_reach`); Fang does not Block it.
    while b.status() == Status::AwaitingReaction(f) {
        react(&mut b, f, None, Vec::new());
    }
    // The move goes on to its end; no second offer of a free hit.
    assert_eq!(b.pos(f), to);
    let free_hits = offered(&since(&b, n))
        .into_iter()
        .filter(|(_, t)| matches!(t, Trigger::WithinZone { .. }))
        .count();
    assert_eq!(free_hits, 1);
    assert_eq!(b.steps_within(f, c), 0, "no movement under way");
}

/// Two steps within the zone are not enough.
#[test]
fn two_steps_within_a_zone_offer_nothing() {
    let mut b = reach_battle("(6, 1)");
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    let to = Cell::new(6, 3);
    let n = b.log().len();
    b.submit(Command::Move { unit: f, to }).unwrap();
    assert_eq!(b.pos(f), to);
    assert!(offered(&since(&b, n)).is_empty());
    assert!(b.threatens(c, to));
}
