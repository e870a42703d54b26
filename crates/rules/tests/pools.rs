//! Resource pools and costs: alternatives over pools (the first affordable one pays),
//! refused without a change when none is; the turn start's refresh; floors and caps;
//! the log records each pool event as it always has.

use skirmish_rules::Illegal;
use skirmish_rules::battle::Battle;
use skirmish_rules::components::{Cost, Pool, Refresh, Slot, Stat, Stats, UnitId};
use skirmish_rules::event::{Event, Gain, Logged, ReactionKind, Spend};
use skirmish_rules::grid::GridKind;
use skirmish_rules::record::record;
use skirmish_rules::rulesets::Registry;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::tactical_d20 as td;

use crate::support::{BOTH, id, since};

const TWO: &str = r#"Unit(name: "Ash", side: "Red", cell: (1, 1), archetype: "fighter"),
    Unit(name: "Birch", side: "Blue", cell: (6, 1), archetype: "fighter")"#;

/// A flow battle with Ash to act (initiative d10: Ash 10, Birch 1).
fn flow_battle(kind: GridKind) -> (Battle, UnitId) {
    let b = crate::support::flow::arena(kind, 8, 4, TWO, "", &[10, 1]);
    let ash = id(&b, "Ash");
    assert_eq!(b.current(), Some(ash));
    (b, ash)
}

/// The log line of an event as `skirmish run` prints it.
fn line(b: &Battle, e: &Event) -> String {
    record(
        b,
        &Logged {
            round: 1,
            event: e.clone(),
        },
    )
    .text()
}

#[test]
fn an_alternative_cost_pays_from_the_second_pool_when_the_first_is_empty_and_nothing_when_neither_is_affordable()
 {
    for kind in BOTH {
        let (mut b, ash) = flow_battle(kind);
        // A counters-style price: 1 skill die, or else 2 movement.
        let cost = Cost::of(Pool::SkillDice, 1).or(Pool::Movement, 2);
        b.emit(Event::refilled(ash, Pool::SkillDice, 1, Gain::Regained));
        b.emit(Event::refilled(ash, Pool::Movement, 2, Gain::Bought));
        assert_eq!(
            (b.pool(ash, Pool::SkillDice), b.move_left(ash)),
            (1, 2),
            "{kind:?}"
        );
        assert!(b.affords(ash, &cost));

        // The first alternative pays while it can.
        let n = b.log().len();
        assert_eq!(
            b.pay(ash, &cost, Spend::BreakFree),
            Ok(vec![(Pool::SkillDice, 1)])
        );
        assert_eq!(
            since(&b, n),
            [Event::Spent {
                unit: ash,
                pool: Pool::SkillDice,
                amount: 1,
                on: Spend::BreakFree,
                left: 0
            }]
        );
        assert_eq!((b.pool(ash, Pool::SkillDice), b.move_left(ash)), (0, 2));

        // The skill dice are gone: the second alternative pays.
        assert!(b.affords(ash, &cost));
        let n = b.log().len();
        assert_eq!(
            b.pay(ash, &cost, Spend::BreakFree),
            Ok(vec![(Pool::Movement, 2)])
        );
        assert_eq!(
            since(&b, n),
            [Event::Spent {
                unit: ash,
                pool: Pool::Movement,
                amount: 2,
                on: Spend::BreakFree,
                left: 0
            }]
        );
        assert_eq!((b.pool(ash, Pool::SkillDice), b.move_left(ash)), (0, 0));

        // Neither is left: refused, and nothing changes.
        assert!(!b.affords(ash, &cost));
        assert_eq!(b.payment(ash, &cost, Spend::BreakFree), None);
        let (log, pools) = (b.log().len(), b.pools(ash).cloned());
        let e = b.pay(ash, &cost, Spend::BreakFree).unwrap_err();
        assert_eq!(
            e,
            Illegal::CannotPay {
                unit: "Ash".into(),
                cost: "1 skill die or 2 movement".into(),
                has: "0 movement, 0 skill dice".into(),
            }
        );
        assert_eq!(
            e.to_string(),
            "Ash cannot pay 1 skill die or 2 movement (has 0 movement, 0 skill dice)"
        );
        assert_eq!(b.log().len(), log, "{kind:?}: no event");
        assert_eq!(b.pools(ash).cloned(), pools, "{kind:?}: no pool changed");
    }
}

#[test]
fn an_alternative_of_several_pools_pays_all_of_it_or_nothing() {
    let (mut b, ash) = flow_battle(GridKind::Hex);
    // "1 SD + 10 ft" or else "20 ft" (counters' counteraction), 2 cells = 10 ft.
    let cost = Cost(vec![vec![(Pool::SkillDice, 1), (Pool::Movement, 2)]]).or(Pool::Movement, 4);
    b.emit(Event::refilled(ash, Pool::Movement, 4, Gain::Bought));
    // No skill die: the first alternative is not affordable in part; the second pays.
    assert_eq!(
        b.pay(ash, &cost, Spend::BreakFree),
        Ok(vec![(Pool::Movement, 4)])
    );
    b.emit(Event::refilled(ash, Pool::SkillDice, 1, Gain::Regained));
    b.emit(Event::refilled(ash, Pool::Movement, 2, Gain::Bought));
    let n = b.log().len();
    assert_eq!(
        b.pay(ash, &cost, Spend::BreakFree),
        Ok(vec![(Pool::SkillDice, 1), (Pool::Movement, 2)])
    );
    assert_eq!(since(&b, n).len(), 2, "one Spent per part");
    assert_eq!((b.pool(ash, Pool::SkillDice), b.move_left(ash)), (0, 0));
    // Parts naming one pool add up: 2 + 2 movement is more than 3.
    b.emit(Event::refilled(ash, Pool::Movement, 3, Gain::Bought));
    let twice = Cost(vec![vec![(Pool::Movement, 2), (Pool::Movement, 2)]]);
    assert!(!b.affords(ash, &twice));
    assert!(b.affords(ash, &Cost::free()));
    assert_eq!(b.pay(ash, &Cost::free(), Spend::BreakFree), Ok(Vec::new()));
    assert_eq!(Cost::free().words(), "free");
    assert_eq!(
        Cost(vec![vec![(Pool::SkillDice, 1), (Pool::Movement, 2)]])
            .or(Pool::Slot(Slot::Standard), 1)
            .words(),
        "1 skill die and 2 movement or 1 Standard action"
    );
}

#[test]
fn tactical_d20_trade_down_is_a_cost_with_the_standard_as_second_alternative() {
    let s = Pool::Slot;
    assert_eq!(
        td::slot_cost(Slot::Move),
        Cost::of(s(Slot::Move), 1).or(s(Slot::Standard), 1)
    );
    assert_eq!(
        td::slot_cost(Slot::Quick),
        Cost::of(s(Slot::Quick), 1).or(s(Slot::Standard), 1)
    );
    assert_eq!(
        td::slot_cost(Slot::Standard),
        Cost::of(s(Slot::Standard), 1)
    );
    for kind in BOTH {
        let mut b = crate::support::d20::duel(kind, &[]);
        let c = id(&b, "Corwin");
        assert_eq!(td::payer(&b, c, Slot::Move), Some(Slot::Move));
        b.emit(Event::spent(c, s(Slot::Move), 1, Spend::Move));
        assert_eq!(td::payer(&b, c, Slot::Move), Some(Slot::Standard));
        assert_eq!(td::payer(&b, c, Slot::Quick), Some(Slot::Quick));
        b.emit(Event::spent(c, s(Slot::Standard), 1, Spend::Defend));
        assert_eq!(td::payer(&b, c, Slot::Move), None, "{kind:?}");
        assert_eq!(td::payer(&b, c, Slot::Quick), Some(Slot::Quick));
    }
}

#[test]
fn a_turn_start_sets_its_own_pools_and_caps_the_round_ones() {
    // flow: 5 AP, 2 RP and no movement at every turn start; FP are never refreshed.
    let (mut b, ash) = flow_battle(GridKind::Square);
    let first = b
        .log()
        .iter()
        .find_map(|l| match &l.event {
            Event::TurnStarted { unit, pools } if *unit == ash => Some(pools.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        first,
        [(Pool::Ap, 5), (Pool::Reaction, 2), (Pool::Movement, 0)]
    );
    assert!(
        b.fp(ash) > 0,
        "the start of combat gives FP, never refreshed"
    );
    // Spent AP and bought movement come back at the next turn start.
    b.emit(Event::spent(ash, Pool::Ap, 3, Spend::Attack));
    b.emit(Event::refilled(ash, Pool::Movement, 6, Gain::Bought));
    b.submit(skirmish_rules::Command::EndTurn { unit: ash })
        .unwrap();
    let birch = id(&b, "Birch");
    b.submit(skirmish_rules::Command::EndTurn { unit: birch })
        .unwrap();
    assert_eq!(b.current(), Some(ash));
    assert_eq!((b.ap(ash), b.rp(ash), b.move_left(ash)), (5, 2, 0));
    // tactical-d20: the three actions and no movement; the Reaction is what is left of it,
    // at most 1 (it is refilled when a round starts).
    let b = crate::support::d20::duel(GridKind::Hex, &[]);
    let c = id(&b, "Corwin");
    let started = b
        .log()
        .iter()
        .rev()
        .find_map(|l| match &l.event {
            Event::TurnStarted { unit, pools } if *unit == c => Some(pools.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        started,
        [
            (Pool::Reaction, 1),
            (Pool::Slot(Slot::Standard), 1),
            (Pool::Slot(Slot::Move), 1),
            (Pool::Slot(Slot::Quick), 1),
            (Pool::Movement, 0),
        ]
    );
    assert_eq!(
        b.pools(c)
            .and_then(|p| p.get(Pool::Reaction))
            .map(|s| s.refresh),
        Some(Refresh::RoundStart)
    );
}

#[test]
fn slots_and_movement_stop_at_zero_points_keep_the_difference() {
    let mut b = crate::support::d20::duel(GridKind::Square, &[]);
    let c = id(&b, "Corwin");
    b.emit(Event::spent(c, Pool::Slot(Slot::Move), 3, Spend::Move));
    assert_eq!(b.slots(c, Slot::Move), 0);
    assert!(matches!(
        b.log().last().map(|l| &l.event),
        Some(Event::Spent { left: 0, .. })
    ));
    let (mut b, ash) = flow_battle(GridKind::Hex);
    b.emit(Event::spent(ash, Pool::Ap, 7, Spend::Attack));
    assert_eq!(b.ap(ash), -2);
    assert!(matches!(
        b.log().last().map(|l| &l.event),
        Some(Event::Spent { left: -2, .. })
    ));
}

#[test]
fn the_per_use_cap_is_for_the_ruleset_to_read() {
    // counters (planned): skill dice = proficiency, and at most proficiency on one counter
    // before the check is strained.
    let stats = Stats([(Stat::Proficiency, 3)].into_iter().collect());
    let p = RulesetId::Counters.pools(&stats);
    assert_eq!(p.left(Pool::SkillDice), 3);
    assert!(!p.over_cap(Pool::SkillDice, 3));
    assert!(p.over_cap(Pool::SkillDice, 4));
    assert!(!p.over_cap(Pool::Movement, 40), "no cap on movement");
    // escalation (planned): one Interrupt a turn, recoveries and death saves for the battle.
    let p = RulesetId::Escalation.pools(&stats);
    assert_eq!(p.left(Pool::Interrupt), 1);
    assert_eq!(
        p.get(Pool::DeathSaveFailures).map(|s| (s.left, s.refresh)),
        Some((4, Refresh::Never))
    );
}

#[test]
fn pool_events_keep_the_records_the_log_always_had() {
    let (b, ash) = flow_battle(GridKind::Square);
    let spent = |pool, amount, on, left| Event::Spent {
        unit: ash,
        pool,
        amount,
        on,
        left,
    };
    let refilled = |pool, amount, why, left| Event::Refilled {
        unit: ash,
        pool,
        amount,
        why,
        left,
    };
    let want = [
        (
            spent(Pool::Ap, 2, Spend::Attack, 3),
            "[round 1] ap_spent Ash [2 ap on attack]",
        ),
        (
            spent(Pool::Slot(Slot::Move), 1, Spend::Move, 0),
            "[round 1] slot_used Ash [move action on move]",
        ),
        (
            spent(
                Pool::Slot(Slot::Move),
                1,
                Spend::Lost(skirmish_rules::components::ConditionKind::Writhing),
                0,
            ),
            "[round 1] slot_lost Ash [move action (writhing)]",
        ),
        (
            spent(Pool::FlowPoints, 1, Spend::Decay, 3),
            "[round 1] flow_points Ash [-1 fp (decay) = 3]",
        ),
        (
            refilled(Pool::FlowPoints, 2, Gain::Hit, 6),
            "[round 1] flow_points Ash [+2 fp (hit) = 6]",
        ),
        (
            refilled(Pool::Reaction, 1, Gain::Regained, 2),
            "[round 1] rp_regained Ash [+1 RP]",
        ),
        (
            refilled(Pool::Movement, 6, Gain::Bought, 6),
            "[round 1] movement_gained Ash [6 movement]",
        ),
        (
            spent(Pool::SkillDice, 2, Spend::BreakFree, 1),
            "[round 1] spent Ash [2 skill dice on breakfree, 1 left]",
        ),
        (
            refilled(Pool::FreeHits, 1, Gain::Regained, 1),
            "[round 1] refilled Ash [+1 free hit (regained), 1 left]",
        ),
        (
            Event::Reacted {
                reactor: ash,
                kind: ReactionKind::Dodge,
                paid: vec![(Pool::Reaction, 1)],
            },
            "[round 1] reacted Ash [Dodge for 1 RP]",
        ),
        (
            Event::Reacted {
                reactor: ash,
                kind: ReactionKind::ResistMelee,
                paid: Vec::new(),
            },
            "[round 1] reacted Ash [Resist with Melee for 0 RP]",
        ),
        (
            Event::TurnStarted {
                unit: ash,
                pools: vec![(Pool::Ap, 5), (Pool::Reaction, 2), (Pool::Movement, 0)],
            },
            "[round 1] turn_started Ash [5 AP, 2 RP]",
        ),
    ];
    for (e, text) in want {
        assert_eq!(line(&b, &e), text);
    }
}
