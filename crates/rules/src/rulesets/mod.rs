//! The five rulesets. Each module holds its own numbers and checks; the engine asks
//! them through [`RulesetId`].

pub mod flow;

pub mod tactical_d20;

use serde::{Deserialize, Serialize};

use crate::components::{ActionBudget, ReactionBudget, Refresh, Slot, Stat, Stats};
use crate::dice::{DiceExpr, ModKind, Modifier};

/// Which combat system a battle plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RulesetId {
    /// Seed 000: "Counters and Reactions".
    #[serde(rename = "counters")]
    Counters,
    /// Seed 001: "Combat Rules" (3d6 + escalation die).
    #[serde(rename = "escalation")]
    Escalation,
    /// Seed 002: "Round Resolution Cheat Sheet".
    #[serde(rename = "flow")]
    Flow,
    /// Seed 003: "Combat rules" (melee zone, free hits).
    #[serde(rename = "melee-zone")]
    MeleeZone,
    /// Seed 004: "Action".
    #[serde(rename = "tactical-d20")]
    TacticalD20,
}

impl RulesetId {
    /// All rulesets.
    pub const ALL: [RulesetId; 5] = [
        RulesetId::Counters,
        RulesetId::Escalation,
        RulesetId::Flow,
        RulesetId::MeleeZone,
        RulesetId::TacticalD20,
    ];

    /// The id used in level files.
    pub fn id(self) -> &'static str {
        match self {
            RulesetId::Counters => "counters",
            RulesetId::Escalation => "escalation",
            RulesetId::Flow => "flow",
            RulesetId::MeleeZone => "melee-zone",
            RulesetId::TacticalD20 => "tactical-d20",
        }
    }

    /// From a level file's id.
    pub fn parse(s: &str) -> Option<RulesetId> {
        Self::ALL.into_iter().find(|r| r.id() == s)
    }

    /// Can a battle be played under it yet?
    pub fn playable(self) -> bool {
        matches!(self, RulesetId::Flow | RulesetId::TacticalD20)
    }

    /// Built-in weapons and archetypes (RON).
    pub fn catalogue_source(self) -> &'static str {
        match self {
            RulesetId::Flow => include_str!("../../data/flow.ron"),
            RulesetId::TacticalD20 => include_str!("../../data/tactical-d20.ron"),
            RulesetId::Counters | RulesetId::Escalation | RulesetId::MeleeZone => {
                include_str!("../../data/d20-base.ron")
            }
        }
    }
}

impl std::fmt::Display for RulesetId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// How a ruleset orders combatants: a roll (or none) plus named modifiers, then
/// tie-breakers. The turn engine applies it the same way for every ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitiativeRule {
    /// The die rolled (`None`: the total is the modifiers alone).
    pub dice: Option<DiceExpr>,
    /// Named modifiers added to the roll.
    pub modifiers: Vec<Modifier>,
    /// Compared after the total, higher first.
    pub tiebreak: i32,
    /// On a full tie, units of sides with a human controller go first.
    pub humans_first: bool,
    /// On a full tie, roll this die until the tied units differ (flow's "resolved as
    /// normal"); otherwise level order decides.
    pub rolloff: Option<DiceExpr>,
}

/// Initiative of one combatant under a ruleset (see each `docs/rules/*.md`).
pub fn initiative(r: RulesetId, stats: &Stats) -> InitiativeRule {
    let m = |name: &'static str, v: i32| vec![Modifier::new(ModKind::Skill, name, v)];
    match r {
        // 1d10 + Agility modifier (Agility / 10); ties: Agility, then a d10 roll-off.
        RulesetId::Flow => InitiativeRule {
            dice: Some(DiceExpr::new(1, 10)),
            modifiers: m("Agility mod", flow::agility_mod(stats)),
            tiebreak: stats.get(Stat::Agility),
            humans_first: false,
            rolloff: Some(DiceExpr::new(1, 10)),
        },
        // d20 + DEX; ties: initiative modifier, then PCs (human sides) first.
        RulesetId::TacticalD20 => InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: m("DEX", stats.d20_mod(Stat::Dex)),
            tiebreak: stats.d20_mod(Stat::Dex),
            humans_first: true,
            rolloff: None,
        },
        // d20 + Agility modifier on the plain d20 base the seed builds on.
        RulesetId::Counters => InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: m("Agility mod", stats.d20_mod(Stat::Agility)),
            tiebreak: stats.d20_mod(Stat::Agility),
            humans_first: true,
            rolloff: None,
        },
        // No roll: the band (Very Slow 0 … Very Fast 4); PCs before enemies in a band.
        RulesetId::Escalation => InitiativeRule {
            dice: None,
            modifiers: m("initiative band", stats.get(Stat::Band)),
            tiebreak: 0,
            humans_first: true,
            rolloff: None,
        },
        // No roll: the Agility modifier, high to low; ties in level order.
        RulesetId::MeleeZone => InitiativeRule {
            dice: None,
            modifiers: m("Agility mod", stats.get(Stat::Agility)),
            tiebreak: 0,
            humans_first: false,
            rolloff: None,
        },
    }
}

/// The action and reaction budgets a combatant starts with under a ruleset.
pub fn budgets(r: RulesetId, stats: &Stats) -> (ActionBudget, ReactionBudget) {
    let own = |n: i32| ReactionBudget {
        available: n,
        per_refresh: n,
        refresh: Refresh::OwnTurnStart,
        cap: 0,
    };
    match r {
        RulesetId::Flow => (
            ActionBudget::points(flow::AP_PER_ROUND),
            own(flow::RP_PER_TURN),
        ),
        // Standard, Move, Quick and one Reaction.
        RulesetId::TacticalD20 => (
            ActionBudget::slots(&[(Slot::Standard, 1), (Slot::Move, 1), (Slot::Quick, 1)]),
            own(1),
        ),
        // Standard, Move, Quick and one Interrupt.
        RulesetId::Escalation => (
            ActionBudget::slots(&[(Slot::Standard, 1), (Slot::Move, 1), (Slot::Quick, 1)]),
            own(1),
        ),
        // 1 attack action, 1 move action, 2 bonus actions; free-hit slots = Agility + 1
        // refreshed every round.
        RulesetId::MeleeZone => {
            let n = (stats.get(Stat::Agility) + 1).max(0);
            (
                ActionBudget::slots(&[(Slot::Attack, 1), (Slot::Move, 1), (Slot::Bonus, 2)]),
                ReactionBudget {
                    available: n,
                    per_refresh: n,
                    refresh: Refresh::RoundStart,
                    cap: 0,
                },
            )
        }
        // One action and a move; skill dice = proficiency, at most proficiency per counter.
        RulesetId::Counters => {
            let p = stats.get(Stat::Proficiency).max(0);
            (
                ActionBudget::slots(&[(Slot::Standard, 1), (Slot::Move, 1)]),
                ReactionBudget {
                    available: p,
                    per_refresh: p,
                    refresh: Refresh::OwnTurnStart,
                    cap: p,
                },
            )
        }
    }
}

/// What an attack would do, before any dice: the one set of numbers the hover preview,
/// the reaction prompts and the AI read (the resolver rolls against the same ones).
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOdds {
    /// Chance to hit (before the target's own defences in flow).
    pub hit: f64,
    /// Chance of a critical hit.
    pub crit: f64,
    /// Damage of a normal hit, lowest to highest.
    pub damage: (i32, i32),
    /// Damage of a critical hit, lowest to highest.
    pub crit_damage: (i32, i32),
    /// The roll in words with every modifier: "roll ≤ 55 on d100 (…)", "d20 +5 vs AC 16 (…)".
    pub detail: String,
    /// Can the target still defend itself with a reaction (flow Dodge/Parry/Block)?
    pub defences: bool,
}

/// The odds of `attacker` hitting `target` with loadout item `weapon`.
pub fn attack_odds(
    b: &crate::battle::Battle,
    attacker: crate::components::UnitId,
    target: crate::components::UnitId,
    weapon: usize,
    kind: crate::event::AttackKind,
) -> AttackOdds {
    odds(b, attacker, target, weapon, kind, true)
}

/// [`attack_odds`] without the words: the same numbers with an empty `detail` (the AI
/// asks for thousands and reads none of them).
pub fn attack_odds_numbers(
    b: &crate::battle::Battle,
    attacker: crate::components::UnitId,
    target: crate::components::UnitId,
    weapon: usize,
    kind: crate::event::AttackKind,
) -> AttackOdds {
    odds(b, attacker, target, weapon, kind, false)
}

fn odds(
    b: &crate::battle::Battle,
    attacker: crate::components::UnitId,
    target: crate::components::UnitId,
    weapon: usize,
    kind: crate::event::AttackKind,
    words: bool,
) -> AttackOdds {
    let list = |m: &[Modifier]| {
        m.iter()
            .map(|m| format!("{} {:+}", m.name, m.value))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match b.ruleset() {
        RulesetId::TacticalD20 => {
            let (a, hit, crit, (lo, hi)) =
                tactical_d20::attack_preview(b, attacker, target, weapon, kind);
            let normal_hi = {
                let (d, m) = tactical_d20::damage_parts(b, attacker, weapon, kind, 1);
                let flat: i32 = m.iter().map(|m| m.value).sum();
                ((d.max() + flat).max(1) - b.stats(target).get(Stat::Dr)).max(0)
            };
            AttackOdds {
                hit,
                crit,
                damage: (lo, normal_hi),
                crit_damage: (lo, hi),
                detail: if words {
                    format!(
                        "d20 {:+} vs AC {} ({}; AC: {})",
                        a.total_bonus(),
                        a.total_ac(),
                        list(&a.bonus),
                        list(&a.ac)
                    )
                } else {
                    String::new()
                },
                defences: false,
            }
        }
        _ => {
            let c = flow::attack_check(b, attacker, target, weapon, kind);
            let adv = match c.advantage.signum() {
                1 => ", Advantage",
                -1 => ", Disadvantage",
                _ => "",
            };
            let (lo, hi) = b
                .weapons(attacker)
                .get(weapon)
                .map(|w| (w.damage.min(), w.damage.max()))
                .unwrap_or((0, 0));
            let (hit, crit) = c.success_and_critical();
            AttackOdds {
                hit,
                crit,
                damage: (lo, hi),
                crit_damage: (lo * 2, hi * 2),
                detail: if words {
                    format!(
                        "roll ≤ {} on d100 ({}{adv})",
                        c.target(),
                        list(&c.target_mods)
                    )
                } else {
                    String::new()
                },
                defences: b.rp(target) > 0,
            }
        }
    }
}
