//! Running a script's steps on a battle, reactions answered by its policy.

use super::{DiceEntry, Policy, Script, Step, Stop, to_command};
use crate::battle::Battle;
use crate::engine::{Command, Illegal};

/// Answer every open window by a policy until none is open.
pub fn drain_windows(b: &mut Battle, policy: Policy) -> Result<(), Illegal> {
    // Each answer pops at least one frame; bound the loop anyway.
    for _ in 0..10_000 {
        let Some(w) = b.window() else { return Ok(()) };
        let choice = match policy {
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
    }
    Ok(())
}

impl Script {
    /// Why a run stopped at command `index`: a forced face that does not fit is blamed
    /// on its `dice:` entry when it is one of the script's (faces queued on the battle
    /// some other way are not).
    pub(super) fn stop(&self, index: usize, command: String, e: Illegal) -> Stop {
        let dice = match &e {
            Illegal::Dice(error) if error.entry < self.dice.len() => Some(Box::new(DiceEntry {
                entry: error.entry,
                at: self.dice_pos(error.entry),
                error: error.clone(),
            })),
            _ => None,
        };
        Stop {
            index,
            command,
            reason: e.to_string(),
            dice,
            at: self.command_pos(index),
        }
    }
}

/// Run a script's commands on a battle. Events before an illegal command stand.
pub fn run(b: &mut Battle, script: &Script) -> Result<(), Stop> {
    let stop = |index: usize, command: String, e: Illegal| script.stop(index, command, e);
    for (i, step) in script.commands.iter().enumerate() {
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
    drain_windows(b, script.reactions)
        .map_err(|e| stop(script.commands.len() + 1, "(end of script)".into(), e))
}
