//! The level editor's screen (issue 35) through its own systems on a headless app: the
//! pointer's cell set as the window's `hover` would, mouse buttons and keys pressed into
//! the `ButtonInput`s as winit would. Paint, place, undo and redo, save (refused with
//! the reasons, then written and loaded by the game's loader), Playtest and the way
//! back with the level unchanged.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::RequestRedraw;
use bevy_egui::input::EguiWantsInput;
use skirmish::editor::{EditorLevel, Target};
use skirmish::game::editor::{EditorScreen, Tool, headless_plugin, open};
use skirmish::game::replay::Replay;
use skirmish::game::{BattleRes, Intent, Launch, Screen, View, input_plugins};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::{Controller, Terrain};

use crate::repo;

struct Ed {
    app: App,
}

impl Ed {
    /// The editor open on `screen`'s level.
    fn new(screen: EditorScreen) -> Ed {
        Ed::open(screen, None)
    }

    /// The editor, and with `saves` the window's saves (autosaves into that folder).
    fn open(screen: EditorScreen, saves: Option<std::path::PathBuf>) -> Ed {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .add_message::<RequestRedraw>()
            .add_message::<bevy::input::keyboard::KeyboardInput>()
            .init_state::<Screen>()
            .init_resource::<View>()
            .init_resource::<Intent>()
            .init_resource::<Replay>()
            .insert_resource(Launch {
                saves: saves.clone(),
                ..Default::default()
            })
            .init_resource::<EguiWantsInput>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<ButtonInput<MouseButton>>()
            .insert_resource(screen)
            .add_plugins((input_plugins, headless_plugin));
        if saves.is_some() {
            app.add_plugins(skirmish::game::saves::plugin);
        }
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Editor);
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Editor
        );
        Ed { app }
    }

    fn screen(&self) -> &EditorScreen {
        self.app.world().resource::<EditorScreen>()
    }

    fn screen_mut(&mut self) -> Mut<'_, EditorScreen> {
        self.app.world_mut().resource_mut::<EditorScreen>()
    }

    fn level(&self) -> &EditorLevel {
        self.screen().level()
    }

    fn state(&self) -> Screen {
        *self.app.world().resource::<State<Screen>>().get()
    }

    /// A left click with the pointer over `c`.
    fn click(&mut self, c: Cell) {
        self.screen_mut().hovered = Some(c);
        let world = self.app.world_mut();
        world
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(MouseButton::Left);
        self.app.update();
        let mut m = self
            .app
            .world_mut()
            .resource_mut::<ButtonInput<MouseButton>>();
        m.release(MouseButton::Left);
        m.clear();
        self.app.update();
    }

    /// A left drag over `cells`: pressed on the first, held over the others, let go.
    fn drag(&mut self, cells: &[Cell]) {
        for (i, &c) in cells.iter().enumerate() {
            self.screen_mut().hovered = Some(c);
            let mut m = self
                .app
                .world_mut()
                .resource_mut::<ButtonInput<MouseButton>>();
            if i == 0 {
                m.press(MouseButton::Left);
            } else {
                // Held: no longer "just pressed".
                m.clear();
            }
            self.app.update();
        }
        let mut m = self
            .app
            .world_mut()
            .resource_mut::<ButtonInput<MouseButton>>();
        m.release(MouseButton::Left);
        self.app.update();
        self.app
            .world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .clear();
        self.app.update();
    }

    /// `k`, with `held` held down (none: `k` alone).
    fn key(&mut self, held: Option<KeyCode>, k: KeyCode) {
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        if let Some(h) = held {
            keys.press(h);
        }
        keys.press(k);
        self.app.update();
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release_all();
        keys.clear();
        self.app.update();
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("skirmish-wed-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A new level saved to `file` in a scratch folder.
fn new_at(name: &str) -> (Ed, std::path::PathBuf) {
    let file = scratch(name).join("made.ron");
    let s = open(Some(file.clone())).expect("a new level");
    (Ed::new(s), file)
}

#[test]
fn keys_pick_terrain_and_brush_and_a_click_paints_then_ctrl_z_and_ctrl_y_undo_and_redo() {
    let (mut ed, _) = new_at("paint");
    assert_eq!(ed.level().terrain(Cell::new(3, 3)), Some(Terrain::Floor));
    ed.key(None, KeyCode::Digit2);
    ed.key(None, KeyCode::BracketRight);
    assert_eq!(
        (ed.screen().tool, ed.screen().terrain, ed.screen().brush),
        (Tool::Paint, Terrain::Wall, 2)
    );
    ed.click(Cell::new(3, 3));
    // Brush 2 on a square grid: the cell and its 8 neighbours.
    let walls = |l: &EditorLevel| {
        l.map
            .iter()
            .flatten()
            .filter(|&&t| t == Terrain::Wall)
            .count()
    };
    assert_eq!(walls(ed.level()), 9);
    assert_eq!(ed.level().terrain(Cell::new(4, 4)), Some(Terrain::Wall));
    assert_eq!(ed.level().terrain(Cell::new(5, 5)), Some(Terrain::Floor));
    // The same brush again changes nothing and adds no edit to undo.
    let edits = ed.screen().editor.edits().count();
    ed.click(Cell::new(3, 3));
    assert_eq!(ed.screen().editor.edits().count(), edits);
    // Fill: the floor around the walls becomes difficult ground; the walls stay.
    ed.key(None, KeyCode::Digit3);
    ed.key(None, KeyCode::KeyF);
    ed.click(Cell::new(0, 0));
    assert_eq!(
        ed.level().terrain(Cell::new(7, 5)),
        Some(Terrain::Difficult)
    );
    assert_eq!(walls(ed.level()), 9);
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(ed.level().terrain(Cell::new(7, 5)), Some(Terrain::Floor));
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(walls(ed.level()), 0, "both edits taken back");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyY);
    assert_eq!(walls(ed.level()), 9, "the paint made again");
    // G switches the grid, the map staying as painted.
    ed.key(None, KeyCode::KeyG);
    assert_eq!(ed.level().grid, GridKind::Hex);
    assert_eq!(walls(ed.level()), 9);
}

#[test]
fn place_move_and_delete_units_with_clicks_and_keys() {
    let (mut ed, _) = new_at("place");
    ed.key(None, KeyCode::KeyU);
    let arch = ed.screen().archetype.clone();
    assert!(arch.is_some(), "flow's catalogue gives a first archetype");
    ed.click(Cell::new(1, 1));
    assert_eq!(ed.level().units.len(), 1);
    let u = &ed.level().units[0];
    assert_eq!((u.side.as_str(), u.cell), ("Red", Cell::new(1, 1)));
    assert_eq!(u.archetype, arch);
    assert_eq!(u.name, arch.clone().unwrap(), "named after its archetype");
    // A second of the same archetype is numbered; the other side by picking it.
    ed.screen_mut().side = 1;
    ed.click(Cell::new(6, 4));
    assert_eq!(ed.level().units[1].side, "Blue");
    assert_eq!(ed.level().units[1].name, format!("{} 2", arch.unwrap()));
    // A click on a unit with the place tool picks it, places nothing.
    ed.click(Cell::new(1, 1));
    assert_eq!(ed.level().units.len(), 2);
    assert_eq!(ed.screen().picked, Some(0));
    // Move: the picked unit goes to the free cell clicked.
    ed.key(None, KeyCode::KeyM);
    ed.click(Cell::new(2, 5));
    assert_eq!(ed.level().units[0].cell, Cell::new(2, 5));
    // Onto a taken cell: that unit is picked instead, nobody moves.
    ed.click(Cell::new(6, 4));
    assert_eq!(ed.screen().picked, Some(1));
    assert_eq!(ed.level().units[0].cell, Cell::new(2, 5));
    ed.key(None, KeyCode::Delete);
    assert_eq!(ed.level().units.len(), 1);
    assert_eq!(ed.screen().picked, None);
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(ed.level().units.len(), 2, "the deletion undone");
}

#[test]
fn save_is_refused_with_the_reasons_then_writes_a_level_the_loader_reads() {
    let (mut ed, file) = new_at("save");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyS);
    assert!(!file.exists(), "a level with no units is not written");
    let (msg, bad) = ed.screen().message.clone().expect("a message");
    assert!(bad);
    assert!(msg.contains("Not saved"), "{msg}");
    assert!(msg.contains("side `Red` has no units"), "{msg}");
    // The problems panel's list is the loader's, each pointing at its side.
    assert!(
        ed.screen()
            .problems
            .iter()
            .any(|p| p.target == Target::Side(0)),
        "{:?}",
        ed.screen().problems
    );
    ed.key(None, KeyCode::KeyU);
    ed.click(Cell::new(0, 0));
    ed.screen_mut().side = 1;
    ed.click(Cell::new(7, 5));
    assert_eq!(ed.screen().problems, vec![], "the level loads now");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyS);
    assert!(file.exists(), "{:?}", ed.screen().message);
    let level = skirmish_rules::level::load(&file).expect("the game's loader reads it");
    assert_eq!(level.units.len(), 2);
    assert_eq!(EditorLevel::load(&file).unwrap(), *ed.level());
}

#[test]
fn playtest_starts_the_battle_and_leaving_it_comes_back_to_the_editor_unchanged() {
    let file = repo("levels/flow-bridge.ron");
    let s = open(Some(file)).expect("a shipped level opens");
    let mut ed = Ed::new(s);
    ed.key(None, KeyCode::Digit2);
    ed.click(Cell::new(0, 0));
    let before = ed.level().clone();
    // Shift+F5: against the AI (the first side a person's).
    ed.key(Some(KeyCode::ShiftLeft), KeyCode::F5);
    assert_eq!(ed.state(), Screen::Battle);
    let b = &ed.app.world().resource::<BattleRes>().0;
    assert_eq!(b.level().name, before.name);
    assert_eq!(
        b.level()
            .sides
            .iter()
            .map(|s| s.controller)
            .collect::<Vec<_>>(),
        [Controller::Human]
            .into_iter()
            .chain(std::iter::repeat_n(Controller::Ai, before.sides.len() - 1))
            .collect::<Vec<_>>()
    );
    assert_eq!(b.level().terrain_at(Cell::new(0, 0)), Some(Terrain::Wall));
    // The battle's own way out: Esc (its menu), Q (back to the level menu).
    ed.key(None, KeyCode::Escape);
    ed.key(None, KeyCode::KeyQ);
    ed.app.update();
    assert_eq!(ed.state(), Screen::Editor);
    assert_eq!(*ed.level(), before, "the level as it was");
    assert!(ed.screen().editor.can_undo(), "its undo kept too");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_ne!(*ed.level(), before);
}

#[test]
fn a_level_with_problems_is_not_playtested() {
    let (mut ed, _) = new_at("noplay");
    ed.key(None, KeyCode::F5);
    assert_eq!(ed.state(), Screen::Editor);
    let (msg, bad) = ed.screen().message.clone().expect("a message");
    assert!(bad && msg.contains("cannot be played"), "{msg}");
}

#[test]
fn a_paint_drag_is_one_undo_step_and_a_new_drag_another() {
    let (mut ed, _) = new_at("drag");
    ed.key(None, KeyCode::Digit2);
    let row: Vec<Cell> = (0..6).map(|x| Cell::new(x, 2)).collect();
    ed.drag(&row);
    let walls = |l: &EditorLevel| {
        l.map
            .iter()
            .flatten()
            .filter(|&&t| t == Terrain::Wall)
            .count()
    };
    assert_eq!(walls(ed.level()), 6, "the drag painted six cells");
    assert_eq!(ed.screen().editor.steps(), 1, "one undo step");
    assert_eq!(ed.screen().editor.edits().count(), 6, "of six edits");
    ed.drag(&[Cell::new(0, 4), Cell::new(1, 4)]);
    assert_eq!(walls(ed.level()), 8);
    assert_eq!(ed.screen().editor.steps(), 2);
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(walls(ed.level()), 6, "the second drag undone whole");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(walls(ed.level()), 0, "the first drag undone whole");
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyY);
    assert_eq!(walls(ed.level()), 6, "redone whole");
}

#[test]
fn the_hazard_tool_puts_drags_and_takes_away_hazards_on_counters_only() {
    use skirmish::game::editor::HazardBrush;
    use skirmish_rules::level::HazardKind;
    // flow fires no hazards: H does not pick the tool, X (exits) neither.
    let (mut ed, _) = new_at("nohaz");
    ed.key(None, KeyCode::KeyH);
    assert_eq!(ed.screen().tool, Tool::Paint);
    let (msg, bad) = ed.screen().message.clone().expect("said why");
    assert!(bad && msg.contains("flow does not use hazards"), "{msg}");
    ed.key(None, KeyCode::KeyX);
    assert_eq!(ed.screen().tool, Tool::Paint);
    // counters: a drag lays three runes in one undo step; a click on one takes it away.
    let s = open(Some(repo("levels/counters-ford.ron"))).expect("a shipped counters level");
    let mut ed = Ed::new(s);
    let had = ed.level().hazards().len();
    ed.key(None, KeyCode::KeyH);
    assert_eq!(ed.screen().tool, Tool::Hazard);
    ed.screen_mut().hazard = HazardBrush {
        kind: HazardKind::MagicalBurst { radius: 2 },
        dc: 15,
        damage: "2d6".into(),
    };
    let free: Vec<Cell> = (0..ed.level().width() as i32)
        .map(|x| Cell::new(x, 0))
        .filter(|&c| ed.level().hazard_at(c).is_none())
        .take(3)
        .collect();
    assert_eq!(free.len(), 3, "three cells without a hazard on row 0");
    let steps = ed.screen().editor.steps();
    ed.drag(&free);
    assert_eq!(ed.level().hazards().len(), had + 3);
    assert_eq!(ed.screen().editor.steps(), steps + 1, "one undo step");
    let h = ed.level().hazard_at(free[1]).expect("a rune");
    assert_eq!(
        (h.kind, h.dc, h.damage.as_str()),
        (HazardKind::MagicalBurst { radius: 2 }, 15, "2d6")
    );
    ed.click(free[1]);
    assert_eq!(
        ed.level().hazard_at(free[1]),
        None,
        "the same hazard clicked: taken away"
    );
    assert_eq!(ed.screen().problems, vec![], "the loader reads the runes");
    let text = ed.level().to_ron();
    let l = skirmish_rules::level::parse(&text, "ford.ron").expect("it loads");
    assert_eq!(l.hazards.len(), had + 2);
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    ed.key(Some(KeyCode::ControlLeft), KeyCode::KeyZ);
    assert_eq!(ed.level().hazards().len(), had, "both steps undone");
}

/// A playtest of a level never saved to a file is autosaved (the autosave carries the
/// level's text as it stands in the editor) and no "Autosave failed" is said.
#[test]
fn a_playtest_of_a_level_never_saved_is_autosaved_with_its_text() {
    use skirmish::game::saves::{Autosave, list};
    let dir = scratch("autoplay");
    let file = dir.join("never-saved.ron");
    let s = open(Some(file.clone())).expect("a new level");
    let saves = dir.join("saves");
    let mut ed = Ed::open(s, Some(saves.clone()));
    ed.key(None, KeyCode::KeyU);
    ed.click(Cell::new(0, 0));
    ed.screen_mut().side = 1;
    ed.click(Cell::new(2, 0));
    assert_eq!(ed.screen().problems, vec![]);
    ed.key(None, KeyCode::F5);
    // (The playtest starts the frame after F5 is read: the state changes the next one.)
    ed.app.update();
    assert_eq!(ed.state(), Screen::Battle, "{:?}", ed.screen().message);
    assert!(!file.exists(), "the playtest writes no level file");
    // Hot-seat: the handover screen, then end the turn (Shift+Enter, Y if asked).
    let dialog = |ed: &Ed| {
        let w = ed.app.world();
        skirmish::game::dialog::open(
            &w.resource::<BattleRes>().0,
            w.resource::<skirmish::game::Session>(),
            w.resource::<View>(),
        )
    };
    for _ in 0..3 {
        ed.app.update();
    }
    if dialog(&ed) == Some(skirmish::game::dialog::Dialog::Handover) {
        ed.key(None, KeyCode::Space);
    }
    assert_eq!(dialog(&ed), None, "the board is in front of the player");
    ed.key(Some(KeyCode::ShiftLeft), KeyCode::Enter);
    if ed.app.world().resource::<View>().confirm_end.is_some() {
        ed.key(None, KeyCode::KeyY);
    }
    for _ in 0..3 {
        ed.app.update();
    }
    let b = &ed.app.world().resource::<BattleRes>().0;
    assert!(!b.history().commands.is_empty(), "a command was played");
    let auto = ed.app.world().resource::<Autosave>();
    assert!(auto.flush(std::time::Duration::from_secs(10)));
    assert_eq!(auto.failed, None, "no autosave failure");
    let msg = ed.app.world().resource::<View>().message.clone();
    assert!(
        !msg.as_ref().is_some_and(|(m, _)| m.contains("failed")),
        "{msg:?}"
    );
    let a = list::autosaves(&saves);
    assert_eq!(a.len(), 1, "one autosave");
    let text = std::fs::read_to_string(&a[0].path).unwrap();
    let save = skirmish_rules::save::Save::parse(&text).expect("it reads");
    assert_eq!(
        save.level.source,
        ed.level().to_ron(),
        "the editor's level as it stands"
    );
    assert_eq!(save.level.path, file.display().to_string());
    assert_eq!(save.commands.len(), b.history().commands.len());
    // And it loads as a save: replayed to the same battle.
    skirmish::game::saves::load_file(&a[0].path).expect("the autosave opens");
}
