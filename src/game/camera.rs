//! Camera: pan with the arrow keys, WASD or a middle-button drag; zoom with the wheel or
//! +/-.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (pan, zoom).run_if(in_state(Screen::Battle)));
}

const PAN_SPEED: f32 = 500.0;

fn pan(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    egui: Res<EguiWantsInput>,
    mut cams: Query<(&mut Transform, &Projection), With<Camera2d>>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    let mut dir = Vec2::ZERO;
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
        if keys.pressed(k) && !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]) {
            dir += d;
        }
    }
    for (mut t, proj) in &mut cams {
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        t.translation += (dir * PAN_SPEED * scale * time.delta_secs()).extend(0.0);
        if mouse.pressed(MouseButton::Middle) {
            let d = motion.delta * scale;
            t.translation += Vec3::new(-d.x, d.y, 0.0);
        }
    }
}

fn zoom(
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Res<EguiWantsInput>,
    mut cams: Query<&mut Projection, With<Camera2d>>,
) {
    let mut steps = 0.0;
    // (f32::signum(0.0) is 1.0: test for zero first.)
    if !egui.wants_any_pointer_input() && scroll.delta.y != 0.0 {
        steps -= scroll.delta.y.signum();
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
    for mut p in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = (o.scale * 1.15f32.powf(steps)).clamp(0.3, 4.0);
        }
    }
}
