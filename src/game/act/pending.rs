//! A targeted action waiting for its click, the command an action makes once its target
//! is known, and the chooser for the choice some still need (which focus, which item).

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::Command;
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::ui::{Pick, Target};

use super::keys::ActionKey;
use super::submit::submit;
use super::types::Chooser;
use crate::game::state::{Session, View};

impl ActionKey {
    /// The command for `unit`, given the clicked cell (for targeted ones). An action
    /// that asks for words gets none here (they come from the text field).
    pub fn command(self, b: &Battle, unit: UnitId, cell: Option<Cell>) -> Result<Command, String> {
        let pick = match self.0.target {
            Target::None => Pick::Nothing,
            Target::Unit(_) => {
                let c = cell.ok_or("click a unit")?;
                Pick::Unit(
                    // A unit that is down can be aimed at (a dying ally's wound); a
                    // hidden foe cannot.
                    crate::game::sight::unit_at_for(b, unit, c)
                        .or_else(|| crate::game::fallen::fallen_on(b, c))
                        .ok_or_else(|| format!("nobody stands on {c}"))?,
                )
            }
            Target::Cell(_) => Pick::Cell(cell.ok_or("click a cell")?),
            Target::Words { .. } => Pick::Words(String::new()),
        };
        self.with(b, unit, &pick)
    }

    /// The command for `unit` and what the player picked.
    pub fn with(self, b: &Battle, unit: UnitId, pick: &Pick) -> Result<Command, String> {
        (self.0.build)(b, unit, pick).ok_or_else(|| match self.target() {
            Some(t) => format!("{}: click {t}", self.label()),
            None => format!("{}: nothing to pick", self.label()),
        })
    }

    /// The choice the action still needs (which focus, which item), once its target is
    /// known; `None` when [`ActionKey::command`] is all there is to it (one item only).
    pub fn choices(
        self,
        b: &Battle,
        unit: UnitId,
        cell: Option<Cell>,
    ) -> Result<Option<Chooser>, String> {
        let cmd = self.command(b, unit, cell)?;
        Ok(crate::game::view::of(b).choice(b, &cmd))
    }
}

/// Carry out action `a` (aimed at `cell`): open its chooser when it needs a choice, else
/// submit it. True when it went in or the chooser opened.
pub(super) fn decide(
    b: &mut Battle,
    s: &mut Session,
    view: &mut View,
    a: ActionKey,
    cur: UnitId,
    cell: Option<Cell>,
) -> bool {
    let chosen = a.choices(b, cur, cell).and_then(|c| match c {
        Some(ch) => Ok(Err(ch)),
        None => a.command(b, cur, cell).map(Ok),
    });
    match chosen {
        Ok(Ok(cmd)) => submit(b, s, view, cmd),
        Ok(Err(ch)) => {
            view.message = Some((
                format!("{} — press 1-{} (Esc cancels)", ch.title, ch.options.len()),
                false,
            ));
            view.chooser = Some(ch);
            true
        }
        Err(e) => {
            view.message = Some((e, true));
            false
        }
    }
}
