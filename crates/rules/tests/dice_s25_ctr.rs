//! Session 25 (ctr): the dice's shorter paths give what the longer ones gave.
//! `Roll::with_all` and `Roll::add` against `Roll::with` one modifier at a time,
//! `Dice::roll` (face by face into a list of its size) against the faces drawn one by
//! one, and `DiceExpr::kept_mask` (every face kept without sorting) against a sort of
//! the faces, over seeded rolls of many expressions, saturating totals and refused
//! forced faces included.

use skirmish_rules::dice::{Dice, DiceExpr, ModKind, Modifier, Roll};

/// The expressions tried: plain, with a bonus, kept highest and lowest, no dice.
fn exprs() -> Vec<DiceExpr> {
    let mut v = Vec::new();
    for count in 0..6 {
        for sides in [1, 2, 6, 20, 100] {
            let d = DiceExpr::new(count, sides);
            v.push(d);
            v.push(d.plus(3));
            v.push(d.plus(-7));
            for n in 0..=count + 1 {
                v.push(d.keep_highest(n));
                v.push(d.keep_lowest(n).plus(2));
            }
        }
    }
    v
}

/// Modifier lists tried, small and saturating.
fn mod_lists() -> Vec<Vec<Modifier>> {
    let m = |v: i32| Modifier::new(ModKind::Other, "m", v);
    vec![
        vec![],
        vec![m(2)],
        vec![m(2), m(-3)],
        vec![m(1), m(0), m(-4)],
        vec![m(i32::MAX), m(5), m(-9)],
        vec![m(i32::MIN), m(-1), m(3), m(i32::MAX)],
        vec![m(i32::MAX), m(i32::MAX), m(i32::MIN)],
    ]
}

/// The kept mask worked out the long way: the faces' indices sorted stably (highest or
/// lowest first), the first `kept_count` kept; every face when all are kept.
fn mask_by_sorting(d: DiceExpr, faces: &[u32]) -> Vec<bool> {
    use skirmish_rules::dice::Keep;
    let mut idx: Vec<usize> = (0..faces.len()).collect();
    let n = match d.keep {
        Keep::All => faces.len(),
        Keep::Highest(n) => {
            idx.sort_by_key(|&i| std::cmp::Reverse(faces[i]));
            n as usize
        }
        Keep::Lowest(n) => {
            idx.sort_by_key(|&i| faces[i]);
            n as usize
        }
    };
    let mut mask = vec![false; faces.len()];
    for &i in idx.iter().take(n) {
        mask[i] = true;
    }
    mask
}

#[test]
fn with_all_and_add_give_the_roll_with_gives() {
    let mut dice = Dice::seeded(25);
    for d in exprs() {
        let roll = dice.roll(d).unwrap();
        for mods in mod_lists() {
            let one_by_one = mods.iter().cloned().fold(roll.clone(), Roll::with);
            let all = roll.clone().with_all(mods.iter().cloned());
            let mut added = roll.clone();
            for m in mods.iter().cloned() {
                added.add(m);
            }
            assert_eq!(all, one_by_one, "{d} with {mods:?}");
            assert_eq!(added, one_by_one, "{d} with {mods:?}");
        }
    }
}

#[test]
fn with_all_after_the_kept_faces_change_counts_the_new_ones() {
    // counters' strained counter rolls twice the dice and keeps one throw by rewriting
    // `kept` before adding its modifiers: the total must follow the new mask.
    let mut dice = Dice::seeded(7);
    for _ in 0..200 {
        let mut roll = dice.roll(DiceExpr::new(4, 6)).unwrap();
        roll.kept = vec![true, true, false, false];
        let mods = [
            Modifier::new(ModKind::Skill, "a", 2),
            Modifier::new(ModKind::Other, "b", -1),
        ];
        let one_by_one = mods.iter().cloned().fold(roll.clone(), Roll::with);
        assert_eq!(roll.with_all(mods), one_by_one);
        assert_eq!(
            one_by_one.total,
            (one_by_one.faces[0] + one_by_one.faces[1]) as i32 + 1
        );
    }
}

#[test]
fn roll_gives_the_faces_drawn_one_by_one() {
    for seed in [1, 25, 1000] {
        let mut fast = Dice::seeded(seed);
        let mut slow = fast.clone();
        for d in exprs() {
            let roll = fast.roll(d).unwrap();
            let faces: Vec<u32> = (0..d.count).map(|_| slow.face(d.sides).unwrap()).collect();
            assert_eq!(roll, Roll::from_faces(d, faces.clone()), "{d}");
            assert_eq!(roll.faces.len(), d.count as usize);
        }
        // The streams stand at the same place after.
        assert_eq!(fast.face(1_000_000).unwrap(), slow.face(1_000_000).unwrap());
    }
}

#[test]
fn roll_stops_at_the_first_refused_forced_face_as_before() {
    for bad_at in 0..4 {
        let mut forced = vec![3u32; 5];
        forced[bad_at] = 9;
        let mut fast = Dice::seeded(3);
        fast.force(forced.clone());
        let mut slow = Dice::seeded(3);
        slow.force(forced);
        let e = fast.roll(DiceExpr::new(4, 6)).unwrap_err();
        let slow_e = (0..4).map(|_| slow.face(6)).find_map(Result::err).unwrap();
        assert_eq!(e, slow_e);
        assert_eq!(fast.forced_left(), slow.forced_left(), "bad at {bad_at}");
        assert_eq!(fast.face(20).unwrap(), slow.face(20).unwrap());
    }
}

#[test]
fn kept_mask_is_the_sorted_choice() {
    let mut dice = Dice::seeded(11);
    for d in exprs() {
        for _ in 0..20 {
            let faces: Vec<u32> = (0..d.count).map(|_| dice.face(d.sides).unwrap()).collect();
            assert_eq!(
                d.kept_mask(&faces),
                mask_by_sorting(d, &faces),
                "{d} {faces:?}"
            );
        }
    }
}
