//! Command cases: random commands mixed with the AI's on a random battle.

use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::ai;
use crate::components::{Conditions, Slot, UnitId};
use crate::engine::{Action, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect};
use crate::event::{Logged, ReactionKind};
use crate::grid::{Cell, GridKind};
use crate::level;
use crate::rulesets::Registry;
use crate::rulesets::RulesetId;
use crate::rulesets::flow::FlowAction;
use crate::rulesets::tactical_d20::{FocusOn, GrappleFollow, TacticalD20Action};
use crate::sim;
use crate::{Battle, Command, Status};

/// Most commands a command case submits.
pub const MAX_CASE_COMMANDS: usize = 400;

/// The random level of a command case: its text (so a failure can be replayed with
/// `skirmish run`). The same map, units and archetypes as `sim::random_level` with these
/// arguments (a test keeps the two equal).
pub fn random_level_text(
    ruleset: RulesetId,
    kind: GridKind,
    w: usize,
    h: usize,
    per_side: usize,
    seed: u64,
) -> String {
    // Every playable ruleset has archetypes: the text is never refused here.
    let mut text =
        crate::sim::random_level_text(ruleset, kind, w, h, per_side, seed).unwrap_or_default();
    text.push('\n');
    text
}

/// The battle a command case plays: ruleset, grid, size, units a side, level seed,
/// battle seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// A playable ruleset.
    pub ruleset: RulesetId,
    /// Square or hex.
    pub grid: GridKind,
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Units a side.
    pub per_side: usize,
    /// Seed of the random level.
    pub level_seed: u64,
    /// Seed of the battle.
    pub battle_seed: u64,
}

/// The setup of command case `seed` (and the rng its commands are drawn from).
pub fn command_setup(seed: u64) -> (Setup, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let playable: Vec<RulesetId> = RulesetId::ALL
        .into_iter()
        .filter(|r| r.playable())
        .collect();
    let setup = Setup {
        ruleset: playable[rng.random_range(0..playable.len())],
        grid: if rng.random_bool(0.5) {
            GridKind::Square
        } else {
            GridKind::Hex
        },
        w: rng.random_range(4..=14),
        h: rng.random_range(3..=10),
        per_side: rng.random_range(1..=5),
        level_seed: rng.random(),
        battle_seed: rng.random(),
    };
    (setup, rng)
}

/// Where a [`CommandMaker`] gets its random numbers: the command cases' seeded
/// generator, or a property test's words (which shrink).
pub trait Entropy {
    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: u32) -> u32;
    /// A coin toss.
    fn flag(&mut self) -> bool;
    /// Any `i32` (a cell far off the map).
    fn any_i32(&mut self) -> i32;
}

impl Entropy for ChaCha8Rng {
    fn below(&mut self, n: u32) -> u32 {
        self.random_range(0..n.max(1))
    }

    fn flag(&mut self) -> bool {
        self.random_bool(0.5)
    }

    fn any_i32(&mut self) -> i32 {
        self.random()
    }
}

/// Random words read one at a time (0 once they run out): a property test's entropy.
pub struct Words<'a>(pub &'a [u32], pub usize);

impl Words<'_> {
    fn next(&mut self) -> u32 {
        let w = self.0.get(self.1).copied().unwrap_or(0);
        self.1 += 1;
        w
    }
}

impl Entropy for Words<'_> {
    fn below(&mut self, n: u32) -> u32 {
        self.next() % n.max(1)
    }

    fn flag(&mut self) -> bool {
        self.next() & 1 == 1
    }

    fn any_i32(&mut self) -> i32 {
        self.next() as i32
    }
}

/// Random commands read against the battle as it is: unit ids (out-of-range ones too),
/// cells (off the map too), targets, items and slots, every `Action` of every ruleset
/// with random fields (casting at every kind of aim), `React` with a random choice,
/// `EndTurn`. The command cases (`skirmish fuzz`) and the rules crate's property test
/// (`tests/command_fuzz.rs`) both make their commands here.
pub struct CommandMaker<'a, E: Entropy>(pub &'a mut E);

impl<E: Entropy> CommandMaker<'_, E> {
    fn below(&mut self, n: u32) -> u32 {
        self.0.below(n)
    }

    fn flag(&mut self) -> bool {
        self.0.flag()
    }

    fn unit(&mut self, b: &Battle) -> UnitId {
        let n = b.units().count() as u32;
        match self.below(16) {
            0 => UnitId(n + self.below(3)),
            1 => UnitId(u32::MAX - self.below(2)),
            _ => UnitId(self.below(n.max(1))),
        }
    }

    fn target(&mut self, b: &Battle, u: UnitId) -> UnitId {
        let known = b.units().any(|x| x == u);
        let pick = self.below(4);
        if !known || pick == 0 {
            return self.unit(b);
        }
        let foe = pick > 1;
        b.units()
            .filter(|&x| x != u && b.alive(x) && b.enemies(u, x) == foe)
            .min_by_key(|&x| (b.grid().distance(b.pos(u), b.pos(x)), x))
            .unwrap_or_else(|| self.unit(b))
    }

    fn cell(&mut self, b: &Battle) -> Cell {
        let (w, h) = (b.level().grid.width as u32, b.level().grid.height as u32);
        match self.below(12) {
            0 => Cell {
                x: self.0.any_i32(),
                y: self.0.any_i32(),
            },
            1 | 2 => Cell {
                x: self.below(w + 4) as i32 - 2,
                y: self.below(h + 4) as i32 - 2,
            },
            _ => Cell {
                x: self.below(w) as i32,
                y: self.below(h) as i32,
            },
        }
    }

    fn near(&mut self, b: &Battle, u: UnitId) -> Cell {
        if b.units().any(|x| x == u) && self.below(3) > 0 {
            let p = b.pos(u);
            let r = 1 + self.below(4) as i32;
            Cell {
                x: p.x + self.below(2 * r as u32 + 1) as i32 - r,
                y: p.y + self.below(2 * r as u32 + 1) as i32 - r,
            }
        } else {
            self.cell(b)
        }
    }

    fn item(&mut self) -> usize {
        match self.below(8) {
            0 => usize::MAX - self.below(2) as usize,
            1 => 3 + self.below(20) as usize,
            _ => self.below(3) as usize,
        }
    }

    fn slot(&mut self) -> Slot {
        [
            Slot::Standard,
            Slot::Attack,
            Slot::Move,
            Slot::Quick,
            Slot::Bonus,
        ][self.below(5) as usize]
    }

    fn reaction(&mut self, b: &Battle, u: UnitId) -> ReactionKind {
        use ReactionKind::*;
        match self.below(16) {
            11 => WaitedAction,
            12 => ResistMelee,
            13 => ResistAgility,
            14 => LandAt(self.near(b, u)),
            15 => InterceptAt {
                to: self.near(b, u),
                swap: self.flag(),
            },
            k => [
                ReactionAttack,
                Dodge,
                Parry,
                Block,
                Riposte,
                Intercept,
                InterceptSwap,
                Pursuit,
                StepAside,
                Resist,
                WaitedAttack,
            ][k as usize],
        }
    }

    fn ready(&mut self, b: &Battle, u: UnitId) -> Action {
        let trigger = match self.below(3) {
            0 => ReadyTrigger::EnemyEntersReach,
            1 => ReadyTrigger::EnemyWithin {
                cells: self.below(12),
            },
            _ => ReadyTrigger::EnemyCasts {
                cells: self.below(12),
            },
        };
        let response = match self.below(5) {
            0 => ReadyResponse::Attack,
            1 => ReadyResponse::Move {
                to: self.near(b, u),
            },
            2 => ReadyResponse::Shove {
                effect: if self.flag() {
                    ShoveEffect::Push
                } else {
                    ShoveEffect::Prone
                },
                both: self.flag(),
            },
            3 => ReadyResponse::Grapple,
            _ => ReadyResponse::Disarm,
        };
        let until = if self.flag() {
            ReadyUntil::NextTurn
        } else {
            ReadyUntil::RoundEnd
        };
        FlowAction::Ready {
            trigger,
            response,
            until,
        }
        .into()
    }

    /// Any ruleset's action (every vocabulary's, so that refusals are tried too), a name
    /// two rulesets share moved to the battle's as a script's would be.
    fn action(&mut self, b: &Battle, u: UnitId) -> Action {
        self.any_action(b, u).for_ruleset(b.rules().id())
    }

    fn any_action(&mut self, b: &Battle, u: UnitId) -> Action {
        use CommonAction as C;
        use FlowAction as F;
        use TacticalD20Action as T;
        let a: Action = match self.below(40) {
            // Casting: a known ability (or one past the end), aimed every way (the aim
            // kind often wrong on purpose).
            37..=39 => {
                let n = b.abilities(u).len() as u32;
                let ability = self.below(n + 1) as usize;
                let at = match self.below(4) {
                    0 => crate::engine::CastAt::User,
                    1 => crate::engine::CastAt::Unit(self.target(b, u)),
                    2 => crate::engine::CastAt::Units(
                        (0..self.below(4)).map(|_| self.target(b, u)).collect(),
                    ),
                    _ => crate::engine::CastAt::Cell(self.near(b, u)),
                };
                C::Cast { ability, at }.into()
            }
            34 => self.ready(b, u),
            35 => F::Drop {
                item: self.flag().then(|| self.item()),
            }
            .into(),
            36 => T::DropProne.into(),
            0 => F::Step {
                to: self.near(b, u),
            }
            .into(),
            1 => F::Feint {
                target: self.target(b, u),
            }
            .into(),
            2 => F::Shove {
                target: self.target(b, u),
                effect: if self.flag() {
                    ShoveEffect::Push
                } else {
                    ShoveEffect::Prone
                },
                both: self.flag(),
            }
            .into(),
            3 => F::Grapple {
                target: self.target(b, u),
            }
            .into(),
            4 => F::BreakFree.into(),
            5 => F::Release.into(),
            6 => F::Disarm {
                target: self.target(b, u),
                item: self.flag().then(|| self.item()),
                send: if self.flag() {
                    Some(self.near(b, u))
                } else {
                    None
                },
            }
            .into(),
            7 => C::Draw { item: self.item() }.into(),
            8 => C::Sheathe { item: self.item() }.into(),
            9 => C::PickUp.into(),
            10 => F::FlowState.into(),
            11 => F::TotalDefense.into(),
            12 => F::Tumble {
                through: self.target(b, u),
            }
            .into(),
            13 => C::StandUp.into(),
            14 => F::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: ReadyResponse::Attack,
                until: ReadyUntil::NextTurn,
            }
            .into(),
            15 => T::Dash {
                to: self.near(b, u),
            }
            .into(),
            16 => T::Charge {
                target: self.target(b, u),
                to: if self.flag() {
                    Some(self.near(b, u))
                } else {
                    None
                },
            }
            .into(),
            17 => T::Jump {
                to: self.near(b, u),
            }
            .into(),
            18 => T::Overrun {
                to: self.near(b, u),
            }
            .into(),
            19 => T::Defend.into(),
            20 => T::Guard.into(),
            21 => T::Assist {
                ally: self.target(b, u),
            }
            .into(),
            22 => T::Focus {
                on: [FocusOn::Attack, FocusOn::Defence, FocusOn::Skills][self.below(3) as usize],
            }
            .into(),
            23 => T::Trip {
                target: self.target(b, u),
            }
            .into(),
            24 => T::Push {
                target: self.target(b, u),
                distance: if self.flag() {
                    Some(if self.below(4) == 0 {
                        u32::MAX
                    } else {
                        self.below(4)
                    })
                } else {
                    None
                },
            }
            .into(),
            25 => T::Sunder {
                target: self.target(b, u),
                item: self.flag().then(|| self.item()),
            }
            .into(),
            26 => T::GrappleTurn {
                follow: [
                    GrappleFollow::Hold,
                    GrappleFollow::Release,
                    GrappleFollow::Trip,
                    GrappleFollow::Push,
                    GrappleFollow::Attack,
                ][self.below(5) as usize],
            }
            .into(),
            27 => T::Concentrate.into(),
            28 => T::TumbleTo {
                to: self.near(b, u),
            }
            .into(),
            29 => T::Give {
                item: self.item(),
                ally: self.target(b, u),
            }
            .into(),
            30 => T::Command {
                text: ["", "   ", "hold the line", &"go ".repeat(14), "é ü 漢"]
                    [self.below(5) as usize]
                    .to_string(),
            }
            .into(),
            31 => T::Wait.into(),
            32 => T::Patch {
                ally: self.target(b, u),
            }
            .into(),
            _ => FlowAction::BreakFree.into(),
        };
        a
    }

    /// A command made up from the state: usually for the unit whose turn it is or who
    /// must answer, sometimes for anyone.
    pub fn command(&mut self, b: &Battle) -> Command {
        let deciding = match b.status() {
            Status::Turn(u) | Status::AwaitingReaction(u) => Some(u),
            Status::Ended(_) => None,
        };
        let unit = match deciding {
            Some(u) if self.below(4) > 0 => u,
            _ => self.unit(b),
        };
        match self.below(10) {
            0 | 1 => Command::Move {
                unit,
                to: self.near(b, unit),
            },
            2 | 3 => Command::Attack {
                unit,
                target: self.target(b, unit),
                weapon: self.flag().then(|| self.item()),
                slot: self.flag().then(|| self.slot()),
                // Now and then an aim, which no playable ruleset takes.
                aim: (self.below(10) == 0).then(|| {
                    use crate::engine::Aim::*;
                    [Vital, Legs, Arms, Senses, CentreMass][self.below(5) as usize]
                }),
            },
            4 => Command::EndTurn { unit },
            5 => Command::React {
                unit,
                choice: self.flag().then(|| self.reaction(b, unit)),
                // Mostly nothing; now and then an amount no playable ruleset takes.
                commit: if self.below(8) == 0 {
                    1 + self.below(3)
                } else {
                    0
                },
                commits: Vec::new(),
            },
            _ => Command::Act {
                unit,
                action: self.action(b, unit),
            },
        }
    }
}

/// Everything besides the log a refused command must leave as it was, in one
/// comparable value (the log is compared with a copy kept beside the battle).
#[derive(Debug, PartialEq)]
pub struct Fingerprint {
    log_len: usize,
    status: Status,
    round: u32,
    window: String,
    units: Vec<String>,
    ground: String,
    readied: Vec<UnitId>,
}

/// The [`Fingerprint`] of a battle now.
pub fn fingerprint(b: &Battle) -> Fingerprint {
    let slots = [
        Slot::Standard,
        Slot::Attack,
        Slot::Move,
        Slot::Quick,
        Slot::Bonus,
    ];
    Fingerprint {
        log_len: b.log().len(),
        status: b.status(),
        round: b.round(),
        window: format!("{:?}", b.window()),
        units: b
            .units()
            .map(|u| {
                format!(
                    "{} {} hp {} alive {} ap {} rp {} fp {} slots {:?} carry {:?} {:?}",
                    b.name(u),
                    b.pos(u),
                    b.hp(u),
                    b.alive(u),
                    b.ap(u),
                    b.rp(u),
                    b.fp(u),
                    slots.map(|s| b.slots(u, s)),
                    (0..b.weapons(u).len())
                        .map(|i| b.carried(u, i))
                        .collect::<Vec<_>>(),
                    b.get::<Conditions>(u).map(|c| &c.0),
                )
            })
            .collect(),
        ground: format!("{:?}", b.ground()),
        readied: b.readied().to_vec(),
    }
}

/// The log as it must stay: a copy of every event, taken once as it is added. After a
/// refusal the whole log must equal it (event by event, which is stronger than equal
/// lengths and an equal hash of the JSON); after an acceptance its old events must.
#[derive(Default)]
struct LogCopy {
    events: Vec<Logged>,
}

impl LogCopy {
    /// Take in the events the battle added since.
    fn extend(&mut self, b: &Battle) {
        let from = self.events.len().min(b.log().len());
        self.events.extend_from_slice(&b.log()[from..]);
    }

    /// `Err` if the battle's log does not begin with the copy.
    fn same_prefix(&self, b: &Battle) -> Result<(), String> {
        if b.log().len() < self.events.len() {
            return Err(format!(
                "the log {} -> {} events",
                self.events.len(),
                b.log().len()
            ));
        }
        match (0..self.events.len()).find(|&i| b.log()[i] != self.events[i]) {
            Some(i) => Err(format!(
                "log event {i} changed: {:?} -> {:?}",
                self.events[i],
                b.log()[i]
            )),
            None => Ok(()),
        }
    }

    /// `Err` if the battle's log is not the copy.
    fn same(&self, b: &Battle) -> Result<(), String> {
        if b.log().len() != self.events.len() {
            return Err(format!(
                "the log {} -> {} events",
                self.events.len(),
                b.log().len()
            ));
        }
        self.same_prefix(b)
    }
}

/// A command as a script entry (`docs/scripting.md`), for the regression file.
pub fn script_entry(b: &Battle, cmd: &Command) -> String {
    let known = |u: UnitId| b.units().any(|x| x == u);
    let name = |u: UnitId| {
        if known(u) {
            format!("{:?}", b.name(u))
        } else {
            format!("\"(no unit {})\"", u.0)
        }
    };
    match cmd {
        Command::Move { unit, to } => {
            format!("Move(unit: {}, to: ({}, {}))", name(*unit), to.x, to.y)
        }
        Command::Attack {
            unit,
            target,
            weapon,
            slot,
            aim,
        } => {
            let mut s = format!("Attack(unit: {}, target: {}", name(*unit), name(*target));
            if let Some(i) = weapon {
                match known(*unit).then(|| b.weapons(*unit).get(*i)).flatten() {
                    Some(w) => s += &format!(", weapon: {:?}", w.name),
                    None => s += &format!(", weapon: \"(no item {i})\""),
                }
            }
            if let Some(slot) = slot {
                s += &format!(", slot: {}", ron_text(slot));
            }
            if let Some(aim) = aim {
                s += &format!(", aim: {}", ron_text(aim));
            }
            s + ")"
        }
        Command::EndTurn { .. } => "EndTurn".into(),
        Command::React {
            unit,
            choice,
            commit,
            ..
        } => {
            let commit = if *commit > 0 {
                format!(", commit: {commit}")
            } else {
                String::new()
            };
            format!(
                "React(unit: {}, choice: {}{commit})",
                name(*unit),
                choice.map_or("Decline".into(), |c| ron_text(&c))
            )
        }
        Command::Act { unit, action } => {
            format!("Do(unit: {}, action: {})", name(*unit), ron_text(action))
        }
    }
}

/// RON text of a value, on one line.
fn ron_text<T: serde::Serialize>(v: &T) -> String {
    ron::to_string(v).unwrap_or_else(|e| format!("(unserializable: {e})"))
}

/// What a command case did, kept outside the unwind so a panic still yields a script.
#[derive(Default)]
struct Trace {
    /// Script entries of the accepted commands, in order.
    accepted: Vec<String>,
    /// The command being tried (entry, step index, by the AI) while it runs.
    trying: Option<(String, usize, bool)>,
    /// Figures.
    counts: Counts,
}

/// Play command case `seed`; `Err` says what broke.
fn play(setup: &Setup, mut rng: ChaCha8Rng, src: &str, trace: &mut Trace) -> Result<(), String> {
    let level = level::parse(src, "random").map_err(|e| format!("the random level: {e}"))?;
    let mut b =
        Battle::new(level.clone(), setup.battle_seed, Vec::new()).map_err(|e| e.to_string())?;
    let mut inv = sim::Invariants::new(&level, setup.battle_seed)?;
    let mut copy = LogCopy::default();
    copy.extend(&b);
    let mut seen = 0;
    for i in 0..MAX_CASE_COMMANDS {
        let by_ai = rng.random_bool(0.5);
        let cmd = if by_ai {
            match ai::decide(&b) {
                Some(cmd) => cmd,
                None => break,
            }
        } else {
            CommandMaker(&mut rng).command(&b)
        };
        trace.trying = Some((script_entry(&b, &cmd), i, by_ai));
        let before = fingerprint(&b);
        let checked = b.check(&cmd);
        match b.submit(cmd.clone()) {
            Err(e) => {
                if by_ai {
                    return Err(format!("step {i}: the AI's {cmd:?} was refused: {e}"));
                }
                trace.counts.refused += 1;
                let after = fingerprint(&b);
                if after != before {
                    return Err(format!(
                        "step {i}: refused {cmd:?} ({e}) changed the state:\n{before:?}\n{after:?}"
                    ));
                }
                if let Err(what) = copy.same(&b) {
                    return Err(format!(
                        "step {i}: refused {cmd:?} ({e}) changed the log: {what}"
                    ));
                }
            }
            Ok(added) => {
                if let Err(e) = checked {
                    return Err(format!(
                        "step {i}: {cmd:?} was refused by check ({e}) and accepted by submit"
                    ));
                }
                if added == 0 || b.log().len() != before.log_len + added {
                    return Err(format!(
                        "step {i}: {cmd:?} was accepted and added {added} event(s), the log {} -> {}",
                        before.log_len,
                        b.log().len()
                    ));
                }
                if let Err(what) = copy.same_prefix(&b) {
                    return Err(format!("step {i}: {cmd:?} changed earlier events: {what}"));
                }
                copy.extend(&b);
                let mut v = Vec::new();
                inv.follow(&b, seen, &mut v);
                seen = b.log().len();
                if !v.is_empty() {
                    return Err(format!("step {i}: after {cmd:?}: {}", v.join("; ")));
                }
                if let Some((entry, ..)) = trace.trying.take() {
                    trace.accepted.push(entry);
                }
                trace.counts.accepted += 1;
                trace.counts.by_ai += u64::from(by_ai);
                trace.counts.events += added as u64;
            }
        }
        trace.trying = None;
        if matches!(b.status(), Status::Ended(_)) {
            trace.counts.ended += 1;
            break;
        }
    }
    let mut v = Vec::new();
    inv.finish(&b, &mut v);
    if v.is_empty() {
        Ok(())
    } else {
        Err(format!("at the end: {}", v.join("; ")))
    }
}

/// A command case.
pub fn command_case(seed: u64) -> Option<Failure> {
    command_case_counted(seed).0
}

/// A command case and what it did.
pub fn command_case_counted(seed: u64) -> (Option<Failure>, Counts) {
    let (setup, rng) = command_setup(seed);
    let src = random_level_text(
        setup.ruleset,
        setup.grid,
        setup.w,
        setup.h,
        setup.per_side,
        setup.level_seed,
    );
    let mut trace = Trace::default();
    let (kind, what) = match catch_unwind(AssertUnwindSafe(|| play(&setup, rng, &src, &mut trace)))
    {
        Ok(Ok(())) => return (None, trace.counts),
        // On the smallest maps walls may leave a side no room: no battle, no failure.
        Ok(Err(e)) if e.starts_with("the random level: ") => {
            trace.counts.no_level += 1;
            return (None, trace.counts);
        }
        Ok(Err(e)) => (Kind::Violation, e),
        Err(p) => (Kind::Panic, format!("panic: {}", panic_text(&*p))),
    };
    let failing = trace
        .trying
        .as_ref()
        .map(|(entry, i, by_ai)| (entry.as_str(), *i, *by_ai));
    let script = failure_script(seed, &setup, &what, &trace.accepted, failing);
    let failure = Failure {
        target: Target::Commands,
        seed,
        kind,
        what,
        input: script,
        level: Some(src),
    };
    (Some(failure), trace.counts)
}

/// The regression script of a failed command case: a comment saying what failed and how
/// to replay it, the battle seed, the accepted commands' entries, then the failing one
/// (`(entry, step, by the AI)`), which `skirmish run` stops at if it is refused.
pub fn failure_script(
    seed: u64,
    setup: &Setup,
    what: &str,
    accepted: &[String],
    failing: Option<(&str, usize, bool)>,
) -> String {
    let mut script = format!(
        "// skirmish fuzz: commands case {seed} ({} on {:?}, {}x{}, {} a side)\n\
         // {}\n\
         // replay: skirmish run commands-{seed}.level.ron --script commands-{seed}.script.ron\n\
         Script(\n    seed: {},\n    commands: [\n",
        setup.ruleset,
        setup.grid,
        setup.w,
        setup.h,
        setup.per_side,
        what.replace('\n', "\n// "),
        setup.battle_seed,
    );
    for e in accepted {
        let _ = writeln!(script, "        {e},");
    }
    if let Some((entry, i, by_ai)) = failing {
        let who = if by_ai { "the AI's" } else { "made up" };
        let _ = writeln!(
            script,
            "        // step {i} ({who}), the failing command:\n        {entry},"
        );
    }
    script + "    ],\n)\n"
}
