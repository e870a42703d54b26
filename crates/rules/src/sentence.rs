//! The roll log in sentences (issue 19): each event as a line a player reads ("Mott
//! attacks Brakka with a shortbow: 34 vs 60, success"), the dice behind it apart (the
//! window shows them on hover), and whether the line is bookkeeping a player need not
//! read (setup before round 1, pool payments, the end of a round). Events without a
//! sentence of their own fall back to their record's text ([`crate::record::Record`]).

use crate::battle::Battle;
use crate::components::UnitId;
use crate::dice::Roll;
use crate::event::{Event, Logged};
use crate::grid::Cell;
use crate::record::record;

/// One log line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The round it happened in.
    pub round: u32,
    /// The sentence.
    pub text: String,
    /// The dice behind it, in full ("1d100 [34] (Ranged 60) = 34"), if it rolled any.
    pub dice: Option<String>,
    /// Bookkeeping (setup, payments, round ends): hidden unless asked for.
    pub noise: bool,
    /// A move, (unit, from, to, steps): consecutive steps of one unit make one line
    /// ([`Line::absorb`]).
    pub step: Option<(UnitId, Cell, Cell, u32)>,
    /// A terrain change (what the cells became, the first cell, how many): one spell's
    /// cells make one line ([`Line::absorb`]).
    pub terrain: Option<(crate::level::Terrain, Cell, u32)>,
}

impl Line {
    /// Fold the next line into this one when both are steps of the same unit's move (the
    /// next starting where this one ends): "Mott moves (1, 2) to (4, 2), 3 steps".
    /// `false`: they stay two lines.
    pub fn absorb(&mut self, next: &Line, b: &Battle) -> bool {
        if let (Some((t, first, n)), Some((t2, _, m))) = (self.terrain, next.terrain)
            && t == t2
            && self.round == next.round
        {
            self.terrain = Some((t, first, n + m));
            self.text = format!("{first} and {} more cells become {}.", n + m - 1, t.name());
            return true;
        }
        let (Some((u, from, to, n)), Some((v, f2, t2, m))) = (self.step, next.step) else {
            return false;
        };
        if u != v || to != f2 || self.round != next.round {
            return false;
        }
        self.step = Some((u, from, t2, n + m));
        self.text = moved(b.name(u), from, t2, n + m);
        true
    }
}

fn moved(who: &str, from: Cell, to: Cell, steps: u32) -> String {
    let s = if steps == 1 { "" } else { "s" };
    format!("{who} moves {from} to {to}, {steps} step{s}")
}

/// A roll in full: "3d6 [5, 6, 2] (Level +2, Volition +3) = 18".
pub fn dice_words(roll: &Roll) -> String {
    let faces: Vec<String> = roll
        .faces
        .iter()
        .zip(&roll.kept)
        .map(|(f, k)| if *k { f.to_string() } else { format!("({f})") })
        .collect();
    let mods: Vec<String> = roll
        .modifiers
        .iter()
        .filter(|m| m.value != 0 || !m.name.is_empty())
        .map(|m| format!("{} {:+}", m.name, m.value))
        .collect();
    let mods = if mods.is_empty() {
        String::new()
    } else {
        format!(" ({})", mods.join(", "))
    };
    format!(
        "{} [{}]{mods} = {}",
        roll.expr,
        faces.join(", "),
        roll.total
    )
}

/// The sentence of one logged event.
pub fn line(b: &Battle, l: &Logged) -> Line {
    let n = |u: &UnitId| b.name(*u).to_string();
    let mut dice = None;
    let mut noise = false;
    let mut step = None;
    let mut terrain = None;
    let text = match &l.event {
        Event::BattleStarted { ruleset, grid, .. } => {
            noise = true;
            format!("The battle begins ({ruleset}, {grid} grid).")
        }
        Event::Initiative { unit, roll } => {
            noise = true;
            dice = Some(dice_words(roll));
            format!("{} rolls {} for initiative.", n(unit), roll.total)
        }
        Event::TurnOrder { order } => {
            noise = true;
            let names: Vec<String> = order.iter().map(n).collect();
            format!("Turn order: {}.", names.join(", "))
        }
        Event::RoundStarted { round } => format!("— Round {round} —"),
        Event::RoundEnded { .. } => {
            noise = true;
            format!("Round {} ends.", l.round)
        }
        Event::TurnStarted { unit, pools } => format!(
            "{}'s turn ({}).",
            n(unit),
            crate::rulesets::budget_words(b, pools)
        ),
        Event::TurnEnded { unit } => {
            noise = true;
            format!("{} ends its turn.", n(unit))
        }
        Event::Moved { unit, from, to, .. } => {
            step = Some((*unit, *from, *to, 1));
            moved(&n(unit), *from, *to, 1)
        }
        Event::Displaced { unit, to, .. } => format!("{} is pushed to {to}.", n(unit)),
        Event::Attack {
            attacker,
            target,
            weapon,
            roll,
            target_number,
            outcome,
            kind,
            ..
        } => {
            dice = Some(dice_words(roll));
            let how = match kind {
                crate::event::AttackKind::Reaction => " (a reaction)",
                _ => "",
            };
            let with = if weapon.is_empty() {
                String::new()
            } else {
                format!(" with {weapon}")
            };
            format!(
                "{} attacks {}{with}{how}: {} vs {target_number}, {outcome}.",
                n(attacker),
                n(target),
                roll.total
            )
        }
        Event::Defence {
            unit,
            kind,
            roll,
            target_number,
            success,
            ..
        } => {
            dice = Some(dice_words(roll));
            format!(
                "{} tries to {}: {} vs {target_number}, {}.",
                n(unit),
                kind.to_string().to_lowercase(),
                roll.total,
                if *success { "it works" } else { "it fails" }
            )
        }
        // A check in words (its record read "check Morwen 1d20 [13] (…) = 20 vs 14:
        // success [identify]"): "Morwen rolls for identify: 20 vs 14, a success."
        Event::Check {
            unit,
            purpose,
            roll,
            target_number,
            outcome,
        } => {
            dice = Some(dice_words(roll));
            let note = crate::rulesets::check_note(b, *purpose, roll.total, *target_number);
            let vs = if note.no_number {
                String::new()
            } else {
                format!(" vs {target_number}")
            };
            let how = if note.no_outcome {
                String::new()
            } else {
                format!(", {}", a(*outcome))
            };
            format!(
                "{} rolls for {}: {}{vs}{how}{}.",
                n(unit),
                purpose_words(*purpose),
                roll.total,
                note.words
            )
        }
        Event::Damage {
            unit,
            source,
            roll,
            amount,
            hp_after,
        } => {
            dice = Some(dice_words(roll));
            let from = match source {
                Some(s) if s != unit => format!(" from {}", n(s)),
                _ => String::new(),
            };
            // Below 0 the number is said as it is: a ruleset where negative HP means
            // something (tactical-d20's dying at −1 … −9) shows the same number on the
            // unit's card.
            let left = if *hp_after < 0 {
                format!("at {hp_after} HP")
            } else {
                format!("{hp_after} HP left")
            };
            format!("{} takes {amount} damage{from} ({left}).", n(unit))
        }
        Event::Healed {
            unit,
            amount,
            hp_after,
        } => format!("{} heals {amount} HP (now {hp_after}).", n(unit)),
        Event::Down { unit } => format!("{} goes down!", n(unit)),
        Event::Revived { unit } => format!("{} is back on its feet.", n(unit)),
        Event::ReactionOffered {
            reactor, options, ..
        } => {
            let o: Vec<String> = options
                .iter()
                .map(|o| answer_words(b, *reactor, *o))
                .collect();
            format!("{} may react: {}.", n(reactor), o.join(" or "))
        }
        // A counter declared with others (counters: the target and its allies beside it
        // declare before any resolves).
        Event::Declared { reactor, kind } => format!(
            "{} declares {}; it resolves once all have declared.",
            n(reactor),
            a_kind(*kind)
        ),
        Event::ReactionDeclined { reactor } => {
            noise = true;
            format!("{} lets it pass.", n(reactor))
        }
        Event::Reacted { reactor, kind, .. } => format!(
            "{} reacts: {}!",
            n(reactor),
            answer_words(b, *reactor, *kind)
        ),
        Event::ConditionAdded { unit, kind, .. } => {
            format!("{} is now {}.", n(unit), condition(*kind))
        }
        Event::ConditionRemoved { unit, kind, .. } => {
            format!("{} is no longer {}.", n(unit), condition(*kind))
        }
        Event::Spent { .. } | Event::Refilled { .. } | Event::ConditionsTicked { .. } => {
            noise = true;
            rest(b, l)
        }
        Event::Cast { unit, name, at, .. } => {
            let at = match at {
                crate::engine::CastAt::User => String::new(),
                crate::engine::CastAt::Unit(t) => format!(" at {}", n(t)),
                crate::engine::CastAt::Units(ts) => {
                    format!(" at {}", ts.iter().map(n).collect::<Vec<_>>().join(", "))
                }
                crate::engine::CastAt::Cell(c) => format!(" at {c}"),
            };
            format!("{} casts {name}{at}.", n(unit))
        }
        Event::Hid { unit } => format!("{} hides.", n(unit)),
        Event::Revealed { unit, by } => match by {
            Some(f) => format!("{} spots {}.", n(f), n(unit)),
            None => format!("{} gives itself away.", n(unit)),
        },
        Event::Summoned { name, by, cell, .. } => {
            format!("{} summons {name} on {cell}.", n(by))
        }
        Event::TerrainChanged { cell, to, .. } => {
            terrain = Some((*to, *cell, 1));
            format!("{cell} becomes {}.", to.name())
        }
        Event::BattleEnded { winner } => match winner {
            Some(s) => format!(
                "{} won the battle!",
                b.level()
                    .sides
                    .get(s.0 as usize)
                    .map_or("?", |d| d.name.as_str())
            ),
            None => "The battle ends with no winner.".to_string(),
        },
        _ => {
            let r = record(b, l);
            if r.total.is_some() && r.dice.is_some() {
                dice = Some(format!(
                    "{} {:?} = {}",
                    r.dice.as_deref().unwrap_or(""),
                    r.faces.clone().unwrap_or_default(),
                    r.total.unwrap_or(0)
                ));
            }
            noise = l.round == 0;
            rest(b, l)
        }
    };
    Line {
        round: l.round,
        text,
        dice,
        // Everything before round 1 is setup.
        noise: noise || l.round == 0,
        step,
        terrain,
    }
}

/// A condition's name in a sentence ("Flat-footed", "Prone").
fn condition(k: crate::components::ConditionKind) -> String {
    format!("{k:?}")
}

/// The record's own text without its "[round N] " head.
fn rest(b: &Battle, l: &Logged) -> String {
    let t = record(b, l).text();
    match t.split_once("] ") {
        Some((_, tail)) => tail.replace('_', " "),
        None => t,
    }
}

/// The sentence of the log's `i`-th event, told with the events around it (issue 31,
/// item 9): a defence names what decided it ("26 vs 55 succeeds, but Sable's major
/// success outranks it"), a contest says who won and why (the levels, the totals, a
/// tie's rule), and the checks of a contest become bookkeeping (the contest's line has
/// their numbers). The window's log and [`lines`] read the log through this.
pub fn line_at(b: &Battle, i: usize) -> Line {
    let log = b.log();
    let Some(l) = log.get(i) else {
        return Line {
            round: 0,
            text: String::new(),
            dice: None,
            noise: true,
            step: None,
            terrain: None,
        };
    };
    let mut out = line(b, l);
    match &l.event {
        Event::Check { unit, purpose, .. } if in_contest(log, i, *unit, *purpose) => {
            out.noise = true;
        }
        Event::Contest {
            purpose,
            active,
            passive,
            active_wins,
        } => {
            if let Some(t) = contest_words(b, i, *purpose, *active, *passive, *active_wins) {
                out.text = t;
            }
        }
        Event::Defence {
            unit,
            kind,
            roll,
            target_number,
            outcome,
            against,
            success,
        } => {
            out.text = defence_words(
                b,
                i,
                *unit,
                *kind,
                (roll.total, *target_number),
                (*outcome, *against),
                *success,
            );
        }
        _ => {}
    }
    out
}

/// Is the check at `i` (by `unit`, for `purpose`) one side of a contest logged just
/// after it?
fn in_contest(log: &[Logged], i: usize, unit: UnitId, purpose: crate::event::CheckPurpose) -> bool {
    log.iter().skip(i + 1).take(3).any(|l| {
        matches!(&l.event, Event::Contest { purpose: p, active, passive, .. }
            if *p == purpose && (*active == unit || *passive == unit))
    })
}

/// A check's purpose in words ("feint", "grapple check", "break free").
pub fn purpose_words(p: crate::event::CheckPurpose) -> String {
    let raw = match p {
        crate::event::CheckPurpose::Sustain(_) => "Sustain".to_string(),
        p => format!("{p:?}"),
    };
    let mut out = String::new();
    for (k, c) in raw.chars().enumerate() {
        if c.is_uppercase() && k > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// "a major success", "a failure".
fn a(o: crate::event::Outcome) -> String {
    format!("a {o}")
}

/// A contest's line: who won, and what decided it.
fn contest_words(
    b: &Battle,
    i: usize,
    purpose: crate::event::CheckPurpose,
    active: UnitId,
    passive: UnitId,
    active_wins: bool,
) -> Option<String> {
    let log = b.log();
    // The two checks, logged just before.
    let check = |who: UnitId| {
        log[i.saturating_sub(4)..i]
            .iter()
            .rev()
            .find_map(|l| match &l.event {
                Event::Check {
                    unit,
                    purpose: p,
                    roll,
                    target_number,
                    outcome,
                } if *unit == who && *p == purpose => Some((roll.total, *target_number, *outcome)),
                _ => None,
            })
    };
    let (an, pn) = (b.name(active), b.name(passive));
    let what = purpose_words(purpose);
    let winner = if active_wins { an } else { pn };
    let (ca, cp) = (check(active)?, check(passive));
    let Some(cp) = cp else {
        return Some(format!(
            "{an}'s {what} against {pn}: {}, and {pn} cannot oppose it: {winner} wins.",
            ca.0
        ));
    };
    // Each side's number to beat is the other's total: the higher total decides.
    if ca.1 == cp.0 && cp.1 == ca.0 {
        let why = if ca.0 == cp.0 {
            format!("a tie, which goes to the higher bonus, then to {pn}")
        } else {
            "the higher total".into()
        };
        return Some(format!(
            "{an}'s {what} against {pn}: {} vs {}, {winner} wins ({why}).",
            ca.0, cp.0
        ));
    }
    // Levels of success: the higher level wins, a tie goes to the defender.
    let (la, lp) = (ca.2, cp.2);
    let mine = format!("{} vs {}", ca.0, ca.1);
    let theirs = format!("{} vs {}", cp.0, cp.1);
    Some(if active_wins {
        format!(
            "{an}'s {what} beats {pn}: {an}'s {} ({mine}) outranks {pn}'s {} ({theirs}).",
            la, lp
        )
    } else if !la.is_success() {
        format!("{an}'s {what} against {pn} fails: {mine}, {}.", a(la))
    } else if la == lp {
        format!(
            "{an}'s {what} against {pn}: both reach {} ({mine}, {theirs}), and a tie goes to {pn}.",
            a(la)
        )
    } else {
        format!(
            "{an}'s {what} against {pn}: {mine} succeeds, but {pn}'s {} ({theirs}) outranks it.",
            lp
        )
    })
}

/// A defence's line: the roll, and what decided it against the attack's level.
fn defence_words(
    b: &Battle,
    i: usize,
    unit: UnitId,
    kind: crate::event::ReactionKind,
    (total, vs): (i32, i32),
    (outcome, against): (crate::event::Outcome, crate::event::Outcome),
    success: bool,
) -> String {
    let log = b.log();
    if let Some(t) = taken_off_words(b, i, unit, kind, total, vs) {
        return t;
    }
    // The attack it answers: the last one before it.
    let attack = log[..i].iter().rev().find_map(|l| match &l.event {
        Event::Attack {
            attacker, outcome, ..
        } => Some((*attacker, *outcome)),
        _ => None,
    });
    let who = b.name(unit);
    let how = kind.to_string().to_lowercase();
    let by = attack.map_or("the attack".to_string(), |(at, _)| {
        format!("{}'s", b.name(at))
    });
    let by_level = if by == "the attack" {
        format!("the attack's {against}")
    } else {
        format!("{by} {against}")
    };
    let raised = match attack {
        Some((at, lvl)) if lvl != against && against.is_success() => {
            format!(" (counted one level up: {} is larger)", b.name(at))
        }
        _ => String::new(),
    };
    if success {
        format!(
            "{who} tries to {how}: {total} vs {vs}, {}, and it works against {by_level}{raised}.",
            a(outcome)
        )
    } else if outcome.is_success() {
        format!(
            "{who} tries to {how}: {total} vs {vs} succeeds ({outcome}), but {by_level} outranks it{raised}."
        )
    } else {
        format!(
            "{who} tries to {how}: {total} vs {vs}, {}, and it fails.",
            a(outcome)
        )
    }
}

/// A `Defence` record's detail. One that takes its total off the damage coming (its
/// number to reach; [`answers_damage`]) says how much: "Parry: absorbed 15 of 17, 2 get
/// through"; any other (an opposed defence, or an event `l` from outside `b`'s log)
/// whether it won: "Dodge against a hard success: avoided".
pub(crate) fn defence_detail(b: &Battle, l: &Logged) -> String {
    let Event::Defence {
        unit,
        kind,
        roll,
        target_number: coming,
        against,
        success,
        ..
    } = &l.event
    else {
        return String::new();
    };
    let soak = b
        .log()
        .iter()
        .position(|x| std::ptr::eq(x, l))
        .is_some_and(|i| answers_damage(b, i, *unit));
    if !soak {
        let how = if *success { "avoided" } else { "failed" };
        return format!("{kind} against a {against}: {how}");
    }
    let (total, coming) = (roll.total.max(0), *coming);
    let through = coming - total;
    if through <= 0 {
        format!("{kind}: absorbed all {coming} ({total} rolled), none gets through")
    } else if total == 0 {
        format!("{kind}: absorbed none of {coming}, all {coming} get through")
    } else {
        format!("{kind}: absorbed {total} of {coming}, {through} get through")
    }
}

/// Does the defence logged at `i` by `unit` answer damage coming (the last reaction
/// offered to it was on `Trigger::IncomingDamage` or `Trigger::SpellLanding`)? Such a
/// defence takes its total off the damage coming (its number to reach): counters' Block
/// and Parry, and its Block against a spell's damage. The record and the
/// log's sentence read it as an amount taken off, not as a check won or lost.
pub(crate) fn answers_damage(b: &Battle, i: usize, unit: UnitId) -> bool {
    use crate::event::Trigger;
    b.log()[..i.min(b.log().len())]
        .iter()
        .rev()
        .find_map(|l| match &l.event {
            Event::ReactionOffered {
                reactor, trigger, ..
            } if *reactor == unit => Some(matches!(
                trigger,
                Trigger::IncomingDamage { .. } | Trigger::SpellLanding { .. }
            )),
            _ => None,
        })
        .unwrap_or(false)
}

/// A defence answering damage coming (its window's trigger is
/// [`Trigger::IncomingDamage`](crate::event::Trigger::IncomingDamage): its number is the
/// damage still coming, its total what it takes off) in words of what it took off: "Warden
/// blocks 13 of the 17 damage coming: 4 get through." (issue 36: "tries to block: 13 vs 17,
/// it fails" read as a miss). `None` for any other defence.
fn taken_off_words(
    b: &Battle,
    i: usize,
    unit: UnitId,
    kind: crate::event::ReactionKind,
    total: i32,
    coming: i32,
) -> Option<String> {
    if !answers_damage(b, i, unit) {
        return None;
    }
    let who = b.name(unit);
    let verb = match kind.to_string().to_lowercase().as_str() {
        "parry" => "parries".to_string(),
        v => format!("{v}s"),
    };
    let through = coming - total.max(0);
    Some(if through <= 0 {
        if total == coming {
            format!("{who} {verb} all {coming} damage coming: none gets through.")
        } else {
            format!("{who} {verb} {total} against the {coming} damage coming: none gets through.")
        }
    } else if total <= 0 {
        format!("{who} {verb} none of the {coming} damage coming: all {coming} get through.")
    } else {
        format!("{who} {verb} {total} of the {coming} damage coming: {through} get through.")
    })
}

/// The whole log as lines, the steps of a move folded into one (bookkeeping lines
/// between them do not part them; anything a player reads does).
pub fn lines(b: &Battle) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for i in 0..b.log().len() {
        let next = line_at(b, i);
        if let Some(last) = out.iter_mut().rev().find(|x| !x.noise)
            && last.absorb(&next, b)
        {
            continue;
        }
        out.push(next);
    }
    out
}

/// Why an ability is a long shot on `target` (issue 31, item 9: every ability offered
/// below 5% says why), from how it resolves: the defence the caster's roll must beat or
/// the save the target makes; `None` at 5% or more (or for one that simply happens).
pub fn long_shot(
    b: &Battle,
    caster: UnitId,
    target: UnitId,
    ability: usize,
    chance: f64,
) -> Option<String> {
    use crate::abilities::{Defence, Resolve};
    if chance >= 0.05 {
        return None;
    }
    let a = b.ability(caster, ability)?;
    let (c, t) = (b.name(caster), b.name(target));
    let only = if chance <= 0.0 {
        "no roll does"
    } else {
        "only its very best rolls do"
    };
    match a.resolve {
        Resolve::Attack { vs } => {
            let d = match vs {
                Defence::Armour => "armour",
                Defence::Physical => "physical defence",
                Defence::Mental => "mental defence",
            };
            Some(format!(
                "a long shot: {c}'s {} roll must beat {t}'s {d}, and {only}",
                a.name
            ))
        }
        Resolve::Save { stat, dc } => Some(format!(
            "a long shot: {t} resists {} with {stat:?} against {dc} and fails only on its \
             worst rolls",
            a.name
        )),
        Resolve::Automatic => None,
    }
}

/// A cell in words, from the units nearest to it among `near` ("the cell east of
/// Brute", "2 cells north-west of Ilse"), for reaction options that name a place
/// (issue 31: never bare coordinates in the prompt or the log).
pub fn place_words(b: &Battle, cell: Cell, near: &[UnitId]) -> String {
    let Some(&u) = near
        .iter()
        .min_by_key(|&&u| (b.grid().distance(b.pos(u), cell), u.0))
    else {
        return format!("the cell {cell}");
    };
    let from = b.pos(u);
    let (dx, dy) = (cell.x - from.x, cell.y - from.y);
    if dx == 0 && dy == 0 {
        return format!("{}'s cell", b.name(u));
    }
    // Rows go down the screen (row 0 at the top).
    let ns = match dy.signum() {
        -1 => "north",
        1 => "south",
        _ => "",
    };
    let ew = match dx.signum() {
        -1 => "west",
        1 => "east",
        _ => "",
    };
    // A mostly-sideways or mostly-upright offset keeps one word.
    let dir = if dx.abs() > 2 * dy.abs() || ns.is_empty() {
        ew.to_string()
    } else if dy.abs() > 2 * dx.abs() || ew.is_empty() {
        ns.to_string()
    } else {
        format!("{ns}-{ew}")
    };
    match b.grid().distance(from, cell) {
        1 => format!("the cell {dir} of {}", b.name(u)),
        n => format!("{n} cells {dir} of {}", b.name(u)),
    }
}

/// A reaction answer in the log's words: a cell it names from the nearest unit
/// ("Intercept from the cell east of Wren"), a power by its name.
fn answer_words(b: &Battle, reactor: UnitId, k: crate::event::ReactionKind) -> String {
    use crate::event::ReactionKind;
    let near: Vec<UnitId> = b.units().filter(|&u| b.alive(u) && u != reactor).collect();
    match k {
        ReactionKind::LandAt(c) => format!("Land on {}", place_words(b, c, &near)),
        ReactionKind::InterceptAt { to, swap } => format!(
            "Intercept {}from {}",
            if swap { "and swap " } else { "" },
            place_words(b, to, &near)
        ),
        _ => crate::record::reaction_words(b, reactor, k),
    }
}

/// "a Block", "an Intercept".
fn a_kind(k: crate::event::ReactionKind) -> String {
    let w = k.to_string();
    let an = w.starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {w}", if an { "an" } else { "a" })
}
