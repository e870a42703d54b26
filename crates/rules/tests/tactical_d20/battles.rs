//! `tactical-d20` (seed 004): the golden battle, refused commands, failed maneuvers.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Slot, UnitId};
use skirmish_rules::engine::Action;
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20::{GrappleFollow, TacticalD20Action};
use skirmish_rules::{Battle, level};

use crate::support::d20::duel;
use crate::support::{BOTH, id, repo};

use super::{act, attack, grubs_turn};

#[test]
fn the_crossroads_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/d20-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/d20-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/d20-skirmish-expected.txt"))
        .unwrap()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    // It covers a waited attack, a charge, a trip, an opportunity attack on standing up,
    // secondary and tertiary attacks, crits and a win.
    for needle in [
        "Waited attack",
        "charge attack",
        "[trip]",
        "tertiary attack",
        "critical success",
        "battle_ended [Red wins]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}

#[test]
fn bad_commands_are_refused_with_a_reason_and_change_nothing() {
    let mut b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let before = b.log().len();
    let bad = [
        (
            Action::from(TacticalD20Action::Dash {
                to: Cell::new(99, 99),
            }),
            "is not a cell",
        ),
        (
            Action::from(TacticalD20Action::TumbleTo {
                to: Cell::new(-1, 0),
            }),
            "is not a cell",
        ),
        (
            Action::from(TacticalD20Action::TumbleTo {
                to: Cell::new(5, 4),
            }),
            "occupied by Grub",
        ),
        (
            Action::from(TacticalD20Action::Jump {
                to: Cell::new(4, 0),
            }),
            "nothing to jump over",
        ),
        (
            Action::from(TacticalD20Action::Trip { target: UnitId(42) }),
            "no unit with id 42",
        ),
        (
            Action::from(TacticalD20Action::Assist { ally: g }),
            "its own side",
        ),
        (
            Action::from(TacticalD20Action::Sunder {
                target: g,
                item: Some(9),
            }),
            "no item #9",
        ),
        (
            Action::from(TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Hold,
            }),
            "not in a grapple",
        ),
        (
            Action::from(TacticalD20Action::Command { text: "  ".into() }),
            "needs words",
        ),
        (
            Action::from(TacticalD20Action::Patch { ally: c }),
            "not bleeding",
        ),
        (
            Action::from(TacticalD20Action::Ready {
                trigger: skirmish_rules::engine::ReadyTrigger::EnemyEntersReach,
                response: skirmish_rules::engine::ReadyResponse::Attack,
                until: skirmish_rules::engine::ReadyUntil::RoundEnd,
            }),
            "until the waiter's next turn",
        ),
    ];
    for (a, want) in bad {
        let e = act(&mut b, c, a.clone()).unwrap_err().to_string();
        assert!(e.contains(want), "{a:?}: {e}");
    }
    let e = attack(&mut b, c, g, Some(Slot::Bonus))
        .unwrap_err()
        .to_string();
    assert!(e.contains("no Bonus action"), "{e}");
    assert_eq!(b.log().len(), before, "nothing happened");
    assert_eq!(b.slots(c, Slot::Standard), 1);
}

#[test]
fn every_failed_maneuver_provokes_its_target() {
    for kind in BOTH {
        for make in [
            |t| Action::from(TacticalD20Action::Trip { target: t }),
            |t| {
                Action::from(TacticalD20Action::Push {
                    target: t,
                    distance: None,
                })
            },
            |t| Action::from(TacticalD20Action::Grapple { target: t }),
            |t| {
                Action::from(TacticalD20Action::Disarm {
                    target: t,
                    item: None,
                    send: None,
                })
            },
        ] {
            // Athletics 1 + 5 against Reflex 20 + 1: a failure.
            let (mut b, c, g) = grubs_turn(kind, &[1, 20]);
            let a = make(c);
            act(&mut b, g, a.clone()).unwrap();
            assert_eq!(b.status(), Status::AwaitingReaction(c), "{a:?}");
            assert_eq!(b.window().unwrap().options, [ReactionKind::ReactionAttack]);
            assert!(!b.has(c, ConditionKind::Prone) && !b.has(c, ConditionKind::Restrained));
        }
    }
}
