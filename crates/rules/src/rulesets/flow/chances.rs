//! flow's chances of a hit and of stopping one, as the prompt and the AI show them
//! (`Ruleset::odds`, `Ruleset::damage_odds`): worked out without rolling.

use crate::battle::Battle;
use crate::components::{ConditionKind, Stat, UnitId};
use crate::dice::DiceExpr;
use crate::engine::{Hit, HitEffect};
use crate::event::{AttackKind, Outcome, ReactionKind};
use crate::odds::{Distribution, HitFormula, HitKey, memo_hit_odds};

use super::combat::*;

/// Chance that a reaction of `kind` by `reactor` stops `hit` (Dodge/Parry/Block/Riposte
/// by the target, Intercept by an ally): the one number the prompt and the AI show.
pub fn defence_chance(b: &Battle, reactor: UnitId, hit: &Hit, kind: ReactionKind) -> f64 {
    let check = match kind {
        ReactionKind::Intercept
        | ReactionKind::InterceptSwap
        | ReactionKind::InterceptAt { .. } => {
            let mut c = Check::new("Agility", b.stats(reactor).get(Stat::Agility));
            if b.has(reactor, ConditionKind::TotalDefense) {
                c.advantage += 1;
            }
            c.advantage += actor_advantage(b, reactor);
            c
        }
        ReactionKind::ReactionAttack
        | ReactionKind::ResistMelee
        | ReactionKind::ResistAgility
        | ReactionKind::LandAt(_) => return 0.0,
        _ => defence_check(b, reactor, kind),
    };
    let against = if matches!(kind, ReactionKind::Parry | ReactionKind::Riposte) {
        parry_adjusted(hit.level, b.size(hit.attacker), b.size(reactor))
    } else {
        hit.level
    };
    let odds = check.odds();
    Outcome::ALL
        .into_iter()
        .filter(|&o| !active_wins(against, o))
        .map(|o| odds[o as usize])
        .sum()
}

/// The chance that the target's best defence stops this attack once it hits: the
/// defences it could answer with now (`defence_options`, which asks its reaction
/// points), each at its exact odds (`defence_chance`) against each level the attack may
/// hit with, weighted by that level's chance. 0 when it has none.
pub fn stop_chance(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> f64 {
    let check = attack_check(b, attacker, target, weapon, kind);
    stop_chance_with(b, &check, attacker, target, weapon, kind)
}

/// [`stop_chance`] for an attack rolled with `check` (the AI asks it with an Advantage
/// the attack does not have yet).
pub fn stop_chance_with(
    b: &Battle,
    check: &Check,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
) -> f64 {
    let hit = Hit {
        attacker,
        target,
        weapon,
        kind,
        level: Outcome::Success,
        natural: 0,
        effect: HitEffect::Damage,
    };
    // The defences and their odds do not depend on the level the attack lands with:
    // work them out once (what `defence_chance` does for each level). Riposte is left
    // out: it rolls Parry's check against the same level, so the best is the same.
    let (kinds, n) = defences(b, &hit, false);
    if n == 0 {
        return 0.0;
    }
    let advantage = defence_advantage(b, target);
    let mut odds_of = [(false, [0.0; 6]); 4];
    for (slot, &k) in odds_of.iter_mut().zip(&kinds[..n]) {
        let parry = matches!(k, ReactionKind::Parry | ReactionKind::Riposte);
        *slot = (parry, check_odds(defence_skill(b, target, k).1, advantage));
    }
    let defences = &odds_of[..n];
    let (big, small) = (b.size(attacker), b.size(target));
    let odds = check.odds();
    let mut hits = 0.0;
    let mut stopped = 0.0;
    for level in Outcome::ALL.into_iter().filter(|o| o.is_success()) {
        let p = odds[level as usize];
        if p == 0.0 {
            continue;
        }
        let best = defences
            .iter()
            .map(|(parry, d)| {
                let against = if *parry {
                    parry_adjusted(level, big, small)
                } else {
                    level
                };
                Outcome::ALL
                    .into_iter()
                    .filter(|&o| !active_wins(against, o))
                    .map(|o| d[o as usize])
                    .sum::<f64>()
            })
            .fold(0.0, f64::max);
        hits += p;
        stopped += p * best;
    }
    if hits > 0.0 { stopped / hits } else { 0.0 }
}

/// The chance that the target's best defence stops a hit that lands at `level` (the
/// defence the AI picks: `ai::react` takes the best `defence_chance`).
pub fn stop_chance_at(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
    kind: AttackKind,
    level: Outcome,
) -> f64 {
    let hit = Hit {
        attacker,
        target,
        weapon,
        kind,
        level,
        natural: 0,
        effect: HitEffect::Damage,
    };
    defence_options(b, &hit)
        .into_iter()
        .map(|k| defence_chance(b, target, &hit, k))
        .fold(0.0, f64::max)
}

/// Chance that a melee/ranged attack hits before defences, and its damage range.
pub fn attack_preview(
    b: &Battle,
    attacker: UnitId,
    target: UnitId,
    weapon: usize,
) -> (Check, f64, (i32, i32)) {
    let c = attack_check(b, attacker, target, weapon, AttackKind::Normal);
    let p = c.success_chance();
    let dmg = b
        .weapons(attacker)
        .get(weapon)
        .map(|w| (w.damage.min(), w.damage.max() * 2))
        .unwrap_or((0, 0));
    (c, p, dmg)
}

/// The chances of a hit's damage totals and of a critical hit's (twice the dice), each
/// never below 0; `None` when the dice are too many to count.
type HitDamage = Option<(Distribution, Distribution)>;

/// The damage odds of a hit with a weapon of `dice` damage (`Ruleset::damage_odds`),
/// memoised by the dice (`odds::memo_hit_odds`).
pub fn hit_damage_odds(dice: DiceExpr) -> HitDamage {
    let key = HitKey::new(HitFormula::Flow, dice, [0, 0]);
    memo_hit_odds(key, || {
        Distribution::of(dice).map(|d| (d.map(|t| t.max(0)), d.map(|t| (2 * t).max(0))))
    })
}
