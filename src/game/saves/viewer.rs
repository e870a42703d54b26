//! The replay viewer (issue 32): a save opened with "Replay" in the list of saves (R) is
//! shown command by command: Left/Right step back and on, Home/End go to the start and
//! the end, Space plays and pauses (a command every [`STEP_SECS`] at 1×; Down and Up play
//! slower and faster, [`SPEEDS`]; every key is the `KeyMap`'s, F1 lists them). The board, the unit
//! cards, the conditions and the roll log show the battle as it stood after that command
//! (`Save::battle_at`: the battle replayed to there). Nothing can be played meanwhile:
//! the viewer is a dialog on top (`Dialog::Viewer`), the frame's intent is dropped, and
//! every side is a person's who never reacts by itself, so neither the AI nor a reaction
//! policy moves. "Play from here" (P) leaves the viewer with the battle live at that
//! point (a branch: its autosave is a new file, the save keeps the original line); Esc
//! leaves it at the end, where the save stopped.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::level::Controller;
use skirmish_rules::save::Save;

use super::Autosave;
use crate::game::act::deciding_side;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::prefs::ReactPolicy;
use crate::game::state::{BattleRes, GameSystems, Intent, Screen, Session, View};

/// Seconds between two commands while playing at 1×.
pub const STEP_SECS: f32 = 0.8;

/// The play speeds, slowest first (× [`STEP_SECS`]'s pace); 1× at the start.
pub const SPEEDS: [f32; 5] = [0.25, 0.5, 1.0, 2.0, 4.0];
const NORMAL: usize = 2;

/// The viewer's state.
#[derive(Resource, Default)]
pub struct Viewer {
    /// A save to view once its battle is on the board (set by "Replay").
    pub pending: Option<Save>,
    /// The save being viewed.
    pub save: Option<Save>,
    /// Commands shown (0: the setup; `save.commands.len()`: the end).
    pub at: usize,
    /// Playing on by itself.
    pub playing: bool,
    /// Seconds since the last step while playing.
    since: f32,
    /// The sides' controllers and reaction policies, given back on leaving.
    kept: Option<(Vec<Controller>, Vec<ReactPolicy>)>,
    /// Why the last step failed.
    pub error: Option<String>,
    /// The play speed, an index into [`SPEEDS`] offset from 1× (0: 1×).
    shift: i8,
}

impl Viewer {
    /// The play speed (a factor of 1× in [`SPEEDS`]).
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed_index()]
    }

    fn speed_index(&self) -> usize {
        (NORMAL as i8 + self.shift).clamp(0, SPEEDS.len() as i8 - 1) as usize
    }

    /// Seconds between two commands while playing.
    pub fn step_secs(&self) -> f32 {
        STEP_SECS / self.speed()
    }

    /// "1×", "0.25×", "4×".
    pub fn speed_label(&self) -> String {
        format!("{}×", self.speed())
    }
}

/// What the viewer is asked this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ask {
    To(usize),
    Toggle,
    Speed(i8),
    PlayHere,
    Close,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Viewer>()
        .init_resource::<ViewerAsk>()
        .add_systems(OnEnter(Screen::Battle), begin)
        .add_systems(
            Update,
            (
                keys.before(GameSystems::Input),
                drop_intent
                    .after(GameSystems::Input)
                    .before(GameSystems::Act),
                play.after(drop_intent).before(GameSystems::Act),
            )
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(OnExit(Screen::Battle), forget)
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Battle)),
        );
}

/// The battle of a save put on the board at command `at`: the session follows it (its
/// commands, the events already logged, the side looking), the map rebuilds.
fn show(
    v: &mut Viewer,
    at: usize,
    battle: &mut BattleRes,
    session: &mut Session,
) -> Result<(), String> {
    let Some(save) = &v.save else {
        return Ok(());
    };
    let at = at.min(save.commands.len());
    let b = save.battle_at(at).map_err(|e| e.to_string())?;
    session.commands = b.history().commands.clone();
    session.marks = b.history().marks.clone();
    session.logged = b.log().len();
    session.generation += 1;
    battle.0 = b;
    session.viewer = deciding_side(&battle.0, session);
    v.at = at;
    Ok(())
}

/// Once the save's battle is on the board (the battle screen entered with it), view it
/// from its end.
fn begin(
    mut v: ResMut<Viewer>,
    battle: Option<ResMut<BattleRes>>,
    session: Option<ResMut<Session>>,
    mut view: ResMut<View>,
) {
    let Some(save) = v.pending.take() else { return };
    let (Some(mut battle), Some(mut session)) = (battle, session) else {
        return;
    };
    let n = save.commands.len();
    v.kept = Some((session.controllers.clone(), session.policies.clone()));
    session.controllers = vec![Controller::Human; session.controllers.len()];
    session.policies = vec![ReactPolicy::Ask; session.policies.len()];
    v.save = Some(save);
    v.playing = false;
    v.since = 0.0;
    v.error = show(&mut v, n, &mut battle, &mut session).err();
    view.viewing = true;
    view.selected = None;
}

/// Leave the viewer: the sides' controllers and policies back, the board live.
fn leave(v: &mut Viewer, session: &mut Session, view: &mut View) {
    if let Some((c, p)) = v.kept.take() {
        session.controllers = c;
        session.policies = p;
    }
    v.save = None;
    v.playing = false;
    view.viewing = false;
}

/// The viewer's keys (the [`KeyMap`]'s `View*` bindings: Left/Right, Home/End, Space,
/// Down/Up for the speed, P and Esc) while viewing, consumed: the board never sees them.
fn keys(
    mut keys: ResMut<ButtonInput<KeyCode>>,
    map: Res<KeyMap>,
    v: Res<Viewer>,
    mut asks: ResMut<ViewerAsk>,
) {
    let Some(save) = &v.save else { return };
    let n = save.commands.len();
    let table = [
        (Bind::ViewBack, Ask::To(v.at.saturating_sub(1))),
        (Bind::ViewOn, Ask::To((v.at + 1).min(n))),
        (Bind::ViewFirst, Ask::To(0)),
        (Bind::ViewLast, Ask::To(n)),
        (Bind::ViewPlay, Ask::Toggle),
        (Bind::ViewSlower, Ask::Speed(-1)),
        (Bind::ViewFaster, Ask::Speed(1)),
        (Bind::ViewPlayHere, Ask::PlayHere),
        (Bind::ViewClose, Ask::Close),
    ];
    for (b, a) in table {
        if map.just(b, &keys) {
            for c in map.chords(b) {
                keys.clear_just_pressed(c.key);
            }
            asks.0.push(a);
        }
    }
}

/// Nothing the board or the panel asked is played while viewing.
fn drop_intent(view: Res<View>, mut intent: ResMut<Intent>) {
    if view.viewing {
        *intent = Intent::default();
    }
}

/// Carry out one ask.
fn apply(
    a: Ask,
    v: &mut Viewer,
    battle: &mut BattleRes,
    session: &mut Session,
    view: &mut View,
    auto: &mut Autosave,
    lines: &mut super::lines::Lines,
) {
    match a {
        Ask::To(k) => {
            v.playing = false;
            v.error = show(v, k, battle, session).err();
        }
        Ask::Speed(d) => {
            let top = (SPEEDS.len() - 1 - NORMAL) as i8;
            v.shift = (v.shift + d).clamp(-(NORMAL as i8), top);
        }
        Ask::Toggle => {
            v.playing = !v.playing;
            v.since = 0.0;
            if v.playing && v.save.as_ref().is_some_and(|s| v.at >= s.commands.len()) {
                v.error = show(v, 0, battle, session).err();
            }
        }
        Ask::PlayHere => {
            // A branch: the save's line is kept in it (and in its saves), and its
            // autosave is a file of its own (the save opened is not written over).
            if let Some(save) = &v.save {
                lines.keep(super::lines::left_name("line replayed"), save);
            }
            auto.path = None;
            auto.written = None;
            leave(v, session, view);
            session.viewer = None;
            view.message = Some((
                format!(
                    "Playing on from command {} (round {}).",
                    session.commands.len(),
                    battle.0.round()
                ),
                false,
            ));
        }
        Ask::Close => {
            let n = v.save.as_ref().map_or(0, |s| s.commands.len());
            v.error = show(v, n, battle, session).err();
            leave(v, session, view);
            session.viewer = None;
        }
    }
}

/// The asks of the keys and the buttons, and the playing clock.
#[allow(clippy::too_many_arguments)]
fn play(
    time: Res<Time>,
    mut v: ResMut<Viewer>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut auto: ResMut<Autosave>,
    mut lines: ResMut<super::lines::Lines>,
    mut ui: ResMut<ViewerAsk>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut settle: Local<u8>,
) {
    // A step is drawn over the next few frames (the renderer shows a frame's state on
    // the frame after it; the window sleeps between inputs).
    if *settle > 0 {
        *settle -= 1;
        redraw.write(RequestRedraw);
    }
    let Some(n) = v.save.as_ref().map(|s| s.commands.len()) else {
        return;
    };
    for a in std::mem::take(&mut ui.0) {
        apply(
            a,
            &mut v,
            &mut battle,
            &mut session,
            &mut view,
            &mut auto,
            &mut lines,
        );
        *settle = 4;
        redraw.write(RequestRedraw);
        if v.save.is_none() {
            return;
        }
    }
    if v.playing {
        redraw.write(RequestRedraw);
        v.since += time.delta_secs();
        if v.since >= v.step_secs() {
            v.since = 0.0;
            let next = v.at + 1;
            v.error = show(&mut v, next, &mut battle, &mut session).err();
            v.playing = next < n;
        }
    }
}

/// Asks from the keys and the viewer's buttons, for `play`.
#[derive(Resource, Default)]
struct ViewerAsk(Vec<Ask>);

/// Leaving the battle screen ends the viewing.
fn forget(mut v: ResMut<Viewer>, mut view: ResMut<View>) {
    v.save = None;
    v.kept = None;
    v.playing = false;
    view.viewing = false;
}

/// The viewer's bar at the bottom of the map.
fn draw(
    mut contexts: EguiContexts,
    v: Res<Viewer>,
    map: Res<KeyMap>,
    mut asks: ResMut<ViewerAsk>,
) -> Result {
    let Some(save) = &v.save else { return Ok(()) };
    let ctx = contexts.ctx_mut()?.clone();
    let n = save.commands.len();
    egui::Window::new("Replay")
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, [-170.0, -12.0])
        .collapsible(false)
        .resizable(false)
        .show(&ctx, |ui| {
            ui.label(format!(
                "{}: command {} of {n}{}",
                save.level.name,
                v.at,
                if v.at == 0 { " (the setup)" } else { "" }
            ));
            if v.at > 0
                && let Some(c) = save.commands.get(v.at - 1)
            {
                ui.small(ron::to_string(c).unwrap_or_default());
            }
            ui.horizontal(|ui| {
                let mut b = |ui: &mut egui::Ui, label: &str, a: Ask| {
                    if ui.button(label).clicked() {
                        asks.0.push(a);
                    }
                };
                b(ui, "|< [Home]", Ask::To(0));
                b(ui, "< [Left]", Ask::To(v.at.saturating_sub(1)));
                b(
                    ui,
                    if v.playing {
                        "Pause [Space]"
                    } else {
                        "Play [Space]"
                    },
                    Ask::Toggle,
                );
                b(ui, "[Right] >", Ask::To((v.at + 1).min(n)));
                b(ui, "[End] >|", Ask::To(n));
            });
            ui.horizontal(|ui| {
                ui.label(format!("Speed {}", v.speed_label()));
                if ui
                    .button(format!("Slower [{}]", map.first(Bind::ViewSlower)))
                    .clicked()
                {
                    asks.0.push(Ask::Speed(-1));
                }
                if ui
                    .button(format!("Faster [{}]", map.first(Bind::ViewFaster)))
                    .clicked()
                {
                    asks.0.push(Ask::Speed(1));
                }
            });
            ui.horizontal(|ui| {
                let mut b = |ui: &mut egui::Ui, label: &str, a: Ask| {
                    if ui.button(label).clicked() {
                        asks.0.push(a);
                    }
                };
                b(ui, "Play from here [P]", Ask::PlayHere);
                b(ui, "Close [Esc]", Ask::Close);
            });
            if let Some(e) = &v.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
        });
    Ok(())
}
