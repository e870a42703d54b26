//! The ledger of once-per rights used ([`Once`]): which unit has used what in its current
//! stretch (turn, movement, round). `apply` is its only writer (`mark`, `forget`, a turn's
//! end), like every state made by events.

use std::collections::BTreeSet;

use crate::components::{Once, UnitId};

/// The entries, and how many each unit holds, so that asking about a unit with none (most
/// units at most times) does not search the set.
#[derive(Clone, Default)]
pub(crate) struct Ledger {
    set: BTreeSet<(UnitId, Once)>,
    /// Entries by unit id (a unit past the end holds none).
    per_unit: Vec<u32>,
}

impl Ledger {
    /// Has `u` used `once`?
    pub(crate) fn contains(&self, u: UnitId, once: Once) -> bool {
        self.per_unit.get(u.0 as usize).is_some_and(|&n| n > 0) && self.set.contains(&(u, once))
    }

    /// Record that `u` used `once` (again is no change).
    pub(crate) fn insert(&mut self, u: UnitId, once: Once) {
        if self.set.insert((u, once)) {
            let i = u.0 as usize;
            if self.per_unit.len() <= i {
                self.per_unit.resize(i + 1, 0);
            }
            self.per_unit[i] += 1;
        }
    }

    /// Keep only the entries `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(UnitId, Once) -> bool) {
        let per_unit = &mut self.per_unit;
        self.set.retain(|&(u, o)| {
            let kept = keep(u, o);
            if !kept {
                per_unit[u.0 as usize] -= 1;
            }
            kept
        });
    }
}

/// The entries alone (the counts follow from them).
impl std::fmt::Debug for Ledger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.set.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::Per;

    /// Every answer is the set's, through inserts, repeats and both kinds of retain, for
    /// units with entries, without and past the end.
    #[test]
    fn the_counts_answer_as_the_set_does() {
        let mut l = Ledger::default();
        let onces = [
            Once::Step,
            Once::Disengaged,
            Once::Pair {
                other: UnitId(1),
                per: Per::Round,
            },
            Once::Pair {
                other: UnitId(2),
                per: Per::OwnTurn,
            },
        ];
        let check = |l: &Ledger| {
            for u in 0..6 {
                for &o in &onces {
                    assert_eq!(l.contains(UnitId(u), o), l.set.contains(&(UnitId(u), o)));
                }
            }
            for (i, &n) in l.per_unit.iter().enumerate() {
                assert_eq!(
                    n as usize,
                    l.set.iter().filter(|e| e.0.0 as usize == i).count()
                );
            }
        };
        l.insert(UnitId(3), Once::Step);
        l.insert(UnitId(3), Once::Step);
        l.insert(UnitId(3), onces[2]);
        l.insert(UnitId(0), onces[3]);
        check(&l);
        assert!(l.contains(UnitId(3), Once::Step) && !l.contains(UnitId(1), Once::Step));
        l.retain(|u, o| u != UnitId(3) || o != Once::Step);
        check(&l);
        assert!(!l.contains(UnitId(3), Once::Step) && l.contains(UnitId(3), onces[2]));
        l.retain(|_, o| o.per() != Per::Round);
        check(&l);
        assert!(!l.contains(UnitId(3), onces[2]) && l.contains(UnitId(0), onces[3]));
    }
}
