//! Property tests of dice expressions (issue 15): any text parses or is refused without a
//! panic, printing and parsing round-trip, rolls stay inside the declared range, and a
//! forced face that does not fit is an error.
//!
//! Deterministic: a fixed seed, no regression files. `PROPTEST_CASES=100000` (and
//! `PROPTEST_RNG_SEED=<n>` for other inputs) runs a longer search; a failure prints the
//! shrunk input to paste into `tests/dice.rs` as an example test.

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed};
use skirmish_rules::dice::{Dice, DiceExpr, ForcedFaceError, Keep, MAX_BONUS, MAX_DICE, MAX_SIDES};

/// 256 cases a property, the same ones on every run and machine, nothing written to disk
/// (`PROPTEST_CASES` and `PROPTEST_RNG_SEED` make a longer or another run).
fn config() -> Config {
    Config {
        cases: crate::support::env_cases(256),
        failure_persistence: None,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(crate::support::env_seed(0x15_d1ce)),
        ..Config::default()
    }
}

/// A number in `lo..=hi`, its ends and their neighbours more often than chance.
fn edgy<T>(lo: T, hi: T) -> impl Strategy<Value = T>
where
    T: Copy + std::fmt::Debug + PartialOrd + 'static,
    std::ops::RangeInclusive<T>: Strategy<Value = T>,
{
    prop_oneof![1 => Just(lo), 1 => Just(hi), 6 => lo..=hi]
}

/// Any expression the parser accepts, in its normal form (no dice: `0` dice of `1` face).
fn valid() -> impl Strategy<Value = DiceExpr> {
    let keep = prop_oneof![
        2 => Just(Keep::All),
        1 => edgy(0, MAX_DICE).prop_map(Keep::Highest),
        1 => edgy(0, MAX_DICE).prop_map(Keep::Lowest),
    ];
    let dice = (
        prop_oneof![3 => 1..=6u32, 1 => edgy(1, MAX_DICE)],
        prop_oneof![
            3 => prop::sample::select(vec![4u32, 6, 8, 10, 12, 20, 100]),
            1 => edgy(1, MAX_SIDES),
        ],
        keep,
        prop_oneof![2 => Just(0), 2 => -5..=5i32, 1 => edgy(-MAX_BONUS, MAX_BONUS)],
    )
        .prop_map(|(count, sides, keep, bonus)| DiceExpr {
            count,
            sides,
            keep,
            bonus,
        });
    let constant = edgy(-MAX_BONUS, MAX_BONUS).prop_map(|b| DiceExpr::new(0, 1).plus(b));
    prop_oneof![4 => dice, 1 => constant]
}

/// Characters a dice expression is made of, plus the troublesome ones (multi-byte,
/// control, Unicode whitespace, signs in odd places).
fn dice_char() -> impl Strategy<Value = char> {
    prop_oneof![
        8 => prop::sample::select("0123456789dkhlDKHL+- ".chars().collect::<Vec<_>>()),
        2 => prop::sample::select(vec![
            'ä', '€', '𝟙', '\u{85}', '\u{a0}', '\n', '\0', 'x', '.', '٣'
        ]),
        1 => any::<char>(),
    ]
}

/// Text near the grammar: dice characters in any order, or a valid expression mutated by
/// inserting, replacing or removing one character, or cut short.
fn near_dice() -> impl Strategy<Value = String> {
    let soup = prop::collection::vec(dice_char(), 0..16).prop_map(String::from_iter);
    let mutated = (valid(), any::<Index>(), dice_char(), 0..4u8).prop_map(|(d, at, c, how)| {
        let mut chars: Vec<char> = d.to_string().chars().collect();
        let i = at.index(chars.len() + 1);
        match how {
            0 => chars.insert(i, c),
            1 if i < chars.len() => chars[i] = c,
            2 if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.truncate(i),
        }
        String::from_iter(chars)
    });
    // Numbers at and beyond the limits, where the arithmetic used to wrap.
    let huge = (
        prop::sample::select(vec![
            "",
            "1",
            "100",
            "101",
            "4294967296",
            "99999999999999999999",
        ]),
        prop::sample::select(vec!["1", "1000", "1001", "0", "4294967297"]),
        prop::sample::select(vec!["", "kh1", "kl100", "kh101", "k", "kh", "kh4294967296"]),
        prop::sample::select(vec![
            "",
            "+10000",
            "-10000",
            "+10001",
            "+2147483647",
            "-2147483648",
        ]),
    )
        .prop_map(|(n, x, k, b)| format!("{n}d{x}{k}{b}"));
    prop_oneof![3 => soup, 3 => mutated, 1 => huge]
}

/// The same expression with spaces sprinkled in and letters capitalized, as a level
/// author might write it.
fn respelled(d: DiceExpr, spaces: &[bool], caps: &[bool]) -> String {
    let mut out = String::new();
    for (i, c) in d.to_string().chars().enumerate() {
        if spaces.get(i).copied().unwrap_or(false) {
            out.push(' ');
        }
        if caps.get(i).copied().unwrap_or(false) {
            out.push(c.to_ascii_uppercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// What every accepted expression satisfies.
fn assert_within_limits(d: &DiceExpr) {
    assert!(d.count <= MAX_DICE, "{d:?}");
    assert!((1..=MAX_SIDES).contains(&d.sides), "{d:?}");
    assert!(d.bonus.unsigned_abs() <= MAX_BONUS as u32, "{d:?}");
    if let Keep::Highest(n) | Keep::Lowest(n) = d.keep {
        assert!(n <= MAX_DICE, "{d:?}");
    }
    let (lo, hi) = (d.min() as i64, d.max() as i64);
    assert!(lo <= hi, "{d:?}");
    assert!(
        hi <= (MAX_DICE * MAX_SIDES) as i64 + MAX_BONUS as i64,
        "{d:?}"
    );
}

/// Parse; an accepted expression is within the limits and prints to text that parses
/// back to it, a refused one gets a short one-line message.
fn parse_checked(s: &str) {
    match s.parse::<DiceExpr>() {
        Ok(d) => {
            assert_within_limits(&d);
            assert_eq!(d.to_string().parse::<DiceExpr>(), Ok(d), "from {s:?}");
        }
        Err(e) => {
            let m = e.to_string();
            assert!(m.starts_with("bad dice expression `"), "{m}");
            assert!(!e.reason().is_empty(), "{m}");
            assert!(!m.contains(['\n', '\r', '\u{85}']), "{m:?}");
            assert!(m.chars().count() < 300, "{m}");
        }
    }
}

proptest! {
    #![proptest_config(config())]

    /// (a) Arbitrary Unicode text: an expression or an error, never a panic.
    #[test]
    fn any_text_parses_or_is_refused(s in any::<String>()) {
        parse_checked(&s);
    }

    /// (a) Text built from the dice alphabet and mutations of valid expressions.
    #[test]
    fn text_near_the_grammar_parses_or_is_refused(s in near_dice()) {
        parse_checked(&s);
    }

    /// (b) print → parse gives the same expression, however it is spaced or capitalized.
    #[test]
    fn print_then_parse_is_the_same_expression(
        d in valid(),
        spaces in prop::collection::vec(any::<bool>(), 0..24),
        caps in prop::collection::vec(any::<bool>(), 0..24),
    ) {
        let text = d.to_string();
        prop_assert_eq!(text.parse::<DiceExpr>(), Ok(d));
        prop_assert_eq!(text.parse::<DiceExpr>().unwrap().to_string(), text.clone());
        let loose = respelled(d, &spaces, &caps);
        prop_assert_eq!(loose.parse::<DiceExpr>(), Ok(d), "{:?}", loose);
    }

    /// (c) A seeded roll: every face fits the die, the kept count and the total are what
    /// the expression declares, and nothing overflows (even on a critical ×4).
    #[test]
    fn rolls_stay_within_the_declared_range(d in valid(), seed in any::<u64>(), crit in 1..=4u32) {
        let d = d.multiplied(crit);
        let r = Dice::seeded(seed).roll(d).unwrap();
        prop_assert_eq!(r.faces.len() as u32, d.count);
        prop_assert!(r.faces.iter().all(|f| (1..=d.sides).contains(f)), "{:?}", r.faces);
        let kept: Vec<i64> = r
            .faces
            .iter()
            .zip(&r.kept)
            .filter(|(_, k)| **k)
            .map(|(f, _)| *f as i64)
            .collect();
        let want_kept = match d.keep {
            Keep::All => d.count,
            Keep::Highest(n) | Keep::Lowest(n) => n.min(d.count),
        };
        prop_assert_eq!(kept.len() as u32, want_kept);
        let exact = kept.iter().sum::<i64>() + d.bonus as i64;
        prop_assert_eq!(r.total as i64, exact);
        prop_assert!(
            (d.min()..=d.max()).contains(&r.total),
            "{} not in {}..={}", r.total, d.min(), d.max()
        );
        // The same seed rolls the same faces.
        prop_assert_eq!(Dice::seeded(seed).roll(d).unwrap(), r);
    }

    /// (d) Forced faces: those that fit come out as given; the first that does not (0, or
    /// above the die's size) is an error naming it, not a panic.
    #[test]
    fn forced_faces_that_do_not_fit_are_errors(
        d in valid(),
        faces in prop::collection::vec(
            prop_oneof![
                3 => 1..=20u32,
                1 => Just(0u32),
                1 => edgy(1, MAX_SIDES + 1),
                1 => any::<u32>(),
            ],
            0..12,
        ),
        seed in any::<u64>(),
    ) {
        let mut dice = Dice::seeded(seed);
        dice.force(faces.iter().copied());
        let used = &faces[..faces.len().min(d.count as usize)];
        match used.iter().position(|&f| f == 0 || f > d.sides) {
            Some(i) => {
                let e = dice.roll(d).unwrap_err();
                prop_assert_eq!(e.clone(), ForcedFaceError { face: used[i], sides: d.sides, entry: i });
                prop_assert_eq!(
                    e.to_string(),
                    format!("forced die face {} does not fit a d{}", used[i], d.sides)
                );
                // The bad face and those before it are used up, the rest still queued.
                prop_assert_eq!(dice.forced_left(), faces.len() - i - 1);
            }
            None => {
                let r = dice.roll(d).unwrap();
                prop_assert_eq!(&r.faces[..used.len()], used);
                prop_assert!((d.min()..=d.max()).contains(&r.total));
            }
        }
    }

    /// (d) One forced face against a die of any size, even a d0 no parser would accept.
    #[test]
    fn a_forced_face_against_any_die_is_checked(face in any::<u32>(), sides in any::<u32>()) {
        let mut dice = Dice::seeded(0);
        dice.force([face]);
        let fits = face >= 1 && face <= sides;
        let want = if fits { Ok(face) } else { Err(ForcedFaceError { face, sides, entry: 0 }) };
        prop_assert_eq!(dice.face(sides), want);
    }
}
