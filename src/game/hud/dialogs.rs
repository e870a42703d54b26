//! Dialogs over the board: the hot-seat handover screen, "End the turn?", the Command's
//! text field, the shortcuts help and the victory screen.

use bevy::prelude::*;
use bevy_egui::egui;
use skirmish_rules::event::Event;
use skirmish_rules::{Battle, Status};

use super::widgets::{Spots, spot};
use crate::game::act::{handover_pending, unspent};
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{Intent, Session, View};

/// The handover screen, when the board is in front of the wrong side (hot-seat): it
/// hides the board and covers the whole screen. True when it is up (nothing else is
/// drawn).
pub(super) fn handover(
    ctx: &egui::Context,
    b: &Battle,
    session: &Session,
    view: &mut View,
    intent: &mut Intent,
    screen: egui::Rect,
    spots: &mut Spots,
) -> bool {
    let Some(side) = handover_pending(b, session) else {
        return false;
    };
    let def = &b.level().sides[side.0 as usize];
    let sides = crate::game::palette::level_colours(b.level());
    let colour = crate::game::palette::side_egui(view.prefs.palette, &sides, side.0 as usize);
    egui::Area::new("handover".into())
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_rgb(18, 18, 24));
            // Margins shrink with a small window or a large UI scale (egui's points):
            // the button stays on screen at 1024×640 and 150 %.
            let margin = (screen.width().min(screen.height()) * 0.08).min(200.0);
            ui.scope_builder(
                egui::UiBuilder::new().max_rect(screen.shrink(margin)),
                |ui| {
                    ui.vertical_centered(|ui| {
                        ui.add_space((screen.height() * 0.12).min(120.0));
                        let title = match b.status() {
                            Status::AwaitingReaction(_) => {
                                format!("{} — a reaction to decide", def.name)
                            }
                            _ => format!("{} — your turn", def.name),
                        };
                        ui.label(egui::RichText::new(title).size(36.0).color(colour));
                        let why = match b.status() {
                            Status::AwaitingReaction(u) => {
                                format!("{} may react.", b.name(u))
                            }
                            Status::Turn(u) => format!("{} acts.", b.name(u)),
                            Status::Ended(_) => String::new(),
                        };
                        ui.label(egui::RichText::new(why).size(18.0));
                        ui.add_space(20.0);
                        ui.label("The board is hidden until you are at the screen.");
                        let r = ui.add(egui::Button::new(
                            egui::RichText::new("Show the board [Space]").size(22.0),
                        ));
                        if r.clicked() {
                            intent.handover = true;
                        }
                        spot(ui, spots, "Show the board", &r);
                        ui.add_space(12.0);
                        ui.label(match b.status() {
                            // A reaction: what to do, and where the board goes after.
                            Status::AwaitingReaction(_) => reaction_hint(b, session),
                            _ => "Space or this button only shows the board: the turn is \
                                  ended with Shift+Enter or End turn."
                                .to_string(),
                        });
                    });
                },
            );
        });
    view.ui_rects = vec![Rect::new(
        screen.min.x,
        screen.min.y,
        screen.max.x,
        screen.max.y,
    )];
    true
}

/// The handover screen's last line for a reaction (issue 31, item 10): how to answer
/// and that the board goes back to the side whose unit acts without another screen.
fn reaction_hint(b: &Battle, session: &Session) -> String {
    let back = session
        .viewer
        .and_then(|v| b.level().sides.get(v.0 as usize))
        .map(|d| d.name.clone());
    let then = match back {
        Some(side) => format!(" Then the board goes straight back to {side}."),
        None => String::new(),
    };
    format!(
        "Space or this button shows the board and the reaction prompt: pick an answer \
         (1-9) or N for no reaction. Its units are marked on the map.{then}"
    )
}

/// "End the turn?": asked when End turn (Shift+Enter) is pressed while the unit still has
/// actions to spend. Y or its button ends the turn; N, Esc, its button or a click on the
/// map keeps playing. Enter does not answer it, so a second press cannot end the turn.
pub(super) fn confirm_end(
    ctx: &egui::Context,
    b: &Battle,
    view: &View,
    intent: &mut Intent,
    rects: &mut Vec<Rect>,
    spots: &mut Spots,
) {
    let Some(u) = view.confirm_end else { return };
    let left = unspent(b, u);
    let w = egui::Window::new("End the turn?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [-170.0, 60.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "{} still has {} to spend.",
                b.name(u),
                if left.is_empty() {
                    "nothing".to_string()
                } else {
                    left.join(", ")
                }
            ));
            ui.horizontal(|ui| {
                let r = ui.button("[Y] End the turn");
                if r.clicked() {
                    intent.confirm_end = Some(true);
                }
                spot(ui, spots, "End turn anyway", &r);
                let r = ui.button("[N] Keep playing");
                if r.clicked() {
                    intent.confirm_end = Some(false);
                }
                spot(ui, spots, "Keep playing", &r);
            });
            ui.small("Settings: \"Ask before ending a turn with actions left\" turns this off.");
        });
    if let Some(w) = w {
        let wr = w.response.rect;
        rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
    }
}

/// The Command's text field (up to its word limit).
pub(super) fn say(
    ctx: &egui::Context,
    view: &mut View,
    intent: &mut Intent,
    rects: &mut Vec<Rect>,
) {
    // The words of a Command.
    if let Some(mut text) = view.say.clone()
        && let Some(a) = view.pending.map(|p| p.0)
        && let Some((limit, prompt, hint)) = a.words()
    {
        let w = egui::Window::new(a.label())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [-170.0, 20.0])
            .show(ctx, |ui| {
                ui.label(prompt);
                let r = ui.add(
                    egui::TextEdit::singleline(&mut text)
                        .hint_text(hint)
                        .desired_width(320.0),
                );
                let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if !r.has_focus() && !escape && !r.lost_focus() {
                    r.request_focus();
                }
                let words = text.split_whitespace().count();
                let ok = (1..=limit).contains(&words);
                let colour = if ok {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::LIGHT_RED
                };
                ui.colored_label(colour, format!("{words} of {limit} words"));
                ui.horizontal(|ui| {
                    let say = ui
                        .add_enabled(ok, egui::Button::new("Say [Enter]"))
                        .clicked();
                    if say || (ok && enter && r.lost_focus()) {
                        intent.say = Some(text.trim().to_string());
                    }
                    if ui.button("Cancel [Esc]").clicked() || escape {
                        intent.cancel = true;
                    }
                });
            });
        if view.say.as_ref() != Some(&text) {
            view.say = Some(text);
        }
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }
}

/// The victory (or draw) screen with the summary, restart and menu.
pub(super) fn victory(ctx: &egui::Context, b: &Battle, intent: &mut Intent, rects: &mut Vec<Rect>) {
    if let Status::Ended(winner) = b.status() {
        let w = egui::Window::new("Battle over")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [-170.0, 0.0])
            .show(ctx, |ui| {
                let stalemate = b.log().iter().rev().find_map(|l| match l.event {
                    Event::Stalemate { rounds } => Some(rounds),
                    _ => None,
                });
                let title = match (winner, stalemate) {
                    (Some(s), _) => {
                        crate::game::words::side_won(&b.level().sides[s.0 as usize].name)
                    }
                    (None, Some(n)) => format!(
                        "A draw: nobody took damage for {n} round{}",
                        if n == 1 { "" } else { "s" }
                    ),
                    (None, None) => "A draw: nobody is left standing".into(),
                };
                ui.heading(title);
                ui.label(format!("{} rounds", b.round()));
                let lines = summary(b);
                let any_left = lines.iter().any(|l| l.left > 0);
                egui::Grid::new("summary").striped(true).show(ui, |ui| {
                    ui.label("side");
                    ui.label("damage dealt");
                    ui.label("units lost");
                    if any_left {
                        ui.label("units fled");
                    }
                    ui.end_row();
                    for l in lines {
                        ui.label(l.side);
                        ui.label(l.dealt.to_string());
                        ui.label(l.lost.to_string());
                        if any_left {
                            ui.label(l.left.to_string());
                        }
                        ui.end_row();
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("Restart [R]").clicked() {
                        intent.restart = true;
                    }
                    if ui.button("Menu [M]").clicked() {
                        intent.menu = true;
                    }
                });
            });
        if let Some(w) = w {
            let wr = w.response.rect;
            rects.push(Rect::new(wr.min.x, wr.min.y, wr.max.x, wr.max.y));
        }
    }
}

/// One side's line on the victory screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSummary {
    /// The side's name.
    pub side: String,
    /// The damage its units dealt.
    pub dealt: i32,
    /// Its units out of the fight that fell (down, dying, dead).
    pub lost: usize,
    /// Its units that left without falling, as the ruleset's View says
    /// (`TokenMarks::left`: melee-zone's "fled").
    pub left: usize,
}

/// Summary for the victory screen, a line a side: a unit that fled is counted as having
/// left, not as lost ([`crate::game::fallen::Fallen::Left`]).
pub fn summary(b: &Battle) -> Vec<SideSummary> {
    use crate::game::fallen::{Fallen, fallen};
    b.level()
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let dealt: i32 = b
                .log()
                .iter()
                .filter_map(|l| match &l.event {
                    Event::Damage {
                        source: Some(src),
                        amount,
                        ..
                    } if b.side(*src).0 as usize == i => Some(*amount),
                    _ => None,
                })
                .sum();
            let out: Vec<Fallen> = b
                .units()
                .filter(|&u| b.side(u).0 as usize == i && !b.alive(u))
                .map(|u| fallen(b, u))
                .collect();
            let left = out.iter().filter(|f| matches!(f, Fallen::Left(_))).count();
            SideSummary {
                side: s.name.clone(),
                dealt,
                lost: out.len() - left,
                left,
            }
        })
        .collect()
}

/// The in-battle menu (Esc with nothing to cancel): resume, restart with the same dice or
/// new ones, the settings screen, quit to the level menu; each with its key.
pub(super) fn battle_menu(
    ctx: &egui::Context,
    view: &mut View,
    intent: &mut Intent,
    files: &mut crate::game::saves::FileIntent,
    map: &KeyMap,
    rects: &mut Vec<Rect>,
    spots: &mut Spots,
) {
    if !view.battle_menu {
        return;
    }
    let w = egui::Window::new("Menu")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-170.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered_justified(|ui| {
                if ui.button("Resume [Esc]").clicked() {
                    view.battle_menu = false;
                }
                if ui
                    .button("Restart, same dice [R]")
                    .on_hover_text("the same battle again: every roll as before")
                    .clicked()
                {
                    view.battle_menu = false;
                    intent.restart = true;
                }
                if ui
                    .button("Restart, new dice [N]")
                    .on_hover_text("the same level with a new seed")
                    .clicked()
                {
                    view.battle_menu = false;
                    intent.restart = true;
                    intent.new_dice = true;
                }
                ui.separator();
                let r = ui
                    .button(format!("Save… [{}]", map.first(Bind::Save)))
                    .on_hover_text("save the battle under a name (it is also autosaved)");
                spot(ui, spots, "Save", &r);
                if r.clicked() {
                    files.prompt = Some(crate::game::saves::Prompt::Save);
                }
                let r = ui
                    .button(format!("Open a save… [{}]", map.first(Bind::Open)))
                    .on_hover_text("the list of saves and autosaves: open one, or R to replay it");
                spot(ui, spots, "Open", &r);
                if r.clicked() {
                    files.prompt = Some(crate::game::saves::Prompt::Open);
                }
                ui.separator();
                let r = ui
                    .button("Settings [O]")
                    .on_hover_text("sound, interface size, colours, reactions, animation");
                spot(ui, spots, "Settings", &r);
                if r.clicked() {
                    view.battle_menu = false;
                    view.settings_open = true;
                }
                ui.separator();
                if ui.button("Quit to the level menu [Q]").clicked() {
                    view.battle_menu = false;
                    intent.menu = true;
                }
            });
        });
    if let Some(w) = w {
        let r = w.response.rect;
        rects.push(Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    }
}
