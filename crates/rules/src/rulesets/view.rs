//! The window-facing trait: what a ruleset shows (the action bar, prices, gauges,
//! badges, the log's words, tooltips and F1 help). Each ruleset folder implements
//! [`View`] in its `ui.rs` (`explain` and `summary` read the tables of its `explain.rs`);
//! the window and the logs reach it through the registry
//! ([`crate::rulesets::Registry::view`], [`crate::rulesets::view_of`]).

use crate::battle::Battle;
use crate::battle::rules::Ruleset;
use crate::components::{ConditionKind, Pool, UnitId};
use crate::engine::Command;
use crate::event::ReactionKind;

use super::explain;
use super::ui::{ActionSpec, AttackPrice, Choice, Gauge, TokenMarks, WindowWords};

/// How a check's log line reads ([`View::check_note`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckNote {
    /// Added to the check's words (": a tie goes to …"), or "".
    pub words: &'static str,
    /// The number against is not a number to beat (leave it out).
    pub no_number: bool,
    /// Nor is there a success or failure to tell.
    pub no_outcome: bool,
}

/// A combat system as the window and the logs show it: the layer above the engine's
/// [`Ruleset`] (a view is of a ruleset, so the window may ask both through it). No
/// default methods: a ruleset words each thing itself.
pub trait View: Ruleset {
    /// What a unit has left this turn, one line ("3 AP, 2 RP, 4 FP" / "Standard, Move").
    fn budget_line(&self, b: &Battle, u: UnitId) -> String;
    /// A `TurnStarted` event's detail in the log ("5 AP, 2 RP"), from the pools it
    /// refreshed.
    fn turn_budget_words(&self, pools: &[(Pool, i32)]) -> String;
    /// What a command would cost, in words, as the action bar shows it ("2 AP",
    /// "Standard+Move", "free"), or why not.
    fn cost_words(&self, b: &Battle, cmd: &Command) -> Result<String, String>;
    /// The action bar: every special action the window offers, in bar order
    /// ([`ui::ActionSpec`]: label, key, target, the command it makes).
    fn actions(&self) -> &'static [ActionSpec];
    /// The choice a command still leaves open (which focus, which item), offered before
    /// it goes in; `None` when the command is all there is to it.
    fn choice(&self, b: &Battle, cmd: &Command) -> Option<Choice>;
    /// Why `u` cannot pay for `cmd` at all now (AP, slots), before its target is known
    /// (the action bar greys the button with this reason).
    fn cannot_pay(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<String>;
    /// Fixed words of the window: what a click does, the draw and sheathe buttons.
    fn window_words(&self) -> &'static WindowWords;
    /// What `u` has left, as the unit card shows it (pips and notes).
    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge>;
    /// What a move of `cost` movement would cost `u` now ("1 AP", "a Move action").
    fn move_price(&self, b: &Battle, u: UnitId, cost: u32) -> String;
    /// What clicking an enemy would cost `u` now.
    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice;
    /// A maneuver's chance of success and its words after the percentage ("to out-feint
    /// Brute (…)"), for the hover card while it waits for its target; `None`: no chance
    /// to show.
    fn maneuver_chance(&self, b: &Battle, u: UnitId, cmd: &Command) -> Option<(f64, String)>;
    /// The price of a reaction in the prompt ("2 RP", "Reaction").
    fn reaction_price(&self, kind: ReactionKind) -> String;
    /// What `u` has left to react with, in the prompt ("2 RP", "1 Reaction left").
    fn reactions_left(&self, b: &Battle, u: UnitId) -> String;
    /// The badge of a condition on the map and the unit card ("P", "+1").
    fn condition_badge(&self, kind: ConditionKind) -> &'static str;
    /// What the map draws on `u`'s token beside its HP and badges: the way it faces
    /// (when facing counts), its wounds, the reactions it has left.
    fn token_marks(&self, b: &Battle, u: UnitId) -> TokenMarks;
    /// What a crit or fumble chain ([`crate::event::Event::Chain`]) that climbed
    /// `steps` steps means, in words ("a super critical: the damage doubled again"); the
    /// roll log says it after each die. Empty: this ruleset rolls no chains.
    fn chain_meaning(&self, kind: crate::event::ChainKind, steps: u32) -> String;
    /// How the log words a check of this ruleset: what its numbers mean when they are
    /// not a plain "total vs number" (an unopposed check, a check that sets a DC, a tie).
    fn check_note(&self, purpose: crate::event::CheckPurpose, total: i32, vs: i32) -> CheckNote;

    /// A battle-wide line the window shows under the round at all times (escalation: the
    /// escalation die); empty: none.
    fn battle_line(&self, b: &Battle) -> String;

    /// The dice of a save in words, for the window ("save ends (3d6 ≥ 11)"): what
    /// [`Ruleset::save_roll`] rolls before any Advantage.
    fn save_dice_words(&self) -> &'static str;
    /// A once-per right of the ruleset's own ([`crate::components::Once::Own`]) in words
    /// for the log's `marked` line ("Power Strike: +1 melee damage until the round
    /// ends"); `None`: not one of its own.
    fn once_words(&self, once: crate::components::Once) -> Option<String>;
    /// The price of using `u`'s ability `ability` in words ("2 AP", "Standard, 2 SQ"),
    /// for the action bar.
    fn ability_price(&self, b: &Battle, u: UnitId, ability: usize) -> String;

    /// The plain words of a condition, an action, a reaction, a terrain or a rule, as the
    /// ruleset plays it, for the window's tooltips; `None`: nothing to say (it is not
    /// part of this ruleset).
    fn explain(&self, topic: explain::Topic) -> Option<explain::Explanation>;
    /// The ruleset's core loop for F1 help: (heading, one plain paragraph) in reading
    /// order (turn budget, attacks, defence, reactions, movement, conditions, dying).
    fn summary(&self) -> &'static [(&'static str, &'static str)];
    /// The ruleset's own rule words for the reaction prompt of window `w`, after the
    /// window's plain words ("Kor identifies Ada's Fireball: counter it?" + tactical-d20's
    /// "(2 SQ, caster level vs the Spell DC)"); `None`: nothing to add.
    fn prompt_rule(&self, b: &Battle, w: &crate::engine::Window) -> Option<String>;
    /// What answering `w` with `kind` does, in the prompt beside a reaction without a
    /// chance to show (tactical-d20's Pursuit: "move half speed after it"); `None`: nothing.
    fn reaction_note(
        &self,
        b: &Battle,
        w: &crate::engine::Window,
        kind: ReactionKind,
    ) -> Option<String>;
    /// What answering `w` with `kind` does, in one line for the prompt under the option
    /// (issue 31: "Intercept" and "Intercept and swap" told apart, what a triggered power
    /// spends); every option the ruleset offers gets one. Names the units involved by
    /// name, never by coordinates.
    fn reaction_does(&self, b: &Battle, w: &crate::engine::Window, kind: ReactionKind) -> String;
}
