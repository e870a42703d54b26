//! What a check or an attack is and how it came out: [`Outcome`], [`AttackKind`],
//! [`CheckPurpose`], and why a casting came to nothing ([`Fizzle`]).

use serde::{Deserialize, Serialize};

use crate::components::UnitId;

/// The result of a check, from best to worst. d20 rulesets use `Critical`, `Success`,
/// `Failure`, `CriticalFailure`; flow uses all six levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Critical failure (fumble).
    CriticalFailure,
    /// Failure.
    Failure,
    /// Success (flow: Normal success).
    Success,
    /// flow: Hard success.
    Hard,
    /// flow: Major success.
    Major,
    /// Critical success.
    Critical,
}

impl Outcome {
    /// Every level, worst first (the order of `as usize`).
    pub const ALL: [Outcome; 6] = [
        Outcome::CriticalFailure,
        Outcome::Failure,
        Outcome::Success,
        Outcome::Hard,
        Outcome::Major,
        Outcome::Critical,
    ];

    /// Any success?
    pub fn is_success(self) -> bool {
        self >= Outcome::Success
    }

    /// One level better (capped at Critical).
    pub fn raised(self) -> Outcome {
        match self {
            Outcome::CriticalFailure => Outcome::Failure,
            Outcome::Failure => Outcome::Success,
            Outcome::Success => Outcome::Hard,
            Outcome::Hard => Outcome::Major,
            Outcome::Major | Outcome::Critical => Outcome::Critical,
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::CriticalFailure => "critical failure",
            Outcome::Failure => "failure",
            Outcome::Success => "success",
            Outcome::Hard => "hard success",
            Outcome::Major => "major success",
            Outcome::Critical => "critical success",
        })
    }
}

/// How an attack was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// A normal attack on the attacker's turn.
    Normal,
    /// A reaction (opportunity) attack: never triggers further attacks.
    Reaction,
    /// The counter-attack of a Riposte.
    Riposte,
    /// tactical-d20: a Secondary Attack (Move action, −5).
    Secondary,
    /// tactical-d20: a Tertiary Attack (Quick action, −10).
    Tertiary,
    /// tactical-d20: the attack of a Charge (+2 attack and damage).
    Charge,
}

/// What a plain or opposed check (not an attack) is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckPurpose {
    /// Tumble Through (Agility).
    Tumble,
    /// Feint (Melee or Deception vs Melee or Agility).
    Feint,
    /// Shove (Athletics vs Athletics).
    Shove,
    /// Grapple (Athletics vs Athletics).
    Grapple,
    /// Breaking free of a grapple (Athletics vs Athletics).
    BreakFree,
    /// tactical-d20 Disarm (Athletics vs Reflex).
    Disarm,
    /// tactical-d20 Trip (Athletics vs Reflex).
    Trip,
    /// tactical-d20 Push (Athletics vs Reflex).
    Push,
    /// tactical-d20 Sunder (attack roll vs Reflex).
    Sunder,
    /// tactical-d20 Concentrate (Endurance vs DC 5 + 5 per threatening foe).
    Concentrate,
    /// tactical-d20 Jump (Athletics + 2 vs DC by distance and height).
    Jump,
    /// tactical-d20 Overrun (Athletics + 2 vs Reflex).
    Overrun,
    /// tactical-d20 patching a wound (Survival vs DC 10 + bleed damage).
    Patch,
    /// tactical-d20 hiding behind cover when defending (Stealth vs DC 10).
    Hide,
    /// tactical-d20: the grapple check each turn (Athletics vs Athletics).
    GrappleCheck,
    /// tactical-d20: the spellcasting focus check (Magical Aptitude vs 13 + 2 × order).
    Focus,
    /// tactical-d20: identifying a spell as it is cast (Magical Aptitude vs the Spell DC).
    Identify,
    /// tactical-d20: a counterspell's caster level check vs the Spell DC.
    Counterspell,
    /// tactical-d20: keeping a spell after an opportunity attack hurt the caster.
    Disrupt,
    /// A target's save against an ability (flow: its skill against the caster's Magic).
    Resist,
    /// escalation: a Disengage check (3d6 vs 11, +1 per enemy past the first).
    Disengage,
    /// escalation: a Dicey Move (3d6 against the terrain's difficulty).
    DiceyMove,
    /// counters: a spell's casting check (d20 + the casting modifier + proficiency against
    /// the spell's DC), the total a counterspell must reach.
    Casting,
    /// counters: a Counteraction's check against a hazard's DC.
    Counteraction,
    /// escalation: sustaining the unit's power at this index (3d6 against its Sustain).
    Sustain(u8),
}

/// Why a casting came to nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fizzle {
    /// tactical-d20: the spellcasting focus check failed.
    Focus,
    /// Countered by this unit.
    Countered(UnitId),
    /// tactical-d20: hurt by a reaction while casting, and the concentration check failed.
    Disrupted,
    /// The caster went down before the spell went off.
    CasterDown,
    /// A summon's cell was taken (or turned unstandable) before it went off.
    NoRoom,
}
