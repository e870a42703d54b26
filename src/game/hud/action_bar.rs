//! The action bar: a button per special action of the ruleset (with its key and price,
//! disabled with the reason when it cannot be taken), end turn and undo.

use bevy_egui::egui;
use skirmish_rules::components::{Slot, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::rulesets::{
    RulesetId, flow as flow_actions, tactical_d20 as tactical_d20_actions,
};
use skirmish_rules::{Battle, Status};

use crate::game::act::{ActionKey, undoable};
use crate::game::{Intent, Session, View};

/// The action bar in the side panel (not while the AI plays).
pub(super) fn draw(
    ui: &mut egui::Ui,
    b: &Battle,
    session: &Session,
    view: &View,
    intent: &mut Intent,
) {
    // Action bar (not while the AI plays).
    if let Status::Turn(u) = b.status()
        && !session.is_ai(b.side(u))
    {
        ui.separator();
        ui.label(egui::RichText::new("Actions").strong());
        ui.label(if b.ruleset() == RulesetId::TacticalD20 {
            "Click a cell to Advance (Move action), an enemy to attack (Standard, then Move −5, then Quick −10)."
        } else {
            "Click a cell to move, an enemy to attack (2 AP)."
        });
        ui.horizontal_wrapped(|ui| {
            for &a in ActionKey::of(b.ruleset()) {
                let cost = a.cost_label(b, u, None);
                // Untargeted actions are checked exactly; targeted ones need a
                // target first, so only what pays for them is checked here.
                let why = if a.target().is_some() || a == ActionKey::Say {
                    targeted_block(b, u, a)
                } else {
                    a.command(b, u, None)
                        .ok()
                        .and_then(|x| b.check(&x).err().map(|e| e.to_string()))
                };
                let text = format!("{} [{}] {cost}", a.label(), a.key_label(b.ruleset()));
                let selected = view.pending.map(|p| p.0) == Some(a);
                let r = ui.add_enabled(why.is_none(), egui::Button::selectable(selected, text));
                let r =
                    match &why {
                        Some(w) => r.on_disabled_hover_text(w.clone()),
                        None => r.on_hover_text(a.target().map_or_else(
                            || "acts at once".to_string(),
                            |t| format!("then click {t}"),
                        )),
                    };
                if r.clicked() {
                    intent.action = Some(a);
                }
            }
        });
        ui.horizontal(|ui| {
            if ui.button("End turn [Space]").clicked() {
                intent.end_turn = true;
            }
            let can_undo = undoable(b, session);
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo move [Ctrl+Z]"))
                .on_disabled_hover_text("only a move that rolled no dice and provoked nothing")
                .clicked()
            {
                intent.undo = true;
            }
        });
    }
}

/// Why a targeted action cannot be started at all (its AP or slots), before a target.
fn targeted_block(b: &Battle, u: UnitId, a: ActionKey) -> Option<String> {
    match b.ruleset() {
        RulesetId::TacticalD20 => {
            let slots = match a {
                ActionKey::Secondary => (Some(Slot::Move), None),
                ActionKey::Tertiary => (Some(Slot::Quick), None),
                _ => match a.command(b, u, Some(b.pos(u))) {
                    Ok(Command::Act { action, .. }) => tactical_d20_actions::slots_of(&action),
                    _ => (None, None),
                },
            };
            let (first, second) = slots;
            if let Some(s) = first
                && tactical_d20_actions::payer(b, u, s).is_none()
            {
                return Some(format!("no {s:?} action left"));
            }
            if let Some(s) = second
                && (b.slots(u, s) == 0 || b.slots(u, Slot::Standard) == 0)
            {
                return Some("needs both the Standard and the Move action".into());
            }
            None
        }
        _ => {
            let cost = a
                .command(b, u, Some(b.pos(u)))
                .ok()
                .and_then(|c| match c {
                    Command::Act { action, .. } => Some(flow_actions::cost(&action)),
                    _ => None,
                })
                .unwrap_or(1);
            (b.ap(u) < cost).then(|| format!("needs {cost} AP, {} left", b.ap(u)))
        }
    }
}
