//! The roll log: every event as a line, formatted once (not every frame), and its panel
//! with the per-unit filter.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::Battle;
use skirmish_rules::components::{Pool, UnitId};
use skirmish_rules::event::Event;
use skirmish_rules::record::record;

use crate::game::{Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogCache>().add_systems(
        OnExit(Screen::Battle),
        |mut c: ResMut<LogCache>| {
            *c = LogCache::default();
        },
    );
}

/// Roll-log lines, formatted once per event (not every frame).
#[derive(Resource, Default)]
pub(super) struct LogCache {
    pub(super) lines: Vec<(Option<UnitId>, Option<UnitId>, String)>,
    /// Each unit's initiative total, read off the log as it grows.
    pub(super) initiative: std::collections::BTreeMap<UnitId, i32>,
    /// The battle generation the cache was built for (a restart starts over).
    pub(super) generation: u32,
}

fn actors(e: &Event) -> (Option<UnitId>, Option<UnitId>) {
    match e {
        Event::Attack {
            attacker, target, ..
        } => (Some(*attacker), Some(*target)),
        Event::Damage { unit, source, .. } => (*source, Some(*unit)),
        Event::Defence { unit, .. }
        | Event::Check { unit, .. }
        | Event::Initiative { unit, .. }
        | Event::Moved { unit, .. }
        | Event::FellBack { unit, .. }
        | Event::Save { unit, .. }
        | Event::Spent {
            unit,
            pool: Pool::Ap | Pool::FlowPoints,
            ..
        }
        | Event::Refilled {
            unit,
            pool: Pool::FlowPoints,
            ..
        }
        | Event::TurnStarted { unit, .. }
        | Event::Down { unit } => (Some(*unit), None),
        Event::Reacted { reactor, .. } | Event::ReactionOffered { reactor, .. } => {
            (Some(*reactor), None)
        }
        Event::Contest {
            active, passive, ..
        } => (Some(*active), Some(*passive)),
        Event::ConditionAdded { unit, source, .. } => (*source, Some(*unit)),
        _ => (None, None),
    }
}

/// Format the events the log gained since the last frame.
pub(super) fn update(cache: &mut LogCache, b: &Battle, session: &Session) {
    // An undo shortens the log; a restart is a new generation: start over.
    if cache.lines.len() > b.log().len() || cache.generation != session.generation {
        cache.lines.clear();
        cache.initiative.clear();
        cache.generation = session.generation;
    }
    let start = cache.lines.len();
    for l in &b.log()[start..] {
        let (a, t) = actors(&l.event);
        cache.lines.push((a, t, line(b, l)));
        if let Event::Initiative { unit, roll } = &l.event {
            cache.initiative.entry(*unit).or_insert(roll.total);
        }
    }
}

/// One event as a log line: the record's text, but a casting and a fizzle in words
/// ("Ysolde casts Fireball at (4, 4)", "Magic Missile fizzles: countered by Morwen").
fn line(b: &Battle, l: &skirmish_rules::event::Logged) -> String {
    let r = record(b, l);
    match &l.event {
        Event::Cast { .. } => {
            let at = match (&r.target, r.to) {
                (Some(t), _) => format!(" at {t}"),
                (None, Some(c)) => format!(" at {c}"),
                _ => String::new(),
            };
            format!(
                "[round {}] {} casts {}{at}",
                r.round,
                r.actor.as_deref().unwrap_or("?"),
                r.detail.as_deref().unwrap_or("an ability")
            )
        }
        Event::Fizzled { name, .. } => {
            let why = r.detail.as_deref().unwrap_or("");
            let why = why
                .strip_prefix(name.as_str())
                .map(|w| w.trim_start_matches(':').trim())
                .unwrap_or(why);
            format!(
                "[round {}] {}'s {name} fizzles: {why}",
                r.round,
                r.actor.as_deref().unwrap_or("?")
            )
        }
        _ => r.text(),
    }
}

/// The roll log at the bottom of the side panel, newest first.
pub(super) fn draw(ui: &mut egui::Ui, b: &Battle, view: &mut View, cache: &LogCache) {
    // Roll log.
    ui.separator();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Roll log").strong());
        let shown = view
            .log_filter
            .map(|u| b.name(u).to_string())
            .unwrap_or_else(|| "everyone".into());
        egui::ComboBox::from_id_salt("filter")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.log_filter, None, "everyone");
                for u in b.units() {
                    ui.selectable_value(&mut view.log_filter, Some(u), b.name(u));
                }
            });
    });
    // Its own scroll inside the panel's, so the sections below it stay in reach.
    egui::ScrollArea::vertical()
        .id_salt("roll log")
        .max_height(280.0)
        .show(ui, |ui| {
            for (a, t, line) in cache.lines.iter().rev() {
                if let Some(f) = view.log_filter
                    && *a != Some(f)
                    && *t != Some(f)
                {
                    continue;
                }
                ui.label(egui::RichText::new(line).monospace().size(11.0));
            }
        });
}
