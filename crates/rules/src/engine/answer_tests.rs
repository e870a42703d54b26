use super::*;
use crate::pools::{Cost, Pool};
use std::collections::BTreeMap;

/// `chosen_price` as it was written before session 24 (two maps per alternative): the
/// reference the allocation-free one must agree with.
fn chosen_price_by_maps(cost: &Cost, commits: &[Commit]) -> Option<usize> {
    if cost.alternatives().len() < 2 {
        return None;
    }
    let mut given: BTreeMap<Pool, i64> = BTreeMap::new();
    for c in commits.iter().filter(|c| c.amount > 0) {
        *given.entry(c.pool).or_insert(0) += i64::from(c.amount);
    }
    if given.is_empty() {
        return None;
    }
    cost.alternatives().iter().position(|alt| {
        let mut want: BTreeMap<Pool, i64> = BTreeMap::new();
        for &(pool, n) in alt.iter().filter(|(_, n)| *n > 0) {
            *want.entry(pool).or_insert(0) += i64::from(n);
        }
        want == given
    })
}

/// Every price of one to three alternatives of up to two parts (three pools, amounts -1
/// to 2) against every list of up to three commits (amounts 0 to 2, parts 0 and 1): the
/// same choice as the maps' version.
#[test]
fn chosen_price_agrees_with_the_maps_version() {
    let pools = [Pool::SkillDice, Pool::Movement, Pool::Reaction];
    let mut parts: Vec<Vec<(Pool, i32)>> = vec![Vec::new()];
    for &p in &pools {
        for n in -1..=2 {
            parts.push(vec![(p, n)]);
            for &q in &pools {
                for m in [0, 1, 2] {
                    parts.push(vec![(p, n), (q, m)]);
                }
            }
        }
    }
    let mut commit_lists: Vec<Vec<Commit>> = vec![Vec::new()];
    let one: Vec<Commit> = pools
        .iter()
        .flat_map(|&pool| {
            (0..=2).flat_map(move |amount| (0..=1).map(move |part| Commit { part, pool, amount }))
        })
        .collect();
    for &a in &one {
        commit_lists.push(vec![a]);
        for &b in &one {
            commit_lists.push(vec![a, b]);
            for &c in one.iter().step_by(9) {
                commit_lists.push(vec![a, b, c]);
            }
        }
    }
    let mut checked = 0usize;
    for (i, a) in parts.iter().enumerate() {
        for b in parts.iter().skip(i % 41).step_by(41) {
            for c in [None, Some(&parts[(i * 13) % parts.len()])] {
                let mut alts = vec![a.clone(), b.clone()];
                alts.extend(c.cloned());
                for single in [false, true] {
                    let cost = if single {
                        Cost(vec![a.clone()])
                    } else {
                        Cost(alts.clone())
                    };
                    for commits in &commit_lists {
                        assert_eq!(
                            chosen_price(&cost, commits),
                            chosen_price_by_maps(&cost, commits),
                            "{cost:?} {commits:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}
