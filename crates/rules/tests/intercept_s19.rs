//! Issue 34, session 19: escalation's Intercept asks "can this unit get next to that cell
//! in time?" without a whole path search (a search that stops at the first cell that
//! will do and skips cells from which none can be reached in time), and the path of an
//! intercept taken comes from a search stopped at its goal. Both must give the answers of
//! the whole search they replace: checked here against that search (`Grid::field` over
//! the interceptor's speed, the cheapest free cell next to the target, the lowest on a
//! tie), written out as the rules had it, at many points of AI battles on maps with walls
//! and rough ground, on both grids.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{ConditionKind, UnitId};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::rulesets::escalation as esc;
use skirmish_rules::sim;

/// The path of `i` to the cheapest free cell next to `at` (then the lowest), with `mover`
/// standing on `mover_at`: one whole `Grid::field` search, as the rules searched before.
fn whole_search(
    b: &Battle,
    i: UnitId,
    at: Cell,
    mover: UnitId,
    mover_at: Cell,
) -> Option<Vec<Cell>> {
    if esc::may_move(b, i).is_err() {
        return None;
    }
    let grid = b.grid();
    let here = b.pos(i);
    if grid.distance(here, at) == 1 {
        return Some(vec![here]);
    }
    let now = b.pos(mover);
    let base = b.mover_cost(i);
    let cost = |c: Cell| {
        if c == mover_at {
            None
        } else if c == now && b.unit_at(c, Some(mover)).is_none() {
            b.terrain(c).cost()
        } else {
            base(c)
        }
    };
    let field = grid.field(here, esc::speed(b, i), cost);
    let best = grid
        .neighbours(at)
        .into_iter()
        .filter(|&c| {
            grid.contains(c)
                && b.terrain(c).standable()
                && b.unit_at(c, None).is_none_or(|o| o == mover)
        })
        .filter_map(|c| field.get(&c).map(|(k, _)| (k, c)))
        .min()?;
    field.path_to(best.1).map(|(p, _)| p)
}

/// Free but for `but`: engaged with no enemy other than it.
fn free_but(b: &Battle, i: UnitId, but: Option<UnitId>) -> bool {
    let here = b.pos(i);
    b.units().all(|e| {
        e == i
            || !b.alive(e)
            || !b.enemies(i, e)
            || b.grid().distance(here, b.pos(e)) != 1
            || esc::popped_off(b, i, e)
            || Some(e) == but
    })
}

/// [`esc::may_intercept`]'s rule with [`whole_search`], `mover` standing on `mover_at`.
fn may_intercept_whole(
    b: &Battle,
    i: UnitId,
    mover: UnitId,
    mover_at: Cell,
    ally: UnitId,
    from: Cell,
) -> bool {
    let d = |x: Cell, y: Cell| b.grid().distance(x, y);
    i != ally
        && i != mover
        && b.alive(i)
        && !b.enemies(i, ally)
        && b.enemies(i, mover)
        && d(b.pos(i), b.pos(ally)) <= esc::speed(b, i) + 1
        && (!b.has(mover, ConditionKind::Flying) || b.has(i, ConditionKind::Flying))
        && free_but(b, i, Some(mover))
        && whole_search(b, i, from, mover, mover_at).is_some()
}

/// [`esc::intercept_offers`] by [`may_intercept_whole`].
fn offers_whole(b: &Battle, mover: UnitId, from: Cell, to: Cell) -> Vec<(UnitId, UnitId)> {
    let g = b.grid();
    if b.current() != Some(mover) || !b.alive(mover) || b.unit_at(to, Some(mover)).is_some() {
        return Vec::new();
    }
    let allies: Vec<UnitId> = b
        .units()
        .filter(|&x| {
            x != mover
                && b.alive(x)
                && b.enemies(mover, x)
                && g.distance(to, b.pos(x)) == 1
                && g.distance(from, b.pos(x)) != 1
        })
        .collect();
    let mut out: Vec<(UnitId, UnitId)> = Vec::new();
    for &x in &allies {
        for &i in b.order() {
            if out.iter().all(|(o, _)| *o != i) && may_intercept_whole(b, i, mover, to, x, from) {
                out.push((i, x));
            }
        }
    }
    out
}

/// What was compared, to show both answers came up.
#[derive(Default, Debug)]
struct Seen {
    paths: usize,
    no_path: usize,
    offers: usize,
    steps: usize,
    attack_yes: usize,
    attack_no: usize,
}

/// Every comparison at one point of a battle.
fn compare_now(b: &Battle, seen: &mut Seen) {
    let g = b.grid();
    let living: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
    // The path of an intercept taken: every interceptor, mover and target cell in reach.
    for &i in &living {
        for &m in living.iter().filter(|&&m| b.enemies(i, m)) {
            let r = esc::speed(b, i) + 2;
            for at in g.within(b.pos(i), r) {
                let got = esc::intercept_path(b, i, at, m);
                let want = whole_search(b, i, at, m, b.pos(m));
                assert_eq!(got, want, "{i:?} to {at:?} ({m:?} moving)");
                if got.is_some() {
                    seen.paths += 1;
                } else {
                    seen.no_path += 1;
                }
            }
            // Intercepting a melee attack by `m` on each ally of `i`'s.
            for &x in living.iter().filter(|&&x| !b.enemies(i, x)) {
                let want = x != i
                    && g.distance(b.pos(i), b.pos(x)) <= esc::speed(b, i) + 1
                    && (!b.has(m, ConditionKind::Flying) || b.has(i, ConditionKind::Flying))
                    && free_but(b, i, None)
                    && whole_search(b, i, b.pos(m), m, b.pos(m)).is_some();
                assert_eq!(
                    esc::may_intercept_attack(b, i, m, x),
                    want,
                    "{i:?} for {x:?} against {m:?}"
                );
                if want {
                    seen.attack_yes += 1;
                } else {
                    seen.attack_no += 1;
                }
            }
        }
    }
    // The offers of every step the unit whose turn it is might take near where it stands
    // (the AI's path preview: the mover still on its first cell).
    let Some(m) = b.current().filter(|&m| b.alive(m)) else {
        return;
    };
    for from in g.within(b.pos(m), 4) {
        for to in g.neighbours(from) {
            let got = esc::intercept_offers(b, m, from, to);
            assert_eq!(
                got,
                offers_whole(b, m, from, to),
                "{m:?} stepping {from:?} -> {to:?}"
            );
            seen.steps += 1;
            seen.offers += got.len();
        }
    }
}

fn sweep(kind: GridKind, seed: u64) -> Seen {
    let l = sim::random_level(RulesetId::Escalation, kind, 14, 12, 5, seed).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut seen = Seen::default();
    for _ in 0..40 {
        compare_now(&b, &mut seen);
        if ai::play_out(&mut b, 4) == 0 {
            break;
        }
    }
    seen
}

/// On hexes: every path, every melee attack's Intercept and every step's offers as the
/// whole search gives them, both ways (reached and not).
#[test]
fn intercept_searches_match_the_whole_search_on_hexes() {
    let seen = sweep(GridKind::Hex, 7);
    assert!(seen.paths > 100 && seen.no_path > 100, "{seen:?}");
    assert!(seen.attack_yes > 0 && seen.attack_no > 0, "{seen:?}");
    assert!(seen.offers > 0 && seen.steps > 1000, "{seen:?}");
}

/// The same on squares (eight neighbours, diagonal steps).
#[test]
fn intercept_searches_match_the_whole_search_on_squares() {
    let seen = sweep(GridKind::Square, 11);
    assert!(seen.paths > 100 && seen.no_path > 100, "{seen:?}");
    assert!(seen.attack_yes > 0 && seen.attack_no > 0, "{seen:?}");
    assert!(seen.offers > 0 && seen.steps > 1000, "{seen:?}");
}

/// escalation's damage odds of a hit, memoised by dice and Volition: the same as worked
/// out afresh, asked first and asked again (from the memo), for negative Volition too
/// (totals below 0 count as 0).
#[test]
fn escalation_hit_damage_odds_memo_gives_the_fresh_answer() {
    use skirmish_rules::dice::DiceExpr;
    use skirmish_rules::odds::Distribution;
    for count in 1..=6 {
        for sides in [4, 6, 8, 10, 12] {
            for vol in [-3, 0, 2, 5] {
                let dice = DiceExpr::new(count, sides);
                let fresh = Distribution::of(dice).map(|d| {
                    let d = d.map(|t| (t + vol).max(0));
                    let c = d.map(|t| t * 2);
                    (d, c)
                });
                assert!(fresh.is_some());
                assert_eq!(
                    esc::hit_damage_odds(dice, vol),
                    fresh,
                    "{count}d{sides}+{vol}"
                );
                assert_eq!(
                    esc::hit_damage_odds(dice, vol),
                    fresh,
                    "{count}d{sides}+{vol} again"
                );
            }
        }
    }
}

/// flow's damage odds of a hit, memoised by the weapon's dice: the same as worked out
/// afresh (a hit's totals and twice them, never below 0), asked twice, for dice with a
/// bonus below 0 and kept dice too.
#[test]
fn flow_hit_damage_odds_memo_gives_the_fresh_answer() {
    use skirmish_rules::dice::DiceExpr;
    use skirmish_rules::odds::Distribution;
    use skirmish_rules::rulesets::flow;
    for count in 1..=4 {
        for sides in [4, 6, 8, 12] {
            for bonus in [-4, 0, 3] {
                for dice in [
                    DiceExpr::new(count, sides).plus(bonus),
                    DiceExpr::new(count + 1, sides)
                        .plus(bonus)
                        .keep_highest(count),
                    DiceExpr::new(count + 1, sides)
                        .plus(bonus)
                        .keep_lowest(count),
                ] {
                    let fresh = Distribution::of(dice)
                        .map(|d| (d.map(|t| t.max(0)), d.map(|t| (2 * t).max(0))));
                    assert!(fresh.is_some());
                    assert_eq!(flow::hit_damage_odds(dice), fresh, "{dice:?}");
                    assert_eq!(flow::hit_damage_odds(dice), fresh, "{dice:?} again");
                }
            }
        }
    }
}

/// tactical-d20's damage odds of a hit, memoised by the dice, the flat modifiers and the
/// target's damage resistance: the same as worked out afresh ("at least 1" before DR,
/// never below 0 after), asked twice, with kept dice and negative modifiers too.
#[test]
fn tactical_d20_hit_damage_odds_memo_gives_the_fresh_answer() {
    use skirmish_rules::dice::DiceExpr;
    use skirmish_rules::odds::Distribution;
    use skirmish_rules::rulesets::tactical_d20 as td;
    let mut floored = 0;
    for count in 1..=3 {
        for sides in [4, 6, 8, 12] {
            for dice in [
                DiceExpr::new(count, sides),
                DiceExpr::new(count + 1, sides).keep_highest(count),
            ] {
                for (flat, dr) in [(-5, 0), (0, 0), (3, 2), (2, 5), (-1, 3)] {
                    let fresh =
                        Distribution::of(dice).map(|d| d.map(|t| ((t + flat).max(1) - dr).max(0)));
                    let got = td::hit_damage_odds(dice, flat, dr);
                    assert_eq!(got, fresh, "{dice:?} {flat:+} DR {dr}");
                    assert_eq!(td::hit_damage_odds(dice, flat, dr), fresh, "again");
                    if got.is_some_and(|d| d.lo == 0) {
                        floored += 1;
                    }
                }
            }
        }
    }
    assert!(floored > 0, "some cases reach the floor of 0");
}
