//! Issue 34, session 21 (s21-ai): a ruleset may answer the AI's attack values from a memo
//! of its own ([`AiTactics::exact_attack_value`]; counters keys its memo by the numbers
//! its odds depend on). The answer must be [`attack_value`]'s to the bit, or the AI would
//! choose differently: checked over every attack of every unit on every foe with every
//! weapon, at many points of AI battles on both grids (wounds, proficiencies, ranged and
//! melee weapons), asked twice (the second answer from the memo).

use skirmish_rules::Battle;
use skirmish_rules::ai::{self, attack_value};
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::{RulesetId, tactics_of};
use skirmish_rules::sim;

/// Asks every attack at several points of a battle; returns how many were asked.
fn same_values(r: RulesetId, kind: GridKind, per_side: usize, seed: u64) -> usize {
    let l = sim::random_level(r, kind, 20, 20, per_side, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let t = tactics_of(&b).expect("a registry ruleset has tactics");
    let mut asked = 0;
    for step in 0..8 {
        if step > 0 {
            ai::play_out(&mut b, 80 * step);
        }
        let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
        for &u in &units {
            for &e in units.iter().filter(|&&e| b.enemies(u, e)) {
                for w in 0..b.weapons(u).len() {
                    for k in [AttackKind::Normal, AttackKind::Reaction] {
                        let exact = attack_value(&b, u, e, w, k);
                        for pass in 0..2 {
                            let memo = t.exact_attack_value(&b, u, e, w, k);
                            assert_eq!(
                                memo.to_bits(),
                                exact.to_bits(),
                                "{r:?} {kind:?} seed {seed}, step {step}, pass {pass}: {u:?} on {e:?} with weapon {w} ({k:?}): {memo} against the exact {exact}"
                            );
                        }
                        asked += 1;
                    }
                }
            }
        }
    }
    asked
}

#[test]
fn every_rulesets_exact_attack_value_is_the_shared_one_to_the_bit() {
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Hex, 3), (GridKind::Square, 11)] {
            let asked = same_values(r, kind, 8, seed);
            assert!(asked > 200, "{r:?} {kind:?}: only {asked} attacks asked");
        }
    }
}

/// Tactical-d20's charge asked with a floor (`close_in_from`, which checks only the charges
/// worth at least the floor with the engine) answers what `close_in` answers when that is
/// worth at least the floor, and nothing otherwise: at every turn of AI battles on both
/// grids, for every unit, with each foe's value and its allies' cells as the AI weighs
/// them, at floors from none to above every charge.
#[test]
fn tactical_d20_charge_with_a_floor_is_the_charge_above_it() {
    let (mut asked, mut charges) = (0, 0);
    for (kind, seed) in [(GridKind::Hex, 4), (GridKind::Square, 12)] {
        let l = sim::random_level(RulesetId::TacticalD20, kind, 20, 20, 8, seed).unwrap();
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        let t = tactics_of(&b).unwrap();
        for _ in 0..400 {
            let skirmish_rules::Status::Turn(_) = b.status() else {
                if ai::play_out(&mut b, 1) == 0 {
                    break;
                }
                continue;
            };
            let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
            for &u in &units {
                let foes: Vec<_> = units.iter().copied().filter(|&e| b.enemies(u, e)).collect();
                let values = foes
                    .iter()
                    .filter_map(|&e| {
                        let w = b.best_melee(u, 1)?;
                        Some((e, attack_value(&b, u, e, w, AttackKind::Normal).max(0.1)))
                    })
                    .collect();
                let helpers: Vec<Vec<_>> = foes
                    .iter()
                    .map(|&e| {
                        units
                            .iter()
                            .filter(|&&a| a != u && !b.enemies(u, a) && b.threatens(a, b.pos(e)))
                            .map(|&a| b.pos(a))
                            .collect()
                    })
                    .collect();
                let all = t.close_in(&b, u, &foes, &values, &helpers);
                charges += usize::from(all.is_some());
                for floor in [f64::NEG_INFINITY, 0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 1e9] {
                    let from = t.close_in_from(&b, u, &foes, &values, &helpers, floor);
                    let want = all.clone().filter(|(v, _)| *v >= floor);
                    assert_eq!(from, want, "{kind:?} seed {seed}: {u:?} with floor {floor}");
                    asked += 1;
                }
            }
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(asked > 1000, "only {asked} charges asked");
    assert!(charges > 20, "only {charges} charges found");
}
