//! melee-zone casting (seed 003, "Spell Casting", "Channeling"; wave 2C): "Spells will
//! tell you in their cast time, how many actions they require to perform" — an
//! ability's `cast_time` counts the Attack and Move Actions it takes ("To pay the cast
//! time of a spell" is on both lists), and its `bonus` the Bonus Actions of an enhanced
//! casting ("Spells have an option under notes to change or improve its effects using
//! bonus actions"). "Any spell that requires more than one turn to cast … is considered
//! as channeling. When a unit channels a spell, they are considered flat-footed until the
//! spell is cast or canceled": what is not paid this turn is paid at the start of the
//! caster's next turns, and the spell goes off when the last action is paid. "Toggle the
//! effects of spells cast" is a Bonus Action ([`toggle`]). The choices are written in
//! `docs/rules/melee-zone.md`, "Casting and summoning (wave 2C)".
//!
//! A spell with an attack roll is an attack (issue 29): the engine queues it as
//! `Frame::Attack` with `HitEffect::Ability(i)` and melee-zone's own `resolve_attack`
//! rolls it, crit and tragedy chains included.

use crate::abilities::{Ability, CastTime, Effect, Resolve};
use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, Pool, Slot, Stat, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier};
use crate::engine::{CastAt, Command, CommonAction, Frame, Illegal};
use crate::event::{CheckPurpose, Event, Fizzle, Outcome, Spend};
use crate::grid::Cell;
use crate::level::Terrain;

use super::summons;

/// "Battle caster: dodge normally while channeling spells".
pub const BATTLE_CASTER: &str = "Battle caster";

fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).into(),
        why: why.into(),
    }
}

/// An ability's cast time: its `cast_time`, else one action.
pub fn cast_time(a: &Ability) -> CastTime {
    a.cast_time.unwrap_or(CastTime {
        actions: 1,
        bonus: 0,
    })
}

/// The Attack and Move Actions `u` has left to pay a cast time with.
pub fn actions_left(b: &Battle, u: UnitId) -> u32 {
    u32::from(b.slots(u, Slot::Attack)) + u32::from(b.slots(u, Slot::Move))
}

/// Would `u` channel ability `i` if it began casting it now (its cast time needs more
/// actions than it has left this turn)?
pub fn would_channel(b: &Battle, u: UnitId, i: usize) -> bool {
    b.ability(u, i)
        .is_some_and(|a| cast_time(a).actions > actions_left(b, u))
}

/// Is `u` channeling a spell?
pub fn channeling(b: &Battle, u: UnitId) -> bool {
    b.has(u, ConditionKind::Channeling)
}

/// The spell `u` is channeling: its index, its aim, and the actions still to pay. The
/// channel is its last `Cast` (a channeled casting is logged when it begins, and the
/// actions paid for it follow that event).
pub fn channel(b: &Battle, u: UnitId) -> Option<(usize, CastAt, u32)> {
    if !channeling(b, u) {
        return None;
    }
    let log = b.log();
    // Its last `Cast`, kept by the record as the log grows.
    let k = super::record::last_cast(b, u, None)?;
    let Event::Cast { ability, at, .. } = &log[k].event else {
        return None;
    };
    let paid: i32 = log[k + 1..]
        .iter()
        .filter_map(|l| match l.event {
            Event::Spent {
                unit,
                pool: Pool::Slot(Slot::Attack | Slot::Move),
                amount,
                on: Spend::Cast,
                ..
            } if unit == u => Some(amount),
            _ => None,
        })
        .sum();
    let need = cast_time(b.ability(u, *ability)?).actions;
    Some((
        *ability,
        at.clone(),
        need.saturating_sub(paid.max(0) as u32),
    ))
}

/// Why `u` is flat-footed now ("a 5 to hit"), if it is: Flat Footed itself, channeling
/// a spell (not with the Battle caster feat: "dodge normally while channeling spells"),
/// or summoning sickness ("cannot take actions or dodge").
pub fn flat_footed(b: &Battle, u: UnitId) -> Option<&'static str> {
    flat_footed_with(b, u, b.get::<crate::components::Conditions>(u)?)
}

/// [`flat_footed`] with `u`'s conditions read once by the caller (the AI asks this for
/// every pair it weighs).
pub fn flat_footed_with(
    b: &Battle,
    u: UnitId,
    c: &crate::components::Conditions,
) -> Option<&'static str> {
    if c.has(ConditionKind::FlatFooted) {
        Some("flat-footed")
    } else if c.has(ConditionKind::Channeling) && !b.has_feat(u, BATTLE_CASTER) {
        Some("flat-footed: channeling")
    } else if c.has(ConditionKind::SummoningSick) {
        Some("flat-footed: summoning sickness")
    } else {
        None
    }
}

/// Pay `n` of the cast time's actions: the Attack Action first, then the Move Action
/// (casting is what the turn's attack is spent on; the Move Action stays for moving when
/// it can).
fn pay_actions(b: &mut Battle, u: UnitId, mut n: u32) -> u32 {
    let mut paid = 0;
    for s in [Slot::Attack, Slot::Move] {
        let have = u32::from(b.slots(u, s));
        let take = have.min(n);
        if take > 0 {
            b.emit(Event::spent(u, Pool::Slot(s), take as i32, Spend::Cast));
            n -= take;
            paid += take;
        }
    }
    paid
}

/// Check a `Cast` (the engine checked the aim and the uses left): not while channeling
/// another spell, the Bonus Actions of its enhancement, at least one Attack or Move
/// Action to begin paying its cast time, a summoning slot for a summon.
pub fn check(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    let a = b
        .ability(u, i)
        .ok_or_else(|| cannot(b, u, format!("it knows no ability #{i}")))?;
    if let Some((j, _, left)) = channel(b, u) {
        let name = b.ability(u, j).map_or("a spell", |a| a.name.as_str());
        return Err(cannot(
            b,
            u,
            format!("it is channeling {name} ({left} action(s) still to pay)"),
        ));
    }
    let t = cast_time(a);
    if u32::from(b.slots(u, Slot::Bonus)) < t.bonus {
        return Err(cannot(
            b,
            u,
            format!(
                "{} takes {} Bonus Action(s) and it has {}",
                a.name,
                t.bonus,
                b.slots(u, Slot::Bonus)
            ),
        ));
    }
    if t.actions > 0 && actions_left(b, u) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: "a spell's cast time",
            slot: "Attack or Move",
        });
    }
    summons::check_slots(b, u, a)
}

/// [`check`], and a spell named at a creature is refused at a hidden foe as a weapon
/// attack is (issue 29's one attack path; wave 2B's `stealth::may_target`); an area may
/// still catch one.
pub fn check_cast(b: &Battle, u: UnitId, i: usize, at: &CastAt) -> Result<(), Illegal> {
    check(b, u, i)?;
    let named: &[UnitId] = match at {
        CastAt::Unit(t) => std::slice::from_ref(t),
        CastAt::Units(ts) => ts,
        _ => &[],
    };
    for &t in named {
        super::stealth::may_target(b, u, t)?;
    }
    Ok(())
}

/// Begin a checked `Cast`: its Bonus Actions, then as many of its actions as this turn
/// has; paid in full, it goes off now (melee-zone's casting provokes no free hit: the
/// seed's free hits are for leaving a zone, steps within one and natural 1s); else the
/// caster channels it: the casting is logged now and the caster is `Channeling`.
pub fn perform(b: &mut Battle, u: UnitId, i: usize, at: CastAt) -> Result<(), Illegal> {
    check(b, u, i)?;
    let Some(a) = b.ability(u, i).cloned() else {
        return Ok(());
    };
    let t = cast_time(&a);
    if t.bonus > 0 {
        b.emit(Event::spent(
            u,
            Pool::Slot(Slot::Bonus),
            t.bonus as i32,
            Spend::Cast,
        ));
    }
    if t.actions <= actions_left(b, u) {
        pay_actions(b, u, t.actions);
        summons::after_casting(b, u, &a);
        b.queue_cast(u, i, at, false, Vec::new());
        return Ok(());
    }
    if a.uses_in_battle().is_some() {
        b.emit(Event::spent(u, Pool::Uses(i as u8), 1, Spend::Use));
    }
    b.emit(Event::Cast {
        unit: u,
        ability: i,
        name: a.name.clone(),
        at,
    });
    let left = actions_left(b, u);
    pay_actions(b, u, left);
    b.emit(Event::ConditionAdded {
        unit: u,
        kind: ConditionKind::Channeling,
        duration: Duration::UntilRemoved,
        source: None,
    });
    Ok(())
}

/// The start of a channeler's turn: the rest of the cast time is paid from this turn's
/// Attack and Move Actions; when it is all paid the spell goes off, aimed as it was
/// when it began (a target that fell or went out of range is spared).
pub fn turn_started(b: &mut Battle, u: UnitId) {
    if !channeling(b, u) {
        return;
    }
    let Some((i, at, left)) = channel(b, u) else {
        // Nothing to channel (a level's start): it stops.
        stop(b, u, None);
        return;
    };
    let paid = pay_actions(b, u, left);
    if paid < left {
        return;
    }
    b.emit(Event::ConditionRemoved {
        unit: u,
        kind: ConditionKind::Channeling,
        source: None,
    });
    if let Some(a) = b.ability(u, i).cloned() {
        summons::after_casting(b, u, &a);
    }
    let hp = b.hp(u);
    b.push_frame(Frame::Cast {
        caster: u,
        ability: i,
        at,
        hp,
        countered: false,
    });
}

/// The channel ends without the spell ("until the spell is cast or canceled"): logged
/// as `Fizzled` with `why` (the actions paid are lost).
fn stop(b: &mut Battle, u: UnitId, why: Option<Fizzle>) {
    if let (Some(why), Some((i, _, _))) = (why, channel(b, u)) {
        let name = b.ability(u, i).map(|a| a.name.clone()).unwrap_or_default();
        b.emit(Event::Fizzled { unit: u, name, why });
    }
    b.emit(Event::ConditionRemoved {
        unit: u,
        kind: ConditionKind::Channeling,
        source: None,
    });
}

/// A channeler that steps stops channeling: moving cancels the spell (`Disrupted`).
pub fn stepped(b: &mut Battle, u: UnitId) {
    if channeling(b, u) {
        stop(b, u, Some(Fizzle::Disrupted));
    }
}

/// A channeler down before its turn: the spell is lost (`CasterDown`).
pub fn fell(b: &mut Battle, u: UnitId) {
    if channeling(b, u) && !b.alive(u) {
        stop(b, u, Some(Fizzle::CasterDown));
    }
}

/// A save against an ability (a level's `Save` spell; melee-zone's own spells roll
/// attacks, the seed's one way to resist being its dodge): d20 + the target's `stat`
/// modifier against `dc`, a flat-footed target without its Agility modifier ("isn't able
/// to dodge properly"). Logged as a `Check`; it saves on `dc` or more.
pub fn save(
    b: &mut Battle,
    target: UnitId,
    stat: Stat,
    dc: i32,
) -> Result<Option<bool>, ForcedFaceError> {
    let mut roll = b.roll(DiceExpr::new(1, 20))?;
    for m in save_mods(b, target, stat) {
        roll = roll.with(m);
    }
    let success = roll.total >= dc;
    b.emit(Event::Check {
        unit: target,
        purpose: CheckPurpose::Resist,
        roll,
        target_number: dc,
        outcome: if success {
            Outcome::Success
        } else {
            Outcome::Failure
        },
    });
    Ok(Some(success))
}

/// The modifiers of `target`'s save with `stat`.
fn save_mods(b: &Battle, target: UnitId, stat: Stat) -> Vec<Modifier> {
    if stat == Stat::Agility && flat_footed(b, target).is_some() {
        return vec![Modifier::new(
            ModKind::Condition,
            "flat-footed: no dodge",
            0,
        )];
    }
    vec![Modifier::new(
        ModKind::Skill,
        "modifier",
        b.stats(target).get(stat),
    )]
}

/// The chance ability `i` lands on `target`: its attack hitting (melee-zone's own odds),
/// the target failing its save, or 1.
pub fn chance(b: &Battle, caster: UnitId, target: UnitId, i: usize) -> f64 {
    let Some(a) = b.ability(caster, i) else {
        return 0.0;
    };
    match a.resolve {
        Resolve::Automatic => 1.0,
        Resolve::Attack { .. } => {
            super::attack::odds(
                b,
                caster,
                target,
                usize::MAX,
                crate::event::AttackKind::Normal,
                false,
            )
            .hit
        }
        Resolve::Save { stat, dc } => {
            let bonus: i32 = save_mods(b, target, stat).iter().map(|m| m.value).sum();
            let fails = (1..=20).filter(|f| f + bonus < dc).count();
            fails as f64 / 20.0
        }
    }
}

/// The terrain a toggleable spell of `u` laid, cell by cell (what each cell was before
/// it), from its last casting: the first `TerrainChanged` of each of its cells after that
/// casting. Empty: nothing to toggle.
/// The cells spell `i` of `u` laid its terrain on (what a Toggle turns).
pub fn laid_cells(b: &Battle, u: UnitId, i: usize) -> Vec<Cell> {
    laid(b, u, i).into_iter().map(|(c, _, _)| c).collect()
}

fn laid(b: &Battle, u: UnitId, i: usize) -> Vec<(Cell, Terrain, Terrain)> {
    let Some(a) = b.ability(u, i) else {
        return Vec::new();
    };
    let Some(to) = a.effects.iter().find_map(|e| match e {
        Effect::Terrain { terrain } => Some(*terrain),
        _ => None,
    }) else {
        return Vec::new();
    };
    let log = b.log();
    // Its last `Cast` of spell `i`, kept by the record as the log grows.
    let Some(k) = super::record::last_cast(b, u, Some(i)) else {
        return Vec::new();
    };
    let Event::Cast {
        at: CastAt::Cell(aim),
        ..
    } = &log[k].event
    else {
        return Vec::new();
    };
    // A burst's cells do not depend on where the caster stands now.
    let cells = b.cast_cells(u, a, *aim);
    let mut out: Vec<(Cell, Terrain, Terrain)> = Vec::new();
    for l in &log[k + 1..] {
        if let Event::TerrainChanged { cell, from, to: t } = l.event
            && t == to
            && cells.contains(&cell)
            && !out.iter().any(|(c, _, _)| *c == cell)
        {
            out.push((cell, from, to));
        }
    }
    out
}

/// The spells `u` may toggle now: those whose last casting laid terrain.
pub fn toggleable(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.abilities(u).len())
        .filter(|&i| !laid(b, u, i).is_empty())
        .collect()
}

/// Is spell `i`'s terrain up now (any of its cells still as it laid them)?
pub fn toggled_on(b: &Battle, u: UnitId, i: usize) -> bool {
    laid(b, u, i).iter().any(|&(c, _, to)| b.terrain(c) == to)
}

/// Check a Toggle: a spell of `u` whose terrain can be toggled, and a Bonus Action.
pub fn check_toggle(b: &Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    if laid(b, u, i).is_empty() {
        let name = b.ability(u, i).map_or("that", |a| a.name.as_str());
        return Err(cannot(
            b,
            u,
            format!("{name} has left nothing to toggle (a spell that changed terrain)"),
        ));
    }
    if b.slots(u, Slot::Bonus) == 0 {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: "Toggle",
            slot: "Bonus",
        });
    }
    Ok(())
}

/// "Toggle the effects of spells cast" (1 BA): a spell's terrain that is up goes back to
/// what the cells were; one that is down comes back (not as a wall under a unit).
pub fn toggle(b: &mut Battle, u: UnitId, i: usize) -> Result<(), Illegal> {
    check_toggle(b, u, i)?;
    b.emit(Event::spent(u, Pool::Slot(Slot::Bonus), 1, Spend::Cast));
    let on = toggled_on(b, u, i);
    for (cell, was, to) in laid(b, u, i) {
        let now = b.terrain(cell);
        let next = if on && now == to {
            was
        } else if !on && now == was && (to.standable() || b.unit_at(cell, None).is_none()) {
            to
        } else {
            continue;
        };
        b.emit(Event::TerrainChanged {
            cell,
            from: now,
            to: next,
        });
    }
    Ok(())
}

/// The AI's casting in a foe's melee zone: a spell it would channel there would leave it
/// flat-footed for a round, so it attacks instead (else casts a one-target spell it pays
/// at once, else makes the extra attack, else ends its turn). `None`: the engine's choice stands (`crate::ai::cast::best_cast`).
pub fn ai_prepare(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
    if b.abilities(u).is_empty() || channeling(b, u) || b.has_feat(u, BATTLE_CASTER) {
        return None;
    }
    if !foe_zone_on(b, u, foes) {
        return None;
    }
    let (_, best) = crate::ai::cast::best_cast(b, u, foes)?;
    let Command::Act {
        action: crate::engine::Action::Common(CommonAction::Cast { ability, .. }),
        ..
    } = &best
    else {
        return None;
    };
    if !would_channel(b, u, *ability) {
        return None;
    }
    // A foe no weapon of `u`'s reaches now is one the check refuses (an attack naming no
    // weapon takes the one `Battle::weapon_for` finds, `Battle::usable_weapon`'s answer,
    // or is refused): it is not asked (the tests' slow path asks every foe).
    let slow = crate::ai::cast::slow_casting();
    let strike = |slot: Option<Slot>| {
        foes.iter()
            .filter(|&&f| b.alive(f))
            .filter(|&&f| slow || b.usable_weapon(u, f).is_some())
            .map(|&f| Command::Attack {
                unit: u,
                target: f,
                weapon: None,
                slot,
                aim: None,
            })
            .find(|c| b.check(c).is_ok())
    };
    strike(None)
        .or_else(|| quick_bolt(b, u, foes))
        .or_else(|| strike(Some(Slot::Move)))
        .or(Some(Command::EndTurn { unit: u }))
}

/// Is `u` in the melee zone of one of `foes` ([`super::attack::in_zone`])? Asked of the
/// units that threaten `u`'s cell, through the cell index ([`Battle::any_threatening`]:
/// the living units within their threat reach of it), not of every foe.
///
/// Whether a unit is among `foes` is a binary search when they are in level order (as
/// the AI lists them), else a walk of the list.
pub fn foe_zone_on(b: &Battle, u: UnitId, foes: &[UnitId]) -> bool {
    let sorted = foes.is_sorted();
    let among = |r: UnitId| {
        if sorted {
            foes.binary_search(&r).is_ok()
        } else {
            foes.contains(&r)
        }
    };
    b.any_threatening(b.pos(u), |r| b.threatens_anything(r) && among(r))
}

/// [`foe_zone_on`] as first written, every foe asked (the tests' slow path).
pub fn foe_zone_on_slow(b: &Battle, u: UnitId, foes: &[UnitId]) -> bool {
    foes.iter().any(|&f| super::attack::in_zone(b, f, u))
}

/// The best one-target damage spell `u` pays for this turn (no channel), on the foe it
/// most likely hurts most: its chance × its mean damage.
pub fn quick_bolt(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
    quick_bolt_with(b, u, foes, false)
}

/// [`quick_bolt`] as first written, the chance worked out for every foe, in range or
/// not (the tests' slow path).
pub fn quick_bolt_slow(b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
    quick_bolt_with(b, u, foes, true)
}

fn quick_bolt_with(b: &Battle, u: UnitId, foes: &[UnitId], slow: bool) -> Option<Command> {
    let mut best: Option<(f64, Command)> = None;
    for (i, a) in b.abilities(u).iter().enumerate() {
        if would_channel(b, u, i) || !matches!(a.target, crate::abilities::Targeting::One { .. }) {
            continue;
        }
        let mean: f64 = a
            .effects
            .iter()
            .filter_map(|e| e.damage_dice(b.stats(u)))
            .filter_map(crate::odds::Distribution::of)
            .map(|d| d.mean())
            .sum();
        if mean <= 0.0 {
            continue;
        }
        // A foe beyond the spell's range is no target the check accepts
        // (`Battle::cast_targets`): its chance is not worked out.
        let (grid, here) = (b.grid(), b.pos(u));
        for &f in foes {
            if !slow && grid.distance(here, b.pos(f)) > a.range() {
                continue;
            }
            let c = Command::Act {
                unit: u,
                action: crate::engine::Action::Common(CommonAction::Cast {
                    ability: i,
                    at: CastAt::Unit(f),
                }),
            };
            let v = chance(b, u, f, i) * mean;
            if best.as_ref().is_none_or(|(bv, _)| v > *bv) && b.check(&c).is_ok() {
                best = Some((v, c));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// What casting ability `i` costs `u` now, in AA/MA/BA: the actions this turn pays, what
/// is left for the next turns (channeled), its Bonus Actions ("AA", "AA + MA, then 1
/// action next turn: channeled", "AA + 1 BA").
pub fn price_words(b: &Battle, u: UnitId, i: usize) -> String {
    let Some(a) = b.ability(u, i) else {
        return String::new();
    };
    let t = cast_time(a);
    let mut parts: Vec<String> = Vec::new();
    let mut n = t.actions;
    for (s, w) in [(Slot::Attack, "AA"), (Slot::Move, "MA")] {
        if n > 0 && b.slots(u, s) > 0 {
            parts.push(w.into());
            n -= 1;
        }
    }
    if t.bonus > 0 {
        parts.push(format!("{} BA", t.bonus));
    }
    let mut s = if parts.is_empty() {
        "free".to_string()
    } else {
        parts.join(" + ")
    };
    if n > 0 {
        s.push_str(&format!(
            ", then {n} action(s) from the next turn(s): channeled, flat-footed till then"
        ));
    }
    s
}

/// The channel in words for the unit card ("channeling Meteor: 1 action next turn").
pub fn channel_words(b: &Battle, u: UnitId) -> Option<String> {
    let (i, _, left) = channel(b, u)?;
    let name = b.ability(u, i).map_or("a spell", |a| a.name.as_str());
    Some(format!(
        "channeling {name}: {left} action(s) to pay at its next turn"
    ))
}

/// The unit card's casting notes: the channel, the summoning slots in use.
pub fn gauge_notes(b: &Battle, u: UnitId) -> Vec<String> {
    let mut v: Vec<String> = channel_words(b, u).into_iter().collect();
    if b.abilities(u).iter().any(summons::summons) {
        v.push(format!(
            "summoning slots: {} of {} used",
            summons::summons_of(b, u).len(),
            super::feats_b::summoning_slots(b, u)
        ));
    }
    v
}
