//! Dice cases: random text into the dice parser; accepted expressions rolled.

use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::dice::{Dice, DiceExpr, MAX_BONUS, MAX_DICE, MAX_SIDES};

/// Characters dice expressions are made of, then troublesome ones.
const DICE_CHARS: &str = "0123456789dkhlDKHL+- ";
const ODD_CHARS: [char; 12] = [
    'ä', '€', '𝟙', '\u{85}', '\u{a0}', '\n', '\0', 'x', '.', '٣', '\u{feff}', '²',
];

fn dice_char(rng: &mut ChaCha8Rng) -> char {
    match rng.random_range(0..11u32) {
        0..8 => {
            let b = DICE_CHARS.as_bytes();
            b[rng.random_range(0..b.len())] as char
        }
        8 | 9 => ODD_CHARS[rng.random_range(0..ODD_CHARS.len())],
        _ => loop {
            if let Some(c) = char::from_u32(rng.random_range(0..0x11_0000)) {
                break c;
            }
        },
    }
}

fn edgy(rng: &mut ChaCha8Rng, lo: u32, hi: u32) -> u32 {
    match rng.random_range(0..8u32) {
        0 => lo,
        1 => hi,
        2 => hi.saturating_add(1),
        _ => rng.random_range(lo..=hi),
    }
}

/// The dice text of case `seed`: a soup of dice characters, a plausible expression
/// (maybe beyond the limits) with one character inserted, replaced or removed, or one
/// built from numbers at and past the limits.
pub fn dice_input(seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match rng.random_range(0..3u32) {
        0 => (0..rng.random_range(0..16))
            .map(|_| dice_char(&mut rng))
            .collect(),
        1 => {
            let count = if rng.random_bool(0.7) {
                rng.random_range(1..=6)
            } else {
                edgy(&mut rng, 0, MAX_DICE)
            };
            let sides =
                [4, 6, 8, 10, 12, 20, 100, edgy(&mut rng, 1, MAX_SIDES)][rng.random_range(0..8)];
            let keep = match rng.random_range(0..4u32) {
                0 => format!("kh{}", edgy(&mut rng, 0, MAX_DICE)),
                1 => format!("kl{}", edgy(&mut rng, 0, MAX_DICE)),
                _ => String::new(),
            };
            let bonus = match rng.random_range(0..3u32) {
                0 => String::new(),
                1 => format!("{:+}", rng.random_range(-5..=5)),
                _ => format!("{:+}", rng.random_range(-MAX_BONUS - 1..=MAX_BONUS + 1)),
            };
            let mut chars: Vec<char> = format!("{count}d{sides}{keep}{bonus}").chars().collect();
            if rng.random_bool(0.6) {
                let i = rng.random_range(0..=chars.len());
                match rng.random_range(0..4u32) {
                    0 => chars.insert(i, dice_char(&mut rng)),
                    1 if i < chars.len() => chars[i] = dice_char(&mut rng),
                    2 if i < chars.len() => {
                        chars.remove(i);
                    }
                    _ => chars.truncate(i),
                }
            }
            chars.into_iter().collect()
        }
        _ => {
            let pick = |rng: &mut ChaCha8Rng, v: &[&'static str]| v[rng.random_range(0..v.len())];
            let n = pick(
                &mut rng,
                &["", "1", "100", "101", "4294967296", "99999999999999999999"],
            );
            let x = pick(&mut rng, &["1", "1000", "1001", "0", "4294967297"]);
            let k = pick(
                &mut rng,
                &["", "kh1", "kl100", "kh101", "k", "kh", "kä", "kh4294967296"],
            );
            let b = pick(
                &mut rng,
                &[
                    "",
                    "+10000",
                    "-10000",
                    "+10001",
                    "+2147483647",
                    "-2147483648",
                ],
            );
            format!("{n}d{x}{k}{b}")
        }
    }
}

/// Check one dice text: `Err` says what is wrong.
pub fn check_dice(text: &str, seed: u64) -> Result<(), String> {
    let d = match text.parse::<DiceExpr>() {
        Ok(d) => d,
        Err(e) => {
            let m = e.to_string();
            if !m.starts_with("bad dice expression `") || e.reason().is_empty() {
                return Err(format!("a refusal that does not say why: {m}"));
            }
            if m.contains(['\n', '\r', '\u{85}']) || m.chars().count() >= 300 {
                return Err(format!("a refusal not on one short line: {m:?}"));
            }
            return Ok(());
        }
    };
    if d.count > MAX_DICE || !(1..=MAX_SIDES).contains(&d.sides) || d.bonus.abs() > MAX_BONUS {
        return Err(format!("accepted beyond the limits: {d:?}"));
    }
    let back = d.to_string().parse::<DiceExpr>();
    if back != Ok(d) {
        return Err(format!("{d:?} prints as `{d}`, which parses to {back:?}"));
    }
    let (lo, hi) = (d.min(), d.max());
    if lo > hi {
        return Err(format!("{d}: min {lo} > max {hi}"));
    }
    for crit in 1..=4 {
        let e = d.multiplied(crit);
        let r = Dice::seeded(seed)
            .roll(e)
            .map_err(|err| format!("{e}: a seeded roll failed: {err}"))?;
        if r.faces.len() != e.count as usize || r.faces.iter().any(|f| !(1..=e.sides).contains(f)) {
            return Err(format!("{e}: faces {:?} do not fit", r.faces));
        }
        if !(e.min()..=e.max()).contains(&r.total) {
            return Err(format!(
                "{e}: total {} not in {}..={}",
                r.total,
                e.min(),
                e.max()
            ));
        }
    }
    Ok(())
}

/// A dice case.
pub fn dice_case(seed: u64) -> Option<Failure> {
    let input = dice_input(seed);
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| check_dice(&input, seed))) {
        Ok(Ok(())) => return None,
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    Some(Failure {
        target: Target::Dice,
        seed,
        kind,
        what,
        input,
        level: None,
    })
}
