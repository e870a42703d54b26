//! Sums and differences of dice distributions (issue 28, hook 8: "damage minus k d6 plus
//! modifiers"): every operation is checked against counting every face combination of the
//! dice involved by brute force.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed};
use skirmish_rules::dice::{DiceExpr, Keep};
use skirmish_rules::odds::{Distribution, MAX_ENUMERATED};

fn expr(text: &str) -> DiceExpr {
    text.parse().unwrap()
}

fn dist(text: &str) -> Distribution {
    Distribution::of(expr(text)).unwrap()
}

/// Every combination of faces of every die in `terms` (each expression added with its sign,
/// its kept dice only), then `f` on the total: how many combinations give each value, and
/// how many combinations there are.
fn brute(terms: &[(DiceExpr, i32)], f: impl Fn(i32) -> i32) -> (BTreeMap<i32, u64>, u64) {
    let sizes: Vec<u32> = terms
        .iter()
        .flat_map(|(d, _)| std::iter::repeat_n(d.sides, d.count as usize))
        .collect();
    let mut faces = vec![1u32; sizes.len()];
    let mut counts = BTreeMap::new();
    let mut all = 0u64;
    loop {
        let mut total = 0;
        let mut at = 0;
        for (d, sign) in terms {
            let own = &faces[at..at + d.count as usize];
            at += d.count as usize;
            let kept: i32 = own
                .iter()
                .zip(d.kept_mask(own))
                .filter(|(_, k)| *k)
                .map(|(&x, _)| x as i32)
                .sum();
            total += sign * (kept + d.bonus);
        }
        *counts.entry(f(total)).or_insert(0) += 1;
        all += 1;
        // Next combination (odometer).
        let mut i = 0;
        loop {
            if i == faces.len() {
                return (counts, all);
            }
            faces[i] += 1;
            if faces[i] <= sizes[i] {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

/// `d` gives every value the chance brute force counted, and nothing else.
fn assert_counts(d: &Distribution, (counts, all): &(BTreeMap<i32, u64>, u64), what: &str) {
    let lo = *counts.keys().next().unwrap();
    let hi = *counts.keys().next_back().unwrap();
    assert_eq!(d.range(), (lo, hi), "{what}: range");
    for (v, q) in d.iter() {
        let want = counts.get(&v).map_or(0.0, |&c| c as f64 / *all as f64);
        assert!(
            (q - want).abs() < 1e-12,
            "{what}: P({v}) = {q}, counted {want}"
        );
    }
    for &v in counts.keys() {
        assert!(d.iter().any(|(x, _)| x == v), "{what}: {v} missing");
    }
    assert!((d.p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{what}: mass");
}

#[test]
fn two_d6_minus_one_d6_matches_all_216_rolls() {
    let d = dist("2d6").difference(&dist("1d6")).unwrap();
    let counted = brute(&[(expr("2d6"), 1), (expr("1d6"), -1)], |t| t);
    assert_eq!(counted.1, 216);
    assert_eq!(d.range(), (-4, 11));
    assert_counts(&d, &counted, "2d6 - 1d6");
    // One figure by hand: 2d6 - 1d6 = 0 needs the two dice to total the third: for a
    // third die of f ≥ 2 there are f - 1 pairs, 1 + 2 + 3 + 4 + 5 = 15 of 216.
    let zero = d.iter().find(|x| x.0 == 0).unwrap().1;
    assert!((zero - 15.0 / 216.0).abs() < 1e-12);
}

#[test]
fn one_d8_plus_one_d4_matches_every_roll() {
    // The expression language has one kind of die per expression, so "1d8+1d4" is
    // counted by hand.
    let d = dist("1d8").sum(&dist("1d4")).unwrap();
    assert_eq!((d.lo, d.p.len()), (2, 11));
    assert_counts(
        &d,
        &brute(&[(expr("1d8"), 1), (expr("1d4"), 1)], |t| t),
        "1d8 + 1d4",
    );
    // Totals 5 to 9 each have 4 of 32 ways.
    assert!((d.at_least(5) - (5.0 * 4.0 + 3.0 + 2.0 + 1.0) / 32.0).abs() < 1e-12);
}

#[test]
fn sums_of_one_kind_of_die_match_the_expression() {
    // 2d6 + 1d6 is 3d6, and with bonuses on both sides the bonuses add.
    let a = dist("2d6+1").sum(&dist("1d6-3")).unwrap();
    let b = dist("3d6-2");
    assert_eq!(a.lo, b.lo);
    assert_eq!(a.p.len(), b.p.len());
    for ((_, x), (_, y)) in a.iter().zip(b.iter()) {
        assert!((x - y).abs() < 1e-12);
    }
}

#[test]
fn clamp_min_zero_of_d6_minus_d6_puts_21_of_36_on_zero() {
    let d = dist("1d6").difference(&dist("1d6")).unwrap();
    assert_eq!(d.range(), (-5, 5));
    let floored = d.clamp_min(0);
    assert_eq!(floored.lo, 0);
    assert_eq!(floored.range(), (0, 5));
    assert_eq!(floored.p.len(), 6);
    assert!((floored.p[0] - 21.0 / 36.0).abs() < 1e-12);
    for k in 1..=5 {
        let want = f64::from(6 - k) / 36.0;
        assert!((floored.p[k as usize] - want).abs() < 1e-12, "P({k})");
    }
    assert_counts(
        &floored,
        &brute(&[(expr("1d6"), 1), (expr("1d6"), -1)], |t| t.max(0)),
        "max(1d6 - 1d6, 0)",
    );
    // 1·5 + 2·4 + 3·3 + 4·2 + 5·1 = 35 of 36.
    assert!((floored.mean() - 35.0 / 36.0).abs() < 1e-12);
}

#[test]
fn clamp_min_outside_the_range() {
    let d = dist("2d6");
    // A floor at or below every total changes nothing.
    assert_eq!(d.clamp_min(2), d);
    assert_eq!(d.clamp_min(-100), d);
    // A floor above every total is that floor for certain.
    let all = d.clamp_min(20);
    assert_eq!(all.lo, 20);
    assert_eq!(all.p.len(), 1);
    assert!((all.p[0] - 1.0).abs() < 1e-12);
    // At the top total: everything else moves onto it.
    let top = d.clamp_min(12);
    assert_eq!((top.lo, top.p.len()), (12, 1));
    assert!((top.p[0] - 1.0).abs() < 1e-12);
    // The same as the general `map`.
    let mapped = d.map(|t| t.max(7));
    let clamped = d.clamp_min(7);
    assert_eq!((mapped.lo, mapped.p.len()), (clamped.lo, clamped.p.len()));
    for ((_, x), (_, y)) in mapped.iter().zip(clamped.iter()) {
        assert!((x - y).abs() < 1e-12);
    }
}

#[test]
fn mean_of_a_sum_is_the_sum_of_the_means() {
    for (a, b) in [
        ("1d8", "1d4"),
        ("2d6+1", "3d4-2"),
        ("4d6kh3", "1d20"),
        ("2d20kl1", "5"),
        ("1d100", "2d10"),
    ] {
        let (x, y) = (dist(a), dist(b));
        let s = x.sum(&y).unwrap();
        assert!((s.mean() - (x.mean() + y.mean())).abs() < 1e-9, "{a} + {b}");
        let d = x.difference(&y).unwrap();
        assert!((d.mean() - (x.mean() - y.mean())).abs() < 1e-9, "{a} - {b}");
        // Sums are symmetric: the same chances either way round.
        let t = y.sum(&x).unwrap();
        assert_eq!((s.lo, s.p.len()), (t.lo, t.p.len()));
        for ((_, p), (_, q)) in s.iter().zip(t.iter()) {
            assert!((p - q).abs() < 1e-12, "{a} + {b} symmetric");
        }
    }
}

#[test]
fn a_sum_with_a_constant_is_a_shift() {
    for text in ["1d6", "2d6+1", "4d6kh3", "0", "3d4-2"] {
        let d = dist(text);
        for k in [-7, -1, 0, 1, 4] {
            let c = Distribution::constant(k);
            // Exact: each chance is multiplied by 1.0 and added to 0.0.
            assert_eq!(d.sum(&c), Some(d.shift(k)), "{text} + {k}");
            assert_eq!(d.difference(&c), Some(d.shift(-k)), "{text} - {k}");
            assert_eq!(c.sum(&d), Some(d.shift(k)), "{k} + {text}");
        }
    }
    let d = dist("2d6").shift(-3);
    assert_eq!(d.range(), (-1, 9));
    assert_eq!(d.p, dist("2d6").p);
    assert!((d.mean() - 4.0).abs() < 1e-12);
    assert_eq!(
        Distribution::constant(3).shift(-5),
        Distribution::constant(-2)
    );
}

#[test]
fn damage_minus_block_dice_plus_modifiers_floored_at_zero() {
    // The melee-zone case: 2d8+3 damage, a Block of 2d6, +1 from a feat, never below 0.
    let d = dist("2d8+3")
        .difference(&dist("2d6"))
        .unwrap()
        .shift(1)
        .clamp_min(0);
    let counted = brute(&[(expr("2d8+3"), 1), (expr("2d6"), -1)], |t| (t + 1).max(0));
    assert_eq!(counted.1, 8 * 8 * 6 * 6);
    assert_counts(&d, &counted, "max(2d8+3 - 2d6 + 1, 0)");
}

#[test]
fn too_many_pairs_or_totals_beyond_i32_are_none() {
    // 100d20 has 1901 totals: 1901² pairs is over the cap, like `4d6kh3`-style
    // enumeration over `MAX_ENUMERATED` outcomes.
    let big = dist("100d20");
    assert!((big.p.len() as u64).pow(2) > MAX_ENUMERATED);
    assert!(big.sum(&big).is_none());
    assert!(big.difference(&big).is_none());
    // Within the cap it is counted: 100d20 and 1d100 are 190 100 pairs.
    let s = big.sum(&dist("1d100")).unwrap();
    assert_eq!(s.range(), (101, 2100));
    assert!((s.mean() - (1050.0 + 50.5)).abs() < 1e-6);
    // A total past i32 is refused rather than wrapped.
    let max = Distribution::constant(i32::MAX);
    assert!(max.sum(&Distribution::constant(1)).is_none());
    assert!(dist("1d6").shift(i32::MAX - 6).sum(&dist("1d2")).is_none());
    assert!(
        Distribution::constant(i32::MIN)
            .difference(&Distribution::constant(1))
            .is_none()
    );
    assert_eq!(
        max.difference(&Distribution::constant(1)),
        Some(Distribution::constant(i32::MAX - 1))
    );
}

/// Every pair of a fixed list of small expressions (plain, kept dice, bonuses, constants):
/// sum, difference and a floored difference against brute force.
#[test]
fn every_pair_of_small_expressions_matches_brute_force() {
    let texts = [
        "0", "3", "1d1", "1d4", "2d3", "2d6+1", "1d8-3", "3d4-2", "3d6kh1", "3d4kl2", "2d6kh0",
    ];
    for a in texts {
        for b in texts {
            let (x, y) = (dist(a), dist(b));
            let terms = |sign| [(expr(a), 1), (expr(b), sign)];
            assert_counts(
                &x.sum(&y).unwrap(),
                &brute(&terms(1), |t| t),
                &format!("{a} + {b}"),
            );
            let diff = x.difference(&y).unwrap();
            assert_counts(&diff, &brute(&terms(-1), |t| t), &format!("{a} - {b}"));
            assert_counts(
                &diff.clamp_min(0),
                &brute(&terms(-1), |t| t.max(0)),
                &format!("max({a} - {b}, 0)"),
            );
        }
    }
}

/// 256 cases, the same ones on every run (`PROPTEST_CASES` / `PROPTEST_RNG_SEED` for more).
fn config() -> Config {
    Config {
        cases: crate::support::env_cases(256),
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(crate::support::env_seed(0x28_0dd5)),
        ..Config::default()
    }
}

/// Up to 3 dice of up to 6 faces, maybe keeping some, with a small bonus.
fn small() -> impl Strategy<Value = DiceExpr> {
    let keep = prop_oneof![
        2 => Just(Keep::All),
        1 => (0..=3u32).prop_map(Keep::Highest),
        1 => (0..=3u32).prop_map(Keep::Lowest),
    ];
    (0..=3u32, 1..=6u32, keep, -4..=4i32).prop_map(|(count, sides, keep, bonus)| DiceExpr {
        count,
        sides,
        keep,
        bonus,
    })
}

proptest! {
    #![proptest_config(config())]

    /// `a ± b`, shifted by `k` and floored at `floor`, against every face combination.
    #[test]
    fn ops_on_small_expressions_match_brute_force(
        a in small(),
        b in small(),
        k in -5..=5i32,
        floor in -3..=3i32,
    ) {
        let (x, y) = (Distribution::of(a).unwrap(), Distribution::of(b).unwrap());
        assert_counts(&x.sum(&y).unwrap(), &brute(&[(a, 1), (b, 1)], |t| t), "sum");
        let diff = x.difference(&y).unwrap();
        assert_counts(&diff, &brute(&[(a, 1), (b, -1)], |t| t), "difference");
        assert_counts(
            &diff.shift(k).clamp_min(floor),
            &brute(&[(a, 1), (b, -1)], |t| (t + k).max(floor)),
            "shifted, floored difference",
        );
        prop_assert!((x.sum(&y).unwrap().mean() - x.mean() - y.mean()).abs() < 1e-9);
    }
}
