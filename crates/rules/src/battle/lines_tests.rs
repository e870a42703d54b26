//! The remembered lines of sight are the walk's answers: after every event of AI battles
//! of every ruleset on both grids (each log applied again, event by event, to freshly
//! spawned units whose memo was filled before each event), and across walls raised and
//! cleared (no AI battle of the tests raises one: melee-zone's caster battles neither).

use crate::battle::Battle;
use crate::dice::Dice;
use crate::event::Event;
use crate::grid::{Cell, GridKind};
use crate::level::Terrain;
use crate::rulesets::RulesetId;

/// Every remembered line answers as the walk does now.
fn check(b: &Battle, at: &str) -> usize {
    let kept = b.remembered_lines();
    for &(a, c, clear) in &kept {
        assert_eq!(
            clear,
            b.walk_clear_line(a, c),
            "{at}: the line {a:?} to {c:?}"
        );
    }
    kept.len()
}

/// Ask the lines between every two units' cells and from each unit to a spread of cells.
fn ask(b: &Battle) {
    let g = b.grid();
    let cells: Vec<Cell> = b.units().map(|u| b.pos(u)).collect();
    for &a in &cells {
        for &c in &cells {
            b.clear_line(a, c);
        }
        for x in (0..g.width).step_by(5) {
            for y in (0..g.height).step_by(5) {
                b.clear_line(a, Cell::new(x, y));
            }
        }
    }
}

/// Play `b` out with the AI, then apply its log again to a fresh battle, the memo filled
/// before each event and checked after it.
fn play_and_replay(mut b: Battle, at: &str) {
    for _ in 0..700 {
        let Some(c) = crate::ai::decide(&b) else {
            break;
        };
        ask(&b);
        if b.submit(c).is_err() {
            let f = crate::ai::fallback(&b).expect("a fallback");
            b.submit(f).expect("the fallback is legal");
        }
        check(&b, at);
        if b.ended.is_some() {
            break;
        }
    }
    let mut fresh = Battle::spawned(b.rules, b.level.clone(), b.seed, Dice::seeded(0));
    for (i, l) in b.log.iter().enumerate() {
        ask(&fresh);
        fresh.apply(&l.event);
        let n = check(&fresh, &format!("{at} after event {i} {:?}", l.event));
        assert!(n > 0, "{at}: lines remembered");
    }
}

#[test]
fn the_remembered_lines_are_the_walks_after_every_event() {
    for r in RulesetId::ALL {
        for g in [GridKind::Square, GridKind::Hex] {
            let l = crate::sim::random_level(r, g, 18, 14, 6, 41).expect("level");
            let b = Battle::new(l, 3, Vec::new()).expect("battle");
            play_and_replay(b, &format!("{r} {g}"));
        }
    }
}

/// A wall raised across a remembered clear line blocks it; cleared again, the line is
/// clear again, and every remembered answer is the walk's throughout.
#[test]
fn a_wall_raised_or_cleared_forgets_the_lines() {
    for g in [GridKind::Square, GridKind::Hex] {
        let l = crate::sim::random_level(RulesetId::ALL[0], g, 18, 14, 6, 41).expect("level");
        let mut b = Battle::new(l, 3, Vec::new()).expect("battle");
        // A clear line of a few cells, and a cell strictly between its ends.
        let mut found = None;
        'find: for y in 0..14 {
            for x in 0..12 {
                let (a, c) = (Cell::new(x, y), Cell::new(x + 5, y));
                if b.walk_clear_line(a, c) {
                    let line = b.grid().line(a, c);
                    found = Some((a, c, line[2]));
                    break 'find;
                }
            }
        }
        let (a, c, mid) = found.expect("a clear line");
        ask(&b);
        assert!(b.clear_line(a, c));
        let was = b.terrain(mid);
        b.emit(Event::TerrainChanged {
            cell: mid,
            from: was,
            to: Terrain::Wall,
        });
        assert!(!b.clear_line(a, c), "{g}: the raised wall blocks the line");
        ask(&b);
        check(&b, &format!("{g} with the wall"));
        b.emit(Event::TerrainChanged {
            cell: mid,
            from: Terrain::Wall,
            to: was,
        });
        assert!(b.clear_line(a, c), "{g}: the line is clear again");
        check(&b, &format!("{g} without the wall"));
    }
}
