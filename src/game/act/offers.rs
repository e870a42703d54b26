//! What a reaction prompt offers, worked out once for the prompt, the map's highlights
//! and the hot-seat's automatic answers (issue 31, item 4): who is involved (the reactor,
//! the trigger's actor and its target), each option's name, price, odds for the
//! reacting unit ("Ilse's parry: 62% to stop Brute's hit"), what it does (the ruleset's
//! `View::reaction_does`) and the cell it names, in words ("the cell east of Brute").

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{Commit, Window};
use skirmish_rules::event::{AttackKind, ReactionKind, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::pools::Cost;
use skirmish_rules::rulesets::attack_odds;

/// The units a reaction window is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Involved {
    /// Who may react.
    pub reactor: UnitId,
    /// Who set it off (the mover, the attacker, the caster), if anyone.
    pub actor: Option<UnitId>,
    /// Whom the trigger is aimed at, when not the reactor (the ally an attack is on).
    pub target: Option<UnitId>,
}

impl Involved {
    /// Every unit involved, the reactor first, each once.
    pub fn units(&self) -> Vec<UnitId> {
        let mut out = vec![self.reactor];
        for u in [self.actor, self.target].into_iter().flatten() {
            if !out.contains(&u) {
                out.push(u);
            }
        }
        out
    }
}

/// Who a window is about (`b` for what the window alone does not say: whose damage an
/// ally's counter answers).
pub fn involved(b: &Battle, w: &Window) -> Involved {
    let (actor, target) = match &w.trigger {
        Trigger::IncomingAttack {
            attacker, target, ..
        } => (Some(*attacker), Some(*target)),
        Trigger::PowerCue { by, target, .. } => (Some(*by), Some(*target)),
        Trigger::Approaching { mover, ally, .. } => (Some(*mover), Some(*ally)),
        // Damage coming at an ally beside the reactor (counters): that ally, ringed.
        Trigger::IncomingDamage { attacker, .. } => (Some(*attacker), damage_target(b, w)),
        Trigger::SpellLanding { caster, .. } | Trigger::SpellIdentified { caster, .. } => {
            (Some(*caster), None)
        }
        Trigger::Overrun { by } | Trigger::Feinted { by } | Trigger::Disarmed { by } => {
            (Some(*by), None)
        }
        t => (t.provoker(), None),
    };
    let target = target
        .or_else(|| w.hit.as_ref().map(|h| h.target))
        .filter(|&t| t != w.reactor);
    let actor = actor.or_else(|| w.hit.as_ref().map(|h| h.attacker));
    Involved {
        reactor: w.reactor,
        actor,
        target,
    }
}

/// One option of the prompt.
#[derive(Clone, Debug, PartialEq)]
pub struct Offer {
    /// The answer.
    pub kind: ReactionKind,
    /// Its name ("Parry", "Intercept from the cell east of Brute", a power's name).
    pub name: String,
    /// Its price in the ruleset's words ("1 RP", "free").
    pub price: String,
    /// Its chance for the reacting unit and what the chance is of ("Ilse's parry",
    /// "to stop Brute's hit"); `None`: nothing is rolled.
    pub odds: Option<Odds>,
    /// What it does, one line (the ruleset's `View::reaction_does`, with the ruleset's
    /// note where it has one).
    pub does: String,
    /// The cell it names (highlighted while the pointer is on the option).
    pub place: Option<Cell>,
    /// The alternative of its price this option pays, as the commits that choose it
    /// (counters' counter attack: "1 SD" or "10 ft"); empty: the first affordable, and
    /// the amount pickers' commits.
    pub pay: Vec<skirmish_rules::engine::Commit>,
}

/// A chance as the prompt words it: "{who}: {p}% {goal}".
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The chance, 0..1.
    pub p: f64,
    /// Whose roll ("Ilse's parry").
    pub who: String,
    /// What it is a chance of ("to stop Brute's hit").
    pub goal: String,
}

impl Odds {
    /// "Ilse's parry: 62% to stop Brute's hit".
    pub fn words(&self) -> String {
        format!("{}: {} {}", self.who, pct(self.p), self.goal)
    }
}

/// A chance as a whole percentage, never a bare 0% or 100% for what is merely unlikely
/// or likely ("<1%", ">99%").
pub fn pct(p: f64) -> String {
    let n = p * 100.0;
    if n > 0.0 && n < 0.5 {
        "<1%".into()
    } else if n < 100.0 && n > 99.5 {
        ">99%".into()
    } else {
        format!("{n:.0}%")
    }
}

impl Offer {
    /// The option's first line: "Parry (1 RP) — Ilse's parry: 62% to stop Brute's hit".
    pub fn text(&self) -> String {
        match &self.odds {
            Some(o) => format!("{} ({}) — {}", self.name, self.price, o.words()),
            None => format!("{} ({})", self.name, self.price),
        }
    }
}

/// A cell in words, from the nearest of `near` ("the cell east of Brute", "2 cells
/// north-west of Ilse"): the rules crate's [`skirmish_rules::sentence::place_words`].
pub fn place_words(b: &Battle, cell: Cell, near: &[UnitId]) -> String {
    skirmish_rules::sentence::place_words(b, cell, near)
}

/// Every option of the open window, in the window's order (empty when none is open).
pub fn offers(b: &Battle) -> Vec<Offer> {
    let Some(w) = b.window() else {
        return Vec::new();
    };
    let inv = involved(b, w);
    let view = crate::game::view::of(b);
    let near = inv.units();
    w.options
        .iter()
        .flat_map(|&k| {
            let place = match k {
                ReactionKind::LandAt(c) | ReactionKind::InterceptAt { to: c, .. } => Some(c),
                _ => None,
            };
            let name = match k {
                ReactionKind::Interrupt(i) | ReactionKind::FreePower(i) => b
                    .ability(w.reactor, i)
                    .map_or_else(|| k.to_string(), |a| a.name.clone()),
                ReactionKind::LandAt(c) => format!("Land on {}", place_words(b, c, &near)),
                ReactionKind::InterceptAt { to, swap } => format!(
                    "Intercept {}from {}",
                    if swap { "and swap " } else { "" },
                    place_words(b, to, &near)
                ),
                _ => k.to_string(),
            };
            let mut does = view.reaction_does(b, w, k);
            if let Some(note) = view.reaction_note(b, w, k) {
                does = format!("{does} ({note})");
            }
            let offer = Offer {
                kind: k,
                name,
                price: view.reaction_price(k),
                odds: odds(b, w, &inv, k),
                does,
                place,
                pay: Vec::new(),
            };
            // A price with two or more affordable alternatives: one option per way to pay
            // ("Cost (choose one): 1 SD, 10ft unspent movement").
            let ways = pay_ways(b, w, k);
            if ways.len() < 2 {
                return vec![offer];
            }
            ways.into_iter()
                .map(|(price, pay)| Offer {
                    price,
                    pay,
                    ..offer.clone()
                })
                .collect()
        })
        .collect()
}

/// The affordable alternatives of `k`'s price, in words and as the commits that choose
/// each (`skirmish_rules::engine` `chosen_price`), when the price has two or more.
fn pay_ways(b: &Battle, w: &Window, k: ReactionKind) -> Vec<(String, Vec<Commit>)> {
    let cost = b.rules().reaction_cost(b, &w.trigger, k);
    if cost.alternatives().len() < 2 {
        return Vec::new();
    }
    cost.alternatives()
        .iter()
        .filter(|alt| b.affords(w.reactor, &Cost(vec![alt.to_vec()])))
        .map(|alt| {
            let words = Cost(vec![alt.to_vec()]).words();
            let pay = alt
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|&(pool, n)| Commit {
                    part: 0,
                    pool,
                    amount: n as u32,
                })
                .collect();
            (format!("pay {words}"), pay)
        })
        .collect()
}

/// The reacting unit's chance with answer `k`, and what it is a chance of.
fn odds(b: &Battle, w: &Window, inv: &Involved, k: ReactionKind) -> Option<Odds> {
    let r = w.reactor;
    let rn = b.name(r);
    let actor = inv.actor.map_or("the enemy", |u| b.name(u));
    let lower = k.to_string().to_lowercase();
    let odds = |p: f64, who: String, goal: String| Some(Odds { p, who, goal });
    match k {
        ReactionKind::ReactionAttack | ReactionKind::WaitedAttack | ReactionKind::FreeHit => {
            let t = inv.actor?;
            let dist = b.grid().distance(b.pos(r), b.pos(t));
            let wp = b.best_melee(r, dist)?;
            let p = attack_odds(b, r, t, wp, AttackKind::Reaction).hit;
            // melee-zone's tragedy hits without a roll: the note says so.
            if k == ReactionKind::FreeHit
                && matches!(w.trigger, Trigger::Fumbled { tragedy, .. } if tragedy >= 1)
            {
                return None;
            }
            odds(
                p,
                format!("{rn}'s attack on {}", b.name(t)),
                "to hit".into(),
            )
        }
        ReactionKind::Interrupt(i) | ReactionKind::FreePower(i) => {
            let hostile = b.ability(r, i).is_some_and(|a| a.hostile());
            let p = b.rules().cast_reaction_chance(b, r, &w.trigger, k)?;
            let name = b.ability(r, i).map_or("power", |a| a.name.as_str());
            hostile.then(|| Odds {
                p,
                who: format!("{rn}'s {name} on {actor}"),
                goal: "to hit".into(),
            })
        }
        ReactionKind::Dodge
        | ReactionKind::Parry
        | ReactionKind::Block
        | ReactionKind::Riposte
        | ReactionKind::Intercept
        | ReactionKind::InterceptSwap
        | ReactionKind::InterceptAt { .. } => {
            let hit = w.hit.as_ref()?;
            let p = b.rules().defence_chance(b, r, hit, k);
            let attacker = b.name(hit.attacker);
            match k {
                ReactionKind::Intercept
                | ReactionKind::InterceptSwap
                | ReactionKind::InterceptAt { .. } => odds(
                    p,
                    format!("{rn}'s defence once in the way"),
                    format!("to stop {attacker}'s hit"),
                ),
                ReactionKind::Riposte => odds(
                    p,
                    format!("{rn}'s parry"),
                    format!("to stop {attacker}'s hit (and strike back)"),
                ),
                _ => odds(
                    p,
                    format!("{rn}'s {lower}"),
                    format!("to stop {attacker}'s hit"),
                ),
            }
        }
        ReactionKind::ResistMelee | ReactionKind::ResistAgility => {
            let p = b.rules().cast_reaction_chance(b, r, &w.trigger, k)?;
            let skill = if k == ReactionKind::ResistMelee {
                "Melee"
            } else {
                "Agility"
            };
            odds(
                p,
                format!("{rn}'s {skill}"),
                format!("to resist {actor}'s feint"),
            )
        }
        ReactionKind::Counterspell => {
            let p = b.rules().cast_reaction_chance(b, r, &w.trigger, k)?;
            odds(
                p,
                format!("{rn}'s counterspell"),
                format!("to stop {actor}'s spell"),
            )
        }
        ReactionKind::Resist => {
            let p = b.rules().cast_reaction_chance(b, r, &w.trigger, k)?;
            odds(p, format!("{rn}'s resistance"), format!("against {actor}"))
        }
        // Moves and held actions roll nothing of their own here.
        _ => None,
    }
}

/// The best chance to help among the options that roll dice; `None` when none does
/// (a move, a choice of skill or cell: their worth is no number, the side is asked).
pub fn best_chance(offers: &[Offer]) -> Option<f64> {
    offers
        .iter()
        .filter_map(|o| o.odds.as_ref().map(|x| x.p))
        .reduce(f64::max)
}

/// What a mark on the map says about a cell while a prompt is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The unit that may react (green ring).
    Reactor,
    /// The unit that set it off (red ring).
    Actor,
    /// The unit it is aimed at, when not the reactor (yellow ring).
    Target,
    /// The cell the option under the pointer names (cyan).
    Place,
}

/// The cells the map marks while a reaction window is open (whoever is asked: an
/// answer by hand or not, the board shows who is involved), with the cell of option
/// `hover` when it names one. Empty when no window is open.
pub fn marks(b: &Battle, hover: Option<usize>) -> Vec<(Cell, Role)> {
    let Some(w) = b.window() else {
        return Vec::new();
    };
    let inv = involved(b, w);
    let mut out = vec![(b.pos(inv.reactor), Role::Reactor)];
    if let Some(a) = inv.actor {
        out.push((b.pos(a), Role::Actor));
    }
    if let Some(t) = inv.target {
        out.push((b.pos(t), Role::Target));
    }
    if let Some(c) = hover.and_then(|i| w.options.get(i)).and_then(|k| match *k {
        ReactionKind::LandAt(c) | ReactionKind::InterceptAt { to: c, .. } => Some(c),
        _ => None,
    }) {
        out.push((c, Role::Place));
    }
    out
}

/// The order in which the counters declared together will resolve if the reactor answers
/// `k` (issue 36: "the order in which all chosen counters will resolve"): those declared
/// so far and this one, sorted as the engine sorts them (`Ruleset::resolve_order`, then
/// initiative), and who is still to declare. `None` outside a declaration step, or when
/// this answer is the only one (nothing to order).
pub fn resolve_order_words(b: &Battle, k: ReactionKind) -> Option<String> {
    use skirmish_rules::engine::Frame;
    let w = b.window()?;
    let Some(Frame::Declare {
        reactors, declared, ..
    }) = w.on_decline.first()
    else {
        return None;
    };
    if declared.is_empty() && reactors.is_empty() {
        return None;
    }
    let place = |u: UnitId| b.order().iter().position(|o| *o == u).unwrap_or(usize::MAX);
    let rules = b.rules();
    let mut all: Vec<(UnitId, ReactionKind)> =
        declared.iter().map(|d| (d.reactor, d.kind)).collect();
    all.push((w.reactor, k));
    all.sort_by_key(|&(u, k)| (rules.resolve_order(k), place(u)));
    let names: Vec<String> = all
        .iter()
        .map(|&(u, k)| format!("{}'s {k}", b.name(u)))
        .collect();
    let mut s = format!("resolves: {}", names.join(", then "));
    if !reactors.is_empty() {
        let later: Vec<&str> = reactors.iter().map(|&u| b.name(u)).collect();
        s.push_str(&format!(" ({} still to declare)", later.join(", ")));
    }
    Some(s)
}

/// Who takes the damage a window of [`Trigger::IncomingDamage`] answers: the hit's target,
/// else (a declaration step, whose windows carry no hit) the target of the attacker's
/// last attack.
pub fn damage_target(b: &Battle, w: &Window) -> Option<UnitId> {
    let Trigger::IncomingDamage { attacker, .. } = w.trigger else {
        return None;
    };
    w.hit.as_ref().map(|h| h.target).or_else(|| {
        b.log().iter().rev().find_map(|l| match &l.event {
            skirmish_rules::event::Event::Attack {
                attacker: a,
                target,
                ..
            } if *a == attacker => Some(*target),
            _ => None,
        })
    })
}

/// The prompt's first words for damage coming: "Aldric is about to take 11 damage from
/// Dara.", and for an ally beside the target "…: Brann, beside Aldric, may counter it."
/// (the ally was told it would take the damage itself).
pub fn incoming_damage_words(b: &Battle, w: &Window) -> String {
    let Trigger::IncomingDamage { attacker, amount } = w.trigger else {
        return String::new();
    };
    let r = w.reactor;
    match damage_target(b, w) {
        Some(t) if t != r => format!(
            "{} is about to take {amount} damage from {}: {}, beside {}, may counter it.",
            b.name(t),
            b.name(attacker),
            b.name(r),
            b.name(t)
        ),
        _ => format!(
            "{} is about to take {amount} damage from {}.",
            b.name(r),
            b.name(attacker)
        ),
    }
}
