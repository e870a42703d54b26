//! The roll log's crit and tragedy chains (`Event::Chain`, melee-zone's "roll a d4 …
//! roll a d6 … roll a d8, and so on"), step by step: under the chain's line, one line per
//! die (its face, and what the chain means at that step in the ruleset's words,
//! [`skirmish_rules::rulesets::View::chain_meaning`]) appears in turn, a beat apart, not
//! all at once, and the log's later lines (the damage it led to) wait for the last one;
//! once all are out the whole breakdown stays. At the "instant" animation speed all show
//! at once.

use bevy_egui::egui;
use skirmish_rules::event::{ChainKind, Event};
use skirmish_rules::rulesets::View;

use crate::game::prefs::AnimSpeed;

/// Seconds between two dice of a chain at normal speed.
pub const STEP_SECS: f64 = 0.8;

/// A chain in the roll log: what it rolled and when the log first showed it.
#[derive(Clone, Debug, PartialEq)]
pub struct Chain {
    /// Critical or fumble.
    pub kind: ChainKind,
    /// Each die's sides, in order.
    pub dice: Vec<u32>,
    /// Each die's face.
    pub faces: Vec<u32>,
    /// When the log first had it (egui's clock, seconds).
    pub seen: f64,
}

impl Chain {
    /// The chain an event rolled, first seen at `now`.
    pub fn of(e: &Event, now: f64) -> Option<Chain> {
        match e {
            Event::Chain {
                kind, dice, faces, ..
            } => Some(Chain {
                kind: *kind,
                dice: dice.clone(),
                faces: faces.clone(),
                seen: now,
            }),
            _ => None,
        }
    }

    /// How many of its dice show at `now` (all of them at the instant speed).
    pub fn shown(&self, now: f64, speed: AnimSpeed) -> usize {
        let n = self.faces.len();
        if speed == AnimSpeed::Instant {
            return n;
        }
        let beat = STEP_SECS / speed.factor().max(0.1) as f64;
        let k = ((now - self.seen).max(0.0) / beat).floor() as usize + 1;
        k.min(n)
    }
}

/// One line per die: "d4: 4, its highest: a super critical: the damage doubled again
/// (×4)"; "d6: 2, not its highest, the chain stops: …".
pub fn step_words(view: &dyn View, c: &Chain) -> Vec<String> {
    c.dice
        .iter()
        .zip(&c.faces)
        .enumerate()
        .map(|(i, (&sides, &face))| {
            let top = face == sides;
            let climbed = if top { i as u32 + 1 } else { i as u32 };
            let meaning = view.chain_meaning(c.kind, climbed);
            let how = if top {
                "its highest"
            } else {
                "not its highest, the chain stops"
            };
            if meaning.is_empty() {
                format!("d{sides}: {face}, {how}")
            } else {
                format!("d{sides}: {face}, {how}: {meaning}")
            }
        })
        .collect()
}

/// The chain's steps under its line, as far as they have come; asks egui for the next
/// beat while some are still to come.
pub(super) fn draw(ui: &mut egui::Ui, view: &dyn View, c: &Chain, speed: AnimSpeed) {
    let now = ui.input(|i| i.time);
    let shown = c.shown(now, speed);
    let colour = match c.kind {
        ChainKind::Critical => egui::Color32::from_rgb(240, 200, 60),
        ChainKind::Fumble => egui::Color32::from_rgb(235, 110, 90),
    };
    for w in step_words(view, c).into_iter().take(shown) {
        ui.label(
            egui::RichText::new(format!("    · {w}"))
                .size(11.0)
                .color(colour),
        );
    }
    if shown < c.faces.len() {
        let beat = STEP_SECS / speed.factor().max(0.1) as f64;
        let next = c.seen + beat * shown as f64;
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64((next - now).max(0.02)));
    }
}

/// The line of the oldest chain still coming out at `now` (the lines after it wait).
pub fn held_after(
    chains: &std::collections::BTreeMap<usize, Chain>,
    now: f64,
    speed: AnimSpeed,
) -> Option<usize> {
    chains
        .iter()
        .find(|(_, c)| c.shown(now, speed) < c.faces.len())
        .map(|(&i, _)| i)
}
