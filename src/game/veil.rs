//! The board dims behind a dialog (issue 31): while a dialog, menu or prompt is open (the
//! one input-routing rule, [`dialog::open`]), a dark, half-clear sprite covers the whole
//! view of the map, over every map sprite and under egui's pass (which draws the dialog and
//! the panels after the 2D pass). A sprite in the camera's own world, not a bevy_ui node:
//! the build has no bevy_ui (its feature is not in `Cargo.toml`), and a sprite that follows
//! the camera and its zoom does the same in the 2D pass.
//!
//! The veil also wakes the window for a few frames whenever the open dialog changes: the
//! window sleeps between inputs (`idle`), and the frame that opened or closed a dialog
//! must be followed by the ones that draw it.

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};

use super::dialog::{self, Dialog};
use super::{BattleRes, Screen, Session, View};

/// The veil's colour: black at 45%.
pub const VEIL: Color = Color::srgba(0.0, 0.0, 0.0, 0.45);
/// Above every map sprite (the highest, floating numbers, sit near 30).
const VEIL_Z: f32 = 100.0;

/// The sprite that dims the board; visible exactly while a dialog is open.
#[derive(Component, Debug)]
pub struct Veil;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        veil.before(bevy::transform::TransformSystems::Propagate),
    );
}

fn veil(
    mut commands: Commands,
    screen: Res<State<Screen>>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    view: Res<View>,
    mut veils: Query<(&mut Visibility, &mut Transform, &mut Sprite), With<Veil>>,
    cams: Query<(&Transform, &Projection), (With<Camera2d>, Without<Veil>)>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut last: Local<Option<Dialog>>,
    mut settle: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let open = match (*screen.get(), battle, session) {
        (Screen::Battle, Some(b), Some(s)) => dialog::open(&b.0, &s, &view),
        _ => None,
    };
    if open != *last {
        *last = open;
        *settle = 5;
    }
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
    let Ok((mut vis, mut tf, mut sprite)) = veils.single_mut() else {
        commands.spawn((
            Veil,
            Sprite::from_color(VEIL, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, VEIL_Z),
            if open.is_some() {
                Visibility::Visible
            } else {
                Visibility::Hidden
            },
        ));
        return;
    };
    let want = if open.is_some() {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    vis.set_if_neq(want);
    if open.is_none() {
        return;
    }
    // The whole view: the camera's centre, the window's size at the camera's zoom (and a
    // margin, so no edge shows while the camera moves).
    let (Ok((cam, proj)), Ok(w)) = (cams.single(), windows.single()) else {
        return;
    };
    let scale = match proj {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let size = Vec2::new(w.width(), w.height()) * scale * 1.5;
    let at = cam.translation.truncate().extend(VEIL_Z);
    if tf.translation != at {
        tf.translation = at;
    }
    if sprite.custom_size != Some(size) {
        sprite.custom_size = Some(size);
    }
}
