//! Dialogs take the input (issue 31, blocker 1): with a dialog, menu or prompt open, a
//! click on the board beside it and the board's keys play nothing. The window's own
//! `input` and `act` plugins run on a headless app (no window, renderer or egui); the
//! tests press mouse buttons and keys into its `ButtonInput`s, as winit would, with the
//! pointer over a board cell (`View::hovered`), and read the battle's event log.

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::RequestRedraw;
use bevy_egui::input::EguiWantsInput;
use skirmish::game::act::{ActionKey, Pending};
use skirmish::game::dialog::{self, Dialog};
use skirmish::game::replay::Replay;
use skirmish::game::{BattleRes, Intent, ReactPolicy, Screen, Session, View, input_plugins};
use skirmish_rules::Status;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::engine::Command;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Controller;
use skirmish_rules::rulesets::ui::Choice;

use crate::support::d20::duel;

/// The battle screen's input on a headless app: tactical-d20, Corwin (Red) next to Grub
/// (Blue), Corwin to act, both sides played here (hot-seat) and the board in front of
/// Red. Shift+Enter ends a turn without asking ("End the turn?" is opened by hand).
pub(super) struct Board {
    pub(super) app: App,
    pub(super) corwin: UnitId,
    /// Grub's cell: a click there attacks him.
    pub(super) enemy: Cell,
    /// The cell behind Corwin: a click there moves him away from Grub (provoking).
    pub(super) away: Cell,
}

impl Board {
    pub(super) fn new() -> Board {
        Board::with(duel(GridKind::Square, &[]))
    }

    /// The same on another battle with a Corwin and a Grub, Corwin to act.
    pub(super) fn with(b: skirmish_rules::Battle) -> Board {
        let corwin = b.find("Corwin").expect("Corwin");
        let grub = b.find("Grub").expect("Grub");
        let (c, e) = (b.pos(corwin), b.pos(grub));
        let away = Cell::new(2 * c.x - e.x, 2 * c.y - e.y);
        let session = Session {
            level: b.level().clone(),
            seed: 7,
            policies: vec![ReactPolicy::Ask; 2],
            controllers: vec![Controller::Human; 2],
            commands: Vec::new(),
            marks: Vec::new(),
            viewer: Some(SideId(0)),
            logged: 0,
            event_log: None,
            generation: 0,
            confirm_end_turn: false,
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
            .insert_resource(BattleRes(b))
            .insert_resource(session)
            .add_plugins(input_plugins);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Battle);
        app.update();
        let mut board = Board {
            app,
            corwin,
            enemy: e,
            away,
        };
        board.frame();
        assert_eq!(board.battle().current(), Some(corwin));
        assert_eq!(board.dialog(), None, "nothing open at the start");
        board
    }

    pub(super) fn frame(&mut self) {
        self.app.update();
    }

    pub(super) fn battle(&self) -> &skirmish_rules::Battle {
        &self.app.world().resource::<BattleRes>().0
    }

    pub(super) fn seen(&self) -> &View {
        self.app.world().resource::<View>()
    }

    pub(super) fn view(&mut self) -> Mut<'_, View> {
        self.app.world_mut().resource_mut::<View>()
    }

    pub(super) fn session(&mut self) -> Mut<'_, Session> {
        self.app.world_mut().resource_mut::<Session>()
    }

    pub(super) fn dialog(&self) -> Option<Dialog> {
        let w = self.app.world();
        dialog::open(
            &w.resource::<BattleRes>().0,
            w.resource::<Session>(),
            w.resource::<View>(),
        )
    }

    /// Events in the battle's log, and commands the window submitted.
    pub(super) fn played(&self) -> (usize, usize) {
        let w = self.app.world();
        (
            w.resource::<BattleRes>().0.log().len(),
            w.resource::<Session>().commands.len(),
        )
    }

    /// A left click with the pointer over `cell` (one frame, then the button is up).
    pub(super) fn click(&mut self, cell: Cell) {
        self.view().hovered = Some(cell);
        self.press_button(MouseButton::Left);
    }

    pub(super) fn press_button(&mut self, b: MouseButton) {
        self.app
            .world_mut()
            .resource_mut::<ButtonInput<MouseButton>>()
            .press(b);
        self.frame();
        let mut m = self
            .app
            .world_mut()
            .resource_mut::<ButtonInput<MouseButton>>();
        m.release(b);
        m.clear();
    }

    /// A key pressed for one frame, then up.
    pub(super) fn key(&mut self, k: KeyCode) {
        self.app
            .world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(k);
        self.frame();
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(k);
        keys.clear();
    }

    /// `k` pressed `n` times within one frame (a slow frame under load): `n` press
    /// messages, as the window gets them, and the key down in `ButtonInput` once.
    pub(super) fn presses_in_one_frame(&mut self, k: KeyCode, n: usize) {
        let window = Entity::PLACEHOLDER;
        for _ in 0..n {
            for state in [
                bevy::input::ButtonState::Pressed,
                bevy::input::ButtonState::Released,
            ] {
                self.app
                    .world_mut()
                    .write_message(bevy::input::keyboard::KeyboardInput {
                        key_code: k,
                        logical_key: bevy::input::keyboard::Key::Unidentified(
                            bevy::input::keyboard::NativeKey::Unidentified,
                        ),
                        state,
                        text: None,
                        repeat: false,
                        window,
                    });
            }
        }
        self.key(k);
    }

    /// `k` pressed with `held` down (Shift, Ctrl), one frame, then all up.
    pub(super) fn chord(&mut self, held: KeyCode, k: KeyCode) {
        self.app
            .world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(held);
        self.key(k);
        let mut keys = self.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(held);
        keys.clear();
    }

    /// Shift+Enter: end the turn.
    pub(super) fn end_turn(&mut self) {
        self.chord(KeyCode::ShiftLeft, KeyCode::Enter);
    }
}

/// The control: with nothing open, a click on Grub attacks him, and Shift+Enter ends the
/// turn (so the clicks and keys the other tests make would be played).
#[test]
fn with_no_dialog_open_a_click_on_an_enemy_attacks_and_shift_enter_ends_the_turn() {
    let mut t = Board::new();
    let before = t.played();
    t.click(t.enemy);
    let after = t.played();
    assert_eq!(after.1, before.1 + 1, "the click submitted a command");
    let attacked = t.battle().log()[before.0..].iter().any(|l| {
        matches!(l.event, skirmish_rules::event::Event::Attack { attacker, .. } if attacker == t.corwin)
    });
    assert!(attacked, "Corwin attacked Grub");

    let mut t = Board::new();
    t.end_turn();
    assert_eq!(t.played().1, 1, "Shift+Enter ended the turn");
    assert_ne!(t.battle().current(), Some(t.corwin));
}

/// With the Esc menu, the settings screen, help or the Command's words open, a click on
/// Grub and a click on the cell behind Corwin play nothing, nor do Enter, Tab or Ctrl+Z;
/// the dialog stays open (Enter closes only the menu, its own key).
#[test]
fn a_click_or_a_board_key_beside_a_menu_or_window_plays_nothing() {
    for want in [Dialog::Menu, Dialog::Settings, Dialog::Help, Dialog::Words] {
        let mut t = Board::new();
        let command = ActionKey::named(t.battle(), "Command").expect("tactical-d20's Command");
        let mut v = t.view();
        match want {
            Dialog::Menu => v.battle_menu = true,
            Dialog::Settings => v.settings_open = true,
            Dialog::Help => v.help = true,
            _ => {
                v.pending = Some(Pending(command));
                v.say = Some(String::new());
            }
        }
        assert_eq!(t.dialog(), Some(want));
        let before = t.played();
        t.click(t.enemy);
        t.click(t.away);
        t.press_button(MouseButton::Right);
        assert_eq!(t.played(), before, "{want:?}: a click went through");
        assert_eq!(t.dialog(), Some(want), "{want:?}: a click closed it");
        assert_eq!(
            t.seen().selected,
            Some(t.corwin),
            "{want:?}: a right click deselected"
        );
        t.key(KeyCode::Tab);
        t.key(KeyCode::KeyT);
        t.app
            .world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(KeyCode::ControlLeft);
        t.key(KeyCode::KeyZ);
        let mut keys = t.app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(KeyCode::ControlLeft);
        keys.clear();
        t.end_turn();
        t.key(KeyCode::Enter);
        assert_eq!(t.played(), before, "{want:?}: a board key went through");
        assert!(!t.seen().threat, "{want:?}: T reached the board");
        assert_eq!(
            t.seen().selected,
            Some(t.corwin),
            "{want:?}: Tab reached the board"
        );
        assert_eq!(t.battle().current(), Some(t.corwin));
        if want == Dialog::Menu {
            assert_eq!(t.dialog(), None, "Enter is the menu's Resume");
        } else {
            assert_eq!(
                t.dialog(),
                Some(want),
                "{want:?} closed by a key not its own"
            );
        }
    }
}

/// "End the turn?" and a chooser are questions about the board: a click on the board
/// closes them and plays nothing (not the attack, not the chooser's command); Enter while
/// they are open ends no turn.
#[test]
fn a_click_on_the_board_closes_end_the_turn_and_a_chooser_without_playing() {
    for want in [Dialog::ConfirmEnd, Dialog::Chooser] {
        let mut t = Board::new();
        let corwin = t.corwin;
        match want {
            Dialog::ConfirmEnd => t.view().confirm_end = Some(corwin),
            _ => {
                t.view().chooser = Some(Choice {
                    title: "Which?".into(),
                    options: vec![("End the turn".into(), Command::EndTurn { unit: corwin })],
                })
            }
        }
        assert_eq!(t.dialog(), Some(want));
        let before = t.played();
        t.key(KeyCode::Enter);
        assert_eq!(t.played(), before, "{want:?}: Enter went through");
        assert_eq!(t.dialog(), Some(want), "{want:?}: Enter closed it");
        t.click(t.enemy);
        assert_eq!(t.played(), before, "{want:?}: the click attacked");
        assert_eq!(t.dialog(), None, "{want:?}: the click did not close it");
        assert_eq!(t.battle().current(), Some(corwin));
    }
}

/// Hot-seat: while the handover screen hides the board, a click on the board and the
/// board's keys play nothing; Space shows it. Then a reaction prompt takes the input (Grub
/// steps away from Corwin, who may strike): a click on the board, a right click or Tab
/// plays nothing, N answers it.
#[test]
fn behind_the_handover_screen_and_a_reaction_prompt_the_board_hears_nothing() {
    let mut t = Board::new();
    t.end_turn();
    let grub = t.battle().find("Grub").expect("Grub");
    assert_eq!(t.battle().current(), Some(grub));
    assert_eq!(
        t.dialog(),
        Some(Dialog::Handover),
        "Blue's turn, Red at the screen"
    );
    let before = t.played();
    let corwin_cell = t.battle().pos(t.corwin);
    t.click(corwin_cell);
    t.key(KeyCode::Enter);
    t.end_turn();
    t.key(KeyCode::Tab);
    assert_eq!(
        t.played(),
        before,
        "a click or a key went through the handover screen"
    );
    t.key(KeyCode::Space);
    assert_eq!(
        t.session().viewer,
        Some(SideId(1)),
        "Space shows Blue the board"
    );
    assert_eq!(t.dialog(), None);
    // Two squares back (a move, not a 5-foot step) out of Corwin's reach.
    let (g, c) = (t.enemy, corwin_cell);
    t.click(Cell::new(3 * g.x - 2 * c.x, 3 * g.y - 2 * c.y));
    assert_eq!(
        t.battle().status(),
        Status::AwaitingReaction(t.corwin),
        "Grub's move provokes Corwin"
    );
    assert_eq!(
        t.dialog(),
        Some(Dialog::Handover),
        "Red decides: the board hides"
    );
    t.key(KeyCode::Space);
    assert_eq!(t.dialog(), Some(Dialog::Reaction));
    let before = t.played();
    t.click(corwin_cell);
    t.press_button(MouseButton::Right);
    t.key(KeyCode::Tab);
    assert_eq!(
        t.played(),
        before,
        "a click or a board key answered the prompt"
    );
    assert_eq!(t.dialog(), Some(Dialog::Reaction));
    t.key(KeyCode::KeyN);
    assert_eq!(t.played().1, before.1 + 1, "N declined the reaction");
    assert_ne!(t.battle().status(), Status::AwaitingReaction(t.corwin));
}

/// What opens which dialog, and which is on top when several are.
#[test]
fn the_open_dialog_is_the_one_on_top() {
    let mut t = Board::new();
    t.view().help = true;
    assert_eq!(t.dialog(), Some(Dialog::Help));
    t.view().battle_menu = true;
    assert_eq!(t.dialog(), Some(Dialog::Menu), "the menu draws over help");
    t.view().settings_open = true;
    assert_eq!(t.dialog(), Some(Dialog::Settings));
    t.session().viewer = None;
    assert_eq!(
        t.dialog(),
        Some(Dialog::Handover),
        "the handover screen covers all"
    );
    t.session().viewer = Some(SideId(0));
    {
        let mut v = t.view();
        v.help = false;
        v.battle_menu = false;
        v.settings_open = false;
        // The Command's words without its action: no window is drawn, none takes input.
        v.say = Some(String::new());
    }
    assert_eq!(t.dialog(), None);
    assert!(Dialog::ConfirmEnd.closed_by_board_click() && Dialog::Chooser.closed_by_board_click());
    assert!(!Dialog::Menu.closed_by_board_click() && !Dialog::Reaction.closed_by_board_click());
}

/// The side panel's buttons write the frame's intent from the egui pass, as End turn,
/// Trip and Undo do here: with a dialog on top they act on nothing (`dialog::
/// keep_to_the_dialog`), with none they act (the control).
#[test]
fn the_side_panels_buttons_act_on_nothing_under_a_dialog() {
    fn press_panel(t: &mut Board, trip: ActionKey, what: &str) {
        let mut i = t.app.world_mut().resource_mut::<Intent>();
        match what {
            "end" => i.end_turn = true,
            "trip" => i.action = Some(trip),
            _ => i.undo = true,
        }
        t.frame();
    }
    // The control: End turn ends it, Trip arms itself.
    let mut t = Board::new();
    let trip = ActionKey::named(t.battle(), "Trip").expect("tactical-d20's Trip");
    press_panel(&mut t, trip, "trip");
    assert_eq!(t.seen().pending, Some(Pending(trip)), "Trip armed");
    press_panel(&mut t, trip, "end");
    assert_eq!(t.played().1, 1, "End turn ended the turn");
    assert_ne!(t.battle().current(), Some(t.corwin));

    for want in [
        Dialog::Menu,
        Dialog::Settings,
        Dialog::Help,
        Dialog::Words,
        Dialog::ConfirmEnd,
        Dialog::Chooser,
        Dialog::Files,
    ] {
        let mut t = Board::new();
        let corwin = t.corwin;
        let command = ActionKey::named(t.battle(), "Command").expect("tactical-d20's Command");
        let mut v = t.view();
        match want {
            Dialog::Menu => v.battle_menu = true,
            Dialog::Settings => v.settings_open = true,
            Dialog::Help => v.help = true,
            Dialog::ConfirmEnd => v.confirm_end = Some(corwin),
            Dialog::Files => v.files_open = true,
            Dialog::Chooser => {
                v.chooser = Some(Choice {
                    title: "Which?".into(),
                    options: vec![("End the turn".into(), Command::EndTurn { unit: corwin })],
                })
            }
            _ => {
                v.pending = Some(Pending(command));
                v.say = Some(String::new());
            }
        }
        assert_eq!(t.dialog(), Some(want));
        let before = t.played();
        let pending = t.seen().pending;
        for what in ["end", "trip", "undo"] {
            press_panel(&mut t, trip, what);
            assert_eq!(
                t.played(),
                before,
                "{want:?}: the panel's {what} went through"
            );
            assert_eq!(
                t.seen().pending,
                pending,
                "{want:?}: {what} armed an action"
            );
            assert_eq!(t.dialog(), Some(want), "{want:?}: {what} closed it");
        }
        assert_eq!(t.battle().current(), Some(corwin));
    }
}
