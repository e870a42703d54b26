//! Wave 2's dispatch: what `rules.rs` hands to the spells, counterspells, status effects
//! and hazards (kept apart so wave 1's files change by a line each).

use crate::battle::Battle;
use crate::components::{Cost, UnitId};
use crate::engine::{Action, Commit, CommitPart, CommonAction, Illegal, Window};
use crate::event::{ReactionKind, Trigger};

use super::{CountersAction, CountersFrame, counterspell, hazards, spells, status};

/// Is `a` one of wave 2's actions (Cast, End Status)?
pub fn acts(a: &Action) -> bool {
    matches!(
        a,
        Action::Common(CommonAction::Cast { .. })
            | Action::Counters(CountersAction::EndStatus { .. })
    )
}

/// Check a wave 2 action.
pub fn check(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    match a {
        Action::Common(CommonAction::Cast { ability, at }) => {
            spells::check_cast(b, u, *ability, at)
        }
        Action::Counters(CountersAction::EndStatus { kind, pay }) => {
            status::check(b, u, *kind, *pay)
        }
        _ => Err(Illegal::NoWindow),
    }
}

/// Carry out a wave 2 action.
pub fn perform(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    match a {
        Action::Common(CommonAction::Cast { ability, at }) => {
            spells::perform_cast(b, u, ability, at)
        }
        Action::Counters(CountersAction::EndStatus { kind, pay }) => {
            status::perform(b, u, kind, pay)
        }
        _ => Err(Illegal::NoWindow),
    }
}

/// Does wave 2 answer windows on `t` (a spell landing, a hazard)?
pub fn answers(t: &Trigger) -> bool {
    matches!(t, Trigger::SpellLanding { .. } | Trigger::Hazard { .. })
}

/// What `reactor` is offered on `t`.
pub fn offer(b: &Battle, reactor: UnitId, t: &Trigger) -> Option<Vec<ReactionKind>> {
    match t {
        Trigger::SpellLanding {
            caster, ability, ..
        } => counterspell::offer(b, reactor, *caster, *ability),
        Trigger::Hazard { cell } => hazards::offer(b, reactor, *cell),
        _ => None,
    }
}

/// The price of an answer (a counterspell's skill dice).
pub fn cost(b: &Battle, t: &Trigger, kind: ReactionKind) -> Cost {
    counterspell::cost(b, t, kind)
}

/// What an answer may commit.
pub fn commit_range(b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
    match w.trigger {
        Trigger::Hazard { .. } if kind == ReactionKind::Counteraction => {
            hazards::commit_range(b, w)
        }
        Trigger::SpellLanding { .. } => counterspell::commit_range(b, w, kind),
        _ => Vec::new(),
    }
}

/// The damage to expect after an answer.
pub fn answer_odds(b: &Battle, w: &Window, kind: ReactionKind, commits: &[Commit]) -> Option<f64> {
    counterspell::answer_odds(b, w, kind, commits)
}

/// Carry out an answer.
pub fn answer(
    b: &mut Battle,
    w: &Window,
    kind: ReactionKind,
    commits: &[Commit],
) -> Result<(), Illegal> {
    match w.trigger {
        Trigger::Hazard { .. } if kind == ReactionKind::Counteraction => {
            hazards::answer(b, w, commits)
        }
        Trigger::SpellLanding { .. } => counterspell::answer(b, w, kind, commits),
        _ => Err(Illegal::NoWindow),
    }
}

/// Run one of wave 2's frames.
pub fn frame(b: &mut Battle, f: CountersFrame) -> Result<(), Illegal> {
    match f {
        CountersFrame::Lands {
            caster,
            ability,
            targets,
            total,
            mult,
        } => spells::lands(b, caster, ability, targets, total, mult),
        CountersFrame::Land {
            caster,
            ability,
            targets,
            damage,
            ..
        } => {
            spells::land(b, caster, ability, &targets, damage);
            Ok(())
        }
        CountersFrame::Hazard { cell, unit, since } => hazards::strike(b, cell, unit, since),
        other => Err(crate::engine::foreign_frame(
            super::ID,
            &crate::rulesets::RulesetFrame::Counters(other),
        )),
    }
}

/// The AI's choice on a wave 2 window.
pub fn ai_choose(b: &Battle, w: &Window) -> Option<ReactionKind> {
    match w.trigger {
        Trigger::SpellLanding { .. } => counterspell::ai_choose(b, w),
        Trigger::Hazard { .. } => {
            (!hazards::ai_commits(b, w).is_empty()).then_some(ReactionKind::Counteraction)
        }
        _ => None,
    }
}

/// The AI's commitments on a wave 2 window.
pub fn ai_commit(b: &Battle, w: &Window, kind: ReactionKind) -> Vec<Commit> {
    match w.trigger {
        Trigger::Hazard { .. } => hazards::ai_commits(b, w),
        // A Block against a spell: `best_commits`' pick, made cheaply.
        Trigger::SpellLanding { .. } if kind == ReactionKind::Block => {
            counterspell::ai_block(b, w).map_or_else(Vec::new, |c| c.commits())
        }
        _ => crate::ai::value::best_commits(b, w, kind, super::ai::worth),
    }
}

/// The AI's first thing in its turn: end a status effect.
pub fn ai_recover(b: &Battle, u: UnitId) -> Option<crate::engine::Command> {
    status::ai_recover(b, u)
}
