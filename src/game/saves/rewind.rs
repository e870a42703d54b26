//! Rewind a live battle (issue 32): "play from here" at any command of the roll log (the
//! ↺ button on the first line of each command, or Enter on a command in the Ctrl+R
//! window, `lines`) takes the battle back to just before that command, live, to be
//! played another way. The line played so far is kept as a branch of the battle
//! (`lines::Lines`), inside every save made of it from then on, its autosave first;
//! Ctrl+R goes back to it. When the line so far cannot be kept (the level file changed
//! since the battle started) nothing is rewound and the side panel says why.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::lines::{self, Lines};
use super::{Autosave, Origin, save_of};
use crate::game::dialog;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{BattleRes, Launch, Session, View};

/// What the roll log asked this frame: rewind to just before command `to` (0-based:
/// `to` commands stay played).
#[derive(Resource, Default, Debug)]
pub struct Rewind {
    /// The command to take back, with every one after it.
    pub to: Option<usize>,
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
    mut kept: ResMut<Lines>,
    map: Res<KeyMap>,
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
        let save = save_of(&battle.0, &session, &mut origin, &launch, &Lines::default())?;
        let b = save.battle_at(to).map_err(|e| e.to_string())?;
        Ok::<_, String>((b, save))
    })();
    let (b, save) = match done {
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
    let name = lines::left_name("line before rewind");
    // The `--event-log` file says so, as it does an undo.
    let taken = battle.0.log().len().saturating_sub(b.log().len());
    crate::game::act::log_file::append_line(
        &session,
        &crate::game::act::log_file::undo_record(
            round,
            &format!(
                "rewound to before command {} ({taken} events taken back; the line before \
                 kept as the branch \"{name}\")",
                to + 1
            ),
        ),
    );
    kept.keep(name.clone(), &save);
    lines::take_line(b, &mut battle, &mut session, &mut view, &mut auto);
    view.message = Some((
        format!(
            "Rewound to before command {} (round {round}): a new line. The line before is \
             kept in this battle's saves as \"{name}\" ({} goes back to it).",
            to + 1,
            map.first(Bind::Lines)
        ),
        false,
    ));
}
