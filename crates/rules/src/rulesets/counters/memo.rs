//! The AI's memos in counters (issue 36: the counters bench), keyed by a few small
//! numbers and asked thousands of times a battle: a hash map with a multiply-rotate
//! hasher (FxHash's), since std's SipHash costs more than the sums it saves. The maps
//! only remember what a pure function of the key returned: what is kept never changes
//! a result, only how soon it comes.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::dice::{DiceExpr, Keep};

/// FxHash's step: fold a word in, rotate, multiply.
#[derive(Default, Clone, Copy)]
pub(super) struct Fx(u64);

impl Fx {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    // The product's low bits depend only on the input's low bits, and the map picks a
    // bucket by the low bits: the high bits rotated down (as rustc-hash 2 does).
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// A hash map with [`Fx`].
pub(super) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

/// A dice expression as plain numbers, to key a [`FastMap`] (`DiceExpr` has no `Hash`):
/// count, sides, which dice are kept (0 all, 1 highest, 2 lowest, then how many) and the
/// flat bonus.
pub(super) type DiceKey = [i32; 5];

/// Small numbers as a map key hashed two to a word: one [`Fx`] step per pair instead
/// of a length and a byte loop (`[i32; N]`'s own `Hash`). Equality is the numbers', so
/// the packing only decides the bucket, never which entry is found.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Packed<const N: usize>(pub [i32; N]);

impl<const N: usize> std::hash::Hash for Packed<N> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        for pair in self.0.chunks(2) {
            let lo = u64::from(pair[0] as u32);
            let hi = pair.get(1).map_or(0, |&x| u64::from(x as u32));
            h.write_u64(lo | hi << 32);
        }
    }
}

/// `d` with `s` and `a` as one [`Packed`] key.
pub(super) fn dice_key_with(d: DiceExpr, s: i32, a: i32) -> Packed<7> {
    let [c, n, k, m, bonus] = dice_key(d);
    Packed([c, n, k, m, bonus, s, a])
}

/// `d` as a [`DiceKey`].
pub(super) fn dice_key(d: DiceExpr) -> DiceKey {
    let (keep, n) = match d.keep {
        Keep::All => (0, 0),
        Keep::Highest(n) => (1, n),
        Keep::Lowest(n) => (2, n),
    };
    [d.count as i32, d.sides as i32, keep, n as i32, d.bonus]
}
