//! Dice expressions, the battle's seeded RNG with a forced-faces queue, and roll records.

use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

use rand::{RngExt, SeedableRng};
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

/// `NdX [kh K | kl K] [+/- k]`, e.g. `2d6+1`, `1d20`, `2d100kl1`, `4d6kh3`, `3`.
///
/// Serialized as its text form.
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
        self.count *= times;
        self
    }

    /// Smallest possible total.
    pub fn min(&self) -> i32 {
        self.kept_count() as i32 + self.bonus
    }

    /// Largest possible total.
    pub fn max(&self) -> i32 {
        (self.kept_count() * self.sides) as i32 + self.bonus
    }

    fn kept_count(&self) -> u32 {
        match self.keep {
            Keep::All => self.count,
            Keep::Highest(n) | Keep::Lowest(n) => n.min(self.count),
        }
    }

    /// Which faces count, given the faces rolled in order.
    pub fn kept_mask(&self, faces: &[u32]) -> Vec<bool> {
        let mut idx: Vec<usize> = (0..faces.len()).collect();
        match self.keep {
            Keep::All => return vec![true; faces.len()],
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
#[error("bad dice expression `{text}`: {why} (expected e.g. `2d6+1`, `1d20`, `2d100kl1`)")]
pub struct DiceParseError {
    text: String,
    why: &'static str,
}

impl FromStr for DiceExpr {
    type Err = DiceParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why| DiceParseError {
            text: s.to_string(),
            why,
        };
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let t = t.to_ascii_lowercase();
        if t.is_empty() {
            return Err(err("empty"));
        }
        // Split off the flat bonus: the last + or - that is not at the start.
        let (dice_part, bonus) = match t.rfind(['+', '-']) {
            Some(p) if p > 0 => {
                let b: i32 = t[p..]
                    .trim_start_matches('+')
                    .parse()
                    .map_err(|_| err("bonus is not a number"))?;
                (&t[..p], b)
            }
            _ => (t.as_str(), 0),
        };
        let Some(dpos) = dice_part.find('d') else {
            let b: i32 = dice_part.parse().map_err(|_| err("not a number"))?;
            return Ok(DiceExpr::new(0, 1).plus(b + bonus));
        };
        let count: u32 = if dpos == 0 {
            1
        } else {
            dice_part[..dpos]
                .parse()
                .map_err(|_| err("dice count is not a number"))?
        };
        let rest = &dice_part[dpos + 1..];
        let (sides_txt, keep) = if let Some(k) = rest.find('k') {
            let n: u32 = rest[k + 2..]
                .parse()
                .map_err(|_| err("keep count is not a number"))?;
            let keep = match rest.get(k + 1..k + 2) {
                Some("h") => Keep::Highest(n),
                Some("l") => Keep::Lowest(n),
                _ => return Err(err("keep must be `kh` or `kl`")),
            };
            (&rest[..k], keep)
        } else {
            (rest, Keep::All)
        };
        let sides: u32 = sides_txt
            .parse()
            .map_err(|_| err("die size is not a number"))?;
        if sides == 0 || sides > 1000 {
            return Err(err("die size must be 1..=1000"));
        }
        if count > 1000 {
            return Err(err("at most 1000 dice"));
        }
        Ok(DiceExpr {
            count,
            sides,
            keep,
            bonus,
        })
    }
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
}

/// The battle's only source of randomness: forced faces first, then a seeded ChaCha8.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    forced: VecDeque<u32>,
}

impl Dice {
    /// A roller seeded with `seed`.
    pub fn seeded(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
        }
    }

    /// Queue faces to come out before any random one (tests and scripts).
    pub fn force(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.forced.extend(faces);
    }

    /// Forced faces not yet used.
    pub fn forced_left(&self) -> usize {
        self.forced.len()
    }

    /// One die.
    pub fn face(&mut self, sides: u32) -> Result<u32, ForcedFaceError> {
        if let Some(face) = self.forced.pop_front() {
            if face == 0 || face > sides {
                return Err(ForcedFaceError { face, sides });
            }
            return Ok(face);
        }
        Ok(self.rng.random_range(1..=sides))
    }

    /// Roll an expression with no modifiers yet.
    pub fn roll(&mut self, expr: DiceExpr) -> Result<Roll, ForcedFaceError> {
        let faces = (0..expr.count)
            .map(|_| self.face(expr.sides))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Roll::from_faces(expr, faces))
    }
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
        self.faces
            .iter()
            .zip(&self.kept)
            .filter(|(_, k)| **k)
            .map(|(f, _)| *f as i32)
            .sum()
    }

    /// Add a named modifier.
    pub fn with(mut self, m: Modifier) -> Self {
        self.modifiers.push(m);
        self.recompute();
        self
    }

    fn recompute(&mut self) {
        self.total = self.natural() + self.modifiers.iter().map(|m| m.value).sum::<i32>();
    }
}

#[cfg(test)]
mod tests {
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
