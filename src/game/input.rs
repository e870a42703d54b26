//! Mouse and keyboard → [`Intent`]. Nothing here changes the battle. While a dialog,
//! menu or prompt is open ([`dialog::open`]), only its own keys are read and a click on
//! the board beside it plays nothing: the board hears input only when no dialog is up.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use skirmish_rules::abilities::Targeting;
use skirmish_rules::{Battle, Status};

use super::act::ActionKey;
use super::dialog::{self, Dialog};
use super::keymap::{Bind, Chord, KeyMap, OPTION_KEYS};
use super::layout::MapLayout;
use super::replay::Replay;
use super::{BattleRes, GameSystems, Intent, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyMap>()
        .add_systems(
            Update,
            (hover, clicks, keys)
                .chain()
                .in_set(GameSystems::Input)
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(
            Update,
            dialog::keep_to_the_dialog
                .after(GameSystems::Input)
                .before(GameSystems::Act)
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

/// The cell under the pointer, while the mouse has the board: once the keys move the
/// cell cursor, the pointer's cell counts again only when the pointer moves or clicks
/// (the cursor then hides).
fn hover(
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    layout: Option<Res<MapLayout>>,
    egui: Res<EguiWantsInput>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut view: ResMut<View>,
    mut last: Local<Option<Vec2>>,
) {
    let Some(layout) = layout else { return };
    let pointer = windows.single().ok().and_then(|w| w.cursor_position());
    // A click where the pointer stands is the pointer's, even if it did not move.
    let moved = pointer != *last || mouse.get_just_pressed().next().is_some();
    *last = pointer;
    if view.keyboard {
        if !moved || pointer.is_none() {
            return;
        }
        view.keyboard = false;
    }
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
/// open. Every key is read through the [`KeyMap`].
#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut presses: MessageReader<bevy::input::keyboard::KeyboardInput>,
    map: Res<KeyMap>,
    egui: Res<EguiWantsInput>,
    battle: Res<BattleRes>,
    session: Res<Session>,
    replay: Res<Replay>,
    mut view: ResMut<View>,
    mut intent: ResMut<Intent>,
    mut opened: Local<Option<(Dialog, usize)>>,
) {
    if map.pad_active() && !view.pad_seen {
        view.pad_seen = true;
    }
    // A prompt or a choice that opens starts with its first option highlighted.
    let now = dialog::open(&battle.0, &session, &view)
        .filter(|d| matches!(d, Dialog::Reaction | Dialog::Chooser))
        .map(|d| (d, battle.0.log().len()));
    if now != *opened {
        *opened = now;
        if view.option_pick != 0 {
            view.option_pick = 0;
        }
    }
    if egui.wants_any_keyboard_input() {
        return;
    }
    // Every press this frame, in order: at a slow frame two presses of one key (an arrow
    // tapped twice) both count, where `just_pressed` would see one.
    let pressed: Vec<KeyCode> = presses
        .read()
        .filter(|e| e.state == bevy::input::ButtonState::Pressed)
        .map(|e| e.key_code)
        .collect();
    let b = &battle.0;
    let k = |bind: Bind| map.just(bind, &keys);
    let dialog = dialog::open(b, &session, &view);
    if dialog == Some(Dialog::Handover) {
        // The handover screen has its own key, and nothing behind it hears any other.
        if k(Bind::ShowBoard) {
            intent.handover = true;
        }
        return;
    }
    if k(Bind::Help) {
        view.help = !view.help;
        return;
    }
    if dialog == Some(Dialog::Settings) {
        // The settings screen is open: Esc closes it, no other key acts.
        if k(Bind::Close) {
            view.settings_open = false;
        }
        return;
    }
    if k(Bind::Minimap) {
        view.minimap = !view.minimap;
    }
    if replay.running() && (k(Bind::ShowBoard) || k(Bind::Escape)) {
        // Space or Esc during the replay after a handover: the rest lands at once (and
        // nothing else: Esc opens no menu, cancels nothing).
        intent.skip_replay = true;
        return;
    }
    match dialog {
        // The save window reads its own keys (`saves`).
        Some(Dialog::Handover | Dialog::Settings | Dialog::Files | Dialog::Viewer) => {}
        Some(Dialog::Menu) => {
            if k(Bind::OpenSettings) {
                view.battle_menu = false;
                view.settings_open = true;
            }
            if k(Bind::Resume) {
                view.battle_menu = false;
            }
            if k(Bind::Restart) {
                view.battle_menu = false;
                intent.restart = true;
            }
            if k(Bind::NewDice) {
                view.battle_menu = false;
                intent.restart = true;
                intent.new_dice = true;
            }
            if k(Bind::Quit) {
                view.battle_menu = false;
                intent.menu = true;
            }
        }
        Some(Dialog::Help) => {
            if k(Bind::Close) {
                view.help = false;
            }
        }
        Some(Dialog::Words) => {
            // (The text field has the keyboard while it has the focus.)
            if k(Bind::Close) {
                intent.cancel = true;
            }
        }
        Some(Dialog::Reaction) => {
            // A key answers the prompt's option of its number (Enter, Y or the pad's South:
            // the highlighted one, the first until Up, Down or the pad moved it), with the
            // amounts its pickers show (or the way to pay it names); before the prompt is
            // drawn, the window's options.
            let mut shown = std::mem::take(&mut intent.prompt_amounts);
            if shown.is_empty() {
                shown = b
                    .window()
                    .map(|w| w.options.iter().map(|&o| (o, Vec::new())).collect())
                    .unwrap_or_default();
            }
            if let Some(step) = option_step(&map, &keys) {
                view.option_pick = crate::game::gamepad::step_pick(
                    view.option_pick.min(shown.len().saturating_sub(1)),
                    step,
                    shown.len(),
                );
            }
            if k(Bind::Accept)
                && let Some((o, c)) = shown.get(view.option_pick).or(shown.first())
            {
                intent.react_commits = c.clone();
                intent.react = Some(Some(*o));
            }
            if k(Bind::No) {
                intent.react = Some(None);
            }
            for (i, key) in OPTION_KEYS.iter().enumerate() {
                if Chord::plain(*key).just(&keys)
                    && let Some((o, c)) = shown.get(i)
                {
                    intent.react_commits = c.clone();
                    intent.react = Some(Some(*o));
                }
            }
        }
        Some(Dialog::Victory) => {
            if k(Bind::Restart) {
                intent.restart = true;
            }
            if k(Bind::Leave) {
                intent.menu = true;
            }
        }
        Some(Dialog::ConfirmEnd) => {
            // Y ends the turn, N or Esc keeps playing; nothing else acts meanwhile (not
            // even Enter: a second press must not end the turn).
            if k(Bind::Yes) {
                intent.confirm_end = Some(true);
            }
            if k(Bind::No) {
                intent.confirm_end = Some(false);
            }
        }
        Some(Dialog::Chooser) => {
            // Its digits answer it; nothing else acts meanwhile.
            let n = view.chooser.as_ref().map_or(0, |c| c.options.len());
            if let Some(step) = option_step(&map, &keys) {
                view.option_pick = crate::game::gamepad::step_pick(view.option_pick, step, n);
            }
            // The pad's South takes the highlighted choice; Enter does not (it armed the
            // action: a second press must not choose).
            if map.pad_just(Bind::Accept) && n > 0 {
                intent.choose = Some(view.option_pick.min(n - 1));
            }
            for (i, key) in OPTION_KEYS.iter().enumerate().take(n) {
                if Chord::plain(*key).just(&keys) {
                    intent.choose = Some(i);
                }
            }
            if k(Bind::Close) {
                intent.cancel = true;
            }
        }
        None => board_keys(&keys, &pressed, &map, b, &mut view, &mut intent),
    }
}

/// Up / Down (the pad's shoulders, its d-pad) in a prompt or a choice: the highlight's
/// step.
fn option_step(map: &KeyMap, keys: &ButtonInput<KeyCode>) -> Option<i32> {
    let step =
        i32::from(map.just(Bind::OptionNext, keys)) - i32::from(map.just(Bind::OptionPrev, keys));
    (step != 0).then_some(step)
}

/// The board's keys, with no dialog open: the cursor, Tab, Esc and the toggles at any
/// time; the acting keys on a unit's turn.
fn board_keys(
    keys: &ButtonInput<KeyCode>,
    pressed: &[KeyCode],
    map: &KeyMap,
    b: &Battle,
    view: &mut View,
    intent: &mut Intent,
) {
    let k = |bind: Bind| map.just(bind, keys);
    for (bind, step) in [
        (Bind::CursorUp, (0, -1)),
        (Bind::CursorDown, (0, 1)),
        (Bind::CursorLeft, (-1, 0)),
        (Bind::CursorRight, (1, 0)),
    ] {
        // Each press moves the cursor a cell (a held key's repeats too), however many
        // came in one frame; a press with no message (tests) counts once.
        let times = map
            .chords(bind)
            .iter()
            .filter(|c| c.modifiers_match(keys))
            .map(|c| pressed.iter().filter(|&&p| p == c.key).count())
            .sum::<usize>()
            .max(usize::from(k(bind))) as i32;
        if times > 0 {
            let (x, y) = intent.cursor_step.unwrap_or((0, 0));
            intent.cursor_step = Some((x + step.0 * times, y + step.1 * times));
        }
    }
    if k(Bind::NextTarget) {
        intent.cycle = Some(1);
    }
    if k(Bind::PrevTarget) {
        intent.cycle = Some(-1);
    }
    if k(Bind::Actor) {
        intent.actor = true;
    }
    if k(Bind::Threat) {
        view.threat = !view.threat;
    }
    if k(Bind::Menu) {
        view.battle_menu = true;
        return;
    }
    if k(Bind::Escape) {
        // Esc cancels what is pending; with nothing to cancel it opens the in-battle
        // menu. It never deselects the acting unit.
        if view.cancellable() {
            intent.cancel = true;
        } else {
            view.battle_menu = true;
        }
        return;
    }
    if !matches!(b.status(), Status::Turn(_)) {
        return;
    }
    if k(Bind::Undo) {
        intent.undo = true;
        return;
    }
    // Enter casts an ability aimed at several creatures with those picked (Space picks
    // them); otherwise Enter and Space confirm the cursor's cell.
    let several = view.casting.as_ref().is_some_and(|c| {
        b.ability(c.caster, c.ability)
            .is_some_and(|a| matches!(a.target, Targeting::Several { .. }))
    });
    if several && k(Bind::CastPicked) {
        intent.cast = true;
    } else if k(Bind::Confirm) {
        intent.confirm = true;
    }
    if k(Bind::EndTurn) {
        intent.end_turn = true;
    }
    if k(Bind::NextAbility) {
        intent.next_ability = true;
    }
    // (The pad's West is Attack and CastPicked: casting at those picked, it only casts.)
    if k(Bind::Attack) && !intent.cast {
        intent.action = Some(ActionKey::attack());
    }
    // The pad's pick on the bar: the triggers move it, West takes it (as the entry's
    // own key or button would).
    let step = i32::from(k(Bind::BarNext)) - i32::from(k(Bind::BarPrev));
    if step != 0 || k(Bind::BarTake) {
        use crate::game::gamepad::{BarEntry, bar_ring, entry_label, step_pick};
        let ring = bar_ring(b);
        let pick = step_pick(view.bar_pick.min(ring.len() - 1), step, ring.len());
        if view.bar_pick != pick {
            view.bar_pick = pick;
        }
        if step != 0 {
            view.message = Some((
                format!(
                    "Pad: {} ({} of {}); West takes it.",
                    entry_label(b, ring[pick]),
                    pick + 1,
                    ring.len()
                ),
                false,
            ));
        }
        if k(Bind::BarTake) && !intent.cast {
            match ring[pick] {
                BarEntry::Action(a) => intent.action = Some(a),
                BarEntry::Ability(i) => intent.ability = Some(i),
                BarEntry::Undo => intent.undo = true,
            }
        }
    }
    let actions: Vec<ActionKey> = ActionKey::of(b).collect();
    for a in &actions {
        if a.chord(b).is_some_and(|c| c.just(keys)) {
            intent.action = Some(*a);
        }
    }
}
