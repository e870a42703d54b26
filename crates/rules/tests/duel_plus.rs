//! The core's crit and fumble chains, slain outright, free hits and answers to damage
//! (issue 14: "damage in three steps", "hit effects beyond damage, crit/fumble chains"),
//! played through the "duel plus" test ruleset (`duel.rs`): no playable ruleset uses
//! them yet (melee-zone and counters will).

use skirmish_rules::ai;
use skirmish_rules::battle::{Battle, Status};
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Command;
use skirmish_rules::event::{AttackKind, ChainKind, Event, ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;

use crate::duel::{DUEL_PLUS, DuelAi, MAX_COMMANDS, SKIRMISH, ruled_battle};
use crate::support::{BOTH, damage, id, offers, since};

/// Corwin (fighter: STR +3, longsword 1d8, 20 HP, duel AC 11) next to Fang (wolf: STR +1,
/// bite 1d8, 13 HP, duel AC 12); Corwin acts first.
fn pair(forced: &[u32]) -> (Battle, UnitId, UnitId) {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf")"#;
    let mut all = vec![20, 1];
    all.extend_from_slice(forced);
    let b = ruled_battle(&DUEL_PLUS, GridKind::Square, units, 1, &all);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    assert_eq!(b.current(), Some(c));
    (b, c, f)
}

fn attack(b: &mut Battle, unit: UnitId, target: UnitId) {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
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
        commits: Vec::new(),
    })
    .unwrap();
}

fn chains(ev: &[Event]) -> Vec<(UnitId, ChainKind, Vec<u32>, Vec<u32>, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Chain {
                unit,
                kind,
                dice,
                faces,
                steps,
            } => Some((*unit, *kind, dice.clone(), faces.clone(), *steps)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_target_answers_damage_knowing_the_amount_block_halves_it() {
    // d20 15 + 3 = 18 hits AC 12; 1d8 = 7. Fang is told 7 before it lands.
    for (answer, taken) in [(Some(ReactionKind::Block), 3), (None, 7)] {
        let (mut b, c, f) = pair(&[15, 7]);
        let n = b.log().len();
        attack(&mut b, c, f);
        let ev = since(&b, n);
        assert!(damage(&ev).is_empty(), "nothing dealt before the answer");
        assert!(ev.contains(&Event::ReactionOffered {
            reactor: f,
            trigger: Trigger::IncomingDamage {
                attacker: c,
                amount: 7
            },
            options: vec![ReactionKind::Block],
        }));
        react(&mut b, f, answer);
        assert_eq!(damage(&since(&b, n)), [(f, taken)]);
        assert_eq!(b.hp(f), 13 - taken);
        assert_eq!(b.rp(f), if answer.is_some() { 0 } else { 1 });
    }
}

#[test]
fn a_crit_chain_doubles_again_on_one_step_and_slays_outright_on_two() {
    // Natural 20, chain d4 = 4 (one step), d6 = 3 (stops): the dice ×4, 4d8 = 1+2+3+4.
    let (mut b, c, f) = pair(&[20, 4, 3, 1, 2, 3, 4]);
    let n = b.log().len();
    attack(&mut b, c, f);
    react(&mut b, f, None);
    let ev = since(&b, n);
    assert_eq!(
        chains(&ev),
        [(c, ChainKind::Critical, vec![4, 6], vec![4, 3], 1)]
    );
    let faces: Vec<Vec<u32>> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Damage { roll, .. } => Some(roll.faces.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(faces, [vec![1, 2, 3, 4]]);
    assert_eq!(damage(&ev), [(f, 10)]);

    // Natural 20, chain 4, 6, then 1: two steps, Fang is slain outright: no damage dice,
    // no answer, every HP it has.
    let (mut b, c, f) = pair(&[20, 4, 6, 1]);
    let n = b.log().len();
    attack(&mut b, c, f);
    let ev = since(&b, n);
    assert_eq!(
        chains(&ev),
        [(c, ChainKind::Critical, vec![4, 6, 8], vec![4, 6, 1], 2)]
    );
    assert_eq!(damage(&ev), [(f, 13)]);
    assert!(offers(&ev).is_empty());
    assert!(ev.contains(&Event::Down { unit: f }));
    assert_eq!(b.forced_dice_left(), 0, "no damage dice rolled");
    assert!(matches!(b.status(), Status::Ended(Some(_))));
}

#[test]
fn a_fumble_gives_the_target_a_free_hit_and_a_tragedy_of_two_slays_the_fumbler() {
    // Natural 1: a miss; chain d4 = 2 (no step). Fang may take a free hit: d20 10 + 1 =
    // 11 hits Corwin's AC 11, bite 1d8 = 5; Corwin does not block.
    let (mut b, c, f) = pair(&[1, 2, 10, 5]);
    let n = b.log().len();
    attack(&mut b, c, f);
    let ev = since(&b, n);
    assert_eq!(chains(&ev), [(c, ChainKind::Fumble, vec![4], vec![2], 0)]);
    assert!(ev.contains(&Event::ReactionOffered {
        reactor: f,
        trigger: Trigger::Fumbled {
            attacker: c,
            tragedy: 0
        },
        options: vec![ReactionKind::FreeHit],
    }));
    react(&mut b, f, Some(ReactionKind::FreeHit));
    react(&mut b, c, None);
    let ev = since(&b, n);
    let attacks: Vec<(UnitId, AttackKind)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Attack { attacker, kind, .. } => Some((*attacker, *kind)),
            _ => None,
        })
        .collect();
    assert_eq!(
        attacks,
        [(c, AttackKind::Normal), (f, AttackKind::Reaction)]
    );
    assert_eq!(damage(&ev), [(c, 5)]);

    // Natural 1, chain 4, 6, 2: a tragedy of two steps; Fang slays Corwin outright.
    let (mut b, c, f) = pair(&[1, 4, 6, 2]);
    let n = b.log().len();
    attack(&mut b, c, f);
    let ev = since(&b, n);
    assert_eq!(chains(&ev)[0].4, 2);
    let dealt: Vec<(UnitId, Option<UnitId>, i32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Damage {
                unit,
                source,
                amount,
                ..
            } => Some((*unit, *source, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(dealt, [(c, Some(f), 20)]);
    assert!(ev.contains(&Event::Down { unit: c }));
    assert_eq!(
        b.status(),
        Status::Ended(Some(b.side(f))),
        "Red has no one left"
    );
}

#[test]
fn the_ai_plays_duel_plus_to_the_end_blocking_and_taking_free_hits() {
    let (mut blocks, mut free, mut crits, mut fumbles) = (0, 0, 0, 0);
    for kind in BOTH {
        for seed in 1..=6 {
            let mut b = ruled_battle(&DUEL_PLUS, kind, SKIRMISH, seed, &[]);
            let n = ai::play_out_with(&mut b, &DuelAi, MAX_COMMANDS);
            assert!(n < MAX_COMMANDS, "{kind:?} seed {seed}: no end in {n}");
            assert!(matches!(b.status(), Status::Ended(Some(_))));
            for e in since(&b, 0) {
                match e {
                    Event::Reacted {
                        kind: ReactionKind::Block,
                        ..
                    } => blocks += 1,
                    Event::Reacted {
                        kind: ReactionKind::FreeHit,
                        ..
                    } => free += 1,
                    Event::Chain {
                        kind: ChainKind::Critical,
                        ..
                    } => crits += 1,
                    Event::Chain {
                        kind: ChainKind::Fumble,
                        ..
                    } => fumbles += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(
        blocks > 0 && free > 0 && crits > 0 && fumbles > 0,
        "blocks {blocks}, free hits {free}, crit chains {crits}, fumble chains {fumbles}"
    );
}

/// Actions outside one's own turn (issue 14): the ruleset says which (`out_of_turn`);
/// duel plus lets a Prone unit stand up on a foe's turn, paid with its next turn's Move
/// action. flow and tactical-d20 refuse every action out of turn (`NotYourTurn`).
#[test]
fn a_prone_unit_stands_up_on_a_foes_turn_and_pays_with_its_next_move() {
    use skirmish_rules::Illegal;
    use skirmish_rules::components::{ConditionKind, Slot};
    use skirmish_rules::engine::CommonAction;
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (5, 4), archetype: "wolf", conditions: {Prone: UntilRemoved})"#;
    let mut b = ruled_battle(&DUEL_PLUS, GridKind::Square, units, 1, &[20, 1]);
    let (c, f) = (id(&b, "Corwin"), id(&b, "Fang"));
    assert_eq!(b.current(), Some(c));
    let stand = |u| Command::Act {
        unit: u,
        action: CommonAction::StandUp.into(),
    };
    // Corwin is not prone: refused, nothing logged.
    let n = b.log().len();
    assert!(b.submit(stand(c)).is_err());
    assert_eq!(b.log().len(), n);
    // Fang stands up on Corwin's turn; it is still Corwin's turn.
    b.submit(stand(f)).unwrap();
    assert!(!b.has(f, ConditionKind::Prone));
    assert_eq!(b.current(), Some(c));
    assert_eq!(
        since(&b, n),
        [Event::ConditionRemoved {
            unit: f,
            kind: ConditionKind::Prone,
            source: None
        }]
    );
    // Not prone any more: a second stand-up is refused.
    assert!(b.submit(stand(f)).is_err());
    b.submit(Command::EndTurn { unit: c }).unwrap();
    // Fang's turn: no Move action (paid for standing up), the Standard is there.
    assert_eq!(b.current(), Some(f));
    assert_eq!(b.slots(f, Slot::Move), 0);
    assert_eq!(b.slots(f, Slot::Standard), 1);
    let e = b
        .submit(Command::Move {
            unit: f,
            to: skirmish_rules::grid::Cell::new(7, 4),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::NoSlot { .. }), "{e:?}");
    // The turn after, the Move action is back.
    b.submit(Command::EndTurn { unit: f }).unwrap();
    b.submit(Command::EndTurn { unit: c }).unwrap();
    assert_eq!(b.slots(f, Slot::Move), 1);

    // Still prone on its own turn, standing up costs that turn's Move.
    let mut b = ruled_battle(&DUEL_PLUS, GridKind::Square, units, 1, &[1, 20]);
    let f = id(&b, "Fang");
    assert_eq!(b.current(), Some(f));
    assert!(matches!(
        b.submit(Command::Move {
            unit: f,
            to: skirmish_rules::grid::Cell::new(7, 4),
        }),
        Err(Illegal::Cannot { .. })
    ));
    b.submit(stand(f)).unwrap();
    assert_eq!(b.slots(f, Slot::Move), 0);

    // flow and tactical-d20: no action out of turn.
    for rules in ["flow", "tactical-d20"] {
        let units = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "fighter"),
            Unit(name: "Birch", side: "Blue", cell: (2, 1), archetype: "fighter", conditions: {Prone: UntilRemoved})"#;
        let src = format!(
            r##"Level(name: "t", ruleset: "{rules}", grid: Square, map: ["......", "......", "......"],
            sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
            units: [{units}])"##
        );
        let l = skirmish_rules::level::parse(&src, "t").unwrap();
        let mut b = Battle::new(l, 3, Vec::new()).unwrap();
        let other = b.units().find(|&u| Some(u) != b.current()).unwrap();
        let e = b.submit(stand(other)).unwrap_err();
        assert!(matches!(e, Illegal::NotYourTurn { .. }), "{rules}: {e:?}");
    }
}

/// A reaction answer that carries an amount (issue 14: `React { kind, commit }`): duel
/// plus lets Block commit up to 2 of the unit's 3 skill dice, 2 less damage each. The
/// engine refuses more than the ruleset's most or than the reactor has, and any commit
/// where the ruleset names none, changing nothing.
#[test]
fn a_block_commits_skill_dice_and_the_engine_checks_the_amount() {
    use skirmish_rules::Illegal;
    use skirmish_rules::components::Pool;
    use skirmish_rules::event::Spend;
    let with = |unit, choice, commit| Command::React {
        unit,
        choice,
        commit,
        commits: Vec::new(),
    };
    // d20 15 hits, 1d8 = 7; half is 3, two skill dice take 4 more: 0 (never below 0).
    // With one die: 3 - 2 = 1.
    for (commit, taken) in [(2, 0), (1, 1)] {
        let (mut b, c, f) = pair(&[15, 7]);
        let n = b.log().len();
        attack(&mut b, c, f);
        assert_eq!(b.pool(f, Pool::SkillDice), 3);
        // Three is more than Block takes; a commit to another answer is refused too.
        let log = b.log().len();
        let e = b.submit(with(f, Some(ReactionKind::Block), 3)).unwrap_err();
        assert!(e.to_string().contains("at most 2 skill dice"), "{e}");
        assert!(matches!(
            b.submit(with(f, None, 1)),
            Err(Illegal::Cannot { .. })
        ));
        assert_eq!(b.log().len(), log, "refused: nothing logged");
        b.submit(with(f, Some(ReactionKind::Block), commit))
            .unwrap();
        let ev = since(&b, n);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Spent {
                unit,
                pool: Pool::SkillDice,
                amount,
                on: Spend::Commit,
                ..
            } if *unit == f && *amount == commit as i32
        )));
        assert_eq!(damage(&ev), [(f, taken)]);
        assert_eq!(b.pool(f, Pool::SkillDice), 3 - commit as i32);
    }
    // A script says it the same way.
    let (mut b, c, f) = pair(&[15, 7]);
    attack(&mut b, c, f);
    let s: skirmish_rules::script::Script =
        ron::from_str(r#"Script(commands: [React(unit: "Fang", choice: Block, commit: 2)])"#)
            .unwrap();
    skirmish_rules::script::run(&mut b, &s).unwrap();
    assert_eq!(b.hp(f), 13);
    assert_eq!(b.pool(f, Pool::SkillDice), 1);
}

/// Attacks carry their options to the hit (issue 14: "hits that carry the natural roll
/// and the attack options (aimed location, slot)"): an aimed attack's `HitEffect::Aimed`
/// reaches the ruleset's damage roll. Duel plus: the centre mass +1 to hit (a face of 8
/// hits AC 12 only so), a vital spot −2 to hit and +2 damage. flow and tactical-d20 have
/// no aimed attacks: refused, nothing logged.
#[test]
fn an_aimed_attack_carries_its_aim_to_the_hit_and_rulesets_without_aims_refuse_it() {
    use skirmish_rules::Illegal;
    use skirmish_rules::engine::Aim;
    let aimed = |unit, target, aim| Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: Some(aim),
    };
    // Centre mass: 8 + 3 + 1 = 12 against AC 12 hits; 1d8 = 4.
    let (mut b, c, f) = pair(&[8, 4]);
    let n = b.log().len();
    b.submit(aimed(c, f, Aim::CentreMass)).unwrap();
    react(&mut b, f, None);
    let ev = since(&b, n);
    assert_eq!(damage(&ev), [(f, 4)]);
    // The same face unaimed misses.
    let (mut b, c, f) = pair(&[8]);
    let n = b.log().len();
    attack(&mut b, c, f);
    assert!(damage(&since(&b, n)).is_empty());
    // A vital spot: 15 + 3 - 2 = 16 hits; 1d8 = 5, +2 for the vital spot; Fang is told 7.
    let (mut b, c, f) = pair(&[15, 5]);
    let n = b.log().len();
    b.submit(aimed(c, f, Aim::Vital)).unwrap();
    assert!(since(&b, n).contains(&Event::ReactionOffered {
        reactor: f,
        trigger: Trigger::IncomingDamage {
            attacker: c,
            amount: 7
        },
        options: vec![ReactionKind::Block],
    }));
    react(&mut b, f, None);
    let ev = since(&b, n);
    let mods: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Attack { roll, .. } | Event::Damage { roll, .. } => Some(
                roll.modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        })
        .collect();
    assert_eq!(mods, ["STR mod +3, aimed -2", "vital spot +2"]);
    assert_eq!(damage(&ev), [(f, 7)]);

    // flow and tactical-d20: no aim.
    for (rules, want) in [
        ("flow", "flow has no aimed attacks"),
        ("tactical-d20", "tactical-d20 has no aimed attacks"),
    ] {
        let src = format!(
            r##"Level(name: "t", ruleset: "{rules}", grid: Square, map: ["......", "......"],
            sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
            units: [Unit(name: "Ash", side: "Red", cell: (1, 0), archetype: "fighter"),
                    Unit(name: "Birch", side: "Blue", cell: (2, 0), archetype: "fighter")])"##
        );
        let mut b = Battle::new(
            skirmish_rules::level::parse(&src, "t").unwrap(),
            3,
            Vec::new(),
        )
        .unwrap();
        let u = b.current().unwrap();
        let t = b.units().find(|&x| x != u).unwrap();
        let n = b.log().len();
        let e = b.submit(aimed(u, t, Aim::Legs)).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "{e:?}");
        assert!(e.to_string().contains(want), "{e}");
        assert_eq!(b.log().len(), n);
    }
}
