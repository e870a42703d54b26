//! What a level says of its units and cells beyond their fighting numbers, for the
//! rulesets to read (issue 28, hook 9): feats, magical armour, hidden units, the
//! initiator, hazard and exit cells, and which conditions land in this battle. The
//! shipped rulesets read none of it yet (melee-zone and counters will); the test-only
//! "duel hooks" ruleset reads the Reach feat.

use super::Battle;
use crate::components::{ConditionKind, Hidden, UnitId};
use crate::grid::Cell;
use crate::level::Hazard;

impl Battle {
    /// Does `u` have the feat (or trait) `name` (its level entry's `feats`, with its
    /// archetype's)? Names are compared exactly ("Reach").
    pub fn has_feat(&self, u: UnitId, name: &str) -> bool {
        self.unit_def(u)
            .is_some_and(|d| d.feats.iter().any(|f| f == name))
    }

    /// `u`'s feats and traits, its archetype's first, in the level's order.
    pub fn feats(&self, u: UnitId) -> &[String] {
        self.unit_def(u).map_or(&[], |d| d.feats.as_slice())
    }

    /// Is `u` hidden (undetected by its foes: a level's `hidden: true`)?
    pub fn hidden(&self, u: UnitId) -> bool {
        self.get::<Hidden>(u).is_some()
    }

    /// Did `u` start the battle by attacking (a level's `initiator: true`: "a unit that
    /// starts the battle by attacking goes last", melee-zone's initiative)?
    pub fn initiator(&self, u: UnitId) -> bool {
        self.unit_def(u).is_some_and(|d| d.initiator)
    }

    /// Is `u`'s armour magical (a level's `magical_armour: true`: counters' "only
    /// magical equipment may absorb magical damage")?
    pub fn magical_armour(&self, u: UnitId) -> bool {
        self.unit_def(u).is_some_and(|d| d.magical_armour)
    }

    /// Every hazard the level places (traps, falling rocks, runes), in the level's order:
    /// the window draws them on the board.
    pub fn hazards(&self) -> &[Hazard] {
        &self.level.hazards
    }

    /// The hazard on `cell` (a trap, falling rocks), if the level places one there.
    /// counters fires it when a unit steps there (its Counteraction).
    pub fn hazard_at(&self, cell: Cell) -> Option<&Hazard> {
        self.level.hazards.iter().find(|h| h.cell == cell)
    }

    /// Is `cell` one of the level's exits (where a unit may flee the battle)? Nothing
    /// lets a unit leave by one yet.
    pub fn is_exit(&self, cell: Cell) -> bool {
        self.level.exits.contains(&cell)
    }

    /// May condition `kind` land on a unit in this battle: its ruleset does not refuse
    /// it ([`crate::battle::rules::Ruleset::refused_condition`]), and no other ruleset
    /// claims it as its own while this one does not (set up by the registry's
    /// `Battle::new`; a battle set up [`Battle::with_rules`] has only its own refusals)?
    pub fn plays_condition(&self, kind: ConditionKind) -> bool {
        self.rules.refused_condition(kind).is_none() && !self.foreign_conditions.contains(&kind)
    }
}
