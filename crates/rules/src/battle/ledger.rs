//! The ledger of once-per rights used ([`Once`]): which unit has used what in its current
//! stretch (turn, movement, round). `apply` is its only writer (`mark`, `forget`, a turn's
//! end), like every state made by events.

use std::collections::BTreeSet;

use crate::components::{Once, UnitId};

/// The entries, kept by unit: asking about a unit looks at its own few entries only (most
/// units hold none), with no search of one set for the whole battle.
#[derive(Clone, Default)]
pub(crate) struct Ledger {
    /// Each unit's entries by unit id, in the order made (a unit past the end holds none).
    per_unit: Vec<Vec<Once>>,
    /// The units holding at least one entry (in no particular order): what `retain` walks.
    holders: Vec<UnitId>,
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
        }
        let v = &mut self.per_unit[i];
        if !v.contains(&once) {
            if v.is_empty() {
                self.holders.push(u);
            }
            v.push(once);
        }
    }

    /// Keep only the entries `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(UnitId, Once) -> bool) {
        let per_unit = &mut self.per_unit;
        self.holders.retain(|&u| {
            let v = &mut per_unit[u.0 as usize];
            v.retain(|&o| keep(u, o));
            !v.is_empty()
        });
    }

    /// Every entry, ordered by unit then right (the order the set of session 21 kept).
    fn entries(&self) -> BTreeSet<(UnitId, Once)> {
        self.holders
            .iter()
            .flat_map(|&u| self.per_unit[u.0 as usize].iter().map(move |&o| (u, o)))
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
    use crate::components::Per;

    /// Every answer is a plain set's (the model), through inserts, repeats and both kinds
    /// of retain, for units with entries, without and past the end; the holders are the
    /// units with entries, each once.
    #[test]
    fn the_ledger_answers_as_a_set_does() {
        let mut l = Ledger::default();
        let mut model: BTreeSet<(UnitId, Once)> = BTreeSet::new();
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
        let check = |l: &Ledger, model: &BTreeSet<(UnitId, Once)>| {
            for u in 0..6 {
                for &o in &onces {
                    assert_eq!(l.contains(UnitId(u), o), model.contains(&(UnitId(u), o)));
                }
            }
            assert_eq!(&l.entries(), model);
            assert_eq!(format!("{l:?}"), format!("{model:?}"));
            let mut holders = l.holders.clone();
            holders.sort();
            let mut with: Vec<UnitId> = model.iter().map(|e| e.0).collect();
            with.dedup();
            assert_eq!(holders, with);
        };
        for (u, o) in [
            (3, onces[0]),
            (3, onces[0]),
            (3, onces[2]),
            (0, onces[3]),
            (5, onces[1]),
        ] {
            l.insert(UnitId(u), o);
            model.insert((UnitId(u), o));
        }
        check(&l, &model);
        assert!(l.contains(UnitId(3), Once::Step) && !l.contains(UnitId(1), Once::Step));
        let drop_step = |u: UnitId, o: Once| u != UnitId(3) || o != Once::Step;
        l.retain(drop_step);
        model.retain(|&(u, o)| drop_step(u, o));
        check(&l, &model);
        assert!(!l.contains(UnitId(3), Once::Step) && l.contains(UnitId(3), onces[2]));
        l.retain(|_, o| o.per() != Per::Round);
        model.retain(|&(_, o)| o.per() != Per::Round);
        check(&l, &model);
        assert!(!l.contains(UnitId(3), onces[2]) && l.contains(UnitId(0), onces[3]));
        // A unit emptied and filled again is a holder once.
        l.insert(UnitId(3), Once::Step);
        model.insert((UnitId(3), Once::Step));
        check(&l, &model);
    }
}
