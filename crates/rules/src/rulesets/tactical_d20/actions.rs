//! `tactical-d20` (seed 004, "Action") in the turn engine: action slots and Trade-Down,
//! Advance and Dash, attacks by slot, the Standard/Move/Quick actions, Opportunity
//! Attack, Pursuit and Wait, flanking, terrain, conditions, dying.
//!
//! `check` is pure; `perform` and the resolvers only emit events and push frames. The
//! numbers come from [`super::math`]; interpretations are in
//! `docs/rules/tactical-d20.md`.

use crate::battle::Battle;
use crate::components::{
    Carried, ConditionKind, Duration, Slot, Stat, UnitId, WeaponKind, WeaponTag,
};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{
    Action, FocusOn, Frame, Gate, GrappleFollow, Hit, HitEffect, Illegal, Leg, MoveMode, Window,
};
use crate::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::level::Terrain;

use super::math::{self as td, AttackSlot, D20Attack};

/// Speed in cells when a unit's stats give none (30 ft).
pub const SPEED: u32 = 6;
/// Most words a Command may have.
pub const COMMAND_WORDS: usize = 13;
/// DC to slip a restraint that no grappler holds (the d20 "hard" DC; the seed gives none).
pub const ESCAPE_DC: i32 = 15;
/// DC of the Stealth check to hide behind cover when defending (the seed gives none).
pub const HIDE_DC: i32 = 10;
/// Bleeding damage each turn.
pub const BLEED: DiceExpr = DiceExpr::new(1, 4);

/// The skills tactical-d20 actions use, with the ability each adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skill {
    /// STR.
    Athletics,
    /// DEX.
    Agility,
    /// CON.
    Endurance,
    /// CHA.
    Deception,
    /// WIS.
    Survival,
    /// DEX.
    Stealth,
}

impl Skill {
    fn parts(self) -> (&'static str, Stat, Stat) {
        match self {
            Skill::Athletics => ("Athletics", Stat::Athletics, Stat::Str),
            Skill::Agility => ("Agility", Stat::Agility, Stat::Dex),
            Skill::Endurance => ("Endurance", Stat::Endurance, Stat::Con),
            Skill::Deception => ("Deception", Stat::Deception, Stat::Cha),
            Skill::Survival => ("Survival", Stat::Survival, Stat::Wis),
            Skill::Stealth => ("Stealth", Stat::Stealth, Stat::Dex),
        }
    }
}

/// Saving throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Save {
    /// CON.
    Fortitude,
    /// DEX.
    Reflex,
    /// WIS.
    Will,
}

// ---------------------------------------------------------------------------------------
// Small helpers

fn named(u: &Battle, id: UnitId) -> String {
    u.name(id).to_string()
}

fn cond(b: &Battle, u: UnitId, condition: &'static str, why: &'static str) -> Illegal {
    Illegal::Condition {
        unit: named(b, u),
        condition,
        why,
    }
}

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: named(b, u),
        why: why.into(),
    }
}

fn add(b: &mut Battle, u: UnitId, kind: ConditionKind, duration: Duration, source: Option<UnitId>) {
    b.emit(Event::ConditionAdded {
        unit: u,
        kind,
        duration,
        source,
    });
}

fn remove(b: &mut Battle, u: UnitId, kind: ConditionKind, source: Option<UnitId>) {
    if b.has(u, kind) {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind,
            source,
        });
    }
}

fn standable_free(b: &Battle, c: Cell, except: Option<UnitId>) -> bool {
    b.grid().contains(c) && b.terrain(c).standable() && b.unit_at(c, except).is_none()
}

/// A positive ability modifier that "subtract the Ability Modifier(s)" removes.
fn lost_ability(stats: &crate::components::Stats, s: Stat) -> i32 {
    stats.d20_mod(s).max(0)
}

/// Speed in cells: the `Speed` stat (default 6 = 30 ft), halved by Crippled, Encumbered
/// or Fatigued (once, however many apply).
pub fn speed(b: &Battle, u: UnitId) -> u32 {
    let base = match b.stats(u).get(Stat::Speed) {
        s if s > 0 => s as u32,
        _ => SPEED,
    };
    let slowed = [
        ConditionKind::Crippled,
        ConditionKind::Encumbered,
        ConditionKind::Fatigued,
    ]
    .iter()
    .any(|&c| b.has(u, c));
    if slowed { (base / 2).max(1) } else { base }
}

/// The slots that could still buy an Advance, in the order they are used (the Move
/// action, then a Standard traded down).
pub fn advances_left(b: &Battle, u: UnitId) -> Vec<Slot> {
    let mut v = Vec::new();
    for _ in 0..b.slots(u, Slot::Move) {
        v.push(Slot::Move);
    }
    for _ in 0..b.slots(u, Slot::Standard) {
        v.push(Slot::Standard);
    }
    v
}

/// Trade-Down: a Standard action may pay for a Move or Quick action.
const TRADE_DOWN: [(Slot, &[Slot]); 2] = [
    (Slot::Move, &[Slot::Standard]),
    (Slot::Quick, &[Slot::Standard]),
];

/// The slot that pays for an action of type `wanted` (itself, or a Standard traded down).
pub fn payer(b: &Battle, u: UnitId, wanted: Slot) -> Option<Slot> {
    b.get::<crate::components::ActionBudget>(u)
        .and_then(|a| a.payer(wanted, &TRADE_DOWN))
}

fn slot_name(s: Slot) -> &'static str {
    match s {
        Slot::Standard => "Standard",
        Slot::Move => "Move",
        Slot::Quick => "Quick",
        Slot::Attack => "Attack",
        Slot::Bonus => "Bonus",
    }
}

fn need_slot(b: &Battle, u: UnitId, wanted: Slot, action: &'static str) -> Result<Slot, Illegal> {
    payer(b, u, wanted).ok_or_else(|| Illegal::NoSlot {
        unit: named(b, u),
        action,
        slot: slot_name(wanted),
    })
}

/// Has the unit nothing left this turn: no slot and no movement left?
pub fn exhausted(b: &Battle, u: UnitId) -> bool {
    [Slot::Standard, Slot::Move, Slot::Quick]
        .iter()
        .all(|&s| b.slots(u, s) == 0)
        && b.turn_state(u).move_left == 0
}

/// The actions each action costs: the slot type, and a second one for the dash-chained
/// actions (a Dash is a Standard action; Charge, Jump and Overrun are Move actions taken
/// after it). `None`: a free action.
pub fn slots_of(a: &Action) -> (Option<Slot>, Option<Slot>) {
    use Action::*;
    match a {
        Dash { .. }
        | Defend
        | Assist { .. }
        | Trip { .. }
        | Push { .. }
        | Sunder { .. }
        | Disarm { .. }
        | Grapple { .. }
        | GrappleTurn { .. }
        | BreakFree
        | Wait
        | Patch { .. } => (Some(Slot::Standard), None),
        Charge { .. } | Jump { .. } | Overrun { .. } => (Some(Slot::Standard), Some(Slot::Move)),
        Guard
        | Concentrate
        | Feint { .. }
        | TumbleTo { .. }
        | Draw { .. }
        | Sheathe { .. }
        | PickUp
        | Give { .. }
        | StandUp => (Some(Slot::Move), None),
        Step { .. } | Focus { .. } | Command { .. } => (Some(Slot::Quick), None),
        _ => (None, None),
    }
}

/// The action's name as players read it.
pub fn action_name(a: &Action) -> &'static str {
    use Action::*;
    match a {
        Dash { .. } => "Dash",
        Charge { .. } => "Charge",
        Jump { .. } => "Jump",
        Overrun { .. } => "Overrun",
        Defend => "Defend",
        Guard => "Guard",
        Assist { .. } => "Assist",
        Focus { .. } => "Focus",
        Trip { .. } => "Trip",
        Push { .. } => "Push",
        Sunder { .. } => "Sunder",
        Disarm { .. } => "Disarm",
        Grapple { .. } => "Grapple",
        GrappleTurn { .. } => "Grapple check",
        BreakFree => "Break Free",
        Concentrate => "Concentrate",
        Feint { .. } => "Feint",
        TumbleTo { .. } => "Tumble",
        Draw { .. } => "Equip (draw)",
        Sheathe { .. } => "Equip (stow)",
        PickUp => "Equip (pick up)",
        Give { .. } => "Equip (hand over)",
        StandUp => "Stand Up",
        Step { .. } => "Side Step",
        Command { .. } => "Command",
        Wait => "Wait",
        other => crate::rulesets::flow::action_name(other),
    }
}

// ---------------------------------------------------------------------------------------
// Conditions and what they forbid

/// Can the unit not threaten (restrained, stunned, unconscious)?
pub fn cannot_threaten(b: &Battle, u: UnitId) -> bool {
    [
        ConditionKind::Restrained,
        ConditionKind::Stunned,
        ConditionKind::Unconscious,
    ]
    .iter()
    .any(|&c| b.has(u, c))
}

/// Can `r` take a Reaction now: not surprised ("unable to defend"), stunned, restrained
/// ("unable to attack") or frightened ("no offensive actions"), with a Reaction left?
pub fn can_react(b: &Battle, r: UnitId) -> bool {
    b.alive(r)
        && b.rp(r) >= 1
        && ![
            ConditionKind::Surprised,
            ConditionKind::Stunned,
            ConditionKind::Restrained,
            ConditionKind::Unconscious,
        ]
        .iter()
        .any(|&c| b.has(r, c))
}

/// May `r` react to `mover`'s movement: it can react, was not offered one already in this
/// movement ("only once per movement"), and the mover is not concentrating.
pub fn may_react_to(b: &Battle, r: UnitId, mover: UnitId) -> bool {
    can_react(b, r)
        && !b.has(r, ConditionKind::Frightened)
        && !b.provoked().contains(&r)
        && !b.has(mover, ConditionKind::Concentrating)
}

/// May the unit act at all (Stunned: "cannot take any actions")?
fn may_act(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    if b.has(u, ConditionKind::Stunned) {
        return Err(cond(b, u, "stunned", "it cannot take any actions"));
    }
    Ok(())
}

/// May the unit move on its own?
pub fn may_move(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    may_act(b, u)?;
    if b.has(u, ConditionKind::Restrained) {
        return Err(cond(
            b,
            u,
            "restrained",
            "it cannot move until it breaks free",
        ));
    }
    if b.has(u, ConditionKind::Prone) {
        return Err(cond(b, u, "prone", "stand up first (a Move action)"));
    }
    Ok(())
}

fn offensive(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    may_act(b, u)?;
    if b.has(u, ConditionKind::Frightened) {
        return Err(cond(b, u, "frightened", "it takes no offensive actions"));
    }
    Ok(())
}

/// May `u` attack `target` with `weapon` (slots aside)?
pub fn may_attack(b: &Battle, u: UnitId, target: UnitId, weapon: usize) -> Result<(), Illegal> {
    offensive(b, u)?;
    if b.has(u, ConditionKind::Restrained) {
        return Err(cond(
            b,
            u,
            "restrained",
            "it cannot attack (win a grapple check to attack)",
        ));
    }
    let ranged = b
        .weapons(u)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Ranged);
    if ranged && b.has(target, ConditionKind::Cover) {
        return Err(Illegal::Hidden(named(b, target)));
    }
    if ranged && b.has(u, ConditionKind::Blind) {
        return Err(cond(b, u, "blind", "it cannot aim a ranged attack"));
    }
    Ok(())
}

/// The slot that pays for an attack and the slot it is made with.
pub fn attack_payer(b: &Battle, u: UnitId, want: Option<Slot>) -> Result<(Slot, Slot), Illegal> {
    match want {
        Some(s @ (Slot::Standard | Slot::Move | Slot::Quick)) => {
            Ok((need_slot(b, u, s, "an attack")?, s))
        }
        Some(s) => Err(Illegal::NoSlot {
            unit: named(b, u),
            action: "an attack",
            slot: slot_name(s),
        }),
        None => [Slot::Standard, Slot::Move, Slot::Quick]
            .into_iter()
            .find(|&s| b.slots(u, s) > 0)
            .map(|s| (s, s))
            .ok_or(Illegal::NoSlot {
                unit: named(b, u),
                action: "an attack",
                slot: "Standard, Move or Quick",
            }),
    }
}

// ---------------------------------------------------------------------------------------
// Checks, saves, AC, attacks: the one odds path for the resolver, the preview and the AI

fn d20_bonuses(b: &Battle, u: UnitId, out: &mut Vec<Modifier>) {
    if b.has(u, ConditionKind::Assisted) {
        out.push(Modifier::new(ModKind::Condition, "assisted", 4));
    }
}

/// The modifiers of a skill check (ability + ranks + conditions), or why the unit cannot
/// use the skill (Fatigued: no Endurance, Athletics or Agility; Nauseated: no Endurance).
pub fn skill(b: &Battle, u: UnitId, s: Skill) -> Result<Vec<Modifier>, Illegal> {
    let (name, ranks, ability) = s.parts();
    let stats = b.stats(u);
    if b.has(u, ConditionKind::Fatigued)
        && matches!(s, Skill::Athletics | Skill::Agility | Skill::Endurance)
    {
        return Err(cond(
            b,
            u,
            "fatigued",
            "it cannot use Athletics, Agility or Endurance",
        ));
    }
    if b.has(u, ConditionKind::Nauseated) && s == Skill::Endurance {
        return Err(cond(b, u, "nauseated", "it cannot use Endurance"));
    }
    let mut m = vec![Modifier::new(ModKind::Skill, name, stats.d20_mod(ability))];
    if stats.get(ranks) != 0 {
        m.push(Modifier::new(ModKind::Skill, "ranks", stats.get(ranks)));
    }
    if b.has(u, ConditionKind::Encumbered) && matches!(s, Skill::Athletics | Skill::Agility) {
        let lost = lost_ability(stats, ability);
        if lost > 0 {
            m.push(Modifier::new(ModKind::Condition, "encumbered", -lost));
        }
    }
    if b.has(u, ConditionKind::FocusSkills) {
        m.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    d20_bonuses(b, u, &mut m);
    Ok(m)
}

/// The modifiers of a saving throw: the base save, the ability, and conditions.
pub fn save(b: &Battle, u: UnitId, s: Save) -> Vec<Modifier> {
    let stats = b.stats(u);
    let (name, base, ability) = match s {
        Save::Fortitude => ("Fortitude", Stat::Fort, Stat::Con),
        Save::Reflex => ("Reflex", Stat::Reflex, Stat::Dex),
        Save::Will => ("Will", Stat::Will, Stat::Wis),
    };
    let mut m = vec![
        Modifier::new(ModKind::Skill, name, stats.get(base)),
        Modifier::new(
            ModKind::Skill,
            ability_name(ability),
            stats.d20_mod(ability),
        ),
    ];
    let loses: &[ConditionKind] = match s {
        Save::Fortitude => &[
            ConditionKind::Stunned,
            ConditionKind::Fatigued,
            ConditionKind::Nauseated,
        ],
        Save::Reflex => &[
            ConditionKind::Stunned,
            ConditionKind::Surprised,
            ConditionKind::Restrained,
            ConditionKind::Encumbered,
            ConditionKind::Cover,
        ],
        Save::Will => &[
            ConditionKind::Stunned,
            ConditionKind::Surprised,
            ConditionKind::Confused,
            ConditionKind::Frightened,
        ],
    };
    if let Some(c) = loses.iter().find(|&&c| b.has(u, c)) {
        let lost = lost_ability(stats, ability);
        if lost > 0 {
            m.push(Modifier::new(ModKind::Condition, cond_name(*c), -lost));
        }
    }
    defence_bonuses(b, u, &mut m);
    m
}

fn ability_name(s: Stat) -> &'static str {
    match s {
        Stat::Str => "STR",
        Stat::Dex => "DEX",
        Stat::Con => "CON",
        Stat::Wis => "WIS",
        Stat::Int => "INT",
        _ => "CHA",
    }
}

/// Lower-case name of a condition for modifier labels.
pub fn cond_name(c: ConditionKind) -> &'static str {
    use ConditionKind::*;
    match c {
        Prone => "prone",
        Grappled => "grappled",
        Grappling => "grappling",
        Bleeding => "bleeding",
        Stunned => "stunned",
        Surprised => "surprised",
        TotalDefense => "total defense",
        Feinted => "feinted",
        Restrained => "restrained",
        Unconscious => "unconscious",
        Dying => "dying",
        Dead => "dead",
        Blind => "blind",
        Confused => "confused",
        Crippled => "crippled",
        Encumbered => "encumbered",
        Fatigued => "fatigued",
        Frightened => "frightened",
        Nauseated => "nauseated",
        Writhing => "writhing",
        Cover => "in cover",
        Defending => "defending",
        Guarding => "guarding",
        FocusAttack => "focus (attack)",
        FocusDefence => "focus (defence)",
        FocusSkills => "focus (skills)",
        Assisted => "assisted",
        Charging => "charging",
        Concentrating => "concentrating",
        Waiting => "waiting",
    }
}

/// Defend +3, Guard +2, Focus (defence) +1, Assist +4: AC and saves alike.
fn defence_bonuses(b: &Battle, u: UnitId, m: &mut Vec<Modifier>) {
    for (c, v) in [
        (ConditionKind::Defending, 3),
        (ConditionKind::Guarding, 2),
        (ConditionKind::FocusDefence, 1),
        (ConditionKind::Assisted, 4),
    ] {
        if b.has(u, c) {
            m.push(Modifier::new(ModKind::Condition, cond_name(c), v));
        }
    }
}

/// Is `target` flanked against `attacker`: the attacker fights in melee and threatens
/// it, and an ally of the attacker who threatens it stands in the cell exactly opposite?
pub fn flanked(b: &Battle, attacker: UnitId, target: UnitId, weapon: usize) -> bool {
    let melee = b
        .weapons(attacker)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Melee);
    if !melee || !b.threatens(attacker, b.pos(target)) {
        return false;
    }
    let opp = b.grid().opposite(b.pos(attacker), b.pos(target));
    b.unit_at(opp, None)
        .is_some_and(|a| a != attacker && !b.enemies(a, attacker) && b.threatens(a, b.pos(target)))
}

/// Cover from terrain: a low wall on the line between attacker and target.
pub fn terrain_cover(b: &Battle, attacker: UnitId, target: UnitId) -> bool {
    let line = b.grid().line(b.pos(attacker), b.pos(target));
    line.iter()
        .skip(1)
        .take(line.len().saturating_sub(2))
        .any(|&c| b.terrain(c) == Terrain::Low)
}

/// "High Ground vs Low Ground, Difficult vs Normal Terrain": +1 when `a` stands better
/// than `t`, −1 when worse, 0 otherwise; with the reason.
fn footing(b: &Battle, a: UnitId, t: UnitId) -> Option<(i32, &'static str)> {
    let (ta, tt) = (b.terrain(b.pos(a)), b.terrain(b.pos(t)));
    let high = |x: Terrain| x == Terrain::High;
    let rough = |x: Terrain| x == Terrain::Difficult;
    if high(ta) && !high(tt) {
        Some((1, "high ground"))
    } else if high(tt) && !high(ta) {
        Some((-1, "high ground"))
    } else if rough(tt) && !rough(ta) {
        Some((1, "firm footing"))
    } else if rough(ta) && !rough(tt) {
        Some((-1, "firm footing"))
    } else {
        None
    }
}

/// The target's AC against an attack.
pub fn armour_class(b: &Battle, attacker: UnitId, target: UnitId, weapon: usize) -> Vec<Modifier> {
    let melee = b
        .weapons(attacker)
        .get(weapon)
        .is_none_or(|w| w.kind == WeaponKind::Melee);
    let conds: Vec<ConditionKind> = b
        .get::<crate::components::Conditions>(target)
        .map(|c| c.0.iter().map(|c| c.kind).collect())
        .unwrap_or_default();
    let mut ac = td::armour_class(
        b.stats(target),
        &conds,
        melee,
        flanked(b, attacker, target, weapon),
    );
    defence_bonuses(b, target, &mut ac);
    if b.has(target, ConditionKind::Charging) {
        ac.push(Modifier::new(ModKind::Condition, "charging", -2));
    }
    if b.has(target, ConditionKind::Cover) {
        ac.push(Modifier::new(ModKind::Terrain, "in cover", 4));
    } else if terrain_cover(b, attacker, target) {
        ac.push(Modifier::new(ModKind::Terrain, "cover", 4));
    }
    if let Some((-1, why)) = footing(b, attacker, target) {
        ac.push(Modifier::new(ModKind::Terrain, why, 4));
    }
    ac
}

/// Everything about an attack before the die: bonus parts, AC parts, critical range.
pub fn attack_math(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> D20Attack {
    let stats = b.stats(attacker);
    let Some(w) = b.weapons(attacker).get(weapon).cloned() else {
        return D20Attack {
            bonus: Vec::new(),
            ac: vec![Modifier::new(ModKind::Skill, "AC", 99)],
            crit_from: 20,
            crit_mult: 2,
        };
    };
    let slot = kind_slot(kind);
    let mut a = td::attack(
        stats,
        b.size(attacker),
        &w,
        slot,
        armour_class(b, attacker, target, weapon),
    );
    if b.has(attacker, ConditionKind::Fatigued) {
        let ability = a.bonus.get(1).map(|m| m.value).unwrap_or(0);
        if ability > 0 {
            a.bonus
                .push(Modifier::new(ModKind::Condition, "fatigued", -ability));
        }
    }
    if kind == AttackKind::Charge {
        a.bonus.push(Modifier::new(ModKind::Other, "charge", 2));
    }
    if b.has(attacker, ConditionKind::FocusAttack) {
        a.bonus.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    d20_bonuses(b, attacker, &mut a.bonus);
    if let Some((1, why)) = footing(b, attacker, target) {
        a.bonus.push(Modifier::new(ModKind::Terrain, why, 4));
    }
    if w.kind == WeaponKind::Melee && b.has(attacker, ConditionKind::Prone) {
        a.bonus
            .push(Modifier::new(ModKind::Condition, "prone attacker", -4));
    }
    if w.kind == WeaponKind::Ranged && w.range > 0 {
        let d = b.grid().distance(b.pos(attacker), b.pos(target));
        let inc = (d.saturating_sub(1)) / w.range;
        if inc > 0 {
            a.bonus.push(Modifier::new(
                ModKind::RangeIncrement,
                format!("range ×{}", inc + 1),
                -2 * inc as i32,
            ));
        }
    }
    a
}

/// Is the attacker proficient with the weapon (one it started the battle with)?
pub fn proficient(b: &Battle, u: UnitId, weapon: usize) -> bool {
    let Some(w) = b.weapons(u).get(weapon) else {
        return false;
    };
    b.level()
        .units
        .get(u.0 as usize)
        .is_some_and(|d| d.weapons.iter().any(|o| o.name == w.name))
}

/// The damage expression and flat modifiers of a hit (dice multiplied on a crit).
pub fn damage_parts(
    b: &Battle,
    attacker: UnitId,
    weapon: usize,
    kind: AttackKind,
    mult: i32,
) -> (DiceExpr, Vec<Modifier>) {
    let Some(w) = b.weapons(attacker).get(weapon) else {
        return (DiceExpr::new(0, 1), Vec::new());
    };
    let mut dice = w.damage;
    dice.count *= mult.max(1) as u32;
    dice.keep = crate::dice::Keep::All;
    let mut m = Vec::new();
    let stats = b.stats(attacker);
    if w.kind == WeaponKind::Melee || w.has(WeaponTag::Thrown) {
        let s = stats.d20_mod(Stat::Str);
        m.push(Modifier::new(ModKind::Skill, "STR", s));
        if b.has(attacker, ConditionKind::Fatigued) && s > 0 {
            m.push(Modifier::new(ModKind::Condition, "fatigued", -s));
        }
    }
    if kind == AttackKind::Charge {
        m.push(Modifier::new(ModKind::Other, "charge", 2));
    }
    if b.has(attacker, ConditionKind::FocusAttack) {
        m.push(Modifier::new(ModKind::Condition, "focus", 1));
    }
    (dice, m)
}

/// The chance of a hit and of a crit, and the damage range: what the preview and the AI
/// show, from the same numbers the resolver rolls against.
pub fn attack_preview(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> (D20Attack, f64, f64, (i32, i32)) {
    let a = attack_math(b, attacker, target, weapon, kind);
    let (hit, crit) = a.odds();
    let (d1, m1) = damage_parts(b, attacker, weapon, kind, 1);
    let mult = if proficient(b, attacker, weapon) {
        a.crit_mult as i32
    } else {
        1
    };
    let (d2, m2) = damage_parts(b, attacker, weapon, kind, mult);
    let flat1: i32 = m1.iter().map(|m| m.value).sum();
    let flat2: i32 = m2.iter().map(|m| m.value).sum();
    let dr = b.stats(target).get(Stat::Dr);
    let lo = ((d1.min() + flat1).max(1) - dr).max(0);
    let hi = ((d2.max() + flat2).max(1) - dr).max(0);
    (a, hit, crit, (lo, hi))
}

/// The attack slot an attack kind is made with.
pub fn kind_slot(kind: AttackKind) -> AttackSlot {
    match kind {
        AttackKind::Secondary => AttackSlot::Secondary,
        AttackKind::Tertiary => AttackSlot::Tertiary,
        AttackKind::Reaction | AttackKind::Riposte => AttackSlot::Opportunity,
        _ => AttackSlot::Primary,
    }
}

fn d20(b: &mut Battle, u: UnitId, mods: &[Modifier]) -> Result<Roll, ForcedFaceError> {
    let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
    // Unconscious: "use 1 for all d20 rolls".
    if b.has(u, ConditionKind::Unconscious) {
        roll = Roll::from_faces(DiceExpr::new(1, 20), vec![1]);
    }
    for m in mods {
        roll = roll.with(m.clone());
    }
    Ok(roll)
}

fn check_event(b: &mut Battle, u: UnitId, purpose: CheckPurpose, roll: Roll, target: i32) -> bool {
    let success = roll.total >= target;
    b.emit(Event::Check {
        unit: u,
        purpose,
        roll,
        target_number: target,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
    });
    success
}

/// An opposed check: the active roll against the passive one; the higher total wins,
/// a tie goes to the higher bonus, then to the passive side. Returns (active wins, tie).
fn opposed(
    b: &mut Battle,
    purpose: CheckPurpose,
    active: UnitId,
    a_mods: &[Modifier],
    passive: UnitId,
    p_mods: Option<&[Modifier]>,
) -> Result<(bool, bool), ForcedFaceError> {
    let ra = d20(b, active, a_mods)?;
    let (wins, tie) = match p_mods {
        None => {
            // The passive side cannot use the check at all: the active one wins.
            check_event(b, active, purpose, ra, 0);
            (true, false)
        }
        Some(pm) => {
            let rp = d20(b, passive, pm)?;
            let (ta, tp) = (ra.total, rp.total);
            let (ba, bp) = (
                a_mods.iter().map(|m| m.value).sum::<i32>(),
                pm.iter().map(|m| m.value).sum::<i32>(),
            );
            check_event(b, active, purpose, ra, tp);
            check_event(b, passive, purpose, rp, ta);
            (active_wins(ta, ba, tp, bp), ta == tp)
        }
    };
    b.emit(Event::Contest {
        purpose,
        active,
        passive,
        active_wins: wins,
    });
    Ok((wins, tie))
}

// ---------------------------------------------------------------------------------------
// Geometry of dashes, jumps, overruns, pushes

/// A straight line of steps from `from` to `to`, if every step is to an adjacent cell.
fn straight(b: &Battle, from: Cell, to: Cell) -> Vec<Cell> {
    b.grid().line(from, to)
}

/// The path of a Dash: a straight line of up to double speed, or any path of up to
/// one-and-a-half speed; never in difficult terrain. Returns the path and whether it is
/// straight.
pub fn dash_path(b: &Battle, u: UnitId, to: Cell) -> Result<(Vec<Cell>, bool), Illegal> {
    let from = b.pos(u);
    let line = dash_line(b, u, to)?;
    if straight_clear(b, u, &line) {
        return Ok((line, true));
    }
    let sp = speed(b, u);
    let budget = sp * 3 / 2;
    let cost = |c: Cell| -> Option<u32> {
        match b.terrain(c) {
            Terrain::Floor | Terrain::High => {}
            _ => return None,
        }
        match b.unit_at(c, Some(u)) {
            Some(o) if b.enemies(u, o) => None,
            _ => Some(1),
        }
    };
    match b.grid().path(from, to, budget, cost) {
        Some((p, _)) => Ok((p, false)),
        None => Err(Illegal::TooFar {
            unit: named(b, u),
            to,
            cost: line.len() as u32 - 1,
            budget: if line.len() as u32 - 1 <= 2 * sp {
                budget
            } else {
                2 * sp
            },
        }),
    }
}

/// The straight line of a Dash from the mover's cell to `to`, once the start and end
/// allow a Dash at all.
fn dash_line(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Cell>, Illegal> {
    let from = b.pos(u);
    if to == from {
        return Err(Illegal::AlreadyThere(named(b, u)));
    }
    if !b.grid().contains(to) || !b.terrain(to).standable() {
        return Err(Illegal::BadCell(to));
    }
    if b.terrain(from) == Terrain::Difficult {
        return Err(cannot(b, u, "a Dash cannot start in difficult terrain"));
    }
    if let Some(o) = b.unit_at(to, Some(u)) {
        return Err(Illegal::Occupied {
            cell: to,
            by: named(b, o),
        });
    }
    Ok(straight(b, from, to))
}

/// Is a straight dash along `line` (from the mover's cell) within double speed, over
/// open ground and past no enemy?
fn straight_clear(b: &Battle, u: UnitId, line: &[Cell]) -> bool {
    line.len() as u32 - 1 <= 2 * speed(b, u)
        && line
            .iter()
            .skip(1)
            .all(|&c| b.terrain(c) == Terrain::Floor || b.terrain(c) == Terrain::High)
        && line
            .iter()
            .skip(1)
            .all(|&c| b.unit_at(c, Some(u)).is_none_or(|o| !b.enemies(u, o)))
}

/// The cell a Charge ends on: the given one, or the nearest cell on a straight, clear
/// line of at least 2 steps from which the target is in reach.
pub fn charge_landing(
    b: &Battle,
    u: UnitId,
    target: UnitId,
    to: Option<Cell>,
) -> Result<Vec<Cell>, Illegal> {
    let reach = b
        .weapons(u)
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && b.in_hand(u, *i)
        })
        .map(|(_, w)| w.reach.max(b.size(u).reach()))
        .max()
        .ok_or_else(|| cannot(b, u, "a Charge needs a melee weapon in hand"))?;
    let ok = |c: Cell| -> Option<Vec<Cell>> {
        if b.grid().distance(c, b.pos(target)) > reach {
            return None;
        }
        // Only a straight dash will do: no need to search for a way around.
        dash_line(b, u, c)
            .ok()
            .filter(|line| line.len() >= 3 && straight_clear(b, u, line))
    };
    match to {
        Some(c) => ok(c).ok_or_else(|| {
            cannot(
                b,
                u,
                format!(
                    "a Charge needs a clear straight dash of at least 10 ft (2 cells) to {c}, ending in reach of {}",
                    b.name(target)
                ),
            )
        }),
        None => {
            let mut cands: Vec<Cell> = b.grid().within(b.pos(target), reach);
            cands.sort_by_key(|&c| (b.grid().distance(b.pos(u), c), c.y, c.x));
            cands.into_iter().find_map(ok).ok_or_else(|| {
                cannot(
                    b,
                    u,
                    format!(
                        "no clear straight line of at least 10 ft (2 cells) ends in reach of {}",
                        b.name(target)
                    ),
                )
            })
        }
    }
}

/// The legs of a Jump: a straight line over pits (5 ft across each: DC +5) and low walls
/// (5 ft up: DC +10), after a run-up of at least 2 cells.
pub fn jump_legs(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Leg>, Illegal> {
    let from = b.pos(u);
    if !b.grid().contains(to) || !b.terrain(to).standable() || b.unit_at(to, Some(u)).is_some() {
        return Err(Illegal::BadCell(to));
    }
    let line = straight(b, from, to);
    if line.len() as u32 - 1 > 2 * speed(b, u) {
        return Err(Illegal::TooFar {
            unit: named(b, u),
            to,
            cost: line.len() as u32 - 1,
            budget: 2 * speed(b, u),
        });
    }
    let mut legs = vec![Leg {
        gate: Gate::None,
        path: vec![from],
    }];
    let mut dc = 0;
    for &c in line.iter().skip(1) {
        match b.terrain(c) {
            Terrain::Pit => dc += 5,
            Terrain::Low => dc += 10,
            Terrain::Floor | Terrain::High => {
                if b.unit_at(c, Some(u)).is_some() {
                    return Err(Illegal::Occupied {
                        cell: c,
                        by: b
                            .unit_at(c, Some(u))
                            .map(|o| named(b, o))
                            .unwrap_or_default(),
                    });
                }
                if dc > 0 {
                    let takeoff = *legs.last().and_then(|l| l.path.last()).unwrap_or(&from);
                    legs.push(Leg {
                        gate: Gate::Jump { dc: 5 + dc },
                        path: vec![takeoff],
                    });
                    dc = 0;
                }
                if let Some(l) = legs.last_mut() {
                    l.path.push(c);
                }
            }
            Terrain::Difficult => {
                return Err(cannot(b, u, "a Jump's dash cannot cross difficult terrain"));
            }
            Terrain::Wall => return Err(cannot(b, u, "a wall is in the way")),
        }
    }
    if legs.len() < 2 {
        return Err(cannot(
            b,
            u,
            "nothing to jump over on that line (a pit or a low wall)",
        ));
    }
    if legs[0].path.len() < 3 {
        return Err(cannot(
            b,
            u,
            "a Jump needs a straight run-up of at least 10 ft (2 cells)",
        ));
    }
    Ok(legs)
}

/// The legs of an Overrun: a straight dash through creatures, after a run-up of 2 cells.
pub fn overrun_legs(b: &Battle, u: UnitId, to: Cell) -> Result<Vec<Leg>, Illegal> {
    let from = b.pos(u);
    if !b.grid().contains(to) || !b.terrain(to).standable() || b.unit_at(to, Some(u)).is_some() {
        return Err(Illegal::BadCell(to));
    }
    let line = straight(b, from, to);
    if line.len() as u32 - 1 > 2 * speed(b, u) {
        return Err(Illegal::TooFar {
            unit: named(b, u),
            to,
            cost: line.len() as u32 - 1,
            budget: 2 * speed(b, u),
        });
    }
    let mut legs = vec![Leg {
        gate: Gate::None,
        path: vec![from],
    }];
    for &c in line.iter().skip(1) {
        if !matches!(b.terrain(c), Terrain::Floor | Terrain::High) {
            return Err(cannot(
                b,
                u,
                format!("{c} is not open ground for an Overrun"),
            ));
        }
        match b.unit_at(c, Some(u)) {
            Some(v) => {
                let takeoff = *legs.last().and_then(|l| l.path.last()).unwrap_or(&from);
                legs.push(Leg {
                    gate: Gate::Overrun { victim: v },
                    path: vec![takeoff],
                });
            }
            None => {
                if let Some(l) = legs.last_mut() {
                    l.path.push(c);
                }
            }
        }
    }
    if legs.len() < 2 {
        return Err(cannot(b, u, "nobody stands on that line to overrun"));
    }
    if legs[0].path.len() < 3 {
        return Err(cannot(
            b,
            u,
            "an Overrun needs a straight run-up of at least 10 ft (2 cells)",
        ));
    }
    Ok(legs)
}

/// The cells a Push moves the target along: straight away from the pusher, up to half
/// the pusher's speed (or `distance`), stopping at anything in the way.
pub fn push_path(b: &Battle, u: UnitId, t: UnitId, distance: Option<u32>) -> Vec<Cell> {
    let max = distance.unwrap_or(u32::MAX).min((speed(b, u) / 2).max(1));
    let mut out = Vec::new();
    let (mut back, mut at) = (b.pos(u), b.pos(t));
    for _ in 0..max {
        let next = b.grid().opposite(back, at);
        if b.grid().distance(at, next) != 1 || !standable_free(b, next, None) {
            break;
        }
        out.push(next);
        back = at;
        at = next;
    }
    out
}

/// Threatening foes of `u` (for Concentrate and Tumble DCs) at a cell.
fn threatening_foes(b: &Battle, u: UnitId, cells: &[Cell]) -> Vec<UnitId> {
    b.units()
        .filter(|&o| b.enemies(o, u) && cells.iter().any(|&c| b.threatens(o, c)))
        .collect()
}

/// The path of a Tumble (half speed) and its DC: 5 + 5 per foe threatening the path.
pub fn tumble_plan(b: &Battle, u: UnitId, to: Cell) -> Result<(Vec<Cell>, i32), Illegal> {
    if to == b.pos(u) {
        return Err(Illegal::AlreadyThere(named(b, u)));
    }
    if !b.grid().contains(to) || !b.terrain(to).standable() {
        return Err(Illegal::BadCell(to));
    }
    if let Some(o) = b.unit_at(to, Some(u)) {
        return Err(Illegal::Occupied {
            cell: to,
            by: named(b, o),
        });
    }
    let half = speed(b, u) / 2;
    let (path, _) = b
        .level()
        .grid
        .path(b.pos(u), to, half.max(1), b.mover_cost(u))
        .ok_or(Illegal::TooFar {
            unit: named(b, u),
            to,
            cost: b.grid().distance(b.pos(u), to),
            budget: half,
        })?;
    let foes = threatening_foes(b, u, &path);
    Ok((path, 5 + 5 * foes.len() as i32))
}

/// The DC of Concentrate: 5 + 5 per foe threatening the unit.
pub fn concentrate_dc(b: &Battle, u: UnitId) -> i32 {
    5 + 5 * threatening_foes(b, u, &[b.pos(u)]).len() as i32
}

fn in_reach(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    if !b.threatens(u, b.pos(t)) {
        return Err(Illegal::NotAdjacent {
            unit: named(b, u),
            target: named(b, t),
        });
    }
    Ok(())
}

fn enemy(b: &Battle, u: UnitId, t: UnitId) -> Result<(), Illegal> {
    b.unit_checked(t)?;
    if u == t {
        return Err(Illegal::SelfTarget);
    }
    if !b.alive(t) {
        return Err(Illegal::Down(named(b, t)));
    }
    if !b.enemies(u, t) {
        return Err(Illegal::Ally(named(b, t)));
    }
    Ok(())
}

/// The item a Disarm or Sunder goes for by default: the weapon the target fights with.
pub fn default_item(b: &Battle, t: UnitId) -> Option<usize> {
    (0..b.weapons(t).len())
        .filter(|&i| b.held(t, i) && !b.weapons(t)[i].has(WeaponTag::Natural))
        .max_by_key(|&i| {
            let w = &b.weapons(t)[i];
            (
                !w.has(WeaponTag::Shield),
                w.damage.max() + w.damage.min(),
                std::cmp::Reverse(i),
            )
        })
}

/// The grapple partner of a restrained unit (the source of its Restrained condition).
pub fn grapple_partner(b: &Battle, u: UnitId) -> Option<UnitId> {
    b.condition_source(u, ConditionKind::Restrained)
}

// ---------------------------------------------------------------------------------------
// check

/// Is the action legal now? Pure. (`acting` was checked by the caller.)
pub fn check(b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
    use Action::*;
    let (first, second) = slots_of(a);
    let Some(first) = first else {
        return Err(Illegal::NoSuchAction {
            ruleset: "tactical-d20",
            action: crate::rulesets::flow::action_name(a),
        });
    };
    may_act(b, u)?;
    let name = action_name(a);
    need_slot(b, u, first, name)?;
    if let Some(s) = second {
        // The Standard pays for the Dash, so the Move must be a real Move action.
        if b.slots(u, s) == 0 {
            return Err(Illegal::NoSlot {
                unit: named(b, u),
                action: name,
                slot: slot_name(s),
            });
        }
        if first == Slot::Standard && b.slots(u, Slot::Standard) == 0 {
            return Err(Illegal::NoSlot {
                unit: named(b, u),
                action: name,
                slot: "Standard",
            });
        }
    }
    match a {
        Dash { to } => {
            may_move(b, u)?;
            dash_path(b, u, *to).map(|_| ())
        }
        Charge { target, to } => {
            offensive(b, u)?;
            may_move(b, u)?;
            enemy(b, u, *target)?;
            charge_landing(b, u, *target, *to).map(|_| ())
        }
        Jump { to } => {
            may_move(b, u)?;
            skill(b, u, Skill::Athletics)?;
            jump_legs(b, u, *to).map(|_| ())
        }
        Overrun { to } => {
            offensive(b, u)?;
            may_move(b, u)?;
            skill(b, u, Skill::Athletics)?;
            overrun_legs(b, u, *to).map(|_| ())
        }
        Defend | Guard | Wait => Ok(()),
        Focus { .. } => Ok(()),
        Command { text } => {
            let n = text.split_whitespace().count();
            if n == 0 {
                return Err(cannot(b, u, "a Command needs words"));
            }
            if n > COMMAND_WORDS {
                return Err(Illegal::TooManyWords(n));
            }
            Ok(())
        }
        Assist { ally } => {
            b.unit_checked(*ally)?;
            if *ally == u || b.enemies(u, *ally) {
                return Err(cannot(
                    b,
                    u,
                    "Assist helps another creature of its own side",
                ));
            }
            if !b.alive(*ally) {
                return Err(Illegal::Down(named(b, *ally)));
            }
            if !b.threatens(u, b.pos(*ally)) {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is not within its threatened range", b.name(*ally)),
                ));
            }
            Ok(())
        }
        Trip { target } | Push { target, .. } | Grapple { target } => {
            maneuver(b, u, *target)?;
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Athletics)?;
            if let Grapple { target } = a
                && b.has(*target, ConditionKind::Restrained)
            {
                return Err(cannot(
                    b,
                    u,
                    format!("{} is already restrained", b.name(*target)),
                ));
            }
            Ok(())
        }
        Disarm { target, item, send } => {
            maneuver(b, u, *target)?;
            if send.is_some() {
                return Err(cannot(
                    b,
                    u,
                    "tactical-d20's Disarm drops the item; it cannot send it",
                ));
            }
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Athletics)?;
            held_item(b, *target, *item)
        }
        Sunder { target, item } => {
            maneuver(b, u, *target)?;
            in_reach(b, u, *target)?;
            if b.best_melee(u, b.grid().distance(b.pos(u), b.pos(*target)))
                .is_none()
            {
                return Err(cannot(b, u, "Sunder needs a melee weapon in hand"));
            }
            held_item(b, *target, *item)
        }
        GrappleTurn { follow } => {
            let Some(p) = grapple_partner(b, u) else {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "in a grapple",
                });
            };
            if *follow == GrappleFollow::Attack && b.best_melee(u, 1).is_none() {
                return Err(cannot(b, u, "no melee weapon in hand to attack with"));
            }
            if *follow == GrappleFollow::Push && push_path(b, u, p, None).is_empty() {
                return Err(cannot(b, u, "there is no room to push"));
            }
            skill(b, u, Skill::Athletics).map(|_| ())
        }
        BreakFree => {
            if !b.has(u, ConditionKind::Restrained) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "restrained",
                });
            }
            skill(b, u, Skill::Athletics).map(|_| ())
        }
        Concentrate => skill(b, u, Skill::Endurance).map(|_| ()),
        Feint { target } => {
            offensive(b, u)?;
            enemy(b, u, *target)?;
            in_reach(b, u, *target)?;
            skill(b, u, Skill::Deception).map(|_| ())
        }
        TumbleTo { to } => {
            may_move(b, u)?;
            skill(b, u, Skill::Agility)?;
            tumble_plan(b, u, *to).map(|_| ())
        }
        Draw { item } => {
            let w = b.weapons(u).get(*item).ok_or(Illegal::NoItem {
                unit: named(b, u),
                item: *item,
            })?;
            match b.carried(u, *item) {
                Some(Carried::Stowed) => {}
                Some(Carried::Held) => {
                    return Err(Illegal::ItemState {
                        unit: named(b, u),
                        item: w.name.clone(),
                        state: "already held",
                    });
                }
                _ => {
                    return Err(Illegal::ItemState {
                        unit: named(b, u),
                        item: w.name.clone(),
                        state: "lost",
                    });
                }
            }
            // Equip may stow what is in the way: only the total matters.
            if w.hands() > crate::components::HANDS {
                return Err(Illegal::Hands {
                    unit: named(b, u),
                    need: w.hands(),
                    free: b.free_hands(u),
                });
            }
            Ok(())
        }
        Sheathe { item } => own_held(b, u, *item),
        PickUp => {
            if !b.ground().iter().any(|(c, _)| *c == b.pos(u)) {
                return Err(Illegal::NothingHere(b.pos(u)));
            }
            Ok(())
        }
        Give { item, ally } => {
            b.unit_checked(*ally)?;
            if *ally == u || b.enemies(u, *ally) || !b.alive(*ally) {
                return Err(cannot(b, u, "items can be handed to a living ally only"));
            }
            if b.grid().distance(b.pos(u), b.pos(*ally)) != 1 {
                return Err(Illegal::NotAdjacent {
                    unit: named(b, u),
                    target: named(b, *ally),
                });
            }
            own_held(b, u, *item)?;
            let need = b.weapons(u).get(*item).map(|w| w.hands()).unwrap_or(1);
            if b.free_hands(*ally) < need {
                return Err(Illegal::Hands {
                    unit: named(b, *ally),
                    need,
                    free: b.free_hands(*ally),
                });
            }
            Ok(())
        }
        StandUp => {
            if !b.has(u, ConditionKind::Prone) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, u),
                    condition: "prone",
                });
            }
            Ok(())
        }
        Step { to } => {
            may_move(b, u)?;
            if !b.grid().contains(*to) || !b.terrain(*to).standable() {
                return Err(Illegal::BadCell(*to));
            }
            if b.grid().distance(b.pos(u), *to) != 1 {
                return Err(cannot(b, u, "a Side Step moves 5 ft (one cell)"));
            }
            if b.terrain(*to) == Terrain::Difficult || b.terrain(b.pos(u)) == Terrain::Difficult {
                return Err(cannot(
                    b,
                    u,
                    "a Side Step cannot be taken through difficult terrain",
                ));
            }
            if let Some(o) = b.unit_at(*to, Some(u)) {
                return Err(Illegal::Occupied {
                    cell: *to,
                    by: named(b, o),
                });
            }
            Ok(())
        }
        Patch { ally } => {
            b.unit_checked(*ally)?;
            if b.enemies(u, *ally) || !b.alive(*ally) {
                return Err(cannot(b, u, "only oneself or a living ally can be patched"));
            }
            if *ally != u && b.grid().distance(b.pos(u), b.pos(*ally)) != 1 {
                return Err(Illegal::NotAdjacent {
                    unit: named(b, u),
                    target: named(b, *ally),
                });
            }
            if !b.has(*ally, ConditionKind::Bleeding) {
                return Err(Illegal::NotInCondition {
                    unit: named(b, *ally),
                    condition: "bleeding",
                });
            }
            skill(b, u, Skill::Survival).map(|_| ())
        }
        _ => Err(Illegal::NoSuchAction {
            ruleset: "tactical-d20",
            action: crate::rulesets::flow::action_name(a),
        }),
    }
}

/// What every maneuver against a foe needs: an offensive action, a living enemy, and
/// freedom to act (a restrained unit may only make its grapple check).
fn maneuver(b: &Battle, u: UnitId, target: UnitId) -> Result<(), Illegal> {
    offensive(b, u)?;
    enemy(b, u, target)?;
    if b.has(u, ConditionKind::Restrained) {
        return Err(cond(b, u, "restrained", "it can only make a grapple check"));
    }
    Ok(())
}

/// An item of `u`'s loadout that is in hand and can leave it (not a natural weapon).
fn own_held(b: &Battle, u: UnitId, item: usize) -> Result<(), Illegal> {
    let w = b.weapons(u).get(item).ok_or(Illegal::NoItem {
        unit: named(b, u),
        item,
    })?;
    if !b.held(u, item) || w.has(WeaponTag::Natural) {
        return Err(Illegal::ItemState {
            unit: named(b, u),
            item: w.name.clone(),
            state: "not held",
        });
    }
    Ok(())
}

fn held_item(b: &Battle, t: UnitId, item: Option<usize>) -> Result<(), Illegal> {
    match item {
        Some(i) => own_held(b, t, i),
        None => default_item(b, t).map(|_| ()).ok_or(Illegal::ItemState {
            unit: named(b, t),
            item: "hands".into(),
            state: "empty",
        }),
    }
}

// ---------------------------------------------------------------------------------------
// perform

fn pay(b: &mut Battle, u: UnitId, wanted: Slot, on: Spend) {
    if let Some(slot) = payer(b, u, wanted) {
        b.emit(Event::SlotUsed { unit: u, slot, on });
    }
}

/// Athletics against the target's Reflex save; a failure provokes the target.
/// Does the active side win an opposed d20 check with these totals and bonuses? The
/// higher total wins, a tie goes to the higher bonus, and a full tie to the passive side.
pub fn active_wins(total_a: i32, bonus_a: i32, total_p: i32, bonus_p: i32) -> bool {
    total_a > total_p || (total_a == total_p && bonus_a > bonus_p)
}

/// The exact chance that the active side wins an opposed d20 check ([`opposed`]), from
/// each side's bonus and whether it must "use 1 for all d20 rolls" (unconscious).
pub fn opposed_odds(bonus_a: i32, a_rolls_1: bool, bonus_p: i32, p_rolls_1: bool) -> f64 {
    let faces = |ones: bool| -> Vec<i32> {
        if ones {
            vec![1; 20]
        } else {
            (1..=20).collect()
        }
    };
    let mut wins = 0;
    for fa in faces(a_rolls_1) {
        for &fp in &faces(p_rolls_1) {
            if active_wins(fa + bonus_a, bonus_a, fp + bonus_p, bonus_p) {
                wins += 1;
            }
        }
    }
    f64::from(wins) / 400.0
}

/// [`opposed_odds`] for two units and their modifiers.
pub fn opposed_chance(
    b: &Battle,
    active: UnitId,
    a_mods: &[Modifier],
    passive: UnitId,
    p_mods: &[Modifier],
) -> f64 {
    let bonus = |mods: &[Modifier]| mods.iter().map(|m| m.value).sum::<i32>();
    opposed_odds(
        bonus(a_mods),
        b.has(active, ConditionKind::Unconscious),
        bonus(p_mods),
        b.has(passive, ConditionKind::Unconscious),
    )
}

/// The chance a Trip (or Push or Disarm) by `u` on `target` succeeds: Athletics against
/// Reflex. 0 when `u` cannot use Athletics.
pub fn maneuver_chance(b: &Battle, u: UnitId, target: UnitId) -> f64 {
    match skill(b, u, Skill::Athletics) {
        Ok(am) => opposed_chance(b, u, &am, target, &save(b, target, Save::Reflex)),
        Err(_) => 0.0,
    }
}

fn maneuver_roll(
    b: &mut Battle,
    u: UnitId,
    target: UnitId,
    purpose: CheckPurpose,
) -> Result<bool, Illegal> {
    let am = skill(b, u, Skill::Athletics)?;
    let pm = save(b, target, Save::Reflex);
    let (wins, _) = opposed(b, purpose, u, &am, target, Some(&pm))?;
    if !wins {
        fail_provokes(b, u, target);
    }
    Ok(wins)
}

fn fail_provokes(b: &mut Battle, u: UnitId, target: UnitId) {
    b.stack.push(Frame::Offer {
        reactor: target,
        trigger: Trigger::FailedManeuver { unit: u },
        to: None,
    });
}

/// Carry out a checked action.
pub(crate) fn perform(b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
    use Action::*;
    let (first, second) = slots_of(&a);
    let on = spend_of(&a);
    if let Some(s) = first {
        pay(b, u, s, on);
    }
    if let Some(s) = second {
        b.emit(Event::SlotUsed {
            unit: u,
            slot: s,
            on,
        });
    }
    match a {
        Dash { to } => {
            let (path, _) = dash_path(b, u, to)?;
            b.stack.push(Frame::Move {
                unit: u,
                path,
                next: 1,
                mode: MoveMode::Dash { exempt: None },
            });
        }
        Charge { target, to } => {
            let path = charge_landing(b, u, target, to)?;
            let dist = b
                .grid()
                .distance(*path.last().unwrap_or(&b.pos(u)), b.pos(target));
            let weapon = b.best_melee(u, dist).unwrap_or(0);
            add(
                b,
                u,
                ConditionKind::Charging,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.stack.push(Frame::Attack {
                attacker: u,
                target,
                weapon,
                kind: AttackKind::Charge,
                effect: HitEffect::Damage,
            });
            b.stack.push(Frame::Move {
                unit: u,
                path,
                next: 1,
                mode: MoveMode::Dash {
                    exempt: Some(target),
                },
            });
        }
        Jump { to } => {
            let legs = jump_legs(b, u, to)?;
            b.stack.push(Frame::Leap {
                unit: u,
                legs,
                index: 0,
            });
        }
        Overrun { to } => {
            let legs = overrun_legs(b, u, to)?;
            b.stack.push(Frame::Leap {
                unit: u,
                legs,
                index: 0,
            });
        }
        Defend => {
            add(
                b,
                u,
                ConditionKind::Defending,
                Duration::UntilOwnTurnStart,
                None,
            );
            let cover = b
                .grid()
                .neighbours(b.pos(u))
                .iter()
                .any(|&c| b.terrain(c) == Terrain::Low);
            if cover && let Ok(m) = skill(b, u, Skill::Stealth) {
                let roll = d20(b, u, &m)?;
                if check_event(b, u, CheckPurpose::Hide, roll, HIDE_DC) {
                    add(
                        b,
                        u,
                        ConditionKind::Cover,
                        Duration::UntilOwnTurnStart,
                        None,
                    );
                }
            }
        }
        Guard => add(
            b,
            u,
            ConditionKind::Guarding,
            Duration::UntilOwnTurnStart,
            None,
        ),
        Focus { on } => {
            let kind = match on {
                FocusOn::Attack => ConditionKind::FocusAttack,
                FocusOn::Defence => ConditionKind::FocusDefence,
                FocusOn::Skills => ConditionKind::FocusSkills,
            };
            add(b, u, kind, Duration::UntilOwnTurnStart, None);
        }
        Command { text } => b.emit(Event::Said { unit: u, text }),
        Wait => {
            add(
                b,
                u,
                ConditionKind::Waiting,
                Duration::UntilOwnTurnStart,
                None,
            );
            b.emit(Event::RpRegained { unit: u, amount: 1 });
        }
        Assist { ally } => add(
            b,
            ally,
            ConditionKind::Assisted,
            Duration::UntilSourceTurnStart,
            Some(u),
        ),
        Trip { target } => {
            let wins = maneuver_roll(b, u, target, CheckPurpose::Trip)?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Prone,
                    Duration::UntilRemoved,
                    Some(u),
                );
            }
        }
        Push { target, distance } => {
            let wins = maneuver_roll(b, u, target, CheckPurpose::Push)?;
            if wins {
                push(b, u, target, distance);
            }
        }
        Disarm { target, item, .. } => {
            if maneuver_roll(b, u, target, CheckPurpose::Disarm)?
                && let Some(i) = item.or_else(|| default_item(b, target))
                && let Some(w) = b.weapons(target).get(i).cloned()
            {
                let cell = b.pos(target);
                b.emit(Event::ItemDropped {
                    unit: target,
                    item: i,
                    weapon: w,
                    cell,
                });
            }
        }
        Sunder { target, item } => {
            let dist = b.grid().distance(b.pos(u), b.pos(target));
            let weapon = b.best_melee(u, dist).unwrap_or(0);
            let mut am = attack_math(b, u, target, weapon, AttackKind::Normal).bonus;
            am.retain(|m| m.kind != ModKind::Terrain || m.value < 0);
            let pm = save(b, target, Save::Reflex);
            let (wins, _) = opposed(b, CheckPurpose::Sunder, u, &am, target, Some(&pm))?;
            if wins {
                if let Some(i) = item.or_else(|| default_item(b, target)) {
                    sunder(b, u, weapon, target, i)?;
                }
            } else {
                fail_provokes(b, u, target);
            }
        }
        Grapple { target } => {
            let wins = maneuver_roll(b, u, target, CheckPurpose::Grapple)?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Restrained,
                    Duration::UntilRemoved,
                    Some(u),
                );
                add(
                    b,
                    u,
                    ConditionKind::Restrained,
                    Duration::UntilRemoved,
                    Some(target),
                );
                add(
                    b,
                    u,
                    ConditionKind::Grappling,
                    Duration::UntilRemoved,
                    Some(target),
                );
                // Restrained: "lose the Move Action every turn" — this turn too.
                lose_move(b, u);
            }
        }
        GrappleTurn { follow } => grapple_turn(b, u, follow)?,
        BreakFree => match grapple_partner(b, u) {
            Some(_) => grapple_turn(b, u, GrappleFollow::Release)?,
            None => {
                let m = skill(b, u, Skill::Athletics)?;
                let roll = d20(b, u, &m)?;
                if check_event(b, u, CheckPurpose::BreakFree, roll, ESCAPE_DC) {
                    remove(b, u, ConditionKind::Restrained, None);
                }
            }
        },
        Concentrate => {
            let m = skill(b, u, Skill::Endurance)?;
            let dc = concentrate_dc(b, u);
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Concentrate, roll, dc) {
                add(
                    b,
                    u,
                    ConditionKind::Concentrating,
                    Duration::UntilOwnTurnStart,
                    None,
                );
            }
        }
        Feint { target } => {
            let am = skill(b, u, Skill::Deception)?;
            let pm = save(b, target, Save::Will);
            let (wins, _) = opposed(b, CheckPurpose::Feint, u, &am, target, Some(&pm))?;
            if wins {
                add(
                    b,
                    target,
                    ConditionKind::Surprised,
                    Duration::UntilSourceTurnStart,
                    Some(u),
                );
            }
        }
        TumbleTo { to } => {
            let (path, dc) = tumble_plan(b, u, to)?;
            let m = skill(b, u, Skill::Agility)?;
            let roll = d20(b, u, &m)?;
            let ok = check_event(b, u, CheckPurpose::Tumble, roll, dc);
            b.stack.push(Frame::Move {
                unit: u,
                path,
                next: 1,
                mode: if ok {
                    MoveMode::Quiet
                } else {
                    MoveMode::Dash { exempt: None }
                },
            });
        }
        Draw { item } => {
            // Stow what is in the way first (part of the same Equip).
            let need = b.weapons(u).get(item).map(|w| w.hands()).unwrap_or(1);
            let mut free = b.free_hands(u);
            for i in (0..b.weapons(u).len()).rev() {
                if free >= need {
                    break;
                }
                if i != item && b.held(u, i) && !b.weapons(u)[i].has(WeaponTag::Natural) {
                    free += b.weapons(u)[i].hands();
                    b.emit(Event::CarryChanged {
                        unit: u,
                        item: i,
                        now: Carried::Stowed,
                    });
                }
            }
            b.emit(Event::CarryChanged {
                unit: u,
                item,
                now: Carried::Held,
            });
        }
        Sheathe { item } => b.emit(Event::CarryChanged {
            unit: u,
            item,
            now: Carried::Stowed,
        }),
        PickUp => {
            let cell = b.pos(u);
            let need = b
                .ground()
                .iter()
                .find(|(c, _)| *c == cell)
                .map(|(_, w)| w.hands())
                .unwrap_or(1);
            let now = if b.free_hands(u) >= need {
                Carried::Held
            } else {
                Carried::Stowed
            };
            b.emit(Event::PickedUp { unit: u, cell, now });
        }
        Give { item, ally } => b.emit(Event::ItemTaken {
            unit: ally,
            from: u,
            item,
        }),
        StandUp => {
            b.stack.push(Frame::StandUp { unit: u });
            for r in b.leave_reactors(u, b.pos(u)).into_iter().rev() {
                b.stack.push(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::StandingUp { unit: u },
                    to: None,
                });
            }
        }
        Step { to } => {
            let from = b.pos(u);
            b.stack.push(Frame::Move {
                unit: u,
                path: vec![from, to],
                next: 1,
                mode: MoveMode::Quiet,
            });
        }
        Patch { ally } => {
            let m = skill(b, u, Skill::Survival)?;
            let dc = 10 + b.bleed_taken(ally).abs();
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Patch, roll, dc) {
                remove(b, ally, ConditionKind::Bleeding, None);
            }
        }
        _ => {}
    }
    Ok(())
}

fn spend_of(a: &Action) -> Spend {
    use Action::*;
    match a {
        Dash { .. } => Spend::Dash,
        Charge { .. } => Spend::Charge,
        Jump { .. } => Spend::Jump,
        Overrun { .. } => Spend::Overrun,
        Defend => Spend::Defend,
        Guard => Spend::Guard,
        Assist { .. } => Spend::Assist,
        Focus { .. } => Spend::Focus,
        Trip { .. } => Spend::Trip,
        Push { .. } => Spend::Push,
        Sunder { .. } => Spend::Sunder,
        Disarm { .. } => Spend::Disarm,
        Grapple { .. } => Spend::Grapple,
        GrappleTurn { .. } => Spend::GrappleCheck,
        BreakFree => Spend::BreakFree,
        Concentrate => Spend::Concentrate,
        Feint { .. } => Spend::Feint,
        TumbleTo { .. } => Spend::Tumble,
        Draw { .. } | Sheathe { .. } | PickUp | Give { .. } => Spend::Equip,
        StandUp => Spend::StandUp,
        Step { .. } => Spend::SideStep,
        Command { .. } => Spend::Command,
        Wait => Spend::Wait,
        Patch { .. } => Spend::Patch,
        _ => Spend::Move,
    }
}

fn lose_move(b: &mut Battle, u: UnitId) {
    if b.slots(u, Slot::Move) > 0 {
        b.emit(Event::SlotLost {
            unit: u,
            slot: Slot::Move,
            why: ConditionKind::Restrained,
        });
    }
}

/// Push: the target moves straight away; the pusher follows into the cells it leaves.
fn push(b: &mut Battle, u: UnitId, target: UnitId, distance: Option<u32>) {
    let cells = push_path(b, u, target, distance);
    for c in cells {
        let (tf, uf) = (b.pos(target), b.pos(u));
        b.emit(Event::Displaced {
            unit: target,
            from: tf,
            to: c,
        });
        if b.grid().distance(uf, tf) == 1 {
            b.emit(Event::Displaced {
                unit: u,
                from: uf,
                to: tf,
            });
        }
    }
}

fn sunder(
    b: &mut Battle,
    u: UnitId,
    weapon: usize,
    target: UnitId,
    item: usize,
) -> Result<(), ForcedFaceError> {
    let (dice, mods) = damage_parts(b, u, weapon, AttackKind::Normal, 1);
    let mut roll = b.dice.roll(dice)?;
    for m in mods {
        roll = roll.with(m);
    }
    let fragile = b
        .weapons(target)
        .get(item)
        .is_some_and(|w| w.has(WeaponTag::Fragile));
    let base = roll.total.max(1);
    if !fragile {
        let half = base / 2;
        roll = roll.with(Modifier::new(ModKind::Other, "sturdy: half", half - base));
    }
    let amount = roll.total.max(0);
    let max = b.weapons(target).get(item).map(|w| w.hp).unwrap_or(10);
    let hp_after = max - b.wear(target, item) - amount;
    b.emit(Event::ItemDamaged {
        unit: target,
        item,
        roll,
        amount,
        hp_after,
    });
    if hp_after <= 0 {
        b.emit(Event::CarryChanged {
            unit: target,
            item,
            now: Carried::Gone,
        });
    }
    Ok(())
}

/// The opposed grapple check of a turn: Standard action against the partner's Reaction.
fn grapple_turn(b: &mut Battle, u: UnitId, follow: GrappleFollow) -> Result<(), Illegal> {
    let Some(p) = grapple_partner(b, u) else {
        return Ok(());
    };
    let am = skill(b, u, Skill::Athletics)?;
    // The partner resists with its Reaction; without one (or unable to use Athletics)
    // it cannot resist.
    let pm = if b.rp(p) >= 1 {
        skill(b, p, Skill::Athletics).ok()
    } else {
        None
    };
    if pm.is_some() {
        b.emit(Event::Reacted {
            reactor: p,
            kind: ReactionKind::Resist,
            rp_spent: 1,
        });
    }
    let (wins, tie) = opposed(b, CheckPurpose::GrappleCheck, u, &am, p, pm.as_deref())?;
    if tie {
        // "Ties result in the Grapple being maintained, and neither creature can act
        // further": the active creature's turn is over.
        for s in [Slot::Standard, Slot::Move, Slot::Quick] {
            if b.slots(u, s) > 0 {
                b.emit(Event::SlotLost {
                    unit: u,
                    slot: s,
                    why: ConditionKind::Restrained,
                });
            }
        }
        return Ok(());
    }
    if !wins {
        // The partner won: a held creature ends the grapple, a grappler keeps it.
        if !b.has(p, ConditionKind::Grappling) {
            end_grapple(b, p);
        }
        return Ok(());
    }
    match follow {
        GrappleFollow::Hold => {}
        GrappleFollow::Release => end_grapple(b, u),
        GrappleFollow::Trip => add(b, p, ConditionKind::Prone, Duration::UntilRemoved, Some(u)),
        GrappleFollow::Push => push(b, u, p, None),
        GrappleFollow::Attack => {
            let dist = b.grid().distance(b.pos(u), b.pos(p));
            if let Some(weapon) = b.best_melee(u, dist) {
                b.stack.push(Frame::Attack {
                    attacker: u,
                    target: p,
                    weapon,
                    kind: AttackKind::Normal,
                    effect: HitEffect::Damage,
                });
            }
        }
    }
    Ok(())
}

/// End the grapple `u` is in: both partners are free.
pub(crate) fn end_grapple(b: &mut Battle, u: UnitId) {
    if let Some(p) = grapple_partner(b, u) {
        remove(b, u, ConditionKind::Restrained, Some(p));
        remove(b, u, ConditionKind::Grappling, Some(p));
        if b.condition_source(p, ConditionKind::Restrained) == Some(u) {
            remove(b, p, ConditionKind::Restrained, Some(u));
            remove(b, p, ConditionKind::Grappling, Some(u));
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reactions

/// The options of a reaction offer, or `None` if the reactor can no longer take it.
pub fn offer_options(
    b: &Battle,
    reactor: UnitId,
    trigger: &Trigger,
    to: Option<Cell>,
) -> Option<Vec<ReactionKind>> {
    match trigger {
        Trigger::Leaving { mover, from } => {
            if !(b.alive(*mover)
                && b.pos(*mover) == *from
                && b.leave_reactors(*mover, *from).contains(&reactor))
            {
                return None;
            }
            let mut o = vec![ReactionKind::ReactionAttack];
            if let Some(to) = to
                && !b.threatens(reactor, to)
                && !b.has(reactor, ConditionKind::Prone)
            {
                o.push(ReactionKind::Pursuit);
            }
            Some(o)
        }
        Trigger::StandingUp { unit } => (b.alive(*unit)
            && b.leave_reactors(*unit, b.pos(*unit)).contains(&reactor))
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::FailedManeuver { unit } => (b.alive(*unit)
            && can_react(b, reactor)
            && !b.has(reactor, ConditionKind::Frightened)
            && b.threatens(reactor, b.pos(*unit))
            && b.best_melee(reactor, b.grid().distance(b.pos(reactor), b.pos(*unit)))
                .is_some())
        .then(|| vec![ReactionKind::ReactionAttack]),
        Trigger::EntersReach { mover, cell } => (b.alive(*mover)
            && b.pos(*mover) == *cell
            && b.has(reactor, ConditionKind::Waiting)
            && can_react(b, reactor)
            && b.threatens(reactor, *cell)
            && b.best_melee(reactor, b.grid().distance(b.pos(reactor), *cell))
                .is_some())
        .then(|| vec![ReactionKind::WaitedAttack]),
        _ => None,
    }
}

/// Waiting units whose threatened area `mover` just stepped into get their chance.
pub(crate) fn waited_triggers(b: &mut Battle, mover: UnitId, from: Cell, to: Cell) {
    let waiting: Vec<UnitId> = b
        .order()
        .iter()
        .copied()
        .filter(|&w| {
            b.enemies(w, mover)
                && b.has(w, ConditionKind::Waiting)
                && b.threatens(w, to)
                && !b.threatens(w, from)
        })
        .collect();
    for w in waiting.into_iter().rev() {
        b.stack.push(Frame::Offer {
            reactor: w,
            trigger: Trigger::EntersReach { mover, cell: to },
            to: None,
        });
    }
}

/// Carry out a chosen reaction (already paid for).
pub(crate) fn answer(b: &mut Battle, w: Window, kind: ReactionKind) -> Result<(), Illegal> {
    let provoker = w.trigger.provoker();
    match kind {
        ReactionKind::ReactionAttack | ReactionKind::WaitedAttack => {
            if kind == ReactionKind::WaitedAttack {
                remove(b, w.reactor, ConditionKind::Waiting, None);
            }
            if let Some(t) = provoker {
                let dist = b.grid().distance(b.pos(w.reactor), b.pos(t));
                if let Some(weapon) = b.best_melee(w.reactor, dist) {
                    b.stack.push(Frame::Attack {
                        attacker: w.reactor,
                        target: t,
                        weapon,
                        kind: AttackKind::Reaction,
                        effect: HitEffect::Damage,
                    });
                }
            }
        }
        ReactionKind::Pursuit => {
            if let Some(t) = provoker {
                // Once the mover's movement is over: just below its Move frame.
                let at = b
                    .stack
                    .iter()
                    .rposition(|f| matches!(f, Frame::Move { unit, .. } if *unit == t))
                    .or_else(|| {
                        b.stack
                            .iter()
                            .rposition(|f| matches!(f, Frame::Step { unit, .. } if *unit == t))
                    })
                    .unwrap_or(b.stack.len());
                b.stack.insert(
                    at,
                    Frame::Pursue {
                        unit: w.reactor,
                        target: t,
                    },
                );
            }
        }
        ReactionKind::StepAside => {
            let ahead = w
                .on_decline
                .iter()
                .find_map(|f| match f {
                    Frame::OverrunSave { ahead, .. } => Some(ahead.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            step_aside(b, w.reactor, &ahead);
        }
        _ => {}
    }
    Ok(())
}

/// Pursuit: move up to half speed toward the target, stopping next to it.
pub(crate) fn pursue(b: &mut Battle, u: UnitId, target: UnitId) {
    if !b.alive(u) || !b.alive(target) {
        return;
    }
    let half = (speed(b, u) / 2).max(1);
    let goal = b.pos(target);
    let field = b.level().grid.field(b.pos(u), half, b.mover_cost(u));
    let best = field
        .iter()
        .filter(|(c, _)| b.unit_at(*c, Some(u)).is_none())
        .min_by_key(|(c, (cost, _))| {
            let manhattan = (c.x - goal.x).abs() + (c.y - goal.y).abs();
            (b.grid().distance(*c, goal), *cost, manhattan, c.y, c.x)
        })
        .map(|(c, _)| c);
    if let Some(to) = best
        && to != b.pos(u)
        && let Some((path, _)) = crate::grid::path_from_field(&field, b.pos(u), to)
    {
        b.stack.push(Frame::Move {
            unit: u,
            path,
            next: 1,
            mode: MoveMode::Quiet,
        });
    }
}

fn step_aside(b: &mut Battle, v: UnitId, ahead: &[Cell]) -> bool {
    let here = b.pos(v);
    let spot = b
        .grid()
        .neighbours(here)
        .into_iter()
        .find(|&c| !ahead.contains(&c) && standable_free(b, c, None));
    match spot {
        Some(to) => {
            b.emit(Event::Displaced {
                unit: v,
                from: here,
                to,
            });
            true
        }
        None => false,
    }
}

/// The legs of a jump or overrun, one gate at a time.
pub(crate) fn leap(
    b: &mut Battle,
    u: UnitId,
    legs: Vec<Leg>,
    index: usize,
) -> Result<(), ForcedFaceError> {
    let Some(leg) = legs.get(index).cloned() else {
        return Ok(());
    };
    if !b.alive(u) || leg.path.first() != Some(&b.pos(u)) {
        return Ok(());
    }
    let ahead: Vec<Cell> = legs[index..]
        .iter()
        .flat_map(|l| l.path.iter().copied())
        .collect();
    let go = |b: &mut Battle| {
        b.stack.push(Frame::Leap {
            unit: u,
            legs: legs.clone(),
            index: index + 1,
        });
        if leg.path.len() > 1 {
            b.stack.push(Frame::Move {
                unit: u,
                path: leg.path.clone(),
                next: 1,
                mode: MoveMode::Dash { exempt: None },
            });
        }
    };
    match leg.gate {
        Gate::None => go(b),
        Gate::Jump { dc } => {
            let Ok(mut m) = skill(b, u, Skill::Athletics) else {
                return Ok(());
            };
            m.push(Modifier::new(ModKind::Other, "after a dash", 2));
            let roll = d20(b, u, &m)?;
            if check_event(b, u, CheckPurpose::Jump, roll, dc) {
                go(b);
            } else {
                add(b, u, ConditionKind::Prone, Duration::UntilRemoved, None);
            }
        }
        Gate::Overrun { victim } => {
            let cell = leg.path.get(1).copied();
            let blocking = b.alive(victim)
                && cell.is_some_and(|c| {
                    let line = b.grid().line(leg.path[0], c);
                    line.contains(&b.pos(victim))
                });
            if !blocking {
                go(b);
                return Ok(());
            }
            let Ok(mut m) = skill(b, u, Skill::Athletics) else {
                return Ok(());
            };
            m.push(Modifier::new(ModKind::Other, "after a dash", 2));
            let roll = d20(b, u, &m)?;
            let total = roll.total;
            b.emit(Event::Check {
                unit: u,
                purpose: CheckPurpose::Overrun,
                roll,
                target_number: 0,
                outcome: Outcome::Success,
            });
            // Continue once the victim is dealt with.
            go(b);
            let save_frame = Frame::OverrunSave {
                unit: u,
                victim,
                check: total,
                ahead: ahead.clone(),
            };
            let room = b
                .grid()
                .neighbours(b.pos(victim))
                .into_iter()
                .any(|c| !ahead.contains(&c) && standable_free(b, c, None));
            if can_react(b, victim) && room {
                b.open_window(Window {
                    reactor: victim,
                    trigger: Trigger::Overrun { by: u },
                    options: vec![ReactionKind::StepAside],
                    hit: None,
                    on_decline: vec![save_frame],
                });
            } else {
                b.stack.push(save_frame);
            }
        }
    }
    Ok(())
}

/// An overrun victim that did not step aside: its Reflex save against the check moves it
/// out of the way; failing it, it is knocked prone.
pub(crate) fn overrun_save(
    b: &mut Battle,
    u: UnitId,
    victim: UnitId,
    check: i32,
    ahead: &[Cell],
) -> Result<(), ForcedFaceError> {
    if !b.alive(victim) {
        return Ok(());
    }
    let m = save(b, victim, Save::Reflex);
    let roll = d20(b, victim, &m)?;
    let ok = check_event(b, victim, CheckPurpose::Overrun, roll, check);
    b.emit(Event::Contest {
        purpose: CheckPurpose::Overrun,
        active: u,
        passive: victim,
        active_wins: !ok,
    });
    if !(ok && step_aside(b, victim, ahead)) {
        add(
            b,
            victim,
            ConditionKind::Prone,
            Duration::UntilRemoved,
            Some(u),
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Attacks and damage

/// Roll an attack and push the hit.
pub(crate) fn resolve_attack(
    b: &mut Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    effect: HitEffect,
) -> Result<(), ForcedFaceError> {
    let a = attack_math(b, attacker, target, weapon, kind);
    let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
    let face = roll.faces.first().copied().unwrap_or(1);
    for m in &a.bonus {
        roll = roll.with(m.clone());
    }
    let outcome = a.outcome(face);
    b.emit_attack(
        attacker,
        target,
        weapon,
        kind,
        effect,
        roll,
        a.total_ac(),
        outcome,
        a.ac.clone(),
    );
    Ok(())
}

/// The damage-dice multiple of a hit: ×2 on a critical hit by a proficient attacker.
pub fn damage_multiple(b: &Battle, hit: &Hit) -> i32 {
    if hit.level == Outcome::Critical && proficient(b, hit.attacker, hit.weapon) {
        2
    } else {
        1
    }
}

/// Roll and deal the damage of a hit: dice (multiplied on a crit), STR, then damage
/// resistance.
pub(crate) fn resolve_damage(b: &mut Battle, hit: Hit, mult: i32) -> Result<(), ForcedFaceError> {
    let (dice, mods) = damage_parts(b, hit.attacker, hit.weapon, hit.kind, mult);
    let mut roll = b.dice.roll(dice)?;
    if mult > 1 {
        roll = roll.with(Modifier::new(
            ModKind::Critical,
            format!("critical: dice ×{mult}"),
            0,
        ));
    }
    for m in mods {
        roll = roll.with(m);
    }
    if roll.total < 1 {
        let v = 1 - roll.total;
        roll = roll.with(Modifier::new(ModKind::Other, "minimum 1", v));
    }
    let dr = b.stats(hit.target).get(Stat::Dr);
    if dr > 0 {
        let cut = -dr.min(roll.total);
        roll = roll.with(Modifier::new(ModKind::Other, "damage resistance", cut));
    }
    let amount = roll.total.max(0);
    let hp_after = b.hp(hit.target) - amount;
    b.emit(Event::Damage {
        unit: hit.target,
        source: Some(hit.attacker),
        roll,
        amount,
        hp_after,
    });
    after_damage(b, hit.target);
    Ok(())
}

/// At 0 HP or fewer a unit falls unconscious (out of the fight); below 0 it is dying; at
/// −CON it is dead.
pub(crate) fn after_damage(b: &mut Battle, u: UnitId) {
    let hp = b.hp(u);
    if hp > 0 {
        return;
    }
    if b.alive(u) {
        b.emit(Event::Down { unit: u });
        end_grapple(b, u);
        add(
            b,
            u,
            ConditionKind::Unconscious,
            Duration::UntilRemoved,
            None,
        );
    }
    if hp < 0 && !b.has(u, ConditionKind::Dying) {
        add(b, u, ConditionKind::Dying, Duration::UntilRemoved, None);
    }
    if hp <= -b.stats(u).get(Stat::Con).max(1) && !b.has(u, ConditionKind::Dead) {
        remove(b, u, ConditionKind::Dying, None);
        add(b, u, ConditionKind::Dead, Duration::UntilRemoved, None);
    }
    if b.ended.is_none() {
        b.check_victory();
    }
}

// ---------------------------------------------------------------------------------------
// Turns

/// Start of battle: everyone is Surprised until its first turn; Crippled strikes.
pub(crate) fn start(b: &mut Battle) -> Result<(), ForcedFaceError> {
    for u in b.units().collect::<Vec<_>>() {
        add(
            b,
            u,
            ConditionKind::Surprised,
            Duration::UntilOwnTurnStart,
            None,
        );
        if b.has(u, ConditionKind::Crippled) {
            for stat in [Stat::Str, Stat::Dex] {
                let roll = b.dice.roll(DiceExpr::new(1, 4))?;
                b.emit(Event::AbilityDamage {
                    unit: u,
                    stat,
                    roll,
                });
            }
        }
    }
    Ok(())
}

/// +4 initiative for those who acted in the surprise round.
pub(crate) fn surprise_bonus(b: &Battle, u: UnitId) -> Option<Modifier> {
    (b.level().surprise == Some(b.side(u)))
        .then(|| Modifier::new(ModKind::Other, "surprise round", 4))
}

/// Does the unit take its turn? Unconscious units do not; a dying one rolls its
/// Fortitude save instead (DC 10 + negative HP; a failure costs 1 more HP).
pub(crate) fn takes_turn(b: &mut Battle, u: UnitId) -> Result<bool, ForcedFaceError> {
    if b.has(u, ConditionKind::Dying) && !b.has(u, ConditionKind::Dead) {
        let m = save(b, u, Save::Fortitude);
        let mut roll = b.dice.roll(DiceExpr::new(1, 20))?;
        for x in m {
            roll = roll.with(x);
        }
        let dc = 10 + b.hp(u).abs();
        let success = roll.total >= dc;
        b.emit(Event::Save {
            unit: u,
            kind: ConditionKind::Dying,
            roll,
            target_number: dc,
            success,
        });
        if !success {
            let hp_after = b.hp(u) - 1;
            b.emit(Event::Damage {
                unit: u,
                source: None,
                roll: Roll::from_faces(DiceExpr::new(0, 1), Vec::new()).with(Modifier::new(
                    ModKind::Condition,
                    "dying",
                    1,
                )),
                amount: 1,
                hp_after,
            });
            after_damage(b, u);
        }
        return Ok(false);
    }
    Ok(b.alive(u) && !b.has(u, ConditionKind::Unconscious))
}

/// Start-of-turn losses: Restrained and Writhing lose the Move action.
pub(crate) fn turn_started(b: &mut Battle, u: UnitId) {
    for c in [ConditionKind::Restrained, ConditionKind::Writhing] {
        if b.has(u, c) && b.slots(u, Slot::Move) > 0 {
            b.emit(Event::SlotLost {
                unit: u,
                slot: Slot::Move,
                why: c,
            });
        }
    }
}
