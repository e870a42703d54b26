//! Level cases: a shipped level's text mutated into `level::parse`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::level;

/// Numbers a careless or hostile file may hold.
const EXTREMES: [&str; 10] = [
    "0",
    "-1",
    "2147483647",
    "-2147483648",
    "4294967296",
    "99999999999",
    "18446744073709551616",
    "1e999",
    "0x",
    "-0",
];

/// Bits of RON and of text that confuse parsers.
const SNIPPETS: [&str; 30] = [
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
    "\\\"",
    "\\n",
    "r#\"",
    "\u{feff}",
    "\n",
    "\r\n",
    "\t",
    "é",
    "漢",
    "Some(",
    "\\u{1F600}",
    "map: [\"..\", \"#X\"],",
    "units: [],",
    "Unit(name: \"z\\nz\", side: \"A\", cell: (0, 0), archetype: \"fighter\"),",
    "damage: \"1d6k\",",
];

/// The nearest char boundary at or below `i % (len + 1)`.
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i % (s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// One random mutation of `src`.
fn mutate(src: &str, rng: &mut ChaCha8Rng) -> String {
    let any = rng.random_range(0..usize::MAX);
    match rng.random_range(0..7u32) {
        // Flip bits of a byte at a char boundary (read back with replacement chars).
        0 => {
            let mut b = src.as_bytes().to_vec();
            if b.is_empty() {
                return String::new();
            }
            let i = boundary(src, any).min(b.len() - 1);
            b[i] ^= rng.random_range(1..=255u8);
            String::from_utf8_lossy(&b).into_owned()
        }
        1 => src[..boundary(src, any)].to_string(),
        2 => {
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
            let (a, z) = runs[any % runs.len()];
            let n = EXTREMES[rng.random_range(0..EXTREMES.len())];
            format!("{}{n}{}", &src[..a], &src[z..])
        }
        3 | 4 => {
            let mut lines: Vec<&str> = src.split('\n').collect();
            let i = any % lines.len();
            if rng.random_bool(0.5) {
                for _ in 0..rng.random_range(1..=3) {
                    lines.insert(i, lines[i]);
                }
            } else {
                lines.remove(i);
            }
            lines.join("\n")
        }
        5 => {
            // Swap two lines.
            let mut lines: Vec<&str> = src.split('\n').collect();
            let (i, j) = (any % lines.len(), rng.random_range(0..lines.len()));
            lines.swap(i, j);
            lines.join("\n")
        }
        _ => {
            let i = boundary(src, any);
            let s = SNIPPETS[rng.random_range(0..SNIPPETS.len())];
            format!("{}{s}{}", &src[..i], &src[i..])
        }
    }
}

/// The mutated level text of case `seed` (1 to 4 mutations of one of `levels`).
pub fn level_input(levels: &[String], seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Some(base) = levels.get(rng.random_range(0..levels.len().max(1))) else {
        return String::new();
    };
    let mut text = base.clone();
    for _ in 0..rng.random_range(1..=4u32) {
        text = mutate(&text, &mut rng);
    }
    text
}

/// The level loader's answer checked: `Err` says what is wrong with it. Every problem
/// is shown on one line as `FILE:L:C: message`, with L:C inside `src`.
pub fn check_level(src: &str) -> Result<(), String> {
    let Err(e) = level::parse(src, "f") else {
        return Ok(());
    };
    if e.problems.is_empty() {
        return Err("an error with no problem in it".into());
    }
    let lines: Vec<usize> = src.split('\n').map(|l| l.chars().count()).collect();
    let text = e.to_string();
    let shown: Vec<&str> = text.split('\n').collect();
    if shown.len() != e.problems.len() {
        return Err(format!(
            "{} problems shown on {} lines:\n{text}",
            e.problems.len(),
            shown.len()
        ));
    }
    for (line, p) in shown.iter().zip(&e.problems) {
        let rest = line.strip_prefix("f:").unwrap_or_default();
        let mut parts = rest.splitn(3, ':');
        let l: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        let c: usize = parts.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        if (l, c) != (p.pos.line, p.pos.col) {
            return Err(format!("shown at {l}:{c}, placed at {}: {line}", p.pos));
        }
        if l < 1 || l > lines.len() {
            return Err(format!("line {l} of {}: {line}", lines.len()));
        }
        if c < 1 || c > lines[l - 1] + 1 {
            return Err(format!("col {c} on a line of {}: {line}", lines[l - 1]));
        }
        if p.message.is_empty() || p.message.chars().count() >= 600 {
            return Err(format!("a message of {} chars: {line}", p.message.len()));
        }
    }
    Ok(())
}

/// A level case: the mutated text through `check_level`.
pub fn level_case(levels: &[String], seed: u64) -> Option<Failure> {
    level_case_with(levels, seed, check_level)
}

/// A level case with the checked function given (tests inject a broken one to see that
/// failures are caught).
pub fn level_case_with(
    levels: &[String],
    seed: u64,
    check: impl Fn(&str) -> Result<(), String>,
) -> Option<Failure> {
    let input = level_input(levels, seed);
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| check(&input))) {
        Ok(Ok(())) => return None,
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    Some(Failure {
        target: Target::Levels,
        seed,
        kind,
        what,
        input,
        level: None,
    })
}
