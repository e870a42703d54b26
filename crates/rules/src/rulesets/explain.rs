//! The rules in plain words (issue 19): what the window shows when the player hovers a
//! condition badge, an action button, a reaction in a prompt, a terrain cell or a log
//! line, and what F1 help lists. Each ruleset writes its own words in its folder
//! (`flow/explain.rs`, `tactical_d20/explain.rs`) and answers
//! [`crate::rulesets::View::explain`] and [`crate::rulesets::View::summary`] from
//! them; the window asks through the trait and names no ruleset.
//!
//! The words say what the game does, which is what `docs/rules/<id>.md` says: where the
//! game reads the seed one way among several, the text says "(choice)"; where it adds a
//! rule of its own, "(house rule)".

use crate::components::ConditionKind;
use crate::event::{AttackKind, CheckPurpose, Event, ReactionKind, Spend};
use crate::level::Terrain;

/// What the player asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    /// A condition badge on the map or the unit card.
    Condition(ConditionKind),
    /// A button: an action bar label ([`crate::rulesets::ui::ActionSpec::label`]) or one
    /// of the things every ruleset lets a unit do outside the bar ([`label::COMMON`]).
    Action(&'static str),
    /// An answer a reaction prompt offers (the fields of `LandAt` and `InterceptAt` do
    /// not change the words).
    Reaction(ReactionKind),
    /// A terrain cell (the terrain legend).
    Terrain(Terrain),
    /// A rule by name: one of [`rule::GENERAL`], which every playable ruleset explains,
    /// or one of the other names in [`rule`], which only some rulesets have.
    Rule(&'static str),
}

impl Topic {
    /// What a log line is about, for its tooltip: the condition, reaction, action or rule
    /// the event shows (`None` for bookkeeping and for events that could be several
    /// things: a payment, a dropped item, a readied action). Every topic it gives is one
    /// the battle's ruleset explains (the test
    /// `explain::every_log_topic_of_ai_battles_is_explained`).
    pub fn of_event(e: &Event) -> Option<Topic> {
        Some(match e {
            Event::ConditionAdded { kind, .. }
            | Event::ConditionRemoved { kind, .. }
            | Event::Save { kind, .. }
            | Event::Spent {
                on: Spend::Lost(kind),
                ..
            } => Topic::Condition(*kind),
            Event::BleedTotal { .. } => Topic::Condition(ConditionKind::Bleeding),
            Event::Reacted { kind, .. } | Event::Defence { kind, .. } => Topic::Reaction(*kind),
            Event::Attack { kind, .. } => match kind {
                AttackKind::Normal => Topic::Action(label::ATTACK),
                AttackKind::Reaction => Topic::Reaction(ReactionKind::ReactionAttack),
                AttackKind::Riposte => Topic::Reaction(ReactionKind::Riposte),
                AttackKind::Secondary => Topic::Action("Secondary attack"),
                AttackKind::Tertiary => Topic::Action("Tertiary attack"),
                AttackKind::Charge => Topic::Action("Charge"),
            },
            Event::Check { purpose, .. } | Event::Contest { purpose, .. } => {
                Topic::of_check(*purpose)
            }
            Event::Initiative { .. } | Event::TurnOrder { .. } => Topic::Rule(rule::INITIATIVE),
            Event::SurpriseRound { .. } => Topic::Rule(rule::SURPRISE),
            Event::Moved { .. } => Topic::Rule(rule::MOVEMENT),
            Event::Down { .. } => Topic::Rule(rule::DOWN),
            Event::Stalemate { .. } => Topic::Rule(rule::STALEMATE),
            Event::Cast { .. } | Event::Fizzled { .. } => Topic::Action(label::CAST),
            Event::PickedUp { .. } => Topic::Action("Pick Up"),
            Event::Said { .. } => Topic::Action("Command"),
            _ => return None,
        })
    }

    /// The action (or reaction, condition) a check is part of.
    fn of_check(p: CheckPurpose) -> Topic {
        use CheckPurpose::*;
        match p {
            Tumble => Topic::Action("Tumble"),
            Feint => Topic::Action("Feint"),
            Shove => Topic::Action("Shove"),
            Grapple => Topic::Action("Grapple"),
            BreakFree => Topic::Action("Break Free"),
            Disarm => Topic::Action("Disarm"),
            Trip => Topic::Action("Trip"),
            Push => Topic::Action("Push"),
            Sunder => Topic::Action("Sunder"),
            Concentrate => Topic::Action("Concentrate"),
            Jump => Topic::Action("Jump"),
            Overrun => Topic::Action("Overrun"),
            Patch => Topic::Action("Patch Wound"),
            Hide => Topic::Condition(ConditionKind::Cover),
            GrappleCheck => Topic::Action("Grapple attack"),
            Identify | Counterspell => Topic::Reaction(ReactionKind::Counterspell),
            Disengage => Topic::Action("Disengage"),
            DiceyMove => Topic::Action("Dicey move"),
            Sustain(_) => Topic::Action("Sustain"),
            Focus | Disrupt | Resist | Casting => Topic::Action(label::CAST),
            Counteraction => Topic::Reaction(ReactionKind::Counteraction),
        }
    }
}

/// A tooltip: a title, what it does in plain words, what it costs and where the rule
/// comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The name shown in bold ("Feint", "Prone").
    pub title: &'static str,
    /// What it does, 1–3 short sentences with the numbers the game plays.
    pub text: &'static str,
    /// Its price ("1 AP", "a Standard action", "free"), when it has one.
    pub cost: Option<&'static str>,
    /// Where the rule comes from: the seed's section or words, or "house rule".
    pub source: &'static str,
}

impl Explanation {
    /// An explanation with no price.
    pub const fn new(title: &'static str, text: &'static str, source: &'static str) -> Self {
        Self {
            title,
            text,
            cost: None,
            source,
        }
    }

    /// The same with a price.
    pub const fn costs(self, cost: &'static str) -> Self {
        Self {
            cost: Some(cost),
            ..self
        }
    }
}

/// Labels of what every ruleset lets a unit do without an action bar button of its own:
/// clicking an enemy or a cell, the draw and sheathe buttons, casting an ability, ending
/// the turn. `Topic::Action` takes them as it takes a bar label.
pub mod label {
    /// Clicking an enemy: a weapon attack.
    pub const ATTACK: &str = "Attack";
    /// Clicking a cell: moving there.
    pub const MOVE: &str = "Move";
    /// The button that takes a carried item in hand.
    pub const DRAW: &str = "Draw";
    /// The button that puts a held item away.
    pub const SHEATHE: &str = "Sheathe";
    /// Using a spell, an ability, a potion or a magic item.
    pub const CAST: &str = "Cast";
    /// Ending the turn.
    pub const END_TURN: &str = "End turn";
    /// All of them.
    pub const COMMON: [&str; 6] = [ATTACK, MOVE, DRAW, SHEATHE, CAST, END_TURN];
}

/// Names of rules for [`Topic::Rule`].
pub mod rule {
    /// Which cells a unit threatens (the threat overlay, key T).
    pub const THREAT: &str = "threat";
    /// What provokes a reaction attack (the path preview's "may provoke" marks).
    pub const PROVOKE: &str = "provoking";
    /// Who acts first.
    pub const INITIATIVE: &str = "initiative";
    /// A surprise round, and being caught unaware.
    pub const SURPRISE: &str = "surprise";
    /// How far a unit moves and what it pays.
    pub const MOVEMENT: &str = "movement";
    /// Shooting: range and its penalties.
    pub const RANGED: &str = "ranged attacks";
    /// What happens at 0 HP.
    pub const DOWN: &str = "down";
    /// The draw after quiet rounds (a house rule in every ruleset).
    pub const STALEMATE: &str = "stalemate";
    /// Every ruleset explains these.
    pub const GENERAL: [&str; 8] = [
        THREAT, PROVOKE, INITIATIVE, SURPRISE, MOVEMENT, RANGED, DOWN, STALEMATE,
    ];

    /// flow: how a percentile roll reads (Normal, Hard, Major, Critical).
    pub const SUCCESS_LEVELS: &str = "success levels";
    /// flow: rolling twice and keeping the better or the worse.
    pub const ADVANTAGE: &str = "advantage";
    /// flow: Flow Points.
    pub const FLOW_POINTS: &str = "flow points";
    /// flow: +10 when allies threaten the same enemy.
    pub const GANG_UP: &str = "gang-up";
    /// tactical-d20: attacking from exactly opposite sides.
    pub const FLANKING: &str = "flanking";
    /// tactical-d20: paying a lesser action with the Standard action.
    pub const TRADE_DOWN: &str = "trade-down";
    /// tactical-d20: high ground, footing and cover (+4).
    pub const POSITIONING: &str = "tactical positioning";
    /// tactical-d20: natural 20s, critical ranges and doubled dice.
    pub const CRITICALS: &str = "critical hits";
}

/// A condition's name as a title ("Total Defense", "Focus (attack)").
pub fn condition_title(k: ConditionKind) -> &'static str {
    use ConditionKind::*;
    match k {
        Prone => "Prone",
        Grappled => "Grappled",
        Grappling => "Grappling",
        Bleeding => "Bleeding",
        Stunned => "Stunned",
        Surprised => "Surprised",
        TotalDefense => "Total Defense",
        Feinted => "Feinted",
        Restrained => "Restrained",
        Unconscious => "Unconscious",
        Dying => "Dying",
        Dead => "Dead",
        Blind => "Blind",
        Confused => "Confused",
        Crippled => "Crippled",
        Encumbered => "Encumbered",
        Fatigued => "Fatigued",
        Frightened => "Frightened",
        Nauseated => "Nauseated",
        Writhing => "Writhing",
        Cover => "Cover",
        Defending => "Defending",
        Guarding => "Guarding",
        FocusAttack => "Focus (attack)",
        FocusDefence => "Focus (defence)",
        FocusSkills => "Focus (skills)",
        Assisted => "Assisted",
        Charging => "Charging",
        Concentrating => "Concentrating",
        Waiting => "Waiting",
        PsionicFocus => "Psionic Focus",
        Dehydrated => "Dehydrated",
        Soaked => "Soaked",
        Starving => "Starving",
        Dazed => "Dazed",
        Enervated => "Enervated",
        Grabbed => "Grabbed",
        Hampered => "Hampered",
        Helpless => "Helpless",
        Invisible => "Invisible",
        Shaken => "Shaken",
        Softened => "Softened",
        Stuck => "Stuck",
        Vulnerable => "Vulnerable",
        Weakened => "Weakened",
        Flying => "Flying",
        Stabilized => "Stabilized",
        PoppedOff => "Popped off",
        SpiritAttacks => "Spirit (attacks)",
        SpiritSaves => "Spirit (saves)",
        SpiritWard => "Spirit ward",
        DiceyEdge => "Dicey edge",
        DiceyFooting => "Dicey footing",
        Shielded => "Shielded",
        FlatFooted => "Flat-footed",
        Channeling => "Channeling",
        SummoningSick => "Summoning sickness",
        Charmed => "Charmed",
    }
}
