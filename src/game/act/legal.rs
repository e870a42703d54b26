//! Can an action of the bar be taken now, and if not, why? The rules answer
//! (`Battle::check` on the command the action would make, `Ruleset::cannot_pay` before a
//! target is known); the window only tries the picks there are. What the bar shows is
//! kept per state of the battle ([`Usable`]), not worked out every frame.

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::rulesets::ui::{Pick, Target};

use super::cast::why_not as ability_why_not;
use super::keys::ActionKey;

/// At most this many cells are tried for an action aimed at a cell (nearest first).
const CELLS_TRIED: usize = 400;

/// Why `u` cannot take `a` now, on any target (`None`: it can, on at least one). An
/// action aimed at a unit or a cell is tried on every unit, or on the cells nearest to
/// `u`, until one is legal; the reasons given are the rules' refusals for the nearest
/// foe and the nearest friend (`u` itself last), or the nearest cell.
pub fn why_not(b: &Battle, u: UnitId, a: ActionKey) -> Option<String> {
    // Groups of picks: the reason shown is the first refusal of each group (a foe and a
    // friend are refused for different reasons: "Grub is an ally", "Ilse is out of
    // reach").
    let groups: Vec<Vec<Pick>> = match a.0.target {
        Target::None => vec![vec![Pick::Nothing]],
        Target::Words { .. } => {
            // Any words will do to ask whether it can be paid for.
            return a
                .probe(b, u)
                .and_then(|cmd| crate::game::view::of(b).cannot_pay(b, u, &cmd));
        }
        Target::Unit(_) | Target::Cell(_) => {
            if let Some(why) = a
                .probe(b, u)
                .and_then(|cmd| crate::game::view::of(b).cannot_pay(b, u, &cmd))
            {
                return Some(why);
            }
            let from = b.pos(u);
            let d = |c| b.grid().distance(from, c);
            if matches!(a.0.target, Target::Unit(_)) {
                // Foes nearest first; then friends nearest first, the unit itself last.
                let mut ts: Vec<UnitId> = b
                    .units()
                    .filter(|&t| b.alive(t) && crate::game::sight::seen_by(b, Some(b.side(u)), t))
                    .collect();
                ts.sort_by_key(|&t| (t == u, d(b.pos(t))));
                let (foes, friends): (Vec<UnitId>, Vec<UnitId>) =
                    ts.into_iter().partition(|&t| b.enemies(t, u));
                [foes, friends]
                    .into_iter()
                    .map(|g| g.into_iter().map(Pick::Unit).collect())
                    .collect()
            } else {
                let mut cells: Vec<_> = b.grid().cells().filter(|&c| c != from).collect();
                cells.sort_by_key(|&c| d(c));
                cells.truncate(CELLS_TRIED);
                cells.push(from);
                vec![cells.into_iter().map(Pick::Cell).collect()]
            }
        }
    };
    let mut reasons: Vec<String> = Vec::new();
    for group in &groups {
        let mut first = None;
        for p in group {
            let Some(cmd) = (a.0.build)(b, u, p) else {
                continue;
            };
            match b.check(&cmd) {
                Ok(()) => return None,
                Err(e) => {
                    first.get_or_insert_with(|| e.to_string());
                }
            }
        }
        if let Some(e) = first
            && !reasons.contains(&e)
        {
            reasons.push(e);
        }
    }
    if reasons.is_empty() {
        return Some(match a.target() {
            Some(t) => format!("no {t} to pick"),
            None => "not now".into(),
        });
    }
    Some(reasons.join("; "))
}

/// What the action bar shows of the current unit's actions and abilities, worked out
/// once per state of the battle.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Usable {
    /// The state it was worked out for: (battle generation, log length, commands, unit).
    pub stamp: Option<(u32, usize, usize, UnitId)>,
    /// Per action of the ruleset (bar order): its price, and why not (`None`: usable).
    pub actions: Vec<(String, Option<String>)>,
    /// Per ability of the unit: why not (`None`: usable).
    pub abilities: Vec<Option<String>>,
    /// The basic attack ([`ActionKey::attack`]): its price, and why not.
    pub attack: (String, Option<String>),
}

impl Usable {
    /// Work it out again if the battle changed since (`generation` and `commands`: the
    /// session's restart count and number of commands; the log grows with every event).
    pub fn refresh(&mut self, b: &Battle, u: UnitId, generation: u32, commands: usize) {
        let stamp = Some((generation, b.log().len(), commands, u));
        if self.stamp == stamp {
            return;
        }
        self.stamp = stamp;
        self.actions = ActionKey::of(b)
            .map(|a| (a.cost_label(b, u), why_not(b, u, a)))
            .collect();
        self.attack = attack_now(b, u);
        self.abilities = (0..b.abilities(u).len())
            .map(|i| ability_why_not(b, u, i))
            .collect();
    }
}

/// The basic attack's price in the ruleset's words and why `u` cannot make one now (the
/// rules' refusal for the nearest foe, or the ruleset's reason it cannot pay).
pub fn attack_now(b: &Battle, u: UnitId) -> (String, Option<String>) {
    use skirmish_rules::rulesets::ui::AttackPrice;
    match crate::game::view::of(b).attack_price(b, u) {
        AttackPrice::Cannot(why) => (String::new(), Some(why)),
        AttackPrice::Pays(price) | AttackPrice::Short { price, .. } => {
            (price, why_not(b, u, ActionKey::attack()))
        }
    }
}
