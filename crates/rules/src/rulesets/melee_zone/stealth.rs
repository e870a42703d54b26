//! melee-zone's hidden units and sneak damage: "If you attack a unit while undetected,
//! they are considered flat-footed, and you gain an extra d4 damage on top of your normal
//! attack. This additional damage is multiplied by critical hits."
//!
//! The seed has no hiding rules; these are designed in its spirit
//! (`docs/rules/melee-zone.md`, "Facing, flanking, stealth and feats"):
//! * A foe **sees** a unit when the unit is not behind it ([`super::facing::behind`]), no
//!   wall stands on the line between them, and no low wall next to the unit lies on that
//!   line (the unit crouches behind it).
//! * **Hide** (the Attack Action, else the Move Action): only where no foe sees it.
//! * It is **revealed** when it attacks (after the attack roll), and when a foe sees it
//!   after a step (its own, into view, or the foe's) or after the foe's attack turns it.
//! * **Sneaking**: a Move Action bought while hidden buys half the spaces ("When sneaking
//!   … you move half spaces"); Maneuverer moves normally.
//! * Its own side knows where it is; its foes cannot target it nor take a free hit on it.

use crate::battle::Battle;
use crate::components::{Hidden, Pool, Slot, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Hit, HitEffect, Illegal};
use crate::event::{AttackKind, Event, Spend, Trigger};
use crate::grid::Cell;
use crate::level::Terrain;
use crate::odds::Distribution;

use super::facing::behind;
use super::feats_b::{SNEAK_ATTACK, maneuverer};
use super::numbers::{FLAT_FOOTED, defence, defence_number};

/// "you gain an extra d4 damage".
pub const SNEAK_DIE: u32 = 4;

/// The name of the flat-footed number an undetected attacker rolls against (how its
/// damage step knows the attack was a sneak attack).
pub const UNDETECTED: &str = "undetected: flat-footed";

/// A low wall on the line from `from` to `to`, on a cell next to `to`: `to` crouches
/// behind it.
fn low_cover(b: &Battle, from: Cell, to: Cell) -> bool {
    // Only a cell next to `to` can be one: with no low wall among them, the line need not
    // be walked (its cells found far from `to` could never count).
    let g = b.grid();
    if !g.neighbours_iter(to).any(|c| b.terrain(c) == Terrain::Low) {
        return false;
    }
    low_cover_walked(b, from, to)
}

/// [`low_cover`] by walking the line to `to` (the tests' slow path when asked alone).
fn low_cover_walked(b: &Battle, from: Cell, to: Cell) -> bool {
    let g = b.grid();
    !g.walk_line(from, to, |c| {
        !(c != to && g.distance(c, to) == 1 && b.terrain(c) == Terrain::Low)
    })
}

/// Does `foe` see `u`: alive, `u` not behind it, no wall between them and no low wall
/// next to `u` on the line?
pub fn sees(b: &Battle, foe: UnitId, u: UnitId) -> bool {
    let (from, to) = (b.pos(foe), b.pos(u));
    b.alive(foe)
        && foe != u
        && !behind(b, foe, to)
        && b.clear_line(from, to)
        && !low_cover(b, from, to)
}

/// [`sees`] with the low wall found by walking the whole line (the tests' slow path).
pub fn sees_slow(b: &Battle, foe: UnitId, u: UnitId) -> bool {
    let (from, to) = (b.pos(foe), b.pos(u));
    b.alive(foe)
        && foe != u
        && !behind(b, foe, to)
        && b.clear_line(from, to)
        && !low_cover_walked(b, from, to)
}

/// The first living foe (in level order) that sees `u`.
///
/// Its foes come from the record's lists by side (in roster order: the same first one).
pub fn spotter(b: &Battle, u: UnitId) -> Option<UnitId> {
    super::record::foes(b, u)
        .into_iter()
        .find(|&f| b.alive(f) && sees(b, f, u))
}

/// [`spotter`] asking every unit (the tests' slow path).
pub fn spotter_slow(b: &Battle, u: UnitId) -> Option<UnitId> {
    b.units()
        .find(|&f| b.alive(f) && b.enemies(f, u) && sees(b, f, u))
}

fn reveal(b: &mut Battle, u: UnitId, by: Option<UnitId>) {
    if b.hidden(u) {
        b.emit(Event::Revealed { unit: u, by });
    }
}

/// Every unit that is hidden now ([`Battle::hidden`]), in level order, read from the
/// world's archetypes that hold [`Hidden`] rather than by asking every unit: a step's
/// look around then costs the same with 10 units or 10,000, and nothing while no one
/// hides (asked after every step).
pub fn hidden_units(b: &Battle) -> Vec<UnitId> {
    let w = b.world();
    let Some(archetypes) = w
        .component_id::<Hidden>()
        .and_then(|id| w.archetypes().component_index().get(&id))
    else {
        return Vec::new();
    };
    let mut out: Vec<UnitId> = Vec::new();
    for &at in archetypes.keys() {
        let Some(a) = w.archetypes().get(at) else {
            continue;
        };
        for e in a.entities() {
            let e = e.id();
            if let Some(&u) = w.get::<UnitId>(e)
                && b.entity(u) == Some(e)
            {
                out.push(u);
            }
        }
    }
    // The archetypes come in a hash map's order: level order is the units' own.
    out.sort_unstable();
    out.dedup();
    out
}

/// After `u` stepped or turned: a foe that sees it now reveals it, and it reveals each
/// hidden foe it sees now.
pub fn look_around(b: &mut Battle, u: UnitId) {
    if !b.alive(u) {
        return;
    }
    if b.hidden(u)
        && let Some(f) = spotter(b, u)
    {
        reveal(b, u, Some(f));
    }
    let hidden: Vec<UnitId> = hidden_units(b)
        .into_iter()
        .filter(|&h| b.alive(h) && b.enemies(h, u) && sees(b, u, h))
        .collect();
    for h in hidden {
        reveal(b, h, Some(u));
    }
}

/// After `attacker`'s attack roll: attacking gives it away, and it has turned toward its
/// target.
pub fn attacked(b: &mut Battle, attacker: UnitId) {
    reveal(b, attacker, None);
    look_around(b, attacker);
}

/// Its foes cannot target a hidden unit: they do not know it is there.
pub fn may_target(b: &Battle, attacker: UnitId, target: UnitId) -> Result<(), Illegal> {
    if b.hidden(target) && b.enemies(attacker, target) {
        return Err(Illegal::Cannot {
            unit: b.name(attacker).into(),
            why: format!("{} is hidden: it does not know where", b.name(target)),
        });
    }
    Ok(())
}

/// A free hit on a hidden unit is never offered (its foes do not see it go).
pub fn unseen_provoker(b: &Battle, trigger: &Trigger) -> bool {
    trigger.provoker().is_some_and(|p| b.hidden(p))
}

/// The slot Hide takes: the Attack Action, else the Move Action.
pub fn hide_slot(b: &Battle, u: UnitId) -> Option<Slot> {
    [Slot::Attack, Slot::Move]
        .into_iter()
        .find(|&s| b.slots(u, s) > 0)
}

/// May `u` hide now: not hidden yet, an Attack or Move Action left, no foe seeing it?
pub fn check_hide(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    let cannot = |why: String| Illegal::Cannot {
        unit: b.name(u).into(),
        why,
    };
    if b.hidden(u) {
        return Err(cannot("it is hidden already".into()));
    }
    if hide_slot(b, u).is_none() {
        return Err(Illegal::NoSlot {
            unit: b.name(u).into(),
            action: "Hide",
            slot: "Attack or Move",
        });
    }
    if let Some(f) = spotter(b, u) {
        return Err(cannot(format!(
            "{} sees it (hide behind a wall, a low wall, or out of a foe's sight)",
            b.name(f)
        )));
    }
    Ok(())
}

/// Hide: pay the Attack Action (else the Move Action) and be hidden.
pub fn hide(b: &mut Battle, u: UnitId) {
    let slot = hide_slot(b, u).unwrap_or(Slot::Move);
    b.emit(Event::spent(u, Pool::Slot(slot), 1, Spend::Hide));
    b.emit(Event::Hid { unit: u });
}

/// The number `attacker` must reach against `target`: 5 when `attacker` is hidden from
/// it ("they are considered flat-footed"), else [`defence`].
pub fn defence_against(b: &Battle, attacker: UnitId, target: UnitId) -> (i32, Vec<Modifier>) {
    if b.hidden(attacker) && b.enemies(attacker, target) {
        let m = Modifier::new(ModKind::Condition, UNDETECTED, FLAT_FOOTED);
        return (FLAT_FOOTED, vec![m]);
    }
    defence(b, target)
}

/// [`defence_against`]'s number alone (no words built: the AI's odds).
pub fn defence_number_against(b: &Battle, attacker: UnitId, target: UnitId) -> i32 {
    if b.hidden(attacker) && b.enemies(attacker, target) {
        return FLAT_FOOTED;
    }
    defence_number(b, target)
}

/// The sneak damage dice: 1d4, and another d4 with the Sneak attack feat ("add another
/// d4 to sneak damage"), not on the extra attack ("without feats or Strength modifier").
pub fn sneak_dice(b: &Battle, u: UnitId, kind: AttackKind) -> DiceExpr {
    let extra = u32::from(kind != AttackKind::Secondary && b.has_feat(u, SNEAK_ATTACK));
    DiceExpr::new(1 + extra, SNEAK_DIE)
}

/// Was `hit` the landing of a sneak attack: the attacker's last attack roll, on this
/// target, was made undetected?
fn snuck(b: &Battle, hit: &Hit) -> bool {
    hit.natural != 0 && last_roll_undetected(b, hit)
}

/// A sneak attack's damage roll: the sneak dice rolled and added, before any critical
/// multiple ("This additional damage is multiplied by critical hits").
pub fn add_sneak(b: &mut Battle, hit: &Hit, roll: Roll) -> Result<Roll, ForcedFaceError> {
    if !snuck(b, hit) {
        return Ok(roll);
    }
    let dice = sneak_dice(b, hit.attacker, hit.kind);
    let sneak = b.roll(dice)?;
    let name = format!("sneak damage {dice} {:?}", sneak.faces);
    Ok(roll.with(Modifier::new(ModKind::Other, name, sneak.total)))
}

/// A spell's damage after a sneak attack (its attack roll made undetected, as a weapon's
/// would be: the engine rolls a spell's dice and its critical multiple, this adds the
/// sneak dice and multiplies them by the same multiple, "multiplied by critical hits").
/// Asked by the damage step for [`HitEffect::Ability`] hits only (a weapon's sneak dice
/// are in its own roll, [`add_sneak`]).
pub fn add_spell_sneak(b: &mut Battle, hit: &Hit, roll: Roll) -> Roll {
    if !matches!(hit.effect, HitEffect::Ability(_)) || !last_roll_undetected(b, hit) {
        return roll;
    }
    let dice = sneak_dice(b, hit.attacker, hit.kind);
    // A forced face the sneak die cannot show (a test's mistake) leaves the sneak dice
    // out rather than stop the damage: the forced-dice count then tells.
    let Ok(sneak) = b.roll(dice) else {
        return roll;
    };
    let name = format!("sneak damage {dice} {:?}", sneak.faces);
    let mut roll = roll.with(Modifier::new(ModKind::Other, name, sneak.total));
    // The engine's critical multiple on the spell's dice ("critical ×4").
    let mult: i32 = roll
        .modifiers
        .iter()
        .find(|m| m.kind == ModKind::Critical)
        .and_then(|m| m.name.rsplit('×').next()?.trim().parse().ok())
        .unwrap_or(1);
    if mult > 1 {
        roll = roll.with(Modifier::new(
            ModKind::Critical,
            format!("sneak damage ×{mult}"),
            sneak.total * (mult - 1),
        ));
    }
    roll
}

/// Was the attacker's last attack roll, on `hit`'s target, made undetected?
fn last_roll_undetected(b: &Battle, hit: &Hit) -> bool {
    b.log()
        .iter()
        .rev()
        .find_map(|l| match &l.event {
            Event::Attack {
                attacker,
                target,
                against,
                ..
            } if *attacker == hit.attacker => {
                Some(*target == hit.target && against.iter().any(|m| m.name == UNDETECTED))
            }
            _ => None,
        })
        .unwrap_or(false)
}

/// The damage a hidden attacker expects: `plain` and its sneak dice (`sneak`:
/// [`sneak_dice`] when the attacker is hidden, else `None`).
pub fn sneak_odds(plain: Distribution, sneak: Option<DiceExpr>) -> Distribution {
    let Some(dice) = sneak else {
        return plain;
    };
    Distribution::of(dice)
        .and_then(|s| plain.sum(&s))
        .unwrap_or(plain)
}

/// The spaces a Move Action buys: half while hidden ("When sneaking … you move half
/// spaces"), all of them with Maneuverer ("move normally while sneaking").
pub fn sneaking(b: &Battle, u: UnitId, full: u32) -> u32 {
    if b.hidden(u) && !maneuverer(b, u) {
        full / 2
    } else {
        full
    }
}
