//! Going back: a command that fails halfway (a forced die that does not fit, a hook that
//! refuses late) leaves the battle as it was, and a forecast plays on a copy.
//!
//! The log is the state: `apply` is the only writer of the world and of the round, the
//! initiative order, the turn, the readied units, the ground, the ledger, the counters,
//! the debts and the end, so a battle rebuilt by applying the log up to a point to freshly
//! spawned units has all of them as they were then. What is not made by events (the
//! dice, the frames on the stack, the open reaction window) is what a [`Snapshot`] keeps:
//! where the dice stand (a [`DiceMark`]) and a copy of the stack and window.
//!
//! `submit` keeps only what it needs ([`Guard`]): most commands start with nothing on the
//! stack and no window, and then the log's length and the dice are all (a [`Quiet`]
//! mark). A command answering a window was reached from the last such command by
//! commands alone (checked: the battle still stands as the last accepted command left it,
//! [`Settled`]), so the stack and window before it are what those commands make again:
//! going back rebuilds the battle at the quiet mark and submits them again, with the same
//! dice. Only when something else changed the battle between commands (an event or a
//! frame from outside, a die forced in a window) is the stack and window copied.

use super::*;
use crate::dice::DiceMark;

/// What a rollback needs besides the log: the state not made by events.
pub(crate) struct Snapshot {
    log_len: usize,
    dice: DiceMark,
    stack: Vec<Frame>,
    window: Option<Window>,
}

/// The last command `submit` got with nothing on the stack and no window: where a
/// rollback of a later command in a window replays from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quiet {
    /// Its index in the history's commands.
    command: usize,
    /// The log's length before it.
    log_len: usize,
    /// The dice before it.
    dice: DiceMark,
}

/// How the battle stood after the last command `submit` accepted: when it still stands
/// so at the next command, nothing but commands changed it (every event is logged, every
/// frame outside a command is pushed, every forced die is queued).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settled {
    commands: usize,
    log_len: usize,
    stack_len: usize,
    window: bool,
    forced: usize,
}

/// What `submit` keeps before resolving, to go back if resolution fails.
pub(crate) enum Guard {
    /// Nothing on the stack and no window: the battle's [`Quiet`] mark, just set.
    Quiet,
    /// Reached by commands alone from the [`Quiet`] mark: nothing kept, going back
    /// replays them.
    Replay,
    /// Anything else: the stack and window copied.
    Full(Snapshot),
}

impl Battle {
    fn settled_now(&self) -> Settled {
        Settled {
            commands: self.history.commands.len(),
            log_len: self.log.len(),
            stack_len: self.stack.len(),
            window: self.window.is_some(),
            forced: self.dice.forced_queued(),
        }
    }

    /// What a command about to resolve needs kept to go back (see the module's note).
    pub(crate) fn guard(&mut self) -> Guard {
        if self.stack.is_empty() && self.window.is_none() {
            self.quiet = Some(Quiet {
                command: self.history.commands.len(),
                log_len: self.log.len(),
                dice: self.dice.mark(),
            });
            Guard::Quiet
        } else if self.quiet.is_some() && self.settled == Some(self.settled_now()) {
            Guard::Replay
        } else {
            self.quiet = None;
            Guard::Full(self.snapshot())
        }
    }

    /// A command was accepted: the battle stands as it left it.
    pub(crate) fn guard_passed(&mut self) {
        self.settled = Some(self.settled_now());
    }

    /// Resolution failed: back to where the battle stood before the command (whose
    /// events begin at `before` in the log).
    pub(crate) fn guard_failed(&mut self, g: Guard, before: usize) {
        let (quiet, settled) = (self.quiet, self.settled);
        match (g, quiet) {
            (Guard::Full(s), _) => self.rollback(s),
            (Guard::Quiet, Some(q)) => self.rollback(Snapshot {
                log_len: q.log_len,
                dice: q.dice,
                stack: Vec::new(),
                window: None,
            }),
            (Guard::Replay, Some(q)) => self.replay_from(q, before),
            (Guard::Quiet | Guard::Replay, None) => unreachable!("a guard without its mark"),
        }
        self.quiet = quiet;
        self.settled = settled;
    }

    /// Go back to before the command whose events begin at `before`, reached by commands
    /// alone from the quiet mark `q`: the battle rebuilt at `q` and those commands
    /// submitted again with the dice as they stood there (they roll the same faces and
    /// log the same events: the rules are deterministic, as a save's replay relies on).
    fn replay_from(&mut self, q: Quiet, before: usize) {
        let dice = self.dice.back_to(q.dice);
        let mut fresh = self.rebuilt_at(q.log_len, Vec::new(), None, dice);
        fresh.foreign_conditions = std::mem::take(&mut self.foreign_conditions);
        let mut history = std::mem::take(&mut self.history);
        let again = history.commands.split_off(q.command);
        history.marks.truncate(q.command);
        fresh.history = history;
        for c in again {
            fresh
                .submit(c)
                .expect("a command accepted before is accepted again from the same state");
        }
        debug_assert_eq!(
            fresh.log.len(),
            before,
            "the replay logs what the commands did"
        );
        debug_assert!(
            fresh.log[..] == self.log[..before],
            "the replay logs the same"
        );
        *self = fresh;
    }

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
        self.rebuilt_at(s.log_len, s.stack, s.window, dice)
    }

    /// The battle after the first `log_len` events of this one's log, with `stack` and
    /// `window`, rolling `dice` (history and foreign conditions left empty).
    fn rebuilt_at(
        &self,
        log_len: usize,
        stack: Vec<Frame>,
        window: Option<Window>,
        dice: Dice,
    ) -> Battle {
        let mut fresh = Battle::spawned(self.rules, self.level.clone(), self.seed, dice);
        for l in &self.log[..log_len.min(self.log.len())] {
            fresh.apply(&l.event);
            fresh.log.push(l.clone());
        }
        fresh.stack = stack;
        fresh.window = window;
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
