//! escalation's attack odds: the numbers the AI, the preview and the resolver share, with
//! the words the preview shows (split from `rules.rs`, which had reached the 800-line cap).

use crate::battle::Battle;
use crate::components::UnitId;
use crate::rulesets::{AttackOdds, list_mods};

use super::attack;

/// The odds of `attacker`'s attack on `target` with `weapon`: the chance to hit and to
/// crit, the damage range of a hit and of a crit, and (`words`) the line the preview
/// shows.
pub(super) fn attack_odds(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    words: bool,
) -> AttackOdds {
    // The AI asks without words: the numbers alone, no lists built.
    let a = words.then(|| attack::attack_math(b, attacker, target));
    let (hit, crit) = match &a {
        Some(a) => a.odds(),
        None => attack::attack_numbers(
            b,
            attacker,
            target,
            attack::Defence::Ac,
            attack::WEAPON_DAMAGE,
        )
        .odds(),
    };
    let (dice, vol) = attack::damage_parts(b, attacker, weapon);
    let (lo, hi) = (dice.min() + vol, dice.max() + vol);
    AttackOdds {
        hit,
        crit,
        damage: (lo.max(0), hi.max(0)),
        crit_damage: ((lo * 2).max(0), (hi * 2).max(0)),
        detail: if let Some(a) = a {
            format!(
                "{} {:+} vs {} {} ({}{}; crit on {}+)",
                attack::d6s(a.net),
                a.total_bonus(),
                a.defence.0.name(),
                a.defence.1,
                list_mods(&a.bonus),
                if a.edges.is_empty() {
                    String::new()
                } else {
                    format!("; {}", list_mods(&a.edges))
                },
                a.crit_from
            )
        } else {
            String::new()
        },
        stopped: 0.0,
        dists: None,
    }
}
