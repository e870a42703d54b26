//! The pipeline: command → check → resolve (frames) → events → apply.
//!
//! Resolution is an explicit stack of serializable [`Frame`]s. When a frame needs a
//! decision from a reactor, the engine opens a [`Window`] and stops; the battle waits
//! until that reactor answers with [`Command::React`].

use serde::{Deserialize, Serialize};

use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Duration, SideId, Slot, UnitId, WeaponKind, WeaponTag};
use crate::dice::ForcedFaceError;
use crate::event::{AttackKind, Event, FpReason, Outcome, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::level::Terrain;
use crate::rulesets::{
    RulesetId, flow, flow as flow_actions, tactical_d20 as td_actions, tactical_d20::math as td,
};

/// What a controller (mouse, AI, script, replay) asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Move along the cheapest path to a cell.
    Move {
        /// Who.
        unit: UnitId,
        /// Where to.
        to: Cell,
    },
    /// Attack a unit with a weapon (index into the loadout; `None` = the best one).
    Attack {
        /// Who.
        unit: UnitId,
        /// Whom.
        target: UnitId,
        /// Which weapon.
        weapon: Option<usize>,
        /// tactical-d20: the action that pays (Standard: Primary, Move: Secondary −5,
        /// Quick: Tertiary −10); `None` takes the first one left in that order.
        #[serde(default)]
        slot: Option<Slot>,
    },
    /// End the turn.
    EndTurn {
        /// Whose.
        unit: UnitId,
    },
    /// Answer an open reaction window (`None` declines).
    React {
        /// The reactor.
        unit: UnitId,
        /// The choice.
        choice: Option<ReactionKind>,
    },
    /// A special action (flow: Take a Step, Feint, Shove, Grapple, ...).
    Act {
        /// Who.
        unit: UnitId,
        /// What.
        action: Action,
    },
}

impl Command {
    /// The unit that gives the command.
    pub fn unit(&self) -> UnitId {
        match self {
            Command::Move { unit, .. }
            | Command::Attack { unit, .. }
            | Command::EndTurn { unit }
            | Command::React { unit, .. }
            | Command::Act { unit, .. } => *unit,
        }
    }
}

/// Special actions (flow's table of special actions; costs in `docs/rules/flow.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Take a Step: 1 AP, one cell, provokes nothing, once per round.
    Step {
        /// The adjacent cell.
        to: Cell,
    },
    /// Feint: 1 AP, opposed; on success the next attack on the target has Advantage.
    Feint {
        /// Whom.
        target: UnitId,
    },
    /// Shove: 1 AP, opposed Athletics; push back one cell or knock prone.
    Shove {
        /// Whom.
        target: UnitId,
        /// The effect chosen before rolling.
        effect: ShoveEffect,
        /// On a Hard success or better, also do the other effect.
        both: bool,
    },
    /// Grapple: 2 AP, opposed Athletics; both are held.
    Grapple {
        /// Whom.
        target: UnitId,
    },
    /// The grappled unit's one opposed Athletics check per round to break free.
    BreakFree,
    /// Let go of a grapple (free).
    Release,
    /// Disarm: 2 AP, an attack roll at Disadvantage; the target drops an item.
    Disarm {
        /// Whom.
        target: UnitId,
        /// Which of the target's items (default: the weapon it would fight with).
        item: Option<usize>,
        /// On a Hard success or better, send the item to this cell instead of taking it.
        send: Option<Cell>,
    },
    /// Draw a stowed item: 1 AP.
    Draw {
        /// Loadout index.
        item: usize,
    },
    /// Sheathe a held item: 1 AP.
    Sheathe {
        /// Loadout index.
        item: usize,
    },
    /// Pick up the item lying on one's own cell: 1 AP.
    PickUp,
    /// Flow State: 1 AP, no FP decay at the end of this turn.
    FlowState,
    /// Total Defense: 3 AP, ends the turn; +1 RP and Advantage on reactions.
    TotalDefense,
    /// Tumble Through: 1 AP, Agility check, move through an adjacent enemy's cell.
    Tumble {
        /// The enemy to tumble past.
        through: UnitId,
    },
    /// Stand up from prone: 1 AP; provokes reaction attacks.
    StandUp,
    /// Ready an attack for when an enemy enters reach; ends the turn keeping the AP.
    Ready {
        /// The trigger.
        trigger: ReadyTrigger,
    },
    /// tactical-d20 Dash (Standard): double speed in a straight line or 1.5× speed.
    Dash {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 Charge (Standard + Move): a straight dash of at least 10 ft, then a
    /// melee attack at +2.
    Charge {
        /// Whom.
        target: UnitId,
        /// Where the dash ends (`None`: the nearest cell in a straight line that reaches).
        to: Option<Cell>,
    },
    /// tactical-d20 Jump (Standard + Move): a straight dash over pits and low walls.
    Jump {
        /// Where to land.
        to: Cell,
    },
    /// tactical-d20 Overrun (Standard + Move): a straight dash through creatures.
    Overrun {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 Defend (Standard): +3 AC and saves; hide behind adjacent cover.
    Defend,
    /// tactical-d20 Guard (Move): +2 AC and saves.
    Guard,
    /// tactical-d20 Assist (Standard): an ally in reach gets +4 AC, saves and d20 rolls.
    Assist {
        /// Whom.
        ally: UnitId,
    },
    /// tactical-d20 Focus (Quick): +1 on one category for a round.
    Focus {
        /// Which.
        on: FocusOn,
    },
    /// tactical-d20 Trip (Standard): Athletics vs Reflex; the target falls prone.
    Trip {
        /// Whom.
        target: UnitId,
    },
    /// tactical-d20 Push (Standard): Athletics vs Reflex; both move up to half speed.
    Push {
        /// Whom.
        target: UnitId,
        /// Cells to push (`None`: as far as possible).
        distance: Option<u32>,
    },
    /// tactical-d20 Sunder (Standard): attack roll vs Reflex, then damage an item.
    Sunder {
        /// Whose item.
        target: UnitId,
        /// Which (default: the weapon it fights with).
        item: Option<usize>,
    },
    /// tactical-d20: the opposed check of a grapple in progress (Standard).
    GrappleTurn {
        /// What the winner does.
        follow: GrappleFollow,
    },
    /// tactical-d20 Concentrate (Move): Endurance; provoke nothing for a round.
    Concentrate,
    /// tactical-d20 Tumble (Move): Agility; half speed without provoking.
    TumbleTo {
        /// Where to.
        to: Cell,
    },
    /// tactical-d20 (Re-)Equip (Move): hand an item to an adjacent ally.
    Give {
        /// Loadout index.
        item: usize,
        /// To whom.
        ally: UnitId,
    },
    /// tactical-d20 Command (Quick): 13 words or fewer to allies or foes.
    Command {
        /// The words.
        text: String,
    },
    /// tactical-d20 Wait (Standard): an extra Reaction until the next turn.
    Wait,
    /// tactical-d20: patch a bleeding wound (Standard, Survival).
    Patch {
        /// Whose (oneself or an adjacent ally).
        ally: UnitId,
    },
}

/// tactical-d20 Focus categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FocusOn {
    /// Attack and damage rolls.
    Attack,
    /// AC and saving throws.
    Defence,
    /// Skill checks.
    Skills,
}

/// What the winner of a tactical-d20 grapple check does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GrappleFollow {
    /// Keep the grapple.
    Hold,
    /// End it.
    Release,
    /// Keep it and knock the other prone.
    Trip,
    /// Keep it and push the other (both move).
    Push,
    /// Keep it and make a Primary Attack.
    Attack,
}

/// How a `Frame::Move` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoveMode {
    /// Paid from the turn's movement; leaving threatened cells provokes.
    #[default]
    Advance,
    /// Paid by the action (Dash, Charge, Jump, Overrun); provokes, except from `exempt`.
    Dash {
        /// The charged foe, who may not react to the charger's movement.
        exempt: Option<UnitId>,
    },
    /// Provokes nothing and costs no movement (a successful Tumble, a Pursuit).
    Quiet,
}

/// One stretch of a jump or an overrun, with what must be passed before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    /// What stands before the stretch.
    pub gate: Gate,
    /// The stretch, from where the unit stands (its first step may leap over the gate).
    pub path: Vec<Cell>,
}

/// What a leg of a jump or overrun must pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Gate {
    /// Nothing.
    None,
    /// A gap or low wall: Athletics + 2 against this DC.
    Jump {
        /// Difficulty.
        dc: i32,
    },
    /// A creature in the way of an overrun.
    Overrun {
        /// Who.
        victim: UnitId,
    },
}

/// The two effects of a Shove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShoveEffect {
    /// Push back one cell, straight away from the shover.
    Push,
    /// Knock prone.
    Prone,
}

/// Triggers a readied action can wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReadyTrigger {
    /// An enemy moves into a cell the unit threatens: attack it.
    EnemyEntersReach,
}

/// Why a command is not legal. Nothing changed when a command is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The battle is over.
    #[error("the battle is over")]
    BattleOver,
    /// No such unit.
    #[error("there is no unit with id {0}")]
    UnknownUnit(u32),
    /// Someone else is acting.
    #[error("it is {current}'s turn, not {unit}'s")]
    NotYourTurn {
        /// Who asked.
        unit: String,
        /// Whose turn it is.
        current: String,
    },
    /// A reaction must be answered first.
    #[error("{0} must first answer the open reaction")]
    AwaitingReaction(String),
    /// No reaction is being asked for.
    #[error("no reaction is being offered")]
    NoWindow,
    /// The choice was not among the options.
    #[error("{choice} is not an option here (options: {options})")]
    NotOffered {
        /// Chosen.
        choice: String,
        /// Offered.
        options: String,
    },
    /// The unit is out of the fight.
    #[error("{0} is down")]
    Down(String),
    /// Off the map or into a wall.
    #[error("{0} is not a cell one can stand on")]
    BadCell(Cell),
    /// Already standing there.
    #[error("{0} is already there")]
    AlreadyThere(String),
    /// Someone stands there.
    #[error("{cell} is occupied by {by}")]
    Occupied {
        /// The cell.
        cell: Cell,
        /// By whom.
        by: String,
    },
    /// No path.
    #[error("no path to {0}: walls or enemies are in the way")]
    NoPath(Cell),
    /// Path too long for the budget.
    #[error("{to} costs {cost} movement; {unit} has {budget} left this turn")]
    TooFar {
        /// Who.
        unit: String,
        /// Where.
        to: Cell,
        /// Cost of the path.
        cost: u32,
        /// What is available.
        budget: u32,
    },
    /// Not enough AP.
    #[error("needs {need} AP, {unit} has {have}")]
    NotEnoughAp {
        /// Who.
        unit: String,
        /// Needed.
        need: i32,
        /// Left.
        have: i32,
    },
    /// Same side.
    #[error("{0} is an ally")]
    Ally(String),
    /// Attacking oneself.
    #[error("a unit cannot attack itself")]
    SelfTarget,
    /// No weapon fits.
    #[error("{unit} has no weapon that can reach {target} ({why})")]
    NoWeapon {
        /// Who.
        unit: String,
        /// Whom.
        target: String,
        /// Why not.
        why: String,
    },
    /// A once-per-round action was already used.
    #[error("{unit} has already used {action} this round")]
    OncePerRound {
        /// Who.
        unit: String,
        /// What.
        action: &'static str,
    },
    /// Needs to stand next to the target.
    #[error("{unit} must stand next to {target}")]
    NotAdjacent {
        /// Who.
        unit: String,
        /// Whom.
        target: String,
    },
    /// The target is too big for this action.
    #[error("{target} is too large for {action}")]
    TooLarge {
        /// Whom.
        target: String,
        /// What.
        action: &'static str,
    },
    /// No room on the far side.
    #[error("{0} is not free to land on")]
    NoRoom(Cell),
    /// Not enough free hands.
    #[error("{unit} needs {need} free hand(s) and has {free}")]
    Hands {
        /// Who.
        unit: String,
        /// Needed.
        need: u32,
        /// Free.
        free: u32,
    },
    /// The item is not in the state the action needs.
    #[error("{unit}'s {item} is {state}")]
    ItemState {
        /// Whose.
        unit: String,
        /// Which.
        item: String,
        /// Its state ("not held", "already held", "lost").
        state: &'static str,
    },
    /// No such item.
    #[error("{unit} has no item #{item}")]
    NoItem {
        /// Whose.
        unit: String,
        /// Index.
        item: usize,
    },
    /// Nothing to pick up.
    #[error("nothing lies on {0}")]
    NothingHere(Cell),
    /// A condition forbids the action.
    #[error("{unit} is {condition}: {why}")]
    Condition {
        /// Who.
        unit: String,
        /// Which condition ("prone", "grappled", ...).
        condition: &'static str,
        /// What it forbids.
        why: &'static str,
    },
    /// The action needs a condition the unit does not have.
    #[error("{unit} is not {condition}")]
    NotInCondition {
        /// Who.
        unit: String,
        /// Which.
        condition: &'static str,
    },
    /// The ruleset has no such action.
    #[error("{ruleset} has no {action} action")]
    NoSuchAction {
        /// Ruleset id.
        ruleset: &'static str,
        /// The action.
        action: &'static str,
    },
    /// No action slot left to pay for the action (tactical-d20).
    #[error("{unit} has no {slot} action left for {action}")]
    NoSlot {
        /// Who.
        unit: String,
        /// What.
        action: &'static str,
        /// The slot type needed.
        slot: &'static str,
    },
    /// A rule of the action is not met (its reason says which).
    #[error("{unit} cannot do that: {why}")]
    Cannot {
        /// Who.
        unit: String,
        /// Why not.
        why: String,
    },
    /// The target is hidden in cover.
    #[error("{0} is hidden in cover and cannot be targeted from afar")]
    Hidden(String),
    /// A Command longer than 13 words.
    #[error("a Command has at most 13 words; this one has {0}")]
    TooManyWords(usize),
    /// A forced die did not fit.
    #[error("{0}")]
    Dice(#[from] ForcedFaceError),
}

/// A pending piece of resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Continue a move: step from `path[next - 1]` to `path[next]`.
    Move {
        /// Who.
        unit: UnitId,
        /// Whole path, start included.
        path: Vec<Cell>,
        /// Next index.
        next: usize,
        /// Paid and provoking how.
        #[serde(default)]
        mode: MoveMode,
    },
    /// tactical-d20: the legs of a jump or overrun, from `index`.
    Leap {
        /// Who.
        unit: UnitId,
        /// The legs.
        legs: Vec<Leg>,
        /// Next leg.
        index: usize,
    },
    /// tactical-d20: an overrun victim that did not step aside rolls its Reflex save.
    OverrunSave {
        /// The overrunner.
        unit: UnitId,
        /// The victim.
        victim: UnitId,
        /// The overrunner's Athletics total.
        check: i32,
        /// The cells of the overrun still ahead (the victim must get off them).
        ahead: Vec<Cell>,
    },
    /// tactical-d20 Pursuit: move toward the provoker once it has stepped away.
    Pursue {
        /// The pursuer.
        unit: UnitId,
        /// The pursued.
        target: UnitId,
    },
    /// One step, after reactions to leaving `from` resolved.
    Step {
        /// Who.
        unit: UnitId,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
        /// Paid from the turn's movement?
        #[serde(default = "yes")]
        paid: bool,
    },
    /// Offer a reaction opportunity.
    Offer {
        /// Who may react.
        reactor: UnitId,
        /// Why.
        trigger: Trigger,
        /// tactical-d20: the cell the mover steps to (Pursuit is offered when it lies
        /// outside the reactor's threatened area).
        #[serde(default)]
        to: Option<Cell>,
    },
    /// Roll an attack.
    Attack {
        /// Who.
        attacker: UnitId,
        /// Whom.
        target: UnitId,
        /// Loadout index.
        weapon: usize,
        /// Normal or reaction.
        kind: AttackKind,
        /// What a hit does.
        #[serde(default)]
        effect: HitEffect,
    },
    /// A successful attack roll: offer Intercept to allies, then defences, then damage.
    Hit(Hit),
    /// Offer Intercept to the next ally able to, looking from position `from` of the
    /// initiative order on (then the target's defences).
    OfferIntercept {
        /// The hit.
        hit: Hit,
        /// Where in the initiative order to look from.
        from: usize,
    },
    /// Ask the target for a defence (Dodge/Parry/Block/Riposte).
    Defend(Hit),
    /// Stand up after reactions to standing up resolved.
    StandUp {
        /// Who.
        unit: UnitId,
    },
    /// Deal the damage of a hit.
    Damage {
        /// The hit.
        hit: Hit,
        /// Damage multiplier (2 crit, 3 crit against a critically failed defence).
        mult: i32,
    },
}

fn yes() -> bool {
    true
}

/// A successful attack waiting for defence and damage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    /// Who.
    pub attacker: UnitId,
    /// Whom.
    pub target: UnitId,
    /// Loadout index.
    pub weapon: usize,
    /// Normal or reaction.
    pub kind: AttackKind,
    /// The attack's level.
    pub level: Outcome,
    /// What the hit does when it lands.
    #[serde(default)]
    pub effect: HitEffect,
}

/// What a landed hit does.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum HitEffect {
    /// Roll the weapon's damage.
    #[default]
    Damage,
    /// flow Disarm: the target drops an item.
    Disarm {
        /// The target's item.
        item: usize,
        /// Where the attacker sends it on a Hard success or better (`None`: take it).
        send: Option<Cell>,
    },
}

/// An open reaction window.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Who decides.
    pub reactor: UnitId,
    /// Why.
    pub trigger: Trigger,
    /// Allowed choices (declining is always allowed).
    pub options: Vec<ReactionKind>,
    /// The hit being defended against, for defence windows.
    pub hit: Option<Hit>,
    /// What resolution continues with if the reactor declines.
    pub on_decline: Vec<Frame>,
}

/// Roll initiative under the battle's ruleset and start round 1.
pub(crate) fn start(b: &mut Battle) -> Result<(), SetupError> {
    b.emit(Event::BattleStarted {
        ruleset: b.level.ruleset,
        grid: b.level.grid.kind,
        seed: b.seed,
    });
    let td20 = b.level.ruleset == RulesetId::TacticalD20;
    if td20 {
        td_actions::start(b)?;
    }
    match b.level.surprise {
        // tactical-d20: the surprise round comes before initiative; its turns are taken
        // in level order, and initiative is rolled when it ends.
        Some(side) if td20 => {
            let order = b.units().filter(|&u| b.side(u) == side).collect();
            b.emit(Event::TurnOrder { order });
        }
        _ => roll_initiative(b, |_, _| None)?,
    }
    if let Some(side) = b.level.surprise {
        b.emit(Event::SurpriseRound { side });
    }
    // flow: 2 FP at the start of combat (the surprised side gets them in round 2).
    grant_start_fp(b, |b, u| !b.surprised_now(u));
    b.emit(Event::RoundStarted { round: 1 });
    begin_turn_at(b, 0)?;
    Ok(())
}

/// Roll initiative for every unit (with an extra bonus per unit) and set the order.
pub(crate) fn roll_initiative(
    b: &mut Battle,
    bonus: impl Fn(&Battle, UnitId) -> Option<crate::dice::Modifier>,
) -> Result<(), ForcedFaceError> {
    // (unit, total, tiebreak, human side first)
    let mut keys: Vec<(UnitId, i32, i32, bool)> = Vec::new();
    let mut rules = Vec::new();
    for u in b.units().collect::<Vec<_>>() {
        let rule = crate::rulesets::initiative(b.level.ruleset, b.stats(u));
        let mut roll = match rule.dice {
            Some(d) => b.dice.roll(d)?,
            None => crate::dice::Roll::from_faces(crate::dice::DiceExpr::new(0, 1), Vec::new()),
        };
        for m in &rule.modifiers {
            roll = roll.with(m.clone());
        }
        if let Some(m) = bonus(b, u) {
            roll = roll.with(m);
        }
        let human = rule.humans_first
            && b.level
                .sides
                .get(b.side(u).0 as usize)
                .is_some_and(|s| s.controller == crate::level::Controller::Human);
        keys.push((u, roll.total, rule.tiebreak, human));
        rules.push(rule);
        b.emit(Event::Initiative { unit: u, roll });
    }
    // Full ties roll off (flow) in level order; each roll is an event.
    let mut extra = vec![0u32; keys.len()];
    for (i, &(u, total, tb, human)) in keys.iter().enumerate() {
        let tied = keys
            .iter()
            .any(|&(o, t, k, h)| o != u && t == total && k == tb && h == human);
        if let (true, Some(d)) = (tied, rules[i].rolloff) {
            let roll = b.dice.roll(d)?;
            extra[i] = roll.total as u32;
            b.emit(Event::Initiative { unit: u, roll });
        }
    }
    let mut sorted: Vec<(UnitId, i32, i32, bool, u32)> = keys
        .iter()
        .zip(&extra)
        .map(|(&(u, t, k, h), &e)| (u, t, k, h, e))
        .collect();
    sorted.sort_by(|a, b| {
        (b.1, b.2, b.3, b.4)
            .cmp(&(a.1, a.2, a.3, a.4))
            .then(a.0.cmp(&b.0))
    });
    let order: Vec<UnitId> = sorted.into_iter().map(|t| t.0).collect();
    b.emit(Event::TurnOrder { order });
    Ok(())
}

/// flow: give the combat-start FP to every unit `which` picks (nothing in other rulesets).
fn grant_start_fp(b: &mut Battle, which: impl Fn(&Battle, UnitId) -> bool) {
    if b.level.ruleset != RulesetId::Flow {
        return;
    }
    for u in b.units().collect::<Vec<_>>() {
        if which(b, u) {
            let after = b.fp(u) + flow::FP_START;
            b.emit(Event::FlowPoints {
                unit: u,
                delta: flow::FP_START,
                reason: FpReason::Start,
                after,
            });
        }
    }
}

/// Has the round just ended made a stalemate: the level's `stalemate_rounds` whole
/// rounds in a row without damage or anyone going down? (A house rule, not in the
/// seeds: neither side could reach the other, so the battle would never end.)
fn stalemate(b: &Battle) -> bool {
    let n = b.level.stalemate_rounds;
    if n == 0 || b.round < n {
        return false;
    }
    let since = b.round + 1 - n;
    !b.log
        .iter()
        .rev()
        .take_while(|l| l.round >= since)
        .any(|l| matches!(l.event, Event::Damage { .. } | Event::Down { .. }))
}

/// Start the turn of the first unit at or after order index `i` that can act (alive,
/// and not surprised in a surprise round). Passing the end of the order ends the round.
fn begin_turn_at(b: &mut Battle, mut i: usize) -> Result<(), ForcedFaceError> {
    // Two whole rounds in which nobody can take a turn (everyone left is unconscious
    // or dying) end the battle without a winner.
    let mut idle_rounds = 0;
    loop {
        if b.ended.is_some() {
            return Ok(());
        }
        if i >= b.order.len() {
            idle_rounds += 1;
            if idle_rounds > 2 {
                b.emit(Event::BattleEnded { winner: None });
                return Ok(());
            }
            let r = b.round;
            b.emit(Event::RoundEnded { round: r });
            if stalemate(b) {
                let rounds = b.level.stalemate_rounds;
                b.emit(Event::Stalemate { rounds });
                b.emit(Event::BattleEnded { winner: None });
                return Ok(());
            }
            // tactical-d20: initiative is rolled once the surprise round is over, +4 for
            // those who acted in it.
            if r == 1 && b.level.ruleset == RulesetId::TacticalD20 && b.level.surprise.is_some() {
                roll_initiative(b, td_actions::surprise_bonus)?;
            }
            b.emit(Event::RoundStarted { round: r + 1 });
            // flow: the surprised side gets its 2 FP at the first normal round.
            if r == 1 && b.level.surprise.is_some() {
                grant_start_fp(b, |b, u| b.alive(u) && b.level.surprise != Some(b.side(u)));
            }
            i = 0;
        }
        let u = b.order[i];
        if b.level.ruleset == RulesetId::TacticalD20 && !td_actions::takes_turn(b, u)? {
            i += 1;
            continue;
        }
        if b.alive(u) && !b.surprised_now(u) {
            let ap = b
                .get::<crate::components::ActionBudget>(u)
                .map(|a| a.points_per_round)
                .unwrap_or(0);
            let rp = b
                .get::<crate::components::ReactionBudget>(u)
                .map(|r| r.per_refresh)
                .unwrap_or(0);
            b.emit(Event::TurnStarted { unit: u, ap, rp });
            if b.level.ruleset == RulesetId::Flow && b.has(u, ConditionKind::Grappling) {
                b.emit(Event::ApSpent {
                    unit: u,
                    amount: flow::GRAPPLE_AP,
                    on: Spend::MaintainGrapple,
                });
            }
            if b.level.ruleset == RulesetId::TacticalD20 {
                td_actions::turn_started(b, u);
            }
            return Ok(());
        }
        i += 1;
    }
}

/// Ongoing effects at the end of a unit's turn: bleeding damage, then saves against
/// "save ends" conditions, then turn-counted durations tick.
fn ongoing_effects(b: &mut Battle, u: UnitId) -> Result<(), ForcedFaceError> {
    let conds = b
        .get::<crate::components::Conditions>(u)
        .cloned()
        .unwrap_or_default();
    for c in conds.0.iter().filter(|c| c.kind == ConditionKind::Bleeding) {
        if !b.alive(u) {
            break;
        }
        let dice = match b.level.ruleset {
            RulesetId::TacticalD20 => td_actions::BLEED,
            _ => flow::BLEED_DAMAGE,
        };
        let roll = b.dice.roll(dice)?;
        let amount = roll.total.max(0);
        let hp_after = b.hp(u) - amount;
        b.emit(Event::Damage {
            unit: u,
            source: c.source,
            roll,
            amount,
            hp_after,
        });
        if b.level.ruleset == RulesetId::TacticalD20 {
            let total = b.bleed_taken(u) + amount;
            b.emit(Event::BleedTotal { unit: u, total });
            td_actions::after_damage(b, u);
        } else if hp_after <= 0 {
            b.emit(Event::Down { unit: u });
            flow_actions::end_grapple(b, u);
            b.check_victory();
        }
    }
    for c in &conds.0 {
        let Duration::SaveEnds(dc) = c.duration else {
            continue;
        };
        if !b.alive(u) {
            break;
        }
        let roll = b.dice.roll(crate::dice::DiceExpr::new(1, 20))?;
        let success = roll.total >= dc as i32;
        b.emit(Event::Save {
            unit: u,
            kind: c.kind,
            roll,
            target_number: dc as i32,
            success,
        });
        if success {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind: c.kind,
                source: None,
            });
        }
    }
    if conds
        .0
        .iter()
        .any(|c| matches!(c.duration, Duration::Turns(_)))
    {
        b.emit(Event::ConditionsTicked { unit: u });
        let expired: Vec<ConditionKind> = b
            .get::<crate::components::Conditions>(u)
            .map(|c| {
                c.0.iter()
                    .filter(|c| c.duration == Duration::Turns(0))
                    .map(|c| c.kind)
                    .collect()
            })
            .unwrap_or_default();
        for kind in expired {
            b.emit(Event::ConditionRemoved {
                unit: u,
                kind,
                source: None,
            });
        }
    }
    Ok(())
}

pub(crate) fn end_turn(b: &mut Battle) -> Result<(), ForcedFaceError> {
    let Some(u) = b.current() else { return Ok(()) };
    ongoing_effects(b, u)?;
    if b.alive(u) && !b.turn_state(u).flow_state && b.fp(u) > 0 {
        let after = b.fp(u) - 1;
        b.emit(Event::FlowPoints {
            unit: u,
            delta: -1,
            reason: FpReason::Decay,
            after,
        });
    }
    // A feint's Advantage lasts until the feinter's turn ends.
    for o in b.units().collect::<Vec<_>>() {
        if b.get::<crate::components::Conditions>(o).is_some_and(|c| {
            c.0.iter()
                .any(|c| c.kind == ConditionKind::Feinted && c.source == Some(u))
        }) {
            b.emit(Event::ConditionRemoved {
                unit: o,
                kind: ConditionKind::Feinted,
                source: Some(u),
            });
        }
    }
    b.emit(Event::TurnEnded { unit: u });
    if b.ended.is_none() {
        let next = b.turn + 1;
        begin_turn_at(b, next)?;
    }
    Ok(())
}

impl Battle {
    /// Is the command legal now? Pure: nothing changes.
    pub fn check(&self, cmd: &Command) -> Result<(), Illegal> {
        self.plan(cmd).map(|_| ())
    }

    /// Check a command and, if legal, resolve it. Returns the number of new events.
    /// An illegal command changes nothing.
    pub fn submit(&mut self, cmd: Command) -> Result<usize, Illegal> {
        let before = self.log.len();
        let plan = self.plan(&cmd)?;
        // Resolution can still fail halfway (a forced die that does not fit): then the
        // battle goes back to where it was.
        let snapshot = self.snapshot();
        if let Err(e) = self.resolve(plan) {
            self.rollback(snapshot);
            return Err(e);
        }
        Ok(self.log.len() - before)
    }

    /// Carry out a checked command: events, frames, and running the stack.
    fn resolve(&mut self, plan: Plan) -> Result<(), Illegal> {
        match plan {
            Plan::Move { unit, path, buy } => {
                match buy {
                    Buy::Ap(ap) if ap > 0 => {
                        self.emit(Event::ApSpent {
                            unit,
                            amount: ap,
                            on: Spend::Move,
                        });
                        self.emit(Event::MovementGained {
                            unit,
                            amount: ap as u32 * flow::MOVE_PER_AP,
                        });
                    }
                    Buy::Slots(slots) => {
                        for slot in slots {
                            self.emit(Event::SlotUsed {
                                unit,
                                slot,
                                on: Spend::Move,
                            });
                            self.emit(Event::MovementGained {
                                unit,
                                amount: td_actions::speed(self, unit),
                            });
                        }
                    }
                    Buy::Ap(_) => {}
                }
                self.stack.push(Frame::Move {
                    unit,
                    path,
                    next: 1,
                    mode: MoveMode::Advance,
                });
            }
            Plan::Attack {
                unit,
                target,
                weapon,
                pay,
            } => {
                let kind = match pay {
                    Some((slot, wanted)) => {
                        self.emit(Event::SlotUsed {
                            unit,
                            slot,
                            on: Spend::Attack,
                        });
                        td::attack_kind(wanted)
                    }
                    None => {
                        self.emit(Event::ApSpent {
                            unit,
                            amount: flow::ATTACK_AP,
                            on: Spend::Attack,
                        });
                        AttackKind::Normal
                    }
                };
                self.stack.push(Frame::Attack {
                    attacker: unit,
                    target,
                    weapon,
                    kind,
                    effect: HitEffect::Damage,
                });
            }
            Plan::EndTurn => end_turn(self)?,
            Plan::React { window, choice } => self.answer(window, choice)?,
            Plan::Act { unit, action } => match self.level.ruleset {
                RulesetId::TacticalD20 => td_actions::perform(self, unit, action)?,
                _ => flow_actions::perform(self, unit, action)?,
            },
        }
        self.run()
    }

    pub(crate) fn unit_checked(&self, u: UnitId) -> Result<(), Illegal> {
        if self.entity(u).is_none() {
            return Err(Illegal::UnknownUnit(u.0));
        }
        Ok(())
    }

    pub(crate) fn acting(&self, u: UnitId) -> Result<(), Illegal> {
        self.unit_checked(u)?;
        if self.ended.is_some() {
            return Err(Illegal::BattleOver);
        }
        if let Some(w) = &self.window {
            return Err(Illegal::AwaitingReaction(self.name(w.reactor).into()));
        }
        let cur = self.current().ok_or(Illegal::BattleOver)?;
        if cur != u {
            return Err(Illegal::NotYourTurn {
                unit: self.name(u).into(),
                current: self.name(cur).into(),
            });
        }
        if !self.alive(u) {
            return Err(Illegal::Down(self.name(u).into()));
        }
        Ok(())
    }

    /// May the unit move at all now (its conditions and budget; not where to)?
    pub fn may_move(&self, u: UnitId) -> Result<(), Illegal> {
        self.acting(u)?;
        match self.level.ruleset {
            RulesetId::TacticalD20 => td_actions::may_move(self, u),
            _ => flow_actions::may_move(self, u),
        }
    }

    /// Movement still available this turn (bought + buyable), in cost units.
    pub fn movement_budget(&self, u: UnitId) -> u32 {
        let t = self.turn_state(u);
        if self.level.ruleset == RulesetId::TacticalD20 {
            return t.move_left
                + td_actions::advances_left(self, u).len() as u32 * td_actions::speed(self, u);
        }
        let buyable =
            (flow::MAX_MOVE_AP.saturating_sub(t.move_ap_spent)).min(self.ap(u).max(0) as u32);
        t.move_left + buyable * flow::MOVE_PER_AP
    }

    /// Cost of entering `to` from `from` for `mover`: terrain, enemies block, allies pass.
    pub fn step_cost(&self, mover: UnitId, to: Cell) -> Option<u32> {
        self.mover_cost(mover)(to)
    }

    /// Every cell the unit can reach this turn with its cost and predecessor (for
    /// previews and the AI). Cells holding another unit are included as waypoints.
    pub fn reachable(&self, u: UnitId) -> crate::grid::Field {
        let budget = self.movement_budget(u);
        let cost = self.mover_cost(u);
        self.level.grid.field(self.pos(u), budget, cost)
    }

    /// The path a `Move` would take and its cost.
    pub fn path_to(&self, u: UnitId, to: Cell) -> Option<(Vec<Cell>, u32)> {
        let budget = self.movement_budget(u);
        let cost = self.mover_cost(u);
        self.level.grid.path(self.pos(u), to, budget, cost)
    }

    /// Reach with which a unit threatens: the higher of its size's reach and the reach of
    /// its held melee weapons (no stacking); 0 without a melee weapon in hand.
    pub fn threat_reach(&self, u: UnitId) -> u32 {
        let w = self
            .weapons(u)
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                w.kind == WeaponKind::Melee && !w.has(WeaponTag::Shield) && self.in_hand(u, *i)
            })
            .map(|(_, w)| w.reach)
            .max();
        match w {
            Some(w) => self.size(u).reach().max(w),
            None => 0,
        }
    }

    /// Does `u` threaten `cell`? (flow: a unit held in a grapple threatens nothing;
    /// tactical-d20: nor does a restrained, stunned or unconscious one.)
    pub fn threatens(&self, u: UnitId, cell: Cell) -> bool {
        let d = self.level.grid.distance(self.pos(u), cell);
        d >= 1 && d <= self.threat(u)
    }

    /// Can `u` threaten at all now (alive, not held in a grapple, in tactical-d20 not
    /// restrained, stunned or unconscious)? [`Battle::threatens`] adds the reach.
    pub fn threatens_anything(&self, u: UnitId) -> bool {
        self.alive(u)
            && !self.has(u, ConditionKind::Grappled)
            && !(self.level.ruleset == RulesetId::TacticalD20
                && td_actions::cannot_threaten(self, u))
    }

    /// Every cell `u` threatens.
    pub fn threatened_cells(&self, u: UnitId) -> Vec<Cell> {
        let p = self.pos(u);
        self.level
            .grid
            .within(p, self.threat_reach(u))
            .into_iter()
            .filter(|&c| c != p)
            .collect()
    }

    /// Enemies that may react when `mover` leaves `from`, in initiative order.
    pub fn leave_reactors(&self, mover: UnitId, from: Cell) -> Vec<UnitId> {
        self.leave_reactors_anywhere(mover)
            .into_iter()
            .filter(|&r| {
                let d = self.level.grid.distance(self.pos(r), from);
                d >= 1 && d <= self.threat_reach(r) && self.best_melee(r, d).is_some()
            })
            .collect()
    }

    /// Enemies that could react to `mover` leaving a cell they threaten, wherever it is
    /// (alive, able to threaten, with the RP and, in tactical-d20, a reaction left for
    /// this mover), in initiative order. [`Battle::leave_reactors`] narrows this to the
    /// ones in reach of a given cell.
    pub fn leave_reactors_anywhere(&self, mover: UnitId) -> Vec<UnitId> {
        self.order
            .iter()
            .copied()
            .filter(|&r| {
                r != mover
                    && self.enemies(r, mover)
                    && self.threatens_anything(r)
                    && self.rp(r) >= ReactionKind::ReactionAttack.cost()
                    && (self.level.ruleset != RulesetId::TacticalD20
                        || td_actions::may_react_to(self, r, mover))
            })
            .collect()
    }

    /// The best melee weapon that reaches `dist` (highest average damage).
    pub fn best_melee(&self, u: UnitId, dist: u32) -> Option<usize> {
        let size_reach = self.size(u).reach();
        self.weapons(u)
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                w.kind == WeaponKind::Melee
                    && !w.has(WeaponTag::Shield)
                    && self.in_hand(u, *i)
                    && dist <= w.reach.max(size_reach)
            })
            .max_by_key(|(i, w)| (w.damage.max() + w.damage.min(), std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The weapon an attack would use (the named one, or the best that reaches), or why
    /// none can.
    pub fn weapon_for(
        &self,
        u: UnitId,
        target: UnitId,
        want: Option<usize>,
    ) -> Result<usize, Illegal> {
        let dist = self.level.grid.distance(self.pos(u), self.pos(target));
        // Why weapon `i` cannot be used, worded only when the answer is "none can" (the
        // AI asks this for every enemy, most of them out of reach).
        enum Why {
            Missing,
            Shield,
            Stowed,
            Lost,
            Reach(u32),
            Range(u32),
            Wall,
        }
        let usable = |i: usize| -> Result<(), Why> {
            let w = self.weapons(u).get(i).ok_or(Why::Missing)?;
            if w.has(WeaponTag::Shield) {
                return Err(Why::Shield);
            }
            match self.carried(u, i) {
                _ if self.in_hand(u, i) => {}
                Some(crate::components::Carried::Held) => {}
                Some(crate::components::Carried::Stowed) => return Err(Why::Stowed),
                _ => return Err(Why::Lost),
            }
            match w.kind {
                WeaponKind::Melee => {
                    let reach = w.reach.max(self.size(u).reach());
                    if dist > reach {
                        return Err(Why::Reach(reach));
                    }
                }
                WeaponKind::Ranged => {
                    let max = w.range * flow::MAX_RANGE_INCREMENTS;
                    if dist > max {
                        return Err(Why::Range(max));
                    }
                    if !self.clear_line(self.pos(u), self.pos(target)) {
                        return Err(Why::Wall);
                    }
                }
            }
            Ok(())
        };
        let no = |i: usize, why: Why| {
            let name = self.weapons(u).get(i).map_or("?", |w| w.name.as_str());
            Illegal::NoWeapon {
                unit: self.name(u).into(),
                target: self.name(target).into(),
                why: match why {
                    Why::Missing => format!("no weapon #{i}"),
                    Why::Shield => format!("{name} is a shield"),
                    Why::Stowed => format!("{name} is stowed (draw it first)"),
                    Why::Lost => format!("{name} is lost"),
                    Why::Reach(reach) => {
                        format!("{name} has reach {reach}, target is {dist} away")
                    }
                    Why::Range(max) => {
                        format!("{name} reaches at most {max}, target is {dist} away")
                    }
                    Why::Wall => "a wall blocks the line of fire".into(),
                },
            }
        };
        match want {
            Some(i) => usable(i).map(|_| i).map_err(|why| no(i, why)),
            None => {
                if let Some(i) = self.best_melee(u, dist) {
                    return Ok(i);
                }
                let mut last = None;
                for i in 0..self.weapons(u).len() {
                    match usable(i) {
                        Ok(()) => return Ok(i),
                        Err(e) => last = Some((i, e)),
                    }
                }
                Err(match last {
                    Some((i, why)) => no(i, why),
                    None => Illegal::NoWeapon {
                        unit: self.name(u).into(),
                        target: self.name(target).into(),
                        why: "it carries no weapon".into(),
                    },
                })
            }
        }
    }

    /// No wall on the straight line between two cells (ends excluded).
    pub fn clear_line(&self, a: Cell, b: Cell) -> bool {
        // A line never passes its ends in between.
        self.level.grid.walk_line(a, b, |c| {
            c == a || c == b || self.terrain(c) != Terrain::Wall
        })
    }

    fn plan(&self, cmd: &Command) -> Result<Plan, Illegal> {
        match *cmd {
            Command::Move { unit, to } => {
                self.may_move(unit)?;
                let from = self.pos(unit);
                if to == from {
                    return Err(Illegal::AlreadyThere(self.name(unit).into()));
                }
                if !self.level.grid.contains(to) || !self.terrain(to).standable() {
                    return Err(Illegal::BadCell(to));
                }
                if let Some(o) = self.unit_at(to, Some(unit)) {
                    return Err(Illegal::Occupied {
                        cell: to,
                        by: self.name(o).into(),
                    });
                }
                let budget = self.movement_budget(unit);
                let Some((path, cost)) = self.path_to(unit, to) else {
                    // Distinguish "too far" from "no path at all".
                    let unbounded =
                        self.level
                            .grid
                            .path(from, to, u32::MAX / 4, self.mover_cost(unit));
                    return Err(match unbounded {
                        Some((_, cost)) => Illegal::TooFar {
                            unit: self.name(unit).into(),
                            to,
                            cost,
                            budget,
                        },
                        None => Illegal::NoPath(to),
                    });
                };
                let left = self.turn_state(unit).move_left;
                let buy = if self.level.ruleset == RulesetId::TacticalD20 {
                    let need = cost
                        .saturating_sub(left)
                        .div_ceil(td_actions::speed(self, unit).max(1));
                    Buy::Slots(
                        td_actions::advances_left(self, unit)
                            .into_iter()
                            .take(need as usize)
                            .collect(),
                    )
                } else if cost > left {
                    Buy::Ap((cost - left).div_ceil(flow::MOVE_PER_AP) as i32)
                } else {
                    Buy::Ap(0)
                };
                Ok(Plan::Move { unit, path, buy })
            }
            Command::Attack {
                unit,
                target,
                weapon,
                slot,
            } => {
                self.acting(unit)?;
                self.unit_checked(target)?;
                if unit == target {
                    return Err(Illegal::SelfTarget);
                }
                if !self.alive(target) {
                    return Err(Illegal::Down(self.name(target).into()));
                }
                if !self.enemies(unit, target) {
                    return Err(Illegal::Ally(self.name(target).into()));
                }
                if self.level.ruleset == RulesetId::TacticalD20 {
                    let (payer, wanted) = td_actions::attack_payer(self, unit, slot)?;
                    let weapon = self.weapon_for(unit, target, weapon)?;
                    td_actions::may_attack(self, unit, target, weapon)?;
                    return Ok(Plan::Attack {
                        unit,
                        target,
                        weapon,
                        pay: Some((payer, wanted)),
                    });
                }
                if slot.is_some() {
                    return Err(Illegal::NoSuchAction {
                        ruleset: self.level.ruleset.id(),
                        action: "action slot",
                    });
                }
                flow_actions::may_act(self, unit)?;
                if self.ap(unit) < flow::ATTACK_AP {
                    return Err(Illegal::NotEnoughAp {
                        unit: self.name(unit).into(),
                        need: flow::ATTACK_AP,
                        have: self.ap(unit),
                    });
                }
                let weapon = self.weapon_for(unit, target, weapon)?;
                Ok(Plan::Attack {
                    unit,
                    target,
                    weapon,
                    pay: None,
                })
            }
            Command::EndTurn { unit } => {
                self.acting(unit)?;
                Ok(Plan::EndTurn)
            }
            Command::React { unit, choice } => {
                self.unit_checked(unit)?;
                let w = self.window.as_ref().ok_or(Illegal::NoWindow)?;
                if w.reactor != unit {
                    return Err(Illegal::AwaitingReaction(self.name(w.reactor).into()));
                }
                if let Some(c) = choice
                    && !w.options.contains(&c)
                {
                    return Err(Illegal::NotOffered {
                        choice: c.to_string(),
                        options: w
                            .options
                            .iter()
                            .map(|o| o.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
                Ok(Plan::React {
                    window: w.clone(),
                    choice,
                })
            }
            Command::Act { unit, ref action } => {
                self.acting(unit)?;
                match self.level.ruleset {
                    RulesetId::Flow => flow_actions::check(self, unit, action)?,
                    RulesetId::TacticalD20 => td_actions::check(self, unit, action)?,
                    r => {
                        return Err(Illegal::NoSuchAction {
                            ruleset: r.id(),
                            action: flow_actions::action_name(action),
                        });
                    }
                }
                Ok(Plan::Act {
                    unit,
                    action: action.clone(),
                })
            }
        }
    }

    fn answer(&mut self, w: Window, choice: Option<ReactionKind>) -> Result<(), Illegal> {
        self.window = None;
        let Some(kind) = choice else {
            self.emit(Event::ReactionDeclined { reactor: w.reactor });
            for f in w.on_decline.into_iter().rev() {
                self.stack.push(f);
            }
            return Ok(());
        };
        self.emit(Event::Reacted {
            reactor: w.reactor,
            kind,
            rp_spent: kind.cost(),
        });
        if self.level.ruleset == RulesetId::TacticalD20 {
            return td_actions::answer(self, w, kind);
        }
        match (kind, w.hit) {
            (ReactionKind::ReactionAttack, _) => {
                if let Some(target) = w.trigger.provoker() {
                    let dist = self
                        .level
                        .grid
                        .distance(self.pos(w.reactor), self.pos(target));
                    if let Some(weapon) = self.best_melee(w.reactor, dist) {
                        self.stack.push(Frame::Attack {
                            attacker: w.reactor,
                            target,
                            weapon,
                            kind: AttackKind::Reaction,
                            effect: HitEffect::Damage,
                        });
                    }
                }
            }
            (
                ReactionKind::Dodge
                | ReactionKind::Parry
                | ReactionKind::Block
                | ReactionKind::Riposte,
                Some(hit),
            ) => {
                flow::resolve_defence(self, hit, kind)?;
            }
            (ReactionKind::Intercept | ReactionKind::InterceptSwap, Some(hit)) => {
                flow_actions::resolve_intercept(
                    self,
                    w.reactor,
                    hit,
                    kind == ReactionKind::InterceptSwap,
                )?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Pop frames until done or a window opens; then end an exhausted turn.
    fn run(&mut self) -> Result<(), Illegal> {
        loop {
            while self.window.is_none() && self.ended.is_none() {
                let Some(frame) = self.stack.pop() else { break };
                self.exec(frame)?;
            }
            if self.window.is_some() || self.ended.is_some() || !self.stack.is_empty() {
                return Ok(());
            }
            match self.current() {
                Some(u) if !self.alive(u) || self.exhausted(u) => end_turn(self)?,
                _ => return Ok(()),
            }
        }
    }

    /// Has the unit nothing left to do this turn (flow: no AP; tactical-d20: no action
    /// slot and no movement left)?
    pub fn exhausted(&self, u: UnitId) -> bool {
        match self.level.ruleset {
            RulesetId::TacticalD20 => td_actions::exhausted(self, u),
            _ => self.ap(u) <= 0,
        }
    }

    fn exec(&mut self, frame: Frame) -> Result<(), Illegal> {
        match frame {
            Frame::Move {
                unit,
                path,
                next,
                mode,
            } => {
                if !self.alive(unit) || next >= path.len() || self.pos(unit) != path[next - 1] {
                    return Ok(());
                }
                let (from, to) = (path[next - 1], path[next]);
                // Never step onto someone who is not to be passed (an ally may be passed
                // in the middle of a path, not at its end).
                if let Some(o) = self.unit_at(to, Some(unit))
                    && (self.enemies(unit, o) || next + 1 == path.len())
                {
                    return Ok(());
                }
                self.stack.push(Frame::Move {
                    unit,
                    path,
                    next: next + 1,
                    mode,
                });
                self.stack.push(Frame::Step {
                    unit,
                    from,
                    to,
                    paid: mode == MoveMode::Advance,
                });
                let exempt = match mode {
                    MoveMode::Quiet => return Ok(()),
                    MoveMode::Dash { exempt } => exempt,
                    MoveMode::Advance => None,
                };
                for r in self.leave_reactors(unit, from).into_iter().rev() {
                    if Some(r) == exempt {
                        continue;
                    }
                    self.stack.push(Frame::Offer {
                        reactor: r,
                        trigger: Trigger::Leaving { mover: unit, from },
                        to: Some(to),
                    });
                }
            }
            Frame::Step {
                unit,
                from,
                to,
                paid,
            } => {
                if !self.alive(unit) || self.pos(unit) != from {
                    return Ok(());
                }
                let cost = if paid {
                    self.terrain(to).cost().unwrap_or(1)
                } else {
                    0
                };
                self.emit(Event::Moved {
                    unit,
                    from,
                    to,
                    cost,
                });
                match self.level.ruleset {
                    RulesetId::TacticalD20 => td_actions::waited_triggers(self, unit, from, to),
                    _ => flow_actions::readied_triggers(self, unit, from, to),
                }
            }
            Frame::Leap { unit, legs, index } => td_actions::leap(self, unit, legs, index)?,
            Frame::OverrunSave {
                unit,
                victim,
                check,
                ahead,
            } => td_actions::overrun_save(self, unit, victim, check, &ahead)?,
            Frame::Pursue { unit, target } => td_actions::pursue(self, unit, target),
            Frame::Offer {
                reactor,
                trigger,
                to,
            } => {
                if self.level.ruleset == RulesetId::TacticalD20 {
                    if let Some(options) = td_actions::offer_options(self, reactor, &trigger, to) {
                        self.open_window(Window {
                            reactor,
                            trigger,
                            options,
                            hit: None,
                            on_decline: Vec::new(),
                        });
                    }
                    return Ok(());
                }
                let still = match &trigger {
                    Trigger::Leaving { mover, from } => {
                        self.alive(*mover)
                            && self.pos(*mover) == *from
                            && self.leave_reactors(*mover, *from).contains(&reactor)
                    }
                    Trigger::StandingUp { unit } | Trigger::FailedTumble { mover: unit } => {
                        self.alive(*unit)
                            && self
                                .leave_reactors(*unit, self.pos(*unit))
                                .contains(&reactor)
                    }
                    _ => false,
                };
                if still {
                    self.open_window(Window {
                        reactor,
                        trigger,
                        options: vec![ReactionKind::ReactionAttack],
                        hit: None,
                        on_decline: Vec::new(),
                    });
                }
            }
            Frame::StandUp { unit } => {
                if self.alive(unit) && self.has(unit, ConditionKind::Prone) {
                    self.emit(Event::ConditionRemoved {
                        unit,
                        kind: ConditionKind::Prone,
                        source: None,
                    });
                }
            }
            Frame::OfferIntercept { hit, from } => {
                match flow_actions::next_interceptor(self, &hit, from) {
                    Some((at, reactor, options)) => {
                        let trigger = self.incoming(&hit);
                        self.open_window(Window {
                            reactor,
                            trigger,
                            options,
                            hit: Some(hit.clone()),
                            on_decline: vec![Frame::OfferIntercept { hit, from: at + 1 }],
                        });
                    }
                    None => self.stack.push(Frame::Defend(hit)),
                }
            }
            Frame::Attack {
                attacker,
                target,
                weapon,
                kind,
                effect,
            } => {
                if !self.alive(attacker) || !self.alive(target) {
                    return Ok(());
                }
                match self.level.ruleset {
                    RulesetId::TacticalD20 => {
                        td_actions::resolve_attack(self, attacker, target, weapon, kind, effect)?
                    }
                    _ => flow::resolve_attack(self, attacker, target, weapon, kind, effect)?,
                }
            }
            Frame::Hit(hit) if self.level.ruleset == RulesetId::TacticalD20 => {
                let mult = td_actions::damage_multiple(self, &hit);
                self.stack.push(Frame::Damage { hit, mult });
            }
            Frame::Damage { hit, mult } if self.level.ruleset == RulesetId::TacticalD20 => {
                td_actions::resolve_damage(self, hit, mult)?
            }
            Frame::Hit(hit) => {
                if hit.kind == AttackKind::Normal {
                    self.stack.push(Frame::OfferIntercept { hit, from: 0 });
                } else {
                    self.stack.push(Frame::Defend(hit));
                }
            }
            Frame::Defend(hit) => {
                let options = flow::defence_options(self, &hit);
                let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
                if options.is_empty() {
                    self.stack.push(Frame::Damage { hit, mult });
                } else {
                    let trigger = self.incoming(&hit);
                    self.open_window(Window {
                        reactor: hit.target,
                        trigger,
                        options,
                        hit: Some(hit.clone()),
                        on_decline: vec![Frame::Damage { hit, mult }],
                    });
                }
            }
            Frame::Damage { hit, mult } => flow::resolve_damage(self, hit, mult)?,
        }
        Ok(())
    }

    /// Record an attack roll and, when it succeeds, queue its hit (every ruleset).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn emit_attack(
        &mut self,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        effect: HitEffect,
        roll: crate::dice::Roll,
        target_number: i32,
        outcome: Outcome,
        against: Vec<crate::dice::Modifier>,
    ) {
        let wname = self
            .weapons(attacker)
            .get(weapon)
            .map(|w| w.name.clone())
            .unwrap_or_default();
        self.emit(Event::Attack {
            attacker,
            target,
            weapon: wname,
            kind,
            roll,
            target_number,
            outcome,
            against,
        });
        if outcome.is_success() {
            self.stack.push(Frame::Hit(Hit {
                attacker,
                target,
                weapon,
                kind,
                level: outcome,
                effect,
            }));
        }
    }

    fn incoming(&self, hit: &Hit) -> Trigger {
        Trigger::IncomingAttack {
            attacker: hit.attacker,
            target: hit.target,
            level: hit.level,
            melee: self
                .weapons(hit.attacker)
                .get(hit.weapon)
                .is_some_and(|w| w.kind == WeaponKind::Melee),
            reaction_chain: hit.kind != AttackKind::Normal,
        }
    }

    pub(crate) fn open_window(&mut self, w: Window) {
        self.emit(Event::ReactionOffered {
            reactor: w.reactor,
            trigger: w.trigger.clone(),
            options: w.options.clone(),
        });
        self.window = Some(w);
    }

    /// End the battle if at most one side has units standing.
    pub(crate) fn check_victory(&mut self) {
        let mut standing: Vec<SideId> = self
            .units()
            .filter(|&u| self.alive(u))
            .map(|u| self.side(u))
            .collect();
        standing.sort();
        standing.dedup();
        if standing.len() <= 1 {
            self.emit(Event::BattleEnded {
                winner: standing.first().copied(),
            });
        }
    }
}

enum Buy {
    Ap(i32),
    Slots(Vec<Slot>),
}

enum Plan {
    Move {
        unit: UnitId,
        path: Vec<Cell>,
        buy: Buy,
    },
    Attack {
        unit: UnitId,
        target: UnitId,
        weapon: usize,
        /// tactical-d20: (the slot that pays, the slot the attack is made with).
        pay: Option<(Slot, Slot)>,
    },
    EndTurn,
    React {
        window: Window,
        choice: Option<ReactionKind>,
    },
    Act {
        unit: UnitId,
        action: Action,
    },
}
