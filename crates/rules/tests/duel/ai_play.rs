//! The duel played to the end by the shared AI: every attack is d20 + STR against
//! 10 + DEX, and a seed plays the same battle.

use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Pool, Slot, UnitId};
use skirmish_rules::dice::DiceExpr;
use skirmish_rules::event::{AttackKind, Event, Outcome, Spend};
use skirmish_rules::grid::GridKind;

use crate::support::{BOTH, since};

use super::{DuelAi, MAX_COMMANDS, SKIRMISH, duel_battle};

/// (STR modifier, duel AC) by unit, from the scores in `data/tactical-d20.ron`, worked
/// out by hand: fighter STR 16 DEX 12, rogue STR 10 DEX 17, ogre STR 21 DEX 8, wolf
/// STR 13 DEX 15.
fn sheet(name: &str) -> (i32, i32) {
    match name {
        "Corwin" => (3, 11),
        "Tamsin" => (0, 13),
        "Grub" => (5, 9),
        "Fang" => (1, 12),
        other => panic!("no sheet for {other}"),
    }
}

/// Damage dice by weapon name (`data/tactical-d20.ron`).
fn weapon_dice(name: &str) -> DiceExpr {
    match name {
        "longsword" | "bite" => DiceExpr::new(1, 8),
        "shortsword" | "shortbow" => DiceExpr::new(1, 6),
        "greataxe" => DiceExpr::new(1, 12),
        other => panic!("no dice for {other}"),
    }
}

#[test]
fn the_ai_plays_duel_battles_to_a_winner_and_every_attack_is_d20_plus_str_against_10_plus_dex() {
    for kind in BOTH {
        for seed in 1..=6 {
            let mut b = duel_battle(kind, SKIRMISH, seed, &[]);
            let n = ai::play_out_with(&mut b, &DuelAi, MAX_COMMANDS);
            assert!(n < MAX_COMMANDS, "{kind:?} seed {seed}: no end in {n}");
            let Status::Ended(Some(winner)) = b.status() else {
                panic!("{kind:?} seed {seed}: {:?}", b.status());
            };

            // The same battle again, every AI command submitted by hand: none is refused
            // (so `play_out` never fell back to ending a turn) and the log is the same.
            let mut again = duel_battle(kind, SKIRMISH, seed, &[]);
            let mut m = 0;
            while let Some(cmd) = ai::decide_with(&again, &DuelAi) {
                again
                    .submit(cmd.clone())
                    .unwrap_or_else(|e| panic!("{kind:?} seed {seed}: AI's {cmd:?}: {e}"));
                m += 1;
            }
            assert_eq!((m, again.log()), (n, b.log()), "{kind:?} seed {seed}");

            let ev = since(&b, 0);
            let units: Vec<UnitId> = b.units().collect();
            // The losers are all down; the winners have someone standing.
            for &u in units.iter().filter(|&&u| b.side(u) != winner) {
                assert!(!b.alive(u), "{kind:?} seed {seed}: {} stands", b.name(u));
            }
            assert!(units.iter().any(|&u| b.side(u) == winner && b.alive(u)));
            assert_eq!(
                ev.last(),
                Some(&Event::BattleEnded {
                    winner: Some(winner)
                })
            );
            let (mut attacks, mut hits, mut moves) = (0, 0, 0);
            // Per turn: the unit, Standard and Move actions used, movement used.
            let mut turn: Option<(UnitId, u32, u32, u32)> = None;
            for (i, e) in ev.iter().enumerate() {
                match e {
                    Event::TurnStarted { unit, pools } => {
                        let of = |pool| {
                            pools
                                .iter()
                                .find(|(p, _)| *p == pool)
                                .map_or(0, |(_, n)| *n)
                        };
                        assert_eq!(
                            (of(Pool::Ap), of(Pool::Reaction)),
                            (0, 0),
                            "no AP, no reactions"
                        );
                        turn = Some((*unit, 0, 0, 0));
                    }
                    Event::Spent {
                        unit,
                        pool: Pool::Slot(slot),
                        on,
                        ..
                    } => {
                        let t = turn.as_mut().unwrap();
                        assert_eq!(*unit, t.0, "only the acting unit spends");
                        match (slot, on) {
                            (Slot::Standard, Spend::Attack) => t.1 += 1,
                            (Slot::Move, Spend::Move) => t.2 += 1,
                            other => panic!("{other:?}"),
                        }
                        assert!(t.1 <= 1 && t.2 <= 1, "{kind:?} seed {seed}: {t:?}");
                    }
                    Event::Moved { unit, cost, .. } => {
                        let t = turn.as_mut().unwrap();
                        assert_eq!(*unit, t.0);
                        t.3 += cost;
                        assert!(t.2 == 1 && t.3 <= 6, "one speed per turn: {t:?}");
                        moves += 1;
                    }
                    Event::Attack {
                        attacker,
                        target,
                        weapon,
                        kind: k,
                        roll,
                        target_number,
                        outcome,
                        ..
                    } => {
                        attacks += 1;
                        assert_eq!(*k, AttackKind::Normal);
                        let (str_mod, _) = sheet(b.name(*attacker));
                        let (_, ac) = sheet(b.name(*target));
                        assert_eq!(roll.expr, DiceExpr::new(1, 20));
                        assert_eq!(roll.faces.len(), 1);
                        let face = roll.faces[0];
                        assert_eq!(roll.total, face as i32 + str_mod, "d20 + STR mod");
                        assert_eq!(*target_number, ac, "AC = 10 + DEX mod");
                        let expect = match face {
                            20 => Outcome::Critical,
                            _ if roll.total >= ac => Outcome::Success,
                            _ => Outcome::Failure,
                        };
                        assert_eq!(*outcome, expect, "{e:?}");
                        // A hit is followed at once by its damage: the weapon's dice
                        // (twice as many on a natural 20), nothing added.
                        let next = ev.get(i + 1);
                        if *outcome == Outcome::Failure {
                            assert!(!matches!(next, Some(Event::Damage { .. })));
                            continue;
                        }
                        hits += 1;
                        let Some(Event::Damage {
                            unit,
                            source,
                            roll: dmg,
                            amount,
                            ..
                        }) = next
                        else {
                            panic!("no damage after {e:?}: {next:?}");
                        };
                        let times = if face == 20 { 2 } else { 1 };
                        assert_eq!((*unit, *source), (*target, Some(*attacker)));
                        assert_eq!(dmg.expr, weapon_dice(weapon).multiplied(times));
                        assert_eq!(*amount, dmg.total);
                        assert_eq!(dmg.total, dmg.faces.iter().sum::<u32>() as i32);
                    }
                    Event::ReactionOffered { .. }
                    | Event::Spent { pool: Pool::Ap, .. }
                    | Event::Check { .. }
                    | Event::Save { .. }
                    | Event::ConditionAdded { .. } => {
                        panic!("{kind:?} seed {seed}: not in a duel: {e:?}")
                    }
                    _ => {}
                }
            }
            assert!(
                attacks > 0 && hits > 0 && moves > 0,
                "{attacks} {hits} {moves}"
            );
            // Every Down follows the unit's last damage, at 0 HP or fewer.
            for u in units.iter().filter(|&&u| !b.alive(u)) {
                assert!(b.hp(*u) <= 0, "{} down at {} HP", b.name(*u), b.hp(*u));
            }
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_duel_and_other_seeds_differ() {
    let play = |seed| {
        let mut b = duel_battle(GridKind::Hex, SKIRMISH, seed, &[]);
        ai::play_out_with(&mut b, &DuelAi, MAX_COMMANDS);
        assert!(matches!(b.status(), Status::Ended(Some(_))));
        b.log().to_vec()
    };
    for seed in [3, 11] {
        assert_eq!(play(seed), play(seed), "seed {seed}");
    }
    let mut logs: Vec<_> = (1..=4).map(play).collect();
    logs.sort_by_key(|l| format!("{l:?}"));
    logs.dedup();
    assert_eq!(logs.len(), 4, "each seed plays its own battle");
}
