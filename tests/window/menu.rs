//! The level menu's list and defaults (issue 31), through its own code: the launch
//! `skirmish play` builds (`level_list::menu_launch`), the menu's refresh when the window
//! regains focus (the `menu` plugin's system on a headless app), its labels and its solo
//! default.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{RequestRedraw, WindowFocused};
use bevy_egui::input::EguiWantsInput;
use skirmish::game::level_list::{default_controllers, label, menu_launch, ruleset_line};
use skirmish::game::{Intent, Launch, Screen, View, input_plugins, menu};
use skirmish_rules::level::{Controller, load};
use skirmish_rules::rulesets::{Registry, RulesetId};

use crate::repo;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-wmenu-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `files` (level paths) of `launch`'s menu, as their file names.
fn names(launch: &Launch) -> Vec<String> {
    launch
        .levels
        .iter()
        .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect()
}

fn shipped_count() -> usize {
    std::fs::read_dir(repo("levels"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ron"))
        })
        .count()
}

/// A user folder with a copy of a shipped level (the same name) and a folder named on
/// the command line with another: all listed, the shipped ones always, the two
/// "Crossroads" told apart by their folders.
#[test]
fn shipped_user_and_command_line_folders_are_listed() {
    let d = scratch("list");
    let (user, cli) = (d.join("user"), d.join("cli"));
    std::fs::create_dir_all(&user).unwrap();
    std::fs::create_dir_all(&cli).unwrap();
    std::fs::copy(
        repo("levels/escalation-crossroads.ron"),
        user.join("my-crossroads.ron"),
    )
    .unwrap();
    std::fs::copy(repo("tests/fixtures/duel.ron"), cli.join("duel.ron")).unwrap();
    let mut launch = Launch::default();
    let problem = menu_launch(&mut launch, Some(&cli), repo("levels"), Some(user.clone()));
    assert_eq!(problem, None);
    assert_eq!(launch.start, None, "a folder starts nothing");
    assert_eq!(
        launch.folders,
        vec![repo("levels"), user.clone(), cli.clone()]
    );
    let n = names(&launch);
    assert_eq!(n.len(), shipped_count() + 2, "{n:?}");
    assert!(n.contains(&"flow-bridge.ron".to_string()), "{n:?}");
    assert!(n.contains(&"my-crossroads.ron".to_string()), "{n:?}");
    assert!(n.contains(&"duel.ron".to_string()), "{n:?}");
    let twins: Vec<String> = (0..launch.levels.len())
        .filter(|&i| launch.levels[i].1.name == "Crossroads")
        .map(|i| label(&launch.levels, i))
        .collect();
    assert_eq!(twins.len(), 2, "{twins:?}");
    assert_ne!(twins[0], twins[1]);
    assert!(
        twins
            .iter()
            .any(|t| t.contains(&user.display().to_string())),
        "{twins:?}"
    );
    // A name met once is shown alone.
    let i = n.iter().position(|f| f == "duel.ron").unwrap();
    assert_eq!(label(&launch.levels, i), launch.levels[i].1.name);
    let _ = std::fs::remove_dir_all(&d);
}

/// The menu plugin on a headless app, showing `launch`.
fn app(launch: Launch) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .add_message::<RequestRedraw>()
        .add_message::<bevy::input::keyboard::KeyboardInput>()
        .init_state::<Screen>()
        .init_resource::<View>()
        .init_resource::<Intent>()
        .init_resource::<EguiWantsInput>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .insert_resource(launch)
        .add_plugins((input_plugins, menu::plugin));
    app.update();
    app
}

fn focus(app: &mut App, focused: bool) {
    app.world_mut().write_message(WindowFocused {
        window: Entity::PLACEHOLDER,
        focused,
    });
    app.update();
}

/// A level saved into the user folder while the window was away appears when it regains
/// focus (not when it loses it); a removed one goes.
#[test]
fn the_list_is_read_again_when_the_window_regains_focus() {
    let d = scratch("focus");
    let user = d.join("user");
    std::fs::create_dir_all(&user).unwrap();
    let mut launch = Launch::default();
    menu_launch(&mut launch, None, repo("levels"), Some(user.clone()));
    let before = launch.levels.len();
    assert_eq!(before, shipped_count());
    let mut app = app(launch);
    std::fs::copy(repo("tests/fixtures/duel.ron"), user.join("new.ron")).unwrap();
    std::fs::write(user.join("broken.ron"), "Level(").unwrap();
    focus(&mut app, false);
    assert_eq!(app.world().resource::<Launch>().levels.len(), before);
    focus(&mut app, true);
    let l = app.world().resource::<Launch>();
    assert_eq!(l.levels.len(), before + 1);
    assert!(names(l).contains(&"new.ron".to_string()));
    assert!(
        l.broken.iter().any(|b| b.contains("broken.ron:1:")),
        "{:?}",
        l.broken
    );
    std::fs::remove_file(user.join("new.ron")).unwrap();
    focus(&mut app, true);
    assert_eq!(app.world().resource::<Launch>().levels.len(), before);
    let _ = std::fs::remove_dir_all(&d);
}

/// An all-human level (flow's bridge, hot-seat) starts solo in the menu: the first side
/// human, the other the AI; a level that names an AI side keeps its own.
#[test]
fn an_all_human_level_defaults_to_solo() {
    let bridge = load(Path::new(&repo("levels/flow-bridge.ron"))).unwrap();
    assert!(
        bridge
            .sides
            .iter()
            .all(|s| s.controller == Controller::Human)
    );
    assert_eq!(
        default_controllers(&bridge),
        vec![Controller::Human, Controller::Ai]
    );
    let crossroads = load(Path::new(&repo("levels/escalation-crossroads.ron"))).unwrap();
    let own: Vec<Controller> = crossroads.sides.iter().map(|s| s.controller).collect();
    assert_eq!(default_controllers(&crossroads), own);
}

/// `skirmish play BROKEN.ron`: the menu gets the problems as FILE:LINE:COL lines, starts
/// nothing, and still lists the shipped levels.
#[test]
fn a_broken_level_named_on_the_command_line_shows_its_problems() {
    let mut launch = Launch::default();
    let bad = repo("tests/fixtures/bad-syntax.ron");
    let problem = menu_launch(&mut launch, Some(&bad), repo("levels"), None);
    let problem = problem.expect("a problem");
    assert!(problem.contains("bad-syntax.ron:6:5"), "{problem}");
    assert!(
        launch
            .problems
            .iter()
            .any(|p| p.contains("bad-syntax.ron:6:5")),
        "{:?}",
        launch.problems
    );
    assert_eq!(launch.start, None);
    assert!(launch.files.is_empty());
    assert_eq!(launch.levels.len(), shipped_count());
    // A good one is listed first and started at once.
    let mut launch = Launch::default();
    let good = repo("tests/fixtures/duel.ron");
    assert_eq!(
        menu_launch(&mut launch, Some(&good), repo("levels"), None),
        None
    );
    assert_eq!(launch.start, Some(0));
    assert_eq!(launch.levels[0].0, good);
    assert!(launch.problems.is_empty());
}

/// Every playable ruleset has its words in the menu, from its own F1 summary (the turn
/// paragraph comes first).
#[test]
fn every_playable_ruleset_has_its_line() {
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        let line = ruleset_line(r);
        assert!(line.starts_with(&format!("{}: ", r.id())), "{line}");
        let turn = r.view().expect("a playable ruleset has a view").summary()[0].1;
        assert!(line.contains(turn), "{line}");
    }
}

/// The level menu's preview draws a hex level as hexes, laid out as the board lays it out
/// (issue 31's minor points: it drew squares): six corners a cell, odd rows shoved right
/// by half a cell, neighbours in a row a cell apart and rows three quarters of a cell
/// apart; a square level as squares in straight rows. Each fits the size asked.
#[test]
fn the_level_preview_draws_hex_levels_as_hexes_like_the_board() {
    use skirmish::game::layout::MapLayout;
    use skirmish::game::level_list::preview_cells;
    use skirmish_rules::grid::{Cell, Grid, GridKind};
    let centre = |ps: &[bevy_egui::egui::Pos2]| {
        let n = ps.len() as f32;
        ps.iter()
            .fold(bevy_egui::egui::Vec2::ZERO, |a, p| a + p.to_vec2())
            / n
    };
    for kind in [GridKind::Hex, GridKind::Square] {
        let grid = Grid {
            kind,
            width: 6,
            height: 5,
        };
        let (size, cells) = preview_cells(grid, 220.0);
        assert_eq!(cells.len(), 30);
        assert!(size.x <= 220.01 && size.y <= 220.01, "{size:?}");
        let corners = if kind == GridKind::Hex { 6 } else { 4 };
        assert!(cells.iter().all(|(_, ps)| ps.len() == corners), "{kind:?}");
        let at = |c: Cell| centre(&cells.iter().find(|(x, _)| *x == c).unwrap().1);
        let step = at(Cell::new(1, 0)) - at(Cell::new(0, 0));
        assert!(
            step.y.abs() < 0.01 && step.x > 0.0,
            "a row is level: {step:?}"
        );
        let down = at(Cell::new(0, 1)) - at(Cell::new(0, 0));
        let board = MapLayout::for_grid(grid, 0.0);
        let (w0, w1, w2) = (
            board.world(Cell::new(0, 0)),
            board.world(Cell::new(1, 0)),
            board.world(Cell::new(0, 1)),
        );
        // The board's offsets, scaled to the preview (the board's y grows upwards).
        let s = step.x / (w1.x - w0.x);
        assert!(
            (down.x - (w2.x - w0.x) * s).abs() < 0.01,
            "{kind:?}: {down:?}"
        );
        assert!(
            (down.y + (w2.y - w0.y) * s).abs() < 0.01,
            "{kind:?}: {down:?}"
        );
        if kind == GridKind::Hex {
            assert!(
                (down.x - step.x / 2.0).abs() < 0.01,
                "odd rows shoved right"
            );
            assert!(
                (down.y - step.x * 32.0 / 28.0 * 0.75).abs() < 0.05,
                "{down:?}"
            );
        } else {
            assert!(down.x.abs() < 0.01 && (down.y - step.x).abs() < 0.01);
        }
    }
}
