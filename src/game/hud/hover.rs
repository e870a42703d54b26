//! Hover previews: what hovering a cell would do (attack odds, path cost, provoked
//! reactions), shown in the side panel and as a tooltip next to the pointer.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::engine::Command;
use skirmish_rules::event::AttackKind;
use skirmish_rules::rulesets::{
    RulesetId, attack_odds, flow, flow as flow_actions, tactical_d20 as tactical_d20_actions,
    tactical_d20::math as tactical_d20,
};
use skirmish_rules::{Battle, Status};

use super::pct;
use crate::game::View;
use crate::game::act::ActionKey;

/// What hovering a cell would do: attack odds with every modifier, or the path with its
/// cost and every reaction it provokes.
pub fn hover_lines(b: &Battle, view: &View) -> Vec<String> {
    let Some(h) = view.hovered else {
        return Vec::new();
    };
    let Status::Turn(u) = b.status() else {
        return Vec::new();
    };
    if let Some(ch) = &view.chooser {
        return vec![format!("{} (press 1-{})", ch.title, ch.options.len())];
    }
    if view.say.is_some() {
        return vec!["type the Command's words".into()];
    }
    if let Some(p) = view.pending {
        let mut out = vec![format!(
            "{}: click {}",
            p.0.label(),
            p.0.target().unwrap_or("")
        )];
        // A Feint's or Shove's chance against the enemy under the pointer (the numbers
        // the AI weighs too).
        if b.ruleset() == RulesetId::Flow
            && let Some(t) = b.unit_at(h, None).filter(|&t| b.enemies(t, u))
        {
            match p.0 {
                ActionKey::Feint => out.push(format!(
                    "{} to out-feint {} (Advantage on the next attack)",
                    pct(flow_actions::feint_chance(b, u, t)),
                    b.name(t)
                )),
                ActionKey::ShovePush | ActionKey::ShoveProne => out.push(format!(
                    "{} to shove {} (Athletics against Athletics)",
                    pct(flow_actions::shove_chance(b, u, t)),
                    b.name(t)
                )),
                _ => {}
            }
        }
        return out;
    }
    let mut out = Vec::new();
    match b.unit_at(h, None) {
        Some(t) if b.enemies(t, u) => {
            let d20 = b.ruleset() == RulesetId::TacticalD20;
            let pay = if d20 {
                match tactical_d20_actions::attack_payer(b, u, None) {
                    Ok((_, slot)) => format!("{slot:?} action"),
                    Err(e) => {
                        out.push(format!("Attack {}: {e}", b.name(t)));
                        return out;
                    }
                }
            } else {
                format!("{} AP", flow::ATTACK_AP)
            };
            out.push(format!("Attack {} ({pay})", b.name(t)));
            match b.weapon_for(u, t, None) {
                Ok(w) => {
                    let kind = if d20 {
                        tactical_d20_actions::attack_payer(b, u, None)
                            .map(|(_, s)| tactical_d20::attack_kind(s))
                            .unwrap_or(AttackKind::Normal)
                    } else {
                        AttackKind::Normal
                    };
                    let o = attack_odds(b, u, t, w, kind);
                    out.push(format!("with {}: {}", b.weapons(u)[w].name, o.detail));
                    out.push(format!(
                        "hit {} (crit {}), damage {}–{} ({}–{} on a crit)",
                        pct(o.hit),
                        pct(o.crit),
                        o.damage.0,
                        o.damage.1,
                        o.crit_damage.0,
                        o.crit_damage.1
                    ));
                    if o.defences {
                        out.push(format!("{} may still Dodge/Parry/Block", b.name(t)));
                    }
                }
                Err(e) => out.push(format!("cannot: {e}")),
            }
            if !d20 && b.ap(u) < flow::ATTACK_AP {
                out.push(format!("not enough AP ({} left)", b.ap(u)));
            }
        }
        Some(o) => out.push(format!("{} — click to inspect", b.name(o))),
        None => match b.check(&Command::Move { unit: u, to: h }) {
            Ok(()) => {
                if let Some((path, cost)) = b.path_to(u, h) {
                    let left = b.turn_state(u).move_left;
                    let price = if b.ruleset() == RulesetId::TacticalD20 {
                        let speed = tactical_d20_actions::speed(b, u).max(1);
                        match cost.saturating_sub(left).div_ceil(speed) {
                            0 => "movement left from this Advance".to_string(),
                            1 => "a Move action".to_string(),
                            _ => "Move + Standard actions".to_string(),
                        }
                    } else {
                        let ap = if cost > left {
                            (cost - left).div_ceil(flow::MOVE_PER_AP)
                        } else {
                            0
                        };
                        format!("{ap} AP")
                    };
                    out.push(format!("Move to {h}: {cost} movement ({price})"));
                    for w in path.windows(2) {
                        for r in b.leave_reactors(u, w[0]) {
                            let dist = b.grid().distance(b.pos(r), w[0]);
                            let chance = b
                                .best_melee(r, dist)
                                .map(|wp| attack_odds(b, r, u, wp, AttackKind::Reaction).hit)
                                .unwrap_or(0.0);
                            out.push(format!(
                                "! leaving {} provokes {} ({} to hit)",
                                w[0],
                                b.name(r),
                                pct(chance)
                            ));
                        }
                    }
                }
            }
            Err(e) => out.push(format!("cannot move there: {e}")),
        },
    }
    out
}

/// The hover preview next to the pointer (not over a panel or window).
pub(super) fn tooltip(ctx: &egui::Context, hover: Vec<String>, rects: &[Rect]) {
    // Hover preview next to the pointer.
    if let Some(pos) = ctx.pointer_hover_pos() {
        let lines = hover;
        if !lines.is_empty() && !rects.iter().any(|r| r.contains(Vec2::new(pos.x, pos.y))) {
            egui::Area::new("hover".into())
                .order(egui::Order::Tooltip)
                .fixed_pos(pos + egui::vec2(16.0, 16.0))
                .interactable(false)
                .show(ctx, |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        for l in lines {
                            ui.label(l);
                        }
                    });
                });
        }
    }
}
