//! What the player chooses and the window keeps, as plain types: the settings screen's
//! group ([`Prefs`]: volume, UI scale, palette, reaction defaults), the animation speed,
//! the colour palette and the reaction policy. No systems and nothing of the window's
//! state: the files that use them (`state`, `settings`, `palette`, `map`, the settings
//! screen) all sit above this one.

use serde::{Deserialize, Serialize};

/// How a side answers reaction windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ReactPolicy {
    /// Ask the player every time.
    #[default]
    Ask,
    /// Take the option most likely to help (defend with the best chance, strike back
    /// when a reaction attack is offered; never intercept).
    Auto,
    /// Never react.
    Never,
}

impl From<skirmish_rules::save::ReactionPolicy> for ReactPolicy {
    fn from(p: skirmish_rules::save::ReactionPolicy) -> Self {
        use skirmish_rules::save::ReactionPolicy as P;
        match p {
            P::Ask => ReactPolicy::Ask,
            P::Auto => ReactPolicy::Auto,
            P::Never => ReactPolicy::Never,
        }
    }
}

impl From<ReactPolicy> for skirmish_rules::save::ReactionPolicy {
    fn from(p: ReactPolicy) -> Self {
        use skirmish_rules::save::ReactionPolicy as P;
        match p {
            ReactPolicy::Ask => P::Ask,
            ReactPolicy::Auto => P::Auto,
            ReactPolicy::Never => P::Never,
        }
    }
}

impl ReactPolicy {
    /// All, in menu order.
    pub const ALL: [ReactPolicy; 3] = [ReactPolicy::Ask, ReactPolicy::Auto, ReactPolicy::Never];

    /// Label.
    pub fn label(self) -> &'static str {
        match self {
            ReactPolicy::Ask => "Ask",
            ReactPolicy::Auto => "Auto",
            ReactPolicy::Never => "Never",
        }
    }
}

/// The settings screen's group (issue 19): sound volume, UI scale, colour palette and the
/// reaction policy human sides start with. Live in
/// [`View::prefs`](crate::game::View::prefs); a field missing from
/// the file takes its default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Master volume, 0 to 100.
    pub volume: u8,
    /// Sound off (the volume is kept for when it comes back on).
    pub muted: bool,
    /// The interface's size: 1.0, 1.25 or 1.5 (egui's zoom, token names, floating
    /// numbers).
    pub ui_scale: f32,
    /// Side colours and map marks.
    pub palette: Palette,
    /// The reaction policy each side starts a battle with (the menu can change it).
    pub reactions: ReactPolicy,
    /// Fullscreen (borderless, on the window's monitor) rather than a window.
    pub fullscreen: bool,
    /// The window's size when not fullscreen, in logical pixels (one of
    /// [`WINDOW_SIZES`] from the settings screen; a hand-edited file may say another,
    /// kept within 640×400 and 7680×4320).
    pub window_size: [u32; 2],
    /// The player's keys: a binding's name → its chord ("Attack" → "J"); the rest keep
    /// their defaults (`keymap::KeyMap::with_overrides`).
    pub keys: std::collections::BTreeMap<String, String>,
    /// Per side, by its place in the level (the first side, the second, …): a reaction
    /// prompt of a person's side set to Ask is answered by itself, as "Auto" would, when
    /// no option that rolls dice reaches this many percent (0, or a side past the list:
    /// always ask). Set in the prompt ("answer by itself … below N%", issue 31 item 10).
    pub auto_below: Vec<u8>,
}

/// The window sizes the settings screen offers.
pub const WINDOW_SIZES: [[u32; 2]; 4] = [[1024, 640], [1280, 800], [1600, 1000], [1920, 1080]];

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            volume: 70,
            muted: false,
            ui_scale: 1.0,
            palette: Palette::Default,
            reactions: ReactPolicy::Ask,
            fullscreen: false,
            window_size: [1280, 800],
            keys: std::collections::BTreeMap::new(),
            auto_below: Vec::new(),
        }
    }
}

/// The UI scales offered.
pub const UI_SCALES: [f32; 3] = [1.0, 1.25, 1.5];

impl Prefs {
    /// The UI scale, snapped to the nearest offered one (a hand-edited file may say
    /// anything).
    pub fn scale(&self) -> f32 {
        UI_SCALES
            .into_iter()
            .min_by(|a, b| {
                (a - self.ui_scale)
                    .abs()
                    .total_cmp(&(b - self.ui_scale).abs())
            })
            .unwrap_or(1.0)
    }

    /// The window's size, kept within what a screen can hold.
    pub fn size(&self) -> (u32, u32) {
        (
            self.window_size[0].clamp(640, 7680),
            self.window_size[1].clamp(400, 4320),
        )
    }

    /// The long-shot threshold of the side at `index` as a chance (0..1; 0: always
    /// asked), from [`Prefs::auto_below`] (the prompt offers up to 90%; a hand-edited
    /// file may say up to 100).
    pub fn threshold(&self, index: usize) -> f64 {
        f64::from(self.auto_below.get(index).copied().unwrap_or(0).min(100)) / 100.0
    }

    /// The linear volume sounds play at (0 when muted).
    pub fn gain(&self) -> f32 {
        if self.muted {
            0.0
        } else {
            f32::from(self.volume.min(100)) / 100.0
        }
    }
}

/// How fast the board animates (Settings): a move's cells a second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AnimSpeed {
    /// 2 cells a second.
    Slow,
    /// 6 cells a second.
    #[default]
    Normal,
    /// 16 cells a second.
    Fast,
    /// No animation: units jump, nothing lunges or fades.
    Instant,
}

impl AnimSpeed {
    /// All of them, for the settings.
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Slow,
        AnimSpeed::Normal,
        AnimSpeed::Fast,
        AnimSpeed::Instant,
    ];

    /// The speed named by its label.
    pub fn parse(s: &str) -> Option<AnimSpeed> {
        AnimSpeed::ALL.into_iter().find(|a| a.label() == s.trim())
    }

    /// Its name in the settings.
    pub fn label(self) -> &'static str {
        match self {
            AnimSpeed::Slow => "slow",
            AnimSpeed::Normal => "normal",
            AnimSpeed::Fast => "fast",
            AnimSpeed::Instant => "instant",
        }
    }

    /// How much faster than normal it plays (1 for instant: nothing plays).
    pub fn factor(self) -> f32 {
        self.cells_per_second().map_or(1.0, |s| s / 6.0)
    }

    /// Cells a second (`None`: instant).
    pub(super) fn cells_per_second(self) -> Option<f32> {
        match self {
            AnimSpeed::Slow => Some(2.0),
            AnimSpeed::Normal => Some(6.0),
            AnimSpeed::Fast => Some(16.0),
            AnimSpeed::Instant => None,
        }
    }
}

/// Which colours the window uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    /// Each side's colour as its level gives it.
    #[default]
    Default,
    /// Colours told apart with deuteranopia or protanopia (red–green colour blindness).
    ColourBlind,
    /// Bright saturated colours on the dark board.
    HighContrast,
}

impl Palette {
    /// All, in the settings screen's order.
    pub const ALL: [Palette; 3] = [
        Palette::Default,
        Palette::ColourBlind,
        Palette::HighContrast,
    ];

    /// Its name on the settings screen.
    pub fn label(self) -> &'static str {
        match self {
            Palette::Default => "Default",
            Palette::ColourBlind => "Colour-blind safe",
            Palette::HighContrast => "High contrast",
        }
    }

    /// What it is for (the settings screen's hover text).
    pub fn about(self) -> &'static str {
        match self {
            Palette::Default => "each side in its level's colour",
            Palette::ColourBlind => {
                "deuteranopia/protanopia safe: blue, orange, bluish green, reddish purple"
            }
            Palette::HighContrast => "bright yellow, cyan, magenta, white on the dark board",
        }
    }
}
