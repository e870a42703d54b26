//! The level menu's list and words (issue 31): the levels of every folder the menu reads
//! (the shipped `levels/`, the user's levels folder, a folder given on the command line),
//! read again when the window regains focus; a label that tells levels with the same
//! name apart by their folder; the solo default (an all-human level starts with the AI
//! on every side but the first); a ruleset's one-line summary and what each reaction
//! policy means; a small preview of a level's map.

use std::path::{Path, PathBuf};

use bevy_egui::egui;
use skirmish_rules::grid::{Cell, Grid, GridKind};
use skirmish_rules::level::{self, Controller, Level};
use skirmish_rules::rulesets::RulesetId;
use skirmish_rules::vocab::Terrain;

use super::{Launch, ReactPolicy};

/// The user's own levels: `levels/` in the data folder (`folders::data_dir`; `play
/// --data-dir DIR` reads `DIR/levels` instead).
pub fn user_levels_dir() -> Option<PathBuf> {
    crate::folders::data_dir().map(|d| d.join("levels"))
}

/// The `.ron` files of `dir`, sorted (none when it is missing or unreadable).
fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Read `files` then every folder's levels (each file once, however it is reached):
/// the levels that load, and one line for each that does not.
pub fn scan(files: &[PathBuf], folders: &[PathBuf]) -> (Vec<(PathBuf, Level)>, Vec<String>) {
    let mut seen = Vec::new();
    let (mut levels, mut broken) = (Vec::new(), Vec::new());
    let listed = files
        .iter()
        .cloned()
        .chain(folders.iter().flat_map(|d| ron_files(d)));
    for f in listed {
        let key = f.canonicalize().unwrap_or_else(|_| f.clone());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        match level::load(&f) {
            Ok(l) => levels.push((f, l)),
            Err(e) => broken.push(e.to_string()),
        }
    }
    (levels, broken)
}

/// Fill `launch`'s menu for `skirmish play [PATH]`: the folders (the shipped `levels/`,
/// the user's levels folder, PATH when it is a folder) and their levels; a level file
/// PATH listed first and started at once when it loads and can be played, else its
/// problems (FILE:LINE:COL lines) in `launch.problems`, returned as one text.
pub fn menu_launch(
    launch: &mut Launch,
    path: Option<&Path>,
    shipped: PathBuf,
    user: Option<PathBuf>,
) -> Option<String> {
    launch.folders.push(shipped);
    launch.folders.extend(user);
    if let Some(dir) = path.filter(|p| p.is_dir()) {
        launch.folders.push(dir.to_path_buf());
    }
    let mut problem = None;
    if let Some(path) = path.filter(|p| !p.is_dir()) {
        let shown = crate::files::shown(path);
        problem = match level::load(path) {
            Ok(l) => match skirmish_rules::Battle::new(l, 0, Vec::new()) {
                Ok(_) => {
                    launch.files.push(path.to_path_buf());
                    launch.start = Some(0);
                    None
                }
                Err(e) => Some(format!("{shown}: {e}")),
            },
            Err(e) => Some(e.to_string()),
        };
    }
    if let Some(p) = &problem {
        launch.problems = p.lines().map(str::to_string).collect();
    }
    refresh(launch);
    problem
}

/// The menu's name for level `i`: its name, and its folder when another level has the
/// same name.
pub fn label(levels: &[(PathBuf, Level)], i: usize) -> String {
    let (path, l) = &levels[i];
    let twins = levels.iter().filter(|(_, o)| o.name == l.name).count();
    if twins < 2 {
        return l.name.clone();
    }
    let folder = path
        .parent()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    format!("{}  [{folder}]", l.name)
}

/// The controllers a level starts with in the menu: its own, except that when every
/// side is human (hot-seat) the first stays human and the others are the AI, so a
/// player alone meets no handover screen (the menu can make them human again).
pub fn default_controllers(level: &Level) -> Vec<Controller> {
    let own: Vec<Controller> = level.sides.iter().map(|s| s.controller).collect();
    if own.len() < 2 || own.iter().any(|c| *c != Controller::Human) {
        return own;
    }
    (0..own.len())
        .map(|i| {
            if i == 0 {
                Controller::Human
            } else {
                Controller::Ai
            }
        })
        .collect()
}

/// A ruleset in a few words, for the menu, from its own F1 summary
/// (`View::summary`): its id, the turn paragraph and the first sentence of the next
/// (how attacks work); empty for a ruleset without a view.
pub fn ruleset_line(r: RulesetId) -> String {
    use skirmish_rules::rulesets::Registry;
    let Some(view) = r.view() else {
        return String::new();
    };
    let summary = view.summary();
    let mut line = format!("{}:", r.id());
    for (i, (_, words)) in summary.iter().take(2).enumerate() {
        let words = if i == 0 {
            words
        } else {
            words
                .split_inclusive(". ")
                .next()
                .unwrap_or(words)
                .trim_end()
        };
        line.push(' ');
        line.push_str(words);
    }
    line
}

/// What a reaction policy does, for the menu.
pub fn policy_words(p: ReactPolicy) -> &'static str {
    match p {
        ReactPolicy::Ask => {
            "Ask: when a foe's move lets this side react (dodge, parry, an attack of \
             opportunity), the game stops and asks."
        }
        ReactPolicy::Auto => {
            "Auto: the game answers for this side with the reaction most likely to help, \
             without asking."
        }
        ReactPolicy::Never => "Never: this side never reacts on a foe's turn.",
    }
}

/// Read the command line's files and the folders again.
pub fn refresh(launch: &mut Launch) {
    let (levels, broken) = scan(&launch.files, &launch.folders);
    launch.levels = levels;
    launch.broken = broken;
}

/// The index of `path` in `levels`, for keeping a choice across a refresh.
pub fn position(levels: &[(PathBuf, Level)], path: &Path) -> Option<usize> {
    levels.iter().position(|(p, _)| p == path)
}

/// The preview's geometry: each cell of `grid` as the board draws it (a square, or a
/// pointy-top hexagon with odd rows shoved right, from the board's own layout,
/// [`MapLayout::for_grid`](super::layout::MapLayout::for_grid)), scaled to fit `max`
/// points (at most 14 points a cell), y down, from (0, 0); and the preview's size.
pub fn preview_cells(grid: Grid, max: f32) -> (egui::Vec2, Vec<(Cell, Vec<egui::Pos2>)>) {
    use bevy::math::Vec2;
    let layout = super::layout::MapLayout::for_grid(grid, 0.0);
    let tile = layout.tile();
    let corners: Vec<Vec2> = match grid.kind {
        GridKind::Square => [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .into_iter()
            .map(|(x, y)| Vec2::new(x, y) * tile / 2.0)
            .collect(),
        GridKind::Hex => (0..6)
            .map(|k| {
                let a = (30.0 + 60.0 * k as f32).to_radians();
                Vec2::new(a.cos() * tile.x / 3f32.sqrt(), a.sin() * tile.y / 2.0)
            })
            .collect(),
    };
    let cells: Vec<(Cell, Vec<Vec2>)> = grid
        .cells()
        .map(|c| {
            let at = layout.world(c);
            (c, corners.iter().map(|k| at + *k).collect())
        })
        .collect();
    let all = cells.iter().flat_map(|(_, ps)| ps.iter().copied());
    let (lo, hi) = all.fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    let span = (hi - lo).max(Vec2::ONE);
    let s = (max / span.x.max(span.y)).clamp(2.0 / tile.y, 14.0 / tile.y);
    let shown = cells
        .into_iter()
        .map(|(c, ps)| {
            let ps = ps
                .into_iter()
                .map(|p| egui::pos2((p.x - lo.x) * s, (hi.y - p.y) * s))
                .collect();
            (c, ps)
        })
        .collect();
    (egui::vec2(span.x * s, span.y * s), shown)
}

/// A level's map drawn small, on the grid it will be played on (`kind`: the level's own
/// or the one the menu chose): floor green, walls dark, rough ground brown, high ground
/// light, low walls and pits grey, each unit a dot in its side's colour.
pub fn preview(
    ui: &mut egui::Ui,
    level: &Level,
    kind: GridKind,
    colours: &[egui::Color32],
    max: f32,
) {
    let grid = Grid { kind, ..level.grid };
    let (size, cells) = preview_cells(grid, max);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let p = ui.painter_at(rect);
    let width = level.grid.width.max(1);
    let edge = egui::Stroke::new(0.5, egui::Color32::from_rgb(45, 60, 40));
    let mut centres = std::collections::HashMap::new();
    for (c, corners) in cells {
        let i = (c.y * width + c.x) as usize;
        let fill = match level.terrain.get(i).copied().unwrap_or(Terrain::Floor) {
            Terrain::Floor => egui::Color32::from_rgb(70, 90, 60),
            Terrain::Wall => egui::Color32::from_rgb(35, 35, 40),
            Terrain::Difficult => egui::Color32::from_rgb(110, 90, 50),
            Terrain::High => egui::Color32::from_rgb(140, 160, 110),
            Terrain::Low | Terrain::Pit => egui::Color32::from_rgb(90, 90, 90),
        };
        let pts: Vec<egui::Pos2> = corners.iter().map(|q| rect.min + q.to_vec2()).collect();
        let n = pts.len() as f32;
        let centre = pts.iter().fold(egui::Vec2::ZERO, |a, q| a + q.to_vec2()) / n;
        centres.insert(c, (centre, (pts[0] - pts[1]).length()));
        p.add(egui::Shape::convex_polygon(pts, fill, edge));
    }
    for u in &level.units {
        let c = colours
            .get(u.side.0 as usize)
            .copied()
            .unwrap_or(egui::Color32::WHITE);
        if let Some((centre, side)) = centres.get(&u.cell) {
            p.circle_filled(centre.to_pos2(), side * 0.4, c);
        }
    }
}
