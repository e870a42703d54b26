//! Issue 34, session 21 (s21-scale): tactical-d20 asks only the units that could be
//! waiting for a step (those threatening the cell stepped to, and those that readied)
//! instead of every unit in the order. The fast path is compared with the slow one at
//! every state of seeded battles where units Wait and Ready between the AI's moves.

use skirmish_rules::Battle;
use skirmish_rules::Command;
use skirmish_rules::ai;
use skirmish_rules::engine::{Action, ReadyResponse, ReadyTrigger, ReadyUntil};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::tactical_d20::{
    TacticalD20Action, springing_waiters, springing_waiters_slow,
};
use skirmish_rules::sim;

/// Compare the two paths for every living unit stepping to every cell next to it;
/// returns how many non-empty answers there were.
fn compare(b: &Battle) -> usize {
    let mut sprung = 0;
    let grid = b.grid();
    for m in b.units().filter(|&m| b.alive(m)) {
        let from = b.pos(m);
        for to in grid.within(from, 1) {
            if to == from {
                continue;
            }
            let fast = springing_waiters(b, m, from, to);
            assert_eq!(
                fast,
                springing_waiters_slow(b, m, from, to),
                "{m:?} stepping {from:?} -> {to:?}"
            );
            sprung += usize::from(!fast.is_empty());
        }
    }
    sprung
}

/// The waits a unit may take: a plain Wait, and Readies for each trigger.
fn wait_action(k: usize) -> Action {
    match k % 4 {
        0 => TacticalD20Action::Wait.into(),
        1 => TacticalD20Action::Ready {
            trigger: ReadyTrigger::EnemyWithin { cells: 4 },
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        }
        .into(),
        2 => TacticalD20Action::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Attack,
            until: ReadyUntil::NextTurn,
        }
        .into(),
        _ => TacticalD20Action::Ready {
            trigger: ReadyTrigger::EnemyWithin { cells: 9 },
            response: ReadyResponse::Defend,
            until: ReadyUntil::NextTurn,
        }
        .into(),
    }
}

/// `springing_waiters` gives the whole order's answer at every state of three battles in
/// which every third turn's unit waits (a plain Wait or a Ready for each trigger) before
/// the AI plays on, and some steps do spring a wait.
#[test]
fn springing_waiters_match_the_whole_order_in_battles_with_waits() {
    let (mut states, mut sprung, mut waited) = (0, 0, 0);
    for (kind, seed) in [
        (GridKind::Hex, 5),
        (GridKind::Square, 9),
        (GridKind::Hex, 14),
    ] {
        let l = sim::random_level(RulesetId::TacticalD20, kind, 24, 24, 8, seed).unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        let mut turns = 0;
        let mut last = None;
        for _ in 0..600 {
            let Some(u) = b.current() else { break };
            if last != Some(u) {
                last = Some(u);
                turns += 1;
                if turns % 3 == 0 && b.window().is_none() {
                    let action = wait_action(turns / 3);
                    if b.submit(Command::Act { unit: u, action }).is_ok() {
                        waited += 1;
                    }
                }
            }
            states += 1;
            sprung += compare(&b);
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(states > 300, "{states} states");
    assert!(waited > 10, "{waited} waits");
    assert!(sprung > 0, "no step sprang a wait");
}
