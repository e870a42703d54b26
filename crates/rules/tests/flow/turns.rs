//! `flow` (seed 002): turns — Total Defense, Ready, the surprise round, initiative, and
//! the golden battle.

use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::engine::{ReadyResponse, ReadyTrigger, ReadyUntil};
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, level};

use crate::support::flow::{arena, attack};
use crate::support::{BOTH, damage, id, offers, repo, since};

use super::{DUEL, act, duel, end, react};

#[test]
fn total_defense_ends_the_turn_with_an_extra_rp_and_advantage_on_reactions() {
    // Sable takes Total Defense; Brakka attacks (d100 40); her Dodge rolls 2d100 keep
    // lowest (90, 10) → 10 (Major at Agility 60).
    let mut b = duel(GridKind::Hex, &[40, 90, 10]);
    let (s, k) = (id(&b, "Sable"), id(&b, "Brakka"));
    act(&mut b, s, FlowAction::TotalDefense).unwrap();
    assert_eq!(b.current(), Some(k), "Total Defense ends the turn");
    assert_eq!(b.rp(s), 3);
    attack(&mut b, k, s);
    let start = b.log().len();
    react(&mut b, s, Some(ReactionKind::Dodge));
    assert!(since(&b, start).iter().any(|e| matches!(
        e,
        Event::Defence { roll, success: true, .. } if roll.expr.count == 2
    )));
    end(&mut b);
    assert!(
        !b.has(s, ConditionKind::TotalDefense),
        "lasts until her next turn"
    );
    assert_eq!(b.rp(s), 2);
}

#[test]
fn a_readied_attack_fires_when_an_enemy_enters_reach_and_moves_initiative() {
    // Order R (10), X (5), B (1): R readies, X passes, B walks into R's reach.
    // R's readied attack: d100 20 (Hard); B declines to defend; d8 4.
    let units = r#"Unit(name: "R", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "X", side: "Red", cell: (0, 5), archetype: "fighter"),
        Unit(name: "B", side: "Blue", cell: (7, 2), archetype: "duelist")"#;
    for kind in BOTH {
        let mut b = arena(kind, 10, 6, units, "", &[10, 4, 1, 20, 4]);
        let (r, x, bb) = (id(&b, "R"), id(&b, "X"), id(&b, "B"));
        assert_eq!(b.order(), &[r, x, bb]);
        act(
            &mut b,
            r,
            FlowAction::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: ReadyResponse::Attack,
                until: ReadyUntil::NextTurn,
            },
        )
        .unwrap();
        assert_eq!(b.current(), Some(x));
        end(&mut b);
        let start = b.log().len();
        b.submit(Command::Move {
            unit: bb,
            to: Cell::new(3, 2),
        })
        .unwrap();
        react(&mut b, bb, None);
        let ev = since(&b, start);
        assert!(
            ev.iter().any(
                |e| matches!(e, Event::ReadyTriggered { unit, by } if *unit == r && *by == bb)
            )
        );
        assert_eq!(damage(&ev), vec![(bb, 4)], "{kind:?}");
        assert_eq!(b.order(), &[x, r, bb], "R now acts just before B");
        assert_eq!(b.current(), Some(bb));
        assert_eq!(b.ap(r), 3);
        assert!(b.readied().is_empty());
    }
}

#[test]
fn in_a_surprise_round_only_the_surprisers_act_and_the_surprised_have_nothing() {
    // Red is surprised by Blue. Initiative: Brakka (Red) 10, Sable (Blue) 1 — Brakka
    // would go first, but round 1 is Blue's alone.
    let mut b = arena(GridKind::Hex, 10, 6, DUEL, r#"surprise: "Blue""#, &[10, 1]);
    let (k, s) = (id(&b, "Brakka"), id(&b, "Sable"));
    assert_eq!(b.order(), &[k, s]);
    assert_eq!(b.round(), 1);
    assert_eq!(b.current(), Some(s));
    assert_eq!((b.fp(k), b.rp(k)), (0, 0));
    assert_eq!(b.fp(s), 2);
    // Sable walks away: Brakka has no RP to react with.
    let start = b.log().len();
    b.submit(Command::Move {
        unit: s,
        to: Cell::new(6, 2),
    })
    .unwrap();
    assert!(offers(&since(&b, start)).is_empty());
    end(&mut b);
    // Round 2: normal order, Brakka first, with his 2 FP (Sable decayed to 1).
    assert_eq!(b.round(), 2);
    assert_eq!(b.current(), Some(k));
    assert_eq!((b.fp(k), b.rp(k), b.ap(k)), (2, 2, 5));
    assert_eq!(b.fp(s), 1);
}

#[test]
fn initiative_is_d10_plus_agility_mod_and_full_ties_roll_off() {
    // Two fighters (Agility 45: +4) both roll 5 → 9 each, same Agility → d10 roll-off
    // (3 for Brakka, 8 for Sable's twin) → the twin goes first. Sable (duelist, +6)
    // rolls 2 → 8.
    let units = r#"Unit(name: "A", side: "Red", cell: (2, 2), archetype: "fighter"),
        Unit(name: "B", side: "Blue", cell: (5, 2), archetype: "fighter"),
        Unit(name: "C", side: "Blue", cell: (6, 2), archetype: "duelist")"#;
    let b = arena(GridKind::Hex, 10, 6, units, "", &[5, 5, 2, 3, 8]);
    let (a, bb, c) = (id(&b, "A"), id(&b, "B"), id(&b, "C"));
    assert_eq!(b.order(), &[bb, a, c]);
    let rolls: Vec<(UnitId, i32)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Initiative { unit, roll } => Some((*unit, roll.total)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(a, 9), (bb, 9), (c, 8), (a, 3), (bb, 8)]);
    assert_eq!(b.forced_dice_left(), 0);
}

/// The ford skirmish: three rounds with moves, steps, feint, shove, grapple, Total
/// Defense, tumble, intercepts, a riposte and a kill, from seed 2026. Its full event log
/// must match the checked-in one line for line. After a deliberate rules change,
/// regenerate it with `skirmish run tests/fixtures/skirmish.ron --script
/// tests/fixtures/skirmish-script.ron > tests/fixtures/skirmish-expected.txt` (drop the
/// final "-- script done" line) and review the diff.
#[test]
fn the_ford_skirmish_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/skirmish-expected.txt"))
        .unwrap()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    assert!(
        b.log()
            .iter()
            .any(|e| matches!(e.event, Event::Down { .. }))
    );
}

/// A readied Move used to go off while the mover passed through an ally's cell and take
/// the cell the mover's path went on to, leaving it on its ally's cell (skirmish fuzz,
/// commands case 14293829622268831743, kept as a fixture). Now a readied move, prone
/// Shove or Grapple does not go off on a shared cell: the script's later answers no
/// longer fit, and everything up to there keeps the soak invariants.
#[test]
fn a_readied_move_does_not_go_off_while_the_mover_shares_a_cell() {
    use skirmish_rules::script::{self, Script};
    let name = "tests/fixtures/fuzz/readied-move-blocks-a-passing-mover";
    let level = skirmish_rules::level::load(&repo(&format!("{name}.level.ron"))).unwrap();
    let s = Script::load(&repo(&format!("{name}.script.ron"))).unwrap();
    let mut b = script::start(&level, s.seed.unwrap(), &s).unwrap();
    let stop = script::run(&mut b, &s).unwrap_err().to_string();
    assert!(stop.contains("is illegal"), "{stop}");
    assert!(
        !b.log()
            .iter()
            .rev()
            .take(40)
            .any(|l| matches!(l.event, Event::ReadyTriggered { .. })),
        "the readied move went off"
    );
    let mut inv = skirmish_rules::sim::Invariants::new(&level, s.seed.unwrap()).unwrap();
    let mut out = Vec::new();
    inv.follow(&b, 0, &mut out);
    assert!(out.is_empty(), "{out:?}");
}
