//! Floating text over units, from the event log as the board shows it (held while the
//! hot-seat handover screen hides the board): damage, misses, crits, successful
//! defences, reactions called out ("Bex: Parry!"), falls, words said. Sized by the UI
//! scale. View only.
//!
//! Queued per unit (issue 31, item 5): a unit's texts float one after another, [`GAP`]
//! seconds apart, never piled on one spot ("VeyCRI-2Dodge!"); different units' float at
//! once.

use std::collections::{BTreeMap, VecDeque};

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::Event;

use super::BattleRes;
use super::board::{Built, MapEntity};
use super::layout::MapLayout;
use super::replay::{Replay, position_at};

/// A floating text and how long it has floated.
#[derive(Component)]
pub(super) struct Floater {
    age: f32,
}

/// Font size of floating text at UI scale 1.
const FLOATER_PX: f32 = 16.0;

/// Seconds between two texts over one unit.
pub const GAP: f32 = 0.55;
/// How fast a text rises, in world units a second.
const RISE: f32 = 36.0;
/// How long a text floats.
const LIFE: f32 = 1.4;

/// One text to float: over whom, where it came from in the log (where the unit stood
/// then), the words and their colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Float {
    /// Over this unit.
    pub unit: UnitId,
    /// The event's index in the log.
    pub at: usize,
    /// The words.
    pub text: String,
    /// Their colour.
    pub colour: Color,
}

/// The texts waiting to float, per unit, and how long ago each unit's last one rose.
#[derive(Resource, Default, Debug)]
pub struct FloaterQueue {
    waiting: BTreeMap<UnitId, VecDeque<Float>>,
    since: BTreeMap<UnitId, f32>,
}

impl FloaterQueue {
    /// Queue a text behind those of its unit.
    pub fn push(&mut self, f: Float) {
        self.waiting.entry(f.unit).or_default().push_back(f);
    }

    /// `dt` seconds later: the texts that rise now, at most one per unit, and only once
    /// its previous one rose [`GAP`] seconds ago.
    pub fn tick(&mut self, dt: f32) -> Vec<Float> {
        for s in self.since.values_mut() {
            *s += dt;
        }
        let mut out = Vec::new();
        for (u, q) in &mut self.waiting {
            let ready = self.since.get(u).is_none_or(|s| *s >= GAP);
            if ready && let Some(f) = q.pop_front() {
                self.since.insert(*u, 0.0);
                out.push(f);
            }
        }
        self.waiting.retain(|_, q| !q.is_empty());
        out
    }

    /// Texts still waiting.
    pub fn len(&self) -> usize {
        self.waiting.values().map(VecDeque::len).sum()
    }

    /// Nothing waiting.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// Forget everything (a restart, an undo).
    pub fn clear(&mut self) {
        self.waiting.clear();
        self.since.clear();
    }
}

/// The texts the log's events `from..to` float, in log order.
pub fn texts(b: &Battle, from: usize, to: usize) -> Vec<Float> {
    let mut out = Vec::new();
    for (i, l) in b.log().iter().enumerate().take(to).skip(from) {
        let (unit, text, colour) = match &l.event {
            Event::Damage { unit, amount, .. } => {
                (*unit, format!("-{amount}"), Color::srgb(1.0, 0.3, 0.25))
            }
            Event::Defence {
                unit,
                success: true,
                kind,
                ..
            } => (*unit, format!("{kind}!"), Color::srgb(0.5, 0.8, 1.0)),
            Event::Attack {
                target, outcome, ..
            } if !outcome.is_success() => (*target, "miss".into(), Color::srgb(0.85, 0.85, 0.85)),
            Event::Attack {
                target,
                outcome: skirmish_rules::event::Outcome::Critical,
                ..
            } => (*target, "CRIT!".into(), Color::srgb(1.0, 0.8, 0.2)),
            // A reaction called out over the reactor ("Bex: Parry!").
            Event::Reacted { reactor, kind, .. } => (
                *reactor,
                format!("{}: {kind}!", b.name(*reactor)),
                Color::srgb(0.55, 0.85, 1.0),
            ),
            // A unit that left the battle (melee-zone's Flee) says how, not "down".
            Event::Down { unit } => match crate::game::fallen::fallen(b, *unit) {
                crate::game::fallen::Fallen::Left(word) => {
                    (*unit, format!("{word}!"), Color::srgb(1.0, 0.85, 0.5))
                }
                _ => (*unit, "down!".into(), Color::srgb(1.0, 0.45, 0.4)),
            },
            Event::Said { unit, text } => {
                (*unit, format!("\"{text}\""), Color::srgb(1.0, 1.0, 0.85))
            }
            _ => continue,
        };
        out.push(Float {
            unit,
            at: i,
            text,
            colour,
        });
    }
    out
}

#[allow(clippy::too_many_arguments)]
pub(super) fn spawn_floaters(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<super::View>,
    replay: Res<Replay>,
    time: Res<Time>,
    mut queue: ResMut<FloaterQueue>,
    mut built: ResMut<Built>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    let log = b.log();
    if built.seen > log.len() {
        built.seen = log.len();
        queue.clear();
    }
    // During a replay after a handover, only what it has reached so far.
    let end = replay.upto(log.len());
    if built.seen < end {
        for f in texts(b, built.seen, end) {
            queue.push(f);
        }
        built.seen = end;
    }
    if queue.is_empty() {
        return;
    }
    // Texts still to float: the frames that float them must come.
    redraw.write(RequestRedraw);
    for f in queue.tick(time.delta_secs()) {
        let p = layout.world(position_at(log, f.unit, f.at, b.pos(f.unit)));
        commands.spawn((
            MapEntity,
            Floater { age: 0.0 },
            Text2d::new(f.text),
            TextFont {
                font_size: FontSize::Px(FLOATER_PX * view.prefs.scale()),
                ..default()
            },
            TextColor(f.colour),
            Transform::from_translation(p.extend(30.0) + Vec3::new(0.0, 10.0, 0.0)),
        ));
    }
}

pub(super) fn float(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Floater, &mut Transform, &mut TextColor)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !q.is_empty() {
        redraw.write(RequestRedraw);
    }
    for (e, mut f, mut t, mut c) in &mut q {
        f.age += time.delta_secs();
        t.translation.y += RISE * time.delta_secs();
        c.0.set_alpha((LIFE - f.age).clamp(0.0, 1.0));
        if f.age > LIFE {
            commands.entity(e).despawn();
        }
    }
}
