//! Issue 34, session 23 (s23-counters): counters' scans of the whole army made local.
//!
//! * `spells::reactors` (who declares against a spell landing: its targets, then the
//!   living allies beside one) asks the cell index around each target in a battle of
//!   more than 48 units instead of every unit of the order: compared with the order's
//!   own answer (`spell_reactors_by_order`) at every state of seeded battles of 30 a side
//!   with casters, for one target and for the units around one (an area), the dead ones
//!   among them.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::counters::{spell_reactors, spell_reactors_by_order};
use skirmish_rules::sim;

/// At every state of a battle of 30 a side (60 units: more than the 48 where the look
/// starts) with a battlemage and an enchanter among each side's first units, for every
/// unit `t`: the reactors of a spell on `t` alone and on every unit within 2 of it (in
/// level order, living or not) are the order's. Returns (states, answers with an ally
/// beside a target, answers with a dead target).
fn check(kind: GridKind, seed: u64) -> (usize, usize, usize) {
    let forced = ["battlemage", "enchanter", "battlemage", "enchanter"];
    let l = sim::random_level_with(RulesetId::Counters, kind, 32, 32, 30, seed, &forced).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    assert!(b.order().len() > 48);
    let (mut states, mut warded, mut dead) = (0, 0, 0);
    for _ in 0..1_500 {
        let units: Vec<UnitId> = b.units().collect();
        for &t in &units {
            let area: Vec<UnitId> = units
                .iter()
                .copied()
                .filter(|&a| b.grid().distance(b.pos(a), b.pos(t)) <= 2)
                .collect();
            for targets in [vec![t], area] {
                let fast = spell_reactors(&b, &targets);
                assert_eq!(
                    fast,
                    spell_reactors_by_order(&b, &targets),
                    "{kind:?} {seed}: targets {targets:?}"
                );
                warded += usize::from(fast.iter().any(|u| !targets.contains(u)));
                dead += usize::from(targets.iter().any(|&u| !b.alive(u)));
            }
        }
        states += 1;
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    (states, warded, dead)
}

/// Both grids; allies beside a target and dead targets both occur.
#[test]
fn spell_reactors_are_the_orders() {
    let (mut states, mut warded, mut dead) = (0, 0, 0);
    for (kind, seed) in [(GridKind::Hex, 7), (GridKind::Square, 8)] {
        let (s, w, d) = check(kind, seed);
        states += s;
        warded += w;
        dead += d;
    }
    eprintln!("{states} states, {warded} answers with a ward, {dead} with a dead target");
    assert!(states > 500, "{states} states");
    assert!(warded > 1000, "{warded} answers with a ward");
    assert!(dead > 100, "{dead} answers with a dead target");
}
