//! The battle state: a `bevy_ecs::World` of combatants plus the map, dice, turn state and
//! event log. Only [`Battle::apply`] changes it, and only from an [`Event`].

use std::collections::BTreeMap;

use bevy_ecs::prelude::{Entity, World};
use serde::{Deserialize, Serialize};

use crate::components::*;
use crate::dice::Dice;
use crate::engine::{Command, Frame, Window};
use crate::event::{Event, Logged};
use crate::grid::{Cell, Grid};
use crate::level::{Level, Terrain};
use crate::vocab::RulesetId;

mod apply;
mod caches;
use caches::{Index, NOBODY, Threats};
mod data;
mod hot;
mod kept;
mod ledger;
mod lines;
mod pools;
mod rollback;
pub mod rules;
pub(crate) use kept::{MoveField, MoveKey};
pub(crate) use walls::FEW_WALLS;
mod units;
mod walls;

/// Why a battle could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The level's ruleset has no engine yet.
    #[error("ruleset `{ruleset}` cannot be played yet (only checked); playable: {playable}")]
    NotPlayable {
        /// The level's ruleset.
        ruleset: RulesetId,
        /// The playable rulesets' ids, comma-separated (the registry's list).
        playable: String,
    },
    /// A forced die did not fit while rolling initiative.
    #[error("{0}")]
    Dice(#[from] crate::dice::ForcedFaceError),
    /// More units than a battle plays ([`MAX_PLAYED_UNITS`]; a level may hold more, up to
    /// `level::MAX_UNITS`, for `check`).
    #[error(
        "the level has {units} units; a battle plays at most {most} (docs/levels.md, Limits): \
         `skirmish check` reads it, but no battle is set up"
    )]
    TooManyUnits {
        /// The level's units.
        units: usize,
        /// [`MAX_PLAYED_UNITS`].
        most: usize,
    },
}

/// The most units a battle plays (issue 33: "sets limits the game can keep"). The loader
/// accepts up to `level::MAX_UNITS` (65,536) for `check`; a battle of that many took
/// about 2.5 s an AI turn and 3.6 GB in the window. 2,000 is twice issue 34's target
/// scale (1,000 units).
pub const MAX_PLAYED_UNITS: usize = 2_000;

/// Events room is made for in a new battle's log, per unit: an AI battle logs about 70
/// (flow) to 150 (counters) events a unit, and a log that grows by doubling copies all it
/// holds at each step (an event is 168 bytes: growing was 2–4% of an 8 v 8 battle's
/// instructions). At most [`LOG_ROOM_MOST`] events are made room for at the start.
const LOG_ROOM_PER_UNIT: usize = 256;

/// The most events room is made for at the start (5.5 MB); a longer log grows.
const LOG_ROOM_MOST: usize = 1 << 15;

/// Where the battle is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// A unit is taking its turn.
    Turn(UnitId),
    /// Waiting for a reactor's answer.
    AwaitingReaction(UnitId),
    /// Over; the winner if any.
    Ended(Option<SideId>),
}

/// Spawn one unit into a battle's world: its components, its ruleset's pools (and a pool
/// of uses for each ability that has uses), then the ruleset's own components.
fn spawn_def(
    world: &mut World,
    rules: &'static dyn crate::rulesets::Ruleset,
    id: UnitId,
    u: &crate::level::UnitDef,
    surprised: bool,
) -> Entity {
    let e = world
        .spawn((
            id,
            UnitName(u.name.clone()),
            Position(u.cell),
            u.side,
            u.stats.clone(),
            Health {
                hp: u.hp,
                max: u.hp,
            },
            u.size,
            Loadout(u.weapons.clone()),
            Carry::initial(&u.weapons),
            u.facing,
            Conditions(u.conditions.clone()),
            TurnState::default(),
            StatMods {
                base: u.stats.clone(),
                mods: Vec::new(),
            },
        ))
        .id();
    let mut pools = rules.pools(&u.stats);
    // A potion's or an item's uses are a pool that never refills.
    for (i, a) in u.abilities.iter().enumerate().take(usize::from(u8::MAX)) {
        if let Some(n) = a.uses_in_battle() {
            pools = pools.with(
                crate::pools::Pool::Uses(i as u8),
                n as i32,
                crate::pools::Refresh::Never,
            );
        }
    }
    for (&v, &n) in &u.materials {
        if n > 0 {
            pools = pools.with(
                crate::pools::Pool::Material(v),
                n.min(i32::MAX as u32) as i32,
                crate::pools::Refresh::Never,
            );
        }
    }
    if surprised {
        rules.surprised_pools(&mut pools);
    }
    let mut unit = world.entity_mut(e);
    unit.insert(pools);
    if u.hidden {
        unit.insert(Hidden);
    }
    rules.spawn_unit(&mut unit);
    e
}

/// A battle in progress.
pub struct Battle {
    /// The rules of `level.ruleset`.
    rules: &'static dyn crate::rulesets::Ruleset,
    pub(crate) world: World,
    pub(crate) roster: Vec<Entity>,
    pub(crate) level: Level,
    pub(crate) dice: Dice,
    pub(crate) seed: u64,
    pub(crate) log: Vec<Logged>,
    pub(crate) round: u32,
    pub(crate) order: Vec<UnitId>,
    /// By unit id: where the unit first stands in `order` (`u32::MAX`: not in it), made
    /// again by `apply` whenever it changes the order (`Battle::order_changed`), so a
    /// turn's start finds its place without a walk of the order.
    order_at: Vec<u32>,
    /// Does a unit stand in `order` more than once (made with `order_at`)?
    order_repeats: bool,
    pub(crate) turn: usize,
    pub(crate) stack: Vec<Frame>,
    pub(crate) window: Option<Window>,
    pub(crate) ended: Option<Option<SideId>>,
    /// Units holding a readied action (flow Ready Action), in the order they readied.
    pub(crate) readied: Vec<UnitId>,
    /// Items lying on the ground.
    pub(crate) ground: Vec<(Cell, Weapon)>,
    /// Cells, sides, life and living units by cell: built on first use, then kept up to
    /// date by `apply` for the events that move a unit, take it down, bring it back or
    /// summon one (`apply` is the only place state changes; `caches.rs`).
    index: std::sync::OnceLock<Index>,
    /// For every unit the reach with which it threatens now (0: it threatens nothing):
    /// built on first use; an event that may change what one unit threatens has that
    /// unit's entry worked out again, one that cannot be pinned to units drops it all
    /// (`apply.rs`'s `threat_touch`, `caches.rs`).
    threat: std::sync::OnceLock<Threats>,
    /// The units whose entry of `threat` the event being applied may have changed.
    threat_dirty: Vec<UnitId>,
    /// Every unit's [`Battle::threat_reach`] once asked, as `(generation << 32) | reach`:
    /// an entry counts only while its generation is `reach_gen`, so dropping them all
    /// with `threat` (see `Battle::drop_threat`) is one increment, with no allocation.
    pub(crate) reach_memo: Vec<std::sync::atomic::AtomicU64>,
    /// The generation of the reaches in `reach_memo` that count (never 0: a fresh
    /// entry's).
    pub(crate) reach_gen: u32,
    /// The last movement field searched (`reachable`), kept for the `Move` that follows:
    /// dropped by every `apply` (see `engine/reach.rs`).
    pub(crate) moves: std::sync::Mutex<Option<MoveField>>,
    /// Every unit's condition kinds as bits, for [`Battle::has`]: built on first use,
    /// the unit's entry rewritten where `apply` changes its conditions, dropped when a
    /// unit is added.
    conds: std::sync::OnceLock<Vec<u128>>,
    /// For every unit, how many conditions held end when that unit's turn starts
    /// (`Duration::UntilSourceTurnStart`): built on first use, kept with `conds`, so a
    /// turn start looks at every unit only when one may end.
    source_ends: std::sync::OnceLock<Vec<u32>>,
    /// By condition kind (those with a bit in `conds`): how many units hold one or more
    /// of it, down or not. Made at the spawn, kept by `edit_conditions` and a summon
    /// ([`Battle::holding`]).
    holders_of: [u32; 128],
    /// Every unit's components read most, mirrored from the world (`hot.rs`), by unit id.
    hot: Vec<hot::Hot>,
    /// What each unit has used once this turn or this movement ([`Once`]).
    /// What each unit's next turn owes ([`Event::Owed`]): paid when that turn starts.
    pub(crate) owed: BTreeMap<(UnitId, Pool), i32>,
    pub(crate) ledger: ledger::Ledger,
    /// The ruleset's battle-level numbers (see [`crate::event::Counter`]).
    pub(crate) counters: BTreeMap<crate::event::Counter, i32>,
    /// The terrain now, row-major: the level's, changed by terrain effects.
    pub(crate) terrain: Vec<Terrain>,
    /// The cells of the walls while there are few (`walls.rs`), kept by `apply`.
    walls: Vec<Cell>,
    /// The lines of sight answered so far (`lines.rs`), emptied by `apply` when a wall
    /// is raised or cleared.
    lines: lines::LineMemo,
    /// What the units summoned so far are (unit ids after the level's units, in order).
    pub(crate) summoned: Vec<crate::level::UnitDef>,
    /// The conditions other rulesets claim: they do not land here
    /// ([`Battle::plays_condition`]; the registry's `foreign_conditions`).
    pub(crate) foreign_conditions: Vec<ConditionKind>,
    /// What a save needs to play the battle again: every command `submit` accepted, the
    /// dice forced at setup and later ([`History`]).
    pub(crate) history: History,
    /// Where a rollback of a command submitted in a reaction window replays from: the
    /// last command submitted with nothing on the stack and no window (`rollback.rs`).
    pub(crate) quiet: Option<rollback::Quiet>,
    /// How the battle stood after the last command `submit` accepted (`rollback.rs`).
    pub(crate) settled: Option<rollback::Settled>,
}

/// How a battle got where it is, as [`Battle::submit`] and the forced dice left it: the
/// commands accepted so far, in order (reaction answers included), and every forced face
/// queued (at setup, and later with the number of commands accepted before). With the
/// level and the seed this replays the battle exactly (`crate::save`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// The commands accepted, as submitted.
    pub commands: Vec<Command>,
    /// The log's length before each of `commands` went in (what each one added is the
    /// log from its mark to the next).
    pub marks: Vec<usize>,
    /// Faces forced at setup (before initiative).
    pub forced: Vec<u32>,
    /// Faces forced after setup: (commands accepted before, faces).
    pub forced_later: Vec<(usize, Vec<u32>)>,
    /// The dice were replaced by a fresh stream ([`Battle::branch`]): the commands no
    /// longer replay from the seed.
    pub reseeded: bool,
}

impl Battle {
    /// The level's units spawned, nothing rolled or logged yet (before `start`; what a
    /// rollback replays the log onto).
    pub(crate) fn spawned(
        rules: &'static dyn crate::rulesets::Ruleset,
        level: Level,
        seed: u64,
        dice: Dice,
    ) -> Battle {
        let mut world = World::new();
        let mut roster = Vec::new();
        for (i, u) in level.units.iter().enumerate() {
            let surprised = level.surprise.is_some_and(|s| s != u.side);
            roster.push(spawn_def(&mut world, rules, UnitId(i as u32), u, surprised));
        }
        let terrain = level.terrain.clone();
        let walls = Battle::list_walls(level.grid, &terrain);
        let hot: Vec<hot::Hot> = roster.iter().map(|&e| hot::Hot::of(&world, e)).collect();
        let mut holders_of = [0u32; 128];
        for h in &hot {
            caches::count_holders(
                &mut holders_of,
                0,
                caches::condition_bits(h.conditions.as_ref()),
            );
        }
        let reach_memo = (0..roster.len()).map(|_| std::sync::atomic::AtomicU64::new(0));
        let room = (roster.len() * LOG_ROOM_PER_UNIT).min(LOG_ROOM_MOST);
        Battle {
            rules,
            world,
            roster,
            level,
            dice,
            seed,
            log: Vec::with_capacity(room),
            round: 0,
            order: Vec::new(),
            order_at: Vec::new(),
            order_repeats: false,
            turn: 0,
            stack: Vec::new(),
            window: None,
            ended: None,
            readied: Vec::new(),
            ground: Vec::new(),
            index: std::sync::OnceLock::new(),
            threat: std::sync::OnceLock::new(),
            threat_dirty: Vec::new(),
            reach_memo: reach_memo.collect(),
            reach_gen: 1,
            moves: Default::default(),
            conds: std::sync::OnceLock::new(),
            source_ends: std::sync::OnceLock::new(),
            holders_of,
            hot,
            ledger: Default::default(),
            counters: BTreeMap::new(),
            owed: BTreeMap::new(),
            terrain,
            walls,
            lines: Default::default(),
            summoned: Vec::new(),
            foreign_conditions: Vec::new(),
            history: History::default(),
            quiet: None,
            settled: None,
        }
    }

    /// How the battle got here: the commands accepted and the dice forced so far.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Queue more forced dice (tests and scripts).
    pub fn dice_force_for_tests(&mut self, faces: &[u32]) {
        self.dice.force(faces.iter().copied());
        if !faces.is_empty() {
            let n = self.history.commands.len();
            self.history.forced_later.push((n, faces.to_vec()));
        }
    }

    /// The level being played, as it was at the start (the terrain now is
    /// [`Battle::terrain`]; summoned units are [`Battle::unit_def`]).
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// What a unit is made of: its level entry, or for a summoned unit its archetype's
    /// template with its summoning's name, side and cell.
    pub fn unit_def(&self, u: UnitId) -> Option<&crate::level::UnitDef> {
        let i = u.0 as usize;
        let n = self.level.units.len();
        if i < n {
            self.level.units.get(i)
        } else {
            self.summoned.get(i - n)
        }
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        self.level.grid
    }

    /// Seed of the battle's RNG.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Every event so far.
    pub fn log(&self) -> &[Logged] {
        &self.log
    }

    /// Current round (0 before the first).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Initiative order.
    pub fn order(&self) -> &[UnitId] {
        &self.order
    }

    /// The rules of the battle's ruleset (a battle is only set up for a playable one).
    pub fn rules(&self) -> &'static dyn crate::rulesets::Ruleset {
        self.rules
    }

    /// The battle's ruleset.
    pub fn ruleset(&self) -> RulesetId {
        self.level.ruleset
    }

    /// The ECS world of combatants (read-only).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// All unit ids in level order.
    pub fn units(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.roster.len() as u32).map(UnitId)
    }

    /// Forced dice not consumed yet.
    pub fn forced_dice_left(&self) -> usize {
        self.dice.forced_left()
    }

    /// The open reaction window, if any.
    pub fn window(&self) -> Option<&Window> {
        self.window.as_ref()
    }

    /// Where the battle is.
    pub fn status(&self) -> Status {
        if let Some(w) = self.ended {
            return Status::Ended(w);
        }
        if let Some(w) = &self.window {
            return Status::AwaitingReaction(w.reactor);
        }
        match self.current() {
            Some(u) => Status::Turn(u),
            None => Status::Ended(None),
        }
    }

    /// Whose turn it is.
    pub fn current(&self) -> Option<UnitId> {
        if self.ended.is_some() {
            return None;
        }
        self.order.get(self.turn).copied()
    }

    /// A unit's entity, if the id is known.
    pub fn entity(&self, u: UnitId) -> Option<Entity> {
        self.roster.get(u.0 as usize).copied()
    }

    /// A component of a unit: from the mirror of the components read most (`hot.rs`),
    /// else from the world.
    #[inline]
    pub fn get<C: bevy_ecs::component::Component>(&self, u: UnitId) -> Option<&C> {
        let k = u.0 as usize;
        match hot::read::<C>(self.hot.get(k)?) {
            Some(c) => c,
            None => self.world.get::<C>(*self.roster.get(k)?),
        }
    }

    /// Change a component of a unit (only `apply` does): a mirrored one in the mirror
    /// and, when the edit ends, in the world.
    fn get_mut<
        C: bevy_ecs::component::Component<Mutability = bevy_ecs::component::Mutable> + Clone,
    >(
        &mut self,
        u: UnitId,
    ) -> Option<hot::Edit<'_, C>> {
        let k = u.0 as usize;
        let e = *self.roster.get(k)?;
        hot::Edit::new(&mut self.world, self.hot.get_mut(k)?, e)
    }

    /// A unit's name ("?" for an unknown id).
    pub fn name(&self, u: UnitId) -> &str {
        self.get::<UnitName>(u).map(|n| n.0.as_str()).unwrap_or("?")
    }

    /// A unit by name.
    pub fn find(&self, name: &str) -> Option<UnitId> {
        self.units().find(|&u| self.name(u) == name)
    }

    /// A unit's cell ((-1, -1) for an unknown id).
    #[inline]
    pub fn pos(&self, u: UnitId) -> Cell {
        self.index()
            .pos
            .get(u.0 as usize)
            .copied()
            .unwrap_or(Cell::new(-1, -1))
    }

    /// A unit's side.
    #[inline]
    pub fn side(&self, u: UnitId) -> SideId {
        self.index()
            .side
            .get(u.0 as usize)
            .copied()
            .unwrap_or(SideId(u32::MAX))
    }

    /// Is the unit still fighting?
    #[inline]
    pub fn alive(&self, u: UnitId) -> bool {
        self.index()
            .alive
            .get(u.0 as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The reach with which `u` threatens now, 0 when it threatens nothing (the cache
    /// behind [`Battle::threatens`]).
    pub(crate) fn threat(&self, u: UnitId) -> u32 {
        self.threats().reach.get(u.0 as usize).copied().unwrap_or(0)
    }

    /// Every living unit that threatens `cell`, in level order. It looks only at the
    /// cells within the longest reach on the field (through the cell index), so asking
    /// costs the same with 10 units or 10,000.
    pub fn threatening(&self, cell: Cell) -> Vec<UnitId> {
        match self.threats().max {
            0 => Vec::new(),
            r => {
                let grid = self.level.grid;
                let side = u64::from(r) * 2 + 1;
                // Few units (as `units_within` decides): each asked once, in level order.
                if self.roster.len() as u64 <= side * side {
                    return self
                        .units()
                        .filter(|&u| {
                            let d = grid.distance(self.pos(u), cell);
                            d >= 1 && d <= self.threat(u) && self.alive(u)
                        })
                        .collect();
                }
                let mut near = self.units_within(cell, r);
                near.retain(|&u| self.threatens(u, cell));
                near
            }
        }
    }

    /// Are two units enemies?
    pub fn enemies(&self, a: UnitId, b: UnitId) -> bool {
        self.side(a) != self.side(b)
    }

    /// The cost for `mover` of entering a cell: its terrain's cost, `None` for walls,
    /// pits, low walls, cells off the map and cells held by an enemy (allies may be
    /// passed). The rule of [`Battle::step_cost`], with the lookups hoisted out of the
    /// path searches' inner loop.
    pub fn mover_cost(&self, mover: UnitId) -> impl Fn(Cell) -> Option<u32> + '_ {
        let ix = self.index();
        let side = ix.side.get(mover.0 as usize).copied();
        let grid = self.level.grid;
        let terrain = &self.terrain;
        let difficult = self.rules().difficult_cost(self, mover);
        move |to| {
            let i = grid.index(to)?;
            let c = match terrain.get(i)? {
                crate::level::Terrain::Difficult => difficult,
                t => t.cost()?,
            };
            let mut at = ix.head.get(i).copied().unwrap_or(NOBODY);
            while at != NOBODY {
                if at != mover.0 {
                    return (ix.side.get(at as usize).copied() == side).then_some(c);
                }
                at = ix.next.get(at as usize).copied().unwrap_or(NOBODY);
            }
            Some(c)
        }
    }

    /// Terrain of a cell (walls off the map).
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.level
            .grid
            .index(c)
            .and_then(|i| self.terrain.get(i).copied())
            .unwrap_or(Terrain::Wall)
    }

    /// Living units of a side.
    pub fn side_units(&self, s: SideId) -> Vec<UnitId> {
        self.units()
            .filter(|&u| self.side(u) == s && self.alive(u))
            .collect()
    }

    /// Units whose movement is under way (a move interrupted by a reaction window): they
    /// may stand on an ally's cell they are passing through, or over a pit they leap.
    pub fn moving(&self) -> Vec<UnitId> {
        use crate::engine::Frame;
        let mut v: Vec<UnitId> = self
            .stack
            .iter()
            .chain(self.window.iter().flat_map(|w| w.on_decline.iter()))
            .filter_map(|f| match f {
                Frame::Move { unit, .. } | Frame::Step { unit, .. } => Some(*unit),
                // A ruleset's own movement frames (tactical-d20's leaps and pursuits).
                Frame::Ruleset(f) => f.mover(),
                _ => None,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Units whose casting is queued and has not gone off yet (it waits for the reactions
    /// it provoked): none of them may act until it has (a soak invariant).
    pub fn casting(&self) -> Vec<UnitId> {
        use crate::engine::Frame;
        let mut v: Vec<UnitId> = self
            .stack
            .iter()
            .chain(self.window.iter().flat_map(|w| w.on_decline.iter()))
            .filter_map(|f| match f {
                Frame::Cast { caster, .. } => Some(*caster),
                _ => None,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Apply an event taken from a battle's log (replays, the soak's shadow battle): the
    /// same `apply` the engine uses, with nothing decided or rolled.
    pub fn replay_event(&mut self, e: Event) {
        self.emit(e);
    }

    /// Record and apply an event: how a ruleset changes the battle (every change is an
    /// event in the log).
    pub fn emit(&mut self, mut e: Event) {
        self.apply(&e);
        // A pool event records what is left after it.
        if let Event::Spent {
            unit, pool, left, ..
        }
        | Event::Refilled {
            unit, pool, left, ..
        } = &mut e
        {
            *left = self.pool(*unit, *pool);
        }
        self.log.push(Logged {
            round: self.round,
            event: e,
        });
    }
}

/// Helpers for the battle's tests (a test module: the layers check leaves it out, as the
/// tests' own files, which may name the AI).
#[cfg(test)]
mod test_ai {
    use super::Battle;

    /// One command of an AI battle: the AI's choice, or its fallback when the choice is
    /// refused; `false` when the AI has nothing to decide.
    pub(crate) fn ai_step(b: &mut Battle) -> bool {
        let Some(c) = crate::ai::decide(b) else {
            return false;
        };
        if b.submit(c).is_err() {
            let f = crate::ai::fallback(b).expect("a fallback");
            b.submit(f).expect("the fallback is legal");
        }
        true
    }
}
