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
