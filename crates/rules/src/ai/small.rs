//! A short list kept in place ([`Small`]): the per-decision lists of the AI's turn
//! (the foes and their distances, their weapons, the candidates, the memo of attack
//! values) hold a few items in an 8 v 8 battle, and allocating each one on the heap and
//! freeing it again cost more than the rest of its work (issue 34, session 27: about
//! 20,000 allocations over counters' 5 bench battles). A list asked for more room than
//! it holds in place, or grown past it, lives on the heap as a `Vec` does, so a big
//! army's lists cost what they did.

use std::ops::{Deref, DerefMut};

/// How many foes (or units) a decision's lists by foe hold in place: the bench's 8 v 8
/// battles, with room for a few summons. A bigger army's lists are on the heap, as
/// before, so the cost of a decision in one grows as it did.
pub(super) const FOES: usize = 16;

/// A list with an item per foe (or per unit) of one decision.
pub(super) type FoeList<T> = Small<T, FOES>;

/// A list of up to `N` items kept in place, on the heap past that.
#[derive(Clone, Debug)]
pub(super) enum Small<T: Copy, const N: usize> {
    /// The first `len` items of the array (the rest are filler).
    Inline(usize, [T; N]),
    /// More than the array holds, or asked for more room than it has.
    Heap(Vec<T>),
}

impl<T: Copy, const N: usize> Small<T, N> {
    /// An empty list with room for `n` items: in place when `n` is at most `N`, else on
    /// the heap (`Vec::with_capacity(n)`). `fill` fills the room not used yet.
    pub(super) fn with_capacity(n: usize, fill: T) -> Self {
        if n <= N {
            Small::Inline(0, [fill; N])
        } else {
            Small::Heap(Vec::with_capacity(n))
        }
    }

    /// `n` copies of `x` (`vec![x; n]`).
    pub(super) fn filled(x: T, n: usize) -> Self {
        if n <= N {
            Small::Inline(n, [x; N])
        } else {
            Small::Heap(vec![x; n])
        }
    }

    /// Add `x` at the end (moving the list to the heap when its room in place is full).
    pub(super) fn push(&mut self, x: T) {
        match self {
            Small::Inline(len, items) if *len < N => {
                items[*len] = x;
                *len += 1;
            }
            Small::Inline(_, items) => {
                let mut v = Vec::with_capacity(2 * N.max(1));
                v.extend_from_slice(items);
                v.push(x);
                *self = Small::Heap(v);
            }
            Small::Heap(v) => v.push(x),
        }
    }

    /// Remove item `i` and return it, the last item taking its place (`Vec::swap_remove`).
    pub(super) fn swap_remove(&mut self, i: usize) -> T {
        match self {
            Small::Inline(len, items) => {
                assert!(i < *len, "swap_remove index {i} out of {len}");
                let x = items[i];
                *len -= 1;
                items[i] = items[*len];
                x
            }
            Small::Heap(v) => v.swap_remove(i),
        }
    }
}

impl<T: Copy, const N: usize> Deref for Small<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            Small::Inline(len, items) => &items[..*len],
            Small::Heap(v) => v,
        }
    }
}

impl<T: Copy, const N: usize> DerefMut for Small<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            Small::Inline(len, items) => &mut items[..*len],
            Small::Heap(v) => v,
        }
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Small<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::Small;

    /// The same items in the same order as a `Vec` given the same pushes and removals,
    /// in place and past its room (moved to the heap), and when asked for more room.
    #[test]
    fn a_small_list_is_a_vec() {
        for room in [0, 2, 3, 4, 9] {
            let mut s: Small<u32, 4> = Small::with_capacity(room, 0);
            let mut v: Vec<u32> = Vec::new();
            assert_eq!(matches!(s, Small::Heap(_)), room > 4);
            for x in 1..=9 {
                s.push(x * 10);
                v.push(x * 10);
                assert_eq!(&s[..], &v[..]);
                if x % 3 == 0 {
                    assert_eq!(s.swap_remove(1), v.swap_remove(1));
                    assert_eq!(&s[..], &v[..]);
                }
            }
            assert!(matches!(s, Small::Heap(_)));
            s[0] = 7;
            v[0] = 7;
            assert_eq!(s.iter().copied().collect::<Vec<_>>(), v);
            assert_eq!((&s).into_iter().count(), v.len());
        }
        for n in [0, 3, 4, 5] {
            let s: Small<Option<u8>, 4> = Small::filled(None, n);
            assert_eq!(&s[..], &vec![None; n][..]);
            assert_eq!(matches!(s, Small::Heap(_)), n > 4);
        }
    }
}
