//! Property tests of the level loader over mutated shipped levels: byte flips,
//! truncations, numbers swapped for extremes, lines duplicated or removed, random
//! insertions. `level::parse` must never panic, always answer, and put every problem at
//! a line:col inside the text it was given, one problem per message line.
//!
//! Deterministic: a fixed seed, no failure files. A failing case is printed shrunk;
//! paste its text into a `tests/fixtures/bad/` file with its expected message.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use skirmish_rules::level;

use crate::support::repo;

const LEVELS: [&str; 4] = [
    "flow-bridge",
    "flow-courtyard",
    "flow-warfront",
    "tactical-d20-ambush",
];

/// Numbers a careless or hostile file may hold.
const EXTREMES: [&str; 8] = [
    "0",
    "-1",
    "2147483647",
    "-2147483648",
    "99999999999",
    "18446744073709551616",
    "1e999",
    "0x",
];

/// Bits of RON and of text that confuse parsers.
const SNIPPETS: [&str; 24] = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "/*",
    "*/",
    "/* /* */ */",
    "//",
    "\\",
    "r#\"",
    "\u{feff}",
    "\n",
    "é",
    "Some(",
    "\\u{1F600}",
    "map: [\"..\", \"#X\"],",
    "units: [],",
    "Unit(name: \"z\\nz\", side: \"A\", cell: (0, 0), archetype: \"fighter\"),",
];

#[derive(Clone, Debug)]
enum Mutation {
    /// XOR one byte (the text is then read as UTF-8 with replacement characters).
    Flip(usize, u8),
    /// Cut the text.
    Truncate(usize),
    /// Replace the n-th number with an extreme.
    Number(usize, &'static str),
    /// Repeat the n-th line.
    DuplicateLine(usize),
    /// Drop the n-th line.
    RemoveLine(usize),
    /// Insert a snippet.
    Insert(usize, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(i, x)| Mutation::Flip(i, x)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), prop::sample::select(&EXTREMES[..]))
            .prop_map(|(i, n)| Mutation::Number(i, n)),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        any::<usize>().prop_map(Mutation::RemoveLine),
        (any::<usize>(), prop::sample::select(&SNIPPETS[..]))
            .prop_map(|(i, s)| Mutation::Insert(i, s)),
    ]
}

/// The nearest char boundary at or below `i % (len + 1)`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i % (s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(src: &str, m: &Mutation) -> String {
    match *m {
        Mutation::Flip(i, x) => {
            let mut b = src.as_bytes().to_vec();
            if !b.is_empty() {
                let i = i % b.len();
                b[i] ^= x;
            }
            String::from_utf8_lossy(&b).into_owned()
        }
        Mutation::Truncate(i) => src[..boundary(src, i)].to_string(),
        Mutation::Number(i, n) => {
            // Runs of ASCII digits (with a leading `-`).
            let b = src.as_bytes();
            let mut runs = Vec::new();
            let mut k = 0;
            while k < b.len() {
                if b[k].is_ascii_digit() {
                    let start = if k > 0 && b[k - 1] == b'-' { k - 1 } else { k };
                    while k < b.len() && b[k].is_ascii_digit() {
                        k += 1;
                    }
                    runs.push((start, k));
                } else {
                    k += 1;
                }
            }
            if runs.is_empty() {
                return src.to_string();
            }
            let (a, z) = runs[i % runs.len()];
            format!("{}{n}{}", &src[..a], &src[z..])
        }
        Mutation::DuplicateLine(i) | Mutation::RemoveLine(i) => {
            let mut lines: Vec<&str> = src.split('\n').collect();
            let i = i % lines.len();
            if matches!(m, Mutation::DuplicateLine(_)) {
                lines.insert(i, lines[i]);
            } else {
                lines.remove(i);
            }
            lines.join("\n")
        }
        Mutation::Insert(i, s) => {
            let i = boundary(src, i);
            format!("{}{s}{}", &src[..i], &src[i..])
        }
    }
}

/// Parse and check every problem's place and shape.
fn check(src: &str) -> Result<(), TestCaseError> {
    let Err(e) = level::parse(src, "f") else {
        return Ok(());
    };
    prop_assert!(!e.problems.is_empty());
    let lines: Vec<usize> = src.split('\n').map(|l| l.chars().count()).collect();
    let text = e.to_string();
    let shown: Vec<&str> = text.split('\n').collect();
    prop_assert_eq!(
        shown.len(),
        e.problems.len(),
        "one line per problem:\n{}",
        text
    );
    for (line, p) in shown.iter().zip(&e.problems) {
        // `FILE:L:C: message`, as LevelErrors shows it.
        let rest = line.strip_prefix("f:").unwrap_or_default();
        let mut parts = rest.splitn(3, ':');
        let l: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        let c: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        prop_assert_eq!((l, c), (p.pos.line, p.pos.col), "{}", line);
        prop_assert!(
            l >= 1 && l <= lines.len(),
            "line {} of {}: {}",
            l,
            lines.len(),
            line
        );
        prop_assert!(
            c >= 1 && c <= lines[l - 1] + 1,
            "col {} on a line of {}: {}",
            c,
            lines[l - 1],
            line
        );
        prop_assert!(!p.message.is_empty(), "{}", line);
        prop_assert!(p.message.chars().count() < 600, "{}", line);
    }
    Ok(())
}

fn shipped() -> Vec<String> {
    LEVELS
        .iter()
        .map(|f| std::fs::read_to_string(repo(&format!("levels/{f}.ron"))).unwrap())
        .collect()
}

fn config(cases: u32, seed: u64) -> Config {
    Config {
        cases: crate::support::env_cases(cases),
        rng_seed: RngSeed::Fixed(crate::support::env_seed(seed)),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config(384, 0x5eed_1e7e))]

    #[test]
    fn mutated_levels_always_get_an_answer_placed_in_the_file(
        which in 0..LEVELS.len(),
        muts in prop::collection::vec(mutation(), 1..4),
    ) {
        let levels = shipped();
        let mut src = levels[which].clone();
        for m in &muts {
            src = apply(&src, m);
        }
        check(&src)?;
    }

    #[test]
    fn every_extreme_number_gets_an_answer_placed_in_the_file(
        which in 0..LEVELS.len(),
        at in any::<usize>(),
        n in prop::sample::select(&EXTREMES[..]),
    ) {
        let levels = shipped();
        check(&apply(&levels[which], &Mutation::Number(at, n)))?;
    }
}

/// The shipped levels themselves, and a byte order mark in front of each, load the same.
#[test]
fn shipped_levels_load_the_same_with_a_byte_order_mark() {
    for (f, src) in LEVELS.iter().zip(shipped()) {
        let plain = level::parse(&src, f).unwrap_or_else(|e| panic!("{e}"));
        let bom = level::parse(&format!("\u{feff}{src}"), f).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain, bom, "{f}");
    }
}

/// Every truncation of every shipped level, on every char boundary: an answer each.
#[test]
fn every_truncation_gets_an_answer_placed_in_the_file() {
    for src in shipped() {
        for cut in (0..src.len()).filter(|&i| src.is_char_boundary(i)) {
            if let Err(e) = check(&src[..cut]) {
                panic!("cut at {cut}: {e}");
            }
        }
    }
}
