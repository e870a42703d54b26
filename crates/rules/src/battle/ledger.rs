//! The ledger of once-per rights used ([`Once`]): which unit has used what in its current
//! stretch (turn, movement, round). `apply` is its only writer (`mark`, `forget`, a turn's
//! start), like every state made by events.

use std::collections::BTreeSet;

use crate::components::{Once, Per, UnitId};

/// The entries, kept by unit: asking about a unit looks at its own few entries only (most
/// units hold none), with no search of one set for the whole battle.
///
/// Forgetting every entry of a stretch (every movement's, at a new movement or turn; every
/// round's, at a new round) walks only the units listed as holding one of that stretch,
/// and a turn's start drops the unit's own-turn entries alone: none of the three walks
/// every unit that holds something (at 200 a side, most units hold an own-turn or a round
/// entry between their turns).
#[derive(Clone, Default)]
pub(crate) struct Ledger {
    /// Each unit's entries by unit id, in the order made (a unit past the end holds none).
    per_unit: Vec<Vec<Once>>,
    /// By unit id: bit `s` set when the unit is in `holders[s]` (`stretch`).
    listed: Vec<u8>,
    /// The units that may hold an entry lasting a movement (0) or a round (1), each once,
    /// in no particular order: a superset of those that do (a unit stays listed until
    /// that stretch is forgotten).
    holders: [Vec<UnitId>; 2],
}

/// Which list of `Ledger::holders` keeps the units with entries lasting `per` (own-turn
/// entries are dropped by unit, and need none).
fn stretch(per: Per) -> Option<usize> {
    match per {
        Per::OwnTurn => None,
        Per::Movement => Some(0),
        Per::Round => Some(1),
    }
}

impl Ledger {
    /// Has `u` used `once`?
    pub(crate) fn contains(&self, u: UnitId, once: Once) -> bool {
        self.per_unit
            .get(u.0 as usize)
            .is_some_and(|v| v.contains(&once))
    }

    /// Record that `u` used `once` (again is no change).
    pub(crate) fn insert(&mut self, u: UnitId, once: Once) {
        let i = u.0 as usize;
        if self.per_unit.len() <= i {
            self.per_unit.resize_with(i + 1, Vec::new);
            self.listed.resize(i + 1, 0);
        }
        let v = &mut self.per_unit[i];
        if v.contains(&once) {
            return;
        }
        v.push(once);
        if let Some(s) = stretch(once.per())
            && self.listed[i] & 1 << s == 0
        {
            self.listed[i] |= 1 << s;
            self.holders[s].push(u);
        }
    }

    /// Forget every entry lasting `per`.
    pub(crate) fn forget(&mut self, per: Per) {
        let Some(s) = stretch(per) else {
            for v in &mut self.per_unit {
                v.retain(|o| o.per() != per);
            }
            return;
        };
        let mut holders = std::mem::take(&mut self.holders[s]);
        for u in holders.drain(..) {
            let i = u.0 as usize;
            self.listed[i] &= !(1 << s);
            self.per_unit[i].retain(|o| o.per() != per);
        }
        self.holders[s] = holders;
    }

    /// `u`'s turn starts: its own-turn entries end, and every movement's.
    pub(crate) fn turn_started(&mut self, u: UnitId) {
        if let Some(v) = self.per_unit.get_mut(u.0 as usize) {
            v.retain(|o| o.per() != Per::OwnTurn);
        }
        self.forget(Per::Movement);
    }

    /// Every entry, ordered by unit then right (the order the set of session 21 kept).
    fn entries(&self) -> BTreeSet<(UnitId, Once)> {
        self.per_unit
            .iter()
            .enumerate()
            .flat_map(|(u, v)| v.iter().map(move |&o| (UnitId(u as u32), o)))
            .collect()
    }
}

/// The entries alone, in order (as a set of (unit, right) pairs).
impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.entries().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow path the ledger replaces: one set of (unit, right) pairs, every forget and
    /// turn start a walk of all of it.
    #[derive(Default)]
    struct Model(BTreeSet<(UnitId, Once)>);

    impl Model {
        fn forget(&mut self, per: Per) {
            self.0.retain(|&(_, o)| o.per() != per);
        }
        fn turn_started(&mut self, u: UnitId) {
            self.0.retain(|&(v, o)| match o.per() {
                Per::OwnTurn => v != u,
                Per::Movement => false,
                Per::Round => true,
            });
        }
    }

    fn onces() -> Vec<Once> {
        let mut v = vec![Once::Step, Once::Disengaged, Once::ReactedToMovement];
        for per in [Per::OwnTurn, Per::Movement, Per::Round] {
            for other in 0..3 {
                v.push(Once::Pair {
                    other: UnitId(other),
                    per,
                });
            }
        }
        v
    }

    /// Every answer is the set's; every unit holding a movement or round entry is listed
    /// for it, once, and the bits say so.
    fn check(l: &Ledger, model: &Model, units: u32) {
        for u in 0..units + 2 {
            for &o in &onces() {
                assert_eq!(l.contains(UnitId(u), o), model.0.contains(&(UnitId(u), o)));
            }
        }
        assert_eq!(l.entries(), model.0);
        assert_eq!(format!("{l:?}"), format!("{:?}", model.0));
        for (s, per) in [(0, Per::Movement), (1, Per::Round)] {
            let mut listed = l.holders[s].clone();
            listed.sort();
            let n = listed.len();
            listed.dedup();
            assert_eq!(n, listed.len(), "a unit listed twice");
            for &(u, o) in &model.0 {
                if o.per() == per {
                    assert!(listed.contains(&u), "{u:?} holds {o:?} unlisted");
                }
            }
            for u in &listed {
                assert!(l.listed[u.0 as usize] & 1 << s != 0);
            }
            let bits = l.listed.iter().filter(|&&b| b & 1 << s != 0).count();
            assert_eq!(bits, n);
        }
    }

    /// Seeded random inserts, repeats, forgets of each stretch and turn starts, checked
    /// against the set after every step.
    #[test]
    fn the_ledger_answers_as_a_set_does() {
        let onces = onces();
        for seed in 1..40u64 {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut next = |n: u64| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % n
            };
            let units = 1 + next(9) as u32;
            let mut l = Ledger::default();
            let mut model = Model::default();
            for _ in 0..300 {
                match next(10) {
                    0..=5 => {
                        let u = UnitId(next(u64::from(units)) as u32);
                        let o = onces[next(onces.len() as u64) as usize];
                        l.insert(u, o);
                        model.0.insert((u, o));
                    }
                    6 => {
                        let per = [Per::OwnTurn, Per::Movement, Per::Round][next(3) as usize];
                        l.forget(per);
                        model.forget(per);
                    }
                    _ => {
                        let u = UnitId(next(u64::from(units) + 1) as u32);
                        l.turn_started(u);
                        model.turn_started(u);
                    }
                }
                check(&l, &model, units);
            }
        }
    }
}
