//! The key map (issue 31): every key the window reads, as data. Input systems ask
//! [`KeyMap::just`] (or [`KeyMap::held`]) whether a [`Bind`] was pressed instead of naming
//! keys; help (F1) lists [`KeyMap::rows`] as they are, so a later rebinding screen (and
//! the gamepad) changes this resource and nothing else. The ruleset's action keys come
//! from the ruleset (`ActionKey::chord`); the keyless ones get Shift+1, Shift+2, … in bar
//! order ([`keyless_chord`]).
//!
//! The player may give the board's and the camera's bindings other keys (Settings,
//! Keys; saved in `settings.ron` as `keys: {"Attack": "J"}`): [`KeyMap::with_overrides`].
//!
//! A gamepad presses binds too (`gamepad`): [`KeyMap::just`] hears both.
//!
//! A leaf: it reads nothing of the game but the pad's labels.

use bevy::prelude::*;

mod rebind;
pub use rebind::parse_chord;

/// A key with the modifiers that must be held with it (exactly: Enter with Shift held is
/// not Enter).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chord {
    /// The key.
    pub key: KeyCode,
    /// Shift held.
    pub shift: bool,
    /// Ctrl held.
    pub ctrl: bool,
}

impl Chord {
    /// The key alone.
    pub const fn plain(key: KeyCode) -> Chord {
        Chord {
            key,
            shift: false,
            ctrl: false,
        }
    }

    /// Shift and the key.
    pub const fn shift(key: KeyCode) -> Chord {
        Chord {
            key,
            shift: true,
            ctrl: false,
        }
    }

    /// Ctrl and the key.
    pub const fn ctrl(key: KeyCode) -> Chord {
        Chord {
            key,
            shift: false,
            ctrl: true,
        }
    }

    /// "Shift+Tab", "Ctrl+Z", "Enter".
    pub fn label(self) -> String {
        let mut s = String::new();
        if self.ctrl {
            s.push_str("Ctrl+");
        }
        if self.shift {
            s.push_str("Shift+");
        }
        s.push_str(&key_label(self.key));
        s
    }

    /// Are its modifiers the ones held now? A fast chord (press and release within one
    /// frame) leaves the modifier "just released" rather than "pressed": both count.
    pub fn modifiers_match(self, keys: &ButtonInput<KeyCode>) -> bool {
        let held =
            |a: KeyCode, b: KeyCode| keys.any_pressed([a, b]) || keys.any_just_released([a, b]);
        held(KeyCode::ShiftLeft, KeyCode::ShiftRight) == self.shift
            && held(KeyCode::ControlLeft, KeyCode::ControlRight) == self.ctrl
    }

    /// Pressed this frame, with exactly its modifiers.
    pub fn just(self, keys: &ButtonInput<KeyCode>) -> bool {
        keys.just_pressed(self.key) && self.modifiers_match(keys)
    }

    /// Held down, with exactly its modifiers.
    pub fn held(self, keys: &ButtonInput<KeyCode>) -> bool {
        keys.pressed(self.key) && self.modifiers_match(keys)
    }
}

/// A key's name as the window shows it ("Enter", "Up", "W", "1", "F1").
pub fn key_label(k: KeyCode) -> String {
    let s = format!("{k:?}");
    match k {
        KeyCode::Enter => "Enter".into(),
        KeyCode::NumpadEnter => "Keypad Enter".into(),
        KeyCode::Space => "Space".into(),
        KeyCode::Escape => "Esc".into(),
        KeyCode::ArrowUp => "Up".into(),
        KeyCode::ArrowDown => "Down".into(),
        KeyCode::ArrowLeft => "Left".into(),
        KeyCode::ArrowRight => "Right".into(),
        KeyCode::Equal => "+".into(),
        KeyCode::Minus => "-".into(),
        KeyCode::NumpadAdd => "Keypad +".into(),
        KeyCode::NumpadSubtract => "Keypad -".into(),
        KeyCode::Slash => "/".into(),
        _ => s
            .strip_prefix("Key")
            .or_else(|| s.strip_prefix("Digit"))
            .unwrap_or(&s)
            .to_string(),
    }
}

/// Where a binding acts (help groups them so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// On the board, no dialog open.
    Board,
    /// The camera (on the board).
    Camera,
    /// In a dialog, menu or prompt.
    Dialog,
    /// The level menu.
    Levels,
    /// The replay viewer (a save stepped through).
    Viewer,
}

impl Group {
    /// Help's heading.
    pub fn title(self) -> &'static str {
        match self {
            Group::Board => "On the board",
            Group::Camera => "Camera",
            Group::Dialog => "Dialogs and prompts",
            Group::Levels => "Level menu",
            Group::Viewer => "Replay viewer",
        }
    }
}

/// Something the player asks for with a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bind {
    /// Move the cell cursor up a row.
    CursorUp,
    /// Down a row.
    CursorDown,
    /// Left a cell.
    CursorLeft,
    /// Right a cell.
    CursorRight,
    /// What a click on the cursor's cell does.
    Confirm,
    /// Cast an ability aimed at several creatures at those picked.
    CastPicked,
    /// The next valid target of the armed action (else the next unit to inspect).
    NextTarget,
    /// The previous one.
    PrevTarget,
    /// The cursor and the unit card back on the unit whose turn it is.
    Actor,
    /// Cancel what is pending, else open the menu.
    Escape,
    /// End the turn.
    EndTurn,
    /// Undo the last move.
    Undo,
    /// Save the battle (a name prompt).
    Save,
    /// The list of saves, to open one (the level menu too).
    Open,
    /// Rewind and branches: take the battle back to a command, or go back to a kept line.
    Lines,
    /// The level menu: continue the last battle (the newest autosave).
    Continue,
    /// Arm the basic attack (then Tab to an enemy and Enter, or click one).
    Attack,
    /// The next usable ability.
    NextAbility,
    /// The threat overlay.
    Threat,
    /// Help.
    Help,
    /// The minimap.
    Minimap,
    /// The win forecast window.
    Forecast,
    /// Pan the camera up (held).
    PanUp,
    /// Down.
    PanDown,
    /// Left.
    PanLeft,
    /// Right.
    PanRight,
    /// Zoom in.
    ZoomIn,
    /// Zoom out.
    ZoomOut,
    /// A reaction prompt: its first option.
    Accept,
    /// "End the turn?": yes.
    Yes,
    /// No: decline the reaction, keep playing.
    No,
    /// The handover screen: show the board.
    ShowBoard,
    /// The in-battle menu: resume.
    Resume,
    /// The in-battle menu: settings.
    OpenSettings,
    /// Restart with the same dice (in-battle menu, victory screen).
    Restart,
    /// Restart with new dice (in-battle menu).
    NewDice,
    /// The in-battle menu: back to the level menu.
    Quit,
    /// The victory screen: back to the level menu.
    Leave,
    /// Close a window (help, settings, a chooser).
    Close,
    /// Open the in-battle menu at once (no key by default: the pad's Start).
    Menu,
    /// The pad's pick on the action bar: the next entry (no key by default: the pad's
    /// right trigger).
    BarNext,
    /// The previous entry (the pad's left trigger).
    BarPrev,
    /// Take the pad's pick: arm that action, aim that ability, undo (the pad's West).
    BarTake,
    /// A reaction prompt or a choice: highlight the next option (Down; the pad's right
    /// shoulder, d-pad down).
    OptionNext,
    /// The previous option (Up; the pad's left shoulder, d-pad up).
    OptionPrev,
    /// The level menu: the level above.
    LevelUp,
    /// The level menu: the level below.
    LevelDown,
    /// The level menu: start the chosen level.
    Start,
    /// The replay viewer: a command back.
    ViewBack,
    /// A command on.
    ViewOn,
    /// To the setup.
    ViewFirst,
    /// To the end.
    ViewLast,
    /// Play or pause.
    ViewPlay,
    /// Play slower.
    ViewSlower,
    /// Play faster.
    ViewFaster,
    /// Play from here (a live battle at this point, a branch).
    ViewPlayHere,
    /// Leave the viewer (at the end).
    ViewClose,
}

/// The option keys of prompts and choosers (1-9), in order.
pub const OPTION_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// The chord of the `n`th action (0-based, in bar order) among a ruleset's actions that
/// name no key of their own: Shift+1 … Shift+9, then Shift+0; `None` past the tenth.
pub fn keyless_chord(n: usize) -> Option<Chord> {
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
    ];
    DIGITS.get(n).map(|&k| Chord::shift(k))
}

/// Every key the window reads, per [`Bind`].
#[derive(Resource, Clone, Debug)]
pub struct KeyMap {
    binds: Vec<(Bind, Vec<Chord>)>,
    /// The binds a gamepad pressed this frame (`gamepad`).
    pad_just: Vec<Bind>,
    /// The binds a gamepad holds down.
    pad_held: Vec<Bind>,
}

impl Default for KeyMap {
    fn default() -> Self {
        use Bind::*;
        use KeyCode as K;
        let p = Chord::plain;
        let s = Chord::shift;
        let binds = vec![
            (CursorUp, vec![p(K::ArrowUp), p(K::KeyW)]),
            (CursorDown, vec![p(K::ArrowDown), p(K::KeyS)]),
            (CursorLeft, vec![p(K::ArrowLeft), p(K::KeyA)]),
            (CursorRight, vec![p(K::ArrowRight), p(K::KeyD)]),
            (Confirm, vec![p(K::Enter), p(K::NumpadEnter), p(K::Space)]),
            (CastPicked, vec![p(K::Enter), p(K::NumpadEnter)]),
            (NextTarget, vec![p(K::Tab)]),
            (PrevTarget, vec![s(K::Tab)]),
            (Actor, vec![p(K::Home)]),
            (Escape, vec![p(K::Escape)]),
            (EndTurn, vec![s(K::Enter), s(K::NumpadEnter)]),
            (Undo, vec![Chord::ctrl(K::KeyZ)]),
            (Save, vec![Chord::ctrl(K::KeyS)]),
            (Open, vec![Chord::ctrl(K::KeyO)]),
            (Lines, vec![Chord::ctrl(K::KeyR)]),
            (Attack, vec![p(K::KeyZ)]),
            (NextAbility, vec![p(K::KeyM)]),
            (Threat, vec![p(K::KeyT)]),
            (Help, vec![p(K::F1), s(K::Slash)]),
            (Minimap, vec![p(K::F2)]),
            (Forecast, vec![p(K::F3)]),
            (PanUp, vec![s(K::ArrowUp), s(K::KeyW)]),
            (PanDown, vec![s(K::ArrowDown), s(K::KeyS)]),
            (PanLeft, vec![s(K::ArrowLeft), s(K::KeyA)]),
            (PanRight, vec![s(K::ArrowRight), s(K::KeyD)]),
            (ZoomIn, vec![p(K::Equal), p(K::NumpadAdd)]),
            (ZoomOut, vec![p(K::Minus), p(K::NumpadSubtract)]),
            (Accept, vec![p(K::KeyY), p(K::Enter), p(K::NumpadEnter)]),
            (Yes, vec![p(K::KeyY)]),
            (No, vec![p(K::KeyN), p(K::Escape)]),
            (ShowBoard, vec![p(K::Space)]),
            (Resume, vec![p(K::Escape), p(K::Enter)]),
            (OpenSettings, vec![p(K::KeyO)]),
            (Restart, vec![p(K::KeyR)]),
            (NewDice, vec![p(K::KeyN)]),
            (Quit, vec![p(K::KeyQ)]),
            (Leave, vec![p(K::KeyM), p(K::Escape)]),
            (Close, vec![p(K::Escape)]),
            (LevelUp, vec![p(K::ArrowUp), p(K::KeyW), s(K::Tab)]),
            (LevelDown, vec![p(K::ArrowDown), p(K::KeyS), p(K::Tab)]),
            (Start, vec![p(K::Enter), p(K::NumpadEnter)]),
            (Continue, vec![p(K::KeyC)]),
            (ViewBack, vec![p(K::ArrowLeft)]),
            (ViewOn, vec![p(K::ArrowRight)]),
            (ViewFirst, vec![p(K::Home)]),
            (ViewLast, vec![p(K::End)]),
            (ViewPlay, vec![p(K::Space)]),
            (ViewSlower, vec![p(K::ArrowDown)]),
            (ViewFaster, vec![p(K::ArrowUp)]),
            (ViewPlayHere, vec![p(K::KeyP)]),
            (ViewClose, vec![p(K::Escape)]),
            (Menu, vec![]),
            (BarNext, vec![]),
            (BarPrev, vec![]),
            (BarTake, vec![]),
            (OptionNext, vec![p(K::ArrowDown)]),
            (OptionPrev, vec![p(K::ArrowUp)]),
        ];
        KeyMap {
            binds,
            pad_just: Vec::new(),
            pad_held: Vec::new(),
        }
    }
}

impl KeyMap {
    /// The chords bound to `b` (none: it has no key).
    pub fn chords(&self, b: Bind) -> &[Chord] {
        self.binds
            .iter()
            .find(|(x, _)| *x == b)
            .map_or(&[], |(_, c)| c.as_slice())
    }

    /// Was `b` pressed this frame (one of its keys, or a gamepad button standing for it)?
    pub fn just(&self, b: Bind, keys: &ButtonInput<KeyCode>) -> bool {
        self.pad_just.contains(&b) || self.chords(b).iter().any(|c| c.just(keys))
    }

    /// Is `b` held down (a key, or a gamepad)?
    pub fn held(&self, b: Bind, keys: &ButtonInput<KeyCode>) -> bool {
        self.pad_held.contains(&b) || self.chords(b).iter().any(|c| c.held(keys))
    }

    /// The binds the gamepads press this frame and hold (`gamepad`, each frame before
    /// the input systems).
    pub fn set_pad(&mut self, just: Vec<Bind>, held: Vec<Bind>) {
        self.pad_just = just;
        self.pad_held = held;
    }

    /// Did a gamepad (not a key) press `b` this frame?
    pub fn pad_just(&self, b: Bind) -> bool {
        self.pad_just.contains(&b)
    }

    /// Did a gamepad press or hold anything last frame?
    pub fn pad_active(&self) -> bool {
        !self.pad_just.is_empty() || !self.pad_held.is_empty()
    }

    /// Its first key, as a button shows it ("Shift+Enter"; empty when it has none).
    pub fn first(&self, b: Bind) -> String {
        self.chords(b)
            .first()
            .map(|c| c.label())
            .unwrap_or_default()
    }

    /// Its keys as help shows them: "Enter / Space".
    pub fn label(&self, b: Bind) -> String {
        let v: Vec<String> = self.chords(b).iter().map(|c| c.label()).collect();
        v.join(" / ")
    }

    /// Help's table: per group, each binding's keys and pad buttons and what it does, as
    /// they are now.
    pub fn rows(&self) -> Vec<(Group, String, &'static str)> {
        self.binds
            .iter()
            .map(|(b, _)| {
                let (g, what) = about(*b);
                let keys = self.label(*b);
                let pad = crate::game::pad_buttons::pad_label(*b);
                let both = match pad {
                    Some(p) if keys.is_empty() => p,
                    Some(p) => format!("{keys} / {p}"),
                    None => keys,
                };
                (g, both, what)
            })
            .collect()
    }
}

/// Where a binding acts and what it does, in help's words.
pub fn about(b: Bind) -> (Group, &'static str) {
    use Bind::*;
    use Group::*;
    match b {
        CursorUp => (
            Board,
            "cursor up a row (on a hex grid it zig-zags by half a cell)",
        ),
        CursorDown => (Board, "cursor down a row"),
        CursorLeft => (Board, "cursor left"),
        CursorRight => (Board, "cursor right"),
        Confirm => (
            Board,
            "what a click on the cursor's cell does: move there, attack the enemy there, \
             inspect a unit, give the armed action or ability its target (after the mouse \
             moved, the first arrow, Enter or Space only shows the cursor, on the acting \
             unit)",
        ),
        CastPicked => (
            Board,
            "an ability aimed at several creatures: cast it at those picked (Space picks \
             or drops the one under the cursor)",
        ),
        NextTarget => (
            Board,
            "the cursor to the next valid target of the armed action or ability; with \
             none armed, the next unit to inspect (turn order): its card shows, it does \
             not act",
        ),
        PrevTarget => (Board, "the previous target or unit"),
        Actor => (
            Board,
            "the cursor and the card back on the unit whose turn it is",
        ),
        Escape => (
            Board,
            "cancel the armed action, the ability being aimed or the choice; with nothing \
             to cancel, the menu (restart, settings, quit). It never deselects the unit \
             whose turn it is",
        ),
        EndTurn => (
            Board,
            "end the turn (asks first while actions are left: Y ends it, N or Esc keeps \
             playing)",
        ),
        Undo => (Board, "undo a move that rolled no dice"),
        Save => (
            Board,
            "save the battle: a name to type (the level and the date offered), Enter saves; \
             every command is also autosaved (docs/saves.md); the Esc menu's Save too",
        ),
        Lines => (
            Board,
            "rewind to before a command (Up/Down, Enter), or go back to a line kept",
        ),
        Open => (
            Board,
            "open a save: the list of saves and autosaves (level, ruleset, round, date), \
             Up/Down and Enter, R to replay it (the level menu and the Esc menu too)",
        ),
        Attack => (
            Board,
            "arm the basic attack: Tab cycles the enemies it can hit, Enter attacks (a click \
             on an enemy attacks at once, armed or not)",
        ),
        NextAbility => (
            Board,
            "abilities: the next usable one (then aim it with the cursor or the pointer)",
        ),
        Threat => (Board, "threat overlay (hatched cells)"),
        Help => (Board, "this help (Esc closes it too)"),
        Minimap => (
            Board,
            "minimap (when the map is larger than the view): click or drag on it to look there",
        ),
        Forecast => (
            Board,
            "the win forecast: the rest of the battle played out 1,000 times by the AI in \
             the background (the board stays playable), each side's chance to win and who \
             is likely to fall",
        ),
        PanUp => (
            Camera,
            "pan up (held); the camera also follows the cursor when it leaves the view",
        ),
        PanDown => (Camera, "pan down"),
        PanLeft => (Camera, "pan left"),
        PanRight => (Camera, "pan right"),
        ZoomIn => (Camera, "zoom in (the wheel too)"),
        ZoomOut => (Camera, "zoom out"),
        Accept => (
            Dialog,
            "a reaction prompt or a choice: the highlighted option (the first, unless Up / \
             Down moved it; 1-9: that option)",
        ),
        OptionNext => (Dialog, "a prompt or a choice: highlight the next option"),
        OptionPrev => (Dialog, "the previous option"),
        BarNext => (
            Board,
            "the pad's pick on the action bar: the next action, ability or Undo (marked ▶)",
        ),
        BarPrev => (Board, "the pad's pick: the previous one"),
        BarTake => (
            Board,
            "take the pad's pick: arm the action, aim the ability, undo",
        ),
        Yes => (
            Dialog,
            "\"End the turn?\": end it (Enter does not: a second press is safe)",
        ),
        No => (
            Dialog,
            "a reaction prompt: decline; \"End the turn?\": keep playing",
        ),
        ShowBoard => (
            Dialog,
            "the handover screen: show the board; during the replay after it, skip it (Esc \
             too)",
        ),
        Resume => (Dialog, "the in-battle menu: resume"),
        OpenSettings => (Dialog, "the in-battle menu: the settings screen"),
        Restart => (
            Dialog,
            "the in-battle menu, the victory screen: restart, same dice",
        ),
        NewDice => (Dialog, "the in-battle menu: restart with new dice"),
        Quit => (Dialog, "the in-battle menu: back to the level menu"),
        Leave => (Dialog, "the victory screen: back to the level menu"),
        Close => (
            Dialog,
            "close help, the settings screen, a choice or the Command's words",
        ),
        LevelUp => (Levels, "the level above"),
        LevelDown => (Levels, "the level below"),
        Start => (Levels, "start the chosen level"),
        Menu => (
            Board,
            "the in-battle menu at once (Esc opens it too when nothing is pending)",
        ),
        Continue => (
            Levels,
            "continue the last battle (the newest autosave), where it stopped",
        ),
        ViewBack => (Viewer, "a command back"),
        ViewOn => (Viewer, "a command on"),
        ViewFirst => (Viewer, "to the setup (before the first command)"),
        ViewLast => (Viewer, "to the end of the save"),
        ViewPlay => (
            Viewer,
            "play or pause (a command at a time, at the speed shown)",
        ),
        ViewSlower => (Viewer, "play slower (down to a quarter of the speed)"),
        ViewFaster => (Viewer, "play faster (up to four times the speed)"),
        ViewPlayHere => (
            Viewer,
            "play from here: the battle live at this point, a branch with an autosave of its \
             own (the save keeps the original line)",
        ),
        ViewClose => (Viewer, "leave the viewer, the battle as the save ends"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_keys_do_not_collide() {
        let m = KeyMap::default();
        // Keys read in the same state must differ: the board's (but Enter is both
        // Confirm and CastPicked, which is read first while several targets are picked).
        let board: Vec<Chord> = m
            .binds
            .iter()
            .filter(|(b, _)| {
                matches!(about(*b).0, Group::Board | Group::Camera) && *b != Bind::CastPicked
            })
            .flat_map(|(_, c)| c.iter().copied())
            .collect();
        for (i, c) in board.iter().enumerate() {
            assert!(!board[i + 1..].contains(c), "{} bound twice", c.label());
        }
    }
}
