//! The replay after a hot-seat handover: when a side comes to the board, what happened
//! since it last saw it (the other side's turn, the answer to a reaction, what went on
//! behind the handover screen) plays again, one beat at a time — a unit's walk, an
//! attack with its rolls and damage, a reaction — and before each beat the camera glides
//! to where it happens (the mover, the attacker and its target) unless that is in view,
//! so the floating results are seen. Space, Esc or a click on the map skip the rest:
//! everything lands at once (a click then acts as usual). A command that changes the
//! battle meanwhile skips it too. View only: the battle is already where it is; this
//! only holds back what the board shows of it.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::{Event, Logged};
use skirmish_rules::grid::Cell;

use super::board::{Anim, Built, UnitView};
use super::framing::{Glide, frame_points, view_rect};
use super::layout::{MapLayout, PANEL};
use super::prefs::AnimSpeed;
use super::{BattleRes, GameSystems, Intent, Screen, Session, View};

/// Between the commands of the frame and the views that show them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct ReplayStep;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Replay>()
        .configure_sets(
            Update,
            ReplayStep
                .after(GameSystems::Act)
                .before(GameSystems::View)
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(Update, (start, drive).chain().in_set(ReplayStep))
        .add_systems(
            Update,
            skip.after(GameSystems::Input)
                .before(GameSystems::Act)
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(OnExit(Screen::Battle), |mut r: ResMut<Replay>| {
            *r = Replay::default();
        })
        .add_systems(
            EguiPrimaryContextPass,
            banner.run_if(in_state(Screen::Battle)),
        );
}

/// One beat of a replay: the events up to `end` (exclusive) go to the board together,
/// after the camera shows `focus` (cells; empty: no place of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Beat {
    /// The first event after the beat.
    pub end: usize,
    /// Where it happens.
    pub focus: Vec<Cell>,
}

/// The replay under way, and how far each side has seen the battle.
#[derive(Resource, Default, Debug)]
pub struct Replay {
    /// Events before this have gone to the board (`None`: no replay, all of them).
    upto: Option<usize>,
    /// The replay ends with the event before this.
    to: usize,
    /// Beats still to come.
    beats: VecDeque<Beat>,
    /// The beat the camera is gliding to (its events go next).
    next: Option<Beat>,
    /// Seconds the current beat still shows before the next.
    dwell: f32,
    /// Per side: the log's length when the board was last in front of it.
    seen: Vec<Option<usize>>,
    /// The battle generation `seen` belongs to.
    generation: Option<u32>,
    /// The board was hidden last frame.
    was_hidden: bool,
    /// The player asked to skip the rest.
    skip: bool,
}

impl Replay {
    /// Is a replay under way?
    pub fn running(&self) -> bool {
        self.upto.is_some()
    }

    /// How many of a log of `len` events the board may show now.
    pub fn upto(&self, len: usize) -> usize {
        self.upto.map_or(len, |u| u.min(len))
    }

    /// A battle opened from a save (`saves`, play by file): side `i` has seen it up to
    /// the log's length `seen[i]` (the end of its last turn; `None`: nothing to replay),
    /// so once its handover screen is dismissed it sees what happened since.
    pub fn seen_until(&mut self, generation: u32, seen: Vec<Option<usize>>) {
        *self = Replay {
            seen,
            generation: Some(generation),
            ..Replay::default()
        };
    }

    /// The log's length side `side` has seen.
    pub fn seen(&self, side: usize) -> Option<usize> {
        self.seen.get(side).copied().flatten()
    }
}

/// Where `unit` stood before event `i` of `log`, given where it stands now (`now`, after
/// the whole log): the first cell a later step of it left from, else `now`.
pub fn position_at(log: &[Logged], unit: UnitId, i: usize, now: Cell) -> Cell {
    log.iter()
        .skip(i)
        .find_map(|l| match &l.event {
            Event::Moved { unit: u, from, .. }
            | Event::Displaced { unit: u, from, .. }
            | Event::FellBack { unit: u, from, .. }
                if *u == unit =>
            {
                Some(*from)
            }
            _ => None,
        })
        .unwrap_or(now)
}

/// Was `unit` in the fight before event `i` of `log`, given whether it is now (`now`)?
/// A later fall says it was; a later revival says it was not.
pub fn up_at(log: &[Logged], unit: UnitId, i: usize, now: bool) -> bool {
    log.iter()
        .skip(i)
        .find_map(|l| match &l.event {
            Event::Down { unit: u } if *u == unit => Some(true),
            Event::Revived { unit: u } if *u == unit => Some(false),
            _ => None,
        })
        .unwrap_or(now)
}

/// What an event is about, for the replay: a step (who, from, to), an action that opens
/// a beat of its own (who, and whom), or a result shown on a unit (a roll, damage, a
/// fall, a condition) that belongs with the beat showing that unit.
enum About {
    Step(UnitId, Cell, Cell),
    Act(Vec<UnitId>),
    Result(UnitId),
    Nothing,
}

fn about(e: &Event) -> About {
    match e {
        Event::Moved { unit, from, to, .. }
        | Event::Displaced { unit, from, to }
        | Event::FellBack { unit, from, to } => About::Step(*unit, *from, *to),
        Event::Attack {
            attacker, target, ..
        } => About::Act(vec![*attacker, *target]),
        Event::Cast { unit, .. }
        | Event::Said { unit, .. }
        | Event::Summoned { unit, .. }
        | Event::Readied { unit, .. }
        | Event::ReadyTriggered { unit, .. } => About::Act(vec![*unit]),
        Event::Reacted { reactor, .. } => About::Result(*reactor),
        Event::Defence { unit, .. }
        | Event::Damage { unit, .. }
        | Event::Down { unit }
        | Event::Healed { unit, .. }
        | Event::Revived { unit }
        | Event::ConditionAdded { unit, .. }
        | Event::Save { unit, .. }
        | Event::Fizzled { unit, .. }
        | Event::ItemDropped { unit, .. }
        | Event::PickedUp { unit, .. } => About::Result(*unit),
        _ => About::Nothing,
    }
}

/// The beats of a replay of events `from..to` of the battle's log: a unit's steps in a
/// row make one beat (focus: where it starts and every cell it walks to); an attack, a
/// casting, words said, a summon start a beat of their own (focus: the actor and its
/// target); a result (a defence roll, damage, a fall, a reaction) joins the beat that
/// already shows its unit, else starts one on it; events with no place (pools, turn
/// bookkeeping) join the beat they come in. Units stand where they stood at each event
/// ([`position_at`]).
pub fn beats(b: &Battle, from: usize, to: usize) -> Vec<Beat> {
    let log = b.log();
    let to = to.min(log.len());
    let mut out: Vec<Beat> = Vec::new();
    // The unit whose walk the last beat is, if it is a walk.
    let mut walker: Option<UnitId> = None;
    for (i, l) in log.iter().enumerate().take(to).skip(from) {
        let at = |u: UnitId| position_at(log, u, i, b.pos(u));
        let mut what = about(&l.event);
        // A unit still hidden sneaks unfollowed: the camera would give it away to its
        // foes (`sight`).
        if matches!(what, About::Step(u, ..) if b.hidden(u)) {
            what = About::Nothing;
        }
        match what {
            About::Step(u, a, c) => match out.last_mut() {
                Some(beat) if walker == Some(u) => beat.focus.push(c),
                _ => {
                    out.push(Beat {
                        end: i,
                        focus: vec![a, c],
                    });
                    walker = Some(u);
                }
            },
            About::Act(units) => {
                out.push(Beat {
                    end: i,
                    focus: units.into_iter().map(at).collect(),
                });
                walker = None;
            }
            About::Result(u) => {
                let c = at(u);
                let shown = out
                    .last()
                    .is_some_and(|beat| walker.is_none() && beat.focus.contains(&c));
                if !shown {
                    out.push(Beat {
                        end: i,
                        focus: vec![c],
                    });
                    walker = None;
                }
            }
            About::Nothing => {
                if out.is_empty() {
                    out.push(Beat {
                        end: i,
                        focus: Vec::new(),
                    });
                }
            }
        }
        if let Some(beat) = out.last_mut() {
            beat.end = i + 1;
        }
    }
    out
}

/// How long a beat with something to see stays before the next, at normal speed.
const DWELL_SECS: f32 = 0.6;

/// Keep track of what each side has seen; when the board shows after a handover, start
/// the replay of what the side now in front of it missed.
fn start(
    battle: Res<BattleRes>,
    session: Res<Session>,
    mut r: ResMut<Replay>,
    mut built: ResMut<Built>,
    layout: Option<Res<MapLayout>>,
    mut units: Query<(&UnitView, &mut Anim)>,
) {
    let b = &battle.0;
    let len = b.log().len();
    if r.generation != Some(session.generation) {
        // A new battle (or a restart, an undo): every side has seen it as it stands.
        let sides = b.level().sides.len();
        *r = Replay {
            seen: vec![Some(len); sides],
            generation: Some(session.generation),
            ..Replay::default()
        };
        return;
    }
    for s in r.seen.iter_mut().flatten() {
        *s = (*s).min(len);
    }
    let hidden = super::act::handover_pending(b, &session).is_some();
    let was_hidden = std::mem::replace(&mut r.was_hidden, hidden);
    if hidden {
        return;
    }
    let Some(viewer) = session.viewer.map(|s| s.0 as usize) else {
        return;
    };
    if was_hidden && !r.running() {
        // What this side last saw (what the board shows since went by in front of
        // another side, or waited behind the handover screen).
        let begin = r
            .seen
            .get(viewer)
            .copied()
            .flatten()
            .unwrap_or(built.animated())
            .min(len);
        let list = beats(b, begin, len);
        if !list.is_empty() {
            built.rewind(begin);
            // Every unit back where it stood then (in the fight or not, as it was).
            if let Some(layout) = layout {
                for (v, mut a) in &mut units {
                    let c = position_at(b.log(), v.0, begin, b.pos(v.0));
                    a.reset(Some(layout.world(c).extend(10.0)));
                }
            }
            *r = Replay {
                upto: Some(begin),
                to: len,
                beats: list.into(),
                ..std::mem::take(&mut *r)
            };
        }
    }
    if !r.running()
        && let Some(s) = r.seen.get_mut(viewer)
    {
        *s = Some(len);
    }
}

/// Play the replay beat by beat: glide to the next beat's place, let its events through,
/// give them time to walk and float, then the next. Space, Esc or a click skip the rest
/// (and so does a new command: the battle moved on).
#[allow(clippy::too_many_arguments)]
fn drive(
    time: Res<Time>,
    battle: Res<BattleRes>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Transform, &Projection), With<Camera2d>>,
    mut r: ResMut<Replay>,
    mut glide: ResMut<Glide>,
    built: Res<Built>,
    mut units: Query<&mut Anim>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !r.running() {
        return;
    }
    let len = battle.0.log().len();
    // (`start` saw the board go behind the handover screen again: a reaction asked of
    // the other side.)
    if std::mem::take(&mut r.skip) || len != r.to || r.was_hidden {
        // Everything lands at once: the floating numbers of the beat under way go on.
        for mut a in &mut units {
            a.reset(None);
        }
        glide.stop();
        end(&mut r);
        redraw.write(RequestRedraw);
        return;
    }
    redraw.write(RequestRedraw);
    if glide.busy() {
        return;
    }
    if let Some(beat) = r.next.take() {
        r.upto = Some(beat.end);
        r.dwell = if beat.focus.is_empty() {
            0.0
        } else {
            DWELL_SECS / view.anim_speed.factor()
        };
        if view.anim_speed == AnimSpeed::Instant {
            r.dwell = 0.0;
        }
        return;
    }
    if built.busy || r.dwell > 0.0 {
        r.dwell -= time.delta_secs();
        return;
    }
    let Some(beat) = r.beats.pop_front() else {
        end(&mut r);
        return;
    };
    if let (Some(layout), Ok(w), Some((t, p))) = (layout, windows.single(), cams.iter().next()) {
        let scale = match p {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let at = t.translation.truncate();
        let rect = view_rect(at, scale, w.width(), w.height());
        let pts: Vec<Vec2> = beat.focus.iter().map(|&c| layout.world(c)).collect();
        if let Some(to) = frame_points(rect, &pts, layout.tile().y, scale, w.height()) {
            glide.start(at, to);
        }
    }
    r.next = Some(beat);
}

/// Space, Esc or a click on the map asked to skip the replay (read before the frame's
/// intent is carried out).
fn skip(intent: Res<Intent>, mut r: ResMut<Replay>) {
    if intent.skip_replay && r.running() {
        r.skip = true;
    }
}

/// The replay is over: the board shows everything.
fn end(r: &mut Replay) {
    r.upto = None;
    r.beats.clear();
    r.next = None;
    r.dwell = 0.0;
}

/// While the replay plays: a line at the top of the map saying so, and how to skip it;
/// never over a prompt or window (`text_layout::clear_spot`: lower down until it covers
/// none of last frame's windows).
fn banner(mut contexts: EguiContexts, r: Res<Replay>, view: Res<super::View>) -> Result {
    if !r.running() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let id = egui::Id::new("replay-banner");
    let z = ctx.zoom_factor();
    let s = ctx.viewport_rect();
    let screen = Rect::new(s.min.x, s.min.y, s.max.x, s.max.y);
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map(|r| Vec2::new(r.width(), r.height()))
        .unwrap_or(Vec2::new(480.0, 30.0));
    // The windows drawn last frame (in pixels), in points; the side panel is not a place
    // to try (the banner stays over the map).
    let avoid: Vec<Rect> = view
        .ui_rects
        .iter()
        .map(|r| Rect::from_corners(r.min / z, r.max / z))
        .collect();
    let map_w = (screen.width() - PANEL * view.prefs.scale() / z).max(size.x);
    let x = ((map_w - size.x) / 2.0).max(0.0);
    let mut ys = vec![8.0];
    ys.extend(avoid.iter().map(|r| r.max.y + 8.0));
    ys.push(screen.height() - size.y - 8.0);
    let places: Vec<Vec2> = ys.into_iter().map(|y| Vec2::new(x, y)).collect();
    let at = super::text_layout::clear_spot(&places, size, screen, &avoid);
    egui::Area::new(id)
        .fixed_pos(egui::pos2(at.x, at.y))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(
                    "Replay of what happened since your last look — Space, Esc or a \
                     click skips it",
                );
            });
        });
    Ok(())
}
