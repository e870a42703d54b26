//! escalation's memo of the AI's attack values (issue 34): the value of a basic attack
//! ([`crate::ai::value::attack_value`]) is a pure function of a few small numbers — the
//! odds' ([`super::AttackNumbers`]: the net Advantage dice, the defence less the bonuses,
//! the crit range), the damage dice and Volition ([`super::damage_parts`]: the exact
//! damage distributions), and the target's HP (the chance to bring it down) — so the
//! AI, which asks it for every foe it weighs at every decision, is answered from a map
//! keyed by them once worked out. The map only remembers what the function returned for
//! a key: what it keeps never changes a value, only how soon it comes; its order is
//! never read.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::battle::Battle;
use crate::components::UnitId;
use crate::event::AttackKind;

use super::{Defence, WEAPON_DAMAGE, attack_numbers, damage_parts};

/// FxHash's step (a multiply and a rotate a word): std's SipHash costs more than the
/// value it would save.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// What a basic attack's value depends on, two numbers to a word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key(u64, u64, u64, u64);

fn pair(a: i32, b: i32) -> u64 {
    u64::from(a as u32) | u64::from(b as u32) << 32
}

thread_local! {
    /// The values met so far, by [`Key`].
    static VALUES: RefCell<HashMap<Key, f64, BuildHasherDefault<Fx>>> =
        RefCell::new(HashMap::default());
}

/// Most values [`VALUES`] keeps; past it, it starts again.
const VALUES_MOST: usize = 4096;

/// [`crate::ai::value::attack_value`] of `u`'s basic attack on `foe` with weapon `w`, to
/// the bit, from the memo when met before (escalation's odds and damage do not depend on
/// the attack's kind).
pub(super) fn attack_value(b: &Battle, u: UnitId, foe: UnitId, w: usize, kind: AttackKind) -> f64 {
    let n = attack_numbers(b, u, foe, Defence::Ac, WEAPON_DAMAGE);
    let (dice, vol) = damage_parts(b, u, w);
    if dice.keep != crate::dice::Keep::All || dice.bonus != 0 {
        return crate::ai::value::attack_value(b, u, foe, w, kind);
    }
    let key = Key(
        pair(n.net, n.defence.saturating_sub(n.bonus)),
        pair(n.crit_from, vol),
        pair(dice.count as i32, dice.sides as i32),
        pair(b.hp(foe), 0),
    );
    if let Some(v) = VALUES.with(|m| m.borrow().get(&key).copied()) {
        return v;
    }
    let v = crate::ai::value::attack_value(b, u, foe, w, kind);
    VALUES.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= VALUES_MOST {
            m.clear();
        }
        m.insert(key, v);
    });
    v
}
