//! The bar's "Wait: spell, Defend, Assist" (issue 29): what a Wait may hold, listed for
//! the chooser with each trigger, each checked as the Wait would be.

use crate::battle::Battle;
use crate::components::UnitId;
use crate::engine::{Action, Command, ReadyResponse, ReadyTrigger, ReadyUntil};
use crate::rulesets::ui::act;

use super::{TacticalD20, TacticalD20Action};

/// The trigger the bar gives a Wait holding `response`: a hostile ability reaching
/// beyond 1 cell waits for a foe within its range (at most 6); anything else for a foe
/// entering the unit's reach, or coming within 1 when it threatens nothing.
fn wait_trigger(b: &Battle, u: UnitId, response: ReadyResponse) -> ReadyTrigger {
    if let ReadyResponse::Power { ability } = response
        && let Some(a) = b.ability(u, ability)
        && a.hostile()
        && a.range() > 1
    {
        return ReadyTrigger::EnemyWithin {
            cells: a.range().min(6),
        };
    }
    if b.threat_reach(u) > 0 {
        ReadyTrigger::EnemyEntersReach
    } else {
        ReadyTrigger::EnemyWithin { cells: 1 }
    }
}

/// The Wait holding `response`, with the bar's trigger.
pub(super) fn wait_with(b: &Battle, u: UnitId, response: ReadyResponse) -> Command {
    act(
        u,
        TacticalD20Action::Ready {
            trigger: wait_trigger(b, u, response),
            response,
            until: ReadyUntil::NextTurn,
        },
    )
}

/// What the bar's "Wait: spell, Defend, Assist" offers `u`, each with its words: every
/// ability it could use now (its price), Defend, and Assist for each living ally within
/// its reach; only those its Wait would take (the slots aside), at most 9 (the chooser's
/// keys).
pub fn wait_options(b: &Battle, u: UnitId) -> Vec<(String, Command)> {
    let view = TacticalD20;
    let mut v: Vec<(ReadyResponse, String)> = (0..b.abilities(u).len())
        .map(|i| {
            let a = &b.abilities(u)[i];
            let price = crate::rulesets::View::ability_price(&view, b, u, i);
            (
                ReadyResponse::Power { ability: i },
                format!("{} ({price})", a.name),
            )
        })
        .collect();
    v.push((ReadyResponse::Defend, "Defend (+3 AC and saves)".into()));
    v.extend(
        b.units()
            .filter(|&a| a != u && b.alive(a) && !b.enemies(u, a) && b.threatens(u, b.pos(a)))
            .map(|a| {
                (
                    ReadyResponse::Assist { ally: a },
                    format!("Assist {} (+4 AC, saves and d20 rolls)", b.name(a)),
                )
            }),
    );
    v.into_iter()
        .filter_map(|(response, words)| {
            let cmd = wait_with(b, u, response);
            let Command::Act {
                action: action @ Action::TacticalD20(TacticalD20Action::Ready { trigger, .. }),
                ..
            } = &cmd
            else {
                return None;
            };
            super::check::legal(b, u, action).ok()?;
            let when = match trigger {
                ReadyTrigger::EnemyWithin { cells } => format!("an enemy comes within {cells}"),
                _ => "an enemy enters your reach".into(),
            };
            Some((format!("{words} when {when}"), cmd))
        })
        .take(9)
        .collect()
}
