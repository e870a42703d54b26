//! The log is the state: a battle rebuilt from its log (what a rollback and a branch
//! do) has every state made by events as the battle that played it, after every command
//! of AI battles of every ruleset, so a snapshot need keep only the dice, stack and
//! window.

use super::*;
use crate::components::{Carry, Conditions, Health, Pools, Position, StatMods, TurnState, UnitId};
use crate::grid::GridKind;
use crate::rulesets::RulesetId;

/// Everything `apply` writes outside the world, and the world's changing components of
/// every unit, as text.
fn state(b: &Battle) -> Vec<String> {
    let mut out = vec![
        format!("round {} turn {} ended {:?}", b.round, b.turn, b.ended),
        format!("order {:?}", b.order),
        format!("readied {:?}", b.readied),
        format!("ground {:?}", b.ground),
        format!("ledger {:?}", b.ledger),
        format!("counters {:?}", b.counters),
        format!("owed {:?}", b.owed),
        format!("terrain {:?}", b.terrain),
        format!("stack {:?} window {:?}", b.stack, b.window),
        format!("log {}", b.log.len()),
    ];
    for u in b.units() {
        out.push(format!(
            "{u:?}: {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
            b.get::<Position>(u),
            b.get::<Health>(u),
            b.get::<Pools>(u),
            b.get::<Conditions>(u),
            b.get::<Carry>(u),
            b.get::<TurnState>(u),
            b.get::<StatMods>(u),
        ));
    }
    out
}

/// AI battles of every ruleset (both grids between them), `each` called after every
/// command with the battle and what it is ("flow hex after command 12").
fn after_every_command(seed: u64, mut each: impl FnMut(&Battle, &str)) {
    let grids = [GridKind::Hex, GridKind::Square];
    for (&r, &g) in RulesetId::ALL.iter().zip(grids.iter().cycle()) {
        let l = crate::sim::random_level(r, g, 14, 12, 4, seed).expect("level");
        let mut b = Battle::new(l, 5, Vec::new()).expect("battle");
        let mut n = 0;
        while n < 160 && b.ended.is_none() {
            let Some(c) = crate::ai::decide(&b) else {
                break;
            };
            // The threat reaches built before each command (a cache: play is the same),
            // so that what a command keeps of them shows.
            b.threat(UnitId(0));
            if b.submit(c).is_err() {
                let f = crate::ai::fallback(&b).expect("a fallback");
                b.submit(f).expect("the fallback is legal");
            }
            n += 1;
            each(&b, &format!("{r} {g} after command {n}"));
        }
        assert!(n > 20, "{r} {g}: {n} commands");
    }
}

#[test]
fn a_battle_rebuilt_from_its_log_is_the_battle() {
    after_every_command(23, |b, at| {
        let again = b.rebuilt(b.snapshot(), b.dice.clone());
        assert_eq!(state(&again), state(b), "{at}");
    });
}

/// The threat reaches kept between events (a turn's start keeps them unless it ends a
/// condition or a modifier) are the reaches as they are now, and an end of turn (the
/// next unit's turn starting) keeps them often.
#[test]
fn the_kept_threat_reaches_are_fresh() {
    let mut turns_kept = 0;
    after_every_command(31, |b, at| {
        let kept = b.threat.get().is_some();
        for u in b.units() {
            let fresh = if b.threatens_anything(u) {
                b.threat_reach(u)
            } else {
                0
            };
            assert_eq!(b.threat(u), fresh, "{at}: {u:?}");
        }
        let last = b.history.commands.last();
        if kept && matches!(last, Some(crate::engine::Command::EndTurn { .. })) {
            turns_kept += 1;
        }
    });
    assert!(
        turns_kept > 10,
        "a turn's start kept the reaches {turns_kept} times"
    );
}

#[test]
fn a_rollback_goes_back_to_before_the_command() {
    let l =
        crate::sim::random_level(RulesetId::ALL[0], GridKind::Square, 14, 12, 4, 3).expect("level");
    let mut b = Battle::new(l, 2, Vec::new()).expect("battle");
    for _ in 0..12 {
        let c = crate::ai::decide(&b).expect("a command");
        if b.submit(c).is_err() {
            let f = crate::ai::fallback(&b).expect("a fallback");
            b.submit(f).expect("the fallback is legal");
        }
    }
    let before = state(&b);
    let dice = b.dice.clone();
    let s = b.snapshot();
    // Three more commands, then back.
    for _ in 0..3 {
        let c = crate::ai::decide(&b).expect("a command");
        if b.submit(c).is_err() {
            let f = crate::ai::fallback(&b).expect("a fallback");
            b.submit(f).expect("the fallback is legal");
        }
    }
    assert_ne!(state(&b), before, "the commands changed something");
    b.rollback(s);
    assert_eq!(state(&b), before);
    // The dice are back where they stood: the same faces come out.
    let faces = |mut d: Dice| (1..60).map(|k| d.face(k).unwrap()).collect::<Vec<_>>();
    assert_eq!(faces(b.dice.clone()), faces(dice));
}

/// The place of every unit in the turn order that a turn's start reads (`order_at`, made
/// by `apply`) is what a walk of the order finds, after every event of AI battles of every
/// ruleset replayed one event at a time; the battles reorder (a summon, a delay, a new
/// round's order) in some of them.
#[test]
fn order_index_is_the_walks() {
    let mut reorders = 0;
    after_every_command(41, |b, at| {
        if b.history.commands.len() % 20 != 0 && b.ended.is_none() {
            return;
        }
        let mut f = Battle::spawned(b.rules, b.level.clone(), b.seed, b.dice.clone());
        for (n, l) in b.log.iter().enumerate() {
            f.apply(&l.event);
            if matches!(
                l.event,
                crate::event::Event::Reordered { .. } | crate::event::Event::Summoned { .. }
            ) {
                reorders += 1;
            }
            for k in 0..f.roster.len() as u32 + 2 {
                let u = UnitId(k);
                let walk = f.order.iter().position(|v| *v == u);
                assert_eq!(f.order_index(u), walk, "{at}, event {n}: {u:?}");
            }
        }
    });
    assert!(reorders > 0, "no battle reordered");
}

/// `submit` keeps nothing before an answer in a window reached by commands alone from the
/// last quiet command (`Guard::Replay`): going back rebuilds the battle there and submits
/// those commands again. In AI battles of every ruleset, at every such state, that replay
/// gives the battle as it stands (every state `apply` writes, the stack, the window, the
/// log, the history) and the dice where they stand.
#[test]
fn a_replay_from_the_quiet_command_is_the_battle() {
    let grids = [GridKind::Hex, GridKind::Square];
    let mut replays = 0;
    for (&r, &g) in RulesetId::ALL.iter().zip(grids.iter().cycle()) {
        let l = crate::sim::random_level(r, g, 14, 12, 4, 17).expect("level");
        let mut b = Battle::new(l, 7, Vec::new()).expect("battle");
        let mut n = 0;
        while n < 160 && b.ended.is_none() {
            if let (Some(q), false) = (b.quiet, b.stack.is_empty() && b.window.is_none())
                && b.settled == Some(b.settled_now())
            {
                let (before, history) = (state(&b), b.history.clone());
                let dice = b.dice.clone();
                let log = b.log.clone();
                b.replay_from(q, b.log.len());
                assert_eq!(state(&b), before, "{r} {g} after command {n}");
                assert_eq!(b.log, log, "{r} {g} after command {n}");
                assert_eq!(b.history, history, "{r} {g} after command {n}");
                let faces = |mut d: Dice| (1..40).map(|k| d.face(k).unwrap()).collect::<Vec<_>>();
                assert_eq!(faces(b.dice.clone()), faces(dice));
                replays += 1;
            }
            if !crate::battle::test_ai::ai_step(&mut b) {
                break;
            }
            n += 1;
        }
    }
    assert!(replays > 50, "{replays} replays");
}

/// A die forced while a window is open (after the quiet command) is not one a replay may
/// roll early: `submit` copies the stack and window then. In AI battles of every ruleset,
/// a face no die has is forced in the first window; every command that fails from then on
/// (in that window or later, until a battle's end) goes back to exactly the battle before
/// it, forced dice left included.
#[test]
fn a_die_forced_in_a_window_keeps_the_copy() {
    let mut failed = 0;
    for seed in [19, 29, 37] {
        for (&r, &g) in RulesetId::ALL
            .iter()
            .zip([GridKind::Hex, GridKind::Square].iter().cycle())
        {
            let l = crate::sim::random_level(r, g, 14, 12, 4, seed).expect("level");
            let mut b = Battle::new(l, 3, Vec::new()).expect("battle");
            let mut n = 0;
            while n < 160 && b.ended.is_none() {
                let Some(c) = crate::ai::decide(&b) else {
                    break;
                };
                if b.window.is_some() && b.forced_dice_left() == 0 {
                    b.dice_force_for_tests(&[0]);
                }
                let (before, left) = (state(&b), b.forced_dice_left());
                if b.submit(c).is_err() {
                    assert_eq!(state(&b), before, "{r} {g} seed {seed} at command {n}");
                    assert_eq!(b.forced_dice_left(), left);
                    if left > 0 {
                        failed += 1;
                        break;
                    }
                    let f = crate::ai::fallback(&b).expect("a fallback");
                    b.submit(f).expect("the fallback is legal");
                }
                n += 1;
            }
        }
    }
    assert!(failed > 5, "{failed} failed commands");
}
