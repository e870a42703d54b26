//! Mouse and keyboard → [`Intent`]. Nothing here changes the battle. While a dialog,
//! menu or prompt is open ([`dialog::open`]), only its own keys are read and a click on
//! the board beside it plays nothing: the board hears input only when no dialog is up.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use skirmish_rules::{Battle, Status};

use super::act::ActionKey;
use super::dialog::{self, Dialog};
use super::layout::MapLayout;
use super::replay::Replay;
use super::{BattleRes, GameSystems, Intent, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hover, clicks, keys)
            .chain()
            .in_set(GameSystems::Input)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The cursor in world space, if over the map and not over a panel.
fn cursor_world(
    windows: &Query<&Window, With<PrimaryWindow>>,
    cams: &Query<(&Camera, &GlobalTransform)>,
    view: &View,
) -> Option<Vec2> {
    let w = windows.single().ok()?;
    let pos = w.cursor_position()?;
    if view.ui_rects.iter().any(|r| r.contains(pos)) {
        return None;
    }
    let (cam, gt) = cams.iter().next()?;
    cam.viewport_to_world_2d(gt, pos).ok()
}

fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    layout: Option<Res<MapLayout>>,
    egui: Res<EguiWantsInput>,
    mut view: ResMut<View>,
) {
    let Some(layout) = layout else { return };
    let cell = if egui.is_pointer_over_area() {
        None
    } else {
        cursor_world(&windows, &cams, &view).and_then(|p| layout.cell_at(p))
    };
    if view.hovered != cell {
        view.hovered = cell;
    }
}

/// Mouse buttons → intent. A dialog that is open takes the click: a click on the board
/// beside it plays nothing ("End the turn?" and a chooser close, [`Dialog`]).
fn clicks(
    mouse: Res<ButtonInput<MouseButton>>,
    egui: Res<EguiWantsInput>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    view: Res<View>,
    replay: Res<Replay>,
    mut intent: ResMut<Intent>,
) {
    if egui.wants_any_pointer_input() {
        return;
    }
    let left = mouse.just_pressed(MouseButton::Left) && view.hovered.is_some();
    let right = mouse.just_pressed(MouseButton::Right);
    if !left && !right {
        return;
    }
    match dialog::open(&battle.0, &session, &view) {
        None => {
            if left {
                intent.click = view.hovered;
                // A click on the map during the replay after a handover lands it at once
                // (and then acts as usual).
                intent.skip_replay |= replay.running();
            }
            if right {
                intent.cancel = true;
            }
        }
        Some(d) if d.closed_by_board_click() => intent.cancel = true,
        Some(_) => {}
    }
}

/// Keys → intent: the open dialog's keys only ([`Dialog`]); the board's keys when none is
/// open.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Res<EguiWantsInput>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    replay: Res<Replay>,
    mut view: ResMut<View>,
    mut intent: ResMut<Intent>,
) {
    if egui.wants_any_keyboard_input() {
        return;
    }
    let b = &battle.0;
    let dialog = dialog::open(b, &session, &view);
    if dialog == Some(Dialog::Handover) {
        // The handover screen has its own key, and nothing behind it hears any other.
        if keys.just_pressed(KeyCode::Space) {
            intent.handover = true;
        }
        return;
    }
    // A fast chord (press and release within one frame) leaves the modifier "just
    // released" rather than "pressed": count both.
    let held = |a: KeyCode, b: KeyCode| keys.any_pressed([a, b]) || keys.any_just_released([a, b]);
    let ctrl = held(KeyCode::ControlLeft, KeyCode::ControlRight);
    let shift = held(KeyCode::ShiftLeft, KeyCode::ShiftRight);
    if keys.just_pressed(KeyCode::F1) || (shift && keys.just_pressed(KeyCode::Slash)) {
        view.help = !view.help;
        return;
    }
    if dialog == Some(Dialog::Settings) {
        // The settings screen is open: Esc closes it, no other key acts.
        if keys.just_pressed(KeyCode::Escape) {
            view.settings_open = false;
        }
        return;
    }
    if keys.just_pressed(KeyCode::F2) {
        view.minimap = !view.minimap;
    }
    if replay.running() && keys.any_just_pressed([KeyCode::Space, KeyCode::Escape]) {
        // Space or Esc during the replay after a handover: the rest lands at once (and
        // nothing else: Esc opens no menu, cancels nothing).
        intent.skip_replay = true;
        return;
    }
    match dialog {
        Some(Dialog::Handover | Dialog::Settings) => {}
        Some(Dialog::Menu) => {
            if keys.just_pressed(KeyCode::KeyO) {
                view.battle_menu = false;
                view.settings_open = true;
            }
            if keys.any_just_pressed([KeyCode::Escape, KeyCode::Enter]) {
                view.battle_menu = false;
            }
            if keys.just_pressed(KeyCode::KeyR) {
                view.battle_menu = false;
                intent.restart = true;
            }
            if keys.just_pressed(KeyCode::KeyN) {
                view.battle_menu = false;
                intent.restart = true;
                intent.new_dice = true;
            }
            if keys.just_pressed(KeyCode::KeyQ) {
                view.battle_menu = false;
                intent.menu = true;
            }
        }
        Some(Dialog::Help) => {
            if keys.just_pressed(KeyCode::Escape) {
                view.help = false;
            }
        }
        Some(Dialog::Words) => {
            // (The text field has the keyboard while it has the focus.)
            if keys.just_pressed(KeyCode::Escape) {
                intent.cancel = true;
            }
        }
        Some(Dialog::Reaction) => {
            let options = b.window().map(|w| w.options.clone()).unwrap_or_default();
            if keys.any_just_pressed([KeyCode::KeyY, KeyCode::Enter])
                && let Some(o) = options.first()
            {
                intent.react = Some(Some(*o));
            }
            if keys.any_just_pressed([KeyCode::KeyN, KeyCode::Escape]) {
                intent.react = Some(None);
            }
            for (i, k) in DIGITS.iter().enumerate() {
                if keys.just_pressed(*k)
                    && let Some(o) = options.get(i)
                {
                    intent.react = Some(Some(*o));
                }
            }
        }
        Some(Dialog::Victory) => {
            if keys.just_pressed(KeyCode::KeyR) {
                intent.restart = true;
            }
            if keys.any_just_pressed([KeyCode::KeyM, KeyCode::Escape]) {
                intent.menu = true;
            }
        }
        Some(Dialog::ConfirmEnd) => {
            // Y ends the turn, N or Esc keeps playing; nothing else acts meanwhile (not
            // even Enter: a second press must not end the turn).
            if keys.just_pressed(KeyCode::KeyY) {
                intent.confirm_end = Some(true);
            }
            if keys.any_just_pressed([KeyCode::KeyN, KeyCode::Escape]) {
                intent.confirm_end = Some(false);
            }
        }
        Some(Dialog::Chooser) => {
            // Its digits answer it; nothing else acts meanwhile.
            let n = view.chooser.as_ref().map_or(0, |c| c.options.len());
            for (i, k) in DIGITS.iter().enumerate().take(n) {
                if keys.just_pressed(*k) {
                    intent.choose = Some(i);
                }
            }
            if keys.just_pressed(KeyCode::Escape) {
                intent.cancel = true;
            }
        }
        None => board_keys(&keys, b, ctrl, &mut view, &mut intent),
    }
}

/// The board's keys, with no dialog open, on a unit's turn.
fn board_keys(
    keys: &ButtonInput<KeyCode>,
    b: &Battle,
    ctrl: bool,
    view: &mut View,
    intent: &mut Intent,
) {
    if !matches!(b.status(), Status::Turn(_)) {
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        intent.undo = true;
        return;
    }
    if view.casting.is_some() && keys.just_pressed(KeyCode::Enter) {
        // Enter casts the ability being aimed (with the targets picked).
        intent.cast = true;
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter]) {
        // Enter ends the turn (asking first when actions are left). Space does not: it
        // only ever dismisses the handover screen.
        intent.end_turn = true;
    }
    if keys.just_pressed(KeyCode::Space) {
        intent.space = true;
    }
    if !ctrl && keys.just_pressed(KeyCode::KeyM) {
        intent.next_ability = true;
    }
    if keys.just_pressed(KeyCode::Escape) {
        // Esc cancels what is under way; with nothing to cancel it opens the in-battle
        // menu.
        if view.pending.is_none() && view.casting.is_none() && view.selected.is_none() {
            view.battle_menu = true;
        } else {
            intent.cancel = true;
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        intent.cycle = true;
    }
    if keys.just_pressed(KeyCode::KeyT) {
        view.threat = !view.threat;
    }
    if !ctrl {
        for a in ActionKey::of(b) {
            if a.key().is_some_and(|k| keys.just_pressed(k)) {
                intent.action = Some(a);
            }
        }
    }
}

const DIGITS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];
