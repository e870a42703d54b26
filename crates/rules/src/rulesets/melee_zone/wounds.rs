//! melee-zone's aimed attacks and wounds ("Wounds/Aiming"): "any physical attack can be
//! aimed at a specific part of the target's body"; "A wound occurs when a single attack
//! deals 6 or more damage to a target ... 6 or more net damage"; the aim's effect comes
//! with the wound; "A wound can be eliminated if the target receives 6 or more hit points
//! from a single instance of healing".
//!
//! A wound is kept as `StatMod`s of cause [`ModCause::Wound`] on the unit: first a
//! `Wounds` +1 (so `Battle::stats` counts the wounds), then the aim's lasting effects
//! (Slowing: Speed −2, Agility −1; Weakening: Strength −1, and a Bonus Action taken at
//! the start of each of its turns; Disrupting: Accuracy −1, and −3 more until the round
//! ends). A healed wound's modifiers end and the others' are laid down again, in order.

use crate::battle::Battle;
use crate::components::{Duration, ModCause, Pool, Slot, Stat, StatMod, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use crate::engine::{Aim, Command, Hit, HitEffect};
use crate::event::{Event, Spend};
use crate::rulesets::explain::Explanation;
use crate::rulesets::ui::{ActionSpec, Choice, Key, Target};

/// "A wound occurs when a single attack deals 6 or more damage"; "6 or more hit points
/// from a single instance of healing" removes one.
pub const WOUND_AT: i32 = 6;
/// Fatal Targets: "a ¼ chance to add 16 additional damage": a d4 showing 4.
pub const FATAL_DIE: u32 = 4;
/// Fatal Targets' "16 additional damage".
pub const FATAL_EXTRA: i32 = 16;
/// Slowing Targets: "decrease the target's movement by 2".
pub const SLOWING_MOVE: i32 = 2;
/// Disrupting Targets: "by 3 for the current round" (on top of the battle's 1).
pub const DISRUPT_ROUND: i32 = 3;

/// The aims melee-zone knows, in the picker's order (`Ruleset::aims`).
pub static AIMS: [Aim; 5] = [
    Aim::Vital,
    Aim::Legs,
    Aim::Arms,
    Aim::Senses,
    Aim::CentreMass,
];

/// The seed's name of an aim.
pub fn aim_name(a: Aim) -> &'static str {
    match a {
        Aim::Vital => "Fatal",
        Aim::Legs => "Slowing",
        Aim::Arms => "Weakening",
        Aim::Senses => "Disrupting",
        Aim::CentreMass => "Center Mass",
    }
}

/// What an aim does, in the picker's words.
pub fn aim_words(a: Aim) -> &'static str {
    match a {
        Aim::Vital => "throat, heart or head: on a wound, 1 in 4 for +16 damage",
        Aim::Legs => "legs or feet: a wound takes 2 movement and 1 Agility",
        Aim::Arms => "arms: a wound takes 1 Strength and a Bonus Action each turn",
        Aim::Senses => "eyes, ears, nose or hands: a wound takes 1 Accuracy (4 this round)",
        Aim::CentreMass => "+1 to hit; a wound has no effect",
    }
}

/// Where `hit` was aimed, if anywhere.
pub fn aim_of(hit: &Hit) -> Option<Aim> {
    match hit.effect {
        HitEffect::Aimed(a) => Some(a),
        _ => None,
    }
}

/// The kind of a wound, by the lasting effect it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WoundKind {
    /// No lasting effect (not aimed, Fatal or Center Mass).
    Plain,
    /// Slowing: −2 movement, −1 Agility.
    Slowing,
    /// Weakening: −1 Strength, a Bonus Action a turn.
    Weakening,
    /// Disrupting: −1 Accuracy (−3 more the round it was dealt).
    Disrupting,
}

impl WoundKind {
    /// The kind a wound of aim `a` is.
    pub fn of(a: Option<Aim>) -> WoundKind {
        match a {
            Some(Aim::Legs) => WoundKind::Slowing,
            Some(Aim::Arms) => WoundKind::Weakening,
            Some(Aim::Senses) => WoundKind::Disrupting,
            _ => WoundKind::Plain,
        }
    }

    /// Its words on the unit card.
    pub fn words(self) -> &'static str {
        match self {
            WoundKind::Plain => "no lasting effect",
            WoundKind::Slowing => "Slowing: −2 movement, −1 Agility",
            WoundKind::Weakening => "Weakening: −1 Strength, −1 Bonus Action a turn",
            WoundKind::Disrupting => "Disrupting: −1 Accuracy",
        }
    }
}

/// One wound: its kind and its modifiers (the `Wounds` +1 first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wound {
    /// What it does.
    pub kind: WoundKind,
    /// Its modifiers, in the order laid down.
    pub mods: Vec<StatMod>,
}

fn wound_mod(stat: Stat, amount: i32, source: Option<UnitId>) -> StatMod {
    StatMod {
        stat,
        amount,
        duration: Duration::UntilRemoved,
        cause: ModCause::Wound,
        source,
    }
}

/// Is `m` a Disrupting wound's −3 of "the current round"?
fn this_round(m: &StatMod) -> bool {
    m.stat == Stat::Accuracy && m.amount == -DISRUPT_ROUND
}

/// The modifiers of a new wound of kind `k` dealt by `source`.
fn mods_of(k: WoundKind, source: Option<UnitId>) -> Vec<StatMod> {
    let mut v = vec![wound_mod(Stat::Wounds, 1, source)];
    match k {
        WoundKind::Plain => {}
        WoundKind::Slowing => {
            v.push(wound_mod(Stat::Speed, -SLOWING_MOVE, source));
            v.push(wound_mod(Stat::Agility, -1, source));
        }
        WoundKind::Weakening => v.push(wound_mod(Stat::Str, -1, source)),
        WoundKind::Disrupting => {
            v.push(wound_mod(Stat::Accuracy, -1, source));
            v.push(wound_mod(Stat::Accuracy, -DISRUPT_ROUND, source));
        }
    }
    v
}

/// The kind a wound's modifiers tell.
fn kind_of(mods: &[StatMod]) -> WoundKind {
    let has = |s: Stat| mods.iter().any(|m| m.stat == s);
    if has(Stat::Speed) {
        WoundKind::Slowing
    } else if has(Stat::Str) {
        WoundKind::Weakening
    } else if has(Stat::Accuracy) {
        WoundKind::Disrupting
    } else {
        WoundKind::Plain
    }
}

/// `u`'s wounds, oldest first.
pub fn wounds(b: &Battle, u: UnitId) -> Vec<Wound> {
    let mut out: Vec<Wound> = Vec::new();
    for m in b.stat_mods(u).iter().filter(|m| m.cause == ModCause::Wound) {
        if m.stat == Stat::Wounds || out.is_empty() {
            out.push(Wound {
                kind: WoundKind::Plain,
                mods: Vec::new(),
            });
        }
        if let Some(w) = out.last_mut() {
            w.mods.push(m.clone());
        }
    }
    for w in &mut out {
        w.kind = kind_of(&w.mods);
    }
    out
}

/// How many wounds `u` carries.
pub fn count(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).get(Stat::Wounds)
}

/// How many of `u`'s wounds are of kind `k`.
pub fn of_kind(b: &Battle, u: UnitId, k: WoundKind) -> i32 {
    if count(b, u) == 0 {
        return 0;
    }
    wounds(b, u).iter().filter(|w| w.kind == k).count() as i32
}

/// The Bonus Actions `u`'s Weakening wounds take from each of its turns (what its next
/// turn has left to owe is that much less: `Battle::may_owe`).
pub fn bonus_taken(b: &Battle, u: UnitId) -> i32 {
    of_kind(b, u, WoundKind::Weakening)
}

/// The damage roll of a hit aimed at a fatal target: "If a wound is dealt these attacks
/// have a ¼ chance to add 16 additional damage to the attack" — when the damage so far
/// is a wound (melee-zone has no armour or resistance, so the rolled damage is the net
/// damage), a d4; on 4, +16 (after the critical multiple). The d4 is in the roll's words
/// either way.
pub fn fatal(b: &mut Battle, hit: &Hit, roll: Roll) -> Result<Roll, ForcedFaceError> {
    if aim_of(hit) != Some(Aim::Vital) || roll.total < WOUND_AT {
        return Ok(roll);
    }
    let d4 = b.roll(DiceExpr::new(1, FATAL_DIE))?;
    let face = d4.faces.first().copied().unwrap_or(0);
    let (name, extra) = if face == FATAL_DIE {
        (format!("Fatal target (d4 {face})"), FATAL_EXTRA)
    } else {
        (format!("Fatal target (d4 {face}: no more)"), 0)
    };
    Ok(roll.with(Modifier::new(ModKind::Other, name, extra)))
}

/// `amount` damage of `hit` was dealt: 6 or more to a unit still standing is a wound, of
/// the hit's aim.
pub fn dealt(b: &mut Battle, hit: &Hit, amount: i32) {
    if amount < WOUND_AT || !b.alive(hit.target) || b.hp(hit.target) <= 0 {
        return;
    }
    for m in mods_of(WoundKind::of(aim_of(hit)), Some(hit.attacker)) {
        b.emit(Event::StatModified {
            unit: hit.target,
            modifier: m,
        });
    }
}

/// Lay `u`'s wound modifiers down again as `keep` (after one healed, or a round's −3
/// over).
fn relay(b: &mut Battle, u: UnitId, keep: Vec<StatMod>) {
    b.emit(Event::StatModsEnded {
        unit: u,
        cause: ModCause::Wound,
    });
    for m in keep {
        b.emit(Event::StatModified {
            unit: u,
            modifier: m,
        });
    }
}

/// `u` was healed: 6 or more hit points received at once removes one wound — the
/// latest with a lasting effect, else the latest.
pub fn healed(b: &mut Battle, u: UnitId) {
    if count(b, u) == 0 {
        return;
    }
    let received = b.log().iter().rev().take(4).find_map(|l| match l.event {
        Event::Healed { unit, amount, .. } if unit == u => Some(amount),
        _ => None,
    });
    if received.unwrap_or(0) < WOUND_AT {
        return;
    }
    let mut all = wounds(b, u);
    let at = all
        .iter()
        .rposition(|w| w.kind != WoundKind::Plain)
        .unwrap_or(all.len() - 1);
    all.remove(at);
    relay(b, u, all.into_iter().flat_map(|w| w.mods).collect());
}

/// The start of a round: each Disrupting wound's −3 "for the current round" ends.
pub fn round_started(b: &mut Battle) {
    let units: Vec<UnitId> = b.units().filter(|&u| b.alive(u)).collect();
    for u in units {
        if b.stat_mods(u).iter().any(this_round) {
            let keep = b
                .stat_mods(u)
                .iter()
                .filter(|m| m.cause == ModCause::Wound && !this_round(m))
                .cloned()
                .collect();
            relay(b, u, keep);
        }
    }
}

/// The start of `u`'s turn: each Weakening wound takes a Bonus Action ("remove 1 Bonus
/// Action from them").
pub fn turn_started(b: &mut Battle, u: UnitId) {
    let n = bonus_taken(b, u).min(b.slots(u, Slot::Bonus) as i32);
    if n > 0 {
        b.emit(Event::spent(u, Pool::Slot(Slot::Bonus), n, Spend::Wound));
    }
}

/// The wounds on the unit card: "2 wounds: Slowing: −2 movement, −1 Agility; no lasting
/// effect".
pub fn card(b: &Battle, u: UnitId) -> Option<String> {
    let n = count(b, u);
    if n <= 0 {
        return None;
    }
    let words: Vec<&str> = wounds(b, u).iter().map(|w| w.kind.words()).collect();
    Some(format!(
        "{n} wound{}: {}",
        if n == 1 { "" } else { "s" },
        words.join("; ")
    ))
}

/// The action bar's aimed attack: at the enemy clicked, with the Attack Action (else the
/// extra attack); its [`aim_choice`] asks where.
pub const AIMED_ATTACK: ActionSpec = ActionSpec {
    label: AIMED,
    key: Some(Key::Letter('V')),
    target: Target::Unit("an enemy"),
    build: |b, u, p| {
        Some(Command::Attack {
            unit: u,
            target: p.unit()?,
            weapon: None,
            slot: (b.slots(u, Slot::Attack) == 0).then_some(Slot::Move),
            aim: Some(Aim::CentreMass),
        })
    },
};

/// The aimed attack's label (and its tooltip's topic).
pub const AIMED: &str = "Aimed attack";

/// Where an aimed attack goes: one option per aim, each with what it does.
pub fn aim_choice(cmd: &Command) -> Option<Choice> {
    let &Command::Attack {
        unit,
        target,
        weapon,
        slot,
        aim: Some(_),
    } = cmd
    else {
        return None;
    };
    let options = AIMS
        .iter()
        .map(|&a| {
            (
                format!("{} — {}", aim_name(a), aim_words(a)),
                Command::Attack {
                    unit,
                    target,
                    weapon,
                    slot,
                    aim: Some(a),
                },
            )
        })
        .collect();
    Some(Choice {
        title: "Aim at".into(),
        options,
    })
}

/// The aimed attack's tooltip.
pub fn aimed_explanation() -> Explanation {
    Explanation::new(
        AIMED,
        "An attack aimed at a part of the body. 6 or more damage from one attack is a wound: \
         Fatal 1 in 4 for +16 damage; Slowing −2 movement and −1 Agility; Weakening −1 \
         Strength and a Bonus Action each turn; Disrupting −1 Accuracy (−4 this round); \
         Center Mass +1 to hit, no effect. Healing 6 or more at once removes a wound.",
        "Wounds/Aiming",
    )
    .costs("AA")
}

/// What a wound of aim `a` is worth to the attacker's side, in hit points (the AI's
/// weights): Fatal its expected +16 (¼ × 16); Weakening about 1 damage on each of the
/// foe's next few hits plus a Bonus Action a turn (3); Slowing 5% more hits on it for
/// everyone, a Free Hit Slot and 2 spaces (2); Disrupting 5% fewer of its hits (1.5).
fn wound_worth(a: Aim) -> f64 {
    match a {
        Aim::Vital => f64::from(FATAL_EXTRA) / f64::from(FATAL_DIE),
        Aim::Arms => 3.0,
        Aim::Legs => 2.0,
        Aim::Senses => 1.5,
        Aim::CentreMass => 0.0,
    }
}

/// The AI's aimed attack with the Attack Action on `target`: the aim worth most (the
/// chance of a wound times its worth; Center Mass: its 5% more hits times the mean
/// damage), when any is worth something.
pub fn ai_aimed_attack(b: &Battle, u: UnitId, target: UnitId) -> Option<Command> {
    let kind = crate::event::AttackKind::Normal;
    let w = b.usable_weapon(u, target)?;
    let hit = b.rules().odds(b, u, target, w, kind, false).hit;
    let (plain, crit) = b.rules().damage_odds(b, u, target, w, kind)?;
    let wound = (hit - 0.05).max(0.0) * plain.at_least(WOUND_AT) + 0.05 * crit.at_least(WOUND_AT);
    let centre = if hit < 0.95 { 0.05 * plain.mean() } else { 0.0 };
    let (aim, worth) = AIMS
        .iter()
        .map(|&a| {
            let v = match a {
                Aim::CentreMass => centre,
                _ => wound * wound_worth(a),
            };
            (a, v)
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))?;
    let cmd = Command::Attack {
        unit: u,
        target,
        weapon: None,
        slot: None,
        aim: Some(aim),
    };
    (worth > 0.0 && b.check(&cmd).is_ok()).then_some(cmd)
}
