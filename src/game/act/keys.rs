//! The special actions' keys: the battle's ruleset lists its actions in bar order
//! ([`Ruleset::actions`](skirmish_rules::rulesets::Ruleset::actions)) with shortcuts,
//! labels and targets; this turns them into Bevy keys, button labels and prices.

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Command;
use skirmish_rules::rulesets::ui::{ActionSpec, Key, Pick, Target};

use crate::game::keymap::{Chord, keyless_chord};

/// One special action of the battle's ruleset, as the action bar offers it.
#[derive(Clone, Copy, Debug)]
pub struct ActionKey(pub &'static ActionSpec);

impl PartialEq for ActionKey {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for ActionKey {}

/// The basic attack as the action panel offers it (issue 31: "Attack first"): armed like
/// any targeted action (Tab to an enemy, Enter; or click one), it makes the same
/// `Command::Attack` a click on an enemy makes. Every ruleset has it; its key is the
/// window's ([`Bind::Attack`](crate::game::keymap::Bind::Attack), Z), which no ruleset's
/// action may take ([`skirmish_rules::rulesets::ui::WINDOW_KEYS`]).
pub static ATTACK: ActionSpec = ActionSpec {
    label: "Attack",
    key: None,
    target: Target::Unit("an enemy"),
    build: |_, unit, p| {
        Some(Command::Attack {
            unit,
            target: p.unit()?,
            weapon: None,
            slot: None,
            aim: None,
        })
    },
};

impl ActionKey {
    /// The basic attack ([`ATTACK`]).
    pub fn attack() -> ActionKey {
        ActionKey(&ATTACK)
    }

    /// Is it the basic attack?
    pub fn is_attack(self) -> bool {
        std::ptr::eq(self.0, &ATTACK)
    }

    /// The actions of the battle's ruleset, in bar order.
    pub fn of(b: &Battle) -> impl Iterator<Item = ActionKey> {
        crate::game::view::of(b).actions().iter().map(ActionKey)
    }

    /// The action with this button label, if the battle's ruleset has one.
    pub fn named(b: &Battle, label: &str) -> Option<ActionKey> {
        Self::of(b).find(|a| a.label() == label)
    }

    /// Its shortcut (`None`: it has none and is clicked on the bar's second row).
    pub fn key(self) -> Option<KeyCode> {
        self.0.key.and_then(key_code)
    }

    /// The key the ruleset names for it, as it names it.
    pub fn key_label(self) -> Option<String> {
        self.0.key.map(|k| k.to_string())
    }

    /// The chord that takes it: the ruleset's key, or for an action with none the next of
    /// Shift+1, Shift+2, … in bar order ([`chords_of`]).
    pub fn chord(self, b: &Battle) -> Option<Chord> {
        let specs = crate::game::view::of(b).actions();
        let i = specs.iter().position(|s| std::ptr::eq(s, self.0))?;
        chords_of(specs).get(i).copied().flatten()
    }

    /// The chord as the button shows it ("1", "H", "Shift+2").
    pub fn chord_label(self, b: &Battle) -> Option<String> {
        self.chord(b).map(Chord::label)
    }

    /// Button label.
    pub fn label(self) -> &'static str {
        self.0.label
    }

    /// Does it need a click on the map, and on what?
    pub fn target(self) -> Option<&'static str> {
        self.0.target.click()
    }

    /// Does it open a text field for words: (most words, its explanation, an example)?
    pub fn words(self) -> Option<(usize, &'static str, &'static str)> {
        match self.0.target {
            Target::Words {
                max_words,
                prompt,
                hint,
            } => Some((max_words, prompt, hint)),
            _ => None,
        }
    }

    /// The command with the acting unit itself as its target, whatever the action asks
    /// for (for its price and what pays for it before a target is known).
    pub(crate) fn probe(self, b: &Battle, unit: UnitId) -> Option<Command> {
        let pick = match self.0.target {
            Target::None => Pick::Nothing,
            Target::Unit(_) => Pick::Unit(unit),
            Target::Cell(_) => Pick::Cell(b.pos(unit)),
            Target::Words { .. } => Pick::Words(String::new()),
        };
        (self.0.build)(b, unit, &pick)
    }

    /// What it costs, as the button says.
    pub fn cost_label(self, b: &Battle, unit: UnitId) -> String {
        self.probe(b, unit)
            .and_then(|c| crate::game::view::of(b).cost_words(b, &c).ok())
            .unwrap_or_default()
    }
}

/// The chord of each action of a ruleset's list, in order: the key it names, without
/// modifiers; for those that name none, Shift+1, Shift+2, … in the list's order (a stable
/// pattern: a keyless action keeps its chord while the actions before it keep theirs).
pub fn chords_of(specs: &[ActionSpec]) -> Vec<Option<Chord>> {
    let mut keyless = 0;
    specs
        .iter()
        .map(|s| match s.key {
            Some(k) => key_code(k).map(Chord::plain),
            None => {
                keyless += 1;
                keyless_chord(keyless - 1)
            }
        })
        .collect()
}

/// The Bevy key of a key a ruleset names.
fn key_code(k: Key) -> Option<KeyCode> {
    use KeyCode::*;
    Some(match k {
        Key::Digit(d) => *[
            Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
        ]
        .get(d as usize)?,
        Key::Letter(c) => *[
            KeyA, KeyB, KeyC, KeyD, KeyE, KeyF, KeyG, KeyH, KeyI, KeyJ, KeyK, KeyL, KeyM, KeyN,
            KeyO, KeyP, KeyQ, KeyR, KeyS, KeyT, KeyU, KeyV, KeyW, KeyX, KeyY, KeyZ,
        ]
        .get((c as u32).checked_sub('A' as u32)? as usize)?,
    })
}

/// Every chord an action of a registered ruleset takes (its key or its Shift+digit): a
/// rebound window key must be none of them.
pub fn ruleset_chords() -> Vec<Chord> {
    skirmish_rules::rulesets::RulesetId::ALL
        .iter()
        .filter_map(|&r| skirmish_rules::rulesets::Registry::view(r))
        .flat_map(|v| chords_of(v.actions()))
        .flatten()
        .collect()
}
