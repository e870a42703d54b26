//! Redraw only when something changes. The window runs in winit's reactive mode: it
//! sleeps until input, a window event or a redraw request arrives (or a few seconds
//! pass), instead of drawing every frame with nothing changing. What moves by itself
//! asks for the next frame: unit animations and floating numbers (`map`), the camera
//! while a key holds it moving (`camera`), the AI's pace (`act::ai`), a state change on
//! its way, images still loading, and egui when it asks for a repaint, now or after a
//! delay (a tooltip's).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use bevy::asset::{LoadState, UntypedHandle};
use bevy::prelude::*;
use bevy::state::state::NextState;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiContext, EguiInput, egui};

use super::Screen;

/// The longest the window sleeps with nothing happening.
const IDLE_WAIT: Duration = Duration::from_secs(10);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
    })
    .add_systems(Startup, preload)
    .add_systems(
        PreUpdate,
        quiet_modifiers.after(bevy_egui::EguiPreUpdateSet::ProcessInput),
    )
    .add_systems(Update, egui_wakes_later)
    .add_systems(Last, (loading, state_change, window_changed, after_input));
}

/// bevy_egui 0.42 tells egui the modifier keys every frame, changed or not, and egui
/// takes any input event as a reason to paint the next frame at once: the window would
/// never rest. Pass the modifiers on only when they change (egui keeps the last ones).
fn quiet_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        if !input
            .events
            .iter()
            .any(|e| matches!(e, egui::Event::ModifiersChanged(_)))
        {
            continue;
        }
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) if *last == Some(*m) => false,
            egui::Event::ModifiersChanged(m) => {
                *last = Some(*m);
                true
            }
            _ => true,
        });
    }
}

/// Images the battle screen uses, loaded at start so that the frames keep coming until
/// they are in (nothing else would wake the window when a load finishes).
#[derive(Resource)]
struct Preload(Vec<UntypedHandle>);

fn preload(mut commands: Commands, assets: Res<AssetServer>) {
    let mut v: Vec<UntypedHandle> = ["hex_tiles.png", "square_tiles.png"]
        .into_iter()
        .map(|p| assets.load::<Image>(p).untyped())
        .collect();
    for grid in ["square", "hex"] {
        for what in ["outline", "hatch"] {
            v.push(
                assets
                    .load::<Image>(format!("marks/{grid}_{what}.png"))
                    .untyped(),
            );
        }
    }
    for p in ["marks/dot.png", "marks/warn.png"] {
        v.push(assets.load::<Image>(p).untyped());
    }
    commands.insert_resource(Preload(v));
}

/// Frames keep coming while an image loads, and a few more after (the renderer takes
/// the image in on the frames after it loaded).
fn loading(
    assets: Res<AssetServer>,
    preload: Option<Res<Preload>>,
    mut settle: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let busy = preload.is_some_and(|p| {
        p.0.iter()
            .any(|h| matches!(assets.load_state(h.id()), LoadState::Loading))
    });
    if busy {
        *settle = 4;
    }
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
}

/// A window resized (or moved to another scale) is drawn again over a few frames: the
/// renderer takes the new size in on the frame after the one that saw it, and with
/// nothing else waking the window the last frame shown would keep the old layout.
fn window_changed(
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut scaled: MessageReader<bevy::window::WindowScaleFactorChanged>,
    mut settle: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if resized.read().count() + scaled.read().count() > 0 {
        *settle = 4;
    }
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
}

/// A key, a mouse button or the wheel: four more frames after the one that read it. The
/// window sleeps between inputs, and what the input changed can show only on a later
/// frame (a window egui opens is sized on its first frame and drawn on the next; the Esc
/// menu stayed undrawn until the next input without this, on real hardware as under
/// Xvfb, where the screen also shows a frame or two behind the last: at 1280×800, the
/// size of the X screen, two more frames were not enough).
fn after_input(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut settle: Local<u8>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if keys.read().count() + buttons.read().count() + wheel.read().count() > 0 {
        *settle = 4;
    }
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
}

/// A screen change asked for this frame happens at the start of the next: ask for it.
fn state_change(next: Res<NextState<Screen>>, mut redraw: MessageWriter<RequestRedraw>) {
    if matches!(*next, NextState::Pending(_) | NextState::PendingIfNeq(_)) {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui wakes the window when egui asks for a repaint at once, not when it asks for
/// one later (a tooltip shows after a short rest of the pointer; a text cursor blinks).
/// Take over egui's repaint callback: at once → wake now; later → a timer thread wakes
/// the window then.
fn egui_wakes_later(
    mut added: Query<&mut EguiContext, Added<EguiContext>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let Some(proxy) = proxy else { return };
    for mut ctx in &mut added {
        let now = (**proxy).clone();
        let later = (**proxy).clone();
        let (tx, rx) = mpsc::channel::<Instant>();
        let spawned = std::thread::Builder::new()
            .name("egui-repaint-timer".into())
            .spawn(move || timer(rx, move || later.send_event(WinitUserEvent::WakeUp).is_ok()));
        if spawned.is_err() {
            continue; // bevy_egui's own callback stays
        }
        ctx.get_mut().set_request_repaint_callback(move |info| {
            if info.delay.is_zero() {
                let _ = now.send_event(WinitUserEvent::WakeUp);
            } else if let Some(at) = Instant::now().checked_add(info.delay) {
                let _ = tx.send(at);
            }
        });
    }
}

/// Wake the window at the earliest instant asked for; ends when the sender is gone.
fn timer(rx: mpsc::Receiver<Instant>, wake: impl Fn() -> bool) {
    let mut due: Option<Instant> = None;
    loop {
        let got = match due {
            None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            Some(at) => rx.recv_timeout(at.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(at) => due = Some(due.map_or(at, |d| d.min(at))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                due = None;
                if !wake() {
                    return;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}
