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
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .add_message::<RequestRedraw>()
            .add_message::<bevy::input::keyboard::KeyboardInput>()
            .init_state::<Screen>()
            .init_resource::<View>()
            .init_resource::<Intent>()
            .init_resource::<Replay>()
            .init_resource::<Launch>()
            .init_resource::<EguiWantsInput>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<ButtonInput<MouseButton>>()
            .insert_resource(screen)
            .add_plugins((input_plugins, headless_plugin));
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
