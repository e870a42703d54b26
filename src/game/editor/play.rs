//! Playtest: the battle of the editor's level as it stands (hot-seat, or the AI on every
//! side but the first), started like a battle from the menu; leaving the battle for the
//! menu comes back to the editor with the level, its undo and its redo as they were.

use bevy::prelude::*;
use skirmish_rules::level::{Controller, Level};
use skirmish_rules::save::LevelCopy;

use super::input::PlayAsk;
use super::{EditorScreen, Screen};
use crate::editor::EditorLevel;
use crate::game::state::Origin;
use crate::game::{Session, View, start_battle};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, start.run_if(in_state(Screen::Editor)))
        .add_systems(OnEnter(Screen::Menu), come_back);
}

/// The level the battle is played on: the editor's level read by the game's loader, with
/// its sides' controllers as set, or (`vs_ai`) the first side a person's and the others
/// the AI's. A level with problems is refused with the first of them.
pub fn playtest_level(level: &EditorLevel, vs_ai: bool) -> Result<Level, String> {
    playtest_text(level, vs_ai).map(|(_, l)| l)
}

/// The text of the level played (the controllers as the playtest sets them) and the level
/// the loader reads from it: the autosave and a save made during the playtest carry that
/// text, so a level never saved to a file is autosaved too (docs/ui.md).
fn playtest_text(level: &EditorLevel, vs_ai: bool) -> Result<(String, Level), String> {
    let mut level = level.clone();
    if vs_ai {
        for (i, s) in level.sides.iter_mut().enumerate() {
            s.controller = if i == 0 {
                Controller::Human
            } else {
                Controller::Ai
            };
        }
    }
    let text = level.to_ron();
    let l = skirmish_rules::level::parse(&text, &format!("{}.ron", level.name)).map_err(|e| {
        let first = e
            .problems
            .first()
            .map_or(String::new(), |p| p.message.clone());
        format!("The level has problems, so it cannot be played yet: {first}")
    })?;
    Ok((text, l))
}

/// F5 or the panel's Playtest buttons: the battle starts and the editor waits.
fn start(
    mut commands: Commands,
    mut ask: ResMut<PlayAsk>,
    mut ed: ResMut<EditorScreen>,
    origin: Option<ResMut<Origin>>,
    view: Res<View>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(vs_ai) = ask.0.take() else {
        return;
    };
    let (text, level) = match playtest_text(ed.level(), vs_ai) {
        Ok(l) => l,
        Err(e) => {
            ed.message = Some((e, true));
            return;
        }
    };
    // The saves of this battle carry the level as it stands in the editor, saved to its
    // file or not (the file, if any, is not read: it may be older).
    let path = match ed.path.trim() {
        "" => format!("{}.ron", level.name),
        p => p.to_string(),
    };
    match LevelCopy::new(&path, &text) {
        Ok(copy) => {
            // (A headless test without the saves has no `Origin`.)
            if let Some(mut o) = origin {
                o.0 = Some((copy, level.clone()));
            }
        }
        Err(e) => {
            ed.message = Some((format!("The battle cannot start: {e}"), true));
            return;
        }
    }
    let n = level.sides.len();
    let session = Session {
        seed: level.seed.unwrap_or(0),
        controllers: level.sides.iter().map(|s| s.controller).collect(),
        policies: vec![view.prefs.reactions; n],
        level,
        commands: Vec::new(),
        marks: Vec::new(),
        viewer: None,
        logged: 0,
        event_log: None,
        generation: 0,
        confirm_end_turn: true,
    };
    match start_battle(&mut commands, session) {
        Ok(()) => {
            ed.playtest = Some(ed.level().clone());
            next.set(Screen::Battle);
        }
        Err(e) => ed.message = Some((format!("The battle cannot start: {e}"), true)),
    }
}

/// Back from a playtest's battle: to the editor, not the menu.
fn come_back(ed: Option<ResMut<EditorScreen>>, mut next: ResMut<NextState<Screen>>) {
    let Some(mut ed) = ed else {
        return;
    };
    let Some(before) = ed.playtest.take() else {
        return;
    };
    // The battle never touches the editor's level; say so if it ever did.
    ed.message = Some(if before == ed.editor.level {
        ("Back from the playtest.".into(), false)
    } else {
        ("The level changed during the playtest.".into(), true)
    });
    next.set(Screen::Editor);
}
