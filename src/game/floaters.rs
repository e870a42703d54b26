//! Floating text over units, from the event log as the board shows it (held while the
//! hot-seat handover screen hides the board): damage, misses, crits, successful
//! defences, reactions called out ("Bex: Parry!"), falls, words said. Sized by the UI
//! scale. View only.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
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

pub(super) fn spawn_floaters(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<super::View>,
    replay: Res<Replay>,
    mut built: ResMut<Built>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    let log = b.log();
    if built.seen > log.len() {
        built.seen = log.len();
    }
    // During a replay after a handover, only what it has reached so far.
    let end = replay.upto(log.len());
    if built.seen >= end {
        return;
    }
    // New numbers may float from here: the frames that float them must come.
    redraw.write(RequestRedraw);
    for (i, l) in log.iter().enumerate().take(end).skip(built.seen) {
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
            Event::Down { unit } => (*unit, "down!".into(), Color::srgb(1.0, 0.45, 0.4)),
            Event::Said { unit, text } => {
                (*unit, format!("\"{text}\""), Color::srgb(1.0, 1.0, 0.85))
            }
            _ => continue,
        };
        let p = layout.world(position_at(log, unit, i, b.pos(unit)));
        commands.spawn((
            MapEntity,
            Floater { age: 0.0 },
            Text2d::new(text),
            TextFont {
                font_size: FontSize::Px(FLOATER_PX * view.prefs.scale()),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation(p.extend(30.0) + Vec3::new(0.0, 10.0, 0.0)),
        ));
    }
    built.seen = end;
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
        t.translation.y += 30.0 * time.delta_secs();
        c.0.set_alpha((1.4 - f.age).clamp(0.0, 1.0));
        if f.age > 1.4 {
            commands.entity(e).despawn();
        }
    }
}
