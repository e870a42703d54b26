//! Going back: a command that fails halfway (a forced die that does not fit, a hook that
//! refuses late) leaves the battle as it was, and a forecast plays on a copy.
//!
//! The log is the state: `apply` is the only writer of the world and of the round, the
//! initiative order, the turn, the readied units, the ground, the ledger, the counters,
//! the debts and the end, so a battle rebuilt by applying the log up to a point to freshly
//! spawned units has all of them as they were then. What is not made by events (the
//! dice, the frames on the stack, the open reaction window) is what a [`Snapshot`] keeps:
//! taken before every command, it costs where the dice stand (a [`DiceMark`]) and a copy
//! of the stack and window (empty but for an answer), not of the whole state.

use super::*;
use crate::dice::DiceMark;

/// What a rollback needs besides the log: the state not made by events.
pub(crate) struct Snapshot {
    log_len: usize,
    dice: DiceMark,
    stack: Vec<Frame>,
    window: Option<Window>,
}

impl Battle {
    /// The battle's state not made by events (see the module's note).
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            log_len: self.log.len(),
            dice: self.dice.mark(),
            stack: self.stack.clone(),
            window: self.window.clone(),
        }
    }

    /// Go back to a snapshot taken earlier in this battle: the world and every state made
    /// by events are rebuilt by applying the log up to that point to freshly spawned units
    /// (the log is the state), the rest is restored. For a command that fails halfway: an
    /// illegal command changes nothing.
    pub(crate) fn rollback(&mut self, s: Snapshot) {
        let dice = self.dice.back_to(s.dice);
        let mut fresh = self.rebuilt(s, dice);
        fresh.foreign_conditions = std::mem::take(&mut self.foreign_conditions);
        fresh.history = std::mem::take(&mut self.history);
        *self = fresh;
    }

    /// The battle at snapshot `s` of this one, rolling `dice`: its units spawned afresh
    /// and the log up to the snapshot applied to them, the stack and window restored from
    /// `s` (history and foreign conditions left empty for the caller).
    pub(super) fn rebuilt(&self, s: Snapshot, dice: Dice) -> Battle {
        let mut fresh = Battle::spawned(self.rules, self.level.clone(), self.seed, dice);
        for l in &self.log[..s.log_len.min(self.log.len())] {
            fresh.apply(&l.event);
            fresh.log.push(l.clone());
        }
        fresh.stack = s.stack;
        fresh.window = s.window;
        fresh.index = std::sync::OnceLock::new();
        fresh.drop_threat();
        fresh
    }

    /// A copy of the battle as it stands, whose dice from here on are a fresh stream
    /// seeded with `seed` (forced faces not used yet are dropped): where a forecast plays
    /// the rest of the battle out. The copy keeps the log and the commands so far; it
    /// cannot be saved (its dice no longer follow from the battle's seed).
    pub fn branch(&self, seed: u64) -> Battle {
        let mut b = self.rebuilt(self.snapshot(), Dice::seeded(seed));
        b.foreign_conditions = self.foreign_conditions.clone();
        b.history = self.history.clone();
        b.history.reseeded = true;
        b
    }
}

#[cfg(test)]
#[path = "rollback_tests.rs"]
mod tests;
