//! The roll log: every event as a sentence, made once (not every frame), with its dice
//! on hover, the bookkeeping hidden unless "details" is ticked, and the per-unit filter.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::Event;
use skirmish_rules::rulesets::explain::{Explanation, Topic};
use skirmish_rules::sentence::{self, Line};

use crate::game::state::{Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LogCache>().add_systems(
        OnExit(Screen::Battle),
        |mut c: ResMut<LogCache>| {
            *c = LogCache::default();
        },
    );
}

/// Roll-log lines, made once per event (not every frame): sentences
/// (`skirmish_rules::sentence`), the steps of a move folded into one line.
#[derive(Resource, Default)]
pub(super) struct LogCache {
    /// (actor, target, line), oldest first.
    pub(super) lines: Vec<(Option<UnitId>, Option<UnitId>, Line)>,
    /// The first event of each line (its index in the battle's log), by line.
    pub(super) starts: Vec<usize>,
    /// The rule each line is about (its tooltip), by line.
    pub(super) topics: Vec<Option<Topic>>,
    /// The hidden unit each line is the deed of (its foes do not read it: `sight`), by
    /// line.
    pub(super) secret: Vec<Option<UnitId>>,
    /// The crit and tragedy chains, by line (their dice come out one by one: `chain`).
    pub(super) chains: std::collections::BTreeMap<usize, super::chain::Chain>,
    /// Log events read so far.
    pub(super) events: usize,
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
        | Event::Spent { unit, .. }
        | Event::Refilled { unit, .. }
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

/// Turn the events the log gained since the last frame into lines.
pub(super) fn update(cache: &mut LogCache, b: &Battle, session: &Session, now: f64) {
    // An undo shortens the log; a restart is a new generation: start over.
    if cache.events > b.log().len() || cache.generation != session.generation {
        cache.lines.clear();
        cache.topics.clear();
        cache.starts.clear();
        cache.secret.clear();
        cache.chains.clear();
        cache.initiative.clear();
        cache.events = 0;
        cache.generation = session.generation;
    }
    for (i, l) in b.log().iter().enumerate().skip(cache.events) {
        let (a, t) = actors(&l.event);
        // Told with the events around it (a contest's checks, the attack a defence
        // answers: issue 31).
        let next = sentence::line_at(b, i);
        if let Event::Initiative { unit, roll } = &l.event {
            cache.initiative.entry(*unit).or_insert(roll.total);
        }
        // A step folds into the line of the step before (hidden lines between them,
        // such as payments, do not part them).
        let last = cache.lines.iter_mut().rev().find(|(_, _, x)| !x.noise);
        if let Some((_, _, last)) = last
            && last.absorb(&next, b)
        {
            continue;
        }
        cache.lines.push((a, t, next));
        cache.starts.push(i);
        cache.topics.push(Topic::of_event(&l.event));
        cache.secret.push(a.filter(|&u| b.hidden(u)));
        if let Some(c) = super::chain::Chain::of(&l.event, now) {
            cache.chains.insert(cache.lines.len() - 1, c);
        }
    }
    cache.events = b.log().len();
}

/// The roll log at the bottom of the side panel (or in its strip under the map in a short
/// window), newest first, its lines in a scroll `max_h` points tall at most. The first
/// line shown of each command has a button that rewinds the battle to just before it
/// (`rewind`, set in `rewind`; inert when `live` is false: a dialog is on top).
/// Returns where the newest line shown is, when it is in view (noted for tests as
/// "Roll log newest").
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    ui: &mut egui::Ui,
    b: &Battle,
    view: &mut View,
    cache: &LogCache,
    looking: Option<skirmish_rules::components::SideId>,
    rewind: &mut Option<usize>,
    live: bool,
    max_h: f32,
) -> Option<egui::Pos2> {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Roll log").strong());
        ui.checkbox(&mut view.log_details, "details")
            .on_hover_text("Also show the bookkeeping: setup, payments, declined offers");
        let shown = view
            .log_filter
            .map(|u| b.name(u).to_string())
            .unwrap_or_else(|| "everyone".into());
        egui::ComboBox::from_id_salt("filter")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut view.log_filter, None, "everyone");
                for u in b
                    .units()
                    .filter(|&u| crate::game::sight::seen_by(b, looking, u))
                {
                    ui.selectable_value(&mut view.log_filter, Some(u), b.name(u));
                }
            });
    });
    let shown = |i: usize, view: &View| {
        let Some((a, t, line)) = cache.lines.get(i) else {
            return false;
        };
        if line.noise && !view.log_details {
            return false;
        }
        // What a unit did while hidden stays with its own side.
        if let (Some(s), Some(Some(u))) = (looking, cache.secret.get(i))
            && b.side(*u) != s
        {
            return false;
        }
        view.log_filter
            .is_none_or(|f| *a == Some(f) || *t == Some(f))
    };
    // The command each line belongs to (the log's marks), and the first line shown of
    // each: it carries the rewind button.
    let marks = &b.history().marks;
    let command_of = |i: usize| {
        let e = cache.starts.get(i).copied()?;
        marks.partition_point(|&m| m <= e).checked_sub(1)
    };
    let mut firsts = std::collections::BTreeMap::new();
    for i in (0..cache.lines.len()).filter(|&i| shown(i, view)) {
        if let Some(k) = command_of(i) {
            firsts.entry(k).or_insert(i);
        }
    }
    let heads: std::collections::BTreeMap<usize, usize> =
        firsts.into_iter().map(|(k, i)| (i, k)).collect();
    // Its own scroll inside the panel's, so the sections below it stay in reach.
    let mut newest = None;
    egui::ScrollArea::vertical()
        .id_salt("roll log")
        .max_height(max_h)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // What followed a chain still coming out waits for its last die.
            let now = ui.input(|i| i.time);
            let held = super::chain::held_after(&cache.chains, now, view.anim_speed);
            for (i, (_, _, line)) in cache.lines.iter().enumerate().rev() {
                if held.is_some_and(|h| i > h) {
                    continue;
                }
                if !shown(i, view) {
                    continue;
                }
                let mut text = egui::RichText::new(&line.text).size(12.0);
                if line.noise {
                    text = text.weak();
                }
                if line.text.starts_with('—') {
                    text = text.strong();
                }
                let label = match heads.get(&i) {
                    Some(&k) => {
                        ui.horizontal_wrapped(|ui| {
                            let r = ui
                                .add_enabled(live, egui::Button::new("↺").small())
                                .on_hover_text(format!(
                                    "Play from here: back to just before command {} (round \
                                     {}), live; the line so far is kept as a branch (Ctrl+R)",
                                    k + 1,
                                    b.log().get(marks[k]).map_or(0, |l| l.round)
                                ));
                            if r.clicked() {
                                *rewind = Some(k);
                            }
                            ui.label(text)
                        })
                        .inner
                    }
                    None => ui.label(text),
                };
                if newest.is_none() {
                    let at = label.rect.center();
                    newest = Some(ui.clip_rect().contains(at).then_some(at));
                }
                if let Some(c) = cache.chains.get(&i) {
                    super::chain::draw(ui, crate::game::view::of(b), c, view.anim_speed);
                }
                // On hover (worked out only then): the dice behind a roll, and the rule
                // the line is about in the ruleset's own words.
                if !label.hovered() {
                    continue;
                }
                let rule = cache
                    .topics
                    .get(i)
                    .copied()
                    .flatten()
                    .and_then(|t| crate::game::view::of(b).explain(t));
                let tip = match (&line.dice, rule) {
                    (Some(d), Some(r)) => Some(format!("{d}\n\n{}", words(&r))),
                    (Some(d), None) => Some(d.clone()),
                    (None, Some(r)) => Some(words(&r)),
                    (None, None) => None,
                };
                if let Some(tip) = tip {
                    label.on_hover_text(tip);
                }
            }
        });
    newest.flatten()
}

/// An explanation as tooltip text: "Title (cost): what it does. — source".
pub(super) fn words(e: &Explanation) -> String {
    let cost = e.cost.map(|c| format!(" ({c})")).unwrap_or_default();
    format!("{}{cost}: {}\n— {}", e.title, e.text, e.source)
}
