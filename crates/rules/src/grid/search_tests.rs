//! The search of `grid/search.rs` against the one it replaced (`grid/search_reference.rs`):
//! on random maps of both grids and in real AI battles, the same cells asked in the same
//! order, and the same field (costs, predecessors, settling order, window, paths).
use std::cell::RefCell;

use super::super::{Cell, Field, Grid, GridKind};

/// splitmix64: a seeded stream of numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut v = self.0;
        v = (v ^ (v >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        v = (v ^ (v >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        v ^ (v >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// Everything a field tells: how much was reached, every reached cell (cost and
/// predecessor), the settling order, the window's slots, and the path to every cell of
/// the window and one step beyond it.
fn observed(g: &Grid, f: &Field) -> String {
    let mut out = format!(
        "start {} len {} empty {} slots {}\n",
        f.start(),
        f.len(),
        f.is_empty(),
        f.slots()
    );
    out += &format!("iter {:?}\n", f.iter().collect::<Vec<_>>());
    out += &format!("settled {:?}\n", f.settled().collect::<Vec<_>>());
    for y in -2..g.height + 2 {
        for x in -2..g.width + 2 {
            let c = Cell::new(x, y);
            let (got, slot) = (f.get(&c), f.slot_of(c));
            if got.is_some() || slot.is_some() {
                out += &format!("{c} {got:?} {slot:?} {:?}\n", f.path_to(c));
            }
        }
    }
    out
}

/// A random map's entry costs: mostly 1, some dearer, some blocked, a few 0 (counted as 1).
fn random_costs(rng: &mut Rng, g: &Grid) -> Vec<Option<u32>> {
    let wall = rng.below(35);
    (0..g.width * g.height)
        .map(|_| match rng.below(100) {
            v if v < wall => None,
            v if v < wall + 4 => Some(0),
            v if v < 75 => Some(1),
            v if v < 92 => Some(2),
            _ => Some(3 + rng.below(4) as u32),
        })
        .collect()
}

/// Runs `search` with a closure over `costs` that records every cell it is asked.
fn logged<T>(
    g: &Grid,
    costs: &[Option<u32>],
    search: impl FnOnce(&dyn Fn(Cell) -> Option<u32>) -> T,
) -> (T, Vec<Cell>) {
    let asked = RefCell::new(Vec::new());
    let cost = |c: Cell| {
        asked.borrow_mut().push(c);
        g.index(c).and_then(|i| costs[i])
    };
    let out = search(&cost);
    (out, asked.into_inner())
}

/// Full fields, paths and nearest goals on 400 random maps of each grid (sizes from 1×1
/// to 29×29, starts on and off the map, budgets from 0 to unbounded): the same cells
/// asked, in the same order, and the same answers as the reference search.
#[test]
fn search_is_the_reference_search_on_random_maps() {
    let mut rng = Rng(21);
    let mut reached = 0usize;
    for kind in [GridKind::Hex, GridKind::Square] {
        for round in 0..400 {
            let g = Grid::new(kind, 1 + rng.below(29) as i32, 1 + rng.below(29) as i32);
            let costs = random_costs(&mut rng, &g);
            let cell = |rng: &mut Rng| {
                Cell::new(
                    rng.below(g.width as u64 + 2) as i32 - 1,
                    rng.below(g.height as u64 + 2) as i32 - 1,
                )
            };
            let start = cell(&mut rng);
            let budget = match rng.below(10) {
                0 => u32::MAX,
                1 => u32::MAX / 4,
                _ => rng.below(30) as u32,
            };
            let what = format!(
                "{kind:?} {}x{} round {round} from {start} budget {budget}",
                g.width, g.height
            );
            let (new, new_asked) = logged(&g, &costs, |c| g.search(start, &[], budget, c));
            let (old, old_asked) =
                logged(&g, &costs, |c| g.search_reference(start, &[], budget, c));
            assert_eq!(new_asked, old_asked, "{what}: cells asked");
            assert_eq!(observed(&g, &new), observed(&g, &old), "{what}: field");
            reached += new.len();
            // Paths to single goals and the nearest of a few.
            for _ in 0..4 {
                let goals: Vec<Cell> = (0..rng.below(4)).map(|_| cell(&mut rng)).collect();
                let (nf, na) = logged(&g, &costs, |c| g.search(start, &goals, budget, c));
                let (of, oa) = logged(&g, &costs, |c| g.search_reference(start, &goals, budget, c));
                assert_eq!(na, oa, "{what}: goals {goals:?}: cells asked");
                assert_eq!(
                    observed(&g, &nf),
                    observed(&g, &of),
                    "{what}: goals {goals:?}"
                );
                // `nearest` as it read the reference's field.
                let last = of.a.settled.last().map(|&s| of.cell_of(s as usize));
                let near = last
                    .filter(|l| goals.contains(l))
                    .and_then(|l| of.path_to(l));
                let (got, _) = logged(&g, &costs, |c| g.nearest(start, &goals, budget, c));
                assert_eq!(got, near, "{what}: nearest of {goals:?}");
                if let [goal] = goals[..] {
                    let (p, _) = logged(&g, &costs, |c| g.path(start, goal, budget, c));
                    assert_eq!(p, of.path_to(goal), "{what}: path to {goal}");
                }
            }
        }
    }
    assert!(
        reached > 20_000,
        "the maps reached too little: {reached} cells"
    );
}

/// In AI battles of every ruleset on both grids, at every decision: every living unit's
/// movement field as the engine searches it (`Battle::reachable`, with the unit's own
/// cost closure and budget) is the reference search's.
#[test]
fn search_is_the_reference_search_in_ai_battles() {
    use crate::rulesets::RulesetId;
    use crate::{Battle, Status, ai, sim};
    let mut compared = 0usize;
    for r in RulesetId::ALL {
        for kind in [GridKind::Hex, GridKind::Square] {
            let l = sim::random_level(r, kind, 16, 16, 4, 7).unwrap();
            let mut b = Battle::new(l, 7, Vec::new()).unwrap();
            for step in 0..400 {
                if matches!(b.status(), Status::Ended(_)) {
                    break;
                }
                if step % 3 == 0 {
                    let g = b.level().grid;
                    for u in b.units().filter(|&u| b.alive(u)).collect::<Vec<_>>() {
                        let new = b.reachable(u);
                        let old = g.search_reference(
                            b.pos(u),
                            &[],
                            b.movement_budget(u),
                            b.mover_cost(u),
                        );
                        assert_eq!(
                            observed(&g, &new),
                            observed(&g, &old),
                            "{r:?} {kind:?} step {step} {u:?}"
                        );
                        compared += 1;
                    }
                }
                let Some(cmd) = ai::decide(&b) else { break };
                if b.submit(cmd).is_err() {
                    let Some(f) = ai::fallback(&b) else { break };
                    if b.submit(f).is_err() {
                        break;
                    }
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} fields compared");
}
