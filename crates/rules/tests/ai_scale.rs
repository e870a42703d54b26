//! Issue 34: the AI's per-decision work at scale. A ruleset's cheap bound on an attack's
//! value ([`AiTactics::attack_value_bound`]) lets the AI skip far foes' exact odds: it
//! must never be below the exact value, or the AI would choose differently.

use skirmish_rules::Battle;
use skirmish_rules::ai::{self, attack_value};
use skirmish_rules::event::AttackKind;
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::{RulesetId, tactics_of};
use skirmish_rules::sim;

/// flow's bound is at least the exact value of every attack of every unit on every
/// foe with every weapon, over a big battle as it is played (wounds, prone foes, feints
/// and advantage change the odds), and below it for some: a bound that can skip work.
#[test]
fn flow_attack_bound_is_never_below_the_exact_value() {
    let l = sim::random_level(RulesetId::Flow, GridKind::Hex, 30, 30, 20, 3).unwrap();
    let mut b = Battle::new(l, 3, Vec::new()).unwrap();
    let t = tactics_of(&b).expect("flow has tactics");
    let (mut asked, mut below) = (0, 0);
    for step in 0..6 {
        if step > 0 {
            ai::play_out(&mut b, 60 * step);
        }
        let units: Vec<_> = b.units().filter(|&u| b.alive(u)).collect();
        for &u in &units {
            for &e in units.iter().filter(|&&e| b.enemies(u, e)) {
                for w in 0..b.weapons(u).len() {
                    let exact = attack_value(&b, u, e, w, AttackKind::Normal);
                    let bound = t
                        .attack_value_bound(&b, u, e, w, AttackKind::Normal)
                        .expect("flow bounds every weapon it has");
                    assert!(
                        exact <= bound,
                        "step {step}: {u:?} on {e:?} with weapon {w}: exact {exact} above bound {bound}"
                    );
                    asked += 1;
                    if bound < 0.5 * exact.max(0.1) + exact {
                        below += 1;
                    }
                }
            }
        }
    }
    assert!(asked > 1000, "only {asked} attacks asked");
    assert!(
        below > 0,
        "the bound is never within 1.5x of the exact value"
    );
}

/// Rulesets without a cheaper bound answer `None` (the exact value serves).
#[test]
fn rulesets_without_a_bound_answer_none() {
    for r in [RulesetId::TacticalD20, RulesetId::Escalation] {
        let l = sim::random_level(r, GridKind::Square, 16, 16, 3, 1).unwrap();
        let b = Battle::new(l, 1, Vec::new()).unwrap();
        let t = tactics_of(&b).unwrap();
        let u: Vec<_> = b.units().collect();
        let e = *u.iter().find(|&&e| b.enemies(u[0], e)).unwrap();
        assert_eq!(
            t.attack_value_bound(&b, u[0], e, 0, AttackKind::Normal),
            None
        );
    }
}

/// A flow battle of 20 archers and fighters a side on an open map plays to its end in a
/// debug build, where every foe the bound lets through is checked against it
/// (`debug_assert!` in the AI's best attack: more than 12 foes only a ranged weapon can
/// strike), and the same battle played twice makes the same commands.
#[test]
fn a_big_flow_battle_with_the_bound_checked_plays_the_same_twice() {
    let play = || {
        let l = sim::random_level(RulesetId::Flow, GridKind::Hex, 40, 40, 20, 9).unwrap();
        let mut b = Battle::new(l, 9, Vec::new()).unwrap();
        let n = ai::play_out(&mut b, 3000);
        (n, b.log().len())
    };
    let first = play();
    assert!(first.0 > 100, "only {} commands", first.0);
    assert_eq!(first, play());
}
