//! What the rules would refuse of a reaction prompt's options, worked out once: the
//! prompt greys an option `Battle::check` refuses (counters: a Block with nothing
//! committed), and it is drawn every frame, so each answer is checked once per (battle
//! generation, log length, open window, the option's amounts as its pickers show them)
//! and kept in egui's memory until the window or the battle moves on.

use bevy_egui::egui;
use skirmish_rules::Battle;
use skirmish_rules::engine::{Command, Commit, Window};
use skirmish_rules::event::ReactionKind;

/// The battle state a set of answers belongs to.
#[derive(Clone, Debug, PartialEq)]
struct State {
    generation: u32,
    len: usize,
    window: Window,
}

/// The answers checked for the open window: (the answer, its amounts) → why the rules
/// refuse it (`None`: they take it).
#[derive(Clone, Debug, Default)]
pub struct Refusals {
    state: Option<State>,
    known: Vec<((ReactionKind, Vec<Commit>), Option<String>)>,
    /// How many times `Battle::check` ran (tests read it: [`checks_run`]).
    checks: u64,
}

/// At most this many answers are kept for one window (a picker dragged far): beyond, the
/// list starts again.
const MOST: usize = 64;

fn id() -> egui::Id {
    egui::Id::new("Reaction").with("refusals")
}

/// Why the rules would refuse `kind` with `commits` from the reactor of the open window
/// (`None`: they would take it), from egui's memory when this answer was checked since
/// the window opened.
pub fn why_refused(
    ctx: &egui::Context,
    b: &Battle,
    generation: u32,
    kind: ReactionKind,
    commits: &[Commit],
) -> Option<String> {
    let w = b.window()?;
    let state = State {
        generation,
        len: b.log().len(),
        window: w.clone(),
    };
    let reactor = w.reactor;
    ctx.data_mut(|d| {
        let memo = d.get_temp_mut_or_default::<Refusals>(id());
        if memo.state.as_ref() != Some(&state) || memo.known.len() >= MOST {
            memo.state = Some(state);
            memo.known.clear();
        }
        if let Some((_, why)) = memo
            .known
            .iter()
            .find(|((k, c), _)| *k == kind && c.as_slice() == commits)
        {
            return why.clone();
        }
        memo.checks += 1;
        let why = b
            .check(&Command::React {
                unit: reactor,
                choice: Some(kind),
                commit: 0,
                commits: commits.to_vec(),
            })
            .err()
            .map(|e| e.to_string());
        memo.known.push(((kind, commits.to_vec()), why.clone()));
        why
    })
}

/// How many times the prompt has run `Battle::check` in this egui context.
pub fn checks_run(ctx: &egui::Context) -> u64 {
    ctx.data(|d| d.get_temp::<Refusals>(id()).map_or(0, |m| m.checks))
}

/// Forget every answer checked (another battle starts).
pub fn forget(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove_temp::<Refusals>(id()));
}
