//! ECS components of a combatant. Every combatant is an entity in the battle's `World`.

use std::collections::BTreeMap;

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use crate::dice::DiceExpr;
use crate::grid::Cell;

pub use crate::pools::{Cost, Pool, PoolState, Pools, Refresh};

mod condition_kind;
pub use condition_kind::ConditionKind;

/// Stable id of a combatant: its index in the battle's roster (level order).
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct UnitId(pub u32);

/// Index of a side in the level's `sides` list.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct SideId(pub u32);

/// Display name.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct UnitName(pub String);

/// Logical grid position. `Transform` in the window is view only.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position(pub Cell);

/// Facing: a neighbour direction index of the grid (0 = east, clockwise on both grids). A
/// level's `facing`, else toward the middle of the unit's foes; a step and an attack turn
/// it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Facing(pub u8);

/// Every named score any ruleset uses. Each ruleset reads its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stat {
    // flow skills (percentile)
    /// flow: Agility (dodge, initiative, tumble, intercept).
    Agility,
    /// flow: Athletics (dodge, grapple, shove).
    Athletics,
    /// flow: Melee (attacks, parry, feint).
    Melee,
    /// flow: Ranged attacks.
    Ranged,
    /// flow: Endurance (block).
    Endurance,
    /// flow: Deception (feint).
    Deception,
    // d20 ability scores
    /// Strength score.
    Str,
    /// Dexterity score.
    Dex,
    /// Constitution score.
    Con,
    /// Intelligence score.
    Int,
    /// Wisdom score.
    Wis,
    /// Charisma score.
    Cha,
    /// Base attack bonus.
    Bab,
    /// Armour class.
    Ac,
    /// Fortitude save bonus.
    Fort,
    /// Reflex save bonus.
    Reflex,
    /// Will save bonus.
    Will,
    // escalation
    /// Level.
    Level,
    /// Volition.
    Volition,
    /// Physical defence.
    Pd,
    /// Mental defence.
    Md,
    // melee-zone / counters
    /// Accuracy modifier.
    Accuracy,
    /// Proficiency bonus.
    Proficiency,
    /// counters: skill dice a round (the proficiency bonus when missing; more than the
    /// bonus makes strained counters reachable).
    SkillDice,
    /// Movement in cells per move (overrides the ruleset default).
    Speed,
    /// melee-zone: how many wounds the unit carries ("A wound occurs when a single attack
    /// deals 6 or more damage"): one `StatMod` of +1 per wound, of cause
    /// [`ModCause::Wound`] beside the wound's own modifiers, so `Battle::stats` counts
    /// them and a healed wound's modifiers end with it.
    Wounds,
    /// escalation: initiative band, Very Slow 0 … Very Fast 4.
    Band,
    /// tactical-d20: Survival ranks (patching a bleeding wound).
    Survival,
    /// tactical-d20: Stealth ranks (hiding behind cover when defending).
    Stealth,
    /// tactical-d20: damage resistance (subtracted from each hit's damage).
    Dr,
    // casting (issue 17)
    /// flow: Magic, the spellcasting skill (percentile): spell attacks and the caster's
    /// side of a save.
    Magic,
    /// tactical-d20: Magical Aptitude ranks (the focus check, identifying a spell).
    MagicalAptitude,
    /// tactical-d20: caster level (counterspell checks).
    CasterLevel,
    /// tactical-d20: Spell Quantity at the start of the battle.
    SpellQuantity,
    /// tactical-d20: 1 for a [Psion] (casts through Psionic Focus, not a spellcasting
    /// focus).
    Psion,
    /// escalation: 1 when a miss of its basic attacks deals damage equal to its Level
    /// (the class's miss damage); 0 or missing: none.
    MissDamage,
    /// escalation: the die of a recovery (rolled Level times, + Volition).
    RecoveryDie,
    /// escalation: recoveries at the start of the battle (8 when missing).
    Recoveries,
    /// escalation: 1 for an NPC the level marks to add the escalation die to its attacks.
    Escalates,
    /// escalation: Power at the start of the battle (spent by "Spend X Power" powers).
    Power,
}

/// A combatant's scores.
#[derive(Component, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Stats(pub BTreeMap<Stat, i32>);

impl Stats {
    /// A score, 0 when missing.
    pub fn get(&self, s: Stat) -> i32 {
        self.0.get(&s).copied().unwrap_or(0)
    }

    /// d20 modifier of an ability score: (score − 10) / 2 rounded down.
    pub fn d20_mod(&self, s: Stat) -> i32 {
        (self.get(s) - 10).div_euclid(2)
    }
}

/// Why a stat is modified (so a rule can end the modifiers of one cause: a healed wound).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ModCause {
    /// tactical-d20 Crippled: ability damage.
    AbilityDamage,
    /// melee-zone: a wound (aimed attacks).
    Wound,
    /// A condition's effect.
    Condition(ConditionKind),
    /// escalation: a Delay to a slower initiative band (kept for the battle).
    Delayed,
    /// escalation: healed with no recovery left (−1 Volition and defences until a Full
    /// Rest, i.e. for the battle).
    NoRecoveries,
}

/// One modifier on a stat, kept apart from the base score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatMod {
    /// Which stat.
    pub stat: Stat,
    /// By how much.
    pub amount: i32,
    /// How long: `UntilRemoved` (until its cause ends) or `UntilOwnTurnStart`.
    pub duration: Duration,
    /// Why.
    pub cause: ModCause,
    /// Who caused it, if anyone.
    pub source: Option<UnitId>,
}

/// A combatant's base scores (the level's) and the modifiers on them; [`Stats`] is
/// always the base plus the modifiers, and only `apply` changes either.
#[derive(Component, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StatMods {
    /// The scores before any modifier.
    pub base: Stats,
    /// The modifiers in force.
    pub mods: Vec<StatMod>,
}

// `clone_from` field by field (the derived one clones anew): the battle's mirror of the
// hot components (`battle/hot.rs`) copies a changed component into the world with it, so
// the vectors keep their allocation. The same for the other components below.
impl Clone for StatMods {
    fn clone(&self) -> Self {
        StatMods {
            base: self.base.clone(),
            mods: self.mods.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.base.clone_from(&source.base);
        self.mods.clone_from(&source.mods);
    }
}

impl StatMods {
    /// The scores with every modifier added.
    pub fn effective(&self) -> Stats {
        let mut s = self.base.clone();
        for m in &self.mods {
            *s.0.entry(m.stat).or_insert(0) += m.amount;
        }
        s
    }
}

/// Hit points.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Current.
    pub hp: i32,
    /// Maximum.
    pub max: i32,
}

/// Marker: the combatant is out of the fight (dead or dying, per ruleset).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Down;

/// Typed action slots (tactical-d20 / escalation: Standard, Move, Quick;
/// melee-zone: Attack, Move, Bonus ×2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Slot {
    /// Standard action.
    Standard,
    /// Attack action (melee-zone).
    Attack,
    /// Move action.
    Move,
    /// Quick action.
    Quick,
    /// Bonus action (melee-zone).
    Bonus,
}

/// How long a condition lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Duration {
    /// Until the start of the bearer's next turn.
    UntilOwnTurnStart,
    /// A number of the bearer's turn ends.
    Turns(u32),
    /// Until removed by a rule (breaking free, healing).
    UntilRemoved,
    /// Until the start of the next turn of the condition's source (Assist, Feint).
    UntilSourceTurnStart,
    /// "Save ends": at the end of each of the bearer's turns a d20 at or above this
    /// number ends it (escalation's normal save is 11+).
    SaveEnds(u32),
}

/// One active condition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveCondition {
    /// Which.
    pub kind: ConditionKind,
    /// How long.
    pub duration: Duration,
    /// Who caused it, if anyone.
    pub source: Option<UnitId>,
}

/// Marker: the unit is hidden (undetected by its foes), as a level starts it with
/// `hidden: true` ([`crate::battle::Battle::hidden`]); [`crate::event::Event::Hid`] puts
/// it on and [`crate::event::Event::Revealed`] takes it off. The shared AI knows nothing
/// of a hidden foe; melee-zone's sneak damage reads it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hidden;

/// Conditions on a combatant.
#[derive(Component, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Conditions(pub Vec<ActiveCondition>);

impl Clone for Conditions {
    fn clone(&self) -> Self {
        Conditions(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Conditions {
    /// Does the bearer have this condition?
    pub fn has(&self, k: ConditionKind) -> bool {
        self.0.iter().any(|c| c.kind == k)
    }
}

/// Size categories.
#[derive(
    Component,
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    Default,
)]
pub enum Size {
    /// Tiny.
    Tiny,
    /// Small.
    Small,
    /// Medium.
    #[default]
    Medium,
    /// Large.
    Large,
    /// Huge.
    Huge,
    /// Gargantuan.
    Gargantuan,
}

impl Size {
    /// Steps above Medium (negative below).
    pub fn steps_above_medium(self) -> i32 {
        self as i32 - Size::Medium as i32
    }

    /// Reach from size: Small/Medium 1, +1 per size above Medium (Tiny 1 too).
    pub fn reach(self) -> u32 {
        1 + self.steps_above_medium().max(0) as u32
    }
}

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WeaponKind {
    /// Hand-to-hand.
    #[default]
    Melee,
    /// Shot or thrown.
    Ranged,
}

/// Weapon properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum WeaponTag {
    /// Needs two hands.
    TwoHanded,
    /// Finesse (no off-hand penalty in flow).
    Finesse,
    /// Brawl (no off-hand penalty in flow).
    Brawl,
    /// A shield (flow Block).
    Shield,
    /// Held in the off hand.
    OffHand,
    /// Thrown (adds STR to damage in tactical-d20).
    Thrown,
    /// A natural weapon (claw, bite): always in hand, always threatens.
    Natural,
    /// Breaks easily: takes full damage from a Sunder (others take half).
    Fragile,
    /// Magical: counters' "only magical equipment may absorb magical damage" (a magical
    /// shield blocks magic damage). Data for the rulesets to read; none reads it yet.
    Magical,
}

/// A weapon as a level or catalogue defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Name shown in the log.
    #[serde(default)]
    pub name: String,
    /// Melee or ranged.
    #[serde(default)]
    pub kind: WeaponKind,
    /// Damage dice.
    pub damage: DiceExpr,
    /// Melee reach in cells (0 for ranged weapons).
    #[serde(default = "one")]
    pub reach: u32,
    /// Ranged: range (flow: one increment) in cells.
    #[serde(default)]
    pub range: u32,
    /// Lowest natural d20 that crits (tactical-d20); 20 by default.
    #[serde(default = "twenty")]
    pub crit_from: u32,
    /// Tags.
    #[serde(default)]
    pub tags: Vec<WeaponTag>,
    /// Hit points of the item itself (tactical-d20 Sunder); 10 by default.
    #[serde(default = "ten", skip_serializing_if = "is_ten")]
    pub hp: i32,
}

fn ten() -> i32 {
    10
}
fn is_ten(v: &i32) -> bool {
    *v == 10
}

fn one() -> u32 {
    1
}
fn twenty() -> u32 {
    20
}

impl Weapon {
    /// Does the weapon carry a tag?
    pub fn has(&self, t: WeaponTag) -> bool {
        self.tags.contains(&t)
    }

    /// Hands it takes to hold: two for two-handed weapons, else one.
    pub fn hands(&self) -> u32 {
        if self.has(WeaponTag::TwoHanded) { 2 } else { 1 }
    }
}

/// Where a carried item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Carried {
    /// In hand: usable for attacks, parries, blocks.
    Held,
    /// On the body: must be drawn (flow: 1 AP) before use.
    Stowed,
    /// Lost (disarmed): lies on the ground or in someone else's hands.
    Gone,
}

/// Hands a combatant has.
pub const HANDS: u32 = 2;

/// The state of each loadout item, index for index.
#[derive(Component, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Carry(pub Vec<Carried>);

impl Clone for Carry {
    fn clone(&self) -> Self {
        Carry(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Carry {
    /// Items are held in loadout order while hands allow; the rest start stowed.
    pub fn initial(ws: &[Weapon]) -> Carry {
        let mut used = 0;
        Carry(
            ws.iter()
                .map(|w| {
                    if used + w.hands() <= HANDS {
                        used += w.hands();
                        Carried::Held
                    } else {
                        Carried::Stowed
                    }
                })
                .collect(),
        )
    }

    /// Is item `i` in hand?
    pub fn held(&self, i: usize) -> bool {
        self.0.get(i) == Some(&Carried::Held)
    }
}

/// Weapons carried; the first usable one is the default for attacks.
#[derive(Component, Debug, PartialEq, Eq, Default)]
pub struct Loadout(pub Vec<Weapon>);

impl Clone for Loadout {
    fn clone(&self) -> Self {
        Loadout(self.0.clone())
    }

    fn clone_from(&mut self, source: &Self) {
        self.0.clone_from(&source.0);
    }
}

impl Loadout {
    /// Highest melee reach among non-shield melee weapons.
    pub fn melee_reach(&self) -> u32 {
        self.0
            .iter()
            .filter(|w| w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield))
            .map(|w| w.reach)
            .max()
            .unwrap_or(0)
    }

    /// Carries a shield?
    pub fn has_shield(&self) -> bool {
        self.0.iter().any(|w| w.has(WeaponTag::Shield))
    }
}

/// flow: per-turn bookkeeping beside the pools, reset when the unit's turn starts.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TurnState {
    /// AP spent on movement this turn (flow: at most 2).
    pub move_ap_spent: u32,
}

/// What a unit may do (or have done to it) once per stretch of play: the battle's ledger
/// ([`crate::battle::Battle::used`]) records each when its event is applied and forgets it
/// when the stretch ends ([`Once::per`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Once {
    /// flow: took a Step.
    Step,
    /// flow: used Flow State.
    FlowState,
    /// flow: gained FP from a successful reaction.
    ReactionFp,
    /// flow: feinted.
    Feint,
    /// flow: shoved.
    Shove,
    /// flow: tried to break free of a grapple.
    BreakFree,
    /// tactical-d20: was offered a reaction to the movement under way ("only once per
    /// movement").
    ReactedToMovement,
    /// melee-zone: disengaged ("leave enemy melee zones for the round without provoking
    /// free hits").
    Disengaged,
    /// Once per pair of units: the unit has used its right against `other` ("not the
    /// same creature twice in a round"), for `per`. Rulesets record it with
    /// [`crate::event::Event::Marked`].
    Pair {
        /// The other unit of the pair.
        other: UnitId,
        /// How long it lasts.
        per: Per,
    },
    /// A ruleset's own once-per right, by a number the ruleset gives it, for `per`
    /// (melee-zone: each bonus-action boost once a turn, "+1 melee damage for that
    /// round" until the round ends). Rulesets record it with
    /// [`crate::event::Event::Marked`].
    Own {
        /// The ruleset's number for it.
        id: u8,
        /// How long it lasts.
        per: Per,
    },
}

/// How long a [`Once`] entry lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Per {
    /// Until the unit's own next turn starts.
    OwnTurn,
    /// Until the current movement ends (any unit's new movement or turn).
    Movement,
    /// Until the next round starts.
    Round,
}

impl Once {
    /// How long it lasts.
    pub fn per(self) -> Per {
        match self {
            Once::Pair { per, .. } | Once::Own { per, .. } => per,
            Once::ReactedToMovement => Per::Movement,
            Once::Disengaged => Per::Round,
            _ => Per::OwnTurn,
        }
    }
}

/// tactical-d20: damage taken by carried items (Sunder), by loadout index.
#[derive(Component, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Wear(pub BTreeMap<usize, i32>);

/// tactical-d20: bleed damage taken so far (sets the DC to patch the wound).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BleedTaken(pub i32);
