//! The save prompt (Ctrl+S), the list of saves (Ctrl+O) and the level menu's Continue and
//! Open buttons, drawn with egui. They fill in [`FileIntent`]; `carry_out` does the rest.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::lines::{self, GoBack, Lines, Row};
use super::rewind::Rewind;
use super::{FileIntent, Files, Mode, close_dialog, open_dialog, open_list, save_prompt};
use crate::game::act::handover_pending;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{BattleRes, Launch, Screen, Session, View};

const ERROR: egui::Color32 = egui::Color32::from_rgb(255, 140, 140);

pub(super) fn draw(
    mut contexts: EguiContexts,
    map: Res<KeyMap>,
    screen: Res<State<Screen>>,
    battle: Option<Res<BattleRes>>,
    session: Option<Res<Session>>,
    launch: Res<Launch>,
    mut files: ResMut<Files>,
    mut intent: ResMut<FileIntent>,
    mut view: ResMut<View>,
    (lines, mut asks): (Res<Lines>, (ResMut<Rewind>, ResMut<GoBack>)),
    auto: Res<super::Autosave>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    // Not under Settings or Credits: the menu is dimmed and takes no input there.
    if *screen.get() == Screen::Menu
        && files.mode.is_none()
        && !view.settings_open
        && !crate::game::credits::open(&ctx)
    {
        menu_row(
            &ctx,
            &map,
            (&launch, &auto),
            &mut files,
            &mut intent,
            &mut view,
        );
    }
    // On the hot-seat handover screen: a save for the next player (play by file).
    if *screen.get() == Screen::Battle
        && files.mode.is_none()
        && let (Some(b), Some(s)) = (battle.as_deref(), session.as_deref())
        && let Some(side) = handover_pending(&b.0, s)
    {
        let who =
            b.0.level()
                .sides
                .get(side.0 as usize)
                .map_or("", |d| &d.name);
        egui::Area::new("save-for-next".into())
            .order(egui::Order::Tooltip)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 360.0])
            .show(&ctx, |ui| {
                if ui
                    .button(format!(
                        "Save for the next player [{}]",
                        map.first(Bind::Save)
                    ))
                    .on_hover_text(format!(
                        "a save to send to {who}'s player: opened on another machine, it \
                         shows this screen, then what happened since their last turn"
                    ))
                    .clicked()
                {
                    open_dialog(save_prompt(&b.0, s), &mut files, &mut view);
                }
            });
    }
    let Some(mode) = files.mode.clone() else {
        return Ok(());
    };
    let mut keep_open = true;
    let mut cancel = false;
    let f = &mut *files;
    let title = match mode {
        Mode::Save { .. } => "Save the battle",
        Mode::Open { .. } => "Open a save",
        Mode::Lines { .. } => "Rewind and branches",
    };
    let dir = launch
        .saves
        .as_ref()
        .map_or_else(|| "(no saves folder)".into(), |d| d.display().to_string());
    // Over everything, the handover screen (Foreground) too.
    egui::Window::new(title)
        .order(egui::Order::Tooltip)
        .collapsible(false)
        .resizable(false)
        .min_width(560.0)
        .anchor(egui::Align2::CENTER_CENTER, [-120.0, 0.0])
        .open(&mut keep_open)
        .show(&ctx, |ui| {
            match &mut f.mode {
                Some(Mode::Save { name }) => {
                    ui.label("Name:");
                    let out = egui::TextEdit::singleline(name)
                        .desired_width(360.0)
                        .show(ui);
                    if std::mem::take(&mut f.focus) {
                        // The name field has the keys, the default name selected: typing
                        // replaces it, an arrow keeps it.
                        out.response.request_focus();
                        let mut state = out.state;
                        let all = egui::text_selection::CCursorRange::two(
                            egui::text::CCursor::new(0),
                            egui::text::CCursor::new(name.chars().count()),
                        );
                        state.cursor.set_char_range(Some(all));
                        state.store(ui.ctx(), out.response.id);
                    }
                    let name = name.clone();
                    ui.small(format!("in {dir}"));
                    ui.horizontal(|ui| {
                        if ui.button("Save [Enter]").clicked() {
                            intent.save = Some(name);
                        }
                        if ui.button("Cancel [Esc]").clicked() {
                            cancel = true;
                        }
                    });
                }
                Some(Mode::Open { entries, chosen }) => {
                    if entries.is_empty() {
                        ui.label(format!(
                            "No saves yet in {dir}. Ctrl+S in a battle saves it."
                        ));
                    } else {
                        ui.small(format!(
                            "{dir} · Up/Down choose, Enter opens, a double click too"
                        ));
                    }
                    egui::ScrollArea::vertical()
                        .max_height(380.0)
                        .show(ui, |ui| {
                            let mut heading = None;
                            for (i, e) in entries.iter().enumerate() {
                                if heading != Some(e.auto) {
                                    heading = Some(e.auto);
                                    ui.label(
                                        egui::RichText::new(if e.auto {
                                            "Autosaves (one per battle, after every command)"
                                        } else {
                                            "Saves"
                                        })
                                        .strong(),
                                    );
                                }
                                let ok = e.about.is_ok();
                                let text = egui::RichText::new(e.line());
                                let text = if ok { text } else { text.color(ERROR) };
                                let r = ui.add(egui::Button::selectable(*chosen == i, text));
                                if r.clicked() {
                                    *chosen = i;
                                }
                                if r.double_clicked() {
                                    intent.open = Some(e.path.clone());
                                }
                            }
                        });
                    let pick = entries.get(*chosen).map(|e| e.path.clone());
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(pick.is_some(), egui::Button::new("Open [Enter]"))
                            .clicked()
                        {
                            intent.open = pick.clone();
                        }
                        if ui
                            .add_enabled(pick.is_some(), egui::Button::new("Replay [R]"))
                            .on_hover_text(
                                "step through it command by command (Left/Right, Home/End, \
                                 Space plays), and play on from any point",
                            )
                            .clicked()
                        {
                            intent.watch = pick;
                        }
                        if ui.button("Close [Esc]").clicked() {
                            cancel = true;
                        }
                    });
                }
                Some(Mode::Lines { chosen }) => {
                    if let Some(b) = battle.as_deref() {
                        lines_window(ui, &b.0, &lines, chosen, &mut asks, &mut cancel);
                    }
                }
                None => {}
            }
            if let Some(e) = &f.error {
                ui.colored_label(ERROR, e);
            }
        });
    if !keep_open || cancel {
        close_dialog(&mut files, &mut view);
    }
    Ok(())
}

/// The lines window (Ctrl+R): the kept lines to go back to, then this line's commands,
/// the newest first, to rewind to just before one. A click acts at once (the window
/// closes first: nothing is taken under a dialog).
fn lines_window(
    ui: &mut egui::Ui,
    b: &skirmish_rules::Battle,
    kept: &Lines,
    chosen: &mut usize,
    (rewind, back): &mut (ResMut<Rewind>, ResMut<GoBack>),
    cancel: &mut bool,
) {
    let rows = lines::rows(b, kept);
    ui.small(format!(
        "This line: {} command(s), round {}. Up/Down choose, Enter takes it, a click too; \
         a rewind keeps this line as a branch to come back to (it is in every save).",
        b.history().commands.len(),
        b.round()
    ));
    egui::ScrollArea::vertical()
        .max_height(380.0)
        .show(ui, |ui| {
            let mut heading = None;
            for (i, &row) in rows.iter().enumerate() {
                let branch = matches!(row, Row::Branch(_));
                if heading != Some(branch) {
                    heading = Some(branch);
                    ui.label(
                        egui::RichText::new(if branch {
                            "Lines kept"
                        } else {
                            "Rewind this line"
                        })
                        .strong(),
                    );
                }
                let text = egui::RichText::new(lines::label(b, kept, row));
                if ui
                    .add(egui::Button::selectable(*chosen == i, text))
                    .clicked()
                {
                    *chosen = i;
                    *cancel = true;
                    match row {
                        Row::Branch(k) => back.to = Some(k),
                        Row::Command(k) => rewind.to = Some(k),
                    }
                }
            }
            if rows.is_empty() {
                ui.label("Nothing played yet, and no line kept.");
            }
        });
    if ui.button("Close [Esc]").clicked() {
        *cancel = true;
    }
}

/// The level menu's Continue (the newest autosave, C) and Open a save (Ctrl+O), in the
/// top right corner.
fn menu_row(
    ctx: &egui::Context,
    map: &KeyMap,
    (launch, auto): (&Launch, &super::Autosave),
    files: &mut Files,
    intent: &mut FileIntent,
    view: &mut View,
) {
    egui::Area::new("saves-menu".into())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 10.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let resume = files.resume.clone();
                let r = ui.add_enabled(
                    resume.is_some(),
                    egui::Button::new(format!("Continue [{}]", map.first(Bind::Continue))),
                );
                let r = match &resume {
                    Some(e) => r.on_hover_text(format!("resume the last battle: {}", e.line())),
                    None => r.on_disabled_hover_text("no battle to continue yet"),
                };
                if r.clicked() {
                    intent.resume = true;
                }
                if ui
                    .button(format!("Open a save [{}]", map.first(Bind::Open)))
                    .clicked()
                {
                    open_dialog(open_list(launch, auto), files, view);
                }
            });
            if let Some(e) = &files.error {
                ui.colored_label(ERROR, e);
            }
        });
}
