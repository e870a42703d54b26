//! The Credits screen (issue 35): the **Credits** button of the level menu opens it over
//! the menu; it shows `assets/CREDITS.md` (the art's CC BY 3.0 attribution: each icon with
//! its author, the sounds and marks made for the project) and the game's licence. Close
//! or Esc closes it; while it is open the menu's keys do nothing. Its open flag lives in
//! egui's memory, so the menu needs only the button and one line.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;

/// The credits file, as shipped in `assets/`.
pub const CREDITS: &str = include_str!("../../assets/CREDITS.md");

pub fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.run_if(in_state(Screen::Menu)));
}

fn flag() -> egui::Id {
    egui::Id::new("skirmish-credits-open")
}

/// Is the Credits screen open?
pub fn open(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(flag())).unwrap_or(false)
}

/// The menu's **Credits** button.
pub fn button(ui: &mut egui::Ui) {
    if ui
        .button("Credits")
        .on_hover_text("who made the icons and sounds, and the game's licence")
        .clicked()
    {
        ui.ctx().data_mut(|d| d.insert_temp(flag(), true));
    }
}

/// One line of the screen: a heading or plain text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A `#` or `##` heading.
    Heading(String),
    /// Text: a paragraph's line, or a table row as "a — b — c".
    Text(String),
}

/// The screen's lines: the licence, then CREDITS.md in plain words (headings kept, a
/// paragraph's lines joined, table rows joined with dashes, its separator rows and
/// Markdown marks left out).
pub fn lines() -> Vec<Line> {
    let mut out = vec![
        Line::Heading(format!("Skirmish {}", env!("CARGO_PKG_VERSION"))),
        Line::Text(
            "Free software: MIT or Apache-2.0, at your choice (LICENSE-MIT, \
             LICENSE-APACHE). The art below keeps its own licence."
                .into(),
        ),
    ];
    // Inside a paragraph: the next text line goes on with it.
    let mut para = false;
    for raw in CREDITS.lines() {
        let l = raw.trim();
        let was = std::mem::replace(&mut para, false);
        if let Some(h) = l.strip_prefix('#') {
            out.push(Line::Heading(plain(h.trim_start_matches('#').trim())));
        } else if l.starts_with('|') {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            if cells
                .iter()
                .all(|c| c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                continue;
            }
            out.push(Line::Text(plain(&cells.join(" — "))));
        } else if !l.is_empty() {
            para = true;
            match out.last_mut() {
                Some(Line::Text(t)) if was => {
                    t.push(' ');
                    t.push_str(&plain(l));
                }
                _ => out.push(Line::Text(plain(l))),
            }
        }
    }
    out
}

/// Markdown marks out: `[text](url)` as "text (url)", `<url>` as the url, backticks
/// dropped.
fn plain(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('[') {
        let (before, after) = rest.split_at(open);
        out.push_str(before);
        match (after.find("]("), after.find(')')) {
            (Some(mid), Some(close)) if mid < close => {
                out.push_str(&after[1..mid]);
                out.push_str(" (");
                out.push_str(&after[mid + 2..close]);
                out.push(')');
                rest = &after[close + 1..];
            }
            _ => {
                out.push('[');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace(['`', '<', '>'], "")
}

fn draw(mut contexts: EguiContexts, keys: Res<ButtonInput<KeyCode>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !open(ctx) {
        return Ok(());
    }
    let mut keep = true;
    let area = ctx.viewport_rect();
    egui::Window::new("Credits")
        .open(&mut keep)
        .collapsible(false)
        .default_width(area.width().min(620.0))
        .max_height(area.height() - 60.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            // The button first: it stays in view however tall the window is.
            if ui.button("Close (Esc)").clicked() {
                ui.ctx().data_mut(|d| d.remove::<bool>(flag()));
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height((area.height() - 240.0).max(120.0))
                .show(ui, |ui| {
                    for l in lines() {
                        match l {
                            Line::Heading(h) => {
                                ui.add_space(6.0);
                                ui.label(egui::RichText::new(h).strong().size(16.0));
                            }
                            Line::Text(t) => {
                                ui.label(t);
                            }
                        }
                    }
                });
        });
    if !keep || keys.just_pressed(KeyCode::Escape) {
        ctx.data_mut(|d| d.remove::<bool>(flag()));
    }
    Ok(())
}
