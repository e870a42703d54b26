//! tactical-d20 conditions and what they forbid: adding and removing them, who may act,
//! move, attack or react; the helpers that name a unit in an [`Illegal`].

use crate::battle::Battle;
use crate::components::{ConditionKind, Duration, UnitId, WeaponKind};
use crate::engine::Illegal;
use crate::event::Event;

pub(super) fn named(u: &Battle, id: UnitId) -> String {
    u.name(id).to_string()
}

pub(super) fn cond(b: &Battle, u: UnitId, condition: &'static str, why: &'static str) -> Illegal {
    Illegal::Condition {
        unit: named(b, u),
        condition,
        why,
    }
}

pub(super) fn cannot(b: &Battle, u: UnitId, why: impl Into<String>) -> Illegal {
    Illegal::Cannot {
        unit: named(b, u),
        why: why.into(),
    }
}

pub(super) fn add(
    b: &mut Battle,
    u: UnitId,
    kind: ConditionKind,
    duration: Duration,
    source: Option<UnitId>,
) {
    b.emit(Event::ConditionAdded {
        unit: u,
        kind,
        duration,
        source,
    });
}

pub(super) fn remove(b: &mut Battle, u: UnitId, kind: ConditionKind, source: Option<UnitId>) {
    if b.has(u, kind) {
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind,
            source,
        });
    }
}

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

/// Can `r` take a Reaction now: not surprised ("unable to defend"; a blind creature is
/// "Surprised against undetected creatures", and detects none), stunned, restrained
/// ("unable to attack") or frightened ("no offensive actions"), with a Reaction left?
pub fn can_react(b: &Battle, r: UnitId) -> bool {
    b.alive(r)
        && b.rp(r) >= 1
        && ![
            ConditionKind::Surprised,
            ConditionKind::Blind,
            ConditionKind::Stunned,
            ConditionKind::Restrained,
            ConditionKind::Unconscious,
        ]
        .iter()
        .any(|&c| b.has(r, c))
}

/// May the unit act at all (Stunned: "cannot take any actions")?
pub(super) fn may_act(b: &Battle, u: UnitId) -> Result<(), Illegal> {
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

/// Frightened: "must flee or cower from the source of fear": a frightened unit may not
/// end a move nearer to what frightens it — its source, or, when nobody caused it (a
/// level's condition) or the source is down, every standing foe (the nearest one).
pub fn flees(b: &Battle, u: UnitId, to: crate::grid::Cell) -> Result<(), Illegal> {
    if !b.has(u, ConditionKind::Frightened) {
        return Ok(());
    }
    let fear: Vec<UnitId> = match b.condition_source(u, ConditionKind::Frightened) {
        Some(s) if b.alive(s) => vec![s],
        _ => b
            .units()
            .filter(|&o| b.alive(o) && b.enemies(u, o))
            .collect(),
    };
    let nearest = |c| {
        fear.iter()
            .map(|&f| b.grid().distance(c, b.pos(f)))
            .min()
            .unwrap_or(u32::MAX)
    };
    if nearest(to) < nearest(b.pos(u)) {
        return Err(cond(
            b,
            u,
            "frightened",
            "it must flee or cower: it cannot move nearer to what it fears",
        ));
    }
    Ok(())
}

pub(super) fn offensive(b: &Battle, u: UnitId) -> Result<(), Illegal> {
    may_act(b, u)?;
    if b.has(u, ConditionKind::Frightened) {
        return Err(cond(b, u, "frightened", "it takes no offensive actions"));
    }
    Ok(())
}

/// May `u` attack `target` with `weapon` (slots aside)?
pub fn may_attack(b: &Battle, u: UnitId, target: UnitId, weapon: usize) -> Result<(), Illegal> {
    let ranged = b
        .weapons(u)
        .get(weapon)
        .is_some_and(|w| w.kind == WeaponKind::Ranged);
    may_attack_at(b, u, target, ranged)
}

/// May `u` attack `target` with a ranged attack or a melee one: a weapon's, or a
/// hostile ability's named at it (one attack path, issue 29: a spell that reaches
/// farther than the next cell is ranged, a touch melee)?
pub fn may_attack_at(b: &Battle, u: UnitId, target: UnitId, ranged: bool) -> Result<(), Illegal> {
    offensive(b, u)?;
    if b.has(u, ConditionKind::Restrained) {
        return Err(cond(
            b,
            u,
            "restrained",
            "it cannot attack (win a grapple check to attack)",
        ));
    }
    if ranged && b.has(target, ConditionKind::Cover) {
        return Err(Illegal::Hidden(named(b, target)));
    }
    if ranged && b.has(u, ConditionKind::Blind) {
        return Err(cond(b, u, "blind", "it cannot aim a ranged attack"));
    }
    Ok(())
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
        PsionicFocus => "psionic focus",
        Dehydrated => "dehydrated",
        Soaked => "soaked",
        Starving => "starving",
        // escalation's own (never on a tactical-d20 unit: its levels refuse them).
        Dazed => "dazed",
        Enervated => "enervated",
        Grabbed => "grabbed",
        Hampered => "hampered",
        Helpless => "helpless",
        Invisible => "invisible",
        Shaken => "shaken",
        Softened => "softened",
        Stuck => "stuck",
        Vulnerable => "vulnerable",
        Weakened => "weakened",
        Flying => "flying",
        Stabilized => "stabilized",
        PoppedOff => "popped off",
        DiceyEdge => "dicey edge",
        DiceyFooting => "dicey footing",
        Shielded => "shielded",
        SpiritAttacks | SpiritSaves | SpiritWard => "fought for in spirit",
        // The seeds to come (never on a tactical-d20 unit: its levels refuse them).
        FlatFooted => "flat-footed",
        Channeling => "channeling",
        SummoningSick => "summoning sick",
        Charmed => "charmed",
    }
}

/// The grapple partner of a restrained unit (the source of its Restrained condition).
pub fn grapple_partner(b: &Battle, u: UnitId) -> Option<UnitId> {
    b.condition_source(u, ConditionKind::Restrained)
}

/// Why tactical-d20 refuses a condition a level starts a unit with (`None`: it plays it):
/// [`Ruleset::refused_condition`](crate::rulesets::Ruleset::refused_condition).
pub(super) fn refused(kind: ConditionKind) -> Option<&'static str> {
    Some(match kind {
        ConditionKind::Dead => {
            "a unit starts the battle alive (a creature dies when its negative HP reaches \
             its CON); leave the unit out, or start it Dying"
        }
        ConditionKind::TotalDefense => {
            "Total Defense is flow's; tactical-d20's Defend is a Standard action in battle"
        }
        ConditionKind::Feinted => {
            "it is flow's Feint mark; tactical-d20's Feint leaves its target Surprised \
             (start the unit Surprised instead)"
        }
        // escalation's own (the registry refuses them too: escalation claims them); said
        // here as well, as `explain.rs` has no words for them.
        ConditionKind::Dazed
        | ConditionKind::Enervated
        | ConditionKind::Grabbed
        | ConditionKind::Hampered
        | ConditionKind::Helpless
        | ConditionKind::Invisible
        | ConditionKind::Shaken
        | ConditionKind::Softened
        | ConditionKind::Stuck
        | ConditionKind::Vulnerable
        | ConditionKind::Weakened
        | ConditionKind::Flying
        | ConditionKind::Stabilized
        | ConditionKind::PoppedOff
        | ConditionKind::SpiritAttacks
        | ConditionKind::SpiritSaves
        | ConditionKind::SpiritWard
        | ConditionKind::DiceyEdge
        | ConditionKind::DiceyFooting
        | ConditionKind::Shielded => "it is escalation's; tactical-d20 has no rule for it",
        ConditionKind::FlatFooted
        | ConditionKind::Channeling
        | ConditionKind::SummoningSick
        | ConditionKind::Charmed => {
            "it is not one of seed 004's conditions; tactical-d20 has no rule for it"
        }
        _ => return None,
    })
}
