//! A third ruleset, "duel", written here in the test suite through the public
//! [`Ruleset`] and [`AiTactics`] traits alone, and played to the end by the shared AI.
//! It proves that a new ruleset needs no edits outside its own code (no registry line,
//! no engine branch): `Battle::with_rules(&DUEL, level, seed, forced)` plays it.
//!
//! The duel rules:
//! - Initiative: d20 + DEX modifier, higher first; ties in level order (no roll-off).
//! - Each turn a unit has one Standard and one Move action and no reactions (a reaction
//!   pool of 0): nothing is ever offered, leaving a threatened cell is free.
//! - Move: the Move action buys one speed, 6 cells (the `Speed` stat is ignored), for
//!   one `Move` command; movement not used is lost, and a second `Move` in the same turn
//!   is refused. The Standard action cannot be traded down for movement.
//! - Attack: the Standard action, with any weapon in hand that reaches (melee or ranged,
//!   no range or size modifiers): d20 + STR modifier against AC = 10 + the defender's
//!   DEX modifier (the sheet's `Ac` is ignored); a total that meets the AC hits. A
//!   natural 20 always hits and is critical: the weapon's damage dice are rolled twice
//!   as many (no other face crits, whatever the weapon's `crit_from`). A natural 1 is
//!   not special.
//! - A hit rolls the weapon's damage dice, nothing added (no STR, no damage resistance).
//! - Bleeding (only from a level's starting conditions) deals a plain 1d4 at the end of
//!   the bleeder's turn.
//! - A unit at 0 HP or fewer is down; the battle ends when one side alone stands.
//! - No special actions (every `Action` is refused with `Illegal::NoSuchAction`).
//!
//! "duel plus" (`DUEL_PLUS`, tests in `duel_plus.rs`) adds the core's crit and fumble
//! chains, slain outright, free hits and damage answers to the duel:
//! - Each unit has one reaction, refilled at the start of its own turn.
//! - A natural 20 rolls a crit chain (d4, d6, d8, d10, d12, going on while each die shows
//!   its highest face): no step doubles the dice (×2), one step doubles them again (×4),
//!   two or more slay the target outright (no damage roll).
//! - A natural 1 misses and rolls a fumble chain: with two or more steps the target, if
//!   adjacent, slays the attacker outright; otherwise an adjacent target with its reaction
//!   left may take a free hit (a reaction attack) against it.
//! - A target with its reaction left may Block knowing the damage rolled: it takes half,
//!   rounded down, and 2 less for each skill die it commits (up to 2 of its 3 a turn:
//!   `Command::React`'s `commit`).
//! - An attack may be aimed (`Command::Attack`'s `aim`): at the centre mass +1 to hit, at
//!   a vital spot −2 to hit and +2 damage; the hit carries the aim (`HitEffect::Aimed`).
//! - A Prone unit (from the level) cannot move or attack. It may Stand Up at any time,
//!   even on another unit's turn: on its own turn for its Move action, on another's for
//!   the Move action of its next turn (melee-zone's rule, with a Move for the Bonus
//!   action).
//!
//! "duel hooks" (`DUEL_HOOKS`, tests in `duel_hooks.rs`) adds to duel plus what proves the
//! core's hooks for the last two seeds (issue 28):
//! - Two reactions a turn, but never against the same creature twice in a round (a
//!   `Marked` once-per-pair entry): a second Block against the same attacker in a round
//!   is not offered.
//! - The Move action may make a second attack instead (`Command::Attack`'s slot).
//! - Standing up on another unit's turn is paid from the next turn's Move action on
//!   credit (`Event::Owed`); refused when that turn has no Move action left to owe (a
//!   unit of Speed 0 has none).
//! - A unit with the feat "Reach" (a level's `feats: ["Reach"]`, `Battle::has_feat`)
//!   threatens one cell farther than its weapon reaches (`Ruleset::threat_reach`), and a
//!   foe that moves 3 or more cells within its zone on one move may be given a free hit
//!   (`Battle::steps_within`, `Trigger::WithinZone`).
//! - A free hit after a fumble of tragedy 1 or more costs no reaction (a price that
//!   sees its trigger: `Ruleset::reaction_cost`).
//! - Block takes up to 2 skill dice, and up to 2 unspent cells of movement more
//!   ("dig in", a second part: `Ruleset::commit_range` with two parts); each die or
//!   cell cuts the damage by 2 more.
//! - A unit a level starts hidden (`hidden: true`) is unknown to its foes (the shared AI
//!   neither attacks nor seeks it) until it attacks: then it is `Event::Revealed`.
//!
//! Levels are written for tactical-d20 (so its catalogue gives the STR and DEX scores and
//! the weapons) and played under the duel rules.
//!
//! Here: the rules' switches, their shared arithmetic and the level builders. In `duel/`:
//! `rules.rs` (the `Ruleset` impl), whose attacks, damage and actions are in `combat.rs`
//! and whose reactions are in `answers.rs`; `view.rs` (`View`), `tactics.rs`
//! (`AiTactics`); the tests in `ai_play.rs` and `commands.rs`.

use skirmish_rules::battle::Battle;
use skirmish_rules::components::{ConditionKind, Stat, UnitId};
use skirmish_rules::dice::{ModKind, Modifier};
use skirmish_rules::engine::Illegal;
use skirmish_rules::event::{Event, Outcome};
use skirmish_rules::grid::GridKind;
use skirmish_rules::level;

mod ai_play;
mod answers;
mod combat;
mod commands;
mod rules;
mod tactics;
mod view;

pub(crate) use tactics::DuelAi;

// ---------------------------------------------------------------------------------------
// The ruleset

/// Cells bought by the Move action.
const SPEED: u32 = 6;
/// The id in refusals.
const NAME: &str = "duel";

/// The duel rules (see the module doc).
pub(crate) struct Duel {
    /// The "duel plus" rules.
    plus: bool,
    /// The "duel hooks" rules (on top of duel plus).
    hooks: bool,
}

/// What `Battle::with_rules` takes.
static DUEL: Duel = Duel {
    plus: false,
    hooks: false,
};

/// The duel with chains, slay, free hits and damage answers.
pub(crate) static DUEL_PLUS: Duel = Duel {
    plus: true,
    hooks: false,
};

/// Duel plus with the rules that prove the core's hooks (see the module doc).
pub(crate) static DUEL_HOOKS: Duel = Duel {
    plus: true,
    hooks: true,
};

/// The dice of a crit or fumble chain.
pub(crate) const CHAIN: [u32; 5] = [4, 6, 8, 10, 12];

fn dex_mod(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).d20_mod(Stat::Dex)
}

fn str_mod(b: &Battle, u: UnitId) -> i32 {
    b.stats(u).d20_mod(Stat::Str)
}

/// The attack bonus and the AC modifiers of `attacker` against `target`.
fn attack_numbers(b: &Battle, attacker: UnitId, target: UnitId) -> (Modifier, Vec<Modifier>) {
    (
        Modifier::new(ModKind::Skill, "STR mod", str_mod(b, attacker)),
        vec![
            Modifier::new(ModKind::Other, "base", 10),
            Modifier::new(ModKind::Skill, "DEX mod", dex_mod(b, target)),
        ],
    )
}

/// Does natural `face` hit with `bonus` against `ac`, and how well?
fn outcome(face: u32, bonus: i32, ac: i32) -> Outcome {
    if face == 20 {
        Outcome::Critical
    } else if face as i32 + bonus >= ac {
        Outcome::Success
    } else {
        Outcome::Failure
    }
}

/// Down at 0 HP; the battle ends when one side stands.
fn down_if_out(b: &mut Battle, u: UnitId) {
    if b.alive(u) && b.hp(u) <= 0 {
        b.emit(Event::Down { unit: u });
        b.check_victory();
    }
}

fn prone(b: &Battle, u: UnitId) -> Illegal {
    Illegal::Cannot {
        unit: b.name(u).into(),
        why: "it is prone: stand up first".into(),
    }
}

/// Did `u` stand up on another unit's turn since its own last turn began (read from the
/// log: a `ConditionRemoved` of its Prone after another unit's `TurnStarted`)?
fn stood_up_out_of_turn(b: &Battle, u: UnitId) -> bool {
    let log = b.log();
    let starts: Vec<usize> = (0..log.len())
        .filter(|&i| matches!(log[i].event, Event::TurnStarted { unit, .. } if unit == u))
        .collect();
    // This turn's start is the last; look from the one before it (or the battle's start).
    let from = match starts.len() {
        0 | 1 => 0,
        n => starts[n - 2] + 1,
    };
    let to = starts.last().copied().unwrap_or(log.len());
    let mut owner = None;
    log[from..to].iter().any(|l| match l.event {
        Event::TurnStarted { unit, .. } => {
            owner = Some(unit);
            false
        }
        Event::ConditionRemoved {
            unit,
            kind: ConditionKind::Prone,
            ..
        } => unit == u && owner.is_some_and(|o| o != u),
        _ => false,
    })
}

fn no_slot(b: &Battle, u: UnitId, action: &'static str, slot: &'static str) -> Illegal {
    Illegal::NoSlot {
        unit: b.name(u).into(),
        action,
        slot,
    }
}

// ---------------------------------------------------------------------------------------
// Levels and helpers

/// A tactical-d20 level on an open 16×9 map (sides Red, Blue), played under the duel.
fn duel_battle(kind: GridKind, units: &str, seed: u64, forced: &[u32]) -> Battle {
    ruled_battle(&DUEL, kind, units, seed, forced)
}

/// The same level, played under `rules` (the duel or duel plus).
pub(crate) fn ruled_battle(
    rules: &'static Duel,
    kind: GridKind,
    units: &str,
    seed: u64,
    forced: &[u32],
) -> Battle {
    let map = vec![format!("\"{}\"", ".".repeat(16)); 9].join(", ");
    let src = format!(
        r##"Level(name: "duel", ruleset: "tactical-d20", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}])"##
    );
    let l = level::parse(&src, "duel").unwrap_or_else(|e| panic!("{e}"));
    Battle::with_rules(rules, l, seed, forced.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// Two on two, far apart: they have to close in first.
pub(crate) const SKIRMISH: &str = r#"Unit(name: "Corwin", side: "Red", cell: (1, 3), archetype: "fighter"),
    Unit(name: "Tamsin", side: "Red", cell: (1, 5), archetype: "rogue"),
    Unit(name: "Grub", side: "Blue", cell: (14, 3), archetype: "ogre"),
    Unit(name: "Fang", side: "Blue", cell: (14, 5), archetype: "wolf")"#;

pub(crate) const MAX_COMMANDS: usize = 400;
