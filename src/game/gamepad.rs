//! The gamepad (issue 31, "keyboard and gamepad first"): Bevy's gamepad input drives the
//! same [`Bind`]s the keys do. Each frame, before the input systems read the keys, the
//! buttons pressed on any pad become binds pressed ([`KeyMap::set_pad`]); every
//! system that asks [`KeyMap::just`] or [`KeyMap::held`] hears the pad as it hears the
//! keys (the board, the dialogs, the camera, the level menu), through the one routing
//! rule of `input` (the open dialog reads first). A button stands for one bind per place
//! it acts in (South: Confirm on the board, Accept on a prompt, Yes on "End the turn?",
//! Start in the level menu), as Enter does.
//!
//! The d-pad and the left stick move the cell cursor (and the level menu's choice): a
//! cell on the push, then a cell every [`REPEAT`] while held, after [`DELAY`]. The right
//! stick pans the camera.
//!
//! Bevy reads pads through its `bevy_gilrs` feature (gilrs; on Linux it needs
//! libudev). This build enables `gamepad` (the types and the event processing, which the
//! headless tests drive with Bevy's own gamepad messages); see docs/ui.md, "Gamepad".

use bevy::input::InputSystems;
use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;

use super::keymap::{Bind, KeyMap};

/// How far a stick must lean to count as a push.
pub const LEAN: f32 = 0.5;
/// A held direction repeats after this long…
pub const DELAY: f32 = 0.35;
/// …every this long.
pub const REPEAT: f32 = 0.12;

/// Each button and the binds it presses, in help's order.
pub const BUTTONS: &[(GamepadButton, &[Bind])] = {
    use Bind::*;
    use GamepadButton as G;
    &[
        (G::South, &[Confirm, Accept, Yes, ShowBoard, Start]),
        (G::East, &[Escape, No, Close, Resume, Leave]),
        (G::North, &[EndTurn]),
        (G::West, &[Attack, CastPicked]),
        (G::LeftTrigger, &[PrevTarget]),
        (G::RightTrigger, &[NextTarget]),
        (G::LeftTrigger2, &[Undo]),
        (G::RightTrigger2, &[NextAbility]),
        (G::Start, &[Menu, Resume]),
        (G::Select, &[Help]),
        (G::RightThumb, &[Actor]),
        (G::LeftThumb, &[Threat]),
    ]
};

/// A button's name as help shows it.
pub fn button_label(b: GamepadButton) -> &'static str {
    use GamepadButton as G;
    match b {
        G::South => "pad South (A / Cross)",
        G::East => "pad East (B / Circle)",
        G::North => "pad North (Y / Triangle)",
        G::West => "pad West (X / Square)",
        G::LeftTrigger => "pad left shoulder",
        G::RightTrigger => "pad right shoulder",
        G::LeftTrigger2 => "pad left trigger",
        G::RightTrigger2 => "pad right trigger",
        G::Start => "pad Start",
        G::Select => "pad Select",
        G::RightThumb => "pad right stick click",
        G::LeftThumb => "pad left stick click",
        _ => "pad",
    }
}

/// The pad's buttons for `b`, as help shows them ("pad South (A / Cross)"; the d-pad and
/// the sticks for the cursor, the level menu and the camera).
pub fn pad_label(b: Bind) -> Option<String> {
    use Bind::*;
    let stick = match b {
        CursorUp | CursorDown | CursorLeft | CursorRight => Some("pad d-pad / left stick"),
        LevelUp | LevelDown => Some("pad d-pad up / down"),
        PanUp | PanDown | PanLeft | PanRight => Some("pad right stick"),
        _ => None,
    };
    let buttons: Vec<&str> = BUTTONS
        .iter()
        .filter(|(_, binds)| binds.contains(&b))
        .map(|(g, _)| button_label(*g))
        .collect();
    let all: Vec<&str> = stick.into_iter().chain(buttons).collect();
    (!all.is_empty()).then(|| all.join(" / "))
}

/// The binds a stick or d-pad direction presses (x right, y up, as Bevy gives them).
fn direction_binds(d: IVec2) -> &'static [Bind] {
    use Bind::*;
    match (d.x, d.y) {
        (0, 1) => &[CursorUp, LevelUp],
        (0, -1) => &[CursorDown, LevelDown],
        (-1, 0) => &[CursorLeft],
        (1, 0) => &[CursorRight],
        _ => &[],
    }
}

/// The direction a stick or the d-pad leans to (the stronger axis; zero under [`LEAN`]).
fn lean(v: Vec2) -> IVec2 {
    if v.x.abs().max(v.y.abs()) < LEAN {
        IVec2::ZERO
    } else if v.x.abs() > v.y.abs() {
        IVec2::new(v.x.signum() as i32, 0)
    } else {
        IVec2::new(0, v.y.signum() as i32)
    }
}

/// The held direction and how long until it repeats.
#[derive(Default)]
struct Held {
    dir: IVec2,
    wait: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyMap>()
        .add_systems(PreUpdate, read_pads.after(InputSystems));
}

/// The pads' buttons and sticks → the binds pressed this frame (and held) in the
/// [`KeyMap`].
fn read_pads(
    pads: Query<&Gamepad>,
    time: Res<Time>,
    mut map: ResMut<KeyMap>,
    mut held: Local<Held>,
) {
    let mut just = Vec::new();
    let mut down = Vec::new();
    let mut dir = IVec2::ZERO;
    for pad in &pads {
        for (button, binds) in BUTTONS {
            if pad.just_pressed(*button) {
                just.extend_from_slice(binds);
            }
            if pad.pressed(*button) {
                down.extend_from_slice(binds);
            }
        }
        if dir == IVec2::ZERO {
            dir = lean(pad.dpad());
        }
        if dir == IVec2::ZERO {
            dir = lean(pad.left_stick());
        }
        let pan = lean(pad.right_stick());
        use Bind::*;
        down.extend(match (pan.x, pan.y) {
            (0, 1) => Some(PanUp),
            (0, -1) => Some(PanDown),
            (-1, 0) => Some(PanLeft),
            (1, 0) => Some(PanRight),
            _ => None,
        });
    }
    if dir != held.dir {
        *held = Held { dir, wait: DELAY };
        just.extend_from_slice(direction_binds(dir));
    } else if dir != IVec2::ZERO {
        held.wait -= time.delta_secs();
        if held.wait <= 0.0 {
            held.wait += REPEAT;
            just.extend_from_slice(direction_binds(dir));
        }
    }
    // Untouched while no pad speaks: the key map changes only when the player rebinds.
    if !just.is_empty() || !down.is_empty() || map.pad_active() {
        map.bypass_change_detection().set_pad(just, down);
    }
}
