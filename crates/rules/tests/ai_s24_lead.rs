//! Issue 34, session 24 (the lead): the AI asks which weapon would strike a foe without
//! the engine wording why none would.
//!
//! `Battle::usable_weapon` (no weapon named, no reason worded) answers exactly what
//! `Battle::weapon_for(.., None).ok()` answers, for every pair of units at every state
//! of seeded AI battles of every ruleset on both grids: the same weapon or none.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::components::{UnitId, WeaponKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::sim;

/// Every pair at every state of a battle (at most `states`); returns how many pairs were
/// struck by a melee weapon, by a ranged one, and by none.
fn check(r: RulesetId, kind: GridKind, seed: u64, states: usize) -> [usize; 3] {
    let l = sim::random_level_with(r, kind, 24, 24, 8, seed, &[]).unwrap();
    let mut b = Battle::new(l, seed, Vec::new()).unwrap();
    let mut seen = [0; 3];
    for _ in 0..states {
        let units: Vec<UnitId> = b.units().collect();
        for &u in &units {
            for &e in &units {
                if u == e {
                    continue;
                }
                let slow = b.weapon_for(u, e, None).ok();
                let fast = b.usable_weapon(u, e);
                assert_eq!(fast, slow, "{r:?} {kind:?} {seed}: {u:?} on {e:?}");
                match fast.map(|w| b.weapons(u)[w].kind) {
                    Some(WeaponKind::Melee) => seen[0] += 1,
                    Some(WeaponKind::Ranged) => seen[1] += 1,
                    None => seen[2] += 1,
                }
            }
        }
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    seen
}

/// Every ruleset, both grids: the same answers, and each kind of answer occurs.
#[test]
fn usable_weapon_is_weapon_for_without_the_reason() {
    let mut total = [0; 3];
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Hex, 5), (GridKind::Square, 6)] {
            let seen = check(r, kind, seed, 120);
            assert!(seen[2] > 0, "{r:?} {kind:?}: no pair out of reach");
            for (t, s) in total.iter_mut().zip(seen) {
                *t += s;
            }
        }
    }
    assert!(
        total[0] > 0 && total[1] > 0,
        "melee and ranged answers: {total:?}"
    );
}

/// What `Battle::clear_line`'s shortcut relies on: every cell between two cells of the
/// grid's line lies in the rectangle of its ends, widened by one column on hexes (offset
/// rows shift a line a column aside) and not at all on squares; and no row strays.
#[test]
fn a_line_stays_in_its_ends_rectangle_but_a_column_on_hexes() {
    use skirmish_rules::grid::{Cell, Grid};
    for (kind, most) in [(GridKind::Hex, 1), (GridKind::Square, 0)] {
        let g = Grid::new(kind, 16, 16);
        let cells: Vec<Cell> = g.cells().collect();
        let (mut wide, mut cols) = (0, 0);
        for &a in &cells {
            for &b in &cells {
                g.line_between_any(a, b, |c| {
                    let dx = (a.x.min(b.x) - c.x).max(c.x - a.x.max(b.x)).max(0);
                    let dy = (a.y.min(b.y) - c.y).max(c.y - a.y.max(b.y)).max(0);
                    assert!(dx <= most && dy == 0, "{kind:?} {a} to {b} passes {c}");
                    wide = wide.max(dx);
                    cols += usize::from(dx > 0);
                    false
                });
            }
        }
        // The hex allowance is needed (a line does stray), the square one is not.
        assert_eq!(wide, most, "{kind:?}: {cols} cells a column aside");
    }
}

/// `Battle::clear_line` (the list of a few walls asked first) is the walk of the
/// line's cells for every pair of cells: on seeded levels with walls of every ruleset on
/// both grids, and after a spell raises a wall on a map of few walls (the list is kept).
#[test]
fn clear_line_is_the_walk_of_the_line() {
    use skirmish_rules::grid::Cell;
    use skirmish_rules::level::Terrain;
    let same = |b: &Battle, what: &str| -> (usize, usize) {
        let g = b.grid();
        let cells: Vec<Cell> = g.cells().collect();
        let (mut clear, mut blocked) = (0, 0);
        for &a in &cells {
            for &c in cells.iter().step_by(3) {
                let walk = !g.line_between_any(a, c, |x| b.terrain(x) == Terrain::Wall);
                assert_eq!(b.clear_line(a, c), walk, "{what}: {a} to {c}");
                if walk { clear += 1 } else { blocked += 1 }
            }
        }
        (clear, blocked)
    };
    for r in RulesetId::ALL {
        for (kind, seed) in [(GridKind::Hex, 7), (GridKind::Square, 8)] {
            let l = sim::random_level_with(r, kind, 20, 20, 6, seed, &[]).unwrap();
            let b = Battle::new(l, seed, Vec::new()).unwrap();
            let (clear, blocked) = same(&b, &format!("{r:?} {kind:?}"));
            assert!(
                clear > 0 && blocked > 0,
                "{r:?} {kind:?}: {clear} clear, {blocked} blocked"
            );
        }
    }
    for kind in [GridKind::Hex, GridKind::Square] {
        let mut b = crate::support::flow::arena(
            kind,
            20,
            7,
            r#"Unit(name: "Cal", side: "Red", cell: (1, 3), archetype: "caller"),
               Unit(name: "Gob", side: "Blue", cell: (18, 3), archetype: "goblin")"#,
            WALL_CATALOGUE,
            &[10, 1],
        );
        let (_, blocked) = same(&b, &format!("{kind:?} open"));
        assert_eq!(blocked, 0, "{kind:?}: an open map blocks no line");
        let cal = b.find("Cal").unwrap();
        b.submit(skirmish_rules::Command::Act {
            unit: cal,
            action: skirmish_rules::engine::Action::Common(
                skirmish_rules::engine::CommonAction::Cast {
                    ability: 0,
                    at: skirmish_rules::engine::CastAt::Cell(Cell::new(2, 3)),
                },
            ),
        })
        .unwrap();
        assert_eq!(b.terrain(Cell::new(3, 3)), Terrain::Wall, "{kind:?}");
        assert!(!b.clear_line(Cell::new(1, 3), Cell::new(18, 3)), "{kind:?}");
        let (_, blocked) = same(&b, &format!("{kind:?} walled"));
        assert!(blocked > 0, "{kind:?}: the new wall blocks lines");
    }
}

/// A caller whose one spell raises a wall three cells long.
const WALL_CATALOGUE: &str = r#"
    archetypes: {
        "caller": (hp: 14, stats: {Agility: 45, Athletics: 30, Melee: 30, Ranged: 30,
            Endurance: 30, Deception: 40, Magic: 65}, weapons: ["dagger"],
            abilities: ["Stone wall"]),
    },
    abilities: {
        "Stone wall": (kind: Spell, target: Area(range: 4, shape: Line(length: 3)),
            effects: [Terrain(terrain: Wall)]),
    }"#;

/// Melee-zone's position bound over the move search's candidates alone
/// (`position_factor_max_among`): over every foe it knows of, the same bits as
/// `position_factor_max`; over the foes near a unit, never above that, never below the
/// factor any cell next to one of them gives (what `stand` multiplies by), and lower than
/// the bound over every foe in some states (it is tighter, not the same).
#[test]
fn the_position_bound_over_the_candidates_is_a_true_and_tighter_bound() {
    use skirmish_rules::ai::AiTactics;
    use skirmish_rules::rulesets::melee_zone::{self as mz, MeleeZoneAi};
    let mut tighter = 0;
    for (kind, seed, l) in crate::support::melee_zone_caster_levels() {
        let mut b = Battle::new(l, seed, Vec::new()).unwrap();
        for _ in 0..150 {
            for u in b.units().filter(|&u| b.alive(u)).collect::<Vec<_>>() {
                let all: Vec<UnitId> = b.visible_foes(u).map(|(e, _)| e).collect();
                let whole = mz::position_factor_max(&b, u);
                let among = mz::position_factor_max_among(&b, u, &all);
                assert_eq!(among.to_bits(), whole.to_bits(), "{kind:?} {seed}: {u:?}");
                let here = b.pos(u);
                let near: Vec<UnitId> = all
                    .iter()
                    .copied()
                    .filter(|&e| b.grid().distance(here, b.pos(e)) <= 6)
                    .collect();
                let among = mz::position_factor_max_among(&b, u, &near);
                assert!(among <= whole, "{kind:?} {seed}: {u:?} {among} > {whole}");
                tighter += usize::from(among < whole);
                for &e in &near {
                    for c in b.grid().within(b.pos(e), 1) {
                        let f = MeleeZoneAi.position_factor(&b, u, c, e);
                        assert!(
                            f <= among,
                            "{kind:?} {seed}: {u:?} at {c} on {e:?}: {f} > {among}"
                        );
                    }
                }
            }
            if ai::play_out(&mut b, 1) == 0 {
                break;
            }
        }
    }
    assert!(tighter > 0, "the bound over the near foes is never tighter");
}
