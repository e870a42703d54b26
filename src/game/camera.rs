//! Camera: pan with the arrow keys, WASD or a middle-button drag; zoom with the wheel or
//! +/-. The wheel and drags over a panel belong to the panel (it scrolls), never to the
//! map; nothing moves while the handover screen hides the board. A resized window gets
//! the whole map fitted again.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw, WindowResized};
use bevy_egui::input::EguiWantsInput;

use super::act::board_hidden;
use super::map::MapLayout;
use super::{Screen, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        ((pan, zoom).run_if(not(board_hidden)), refit, note_layout)
            .chain()
            .run_if(in_state(Screen::Battle)),
    );
}

const PAN_SPEED: f32 = 500.0;

/// Is the pointer over a panel or a window of the overlay? (The side panel is drawn on
/// egui's background layer, which egui does not count as "over an area": the
/// rectangles the overlay noted decide.)
fn pointer_over_ui(
    egui: &EguiWantsInput,
    windows: &Query<&Window, With<PrimaryWindow>>,
    view: &View,
) -> bool {
    if egui.wants_any_pointer_input() {
        return true;
    }
    windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .is_some_and(|p| view.ui_rects.iter().any(|r| r.contains(p)))
}

fn pan(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    egui: Res<EguiWantsInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    view: Res<View>,
    mut dragging: Local<bool>,
    mut cams: Query<(&mut Transform, &Projection), With<Camera2d>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    // A drag that starts over a panel is the panel's.
    if mouse.just_pressed(MouseButton::Middle) {
        *dragging = !pointer_over_ui(&egui, &windows, &view);
    }
    if !mouse.pressed(MouseButton::Middle) {
        *dragging = false;
    }
    let mut dir = Vec2::ZERO;
    if !egui.wants_any_keyboard_input()
        && !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
    {
        for (k, d) in [
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::KeyA, Vec2::NEG_X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::KeyD, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::KeyW, Vec2::Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
            (KeyCode::KeyS, Vec2::NEG_Y),
        ] {
            if keys.pressed(k) {
                dir += d;
            }
        }
    }
    if dir == Vec2::ZERO && !*dragging {
        return;
    }
    // A held key sends no new input: keep the frames coming while the camera moves.
    redraw.write(RequestRedraw);
    for (mut t, proj) in &mut cams {
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        t.translation += (dir * PAN_SPEED * scale * time.delta_secs()).extend(0.0);
        if *dragging {
            let d = motion.delta * scale;
            t.translation += Vec3::new(-d.x, d.y, 0.0);
        }
    }
}

/// Where the camera must stand after zooming from `scale` to `new_scale` so that the
/// world point under the cursor (`cursor`, window pixels from the top left, in a window
/// of `size`) stays under it: zoom to the cursor.
pub fn zoom_about(at: Vec2, scale: f32, new_scale: f32, cursor: Vec2, size: Vec2) -> Vec2 {
    let off = Vec2::new(cursor.x - size.x / 2.0, size.y / 2.0 - cursor.y);
    at + off * (scale - new_scale)
}

fn zoom(
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Res<EguiWantsInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    view: Res<View>,
    mut cams: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let mut steps = 0.0;
    // The wheel zooms about the cursor; the keys about the middle of the screen.
    let mut about = None;
    // (f32::signum(0.0) is 1.0: test for zero first.)
    if scroll.delta.y != 0.0 && !pointer_over_ui(&egui, &windows, &view) {
        steps -= scroll.delta.y.signum();
        about = windows
            .single()
            .ok()
            .and_then(|w| Some((w.cursor_position()?, Vec2::new(w.width(), w.height()))));
    }
    if !egui.wants_any_keyboard_input() {
        if keys.any_just_pressed([KeyCode::Equal, KeyCode::NumpadAdd]) {
            steps -= 1.0;
        }
        if keys.any_just_pressed([KeyCode::Minus, KeyCode::NumpadSubtract]) {
            steps += 1.0;
        }
    }
    if steps == 0.0 {
        return;
    }
    for (mut p, mut t) in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            let new = (o.scale * 1.15f32.powf(steps)).clamp(0.3, 4.0);
            if let Some((cursor, size)) = about {
                let at = zoom_about(t.translation.truncate(), o.scale, new, cursor, size);
                t.translation = at.extend(t.translation.z);
            }
            o.scale = new;
        }
    }
}

/// A resized window shows the whole map again, fitted left of the side panel.
fn refit(
    mut resized: MessageReader<WindowResized>,
    windows: Query<&Window, With<PrimaryWindow>>,
    layout: Option<Res<MapLayout>>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    if resized.read().count() == 0 {
        return;
    }
    let (Some(layout), Ok(w)) = (layout, windows.single()) else {
        return;
    };
    let (at, scale) = layout.fit(w.width(), w.height());
    for (mut t, mut p) in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = scale;
        }
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
}

/// Tests read where each cell is on screen (`SKIRMISH_LAYOUT=FILE`), written again
/// whenever the camera or the window changes (atomically: aside, then renamed).
fn note_layout(
    layout: Option<Res<MapLayout>>,
    windows: Query<Ref<Window>, With<PrimaryWindow>>,
    cams: Query<(Ref<Transform>, Ref<Projection>), With<Camera2d>>,
) {
    let Some(path) = std::env::var_os("SKIRMISH_LAYOUT") else {
        return;
    };
    let (Some(layout), Ok(w)) = (layout, windows.single()) else {
        return;
    };
    let Some((t, p)) = cams.iter().next() else {
        return;
    };
    if !(layout.is_changed() || w.is_changed() || t.is_changed() || p.is_changed()) {
        return;
    }
    let scale = match &*p {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let text = layout.screen_lines(t.translation.truncate(), scale, w.width(), w.height());
    let path = std::path::PathBuf::from(path);
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        return;
    }
    let tmp = path.with_extension("tmp");
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, &path);
    }
}
