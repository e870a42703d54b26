//! Saves in the window (issue 32): Ctrl+S, Ctrl+O, the autosave after every command and
//! Continue, through the window's own systems (`input`, `act`, the level menu's start and
//! `saves`) on a headless app: keys pressed into its `ButtonInput`, files written to a
//! scratch saves folder, and the battle read back from the world.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::RequestRedraw;
use bevy_egui::input::EguiWantsInput;
use skirmish::game::dialog::{self, Dialog};
use skirmish::game::replay::Replay;
use skirmish::game::saves::{self, Autosave, Files, Mode, list};
use skirmish::game::{BattleRes, Intent, Launch, Screen, Session, View, input_plugins, menu};
use skirmish_rules::components::SideId;
use skirmish_rules::save::{Save, log_hash};

use crate::repo;

/// A window with no renderer: the level menu's start, input, act and saves, the duel
/// fixture (flow, both sides human: hot-seat) in the menu, saves in `dir/saves`.
pub(super) struct Win {
    pub(super) app: App,
    pub(super) saves: PathBuf,
}

pub(super) fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-wsaves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

impl Win {
    /// Started in the level menu, or straight into the duel (`start`).
    pub(super) fn new(dir: &Path, start: bool) -> Win {
        let path = repo("tests/fixtures/duel.ron");
        let level = skirmish_rules::level::load(&path).expect("the duel fixture");
        let saves = dir.join("saves");
        let launch = Launch {
            levels: vec![(path, level)],
            start: start.then_some(0),
            saves: Some(saves.clone()),
            ..Default::default()
        };
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .add_message::<RequestRedraw>()
            .add_message::<bevy::input::keyboard::KeyboardInput>()
            .init_state::<Screen>()
            .init_resource::<View>()
            .init_resource::<Intent>()
            .init_resource::<Replay>()
            .init_resource::<EguiWantsInput>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<ButtonInput<MouseButton>>()
            .insert_resource(launch)
            .add_plugins((input_plugins, menu::plugin, saves::plugin));
        let mut w = Win { app, saves };
        w.frames(3);
        w
    }

    pub(super) fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update();
        }
    }

    pub(super) fn screen(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    pub(super) fn battle(&self) -> &skirmish_rules::Battle {
        &self.app.world().resource::<BattleRes>().0
    }

    pub(super) fn files(&self) -> &Files {
        self.app.world().resource::<Files>()
    }

    pub(super) fn view(&self) -> &View {
        self.app.world().resource::<View>()
    }

    pub(super) fn dialog(&self) -> Option<Dialog> {
        let w = self.app.world();
        dialog::open(
            &w.resource::<BattleRes>().0,
            w.resource::<Session>(),
            w.resource::<View>(),
        )
    }

    /// A key pressed with `held` down (none: alone), one frame, then all up; and two more
    /// frames (a state change, a load through the level menu).
    pub(super) fn key_with(&mut self, held: Option<KeyCode>, k: KeyCode) {
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        if let Some(h) = held {
            keys.press(h);
        }
        keys.press(k);
        self.frames(1);
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        self.frames(3);
    }

    pub(super) fn key(&mut self, k: KeyCode) {
        self.key_with(None, k);
    }

    pub(super) fn ctrl(&mut self, k: KeyCode) {
        self.key_with(Some(KeyCode::ControlLeft), k);
    }

    /// Space on the handover screen when it is up, then Shift+Enter and Y: the turn ends.
    pub(super) fn end_turn(&mut self) {
        if self.dialog() == Some(Dialog::Handover) {
            self.key(KeyCode::Space);
        }
        assert_eq!(self.dialog(), None, "the board is in front of the player");
        self.key_with(Some(KeyCode::ShiftLeft), KeyCode::Enter);
        if self.view().confirm_end.is_some() {
            self.key(KeyCode::KeyY);
        }
    }

    pub(super) fn commands(&self) -> usize {
        self.battle().history().commands.len()
    }

    /// The autosaves on disk, once the writer thread has written what it was handed.
    pub(super) fn autosaves(&self) -> Vec<list::Entry> {
        let flushed = self
            .app
            .world()
            .resource::<Autosave>()
            .flush(Duration::from_secs(10));
        assert!(flushed, "the autosave writer is stuck");
        list::autosaves(&self.saves)
    }
}

/// Ctrl+S offers a name (the level and the date), Enter writes the save; it loads to the
/// very battle on screen (same log hash). After two more turns, Ctrl+O lists it first and
/// Enter opens it: the battle is back where it was saved (through the level menu, as
/// `play --load`), and, hot-seat, behind the handover screen of the side to play.
#[test]
fn ctrl_s_saves_and_ctrl_o_opens_it_where_it_was() {
    let dir = scratch("roundtrip");
    let mut w = Win::new(&dir, true);
    assert_eq!(w.screen(), Screen::Battle);
    w.end_turn();
    assert_eq!(w.commands(), 1);
    let hash = log_hash(w.battle().log());
    let events = w.battle().log().len();

    w.ctrl(KeyCode::KeyS);
    let name = match &w.files().mode {
        Some(Mode::Save { name }) => name.clone(),
        other => panic!("Ctrl+S opened {other:?}"),
    };
    // (On the handover screen after the turn: the side to play is named.)
    assert!(name.starts_with("Duel for Red 20"), "default name: {name}");
    assert_eq!(w.dialog(), Some(Dialog::Files), "the prompt has the input");
    w.key(KeyCode::Enter);
    assert_eq!(w.files().mode, None, "Enter saved and closed the prompt");
    let file = w.saves.join(format!("{name}.ron"));
    let text = std::fs::read_to_string(&file).expect("the save was written");
    let loaded = Save::load(&text).expect("the save loads");
    assert_eq!(loaded.save.log_hash, hash);
    assert_eq!(loaded.battle.log().len(), events);
    assert!(
        w.view()
            .message
            .as_ref()
            .is_some_and(|(m, err)| !err && m.contains("Saved")),
        "{:?}",
        w.view().message
    );
    // The Enter that saved did not reach the board (no command).
    assert_eq!(w.commands(), 1);

    w.end_turn();
    w.end_turn();
    assert_eq!(w.commands(), 3);
    w.ctrl(KeyCode::KeyO);
    match &w.files().mode {
        Some(Mode::Open { entries, chosen }) => {
            assert_eq!(entries[*chosen].path, file, "the save is chosen first");
            assert!(entries.iter().any(|e| e.auto), "the autosave is listed too");
        }
        other => panic!("Ctrl+O opened {other:?}"),
    }
    w.key(KeyCode::Enter);
    assert_eq!(w.screen(), Screen::Battle);
    assert_eq!(w.files().mode, None);
    assert_eq!(w.commands(), 1, "back where it was saved");
    assert_eq!(log_hash(w.battle().log()), hash);
    // Hot-seat: the side to play gets the handover screen first.
    assert_eq!(w.dialog(), Some(Dialog::Handover));
    let to_play = w.battle().side(w.battle().current().unwrap());
    assert_eq!(
        skirmish::game::act::handover_pending(w.battle(), w.app.world().resource::<Session>()),
        Some(to_play)
    );
    // Play by file: once the handover screen is dismissed, the side sees again what
    // happened since the end of its last turn.
    // (The side that ended the first turn has seen up to that end; the side to play,
    // which has not played yet, has nothing to see again.)
    let mut some = 0;
    for side in 0..2 {
        let last_end = w
            .battle()
            .log()
            .iter()
            .rposition(|l| {
                matches!(l.event, skirmish_rules::event::Event::TurnEnded { unit }
                    if w.battle().side(unit) == SideId(side as u32))
            })
            .map(|i| i + 1);
        some += usize::from(last_end.is_some());
        assert_eq!(w.app.world().resource::<Replay>().seen(side), last_end);
    }
    assert_eq!(some, 1, "one side has ended a turn");
    // Ctrl+S on the handover screen: a save for the next player, named for the side.
    w.ctrl(KeyCode::KeyS);
    let side = &w.battle().level().sides[to_play.0 as usize].name;
    match &w.files().mode {
        Some(Mode::Save { name }) => {
            assert!(name.starts_with(&format!("Duel for {side} 20")), "{name}")
        }
        other => panic!("{other:?}"),
    }
    w.key(KeyCode::Escape);
    assert_eq!(w.dialog(), Some(Dialog::Handover));
    // And it plays on.
    w.end_turn();
    assert_eq!(w.commands(), 2);
}

/// After every command the autosave holds the battle as it stands (same commands, same
/// log hash); one file per battle. Quit to the level menu: Continue (C) resumes it, and
/// keeps writing to the same autosave.
#[test]
fn every_command_is_autosaved_and_continue_resumes_it() {
    let dir = scratch("autosave");
    let mut w = Win::new(&dir, true);
    assert!(
        w.autosaves().is_empty(),
        "nothing played, nothing autosaved"
    );
    for n in 1..=3 {
        w.end_turn();
        let a = w.autosaves();
        assert_eq!(a.len(), 1, "one autosave per battle");
        let text = std::fs::read_to_string(&a[0].path).unwrap();
        let s = Save::parse(&text).unwrap();
        assert_eq!(s.commands.len(), n, "autosaved after command {n}");
        assert_eq!(s.log_hash, log_hash(w.battle().log()));
    }
    let hash = log_hash(w.battle().log());
    let path = w.autosaves()[0].path.clone();

    // Esc opens the menu, Q quits to the level menu.
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    w.key(KeyCode::Escape);
    w.key(KeyCode::KeyQ);
    assert_eq!(w.screen(), Screen::Menu);
    assert_eq!(
        w.files().resume.as_ref().map(|e| e.path.clone()),
        Some(path.clone()),
        "Continue offers it"
    );
    w.key(KeyCode::KeyC);
    assert_eq!(w.screen(), Screen::Battle, "C continued");
    assert_eq!(w.commands(), 3);
    assert_eq!(log_hash(w.battle().log()), hash);
    w.end_turn();
    let a = w.autosaves();
    assert_eq!(a.len(), 1, "the resumed battle writes to its autosave");
    assert_eq!(a[0].path, path);
    let s = Save::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(s.commands.len(), 4);
}

/// A damaged, cut-short or newer save is refused in the window with its reason, and the
/// battle on screen is left exactly as it was (same commands, log, screen).
#[test]
fn a_bad_save_is_refused_and_the_battle_is_unchanged() {
    let dir = scratch("refused");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    w.end_turn();
    let good = std::fs::read_to_string(&w.autosaves()[0].path).unwrap();
    std::fs::create_dir_all(&w.saves).unwrap();
    let cut = &good[..good.len() / 2];
    let newer = good.replacen("format: 2,", "format: 9,", 1);
    let edited = good.replacen("seed: 0,", "seed: 1,", 1);
    assert_ne!(edited, good, "the duel's seed is 0");
    for (name, text, says) in [
        ("cut", cut.to_string(), "cut short"),
        ("newer", newer, "newer version"),
        ("edited", edited, "nothing was loaded"),
        ("junk", "hello".to_string(), "damaged or not a save"),
    ] {
        std::fs::write(w.saves.join(format!("{name}.ron")), text).unwrap();
        let before = (w.commands(), log_hash(w.battle().log()));
        w.ctrl(KeyCode::KeyO);
        let at = match &w.files().mode {
            Some(Mode::Open { entries, .. }) => {
                entries.iter().position(|e| e.name == name).expect("listed")
            }
            other => panic!("{other:?}"),
        };
        if let Some(Mode::Open { chosen, .. }) = &mut w.app.world_mut().resource_mut::<Files>().mode
        {
            *chosen = at;
        }
        w.key(KeyCode::Enter);
        let err = w.files().error.clone().unwrap_or_default();
        assert!(err.contains(says), "{name}: {err}");
        assert!(err.contains("nothing changed"), "{err}");
        assert!(w.files().mode.is_some(), "{name}: the list stays open");
        assert_eq!(w.screen(), Screen::Battle);
        assert_eq!((w.commands(), log_hash(w.battle().log())), before, "{name}");
        w.key(KeyCode::Escape);
        assert_eq!(w.files().mode, None, "Esc closed the list");
        assert_eq!(
            w.dialog(),
            Some(Dialog::Handover),
            "the screen it was opened over"
        );
        std::fs::remove_file(w.saves.join(format!("{name}.ron"))).unwrap();
    }
}

/// Continue picks the newest autosave by its time, passing over one that cannot be read.
#[test]
fn continue_finds_the_newest_readable_autosave() {
    let dir = scratch("newest");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    let first = w.autosaves()[0].path.clone();
    let auto_dir = first.parent().unwrap().to_path_buf();
    // Another battle's autosave (a copy at one command), then the first one goes on to
    // two commands but is made an hour older: the copy is the newest.
    let second = auto_dir.join("Duel later.ron");
    std::fs::copy(&first, &second).unwrap();
    w.end_turn();
    assert_eq!(w.commands(), 2);
    assert_eq!(w.autosaves().len(), 2, "written");
    let old = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&first)
        .unwrap()
        .set_modified(old)
        .unwrap();
    // A damaged one, newest of all: passed over.
    std::fs::write(auto_dir.join("Duel broken.ron"), "Save(format: 1, ruleset").unwrap();
    let e = list::newest_autosave(&dir.join("saves")).expect("an autosave");
    assert_eq!(e.path, second);

    let mut w = Win::new(&dir, false);
    assert_eq!(w.screen(), Screen::Menu);
    w.key(KeyCode::KeyC);
    assert_eq!(w.screen(), Screen::Battle);
    assert_eq!(w.commands(), 1, "the newer autosave");
}

/// The replay viewer: R in the list of saves shows the save from its end; Left, Home and
/// End step through it (the battle on the board is the save replayed to that command),
/// nothing can be played meanwhile and the autosave is left alone; P plays on from the
/// command shown, as a branch with an autosave of its own (the save is unchanged).
#[test]
fn the_replay_viewer_steps_through_a_save_and_plays_on_from_a_point() {
    let dir = scratch("viewer");
    let mut w = Win::new(&dir, true);
    for _ in 0..3 {
        w.end_turn();
    }
    w.ctrl(KeyCode::KeyS);
    w.key(KeyCode::Enter);
    let file = std::fs::read_dir(&w.saves)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "ron"))
        .expect("saved");
    let text = std::fs::read_to_string(&file).unwrap();
    let save = Save::parse(&text).unwrap();
    let autosave = w.autosaves()[0].path.clone();
    let auto_text = std::fs::read_to_string(&autosave).unwrap();

    w.ctrl(KeyCode::KeyO);
    w.key(KeyCode::KeyR);
    assert_eq!(w.dialog(), Some(Dialog::Viewer), "R opened the viewer");
    let at = |w: &Win| w.app.world().resource::<saves::viewer::Viewer>().at;
    assert_eq!((at(&w), w.commands()), (3, 3), "from the end");
    w.key(KeyCode::ArrowLeft);
    assert_eq!((at(&w), w.commands()), (2, 2));
    let want = save.battle_at(2).unwrap();
    assert_eq!(log_hash(w.battle().log()), log_hash(want.log()));
    w.key(KeyCode::Home);
    assert_eq!((at(&w), w.commands()), (0, 0));
    // Nothing is played while viewing: Shift+Enter, a click.
    w.key_with(Some(KeyCode::ShiftLeft), KeyCode::Enter);
    w.key(KeyCode::KeyY);
    assert_eq!(w.commands(), 0, "the viewer played nothing");
    assert_eq!(w.autosaves().len(), 1);
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        auto_text,
        "viewing leaves the autosave alone"
    );
    w.key(KeyCode::End);
    assert_eq!((at(&w), w.commands()), (3, 3));
    w.key(KeyCode::ArrowLeft);
    w.key(KeyCode::KeyP);
    assert_ne!(w.dialog(), Some(Dialog::Viewer), "P left the viewer");
    assert_eq!(w.commands(), 2);
    w.end_turn();
    assert_eq!(w.commands(), 3);
    assert_eq!(
        w.autosaves().len(),
        2,
        "the branch has an autosave of its own"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        text,
        "the save is unchanged"
    );
    assert_eq!(
        std::fs::read_to_string(&autosave).unwrap(),
        auto_text,
        "the original autosave too"
    );
}

/// Play by file: a save of the same battle whose commands part from an earlier save's (a
/// rewritten history, or a branch) opens, with a warning naming the earlier save and the
/// command where they part.
#[test]
fn a_save_that_does_not_continue_an_earlier_one_is_flagged() {
    let dir = scratch("rewritten");
    let mut w = Win::new(&dir, true);
    w.end_turn();
    w.end_turn();
    let save_as = |w: &mut Win, name: &str| {
        w.ctrl(KeyCode::KeyS);
        w.app.world_mut().resource_mut::<Files>().mode = Some(Mode::Save { name: name.into() });
        w.key(KeyCode::Enter);
        assert!(w.saves.join(format!("{name}.ron")).exists(), "{name} saved");
    };
    save_as(&mut w, "first");
    // A branch from the setup (the viewer, Home, P) with another first command: a move.
    w.ctrl(KeyCode::KeyO);
    w.key(KeyCode::KeyR);
    w.key(KeyCode::Home);
    w.key(KeyCode::KeyP);
    assert_eq!(w.commands(), 0);
    if w.dialog() == Some(Dialog::Handover) {
        w.key(KeyCode::Space);
    }
    let u = w.battle().current().expect("a turn");
    let at = w.battle().pos(u);
    let to = skirmish_rules::grid::Cell::new(at.x, at.y - 2);
    w.app.world_mut().resource_mut::<View>().hovered = Some(to);
    w.app
        .world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    w.frames(1);
    let mut m = w.app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    m.release(MouseButton::Left);
    m.clear();
    w.frames(2);
    assert!(
        matches!(
            w.battle().history().commands.first(),
            Some(skirmish_rules::engine::Command::Move { .. })
        ),
        "the click moved: {:?}",
        w.view().message
    );
    save_as(&mut w, "second");
    // Open "second": it does not continue "first".
    w.ctrl(KeyCode::KeyO);
    if let Some(Mode::Open { entries, chosen }) =
        &mut w.app.world_mut().resource_mut::<Files>().mode
    {
        *chosen = entries
            .iter()
            .position(|e| e.name == "second")
            .expect("listed");
    }
    w.key(KeyCode::Enter);
    let (msg, warn) = w.view().message.clone().expect("a message");
    assert!(warn, "{msg}");
    // (The earlier save it names: "first", or the first line's autosave, written in the
    // same second.)
    assert!(
        msg.contains("does not continue") && msg.contains("command 1 on"),
        "{msg}"
    );
    // "first" itself continues nothing that came before it: no warning.
    w.ctrl(KeyCode::KeyO);
    if let Some(Mode::Open { entries, chosen }) =
        &mut w.app.world_mut().resource_mut::<Files>().mode
    {
        *chosen = entries
            .iter()
            .position(|e| e.name == "first")
            .expect("listed");
    }
    w.key(KeyCode::Enter);
    let (msg, warn) = w.view().message.clone().expect("a message");
    assert!(!warn, "{msg}");
}
