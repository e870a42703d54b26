//! A script run with the AI playing some sides (`skirmish run --ai`, issue 32): the
//! script's steps for the sides it names, the AI's commands for the others.

use super::{Policy, Script, Step, Stop, drain_windows, to_command};
use crate::battle::Battle;
use crate::engine::{Command, Illegal};

/// What the AI did in [`run_with_ai`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AiPlayed {
    /// Commands the AI gave (its reaction answers included).
    pub commands: usize,
    /// Turns its guard ended for making no progress (see [`crate::ai::Guard`]).
    pub stuck: Vec<String>,
}

/// [`run`], with the AI playing the sides for which `ai(side)` is true whenever the
/// script has nothing for them: before each step, while the unit that must decide (take
/// its turn, or answer a window) is on such a side and the step is not that unit's (an
/// `EndTurn` counts as the unit whose turn it is), the AI gives its command; after the
/// last step it plays on until a side it does not play must take a turn, or the battle
/// ends. Windows of the other sides that no `React` step answers are answered by the
/// script's policy, as in [`run`]. The AI stops after [`crate::sim::command_cap`]
/// commands.
pub fn run_with_ai(
    b: &mut Battle,
    script: &Script,
    ai: &dyn Fn(crate::components::SideId) -> bool,
) -> Result<AiPlayed, Stop> {
    let mut guard = crate::ai::Guard::new();
    let mut played = AiPlayed::default();
    let cap = crate::sim::command_cap(b.level());
    // The AI's commands until someone else must decide, or the step is the decider's.
    let mut ai_until = |b: &mut Battle, step: Option<&Step>, played: &mut AiPlayed| {
        while played.commands < cap {
            let (decider, turn) = match b.status() {
                crate::Status::Turn(u) => (u, true),
                crate::Status::AwaitingReaction(u) => (u, false),
                crate::Status::Ended(_) => break,
            };
            if !ai(b.side(decider)) {
                break;
            }
            if let Some(s) = step {
                match s.unit() {
                    None if turn => break,
                    Some(name) if name == b.name(decider) => break,
                    _ => {}
                }
            }
            if guard.play(b, 1, ai) == 0 {
                break;
            }
            played.commands += 1;
        }
    };
    let stop = |index: usize, command: String, e: Illegal| script.stop(index, command, e);
    // Windows of sides the AI does not play, answered by the policy, one at a time (the
    // answer may hand the battle back to the AI).
    let policy_answer = |b: &mut Battle| -> Result<bool, Illegal> {
        let Some(w) = b.window() else {
            return Ok(false);
        };
        if ai(b.side(w.reactor)) {
            return Ok(false);
        }
        let choice = match script.reactions {
            Policy::Decline => None,
            Policy::Accept => w.options.first().copied(),
        };
        let reactor = w.reactor;
        b.submit(Command::React {
            unit: reactor,
            choice,
            commit: 0,
            commits: Vec::new(),
        })?;
        Ok(true)
    };
    for (i, step) in script.commands.iter().enumerate() {
        loop {
            ai_until(b, Some(step), &mut played);
            if matches!(step, Step::React { .. })
                || !policy_answer(b).map_err(|e| stop(i + 1, step.to_string(), e))?
            {
                break;
            }
        }
        if !matches!(step, Step::React { .. }) {
            drain_windows(b, script.reactions).map_err(|e| stop(i + 1, step.to_string(), e))?;
        }
        let cmd = to_command(b, step).map_err(|reason| Stop {
            index: i + 1,
            command: step.to_string(),
            reason,
            dice: None,
            at: script.command_pos(i + 1),
        })?;
        b.submit(cmd)
            .map_err(|e| stop(i + 1, step.to_string(), e))?;
    }
    let end = script.commands.len() + 1;
    loop {
        ai_until(b, None, &mut played);
        if !policy_answer(b).map_err(|e| stop(end, "(end of script)".into(), e))? {
            break;
        }
    }
    played.stuck = guard.stuck().to_vec();
    Ok(played)
}
