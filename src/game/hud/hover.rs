//! Hover previews: what hovering a cell would do (attack odds, path cost, provoked
//! reactions, interceptions), shown in the side panel and as a tooltip next to the pointer.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::engine::Command;
use skirmish_rules::event::AttackKind;
use skirmish_rules::rulesets::attack_odds;
use skirmish_rules::rulesets::ui::{AttackPrice, Pick, Target};
use skirmish_rules::{Battle, Status};

use super::widgets::pct;
use crate::game::View;

/// What hovering a cell would do: attack odds with every modifier, or the path with its
/// cost, every reaction it provokes and every interception it may meet.
pub fn hover_lines(b: &Battle, view: &View) -> Vec<String> {
    let Status::Turn(u) = b.status() else {
        return Vec::new();
    };
    // Aiming an ability: the area or targets under the pointer, each with its chance
    // (shown even with the pointer off the map, for the targets picked so far).
    if let Some(c) = view.casting.as_ref().filter(|c| c.caster == u) {
        return crate::game::act::cast::preview(b, u, c, view.hovered);
    }
    let Some(h) = view.hovered else {
        return Vec::new();
    };
    if let Some(ch) = &view.chooser {
        return vec![format!("{} (press 1-{})", ch.title, ch.options.len())];
    }
    if view.say.is_some() {
        return vec![match view.pending {
            Some(p) => format!("type the {}'s words", p.0.label()),
            None => "type the words".into(),
        }];
    }
    if let Some(p) = view.pending {
        let mut out = vec![format!(
            "{}: click {} (or Tab to one, then Enter)",
            p.0.label(),
            p.0.target().unwrap_or("")
        )];
        // The basic attack armed: the odds of attacking the enemy under the pointer.
        if p.0.is_attack() {
            if let Some(t) = b.unit_at(h, None).filter(|&t| b.enemies(t, u)) {
                out.extend(attack_lines(b, u, t));
            }
            return out;
        }
        // Is the cell or unit under the pointer a legal target? The rules say; only then
        // a maneuver's chance against an enemy (flow's Feint and Shove: the numbers the
        // AI weighs too).
        let pick = match p.0.0.target {
            Target::Unit(_) => crate::game::sight::unit_at_for(b, u, h)
                .or_else(|| crate::game::fallen::fallen_on(b, h))
                .map(Pick::Unit),
            Target::Cell(_) => Some(Pick::Cell(h)),
            Target::None | Target::Words { .. } => None,
        };
        if let Some(pick) = pick
            && let Ok(cmd) = p.0.with(b, u, &pick)
        {
            match b.check(&cmd) {
                Err(e) => out.push(format!("cannot: {e}")),
                Ok(()) => {
                    if pick.unit().is_some_and(|t| b.enemies(t, u))
                        && let Some((chance, words)) =
                            crate::game::view::of(b).maneuver_chance(b, u, &cmd)
                    {
                        out.push(format!("{} {words}", pct(chance)));
                    }
                }
            }
        }
        return out;
    }
    let mut out = Vec::new();
    // The marks on the token under the pointer, in words (issue 31: a legend on hover).
    let legend = |t| crate::game::markers::token_legend(b, t);
    match crate::game::sight::unit_at_for(b, u, h) {
        Some(t) if b.enemies(t, u) => {
            out.extend(attack_lines(b, u, t));
            out.extend(legend(t));
        }
        Some(o) => {
            out.push(format!("{} — click to inspect", b.name(o)));
            out.extend(legend(o));
        }
        None => match b.check(&Command::Move { unit: u, to: h }) {
            // A unit down there: the first click inspects it (`act::intent`).
            _ if crate::game::fallen::fallen_on(b, h).is_some_and(|f| view.selected != Some(f)) => {
                let f = crate::game::fallen::fallen_on(b, h).unwrap_or(u);
                out.push(format!(
                    "{} ({}) — click to inspect; click again to move there",
                    b.name(f),
                    crate::game::fallen::fallen(b, f).words()
                ));
            }
            Ok(()) => {
                if let Some((path, cost)) = b.path_to(u, h) {
                    let price = crate::game::view::of(b).move_price(b, u, cost);
                    out.push(format!("Move to {h}: {cost} movement ({price})"));
                    // Only the reactions that can happen: each foe while it can pay,
                    // once a movement where the ruleset says so.
                    let provoked = b.provoked_along(u, &path);
                    let mut expected = 0.0;
                    for p in &provoked {
                        let o = skirmish_rules::rulesets::attack_odds_numbers(
                            b,
                            p.reactor,
                            u,
                            p.weapon,
                            AttackKind::Reaction,
                        );
                        expected += o.expected_damage();
                        out.push(format!(
                            "! leaving {} may provoke {} ({} to hit)",
                            p.from,
                            b.name(p.reactor),
                            pct(o.hit)
                        ));
                    }
                    if !provoked.is_empty() {
                        out.push(format!(
                            "expected damage to {} on the way: {expected:.1} (of {} HP)",
                            b.name(u),
                            b.hp(u)
                        ));
                    }
                    // Where a foe may stop the move (escalation's Intercept): the step
                    // that may be intercepted, by whom, guarding which ally.
                    for i in b.interceptions_along(u, &path) {
                        out.push(format!(
                            "! stepping to {} may be intercepted by {} (guarding {}; the move would stop on {})",
                            i.to,
                            b.name(i.reactor),
                            b.name(i.ally),
                            i.from
                        ));
                    }
                }
            }
            Err(e) => out.push(format!("cannot move there: {e}")),
        },
    }
    // What the ground under the pointer does, when it is not plain floor.
    let t = b.terrain(h);
    if t != skirmish_rules::level::Terrain::Floor
        && let Some(e) =
            crate::game::view::of(b).explain(skirmish_rules::rulesets::explain::Topic::Terrain(t))
    {
        out.push(format!("{}: {}", e.title, e.text));
    }
    out
}

/// What attacking `t` would do: the price, the weapon, the odds and damage, what `t`
/// may still do about it; or why `u` cannot.
fn attack_lines(
    b: &Battle,
    u: skirmish_rules::components::UnitId,
    t: skirmish_rules::components::UnitId,
) -> Vec<String> {
    let mut out = Vec::new();
    let rules = crate::game::view::of(b);
    let attack = Command::Attack {
        slot: None,
        unit: u,
        target: t,
        weapon: None,
        aim: None,
    };
    // Odds only for an attack the rules allow now.
    if let Err(e) = b.check(&attack) {
        out.push(format!("Attack {}: cannot — {e}", b.name(t)));
        return out;
    }
    let short = match rules.attack_price(b, u) {
        AttackPrice::Pays(price) => {
            out.push(format!("Attack {} ({price})", b.name(t)));
            None
        }
        AttackPrice::Short { price, why } => {
            out.push(format!("Attack {} ({price})", b.name(t)));
            Some(why)
        }
        AttackPrice::Cannot(why) => {
            out.push(format!("Attack {}: {why}", b.name(t)));
            return out;
        }
    };
    match b.weapon_for(u, t, None) {
        Ok(w) => {
            let kind = rules.next_attack_kind(b, u);
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
            if o.stopped > 0.0 {
                out.push(format!(
                    "{} may still defend: {} to stop a hit",
                    b.name(t),
                    pct(o.stopped)
                ));
            }
        }
        Err(e) => out.push(format!("cannot: {e}")),
    }
    out.extend(short);
    out
}

/// The hover preview next to the pointer (not over a panel or window), or next to the
/// cell cursor (`cursor`: where it is on screen, in points) while the keys move it. Laid
/// out by the one rule for text (`text_layout`): at least `TIP_MIN` wide with words
/// wrapped whole, beside the pointer where it is wholly on screen and off the panels,
/// and off `clear` when a place allows (a hovered hazard's words and the hazards' marks,
/// in points: the pointer may stand on them).
pub(super) fn tooltip(
    ctx: &egui::Context,
    hover: Vec<String>,
    rects: &[Rect],
    clear: &[Rect],
    cursor: Option<egui::Pos2>,
) {
    use crate::game::text_layout::{tooltip_at, tooltip_width};
    let Some(pos) = cursor.or_else(|| ctx.pointer_hover_pos()) else {
        return;
    };
    if hover.is_empty() || rects.iter().any(|r| r.contains(Vec2::new(pos.x, pos.y))) {
        return;
    }
    let id = egui::Id::new("hover");
    let s = ctx.viewport_rect();
    let screen = Rect::new(s.min.x, s.min.y, s.max.x, s.max.y);
    let w = tooltip_width(screen);
    // Its size as last drawn (its height depends on the wrapping): a first guess else.
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map(|r| Vec2::new(r.width(), r.height()))
        .unwrap_or(Vec2::new(w, 18.0 * hover.len() as f32 + 12.0));
    // (Not the mark under the pointer itself.)
    let p = Vec2::new(pos.x, pos.y);
    let avoid: Vec<Rect> = rects
        .iter()
        .copied()
        .chain(clear.iter().copied().filter(|r| !r.contains(p)))
        .collect();
    let at = match tooltip_at(Vec2::new(pos.x, pos.y), size, screen, &avoid) {
        // Nowhere clear of the words too: clear of the panels at least.
        p if avoid[rects.len()..]
            .iter()
            .any(|a| crate::game::text_layout::overlaps(*a, Rect::from_corners(p, p + size))) =>
        {
            tooltip_at(Vec2::new(pos.x, pos.y), size, screen, rects)
        }
        p => p,
    };
    egui::Area::new(id)
        .order(egui::Order::Tooltip)
        .fixed_pos(egui::pos2(at.x, at.y))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let inner = w - 2.0 * ui.style().spacing.menu_margin.leftf();
                ui.set_min_width(inner);
                ui.set_max_width(inner);
                for l in hover {
                    ui.add(egui::Label::new(l).wrap());
                }
            });
        });
}
