//! Down, dying and dead units (issue 31, item 7): they stay on the map, dimmed, with a
//! marker under the token saying which ("down", "dying", "dead") and a counter where the
//! ruleset keeps one (escalation's death saves left, tactical-d20's HP below zero); they
//! can be inspected (a click on their cell, Tab, the turn order) and have their own
//! card. What a unit's state is comes from the battle's conditions and pools, the same
//! for every ruleset: [`fallen`]. View only, and a leaf: it imports nothing of the game
//! (`act` aims at units down through it; `labels` keeps the markers on the tokens).

use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::components::{ConditionKind, Pool, UnitId};
use skirmish_rules::grid::Cell;

/// How a unit out of the fight lies on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallen {
    /// Still in the fight.
    Up,
    /// Unconscious or stable: out of the fight, not dying.
    Down,
    /// Dying: `saves` death saves may still fail before it dies (escalation), or, where
    /// the ruleset counts HP below zero instead (tactical-d20), `hp` is that number.
    Dying {
        /// Failed death saves it can still take (`None`: the ruleset keeps no such count).
        saves: Option<i32>,
        /// Its HP (negative while dying in tactical-d20).
        hp: i32,
    },
    /// Dead (or, in a ruleset without dying, out of the battle for good).
    Dead,
    /// Out of the fight without falling, in the ruleset's word for how it left
    /// ([`skirmish_rules::rulesets::ui::TokenMarks::left`]: melee-zone's "fled").
    Left(&'static str),
}

/// The state of unit `u` as the map and the card show it.
pub fn fallen(b: &Battle, u: UnitId) -> Fallen {
    if b.alive(u) {
        return Fallen::Up;
    }
    if let Some(word) = skirmish_rules::rulesets::view_of(b).and_then(|v| v.token_marks(b, u).left)
    {
        return Fallen::Left(word);
    }
    if b.has(u, ConditionKind::Dead) {
        return Fallen::Dead;
    }
    if b.has(u, ConditionKind::Dying) {
        let saves = b
            .pools(u)
            .and_then(|p| p.get(Pool::DeathSaveFailures))
            .map(|_| b.pool(u, Pool::DeathSaveFailures));
        return Fallen::Dying { saves, hp: b.hp(u) };
    }
    if b.has(u, ConditionKind::Unconscious) {
        return Fallen::Down;
    }
    Fallen::Dead
}

impl Fallen {
    /// The marker on the token: "dying 2" (death saves left), "dying -3" (HP),
    /// "down", "dead"; empty while up. The map shows the counter under the word
    /// ([`Fallen::marker_lines`]).
    pub fn marker(self) -> String {
        match self {
            Fallen::Up => String::new(),
            Fallen::Down => "down".into(),
            Fallen::Dying { saves: Some(n), .. } => format!("dying {n}"),
            Fallen::Dying { saves: None, hp } => format!("dying {hp}"),
            Fallen::Dead => "dead".into(),
            Fallen::Left(word) => word.into(),
        }
    }

    /// The marker as the token shows it: the word, and the counter on a line of its own
    /// (narrow enough for a token).
    pub fn marker_lines(self) -> String {
        self.marker().replacen(' ', "\n", 1)
    }

    /// The card's words after the unit's name: "" while up, else what the marker means
    /// ("dying: 2 failed death saves left", "dying at -3 HP", "down: unconscious").
    pub fn words(self) -> String {
        match self {
            Fallen::Up => String::new(),
            Fallen::Down => "down: unconscious, out of the fight".into(),
            Fallen::Dying { saves: Some(n), .. } => {
                format!("dying: {n} failed death saves left before it dies")
            }
            Fallen::Dying { saves: None, hp } => format!("dying at {hp} HP"),
            Fallen::Dead => "dead: out of the battle".into(),
            Fallen::Left(word) => format!("{word}: left the battle, out of the fight"),
        }
    }
}

/// The unit a click on `c` inspects: the living one standing there, else the last unit
/// down on that cell (in level order).
pub fn unit_on(b: &Battle, c: Cell) -> Option<UnitId> {
    b.unit_at(c, None).or_else(|| fallen_on(b, c))
}

/// The last unit down on cell `c`, if any.
pub fn fallen_on(b: &Battle, c: Cell) -> Option<UnitId> {
    b.units().filter(|&u| !b.alive(u) && b.pos(u) == c).last()
}

/// The marker text over a token that is down (a child of its `UnitView`).
#[derive(Component)]
pub struct FallenMark(pub UnitId);

/// The dark disc over a token that is down (a child of its `UnitView`).
#[derive(Component)]
pub struct FallenShade(pub UnitId);

/// Font size of the marker at UI scale 1.
pub const MARK_PX: f32 = 9.0;
