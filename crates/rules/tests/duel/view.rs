//! The duel's `View` impl: the window's words for it (mostly none).

use skirmish_rules::battle::Battle;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Command, Window};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::rulesets::View;
use skirmish_rules::rulesets::ui::{
    self, ActionSpec, AttackPrice, Choice, Gauge, Tone, WindowWords,
};

use super::Duel;

impl View for Duel {
    // The duel's prompts need no rule words beyond the window's.
    fn prompt_rule(&self, _b: &Battle, _w: &Window) -> Option<String> {
        None
    }

    fn reaction_note(&self, _b: &Battle, _w: &Window, _kind: ReactionKind) -> Option<String> {
        None
    }

    fn reaction_does(&self, b: &Battle, w: &Window, kind: ReactionKind) -> String {
        format!("{} answers with {kind}", b.name(w.reactor))
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "Standard {} · Move {}",
            b.slots(u, Slot::Standard),
            b.slots(u, Slot::Move)
        )
    }

    fn turn_budget_words(&self, _pools: &[(Pool, i32)]) -> String {
        "Standard, Move".into()
    }

    fn cost_words(&self, _b: &Battle, cmd: &Command) -> Result<String, String> {
        match cmd {
            Command::Attack { .. } => Ok("Standard".into()),
            Command::Move { .. } => Ok("Move".into()),
            Command::Act { .. } => Err("a duel has no special actions".into()),
            _ => Ok(String::new()),
        }
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &[]
    }

    fn choice(&self, _b: &Battle, _cmd: &Command) -> Option<Choice> {
        None
    }

    fn cannot_pay(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<String> {
        None
    }

    fn window_words(&self) -> &'static WindowWords {
        &WindowWords {
            clicks: "Click a cell to move (Move action), an enemy to attack (Standard).",
            draw: "Draw",
            sheathe: "Sheathe",
        }
    }

    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        [Slot::Standard, Slot::Move]
            .into_iter()
            .map(|s| Gauge::Pips {
                label: if s == Slot::Standard {
                    "Standard"
                } else {
                    "Move"
                },
                count: b.slots(u, s) as i32,
                tone: Tone::Action,
            })
            .collect()
    }

    fn move_price(&self, _b: &Battle, _u: UnitId, _cost: u32) -> String {
        "a Move action".into()
    }

    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        if b.slots(u, Slot::Standard) > 0 {
            AttackPrice::Pays("Standard action".into())
        } else {
            AttackPrice::Cannot("no Standard action left".into())
        }
    }

    fn maneuver_chance(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<(f64, String)> {
        None
    }

    fn reaction_price(&self, _kind: ReactionKind) -> String {
        "never offered".into()
    }

    fn reactions_left(&self, _b: &Battle, _u: UnitId) -> String {
        "no reactions".into()
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        ui::badge(kind)
    }

    fn check_note(
        &self,
        _p: skirmish_rules::event::CheckPurpose,
        _total: i32,
        _vs: i32,
    ) -> skirmish_rules::rulesets::CheckNote {
        skirmish_rules::rulesets::CheckNote::default()
    }

    /// A battle-wide line the window shows under the round at all times (escalation: the
    /// escalation die); empty: none.
    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    /// No facing, wounds or reactions drawn on the token.
    fn token_marks(&self, _b: &Battle, _u: UnitId) -> skirmish_rules::rulesets::ui::TokenMarks {
        skirmish_rules::rulesets::ui::TokenMarks::default()
    }

    /// It rolls no crit or fumble chains.
    fn chain_meaning(&self, _kind: skirmish_rules::event::ChainKind, _steps: u32) -> String {
        String::new()
    }

    /// The dice of a save in words, for the window ("save ends (3d6 ≥ 11)"): what
    /// [`Ruleset::save_roll`] rolls before any Advantage.
    // No once-per rights of its own.
    fn once_words(&self, _once: skirmish_rules::components::Once) -> Option<String> {
        None
    }

    fn save_dice_words(&self) -> &'static str {
        "d20"
    }

    /// The price of using `u`'s ability `ability` in words ("2 AP", "Standard, 2 SQ"),
    /// for the action bar.
    fn ability_price(&self, _b: &Battle, _u: UnitId, _ability: usize) -> String {
        String::new()
    }

    /// The plain words of a condition, an action, a reaction, a terrain or a rule, as the
    /// ruleset plays it, for the window's tooltips; `None`: nothing to say (it is not
    /// part of this ruleset).
    fn explain(
        &self,
        _topic: skirmish_rules::rulesets::explain::Topic,
    ) -> Option<skirmish_rules::rulesets::explain::Explanation> {
        None
    }

    /// The ruleset's core loop for F1 help: (heading, one plain paragraph) in reading
    /// order (turn budget, attacks, defence, reactions, movement, conditions, dying).
    fn summary(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
}
