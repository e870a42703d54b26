//! A battle's lines (issue 32): a rewind keeps the line it leaves as a branch of the
//! battle, inside its saves (save format 2, `Save::branches`), and the player can go back
//! to one. Ctrl+R (`Bind::Lines`) opens the window that lists them with the commands of
//! the line on the board: Enter on a command rewinds to just before it (as the roll
//! log's ↺ does), Enter on a kept line goes back to it (the line left is kept in turn).

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish_rules::Battle;
use skirmish_rules::save::Save;

use super::{Autosave, Origin, list, save_of};
use crate::game::dialog;
use crate::game::keymap::{Bind, KeyMap};
use crate::game::state::{BattleRes, Launch, Session, View};

/// A line kept: its name and its save (without branches of its own).
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// What the window lists it as.
    pub name: String,
    /// The line, as a save of its own.
    pub save: Save,
}

/// The other lines of the battle on the board, oldest first (each save made of the
/// battle carries them as its branches).
#[derive(Resource, Default, Debug)]
pub struct Lines {
    /// The lines.
    pub kept: Vec<Kept>,
    /// They came with the save the battle about to start was opened from.
    pub(super) loaded: bool,
}

impl Lines {
    /// The branches of `save`, each as a line of its own.
    pub fn of_save(save: &Save) -> Lines {
        let kept = save
            .branches
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                save.line(i).ok().map(|l| Kept {
                    name: b.name.clone(),
                    save: l,
                })
            })
            .collect();
        Lines { kept, loaded: true }
    }

    /// Keep `save`'s own line (its branches are not taken) unless it is kept already.
    pub fn keep(&mut self, name: String, save: &Save) {
        let save = Save {
            branches: Vec::new(),
            ..save.clone()
        };
        if !self.kept.iter().any(|k| same_line(&k.save, &save)) {
            self.kept.push(Kept { name, save });
        }
    }

    /// Give `save` the kept lines of its battle as its branches (a line of another
    /// battle, which a restart with new dice leaves, is passed over).
    pub fn attach(&self, save: &mut Save) {
        for k in &self.kept {
            // Refused only for a line of another battle: not one of this save's.
            let _ = save.keep_line(&k.name, &k.save);
        }
    }

    /// The kept lines of `b`'s battle (its seed and grid), with their index in `kept`.
    pub fn of_battle<'a>(&'a self, b: &Battle) -> impl Iterator<Item = (usize, &'a Kept)> {
        let (seed, grid) = (b.seed(), b.grid().kind);
        self.kept
            .iter()
            .enumerate()
            .filter(move |(_, k)| k.save.seed == seed && k.save.grid == grid)
    }
}

fn same_line(a: &Save, b: &Save) -> bool {
    a.commands == b.commands
        && a.later_dice == b.later_dice
        && a.seed == b.seed
        && a.level.hash == b.level.hash
}

/// One row of the lines window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Go back to the kept line (index into `Lines::kept`).
    Branch(usize),
    /// Rewind to just before this command (0-based) of the line on the board.
    Command(usize),
}

/// The window's rows: the kept lines, then the commands of the line on the board, the
/// newest first.
pub fn rows(b: &Battle, lines: &Lines) -> Vec<Row> {
    let n = b.history().commands.len();
    lines
        .of_battle(b)
        .map(|(i, _)| Row::Branch(i))
        .chain((0..n).rev().map(Row::Command))
        .collect()
}

/// A row as the window shows it.
pub fn label(b: &Battle, lines: &Lines, row: Row) -> String {
    match row {
        Row::Branch(i) => match lines.kept.get(i) {
            Some(k) => {
                let mine = &b.history().commands;
                let at = mine
                    .iter()
                    .zip(&k.save.commands)
                    .take_while(|(x, y)| x == y)
                    .count();
                format!(
                    "Go back to \"{}\": {} commands, round {} (parts from this line at \
                     command {})",
                    k.name,
                    k.save.commands.len(),
                    k.save.round,
                    at + 1
                )
            }
            None => String::new(),
        },
        Row::Command(k) => {
            let h = b.history();
            let at = h.marks.get(k).copied().unwrap_or(0);
            // The roll log's words for its first line that is not noise (a move, an
            // attack, an end of turn), as the roll log shows the command.
            let end = h.marks.get(k + 1).copied().unwrap_or(b.log().len());
            let round = b.log().get(at).map_or(b.round(), |l| l.round);
            // (Its steps make one line, as in the roll log.)
            let mut shown = (at..end).map(|i| skirmish_rules::sentence::line_at(b, i));
            let what = match shown.by_ref().find(|l| !l.noise) {
                Some(mut first) => {
                    for next in shown {
                        if !first.absorb(&next, b) {
                            break;
                        }
                    }
                    first.text
                }
                None => String::new(),
            };
            format!("Rewind to before command {} (round {round}): {what}", k + 1)
        }
    }
}

/// What the lines window asked this frame: go back to this kept line.
#[derive(Resource, Default, Debug)]
pub struct GoBack {
    /// Index into `Lines::kept`.
    pub to: Option<usize>,
}

/// The name a line gets when it is left.
pub fn left_name(why: &str) -> String {
    list::default_name(why, list::now())
}

/// Put `b` on the board as the battle's line (a rewind, a line gone back to): the
/// session follows it, the side to play takes the seat, what was pending is dropped,
/// and the autosave is written again (the same file: the line left is in it, a branch).
pub(super) fn take_line(
    b: Battle,
    battle: &mut BattleRes,
    session: &mut Session,
    view: &mut View,
    auto: &mut Autosave,
) {
    session.commands = b.history().commands.clone();
    session.marks = b.history().marks.clone();
    session.logged = b.log().len();
    session.generation += 1;
    battle.0 = b;
    // Hot-seat: the side to play takes the seat behind its handover screen.
    session.viewer = None;
    auto.written = None;
    view.pending = None;
    view.casting = None;
    view.chooser = None;
    view.say = None;
    view.confirm_end = None;
    view.selected = None;
}

/// Go back to the kept line asked (not under a dialog): it replays to its own log hash
/// or nothing changes; the line left is kept in its place.
#[allow(clippy::too_many_arguments)]
pub(super) fn go_back(
    mut ask: ResMut<GoBack>,
    mut lines: ResMut<Lines>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut origin: ResMut<Origin>,
    mut auto: ResMut<Autosave>,
    launch: Res<Launch>,
    map: Res<KeyMap>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(i) = ask.to.take() else { return };
    if dialog::open(&battle.0, &session, &view).is_some() {
        return;
    }
    let Some(k) = lines.kept.get(i).cloned() else {
        return;
    };
    redraw.write(RequestRedraw);
    let done = (|| {
        let mine = save_of(&battle.0, &session, &mut origin, &launch, &Lines::default())?;
        let b = k.save.replay().map_err(|e| e.to_string())?;
        Ok::<_, String>((mine, b))
    })();
    let (mine, b) = match done {
        Ok(x) => x,
        Err(e) => {
            view.message = Some((format!("Not gone back to \"{}\": {e}", k.name), true));
            return;
        }
    };
    let round = b.round();
    crate::game::act::log_file::append_line(
        &session,
        &crate::game::act::log_file::undo_record(
            round,
            &format!(
                "back to the line \"{}\" ({} commands; the line left kept as a branch)",
                k.name,
                k.save.commands.len()
            ),
        ),
    );
    lines.kept.remove(i);
    let left = left_name("line left");
    lines.keep(left.clone(), &mine);
    take_line(b, &mut battle, &mut session, &mut view, &mut auto);
    view.message = Some((
        format!(
            "Back to the line \"{}\" (round {round}). The line left is kept as \"{left}\" \
             ({} to go back to it).",
            k.name,
            map.first(Bind::Lines)
        ),
        false,
    ));
}
