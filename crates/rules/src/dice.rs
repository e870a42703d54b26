//! Dice expressions, the battle's seeded RNG with a forced-faces queue, and roll records.

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Which dice of a roll count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Keep {
    /// All dice.
    #[default]
    All,
    /// The N highest (`kh N`).
    Highest(u32),
    /// The N lowest (`kl N`).
    Lowest(u32),
}

/// Most dice one expression may roll (`100d6`). A critical hit multiplies the count of the
/// dice it rolls (×2, ×3) after parsing, so this is the written count, not the rolled one.
pub const MAX_DICE: u32 = 100;

/// Most faces a die may have (`1d1000`).
pub const MAX_SIDES: u32 = 1000;

/// Largest flat bonus or penalty of an expression, either way (`+10000`, `-10000`; a bare
/// number such as `3` is a bonus with no dice).
pub const MAX_BONUS: i32 = 10_000;

// With these limits every total lies within -10,000..=110,000: far from overflowing an
// i32, even multiplied on a critical hit and summed with a roll's other modifiers.
const _: () =
    assert!((MAX_DICE as i64) * (MAX_SIDES as i64) + (MAX_BONUS as i64) < i32::MAX as i64 / 100);

/// `NdX [kh K | kl K] [+/- k]`, e.g. `2d6+1`, `1d20`, `2d100kl1`, `4d6kh3`, `3`.
///
/// Serialized as its text form. Parsing refuses anything beyond [`MAX_DICE`] dice,
/// [`MAX_SIDES`] faces or a bonus beyond ±[`MAX_BONUS`], so a parsed expression's
/// [`min`](Self::min)..=[`max`](Self::max) always fits an `i32` with room to spare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DiceExpr {
    /// Number of dice.
    pub count: u32,
    /// Faces per die.
    pub sides: u32,
    /// Which dice count.
    pub keep: Keep,
    /// Flat bonus.
    pub bonus: i32,
}

impl DiceExpr {
    /// `count` dice of `sides` faces.
    pub const fn new(count: u32, sides: u32) -> Self {
        Self {
            count,
            sides,
            keep: Keep::All,
            bonus: 0,
        }
    }

    /// With a flat bonus.
    pub const fn plus(mut self, bonus: i32) -> Self {
        self.bonus = bonus;
        self
    }

    /// Keep the highest `n`.
    pub const fn keep_highest(mut self, n: u32) -> Self {
        self.keep = Keep::Highest(n);
        self
    }

    /// Keep the lowest `n`.
    pub const fn keep_lowest(mut self, n: u32) -> Self {
        self.keep = Keep::Lowest(n);
        self
    }

    /// The same dice `times` as many (crits: 1d8 → 2d8); the bonus is kept once.
    pub const fn multiplied(mut self, times: u32) -> Self {
        self.count = self.count.saturating_mul(times);
        self
    }

    /// Smallest possible total (saturating at the ends of `i32` for an expression built
    /// by hand beyond the parser's limits).
    pub fn min(&self) -> i32 {
        clamp_i32(self.kept_count() as i64 + self.bonus as i64)
    }

    /// Largest possible total (saturating like [`min`](Self::min)).
    pub fn max(&self) -> i32 {
        clamp_i32(self.kept_count() as i64 * self.sides as i64 + self.bonus as i64)
    }

    fn kept_count(&self) -> u32 {
        match self.keep {
            Keep::All => self.count,
            Keep::Highest(n) | Keep::Lowest(n) => n.min(self.count),
        }
    }

    /// Which faces count, given the faces rolled in order.
    pub fn kept_mask(&self, faces: &[u32]) -> Vec<bool> {
        // Every face counts: no order of the faces is needed (nor its list built).
        if self.keep == Keep::All {
            return vec![true; faces.len()];
        }
        let mut idx: Vec<usize> = (0..faces.len()).collect();
        match self.keep {
            Keep::All => {}
            // Stable sorts: among equal faces the earlier die is kept.
            Keep::Highest(_) => idx.sort_by_key(|&i| std::cmp::Reverse(faces[i])),
            Keep::Lowest(_) => idx.sort_by_key(|&i| faces[i]),
        }
        let mut mask = vec![false; faces.len()];
        for &i in idx.iter().take(self.kept_count() as usize) {
            mask[i] = true;
        }
        mask
    }
}

fn clamp_i32(v: i64) -> i32 {
    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 0 {
            return write!(f, "{}", self.bonus);
        }
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.keep {
            Keep::All => {}
            Keep::Highest(n) => write!(f, "kh{n}")?,
            Keep::Lowest(n) => write!(f, "kl{n}")?,
        }
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

/// Why a dice expression could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad dice expression `{text}`: {why}")]
pub struct DiceParseError {
    /// The expression as written, control characters escaped, cut after
    /// `ECHO_CHARS` characters.
    text: String,
    why: String,
}

impl DiceParseError {
    /// What is wrong, without the expression.
    pub fn reason(&self) -> &str {
        &self.why
    }
}

/// How much of a bad expression its message repeats.
const ECHO_CHARS: usize = 32;

/// Text for a message: control characters escaped (one problem stays on one line) and cut
/// after `ECHO_CHARS` characters.
fn echo(s: &str) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == ECHO_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// The hint that ends every syntax message.
const EXAMPLES: &str = "write e.g. `2d6+1`, `1d20`, `4d6kh3`, `2d100kl1` or `3`";

/// A number field that is not one.
enum NumError {
    /// Nothing where the number should be.
    Missing,
    /// Something other than digits.
    NotDigits,
}

/// Unsigned digits with an optional leading `+`; saturates at `u64::MAX` (the caller
/// compares against a limit far below).
fn unsigned(txt: &str) -> Result<u64, NumError> {
    let digits = txt.strip_prefix('+').unwrap_or(txt);
    if digits.is_empty() {
        return Err(NumError::Missing);
    }
    digits.chars().try_fold(0u64, |n, c| {
        let d = c.to_digit(10).ok_or(NumError::NotDigits)?;
        Ok(n.saturating_mul(10).saturating_add(d as u64))
    })
}

/// Digits with an optional leading `+` or `-`; saturates at the ends of `i64`.
fn signed(txt: &str) -> Result<i64, NumError> {
    match txt.strip_prefix('-') {
        Some(rest) if !rest.starts_with('+') => {
            unsigned(rest).map(|n| -(n.min(i64::MAX as u64) as i64))
        }
        Some(_) => Err(NumError::NotDigits),
        None => unsigned(txt).map(|n| n.min(i64::MAX as u64) as i64),
    }
}

/// A bonus within ±`MAX_BONUS`.
fn bonus_in_range(b: i64, written: &str) -> Result<i32, String> {
    if b.unsigned_abs() > MAX_BONUS as u64 {
        return Err(format!(
            "bonus {} is out of range (at most ±{MAX_BONUS})",
            echo(written)
        ));
    }
    Ok(b as i32)
}

impl FromStr for DiceExpr {
    type Err = DiceParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s).map_err(|why| DiceParseError { text: echo(s), why })
    }
}

/// The grammar, after whitespace is dropped and ASCII letters lowered:
/// `[count] d sides [k(h|l) keep] [(+|-) bonus]` or `[+|-] number [(+|-) bonus]`.
/// Only `str` methods that split at the ASCII characters found are used, so any text is
/// cut on character boundaries.
fn parse(s: &str) -> Result<DiceExpr, String> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.to_ascii_lowercase();
    if t.is_empty() {
        return Err(format!("it is empty; {EXAMPLES}"));
    }
    // Split off the flat bonus: the last + or - that is not at the start.
    let (dice_part, bonus) = match t.rfind(['+', '-']) {
        Some(p) if p > 0 => {
            let written = &t[p..];
            let b = signed(written).map_err(|e| match e {
                NumError::Missing => format!(
                    "`{}` is not followed by a number; {EXAMPLES}",
                    echo(written)
                ),
                NumError::NotDigits => {
                    format!("bonus `{}` is not a number; {EXAMPLES}", echo(written))
                }
            })?;
            (&t[..p], bonus_in_range(b, written)?)
        }
        _ => (t.as_str(), 0),
    };
    let Some((count_txt, rest)) = dice_part.split_once('d') else {
        // A bare number, perhaps with a bonus: `3`, `-1`, `2+1`.
        let n = signed(dice_part).map_err(|_| {
            format!(
                "`{}` is neither a number nor dice like `NdX`; {EXAMPLES}",
                echo(dice_part)
            )
        })?;
        let n = bonus_in_range(n, dice_part)?;
        let total = n + bonus;
        let total = bonus_in_range(total as i64, &total.to_string())?;
        return Ok(DiceExpr::new(0, 1).plus(total));
    };
    let count = if count_txt.is_empty() {
        1
    } else {
        unsigned(count_txt).map_err(|_| {
            format!(
                "dice count `{}` is not a number; {EXAMPLES}",
                echo(count_txt)
            )
        })?
    };
    let (sides_txt, keep) = match rest.split_once('k') {
        None => (rest, None),
        Some((sides_txt, keep_txt)) => {
            let (kind, n_txt) = if let Some(n) = keep_txt.strip_prefix('h') {
                ("h", n)
            } else if let Some(n) = keep_txt.strip_prefix('l') {
                ("l", n)
            } else {
                return Err(
                    "`k` must be followed by `h` (keep highest) or `l` (keep lowest) \
                     and a count of dice, as in `4d6kh3`"
                        .to_string(),
                );
            };
            let n = unsigned(n_txt).map_err(|e| match e {
                NumError::Missing => {
                    format!(
                        "`k{kind}` needs a count of dice to keep (0 to {MAX_DICE}), \
                         as in `4d6kh3`"
                    )
                }
                NumError::NotDigits => {
                    format!("keep count `{}` is not a number; {EXAMPLES}", echo(n_txt))
                }
            })?;
            (sides_txt, Some((kind, n, n_txt)))
        }
    };
    let sides = unsigned(sides_txt).map_err(|e| match e {
        NumError::Missing => format!("`d` needs a die size after it; {EXAMPLES}"),
        NumError::NotDigits => {
            format!("die size `{}` is not a number; {EXAMPLES}", echo(sides_txt))
        }
    })?;
    if count > MAX_DICE as u64 {
        return Err(format!(
            "{} dice are too many (at most {MAX_DICE})",
            echo(count_txt)
        ));
    }
    if sides == 0 || sides > MAX_SIDES as u64 {
        return Err(format!(
            "a d{} cannot be rolled (a die has 1 to {MAX_SIDES} faces)",
            echo(sides_txt)
        ));
    }
    let (count, sides) = (count as u32, sides as u32);
    let keep = match keep {
        None => Keep::All,
        Some((kind, n, n_txt)) => {
            if n > MAX_DICE as u64 {
                return Err(format!(
                    "keeping {} dice is too many (at most {MAX_DICE})",
                    echo(n_txt)
                ));
            }
            if kind == "h" {
                Keep::Highest(n as u32)
            } else {
                Keep::Lowest(n as u32)
            }
        }
    };
    if count == 0 {
        // No dice: only the bonus counts (`0d6+2` is `2`, and prints so).
        return Ok(DiceExpr::new(0, 1).plus(bonus));
    }
    Ok(DiceExpr {
        count,
        sides,
        keep,
        bonus,
    })
}

impl TryFrom<String> for DiceExpr {
    type Error = DiceParseError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<DiceExpr> for String {
    fn from(d: DiceExpr) -> Self {
        d.to_string()
    }
}

/// A forced face that does not fit the die it was consumed for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("forced die face {face} does not fit a d{sides}")]
pub struct ForcedFaceError {
    /// The face from the queue.
    pub face: u32,
    /// The die it was used for.
    pub sides: u32,
    /// Its place among every face ever queued on this roller (0-based): for a battle
    /// set up from a script, its index in the script's `dice:` list.
    pub entry: usize,
}

/// The battle's only source of randomness: forced faces first, then a seeded ChaCha8.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// Every forced face queued, the used ones first (kept, so that a [`DiceMark`] can
    /// go back before them).
    forced: Vec<u32>,
    /// Forced faces used so far: the next is `forced[forced_used]`.
    forced_used: usize,
}

/// Where a [`Dice`] stands in its stream (the ChaCha8 word and the forced faces used):
/// [`Dice::back_to`] rolls the same faces again from there. Taken before every command
/// for a rollback, instead of a copy of the dice (the generator holds a 256-byte buffer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DiceMark {
    word: u128,
    forced_used: usize,
}

impl Dice {
    /// A roller seeded with `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: Vec::new(),
            forced_used: 0,
        }
    }

    /// Queue faces to come out before any random one (tests and scripts).
    pub fn force(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.forced.extend(faces);
    }

    /// Forced faces not yet used.
    pub fn forced_left(&self) -> usize {
        self.forced.len() - self.forced_used
    }

    /// Every face forced so far, used or not (the queue only grows).
    pub(crate) fn forced_queued(&self) -> usize {
        self.forced.len()
    }

    /// Where the dice stand now.
    pub(crate) fn mark(&self) -> DiceMark {
        DiceMark {
            word: self.rng.get_word_pos(),
            forced_used: self.forced_used,
        }
    }

    /// These dice as they stood at `mark` (taken from them earlier, with no faces forced
    /// since): the same faces come out again.
    pub(crate) fn back_to(&self, mark: DiceMark) -> Dice {
        let mut d = self.clone();
        d.rng.set_word_pos(mark.word);
        d.forced_used = mark.forced_used.min(d.forced.len());
        d
    }

    /// One die.
    pub fn face(&mut self, sides: u32) -> Result<u32, ForcedFaceError> {
        if let Some(&face) = self.forced.get(self.forced_used) {
            let entry = self.forced_used;
            self.forced_used += 1;
            if face == 0 || face > sides {
                return Err(ForcedFaceError { face, sides, entry });
            }
            return Ok(face);
        }
        Ok(face_from(&mut self.rng, sides))
    }

    /// Roll an expression with no modifiers yet.
    pub fn roll(&mut self, expr: DiceExpr) -> Result<Roll, ForcedFaceError> {
        // Face by face, stopping at the first refused forced face (as a `collect` into a
        // `Result` did), into a list of the expression's size.
        let mut faces = Vec::with_capacity(expr.count as usize);
        for _ in 0..expr.count {
            faces.push(self.face(expr.sides)?);
        }
        Ok(Roll::from_faces(expr, faces))
    }
}

/// One die of `sides` faces (at least 1) from the battle's ChaCha8 stream: our own
/// sampling, so that a dependency upgrade can never change the dice a seed gives (saves
/// and replays replay forever; `dice::the_first_thousand_faces_of_seed_29_are_pinned`).
///
/// The method (Canon's, with one extra word): take a 32-bit word `x`; `x × sides` is a
/// 64-bit number whose high half is the face − 1 and whose low half `lo` the remainder.
/// If `lo` is above `2³² − sides` (the face could be one too low), take one more word
/// `y` and add 1 when `lo + high half of y × sides` overflows 32 bits. It is the sampling
/// `rand` 0.10 used for `random_range(1..=sides)` (the same faces as before this
/// function), now written here.
pub fn face_from(rng: &mut impl rand::Rng, sides: u32) -> u32 {
    let sides = sides.max(1);
    let wide = |x: u32| {
        let m = u64::from(x) * u64::from(sides);
        ((m >> 32) as u32, m as u32)
    };
    let (mut face, lo) = wide(rng.next_u32());
    if lo > sides.wrapping_neg() {
        let (hi, _) = wide(rng.next_u32());
        if lo.checked_add(hi).is_none() {
            face += 1;
        }
    }
    face + 1
}

/// What a modifier is; shown by name in the roll log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModKind {
    /// The skill or ability the check is made with.
    Skill,
    /// Flat bonus of a dice expression.
    Bonus,
    /// Flow gang-up (+10).
    GangUp,
    /// Flow range increments (−10 each).
    RangeIncrement,
    /// Off-hand attack.
    OffHand,
    /// Attack made with a lesser action slot.
    ActionSlot,
    /// Flanking.
    Flanking,
    /// A condition of the attacker or target.
    Condition,
    /// Terrain (cover, high ground).
    Terrain,
    /// Size difference.
    Size,
    /// Critical multiplier on damage.
    Critical,
    /// Anything a ruleset names itself.
    Other,
}

/// One named modifier with its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// The kind.
    pub kind: ModKind,
    /// A short label shown to players ("Melee", "gang-up", "range 7-12"). Most are fixed
    /// words, borrowed rather than allocated (the AI builds thousands of checks).
    pub name: std::borrow::Cow<'static, str>,
    /// Signed value.
    pub value: i32,
}

impl Modifier {
    /// A modifier.
    pub fn new(kind: ModKind, name: impl Into<std::borrow::Cow<'static, str>>, value: i32) -> Self {
        Self {
            kind,
            name: name.into(),
            value,
        }
    }
}

/// A roll: the expression, every face in order, which were kept, named modifiers, total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// What was rolled.
    pub expr: DiceExpr,
    /// Every face, in the order rolled.
    pub faces: Vec<u32>,
    /// Which faces count.
    pub kept: Vec<bool>,
    /// Named modifiers (the expression's flat bonus is one, named "bonus").
    pub modifiers: Vec<Modifier>,
    /// Kept faces + modifiers.
    pub total: i32,
}

impl Roll {
    /// A roll from given faces.
    pub fn from_faces(expr: DiceExpr, faces: Vec<u32>) -> Self {
        let kept = expr.kept_mask(&faces);
        let mut r = Roll {
            expr,
            faces,
            kept,
            modifiers: Vec::new(),
            total: 0,
        };
        if expr.bonus != 0 {
            r.modifiers
                .push(Modifier::new(ModKind::Bonus, "bonus", expr.bonus));
        }
        r.recompute();
        r
    }

    /// Sum of the kept faces.
    pub fn natural(&self) -> i32 {
        clamp_i32(self.natural_wide())
    }

    fn natural_wide(&self) -> i64 {
        self.faces
            .iter()
            .zip(&self.kept)
            .filter(|(_, k)| **k)
            .map(|(f, _)| *f as i64)
            .sum()
    }

    /// Add a named modifier.
    #[inline]
    pub fn with(mut self, m: Modifier) -> Self {
        self.add(m);
        self
    }

    /// Add a named modifier in place ([`Roll::with`] without moving the roll).
    pub fn add(&mut self, m: Modifier) {
        self.modifiers.push(m);
        self.recompute();
    }

    /// Add named modifiers in their order: the same roll as [`Roll::with`] of each in
    /// turn, its total summed once rather than after every one.
    pub fn with_all(mut self, ms: impl IntoIterator<Item = Modifier>) -> Self {
        self.modifiers.extend(ms);
        self.recompute();
        self
    }

    fn recompute(&mut self) {
        // Summed wide and saturated: modifiers come from level stats as well as dice, and a
        // total must never wrap (parsed dice alone stay far inside i32, see `MAX_DICE`).
        let mods: i64 = self.modifiers.iter().map(|m| m.value as i64).sum();
        self.total = clamp_i32(self.natural_wide() + mods);
    }
}

#[cfg(test)]
mod tests {
    /// A mark taken at any point of a stream, forced faces queued or not, gives the
    /// same faces again after `back_to` (the rollback before every command).
    #[test]
    fn back_to_a_mark_rolls_the_same_faces_again() {
        let roll = |d: &mut Dice, n: u32| {
            (0..n)
                .map(|k| d.face(2 + k % 19).map_err(|e| e.face))
                .collect::<Vec<_>>()
        };
        for seed in [1, 29, 1000] {
            let mut d = Dice::seeded(seed);
            d.force([3, 1, 4, 1, 5, 9, 2, 6]);
            for (step, n) in [(0, 0), (1, 5), (2, 1), (3, 63), (4, 64), (5, 130)] {
                roll(&mut d, n);
                let m = d.mark();
                let left = d.forced_left();
                let first = roll(&mut d, 150);
                let mut again = d.back_to(m);
                assert_eq!(again.forced_left(), left, "seed {seed} step {step}");
                assert_eq!(roll(&mut again, 150), first, "seed {seed} step {step}");
            }
        }
    }

    use super::*;

    #[test]
    fn parse_display_roundtrip() {
        for s in ["2d6+1", "1d20", "2d100kl1", "4d6kh3", "1d8-1", "3"] {
            let d: DiceExpr = s.parse().unwrap();
            assert_eq!(d.to_string(), s);
        }
        assert_eq!("d20".parse::<DiceExpr>().unwrap(), DiceExpr::new(1, 20));
        assert!("2x6".parse::<DiceExpr>().is_err());
        assert!("1d0".parse::<DiceExpr>().is_err());
        assert!("1d6kq2".parse::<DiceExpr>().is_err());
    }
}
