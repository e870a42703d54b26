//! The special actions' keys: each ruleset's list in bar order, shortcuts, labels, what
//! they target and what they cost.

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Command;
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::{
    RulesetId, flow as flow_actions, tactical_d20 as tactical_d20_actions,
};

/// Special actions on the action bar, each with its key. Each ruleset lists its own
/// ([`ActionKey::of`]); keys are unique within a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKey {
    /// flow Take a Step / tactical-d20 Side Step (click a cell).
    Step,
    /// Feint (click an enemy).
    Feint,
    /// flow Shove, pushing (click an enemy).
    ShovePush,
    /// flow Shove, knocking prone (click an enemy).
    ShoveProne,
    /// Grapple (click an enemy).
    Grapple,
    /// Disarm (click an enemy).
    Disarm,
    /// flow Tumble Through (click an adjacent enemy).
    Tumble,
    /// flow Flow State.
    FlowState,
    /// flow Total Defense.
    TotalDefense,
    /// flow Ready an attack.
    Ready,
    /// Stand up.
    StandUp,
    /// Break free of a grapple.
    BreakFree,
    /// flow Release a grapple.
    Release,
    /// Pick up the item underfoot.
    PickUp,
    /// tactical-d20 Dash (click a cell).
    Dash,
    /// tactical-d20 Charge (click an enemy).
    Charge,
    /// tactical-d20 Trip (click an enemy).
    Trip,
    /// tactical-d20 Push (click an enemy).
    Push,
    /// tactical-d20 Sunder (click an enemy).
    Sunder,
    /// tactical-d20 Tumble (click a cell).
    TumbleTo,
    /// tactical-d20 Jump (click a cell).
    Jump,
    /// tactical-d20 Overrun (click a cell).
    Overrun,
    /// tactical-d20 Defend.
    Defend,
    /// tactical-d20 Guard.
    Guard,
    /// tactical-d20 Focus on attack and damage.
    Focus,
    /// tactical-d20 Assist (click an ally).
    Assist,
    /// tactical-d20 Concentrate.
    Concentrate,
    /// tactical-d20 Wait.
    Wait,
    /// tactical-d20: win the grapple check and attack.
    GrappleAttack,
    /// tactical-d20 Secondary Attack (Move action, −5; click an enemy).
    Secondary,
    /// tactical-d20 Tertiary Attack (Quick action, −10; click an enemy).
    Tertiary,
    /// tactical-d20 Patch Wound (click oneself or an adjacent bleeding ally).
    Patch,
    /// tactical-d20 (Re-)Equip: hand an item to an adjacent ally (click the ally).
    Give,
    /// tactical-d20 Command: say up to 13 words (a text field opens).
    Say,
}

const FLOW_KEYS: [ActionKey; 14] = [
    ActionKey::Step,
    ActionKey::Feint,
    ActionKey::ShovePush,
    ActionKey::ShoveProne,
    ActionKey::Grapple,
    ActionKey::Disarm,
    ActionKey::Tumble,
    ActionKey::FlowState,
    ActionKey::TotalDefense,
    ActionKey::Ready,
    ActionKey::StandUp,
    ActionKey::BreakFree,
    ActionKey::Release,
    ActionKey::PickUp,
];

const D20_KEYS: [ActionKey; 27] = [
    ActionKey::Secondary,
    ActionKey::Tertiary,
    ActionKey::Dash,
    ActionKey::Charge,
    ActionKey::Trip,
    ActionKey::Push,
    ActionKey::Grapple,
    ActionKey::Disarm,
    ActionKey::Sunder,
    ActionKey::Feint,
    ActionKey::TumbleTo,
    ActionKey::Jump,
    ActionKey::Overrun,
    ActionKey::Defend,
    ActionKey::Guard,
    ActionKey::Focus,
    ActionKey::Assist,
    ActionKey::Concentrate,
    ActionKey::Wait,
    ActionKey::Step,
    ActionKey::GrappleAttack,
    ActionKey::BreakFree,
    ActionKey::StandUp,
    ActionKey::PickUp,
    ActionKey::Patch,
    ActionKey::Give,
    ActionKey::Say,
];

impl ActionKey {
    /// The actions of a ruleset, in bar order.
    pub fn of(r: RulesetId) -> &'static [ActionKey] {
        match r {
            RulesetId::TacticalD20 => &D20_KEYS,
            _ => &FLOW_KEYS,
        }
    }

    /// Its shortcut (A, D, S and W pan the camera).
    pub fn key(self) -> KeyCode {
        use ActionKey::*;
        match self {
            Step => KeyCode::Digit1,
            Feint => KeyCode::Digit2,
            ShovePush => KeyCode::Digit3,
            ShoveProne => KeyCode::Digit4,
            Grapple => KeyCode::Digit5,
            Disarm => KeyCode::Digit6,
            Tumble => KeyCode::Digit7,
            FlowState => KeyCode::Digit8,
            TotalDefense => KeyCode::Digit9,
            Ready => KeyCode::Digit0,
            StandUp => KeyCode::KeyU,
            BreakFree => KeyCode::KeyB,
            Release => KeyCode::KeyR,
            PickUp => KeyCode::KeyP,
            Dash => KeyCode::Digit1,
            Charge => KeyCode::Digit2,
            Trip => KeyCode::Digit3,
            Push => KeyCode::Digit4,
            Sunder => KeyCode::Digit7,
            TumbleTo => KeyCode::Digit9,
            Jump => KeyCode::Digit0,
            Overrun => KeyCode::KeyO,
            Defend => KeyCode::KeyV,
            Guard => KeyCode::KeyG,
            Focus => KeyCode::KeyF,
            Assist => KeyCode::KeyH,
            Concentrate => KeyCode::KeyC,
            Wait => KeyCode::KeyK,
            GrappleAttack => KeyCode::KeyJ,
            Secondary => KeyCode::KeyE,
            Tertiary => KeyCode::KeyQ,
            Patch => KeyCode::KeyL,
            Give => KeyCode::KeyI,
            Say => KeyCode::KeyY,
        }
    }

    /// The key as shown on the button, in a ruleset (Feint and Side Step move keys in
    /// tactical-d20).
    pub fn key_in(self, r: RulesetId) -> KeyCode {
        match (r, self) {
            (RulesetId::TacticalD20, ActionKey::Feint) => KeyCode::Digit8,
            (RulesetId::TacticalD20, ActionKey::Step) => KeyCode::KeyX,
            _ => self.key(),
        }
    }

    /// The key as shown on the button.
    pub fn key_label(self, r: RulesetId) -> String {
        match self.key_in(r) {
            KeyCode::Digit0 => "0".into(),
            KeyCode::Digit1 => "1".into(),
            KeyCode::Digit2 => "2".into(),
            KeyCode::Digit3 => "3".into(),
            KeyCode::Digit4 => "4".into(),
            KeyCode::Digit5 => "5".into(),
            KeyCode::Digit6 => "6".into(),
            KeyCode::Digit7 => "7".into(),
            KeyCode::Digit8 => "8".into(),
            KeyCode::Digit9 => "9".into(),
            k => format!("{k:?}").trim_start_matches("Key").to_string(),
        }
    }

    /// Button label.
    pub fn label(self) -> &'static str {
        use ActionKey::*;
        match self {
            Step => "Step",
            Feint => "Feint",
            ShovePush => "Shove back",
            ShoveProne => "Shove prone",
            Grapple => "Grapple",
            Disarm => "Disarm",
            Tumble => "Tumble",
            FlowState => "Flow State",
            TotalDefense => "Total Defense",
            Ready => "Ready",
            StandUp => "Stand Up",
            BreakFree => "Break Free",
            Release => "Release",
            PickUp => "Pick Up",
            Dash => "Dash",
            Charge => "Charge",
            Trip => "Trip",
            Push => "Push",
            Sunder => "Sunder",
            TumbleTo => "Tumble",
            Jump => "Jump",
            Overrun => "Overrun",
            Defend => "Defend",
            Guard => "Guard",
            Focus => "Focus",
            Assist => "Assist",
            Concentrate => "Concentrate",
            Wait => "Wait",
            GrappleAttack => "Grapple attack",
            Secondary => "Secondary attack",
            Tertiary => "Tertiary attack",
            Patch => "Patch Wound",
            Give => "Hand over",
            Say => "Command",
        }
    }

    /// Does it need a click on the map, and on what?
    pub fn target(self) -> Option<&'static str> {
        use ActionKey::*;
        match self {
            Step => Some("a free adjacent cell"),
            Dash | TumbleTo | Jump | Overrun => Some("a cell"),
            Feint | ShovePush | ShoveProne | Grapple | Disarm | Charge | Trip | Push | Sunder
            | Secondary | Tertiary => Some("an enemy"),
            Tumble => Some("an adjacent enemy"),
            Assist => Some("an ally"),
            Give => Some("an adjacent ally"),
            Patch => Some("itself or an adjacent bleeding ally"),
            _ => None,
        }
    }

    /// What it costs, as the button says.
    pub fn cost_label(self, b: &Battle, unit: UnitId, cell: Option<Cell>) -> String {
        match b.ruleset() {
            RulesetId::TacticalD20 => match self {
                ActionKey::Secondary => "Move".into(),
                ActionKey::Tertiary => "Quick".into(),
                _ => match self.command(b, unit, cell.or(Some(b.pos(unit)))) {
                    Ok(Command::Act { action, .. }) => {
                        match tactical_d20_actions::slots_of(&action) {
                            (Some(a), Some(m)) => format!("{a:?}+{m:?}"),
                            (Some(a), None) => format!("{a:?}"),
                            _ => "free".into(),
                        }
                    }
                    _ => String::new(),
                },
            },
            _ => {
                let cost = self
                    .command(b, unit, Some(b.pos(unit)))
                    .ok()
                    .and_then(|c| match c {
                        Command::Act { action, .. } => Some(flow_actions::cost(&action)),
                        _ => None,
                    })
                    .unwrap_or(1);
                format!("{cost} AP")
            }
        }
    }
}
