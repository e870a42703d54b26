//! Rebinding (Settings, Keys; `keys: {"Attack": "J"}` in `settings.ron`): the keys a
//! binding may be given, a chord read back from its label, and the defaults with the
//! player's keys ([`KeyMap::with_overrides`]).

use bevy::prelude::*;

use super::{Bind, Chord, Group, KeyMap, about, key_label};

/// The keys a rebinding may name (their labels are what settings files hold).
const NAMED_KEYS: [KeyCode; 62] = {
    use KeyCode::*;
    [
        KeyA,
        KeyB,
        KeyC,
        KeyD,
        KeyE,
        KeyF,
        KeyG,
        KeyH,
        KeyI,
        KeyJ,
        KeyK,
        KeyL,
        KeyM,
        KeyN,
        KeyO,
        KeyP,
        KeyQ,
        KeyR,
        KeyS,
        KeyT,
        KeyU,
        KeyV,
        KeyW,
        KeyX,
        KeyY,
        KeyZ,
        Digit0,
        Digit1,
        Digit2,
        Digit3,
        Digit4,
        Digit5,
        Digit6,
        Digit7,
        Digit8,
        Digit9,
        F1,
        F2,
        F3,
        F4,
        F5,
        F6,
        F7,
        F8,
        F9,
        F10,
        F11,
        F12,
        Enter,
        NumpadEnter,
        Space,
        Escape,
        Tab,
        Home,
        End,
        ArrowUp,
        ArrowDown,
        ArrowLeft,
        ArrowRight,
        Equal,
        Minus,
        Slash,
    ]
};

/// A chord from its label ("Shift+Tab", "Ctrl+Z", "J", "F3"): what [`Chord::label`]
/// writes, read back (`None`: not a key the window knows).
pub fn parse_chord(s: &str) -> Option<Chord> {
    let mut c = Chord::plain(KeyCode::Escape);
    let mut rest = s.trim();
    loop {
        if let Some(r) = rest.strip_prefix("Ctrl+") {
            c.ctrl = true;
            rest = r;
        } else if let Some(r) = rest.strip_prefix("Shift+") {
            c.shift = true;
            rest = r;
        } else {
            break;
        }
    }
    c.key = NAMED_KEYS.into_iter().find(|k| key_label(*k) == rest)?;
    Some(c)
}

impl Bind {
    /// Its name in a settings file ("Attack", "CursorLeft").
    pub fn name(self) -> String {
        format!("{self:?}")
    }

    /// May the player give it other keys (Settings, Keys)? The board's and the camera's
    /// bindings; dialogs and the level menu keep theirs.
    pub fn rebindable(self) -> bool {
        matches!(about(self).0, Group::Board | Group::Camera) && self != Bind::CastPicked
    }
}

impl KeyMap {
    /// Every binding, in help's order.
    pub fn binds(&self) -> impl Iterator<Item = Bind> + '_ {
        self.binds.iter().map(|(b, _)| *b)
    }

    /// The defaults with the player's keys (`overrides`: a binding's name → its chord's
    /// label, from the settings file): each names the one chord of that binding. What
    /// cannot be used is left out and said (an unknown binding or key, one that is not
    /// rebindable, a chord another board binding has, a chord in `taken`: the rulesets'
    /// action keys, `act::ruleset_chords`).
    pub fn with_overrides(
        overrides: &std::collections::BTreeMap<String, String>,
        taken: &[Chord],
    ) -> (KeyMap, Vec<String>) {
        let mut map = KeyMap::default();
        let mut problems = Vec::new();
        for (name, label) in overrides {
            let Some(b) = map.binds().find(|b| b.name() == *name) else {
                problems.push(format!("no key binding is called {name}"));
                continue;
            };
            let Some(c) = parse_chord(label) else {
                problems.push(format!("{name}: {label:?} is not a key the game knows"));
                continue;
            };
            if !b.rebindable() {
                problems.push(format!("{name} keeps its keys"));
                continue;
            }
            if taken.contains(&c) {
                problems.push(format!("{name}: {} is a ruleset's action key", c.label()));
                continue;
            }
            if let Some(other) = map.clash(b, c) {
                problems.push(format!(
                    "{name}: {} is already {}'s key",
                    c.label(),
                    other.name()
                ));
                continue;
            }
            if let Some(slot) = map.binds.iter_mut().find(|(x, _)| *x == b) {
                slot.1 = vec![c];
            }
        }
        (map, problems)
    }

    /// The board or camera binding other than `b` that `c` already belongs to.
    pub fn clash(&self, b: Bind, c: Chord) -> Option<Bind> {
        self.binds
            .iter()
            .filter(|(x, _)| *x != b && x.rebindable())
            .find(|(_, cs)| cs.contains(&c))
            .map(|(x, _)| *x)
    }
}
