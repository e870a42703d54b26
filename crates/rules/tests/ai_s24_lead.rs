//! Issue 34, session 24 (the lead): the AI asks which weapon would strike a foe without
//! the engine wording why none would.
//!
//! `Battle::usable_weapon` (no weapon named, no reason worded) answers exactly what
//! `Battle::weapon_for(.., None).ok()` answers, for every pair of units at every state
//! of seeded AI battles of every ruleset on both grids: the same weapon or none.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{UnitId, WeaponKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Every pair at every state of a battle (at most `states`); returns how many pairs were
/// struck by a melee weapon, by a ranged one, and by none.
fn check(r: RulesetId, kind: GridKind, seed: u64, states: usize) -> [usize; 3] {
    let l = sim::random_level_with(r, kind, 24, 24, 8, seed, &[]).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut seen = [0; 3];
    for _ in 0..states {
        let units: Vec<UnitId> = b.units().collect();
        for &u in &units {
            for &e in &units {
                if u == e {
                    continue;
                }
                let slow = b.weapon_for(u, e, None).ok();
                let fast = b.usable_weapon(u, e);
                assert_eq!(fast, slow, "{r:?} {kind:?} {seed}: {u:?} on {e:?}");
                match fast.map(|w| b.weapons(u)[w].kind) {
                    Some(WeaponKind::Melee) => seen[0] += 1,
                    Some(WeaponKind::Ranged) => seen[1] += 1,
                    None => seen[2] += 1,
                }
            }
        }
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    seen
}

/// Every ruleset, both grids: the same answers, and each kind of answer occurs.
#[test]
fn usable_weapon_is_weapon_for_without_the_reason() {
    let mut total = [0; 3];
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Hex, 5), (GridKind::Square, 6)] {
            let seen = check(r, kind, seed, 120);
            assert!(seen[2] > 0, "{r:?} {kind:?}: no pair out of reach");
            for (t, s) in total.iter_mut().zip(seen) {
                *t += s;
            }
        }
    }
    assert!(
        total[0] > 0 && total[1] > 0,
        "melee and ranged answers: {total:?}"
    );
}
