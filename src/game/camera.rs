//! Camera: pan with Shift and the arrow keys or WASD (the key map's Pan binds; the arrows
//! alone move the cell cursor, which the camera follows when it leaves the view) or a
//! middle-button drag; zoom with the wheel or +/-. The wheel and drags over a panel belong to the panel (it scrolls), never to the
//! map; nothing moves while the handover screen hides the board. A resized window gets
//! the whole map fitted again. The camera glides to a point ([`Glide`]: the replay after
//! a handover, the minimap) and, when the setting is on, to the unit whose turn starts
//! if it is out of view (`follow`), never while the player pans.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw, WindowResized};
use bevy_egui::input::EguiWantsInput;

use skirmish_rules::components::UnitId;

use super::act::board_hidden;
use super::framing::{Glide, frame_points, glide_at, view_rect};
use super::keymap::{Bind, KeyMap};
use super::layout::MapLayout;
use super::prefs::AnimSpeed;
use super::replay::Replay;
use super::{BattleRes, GameSystems, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Glide>().add_systems(
        Update,
        (
            (pan, zoom, follow, follow_cursor, follow_prompt, glide).run_if(not(board_hidden)),
            refit,
            note_layout,
        )
            .chain()
            .in_set(GameSystems::View)
            .run_if(in_state(Screen::Battle)),
    );
}

/// How long a glide takes at normal animation speed, in seconds.
const GLIDE_SECS: f32 = 0.4;

fn glide(
    time: Res<Time>,
    view: Res<View>,
    mut g: ResMut<Glide>,
    mut cams: Query<&mut Transform, With<Camera2d>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some((from, to, t)) = g.to else { return };
    let t = match view.anim_speed {
        AnimSpeed::Instant => 1.0,
        s => t + time.delta_secs() * s.factor() / GLIDE_SECS,
    };
    let at = glide_at(from, to, t);
    for mut tr in &mut cams {
        tr.translation.x = at.x;
        tr.translation.y = at.y;
    }
    g.to = (t < 1.0).then_some((from, to, t));
    redraw.write(RequestRedraw);
}

/// The camera, its scale and the window's size, if there are both.
fn camera_now(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cams: &Query<(&Transform, &Projection), With<Camera2d>>,
) -> Option<(Vec2, f32, Vec2)> {
    let w = windows.single().ok()?;
    let (t, p) = cams.iter().next()?;
    let scale = match p {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    Some((
        t.translation.truncate(),
        scale,
        Vec2::new(w.width(), w.height()),
    ))
}

/// The camera follows the active unit (Settings, on by default): when a unit's turn
/// starts (an AI's or a person's) out of view, the camera glides to it. Not while the
/// player pans (the turn's start is then let go), not during the replay after a handover
/// (the turn's start is taken up once it is over).
#[allow(clippy::too_many_arguments)]
fn follow(
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<View>,
    replay: Res<Replay>,
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    mouse: Res<ButtonInput<MouseButton>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Transform, &Projection), With<Camera2d>>,
    mut g: ResMut<Glide>,
    mut last: Local<Option<UnitId>>,
    session: Res<Session>,
) {
    let cur = battle.0.current();
    if battle.is_added() {
        // A battle starts (from the menu, a save): its acting unit is followed,
        // whichever unit acted last in the one before.
        *last = None;
    }
    // (Not before the battle's map is laid out: its first turn is taken up then.)
    let Some(layout) = layout else { return };
    if cur == *last || replay.running() {
        return;
    }
    *last = cur;
    let Some(u) = cur else {
        return;
    };
    // A foe hidden from the side looking is not given away by the camera (`sight`).
    let looking = super::act::viewing_side(&battle.0, &session);
    if !super::sight::seen_by(&battle.0, looking, u) {
        return;
    }
    if !view.follow || player_pans(&keys, &map, &mouse) {
        return;
    }
    let Some((at, scale, size)) = camera_now(&windows, &cams) else {
        return;
    };
    let p = layout.world(battle.0.pos(u));
    let r = view_rect(at, scale, size.x, size.y);
    if let Some(to) = frame_points(r, &[p], layout.tile().y, scale, size.y) {
        g.start(at, to);
    }
}

/// Is the player moving the camera (a pan key held, the middle button dragging)?
pub fn player_pans(
    keys: &ButtonInput<KeyCode>,
    map: &KeyMap,
    mouse: &ButtonInput<MouseButton>,
) -> bool {
    mouse.pressed(MouseButton::Middle)
        || [Bind::PanUp, Bind::PanDown, Bind::PanLeft, Bind::PanRight]
            .into_iter()
            .any(|b| map.held(b, keys))
}

/// The camera keeps the cell cursor in view while the keys move it: when it leaves the
/// map area (less than a cell to spare), the camera glides to it.
fn follow_cursor(
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Transform, &Projection), With<Camera2d>>,
    mut g: ResMut<Glide>,
    mut last: Local<Option<skirmish_rules::grid::Cell>>,
) {
    let at = view.cursor.filter(|_| view.keyboard);
    if at == *last {
        return;
    }
    *last = at;
    let (Some(c), Some(layout)) = (at, layout) else {
        return;
    };
    let Some((cam, scale, size)) = camera_now(&windows, &cams) else {
        return;
    };
    let p = layout.world(c);
    let r = view_rect(cam, scale, size.x, size.y);
    if let Some(to) = frame_points(r, &[p], layout.tile().y, scale, size.y) {
        g.start(cam, to);
    }
}

/// A reaction window opens (issue 31): once the replay after a handover is over, the
/// camera glides to show the units involved (the reactor, who set it off, its target),
/// unless they are in view already. Once a window.
#[allow(clippy::too_many_arguments)]
fn follow_prompt(
    battle: Res<BattleRes>,
    replay: Res<Replay>,
    layout: Option<Res<MapLayout>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Transform, &Projection), With<Camera2d>>,
    mut g: ResMut<Glide>,
    mut last: Local<Option<usize>>,
) {
    let b = &battle.0;
    let Some(w) = b.window().filter(|_| !battle.is_added()) else {
        *last = None;
        return;
    };
    let key = Some(b.log().len());
    if *last == key || replay.running() {
        return;
    }
    let (Some(layout), Some((cam, scale, size))) = (layout, camera_now(&windows, &cams)) else {
        return;
    };
    *last = key;
    let pts: Vec<Vec2> = super::act::offers::involved(b, w)
        .units()
        .into_iter()
        .map(|u| layout.world(b.pos(u)))
        .collect();
    let r = view_rect(cam, scale, size.x, size.y);
    if let Some(to) = frame_points(r, &pts, layout.tile().y, scale, size.y) {
        g.start(cam, to);
    }
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

/// The longest time step a key pan moves by in one frame, in seconds.
const MAX_PAN_STEP: f32 = 0.05;

#[allow(clippy::too_many_arguments)]
fn pan(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    egui: Res<EguiWantsInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    view: Res<View>,
    mut dragging: Local<bool>,
    mut cams: Query<(&mut Transform, &Projection), With<Camera2d>>,
    mut glide: ResMut<Glide>,
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
    if !egui.wants_any_keyboard_input() {
        for (b, d) in [
            (Bind::PanLeft, Vec2::NEG_X),
            (Bind::PanRight, Vec2::X),
            (Bind::PanUp, Vec2::Y),
            (Bind::PanDown, Vec2::NEG_Y),
        ] {
            if map.held(b, &keys) {
                dir += d;
            }
        }
    }
    if dir == Vec2::ZERO && !*dragging {
        return;
    }
    // The player takes over from a glide.
    glide.stop();
    // A held key sends no new input: keep the frames coming while the camera moves.
    redraw.write(RequestRedraw);
    for (mut t, proj) in &mut cams {
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        // The first frame after the window slept has the whole sleep as its time step:
        // a tap would throw the view far away. One frame moves at most MAX_PAN_STEP's worth.
        let dt = time.delta_secs().min(MAX_PAN_STEP);
        t.translation += (dir * PAN_SPEED * scale * dt).extend(0.0);
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

#[allow(clippy::too_many_arguments)]
fn zoom(
    keys: Res<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    scroll: Res<AccumulatedMouseScroll>,
    egui: Res<EguiWantsInput>,
    windows: Query<&Window, With<PrimaryWindow>>,
    view: Res<View>,
    mut cams: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    mut glide: ResMut<Glide>,
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
        if map.just(Bind::ZoomIn, &keys) {
            steps -= 1.0;
        }
        if map.just(Bind::ZoomOut, &keys) {
            steps += 1.0;
        }
    }
    if steps == 0.0 {
        return;
    }
    glide.stop();
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
    mut glide: ResMut<Glide>,
) {
    if resized.read().count() == 0 {
        return;
    }
    let (Some(layout), Ok(w)) = (layout, windows.single()) else {
        return;
    };
    let (at, scale) = layout.fit(w.width(), w.height());
    glide.stop();
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
    let _ = crate::files::write_atomic(&path, text.as_bytes());
}
