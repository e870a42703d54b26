//! The AI at a pace a person can follow, and the automatic reaction answers of sides set
//! to "Auto" or "Never".

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish_rules::ai::Guard;
use skirmish_rules::engine::Command;
use skirmish_rules::event::ReactionKind;
use skirmish_rules::{Battle, Status};

use super::submit::submit;
use super::types::ActStep;
use crate::game::prefs::ReactPolicy;
use crate::game::state::{BattleRes, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (ai_play, auto_react).chain().in_set(ActStep::Ai));
}

/// The choice a side's "Auto" policy makes: the AI's answer (take reaction attacks and
/// stepping aside, defend with the best chance, never intercept).
pub fn auto_choice(b: &Battle) -> Option<ReactionKind> {
    skirmish_rules::ai::react(b)
}

fn auto_react(
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut asked: Local<Option<usize>>,
) {
    if battle.is_added() {
        // Another battle (a save opened): its windows are judged afresh.
        *asked = None;
    }
    // Bounded: each answer closes a window.
    for _ in 0..64 {
        let b = &battle.0;
        let Status::AwaitingReaction(r) = b.status() else {
            return;
        };
        if session.is_ai(b.side(r)) {
            return; // `ai_play` answers, at its own pace.
        }
        let policy = session
            .policies
            .get(b.side(r).0 as usize)
            .copied()
            .unwrap_or_default();
        let mut said = None;
        let policy = match policy {
            // Asked, unless no option reaches the side's threshold (judged once, when
            // the window opens: a threshold changed in the prompt answers the next one).
            ReactPolicy::Ask if *asked == Some(b.log().len()) => return,
            ReactPolicy::Ask => {
                let offers = super::offers::offers(b);
                // (The threshold is a setting, saved: `Prefs::auto_below`.)
                let limit = view.prefs.threshold(b.side(r).0 as usize);
                match super::offers::best_chance(&offers) {
                    Some(best) if best < limit => {
                        said = Some(format!(
                            "{} answered by itself: no option reached {} (best {}).",
                            b.name(r),
                            super::offers::pct(limit),
                            super::offers::pct(best)
                        ));
                        ReactPolicy::Auto
                    }
                    _ => {
                        *asked = Some(b.log().len());
                        return;
                    }
                }
            }
            p => p,
        };
        let cmd = match policy {
            ReactPolicy::Ask => return,
            ReactPolicy::Never => Command::React {
                unit: r,
                choice: None,
                commit: 0,
                commits: Vec::new(),
            },
            // The AI's whole answer: its choice and the amounts it commits.
            ReactPolicy::Auto => match skirmish_rules::ai::decide(b) {
                Some(c @ Command::React { .. }) => c,
                _ => Command::React {
                    unit: r,
                    choice: auto_choice(b),
                    commit: 0,
                    commits: Vec::new(),
                },
            },
        };
        if !submit(&mut battle.0, &mut session, &mut view, cmd) {
            return;
        }
        if let Some(m) = said {
            view.message = Some((m, false));
        }
    }
}

/// Seconds between the AI's commands, so a person can follow them.
const AI_PACE: f32 = 0.35;

/// The AI plays its sides: one command (or reaction answer) every [`AI_PACE`] seconds,
/// through the same `submit` as a person's. The rules' [`Guard`] ends a turn that makes
/// no progress (an accepted command that changed nothing, or a turn far too long)
/// instead of letting the AI give it forever.
fn ai_play(
    time: Res<Time>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut wait: Local<f32>,
    mut guard: Local<Guard>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let b = &battle.0;
    let decider = match b.status() {
        Status::Turn(u) | Status::AwaitingReaction(u) => u,
        Status::Ended(_) => return,
    };
    if !session.is_ai(b.side(decider)) {
        *wait = 0.0;
        return;
    }
    // The AI plays on by itself: keep the frames coming (the window sleeps otherwise).
    redraw.write(RequestRedraw);
    *wait += time.delta_secs();
    if *wait < AI_PACE {
        return;
    }
    *wait = 0.0;
    let Some(cmd) = skirmish_rules::ai::decide(b) else {
        return;
    };
    let turn = match b.status() {
        Status::Turn(u) => Some((b.round(), u)),
        _ => None,
    };
    let b = &mut battle.0;
    let before = b.log().len();
    let stuck = if submit(b, &mut session, &mut view, cmd) {
        let added = b.log().len().saturating_sub(before);
        guard.record(turn, added).is_some()
    } else {
        // A refused command: end the turn or decline instead.
        true
    };
    // Never stall: end the turn or decline.
    if stuck && let Some(f) = skirmish_rules::ai::fallback(b) {
        submit(b, &mut session, &mut view, f);
    }
}
