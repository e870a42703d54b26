//! The editor's input: the cell under the pointer, the tools on a click or a drag, the
//! tools' keys, Ctrl+Z / Ctrl+Y, Ctrl+S, F5 (playtest), pan and zoom. While egui wants
//! the pointer or the keys (a panel under the pointer, a text field being typed in), the
//! map hears nothing (docs/ui.md, "Input routing").

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;

use super::{EditorScreen, Screen, Tool};
use crate::editor::{Edit, EditorLevel};

/// A cell's size in world units.
pub(super) const TILE: f32 = 48.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PlayAsk>().add_systems(
        Update,
        (hover, keys, clicks, pan_zoom)
            .chain()
            .run_if(in_state(Screen::Editor)),
    );
}

/// F5 asked for a playtest (`Some(true)`: against the AI); `play` starts it.
#[derive(Resource, Default, Debug)]
pub struct PlayAsk(pub Option<bool>);

/// A cell's centre in the world: squares in rows; pointy-top hexes with odd rows shoved
/// right half a hex (the rules' "odd-r"). Row 0 is at the top.
pub(super) fn world(kind: GridKind, c: Cell) -> Vec2 {
    match kind {
        GridKind::Square => Vec2::new(c.x as f32 * TILE, -(c.y as f32) * TILE),
        GridKind::Hex => {
            let shove = if c.y & 1 == 1 { TILE / 2.0 } else { 0.0 };
            Vec2::new(c.x as f32 * TILE + shove, -(c.y as f32) * TILE * 0.866)
        }
    }
}

/// The cell whose centre is nearest to a world point, if the point is on the map.
pub(super) fn cell_at(l: &EditorLevel, p: Vec2) -> Option<Cell> {
    let (c, d) = (0..l.height() as i32)
        .flat_map(|y| (0..l.width() as i32).map(move |x| Cell::new(x, y)))
        .map(|c| (c, world(l.grid, c).distance(p)))
        .min_by(|a, b| a.1.total_cmp(&b.1))?;
    (d <= TILE * 0.6).then_some(c)
}

fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    egui: Res<EguiWantsInput>,
    mut ed: ResMut<EditorScreen>,
) {
    // No window (a headless test): the test puts the pointer where it wants.
    let Ok(w) = windows.single() else {
        return;
    };
    let cell = w
        .cursor_position()
        .filter(|p| !egui.wants_any_pointer_input() && !ed.ui_rects.iter().any(|r| r.contains(*p)))
        .and_then(|pos| {
            let (cam, gt) = cams.iter().find(|(c, _)| c.is_active)?;
            cam.viewport_to_world_2d(gt, pos).ok()
        })
        .and_then(|p| cell_at(ed.level(), p));
    if ed.hovered != cell {
        ed.hovered = cell;
    }
}

/// The tool at the pointer's cell: a press uses it; a held button paints on (terrain or
/// hazards: the whole drag one undo step) or carries a dragged unit; right click picks
/// the unit there.
fn clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    egui: Res<EguiWantsInput>,
    mut ed: ResMut<EditorScreen>,
) {
    if !mouse.pressed(MouseButton::Left) {
        ed.stroke = None;
        ed.stroke_made = false;
        if let Some(u) = ed.drag.take()
            && let Some(c) = ed.hovered
            && ed.level().units.get(u).is_some_and(|x| x.cell != c)
            && ed.level().unit_at(c).is_none()
        {
            ed.apply(Edit::Move { unit: u, to: c });
        }
    }
    if egui.wants_any_pointer_input() {
        return;
    }
    let Some(c) = ed.hovered else {
        return;
    };
    if mouse.just_pressed(MouseButton::Right) {
        ed.picked = ed.level().unit_at(c);
        return;
    }
    let first = mouse.just_pressed(MouseButton::Left);
    if !first && !mouse.pressed(MouseButton::Left) {
        return;
    }
    let terrain = ed.terrain;
    let tool = ed.tool;
    match tool {
        Tool::Paint => {
            if ed.stroke == Some(c) {
                return;
            }
            ed.stroke = Some(c);
            let size = ed.brush.max(1);
            // A brush over cells already of the terrain changes nothing: no edit to undo.
            let l = ed.level();
            let grid = l.grid();
            let same = (0..l.height() as i32)
                .flat_map(|y| (0..l.width() as i32).map(move |x| Cell::new(x, y)))
                .filter(|&d| grid.distance(c, d) < size)
                .all(|d| l.terrain(d) == Some(terrain));
            if same {
                return;
            }
            // The whole drag is one undo step.
            ed.stroke_edit(Edit::Paint {
                at: c,
                size,
                terrain,
            });
        }
        Tool::Hazard => {
            if ed.stroke == Some(c) {
                return;
            }
            ed.stroke = Some(c);
            let want = ed.hazard_here(c);
            let there = ed.level().hazard_at(c);
            let hazard = match there {
                // A click on the same hazard takes it away; a drag leaves it.
                Some(h) if h == want => {
                    if !first {
                        return;
                    }
                    None
                }
                _ => Some(want),
            };
            ed.stroke_edit(Edit::Hazard { at: c, hazard });
        }
        Tool::Fill if first && ed.level().terrain(c) != Some(terrain) => {
            ed.apply(Edit::Fill { at: c, terrain });
        }
        Tool::Place if first => {
            if let Some(u) = ed.level().unit_at(c) {
                ed.picked = Some(u);
                return;
            }
            let Some(side) = ed.level().sides.get(ed.side).map(|s| s.name.clone()) else {
                ed.message = Some(("Add a side first.".into(), true));
                return;
            };
            let archetype = ed.archetype.clone();
            if ed.apply(Edit::Place {
                side,
                cell: c,
                archetype,
                name: None,
            }) {
                ed.picked = Some(ed.level().units.len() - 1);
            }
        }
        Tool::Move if first => match (ed.level().unit_at(c), ed.picked) {
            (Some(u), _) => {
                ed.picked = Some(u);
                ed.drag = Some(u);
            }
            (None, Some(u)) => {
                ed.apply(Edit::Move { unit: u, to: c });
            }
            (None, None) => {
                ed.message = Some(("Click a unit to move first.".into(), false));
            }
        },
        Tool::Exit if first && ed.tool_allowed(Tool::Exit) => {
            ed.apply(Edit::ToggleExit(c));
        }
        _ => {}
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    mut ed: ResMut<EditorScreen>,
    mut ask: ResMut<PlayAsk>,
    mut next: ResMut<NextState<Screen>>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    // A chord typed fast (xdotool's, a quick hand) presses and lets go of the modifier
    // within a frame or two: it still counts in the frame it is let go.
    let held = |a: KeyCode, b: KeyCode| {
        keys.any_pressed([a, b]) || keys.any_just_pressed([a, b]) || keys.any_just_released([a, b])
    };
    let ctrl = held(KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(KeyCode::ShiftLeft, KeyCode::ShiftRight);
    let k = |c: KeyCode| keys.just_pressed(c);
    if ed.help {
        if k(KeyCode::F1) || k(KeyCode::Escape) {
            ed.help = false;
        }
        return;
    }
    if ctrl {
        if k(KeyCode::KeyZ) && shift || k(KeyCode::KeyY) {
            ed.redo();
        } else if k(KeyCode::KeyZ) {
            ed.undo();
        } else if k(KeyCode::KeyS) {
            ed.save();
        }
        return;
    }
    if k(KeyCode::F1) {
        ed.help = true;
    }
    if k(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
    if k(KeyCode::F5) {
        ask.0 = Some(shift);
    }
    for (tool, key, _) in Tool::ALL {
        if k(key) && ed.tool_allowed(tool) {
            ed.tool = tool;
        }
    }
    for (i, key) in [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
    ]
    .into_iter()
    .enumerate()
    {
        if k(key) {
            ed.terrain = Terrain::ALL[i];
            if !matches!(ed.tool, Tool::Paint | Tool::Fill) {
                ed.tool = Tool::Paint;
            }
        }
    }
    if k(KeyCode::BracketLeft) {
        ed.brush = ed.brush.saturating_sub(1).max(1);
    }
    if k(KeyCode::BracketRight) {
        ed.brush = (ed.brush + 1).min(9);
    }
    if k(KeyCode::KeyS) {
        let n = ed.level().sides.len().max(1);
        ed.side = (ed.side + 1) % n;
    }
    if k(KeyCode::KeyG) {
        ed.switch_grid();
    }
    if (k(KeyCode::Delete) || k(KeyCode::Backspace))
        && let Some(u) = ed.picked
        && ed.apply(Edit::Delete { unit: u })
    {
        ed.picked = None;
    }
}

/// Arrows or a middle drag pan; the wheel, + and - zoom.
#[allow(clippy::too_many_arguments)]
fn pan_zoom(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    scroll: Option<Res<AccumulatedMouseScroll>>,
    egui: Res<EguiWantsInput>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let mut dir = Vec2::ZERO;
    if !egui.wants_any_keyboard_input() {
        for (k, d) in [
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
        ] {
            if keys.pressed(k) {
                dir += d;
            }
        }
    }
    let mut zoom = 0.0;
    if !egui.wants_any_pointer_input()
        && let Some(s) = scroll
        && s.delta.y != 0.0
    {
        zoom -= s.delta.y.signum() * 0.1;
    }
    if !egui.wants_any_keyboard_input() {
        if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
            zoom -= 0.1;
        }
        if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
            zoom += 0.1;
        }
    }
    let drag = mouse.pressed(MouseButton::Middle) && !egui.wants_any_pointer_input();
    for (mut t, mut p) in &mut cams {
        let Projection::Orthographic(o) = &mut *p else {
            continue;
        };
        if zoom != 0.0 {
            o.scale = (o.scale * (1.0 + zoom)).clamp(0.2, 5.0);
        }
        let dt = time.delta_secs().min(0.05);
        t.translation += (dir * 600.0 * o.scale * dt).extend(0.0);
        if drag && let Some(m) = &motion {
            let d = m.delta * o.scale;
            t.translation += Vec3::new(-d.x, d.y, 0.0);
        }
    }
}
