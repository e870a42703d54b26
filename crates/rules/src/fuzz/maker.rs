//! The command maker: random commands read against the battle as it is, asked of the
//! battle's ruleset rather than written out per ruleset. Its action bar
//! ([`View::actions`]) gives the actions, each built from a random [`Pick`] of the kind
//! its target asks for (now and then of another kind), then sometimes answered with a
//! random option of its [`View::choice`] and one field changed through the action's flat
//! form ([`super::fields`]); an open reaction window is answered with any of its options
//! or declined, with a commit in and out of the ruleset's range. Moves, attacks, casting,
//! the common actions, `EndTurn` and wrong answers (another ruleset's buttons, reactions
//! nobody offered, unknown units, cells off the map) are mixed in to probe refusals.
//! Nothing here names a ruleset.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::components::{Slot, UnitId};
use crate::engine::{Action, Aim, CastAt, Commit, CommitPart, CommonAction};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::pools::Pool;
use crate::rulesets::ui::{Pick, Target};
use crate::rulesets::{Registry, RulesetId, View, view_of};
use crate::{Battle, Command};

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

/// Pools a commit may name (any part may be offered one it does not take).
const POOLS: [Pool; 6] = [
    Pool::Ap,
    Pool::Reaction,
    Pool::Movement,
    Pool::SkillDice,
    Pool::Interrupt,
    Pool::FreeHits,
];

/// Texts typed into a words field (empty, blank, too long, not ASCII).
const TEXTS: [&str; 5] = [
    "",
    "   ",
    "hold the line",
    "go go go go go go go go go go go go go go ",
    "é ü 漢",
];

/// Random commands read against the battle as it is: the battle's ruleset's action-bar
/// buttons with random picks, choices and fields, answers to the open reaction window,
/// moves, attacks, casting and the common actions, with unit ids (out-of-range ones
/// too), cells (off the map too) and targets at random. The command cases
/// (`skirmish fuzz`) and the rules crate's property test (`tests/command_fuzz.rs`) both
/// make their commands here.
pub struct CommandMaker<'a, E: Entropy>(pub &'a mut E);

impl<E: Entropy> CommandMaker<'_, E> {
    pub(super) fn below(&mut self, n: u32) -> u32 {
        self.0.below(n)
    }

    pub(super) fn flag(&mut self) -> bool {
        self.0.flag()
    }

    /// One of `n` things (0 when there are none).
    pub(super) fn index(&mut self, n: usize) -> usize {
        self.below(n.min(u32::MAX as usize) as u32) as usize
    }

    /// A unit id: mostly a unit of the battle, now and then one past the end or far off.
    pub(super) fn unit(&mut self, b: &Battle) -> UnitId {
        let n = b.units().count() as u32;
        match self.below(16) {
            0 => UnitId(n + self.below(3)),
            1 => UnitId(u32::MAX - self.below(2)),
            _ => UnitId(self.below(n.max(1))),
        }
    }

    /// A target for `u`: its nearest foe or ally, or any id.
    pub(super) fn target(&mut self, b: &Battle, u: UnitId) -> UnitId {
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

    /// A cell on the map, just off it, or anywhere.
    pub(super) fn cell(&mut self, b: &Battle) -> Cell {
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

    /// A cell within 4 of `u` (mostly), else any [`Self::cell`].
    pub(super) fn near(&mut self, b: &Battle, u: UnitId) -> Cell {
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

    /// An item index: a low one, one past a loadout's end, or huge.
    pub(super) fn item(&mut self) -> usize {
        match self.below(8) {
            0 => usize::MAX - self.below(2) as usize,
            1 => 3 + self.below(20) as usize,
            _ => self.below(3) as usize,
        }
    }

    /// Typed words.
    pub(super) fn text(&mut self) -> String {
        TEXTS[self.index(TEXTS.len())].to_string()
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

    /// Any reaction, offered or not (an index for the powers, cells near `u`).
    fn any_reaction(&mut self, b: &Battle, u: UnitId) -> ReactionKind {
        use ReactionKind::*;
        match self.below(20) {
            11 => WaitedAction,
            12 => ResistMelee,
            13 => ResistAgility,
            14 => LandAt(self.near(b, u)),
            15 => InterceptAt {
                to: self.near(b, u),
                swap: self.flag(),
            },
            16 => Interrupt(self.item()),
            17 => FreePower(self.item()),
            18 => FreeHit,
            19 => Counterspell,
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

    /// A `React` by `unit`: mostly one of the open window's options (escalation's
    /// Interrupt and FreePower powers, flow's Dodge …, whatever the ruleset offers) or a
    /// decline; now and then a reaction nobody offered; with what [`Self::commits`]
    /// gives for the ruleset's `commit_range` of that answer.
    fn react(&mut self, b: &Battle, unit: UnitId) -> Command {
        let window = b.window();
        let offered: &[ReactionKind] = window.map_or(&[], |w| &w.options);
        let choice = match self.below(8) {
            0 | 1 => None,
            2 => Some(self.any_reaction(b, unit)),
            _ if offered.is_empty() => self.flag().then(|| self.any_reaction(b, unit)),
            _ => Some(offered[self.index(offered.len())]),
        };
        let parts = match (window, choice) {
            (Some(w), Some(k)) if w.options.contains(&k) => b.rules().commit_range(b, w, k),
            _ => Vec::new(),
        };
        let (commit, commits) = self.commits(&parts);
        Command::React {
            unit,
            choice,
            commit,
            commits,
        }
    }

    /// What to commit on top of an answer whose ruleset takes `parts` (empty: nothing):
    /// mostly nothing; else the shorthand `commit` within the first part's most or past
    /// it, amounts per part from one of its pools within its most, or one amount past the
    /// range (a part the answer lacks, a pool its part does not take, more than its most).
    fn commits(&mut self, parts: &[CommitPart]) -> (u32, Vec<Commit>) {
        match self.below(8) {
            0..=3 => (0, Vec::new()),
            4 => {
                let most = parts.first().map_or(0, |p| p.max);
                let n = match self.below(3) {
                    0 => self.below(most.saturating_add(1)),
                    1 => most.saturating_add(1 + self.below(3)),
                    _ => u32::MAX - self.below(2),
                };
                (n, Vec::new())
            }
            5 | 6 => {
                let mut v = Vec::new();
                for (part, p) in parts.iter().enumerate() {
                    if p.pools.is_empty() || !self.flag() {
                        continue;
                    }
                    let pool = p.pools[self.index(p.pools.len())];
                    let amount = self.below(p.max.saturating_add(1));
                    v.push(Commit { part, pool, amount });
                }
                (0, v)
            }
            _ => {
                let part = self.index(parts.len() + 2);
                let (pools, max) = parts
                    .get(part)
                    .map_or((&[][..], 0), |p| (&p.pools[..], p.max));
                let pool = if !pools.is_empty() && self.flag() {
                    pools[self.index(pools.len())]
                } else {
                    POOLS[self.index(POOLS.len())]
                };
                let amount = match self.below(3) {
                    0 => max.saturating_add(1 + self.below(3)),
                    1 => u32::MAX,
                    _ => self.below(max.saturating_add(2)),
                };
                (0, vec![Commit { part, pool, amount }])
            }
        }
    }

    /// A pick for an action that asks for `target`: of that kind, or (now and then) of
    /// any kind, which the button's `build` must refuse or ignore.
    fn pick(&mut self, b: &Battle, u: UnitId, target: Target) -> Pick {
        let kind = if self.below(8) == 0 {
            self.below(4)
        } else {
            match target {
                Target::None => 0,
                Target::Unit(_) => 1,
                Target::Cell(_) => 2,
                Target::Words { .. } => 3,
            }
        };
        match kind {
            0 => Pick::Nothing,
            1 => Pick::Unit(self.target(b, u)),
            2 => Pick::Cell(self.near(b, u)),
            _ => Pick::Words(self.text()),
        }
    }

    /// A button of `view`'s bar pressed for `unit` with a random pick (the right kind of
    /// pick when the wrong one built nothing); then now and then, for the battle's `own`
    /// view, one of the choice's other answers (another ruleset's choice is not asked on
    /// this battle: the window never does), and one field changed ([`Self::refield`]).
    fn bar(&mut self, b: &Battle, view: &dyn View, own: bool, unit: UnitId) -> Option<Command> {
        let actions = view.actions();
        let spec = actions.get(self.index(actions.len()))?;
        let pick = self.pick(b, unit, spec.target);
        let mut cmd = match (spec.build)(b, unit, &pick) {
            Some(cmd) => cmd,
            None => {
                let kind = match spec.target {
                    Target::None => Pick::Nothing,
                    Target::Unit(_) => Pick::Unit(self.target(b, unit)),
                    Target::Cell(_) => Pick::Cell(self.near(b, unit)),
                    Target::Words { .. } => Pick::Words(self.text()),
                };
                (spec.build)(b, unit, &kind)?
            }
        };
        if own
            && self.flag()
            && let Some(choice) = view.choice(b, &cmd)
            && !choice.options.is_empty()
        {
            cmd = choice.options[self.index(choice.options.len())].1.clone();
        }
        if self.below(4) == 0 {
            cmd = self.refield(b, cmd);
        }
        // Another ruleset's button: a name the battle's ruleset shares moves to it, as a
        // script's would; any other is refused.
        if let Command::Act { unit, action } = cmd {
            let action = action.for_ruleset(b.rules().id());
            cmd = Command::Act { unit, action };
        }
        Some(cmd)
    }

    /// A special action: mostly a button of the battle's ruleset's bar, now and then
    /// another ruleset's, casting (a known ability or one past the end, aimed every way)
    /// or a common action with a random item.
    fn act(&mut self, b: &Battle, unit: UnitId) -> Command {
        let views: Vec<&'static dyn View> = RulesetId::ALL
            .into_iter()
            .filter_map(Registry::view)
            .collect();
        let (view, own) = match (self.below(10), view_of(b)) {
            (0..=6, Some(v)) => (Some(v), true),
            (0..=7, _) => (views.get(self.index(views.len())).copied(), false),
            _ => (None, false),
        };
        if let Some(cmd) = view.and_then(|v| self.bar(b, v, own, unit)) {
            return cmd;
        }
        let action: Action = match self.below(6) {
            0..=2 => {
                let n = b.abilities(unit).len() as u32;
                let ability = self.below(n + 1) as usize;
                let at = match self.below(4) {
                    0 => CastAt::User,
                    1 => CastAt::Unit(self.target(b, unit)),
                    2 => CastAt::Units((0..self.below(4)).map(|_| self.target(b, unit)).collect()),
                    _ => CastAt::Cell(self.near(b, unit)),
                };
                CommonAction::Cast { ability, at }.into()
            }
            3 => CommonAction::Draw { item: self.item() }.into(),
            4 => CommonAction::Sheathe { item: self.item() }.into(),
            _ if self.flag() => CommonAction::PickUp.into(),
            _ => CommonAction::StandUp.into(),
        };
        Command::Act { unit, action }
    }

    /// A command made up from the state: usually for the unit whose turn it is or who
    /// must answer (mostly an answer, then), sometimes for anyone.
    pub fn command(&mut self, b: &Battle) -> Command {
        let deciding = match b.status() {
            crate::Status::Turn(u) | crate::Status::AwaitingReaction(u) => Some(u),
            crate::Status::Ended(_) => None,
        };
        let unit = match deciding {
            Some(u) if self.below(4) > 0 => u,
            _ => self.unit(b),
        };
        if b.window().is_some_and(|w| w.reactor == unit) && self.below(4) > 0 {
            return self.react(b, unit);
        }
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
                    [
                        Aim::Vital,
                        Aim::Legs,
                        Aim::Arms,
                        Aim::Senses,
                        Aim::CentreMass,
                    ][self.below(5) as usize]
                }),
            },
            4 => Command::EndTurn { unit },
            5 => self.react(b, unit),
            _ => self.act(b, unit),
        }
    }
}
