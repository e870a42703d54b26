//! The level's hazards on the board: a mark on each hazard cell, the hover's words and a
//! rune's reach, drawn by the real `hazard_marks` plugin in an app with no window.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use skirmish::game::hazard_marks::{HazardHover, HazardMark, systems, words};
use skirmish::game::{BattleRes, Screen, View};
use skirmish_rules::Battle;
use skirmish_rules::grid::Cell;
use skirmish_rules::level::HazardKind;

fn shrine_app() -> App {
    let l = skirmish_rules::level::load(&crate::repo("levels/counters-shrine.ron")).unwrap();
    let b = Battle::new(l, 1, vec![]).unwrap_or_else(|e| panic!("{e}"));
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .init_state::<Screen>()
        .init_resource::<View>()
        .insert_resource(BattleRes(b))
        .add_plugins(systems);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
    app.update();
    app.update();
    app
}

fn marks(app: &mut App) -> Vec<HazardMark> {
    let mut q = app.world_mut().query::<&HazardMark>();
    let mut v: Vec<HazardMark> = q.iter(app.world()).cloned().collect();
    v.sort_by_key(|m| (m.cell.x, m.cell.y));
    v
}

fn hover(app: &mut App) -> Vec<HazardHover> {
    let mut q = app.world_mut().query::<&HazardHover>();
    q.iter(app.world()).cloned().collect()
}

/// counters-shrine's five hazards (traps at (6,0) and (7,6), rocks at (5,3) and (8,3), a
/// radius-2 rune at (4,3)) each get one mark on their cell, of their kind; no other cell.
#[test]
fn each_hazard_cell_gets_a_mark_of_its_kind() {
    let mut app = shrine_app();
    let got: Vec<(Cell, HazardKind)> = marks(&mut app).iter().map(|m| (m.cell, m.kind)).collect();
    assert_eq!(
        got,
        vec![
            (Cell::new(4, 3), HazardKind::MagicalBurst { radius: 2 }),
            (Cell::new(5, 3), HazardKind::FallingRocks),
            (Cell::new(6, 0), HazardKind::Trap),
            (Cell::new(7, 6), HazardKind::Trap),
            (Cell::new(8, 3), HazardKind::FallingRocks),
        ]
    );
    // Drawn once: another frame spawns no second set.
    app.update();
    assert_eq!(marks(&mut app).len(), 5);
}

/// Hovering the rune writes its words (kind, DC, damage, radius, the counteraction) and
/// outlines the cells within 2 of it; hovering a trap writes its words and outlines
/// nothing; hovering a plain cell shows nothing.
#[test]
fn hovering_a_hazard_tells_its_words_and_a_runes_reach() {
    let mut app = shrine_app();
    app.world_mut().resource_mut::<View>().hovered = Some(Cell::new(4, 3));
    app.update();
    let h = hover(&mut app);
    let text: Vec<&String> = h
        .iter()
        .filter_map(|x| match x {
            HazardHover::Words(w) => Some(w),
            _ => None,
        })
        .collect();
    assert_eq!(text.len(), 1, "{h:?}");
    for part in [
        "magical burst",
        "DC 14",
        "2d8",
        "within 2 cells",
        "Counteract",
        "10 ft + 1 SD",
    ] {
        assert!(text[0].contains(part), "{part:?} in {}", text[0]);
    }
    let reach: Vec<Cell> = h
        .iter()
        .filter_map(|x| match x {
            HazardHover::Reach(c) => Some(*c),
            _ => None,
        })
        .collect();
    let b = &app.world().resource::<BattleRes>().0;
    let g = b.grid();
    let want: Vec<Cell> = g
        .cells()
        .filter(|&c| g.distance(c, Cell::new(4, 3)) <= 2)
        .collect();
    assert_eq!(reach.len(), want.len(), "{reach:?}");
    assert!(want.iter().all(|c| reach.contains(c)));
    assert!(reach.contains(&Cell::new(4, 3)) && !reach.contains(&Cell::new(4, 6)));
    let trap = b.hazard_at(Cell::new(6, 0)).unwrap().clone();

    app.world_mut().resource_mut::<View>().hovered = Some(Cell::new(6, 0));
    app.update();
    assert_eq!(hover(&mut app), vec![HazardHover::Words(words(&trap))]);
    assert!(
        words(&trap).starts_with("trap at (6, 0): DC 12, 2d6 damage"),
        "{}",
        words(&trap)
    );

    app.world_mut().resource_mut::<View>().hovered = Some(Cell::new(1, 1));
    app.update();
    assert_eq!(hover(&mut app), vec![]);
}

/// The map legend names the hazard marks (F1 lists `LEGEND`).
#[test]
fn the_legend_names_the_hazard_marks() {
    let all: String = skirmish::game::markers::LEGEND
        .iter()
        .map(|(m, w)| format!("{m} {w} "))
        .collect();
    assert!(
        all.contains("a hazard: a trap, falling rocks, a rune"),
        "{all}"
    );
}

/// On counters-shrine's hex map, laid out as the window lays it out: hovering each
/// hazard writes its words where they hide none of the other hazards' marks (the rocks
/// at (5, 3) wrote them over the trap's mark at (6, 0), two rows up) and stay on the
/// board, and the words' entity stands where they were placed; the hover tooltip reads
/// the same boxes (`HazardWords`).
#[test]
fn a_hazards_words_hide_no_other_hazards_mark() {
    use skirmish::game::hazard_marks::{HazardWords, mark_box};
    use skirmish::game::layout::MapLayout;
    let mut app = shrine_app();
    let grid = app.world().resource::<BattleRes>().0.grid();
    let layout = MapLayout::for_grid(grid, 340.0);
    app.world_mut().insert_resource(layout);
    app.update();
    let tile = layout.tile().y;
    let board = grid
        .cells()
        .map(|c| Rect::from_center_half_size(layout.world(c), layout.tile() * 0.5))
        .reduce(|a, b| a.union(b))
        .unwrap();
    let cells: Vec<Cell> = marks(&mut app).iter().map(|m| m.cell).collect();
    assert_eq!(cells.len(), 5);
    for &c in &cells {
        app.world_mut().resource_mut::<View>().hovered = Some(c);
        app.update();
        let placed = app.world().resource::<HazardWords>().clone();
        let words = placed.words.unwrap_or_else(|| panic!("no words on {c}"));
        assert_eq!(placed.marks.len(), 5);
        for &o in cells.iter().filter(|&&o| o != c) {
            let m = mark_box(layout.world(o), tile);
            assert!(
                !(m.min.x < words.max.x
                    && words.min.x < m.max.x
                    && m.min.y < words.max.y
                    && words.min.y < m.max.y),
                "the words of {c} ({words:?}) hide the mark on {o} ({m:?})"
            );
        }
        assert!(
            words.min.x >= board.min.x - tile * 0.5
                && words.max.x <= board.max.x + tile * 0.5
                && words.min.y >= board.min.y - tile * 0.5
                && words.max.y <= board.max.y + tile * 0.5,
            "the words of {c} leave the board: {words:?} on {board:?}"
        );
        let mut q = app
            .world_mut()
            .query::<(&HazardHover, &bevy::prelude::Transform)>();
        let at: Vec<Vec2> = q
            .iter(app.world())
            .filter(|(h, _)| matches!(h, HazardHover::Words(_)))
            .map(|(_, t)| t.translation.truncate())
            .collect();
        assert_eq!(at, vec![words.center()], "{c}");
    }
    // Off the hazards: no words, the marks still known.
    app.world_mut().resource_mut::<View>().hovered = Some(Cell::new(1, 1));
    app.update();
    let placed = app.world().resource::<HazardWords>();
    assert_eq!(placed.words, None);
    assert_eq!(placed.marks.len(), 5);
}
