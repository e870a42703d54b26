//! Spells, class abilities, powers, potions and magic items as data (issue 17): what an
//! ability targets, what it rolls and what its effects are, in a small vocabulary every
//! ruleset shares. What casting costs, which checks it needs and who may react are the
//! ruleset's. This module holds the model, its checks and the area geometry
//! ([`area`]); casting itself is `engine/cast.rs` and each ruleset's `casting.rs`.

pub mod area;

use serde::{Deserialize, Serialize};

use crate::components::{ConditionKind, Duration, Pool, Stat};
use crate::dice::DiceExpr;

pub use area::Shape;

/// What kind of thing an ability is (rulesets price and gate them by kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbilityKind {
    /// A spell (cast).
    Spell,
    /// A class ability or power.
    Ability,
    /// A potion (drawn, then drunk).
    Potion,
    /// A magic item's use.
    Item,
}

/// Whom or what an ability is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Targeting {
    /// The user only.
    User,
    /// One creature within `range` cells.
    One {
        /// Cells.
        range: u32,
    },
    /// Up to `count` creatures within `range` cells.
    Several {
        /// Most targets.
        count: u32,
        /// Cells.
        range: u32,
    },
    /// An area aimed at a cell within `range` (a burst's centre; a line's or cone's
    /// direction, from the user).
    Area {
        /// Cells to the aimed cell.
        range: u32,
        /// Burst, line or cone.
        shape: Shape,
    },
    /// A cell within `range` (terrain, a summon's place).
    Cell {
        /// Cells.
        range: u32,
    },
}

/// Which defence an attack-roll ability goes against (each ruleset maps it to its own
/// numbers: AC, PD, MD; a flow skill).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Defence {
    /// Armour.
    Armour,
    /// Physical defence (escalation's PD; a d20 Reflex).
    Physical,
    /// Mental defence (escalation's MD; a d20 Will).
    Mental,
}

/// What an ability rolls against each target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resolve {
    /// Nothing: its effects simply happen.
    Automatic,
    /// An attack roll against a defence; `effects` on a hit, `on_miss` on a miss.
    Attack {
        /// Against what.
        vs: Defence,
    },
    /// The target saves with `stat` against `dc`: `effects` when it fails, `on_miss`
    /// when it succeeds.
    Save {
        /// The save or skill.
        stat: Stat,
        /// The number to reach.
        dc: i32,
    },
}

/// One thing an ability does to a target (or a cell).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// Damage, with its type (resistances and weaknesses key off it).
    Damage {
        /// The roll (none when left out: `per_level` alone).
        #[serde(default = "no_dice")]
        dice: DiceExpr,
        /// Fire, cold, … ("" for plain).
        #[serde(default)]
        kind: String,
        /// Dice added for each point of the user's `Level` (escalation's "2 x Level
        /// dice": `dice: "0", per_level: "2d8"`); the same die as `dice` (or `dice` has
        /// none). See [`Effect::damage_dice`].
        #[serde(default)]
        per_level: Option<DiceExpr>,
        /// A stat of the user added to the roll (escalation's "+ Volition").
        #[serde(default)]
        plus: Option<Stat>,
    },
    /// "Miss: half damage" (in `on_miss`): the hit's damage effects are rolled (their
    /// dice logged) and deal half, rounded down.
    HalfDamage,
    /// Ongoing damage ("3 ongoing damage (save ends)"): the target bleeds this amount at
    /// the end of each of its turns (the engine's `Bleeding`, sourced to the user) while
    /// it lasts. escalation reads the amount; other rulesets bleed their own dice.
    Ongoing {
        /// The damage each turn.
        amount: DiceExpr,
        /// How long.
        duration: Duration,
    },
    /// Healing.
    Heal {
        /// The roll.
        dice: DiceExpr,
    },
    /// A condition.
    Condition {
        /// Which.
        kind: ConditionKind,
        /// How long.
        duration: Duration,
    },
    /// Push the target this many cells away from the user.
    Push {
        /// Cells.
        cells: u32,
    },
    /// A unit of this archetype appears on the cell (a summon).
    Summon {
        /// The archetype's name in the ruleset's catalogue.
        archetype: String,
    },
    /// The cells become this terrain (an area's cells, or the aimed cell).
    Terrain {
        /// What they become (`Floor`, `Wall`, `Difficult`, `High`, `Low`, `Pit`).
        terrain: crate::level::Terrain,
    },
    /// The target gains this much of a pool (AP, RP, an extra action).
    Grant {
        /// Which pool.
        pool: Pool,
        /// How much.
        amount: i32,
    },
}

/// The action an ability takes (escalation's "Action: Standard, Move, Quick, Free, or
/// Interrupt"). Rulesets without action types (flow, tactical-d20) do not read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionType {
    /// The main action of a turn.
    Standard,
    /// A Move action.
    Move,
    /// A Quick action.
    Quick,
    /// A free action.
    Free,
    /// An Interrupt (outside one's turn, on a trigger).
    Interrupt,
}

/// When the escalation die lets an ability be used (escalation's "Escalation X+" and
/// the abilities that "key off the escalation die being even or odd"; "When the
/// escalation die is 0, it counts as neither").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EscalationKey {
    /// The die is at least this.
    Min(u32),
    /// The die is even (2, 4, 6).
    Even,
    /// The die is odd (1, 3, 5).
    Odd,
}

impl EscalationKey {
    /// Does a die showing `die` allow it?
    pub fn allows(self, die: i32) -> bool {
        match self {
            EscalationKey::Min(n) => die >= n as i32,
            EscalationKey::Even => die > 0 && die % 2 == 0,
            EscalationKey::Odd => die % 2 == 1,
        }
    }
}

/// What sets off a triggered power (escalation's "If this is Interrupt or Free, there's
/// typically a triggering event indicated"): it is offered outside its user's turn when
/// an enemy, on its own turn, does this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PowerTrigger {
    /// An enemy attacks the user (`engaged`: only an enemy engaged with it, next to it).
    EnemyAttacksYou {
        /// Only an engaged enemy's attack.
        #[serde(default)]
        engaged: bool,
    },
    /// An enemy attacks an ally of the user within `cells` of it (not the user).
    EnemyAttacksAlly {
        /// Cells from the user to the ally.
        cells: u32,
    },
    /// An enemy moves to become engaged with the user (its step takes it next to it).
    EnemyEngagesYou,
}

/// A casting's price where a ruleset counts actions (melee-zone's cast time: "Spells will
/// tell you in their cast time, how many actions they require to perform"; "Spells have
/// an option under notes to change or improve its effects using bonus actions").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CastTime {
    /// The turn's main actions it takes (melee-zone: each an Attack or a Move Action;
    /// more than a turn has left are paid over the next turns).
    #[serde(default)]
    pub actions: u32,
    /// Bonus Actions it takes on top (an enhanced casting).
    #[serde(default)]
    pub bonus: u32,
}

/// An ability as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ability {
    /// Its name (unique in its catalogue; in a catalogue's map it is the key and may be
    /// left out).
    #[serde(default)]
    pub name: String,
    /// Spell, ability, potion or item.
    pub kind: AbilityKind,
    /// Whom or what it is aimed at.
    pub target: Targeting,
    /// Does the user need a clear line to its target (or the aimed cell)?
    #[serde(default = "yes")]
    pub line_of_sight: bool,
    /// What it rolls.
    #[serde(default = "automatic")]
    pub resolve: Resolve,
    /// What it does (on a hit or a failed save).
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// What it does on a miss or a successful save.
    #[serde(default)]
    pub on_miss: Vec<Effect>,
    /// tactical-d20: the Spell Order (0–9): the SQ it costs, its focus DC and Spell DC.
    #[serde(default)]
    pub order: u32,
    /// tactical-d20: its school or discipline (a counterspell needs a spell of the same).
    #[serde(default)]
    pub school: String,
    /// flow: what it costs in AP when that is not its kind's price (a class ability or
    /// an item "as stated"; `None`: 2 AP).
    #[serde(default)]
    pub ap: Option<u32>,
    /// Uses in the battle (a potion: 1; an item's charges); `None`: no limit.
    #[serde(default)]
    pub uses: Option<u32>,
    /// Does using it provoke reactions from threatening enemies? `None`: a spell does,
    /// anything else does not.
    #[serde(default)]
    pub provokes: Option<bool>,
    /// escalation: the action it takes (`None`: a Standard action). Not read by flow or
    /// tactical-d20.
    #[serde(default)]
    pub action: Option<ActionType>,
    /// escalation: usable only while the escalation die allows it ("Escalation X+",
    /// even, odd; `None`: always). Not read by flow or tactical-d20.
    #[serde(default)]
    pub escalation: Option<EscalationKey>,
    /// escalation: what sets off an Interrupt or a triggered Free power (it is then
    /// offered as a reaction outside its user's turn; `None`: used on the user's turn).
    /// Not read by flow or tactical-d20.
    #[serde(default)]
    pub trigger: Option<PowerTrigger>,
    /// escalation: "Sustain X": the conditions it lays end at the end of the user's turn
    /// unless the user used or sustained it that turn (a Sustain: its action type, 3d6
    /// against X).
    #[serde(default)]
    pub sustain: Option<u32>,
    /// escalation: "Spend X Power" from the user's Power pool.
    #[serde(default)]
    pub spend: Option<u32>,
    /// escalation: "Recharge X+" (rolled at a Quick Rest, outside a battle): one use in
    /// a battle when `uses` says nothing.
    #[serde(default)]
    pub recharge: Option<u32>,
    /// escalation: "roll all attacks before damage" (a `Several` attack): every attack
    /// roll is made before any effect lands.
    #[serde(default)]
    pub attacks_first: bool,
    /// melee-zone: its cast time in actions ([`CastTime`]; `None`: one action). Not read
    /// by the other rulesets.
    #[serde(default)]
    pub cast_time: Option<CastTime>,
}

impl Ability {
    /// Uses in one battle: `uses`, else one for a Recharge power (it recharges only at a
    /// rest), else no limit.
    pub fn uses_in_battle(&self) -> Option<u32> {
        self.uses.or(self.recharge.map(|_| 1))
    }

    /// Does using it provoke (its `provokes`, or by kind: spells do)?
    pub fn provoking(&self) -> bool {
        self.provokes.unwrap_or(self.kind == AbilityKind::Spell)
    }

    /// Its range in cells (0 for `User`).
    pub fn range(&self) -> u32 {
        match self.target {
            Targeting::User => 0,
            Targeting::One { range }
            | Targeting::Several { range, .. }
            | Targeting::Area { range, .. }
            | Targeting::Cell { range } => range,
        }
    }

    /// Is it meant for enemies (it deals damage, or rolls against its targets)?
    pub fn hostile(&self) -> bool {
        self.resolve != Resolve::Automatic
            || self
                .effects
                .iter()
                .any(|e| matches!(e, Effect::Damage { .. } | Effect::Push { .. }))
    }

    /// Does it heal?
    pub fn heals(&self) -> bool {
        self.effects
            .iter()
            .any(|e| matches!(e, Effect::Heal { .. }))
    }
}

fn no_dice() -> DiceExpr {
    DiceExpr::new(0, 1)
}

fn yes() -> bool {
    true
}

fn automatic() -> Resolve {
    Resolve::Automatic
}

/// Why an ability cannot be used as written: each is a clear message for `skirmish
/// check`.
pub fn problems(a: &Ability) -> Vec<String> {
    let mut out = Vec::new();
    let name = &a.name;
    if name.trim().is_empty() {
        out.push("an ability needs a name".to_string());
    }
    match a.target {
        Targeting::One { range: 0 } | Targeting::Several { range: 0, .. }
            if a.kind == AbilityKind::Spell && a.line_of_sight =>
        {
            // Touch spells are range 1: 0 would reach nobody but the caster.
            out.push(format!(
                "`{name}`: range 0 reaches no one but its user (use `User`, or range 1 for touch)"
            ));
        }
        Targeting::Several { count: 0, .. } => {
            out.push(format!("`{name}`: `Several` needs a count of 1 or more"));
        }
        Targeting::Area {
            shape: Shape::Line { length: 0 } | Shape::Cone { length: 0 },
            ..
        } => out.push(format!(
            "`{name}`: a line or cone needs a length of 1 or more"
        )),
        // Anything else is fine: a burst of range 0 centres on its user.
        _ => {}
    }
    if a.uses == Some(0) {
        out.push(format!("`{name}`: `uses: Some(0)` can never be used"));
    }
    for (what, v) in [("Sustain", a.sustain), ("Recharge", a.recharge)] {
        if let Some(n) = v
            && !(1..=18).contains(&n)
        {
            out.push(format!("`{name}`: {what} {n}+ is no 3d6 number (1 to 18)"));
        }
    }
    if a.spend == Some(0) {
        out.push(format!(
            "`{name}`: `spend: Some(0)` spends nothing (leave it out)"
        ));
    }
    if a.attacks_first
        && !(matches!(a.target, Targeting::Several { .. } | Targeting::Area { .. })
            && matches!(a.resolve, Resolve::Attack { .. }))
    {
        out.push(format!(
            "`{name}`: `attacks_first` needs attacks on several targets (`Several` or `Area` with `Attack`)"
        ));
    }
    if a.effects.iter().any(|e| matches!(e, Effect::HalfDamage)) {
        out.push(format!(
            "`{name}`: `HalfDamage` is a miss effect: it goes in `on_miss`"
        ));
    }
    if a.on_miss.iter().any(|e| matches!(e, Effect::HalfDamage))
        && !a.effects.iter().any(|e| matches!(e, Effect::Damage { .. }))
    {
        out.push(format!(
            "`{name}`: `HalfDamage` halves the hit's damage, and its `effects` deal none"
        ));
    }
    if let Some(EscalationKey::Min(n)) = a.escalation
        && n > 6
    {
        out.push(format!(
            "`{name}`: Escalation {n}+ can never be used (the die stops at 6)"
        ));
    }
    match (a.action, a.trigger) {
        (Some(ActionType::Interrupt), None) => out.push(format!(
            "`{name}`: an Interrupt needs a `trigger` (it is used outside its turn, on it)"
        )),
        (Some(ActionType::Interrupt | ActionType::Free), _) | (_, None) => {}
        (_, Some(_)) => out.push(format!(
            "`{name}`: a `trigger` is for an Interrupt or a Free power (`action: Some(Interrupt)`)"
        )),
    }
    if a.cast_time.is_some_and(|t| t.actions == 0 && t.bonus == 0) {
        out.push(format!(
            "`{name}`: a cast time of no actions (leave `cast_time` out for one action)"
        ));
    }
    if a.order > 9 {
        out.push(format!("`{name}`: a Spell Order of {} (0 to 9)", a.order));
    }
    if a.effects.is_empty() && a.on_miss.is_empty() {
        out.push(format!(
            "`{name}`: it does nothing (no `effects`, no `on_miss`)"
        ));
    }
    if a.resolve == Resolve::Automatic && !a.on_miss.is_empty() {
        out.push(format!(
            "`{name}`: `on_miss` needs something to miss (an `Attack` or a `Save`)"
        ));
    }
    for e in a.effects.iter().chain(&a.on_miss) {
        match e {
            Effect::Push { cells: 0 } => out.push(format!("`{name}`: a push of 0 cells")),
            Effect::Grant { amount, .. } if *amount <= 0 => {
                out.push(format!("`{name}`: a grant of {amount} gives nothing"))
            }
            Effect::Damage {
                dice,
                per_level: Some(per),
                ..
            } => {
                if dice.count > 0 && per.count > 0 && dice.sides != per.sides {
                    out.push(format!(
                        "`{name}`: `per_level: \"{per}\"` rolls another die than `dice: \"{dice}\"` (one roll: the same die, or `dice` with none)"
                    ));
                }
                if dice.keep != crate::dice::Keep::All || per.keep != crate::dice::Keep::All {
                    out.push(format!(
                        "`{name}`: dice scaled by Level keep every die (no kh/kl)"
                    ));
                }
            }
            _ => {}
        }
    }
    // Summons and terrain happen once, on the aimed cell or the area, whatever is
    // rolled against the units there.
    let summons = a
        .effects
        .iter()
        .filter(|e| matches!(e, Effect::Summon { .. }))
        .count();
    if summons > 0 && !matches!(a.target, Targeting::Cell { .. }) {
        out.push(format!(
            "`{name}`: a summon needs `target: Cell(range: ...)` (the cell it appears on)"
        ));
    }
    if summons > 1 {
        out.push(format!(
            "`{name}`: one summon an ability (it appears on the aimed cell)"
        ));
    }
    if a.effects
        .iter()
        .any(|e| matches!(e, Effect::Terrain { .. }))
        && !matches!(a.target, Targeting::Cell { .. } | Targeting::Area { .. })
    {
        out.push(format!(
            "`{name}`: a terrain effect needs `target: Cell(...)` or `Area(...)` (the cells it changes)"
        ));
    }
    if a.on_miss.iter().any(Effect::on_cells) {
        out.push(format!(
            "`{name}`: summons and terrain go in `effects`, not `on_miss` (they happen once, whatever is rolled)"
        ));
    }
    out
}

impl Effect {
    /// The dice a `Damage` effect rolls for a user with these stats: `dice`, plus
    /// `per_level` for each point of its `Level` (the counts and bonuses added: one
    /// roll, one die), plus its `plus` stat. `None`: not a damage effect.
    pub fn damage_dice(&self, stats: &crate::components::Stats) -> Option<DiceExpr> {
        let Effect::Damage {
            dice,
            per_level,
            plus,
            ..
        } = self
        else {
            return None;
        };
        let mut out = *dice;
        if let Some(per) = per_level {
            let level = stats.get(Stat::Level).clamp(0, 100);
            let n = per.count.saturating_mul(level as u32);
            if out.count == 0 && n > 0 {
                out.sides = per.sides;
            }
            out.count = out.count.saturating_add(n).min(crate::dice::MAX_DICE * 10);
            out.bonus = out.bonus.saturating_add(per.bonus.saturating_mul(level));
        }
        if let Some(s) = plus {
            out.bonus = out.bonus.saturating_add(stats.get(*s));
        }
        out.bonus = out
            .bonus
            .clamp(-crate::dice::MAX_BONUS * 10, crate::dice::MAX_BONUS * 10);
        Some(out)
    }

    /// Does it act on cells (a summon, a terrain change) rather than on each unit hit?
    pub fn on_cells(&self) -> bool {
        matches!(self, Effect::Summon { .. } | Effect::Terrain { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Ability {
        ron::from_str(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn abilities_read_from_ron_with_their_defaults() {
        let a = parse(
            r#"(name: "Fireball", kind: Spell, target: Area(range: 6, shape: Burst(radius: 1)),
                resolve: Save(stat: Agility, dc: 50),
                effects: [Damage(dice: "3d6", kind: "fire")],
                on_miss: [Damage(dice: "1d6", kind: "fire")])"#,
        );
        assert!(a.line_of_sight);
        assert!(problems(&a).is_empty(), "{:?}", problems(&a));
        let p = parse(
            r#"(name: "Healing draught", kind: Potion, target: User,
                effects: [Heal(dice: "2d4+2")])"#,
        );
        assert_eq!(p.resolve, Resolve::Automatic);
        assert!(problems(&p).is_empty());
        // Bad dice fail at read time, with the dice module's message.
        let e = ron::from_str::<Ability>(
            r#"(name: "X", kind: Spell, target: User, effects: [Heal(dice: "2d0")])"#,
        )
        .unwrap_err();
        assert!(!e.to_string().is_empty());
    }

    #[test]
    fn problems_name_the_ability_and_what_is_wrong() {
        let a = parse(r#"(name: "Nothing", kind: Spell, target: User)"#);
        assert_eq!(
            problems(&a),
            ["`Nothing`: it does nothing (no `effects`, no `on_miss`)"]
        );
        let a = parse(
            r#"(name: "Zap", kind: Spell, target: One(range: 0),
                effects: [Damage(dice: "1d6")], on_miss: [Push(cells: 0)])"#,
        );
        let p = problems(&a);
        assert!(
            p.iter().any(|m| m.contains("range 0 reaches no one")),
            "{p:?}"
        );
        assert!(
            p.iter().any(|m| m.contains("needs something to miss")),
            "{p:?}"
        );
        assert!(p.iter().any(|m| m.contains("a push of 0 cells")), "{p:?}");
    }

    #[test]
    fn a_cast_time_counts_actions_and_bonus_actions() {
        let a = parse(
            r#"(name: "Meteor", kind: Spell, target: One(range: 6),
                cast_time: Some((actions: 3)), effects: [Damage(dice: "2d6")])"#,
        );
        assert_eq!(
            a.cast_time,
            Some(CastTime {
                actions: 3,
                bonus: 0
            })
        );
        assert!(problems(&a).is_empty());
        let a = parse(
            r#"(name: "Quick", kind: Spell, target: User,
                cast_time: Some((bonus: 1)), effects: [Heal(dice: "1d4")])"#,
        );
        assert_eq!(
            a.cast_time,
            Some(CastTime {
                actions: 0,
                bonus: 1
            })
        );
        let a = parse(
            r#"(name: "Never", kind: Spell, target: User,
                cast_time: Some(()), effects: [Heal(dice: "1d4")])"#,
        );
        assert_eq!(
            problems(&a),
            ["`Never`: a cast time of no actions (leave `cast_time` out for one action)"]
        );
    }
}
