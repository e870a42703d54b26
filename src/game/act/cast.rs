//! Casting from the window (issue 17): the ability being aimed ([`Casting`]), the aim a
//! click or the pointer makes, whether an ability can be used now (and why not), and
//! what the preview shows (the area, who it hits, each target's chance).

use skirmish_rules::Battle;
use skirmish_rules::abilities::{Ability, Targeting};
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{CastAt, Command, CommonAction};
use skirmish_rules::grid::Cell;

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// An ability chosen on the bar, waiting for its aim (the caster is the unit whose turn
/// it is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Casting {
    /// Who casts (the targeting ends when the turn passes).
    pub caster: UnitId,
    /// Index into the caster's abilities.
    pub ability: usize,
    /// Targets picked so far (`Targeting::Several`).
    pub picked: Vec<UnitId>,
}

/// The cast command.
pub fn cast_command(unit: UnitId, ability: usize, at: CastAt) -> Command {
    Command::Act {
        unit,
        action: CommonAction::Cast { ability, at }.into(),
    }
}

/// What the cell under the pointer aims at, for the ability's targeting (`None`: the
/// targeting does not aim at cells, or nobody stands there).
pub fn aim_at(b: &Battle, caster: UnitId, c: &Casting, cell: Cell) -> Option<CastAt> {
    let a = b.ability(caster, c.ability)?;
    match a.target {
        Targeting::User => Some(CastAt::User),
        Targeting::One { .. } => crate::game::sight::unit_at_for(b, caster, cell)
            .or_else(|| crate::game::fallen::fallen_on(b, cell))
            .map(CastAt::Unit),
        Targeting::Several { .. } => {
            let mut ts = c.picked.clone();
            if let Some(u) = crate::game::sight::unit_at_for(b, caster, cell)
                && !ts.contains(&u)
            {
                ts.push(u);
            }
            (!ts.is_empty()).then_some(CastAt::Units(ts))
        }
        Targeting::Area { .. } | Targeting::Cell { .. } => Some(CastAt::Cell(cell)),
    }
}

/// Does the ability go off at once when chosen (it is aimed at its user)?
pub fn at_once(a: &Ability) -> bool {
    a.target == Targeting::User
}

/// Why `u` cannot use ability `i` now (`None`: it can): the ruleset's refusal on a
/// plausible aim (its own cell for an area; for a cell, its own or one near it; the
/// nearest unit it may target).
pub fn why_not(b: &Battle, u: UnitId, i: usize) -> Option<String> {
    let a = b.ability(u, i)?;
    let aims: Vec<CastAt> = match a.target {
        Targeting::User => vec![CastAt::User],
        Targeting::Area { .. } => vec![CastAt::Cell(b.pos(u))],
        // A summon needs a free cell: its own first, then those near it.
        Targeting::Cell { range } => {
            let here = b.pos(u);
            let mut cells = b.grid().within(here, range.min(2));
            cells.sort_by_key(|&c| (b.grid().distance(here, c), c));
            cells.into_iter().map(CastAt::Cell).collect()
        }
        Targeting::One { .. } | Targeting::Several { .. } => {
            let mut ts: Vec<UnitId> = b
                .units()
                .filter(|&t| b.may_target(t, a) && (b.enemies(t, u) == a.hostile()))
                .collect();
            ts.sort_by_key(|&t| b.grid().distance(b.pos(u), b.pos(t)));
            let several = matches!(a.target, Targeting::Several { .. });
            ts.into_iter()
                .map(|t| {
                    if several {
                        CastAt::Units(vec![t])
                    } else {
                        CastAt::Unit(t)
                    }
                })
                .collect()
        }
    };
    let mut first = None;
    for at in aims {
        match b.check(&cast_command(u, i, at)) {
            Ok(()) => return None,
            Err(e) => {
                first.get_or_insert(e.to_string());
            }
        }
    }
    Some(first.unwrap_or_else(|| format!("no one to aim {} at", a.name)))
}

/// The preview of aiming `c` at `cell`: a headline, then one line per unit it would
/// reach with the chance it lands; or why it cannot go there.
pub fn preview(b: &Battle, caster: UnitId, c: &Casting, cell: Option<Cell>) -> Vec<String> {
    let Some(a) = b.ability(caster, c.ability) else {
        return Vec::new();
    };
    let price = crate::game::view::of(b).ability_price(b, caster, c.ability);
    let how = match a.target {
        Targeting::User => "on itself: Enter or a click casts it".to_string(),
        Targeting::One { range } => format!("click a creature within {range}"),
        Targeting::Several { count, range } => format!(
            "click up to {count} creatures within {range}, then Enter or Cast ({} picked)",
            c.picked.len()
        ),
        Targeting::Area { range, .. } => format!("click a cell within {range}"),
        Targeting::Cell { range } => format!("click a cell within {range}"),
    };
    let mut out = vec![format!(
        "{} ({price}): {how} — right click or Esc cancels",
        a.name
    )];
    let at = cell.and_then(|h| aim_at(b, caster, c, h));
    let Some(at) = at else {
        for &t in &c.picked {
            out.push(target_line(b, caster, c.ability, t));
        }
        return out;
    };
    match b.cast_targets(caster, c.ability, &at) {
        Ok(ts) if ts.is_empty() => out.push("reaches no one there".into()),
        Ok(ts) => {
            for t in ts {
                out.push(target_line(b, caster, c.ability, t));
            }
            if let Err(e) = b.check(&cast_command(caster, c.ability, at)) {
                out.push(format!("cannot: {e}"));
            }
        }
        Err(e) => out.push(format!("cannot: {e}")),
    }
    out
}

/// "Grosh: chance 45%" (the ability's one odds number: its attack hits, the target
/// fails its save, or it simply happens).
pub fn target_line(b: &Battle, caster: UnitId, i: usize, t: UnitId) -> String {
    let chance = b.rules().ability_chance(b, caster, t, i);
    let who = if t == caster {
        format!("{} (itself)", b.name(t))
    } else if b.enemies(t, caster) {
        b.name(t).to_string()
    } else {
        format!("{} (ally)", b.name(t))
    };
    // Below 5%: why (issue 31).
    match skirmish_rules::sentence::long_shot(b, caster, t, i, chance) {
        Some(why) => format!("{who}: chance {} ({why})", pct(chance)),
        None => format!("{who}: chance {}", pct(chance)),
    }
}

/// The units the aim at `cell` would reach (for outlines), empty when the aim is illegal.
pub fn reached(b: &Battle, caster: UnitId, c: &Casting, cell: Option<Cell>) -> Vec<UnitId> {
    let mut out = c.picked.clone();
    if let Some(at) = cell.and_then(|h| aim_at(b, caster, c, h))
        && let Ok(ts) = b.cast_targets(caster, c.ability, &at)
    {
        out = ts;
    }
    out
}
