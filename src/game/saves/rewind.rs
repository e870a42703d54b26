//! Rewind a live battle (issue 32): "play from here" at any command of the roll log (the
//! ↶ button on the first line of each command) takes the battle back to just before that
//! command, live, to be played another way. The line played so far is kept as a branch
//! to go back to: it is written first, as a save of its own in the saves folder ("LEVEL
//! line before rewind DATE", Ctrl+O opens it), and the new line gets an autosave file of
//! its own, as the replay viewer's "Play from here" (P) does. When the line so far
//! cannot be saved (no data folder, the level file gone) nothing is rewound and the side
//! panel says why.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::{Autosave, Origin, list, save_of, saves_dir, write_text};
use crate::game::dialog;
use crate::game::state::{BattleRes, Launch, Session, View};

/// What the roll log asked this frame: rewind to just before command `to` (0-based:
/// `to` commands stay played).
#[derive(Resource, Default, Debug)]
pub struct Rewind {
    /// The command to take back, with every one after it.
    pub to: Option<usize>,
}

/// The name of the save that keeps the line before a rewind.
pub fn branch_name(level: &str, secs: u64) -> String {
    list::default_name(&format!("{level} line before rewind"), secs)
}

/// Carry out the rewind asked (not under a dialog: the ask is dropped, as the panel's
/// other buttons are).
#[allow(clippy::too_many_arguments)]
pub(super) fn rewind(
    mut ask: ResMut<Rewind>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut origin: ResMut<Origin>,
    mut auto: ResMut<Autosave>,
    launch: Res<Launch>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(to) = ask.to.take() else { return };
    if dialog::open(&battle.0, &session, &view).is_some() {
        return;
    }
    let n = battle.0.history().commands.len();
    if to >= n {
        return;
    }
    redraw.write(RequestRedraw);
    let done = (|| {
        let save = save_of(&battle.0, &session, &mut origin, &launch)?;
        let b = save.battle_at(to).map_err(|e| e.to_string())?;
        let name = branch_name(&battle.0.level().name, list::now());
        let path = list::fresh(saves_dir(&launch)?, &format!("{name}.ron"));
        write_text(&path, &save.to_ron())?;
        Ok::<_, String>((b, path))
    })();
    let (b, path) = match done {
        Ok(x) => x,
        Err(e) => {
            view.message = Some((
                format!("Not rewound (the line so far could not be kept): {e}"),
                true,
            ));
            return;
        }
    };
    let round = b.round();
    // The `--event-log` file says so, as it does an undo.
    let taken = battle.0.log().len().saturating_sub(b.log().len());
    crate::game::act::log_file::append_line(
        &session,
        &crate::game::act::log_file::undo_record(
            round,
            &format!(
                "rewound to before command {} ({taken} events taken back; the line before \
                 kept as {})",
                to + 1,
                path.display()
            ),
        ),
    );
    session.commands = b.history().commands.clone();
    session.marks = b.history().marks.clone();
    session.logged = b.log().len();
    session.generation += 1;
    battle.0 = b;
    // Hot-seat: the side to play takes the seat behind its handover screen.
    session.viewer = None;
    // The new line: an autosave file of its own (the old one keeps the old line too).
    auto.path = None;
    auto.written = None;
    view.pending = None;
    view.casting = None;
    view.chooser = None;
    view.say = None;
    view.confirm_end = None;
    view.selected = None;
    let kept = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    view.message = Some((
        format!(
            "Rewound to before command {} (round {round}): a new line. The line before is \
             saved as \"{kept}\" (Ctrl+O opens it).",
            to + 1
        ),
        false,
    ));
}
