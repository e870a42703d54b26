//! What the window shows of a ruleset, as plain data: the action bar ([`ActionSpec`]: label,
//! key, what it targets, the command it makes), choices before a command goes in
//! ([`Choice`]), the budget on the unit card ([`Gauge`]), the price of an attack
//! ([`AttackPrice`]), fixed words ([`WindowWords`]) and condition badges. Each ruleset
//! lists its own in its folder (`<id>/ui.rs`, where it implements [`crate::rulesets::View`]);
//! the window reads them through that trait and names no ruleset.

use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId, WeaponTag};
use crate::engine::{Action, Command};
use crate::grid::Cell;

/// A keyboard key a ruleset can name without a renderer: a digit or a letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// `0` to `9`.
    Digit(u8),
    /// `'A'` to `'Z'` (upper case).
    Letter(char),
}

impl Key {
    /// Is it a key the window has: a digit 0-9 or an upper-case letter A-Z?
    pub fn valid(self) -> bool {
        match self {
            Key::Digit(d) => d <= 9,
            Key::Letter(c) => c.is_ascii_uppercase(),
        }
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Key::Digit(d) => write!(f, "{d}"),
            Key::Letter(c) => write!(f, "{c}"),
        }
    }
}

/// Letters the window keeps for itself while a unit acts (A, D, S and W move the cell
/// cursor, T toggles the threat overlay, M picks the next ability, Z arms the basic
/// attack; the window's key map,
/// `src/game/keymap.rs`, lists every key it reads): no action may use them. An action
/// with no key gets Shift+1, Shift+2, … from the window, in the list's order.
pub const WINDOW_KEYS: [Key; 7] = [
    Key::Letter('Z'),
    Key::Letter('A'),
    Key::Letter('D'),
    Key::Letter('S'),
    Key::Letter('W'),
    Key::Letter('T'),
    Key::Letter('M'),
];

/// What an action needs from the player before its command is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Nothing: it acts at once.
    None,
    /// A click on a unit; the words say which ("an enemy", "an adjacent ally").
    Unit(&'static str),
    /// A click on a cell; the words say which ("a cell", "a free adjacent cell").
    Cell(&'static str),
    /// Typed words in a text field.
    Words {
        /// Most words allowed.
        max_words: usize,
        /// The field's one-line explanation.
        prompt: &'static str,
        /// Example words shown in the empty field.
        hint: &'static str,
    },
}

impl Target {
    /// What to click, for a unit or cell target ("an enemy").
    pub fn click(self) -> Option<&'static str> {
        match self {
            Target::Unit(w) | Target::Cell(w) => Some(w),
            Target::None | Target::Words { .. } => None,
        }
    }
}

/// What the player picked for an action's [`Target`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing (an action that acts at once).
    Nothing,
    /// The unit clicked.
    Unit(UnitId),
    /// The cell clicked.
    Cell(Cell),
    /// The words typed.
    Words(String),
}

impl Pick {
    /// The unit picked, if a unit was.
    pub fn unit(&self) -> Option<UnitId> {
        match self {
            Pick::Unit(u) => Some(*u),
            _ => None,
        }
    }

    /// The cell picked, if a cell was.
    pub fn cell(&self) -> Option<Cell> {
        match self {
            Pick::Cell(c) => Some(*c),
            _ => None,
        }
    }

    /// The words typed, if any were.
    pub fn words(&self) -> Option<&str> {
        match self {
            Pick::Words(w) => Some(w),
            _ => None,
        }
    }
}

/// One button of the action bar.
#[derive(Debug)]
pub struct ActionSpec {
    /// The button's label ("Feint"); unique within a ruleset's list.
    pub label: &'static str,
    /// Its shortcut, unique within the list and none of [`WINDOW_KEYS`]. `None`: no key
    /// of its own; the window gives it Shift+1, Shift+2, … in the list's order.
    pub key: Option<Key>,
    /// What the player picks before the command is made.
    pub target: Target,
    /// The command for the acting unit and what was picked (`None` when the pick is not
    /// of the kind `target` asks for). Choices still open (which item) take their
    /// default here; [`crate::rulesets::View::choice`] offers the others.
    pub build: fn(&Battle, UnitId, &Pick) -> Option<Command>,
}

/// `Command::Act` for `unit`.
pub fn act(unit: UnitId, action: impl Into<Action>) -> Command {
    Command::Act {
        unit,
        action: action.into(),
    }
}

/// A choice the player makes before a command goes in (which focus, which item).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The question.
    pub title: String,
    /// Each answer and the command it submits.
    pub options: Vec<(String, Command)>,
}

/// What a unit has left, as the unit card shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Gauge {
    /// A row of `count` pips.
    Pips {
        /// What is counted ("AP", "Standard").
        label: &'static str,
        /// How many are left.
        count: i32,
        /// What kind of budget it is (the window picks the colour).
        tone: Tone,
    },
    /// A line of words ("3 movement left from this Advance").
    Note(String),
}

/// The kind of budget a [`Gauge`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// What actions are paid with (AP, action slots).
    Action,
    /// What reactions are paid with.
    Reaction,
    /// Anything else (flow points).
    Other,
}

/// What a ruleset draws on a unit's token on the map, beside the HP bar and the
/// condition badges ([`crate::rulesets::View::token_marks`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TokenMarks {
    /// The neighbour direction the unit faces (0 east, clockwise:
    /// [`crate::components::Facing`]), when facing counts in this ruleset; `None`: no
    /// arrow.
    pub facing: Option<usize>,
    /// The wounds it carries (a numbered mark when more than 0).
    pub wounds: i32,
    /// The reactions it has left of its most, as pips under the token ("Free Hit
    /// Slots", left, most); `None`: none drawn.
    pub reactions: Option<(&'static str, i32, i32)>,
    /// How the unit, out of the fight, left the battle when it did not fall: the word its
    /// token and card show instead of "down" or "dead" (melee-zone's Flee by an exit:
    /// "fled"); `None`: it fell, or it is still up.
    pub left: Option<&'static str>,
}

/// What clicking an enemy would cost now, for the hover card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttackPrice {
    /// The price, which can be paid ("2 AP", "Standard action").
    Pays(String),
    /// The price, and why it cannot be paid now; the odds are still shown.
    Short {
        /// The price ("2 AP").
        price: String,
        /// Why not ("not enough AP (1 left)").
        why: String,
    },
    /// No attack can be paid for now: only this reason is shown.
    Cannot(String),
}

/// Fixed words the window shows for a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowWords {
    /// The action bar's first line: what clicking a cell or an enemy does.
    pub clicks: &'static str,
    /// The button that takes a carried weapon in hand, with its price.
    pub draw: &'static str,
    /// The button that puts a held weapon away, with its price.
    pub sheathe: &'static str,
}

/// Items a unit holds that can change hands (natural weapons cannot), in loadout order.
pub fn own_items(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.weapons(u).len())
        .filter(|&i| b.held(u, i) && !b.weapons(u)[i].has(WeaponTag::Natural))
        .collect()
}

/// [`own_items`] with `first` moved to the front.
pub fn items_first(b: &Battle, owner: UnitId, first: Option<usize>) -> Vec<usize> {
    let mut v = own_items(b, owner);
    if let Some(f) = first
        && let Some(p) = v.iter().position(|i| *i == f)
    {
        v.remove(p);
        v.insert(0, f);
    }
    v
}

/// "Which item?" over `items` of `owner`, each answer the command `make` gives for it
/// (`None` with fewer than two items: nothing to choose).
pub fn item_choice(
    title: String,
    items: Vec<usize>,
    label: impl Fn(usize) -> String,
    make: impl Fn(usize) -> Command,
) -> Option<Choice> {
    (items.len() >= 2).then(|| Choice {
        title,
        options: items.into_iter().map(|i| (label(i), make(i))).collect(),
    })
}

/// How near an enemy must come to spring a readied (flow) or waited (tactical-d20) shot:
/// the longest first range increment (no penalty) of a ranged weapon in hand, else the
/// reach `u` threatens; at least 1.
pub fn shot_cells(b: &Battle, u: UnitId) -> u32 {
    (0..b.weapons(u).len())
        .filter(|&i| b.held(u, i) && b.weapons(u)[i].kind == crate::components::WeaponKind::Ranged)
        .map(|i| b.weapons(u)[i].range)
        .max()
        .unwrap_or_else(|| b.threat_reach(u))
        .max(1)
}

/// The badge a condition shows on the map and the unit card (the same letters for every
/// ruleset so far; a ruleset may answer with its own).
pub fn badge(k: ConditionKind) -> &'static str {
    match k {
        ConditionKind::Prone => "P",
        ConditionKind::Grappled => "G",
        ConditionKind::Grappling => "g",
        ConditionKind::Bleeding => "B",
        ConditionKind::Stunned => "S",
        ConditionKind::Surprised => "!",
        ConditionKind::TotalDefense => "D",
        ConditionKind::Feinted => "F",
        ConditionKind::Restrained => "R",
        ConditionKind::Unconscious => "U",
        ConditionKind::Dying => "X",
        ConditionKind::Dead => "†",
        ConditionKind::Blind => "Bl",
        ConditionKind::Confused => "?",
        ConditionKind::Crippled => "Cr",
        ConditionKind::Encumbered => "E",
        ConditionKind::Fatigued => "Fa",
        ConditionKind::Frightened => "Fr",
        ConditionKind::Nauseated => "N",
        ConditionKind::Writhing => "W",
        ConditionKind::Cover => "C",
        ConditionKind::Defending => "D",
        ConditionKind::Guarding => "Gd",
        ConditionKind::FocusAttack | ConditionKind::FocusDefence | ConditionKind::FocusSkills => {
            "+1"
        }
        ConditionKind::Assisted => "A",
        ConditionKind::Charging => "Ch",
        ConditionKind::Concentrating => "Co",
        ConditionKind::Waiting => "Wt",
        ConditionKind::PsionicFocus => "Ψ",
        ConditionKind::Dehydrated => "Dh",
        ConditionKind::Soaked => "So",
        ConditionKind::Dazed => "Dz",
        ConditionKind::Enervated => "En",
        ConditionKind::Grabbed => "Gr",
        ConditionKind::Hampered => "Ha",
        ConditionKind::Helpless => "He",
        ConditionKind::Invisible => "In",
        ConditionKind::Shaken => "Sh",
        ConditionKind::Softened => "Sf",
        ConditionKind::Stuck => "St",
        ConditionKind::Vulnerable => "V",
        ConditionKind::Weakened => "Wk",
        ConditionKind::Flying => "Fl",
        ConditionKind::Stabilized => "+",
        ConditionKind::PoppedOff => "Po",
        ConditionKind::DiceyEdge => "DM",
        ConditionKind::DiceyFooting => "DF",
        ConditionKind::Shielded => "SF",
        ConditionKind::SpiritAttacks => "SpA",
        ConditionKind::SpiritSaves => "SpS",
        ConditionKind::SpiritWard => "SpW",
        ConditionKind::Starving => "St",
        ConditionKind::FlatFooted => "FF",
        ConditionKind::Channeling => "Cn",
        ConditionKind::SummoningSick => "SS",
        ConditionKind::Charmed => "Cm",
    }
}
