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
//! **The pad reaches everything.** The triggers walk a pick along the action bar
//! ([`bar_ring`]: the basic attack, the ruleset's actions in its order, the unit's
//! abilities, Undo), marked ▶ on the panel, and West takes it as its key or button
//! would; in a reaction prompt or a choice the shoulders (and the d-pad) move the
//! highlighted option and South takes it. So every action, ability and option 2–9 has a
//! pad path, through the same intents as the keys.
//!
//! Bevy reads pads through its `bevy_gilrs` feature (gilrs; on Linux it needs
//! libudev-dev to build, libudev at run time), which this build enables; with no pad
//! plugged in nothing happens. The headless tests drive Bevy's own gamepad systems with
//! the raw messages gilrs sends; see docs/ui.md, "Gamepad".

use bevy::input::InputSystems;
use bevy::input::gamepad::Gamepad;
use bevy::prelude::*;

use skirmish_rules::{Battle, Status};

use super::act::ActionKey;
use super::keymap::{Bind, KeyMap};
pub use super::pad_buttons::{BUTTONS, button_label, pad_label};

/// How far a stick must lean to count as a push.
pub const LEAN: f32 = 0.5;
/// A held direction repeats after this long…
pub const DELAY: f32 = 0.35;
/// …every this long.
pub const REPEAT: f32 = 0.12;

/// The binds a stick or d-pad direction presses (x right, y up, as Bevy gives them).
fn direction_binds(d: IVec2) -> &'static [Bind] {
    use Bind::*;
    match (d.x, d.y) {
        (0, 1) => &[CursorUp, LevelUp, OptionPrev],
        (0, -1) => &[CursorDown, LevelDown, OptionNext],
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

/// One entry of the action bar the pad's pick walks ([`bar_ring`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarEntry {
    /// An action: the basic attack or one of the ruleset's (as its key arms it).
    Action(ActionKey),
    /// An ability of the acting unit, by index (as its button aims or casts it).
    Ability(usize),
    /// Undo the last move (as Ctrl+Z).
    Undo,
}

/// What the pad's pick walks, in order: the basic attack, the battle's ruleset's actions
/// in its order, the acting unit's abilities, Undo. Fixed for a unit's turn (what is
/// greyed stays in, and says why when taken), so a pick's place is learnt once.
pub fn bar_ring(b: &Battle) -> Vec<BarEntry> {
    let mut out = vec![BarEntry::Action(ActionKey::attack())];
    out.extend(ActionKey::of(b).map(BarEntry::Action));
    if let Status::Turn(u) = b.status() {
        out.extend((0..b.abilities(u).len()).map(BarEntry::Ability));
    }
    out.push(BarEntry::Undo);
    out
}

/// The entry's name as the panel's pad line says it ("Attack", "Trip", "Fire Bolt",
/// "Undo move").
pub fn entry_label(b: &Battle, e: BarEntry) -> String {
    match e {
        BarEntry::Action(a) => a.label().to_string(),
        BarEntry::Ability(i) => match b.status() {
            Status::Turn(u) => b
                .ability(u, i)
                .map_or_else(|| "an ability".to_string(), |a| a.name.clone()),
            _ => "an ability".to_string(),
        },
        BarEntry::Undo => "Undo move".to_string(),
    }
}

/// The pick after `pick` moved by `step` in a ring of `n` entries (wrapping).
pub fn step_pick(pick: usize, step: i32, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    (pick as i64 + i64::from(step)).rem_euclid(n as i64) as usize
}
