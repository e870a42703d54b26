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

use bevy_ecs::world::EntityWorldMut;
use skirmish_rules::ai;
use skirmish_rules::battle::{Battle, SetupError, Status};
use skirmish_rules::components::{
    ConditionKind, Cost, Pool, Pools, Refresh, SideId, Slot, Stat, Stats, UnitId,
};
use skirmish_rules::components::{Once, Per};
use skirmish_rules::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use skirmish_rules::engine::{
    Action, Command, Commit, CommitPart, CommonAction, Frame, Hit, HitEffect, Illegal,
    RulesetFrame, Window,
};
use skirmish_rules::event::{
    AttackKind, ChainKind, Event, Gain, Outcome, ReactionKind, Spend, Trigger,
};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::Registry;
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::rulesets::tactical_d20::TacticalD20Action;
use skirmish_rules::rulesets::ui::{
    self, ActionSpec, AttackPrice, Choice, Gauge, Tone, WindowWords,
};
use skirmish_rules::rulesets::{
    AiTactics, AttackOdds, AttackPlan, InitiativeRule, Ruleset, RulesetId, View, attack_odds,
};

use crate::support::{BOTH, id, since};

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

impl Ruleset for Duel {
    fn id(&self) -> &'static str {
        "duel"
    }

    // Never read by `with_rules` (the level was read with its own ruleset's catalogue).
    fn catalogue_source(&self) -> &'static str {
        RulesetId::TacticalD20.catalogue_source()
    }

    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: Some(DiceExpr::new(1, 20)),
            modifiers: vec![Modifier::new(
                ModKind::Skill,
                "DEX mod",
                stats.d20_mod(Stat::Dex),
            )],
            tiebreak: 0,
            pcs_first: false,
            rolloff: None,
        }
    }

    fn pools(&self, stats: &Stats) -> Pools {
        let turn = Refresh::OwnTurnStart;
        // Duel hooks: two reactions; no Move action at a Speed of 0 (6 when left out).
        let reactions = i32::from(self.plus) + i32::from(self.hooks);
        let speed = stats.0.get(&Stat::Speed).copied().unwrap_or(6);
        let moves = i32::from(!self.hooks || speed > 0);
        let pools = Pools::new()
            .with(Pool::Slot(Slot::Standard), 1, turn)
            .with(Pool::Slot(Slot::Move), moves, turn)
            .with(Pool::Reaction, reactions, turn);
        if self.plus {
            pools.with(Pool::SkillDice, 3, turn)
        } else {
            pools
        }
    }

    // Duellists have no reactions to lose to surprise.
    fn surprised_pools(&self, _pools: &mut Pools) {}

    fn marks(&self, _e: &Event) -> Option<(UnitId, skirmish_rules::components::Once)> {
        None
    }

    fn spawn_unit(&self, _unit: &mut EntityWorldMut) {}

    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        skirmish_rules::engine::roll_initiative(b, |_, _| None)?;
        Ok(())
    }

    fn before_first_round(&self, _b: &mut Battle) {}

    fn round_ended(&self, _b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        Ok(())
    }

    fn round_started(&self, _b: &mut Battle, _round: u32) {}

    fn takes_turn(&self, _b: &mut Battle, _u: UnitId) -> Result<bool, ForcedFaceError> {
        Ok(true)
    }

    // Duel plus: standing up out of turn costs this turn's Move action.
    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        if self.plus && !self.hooks && stood_up_out_of_turn(b, u) {
            b.emit(Event::Spent {
                unit: u,
                pool: Pool::Slot(Slot::Move),
                amount: 1,
                on: Spend::StandUp,
                left: 0,
            });
        }
    }

    fn turn_ending(&self, _b: &mut Battle, _u: UnitId) {}

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        b.slots(u, Slot::Standard) == 0 && b.slots(u, Slot::Move) == 0
    }

    fn bleed_dice(&self) -> DiceExpr {
        DiceExpr::new(1, 4)
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, _amount: i32, _hp_after: i32) {
        down_if_out(b, u);
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        if self.plus && b.has(u, ConditionKind::Prone) {
            return Err(prone(b, u));
        }
        if b.slots(u, Slot::Move) == 0 {
            return Err(no_slot(b, u, "Move", "Move"));
        }
        Ok(())
    }

    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        if b.slots(u, Slot::Move) > 0 { SPEED } else { 0 }
    }

    // Every Move spends the Move action for a whole speed (what is left over is lost).
    // Duel hooks: difficult ground costs a unit with the feat "Wader" 1, else 2.
    fn difficult_cost(&self, b: &Battle, mover: UnitId) -> u32 {
        if self.hooks && b.has_feat(mover, "Wader") {
            1
        } else {
            2
        }
    }

    fn buy_movement(&self, _b: &Battle, u: UnitId, _cost: u32) -> Vec<Event> {
        vec![
            Event::spent(u, Pool::Slot(Slot::Move), 1, Spend::Move),
            Event::refilled(u, Pool::Movement, SPEED as i32, Gain::Bought),
        ]
    }

    // Duel hooks: the third step within a foe's zone on one move offers it a free hit.
    fn stepped(&self, b: &mut Battle, u: UnitId, _from: Cell, _to: Cell) {
        if !self.hooks {
            return;
        }
        let foes: Vec<UnitId> = b
            .units()
            .filter(|&r| b.alive(r) && b.enemies(r, u))
            .collect();
        for r in foes.into_iter().rev() {
            let steps = b.steps_within(u, r);
            if steps == 3 && b.threatens(r, b.pos(u)) {
                b.push_frame(Frame::Offer {
                    reactor: r,
                    trigger: Trigger::WithinZone { mover: u, steps },
                    to: None,
                });
            }
        }
    }

    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<skirmish_rules::engine::Interception> {
        Vec::new()
    }

    // Duel hooks: one cell farther than the weapon for a unit with the feat "Reach".
    fn threat_reach(&self, b: &Battle, u: UnitId, reach: u32) -> u32 {
        if self.hooks && reach > 0 && b.has_feat(u, "Reach") {
            reach + 1
        } else {
            reach
        }
    }

    fn cannot_threaten(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    fn may_react_to(&self, _b: &Battle, _r: UnitId, _mover: UnitId) -> bool {
        false
    }

    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    fn max_range_increments(&self) -> Option<u32> {
        Some(10)
    }

    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<Slot>,
    ) -> Result<AttackPlan, Illegal> {
        if self.plus && b.has(u, ConditionKind::Prone) {
            return Err(prone(b, u));
        }
        // Duel hooks: the Move action may attack too.
        let pays = match slot {
            None | Some(Slot::Standard) => Slot::Standard,
            Some(Slot::Move) if self.hooks => Slot::Move,
            Some(_) => {
                return Err(Illegal::Cannot {
                    unit: b.name(u).into(),
                    why: "in a duel only the Standard action attacks".into(),
                });
            }
        };
        if b.slots(u, pays) == 0 {
            let name = if pays == Slot::Move {
                "Move"
            } else {
                "Standard"
            };
            return Err(no_slot(b, u, "an attack", name));
        }
        let weapon = b.weapon_for(u, target, weapon)?;
        Ok(AttackPlan {
            weapon,
            pay: vec![Event::spent(u, Pool::Slot(pays), 1, Spend::Attack)],
            kind: AttackKind::Normal,
        })
    }

    // Duel plus: every aim (the centre mass +1 to hit, a vital spot −2 to hit and +2
    // damage; the others only ride on the hit).
    fn aims(&self) -> &'static [skirmish_rules::engine::Aim] {
        use skirmish_rules::engine::Aim::*;
        if self.plus {
            &[Vital, Legs, Arms, Senses, CentreMass]
        } else {
            &[]
        }
    }

    fn resolve_attack(
        &self,
        b: &mut Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        effect: HitEffect,
    ) -> Result<(), ForcedFaceError> {
        let (bonus, ac) = attack_numbers(b, attacker, target);
        let roll = b.roll(DiceExpr::new(1, 20))?;
        let face = roll.faces[0];
        let total_ac = ac.iter().map(|m| m.value).sum();
        let aim = match effect {
            HitEffect::Aimed(skirmish_rules::engine::Aim::CentreMass) => 1,
            HitEffect::Aimed(skirmish_rules::engine::Aim::Vital) => -2,
            _ => 0,
        };
        let out = outcome(face, bonus.value + aim, total_ac);
        let mut roll = roll.with(bonus);
        if aim != 0 {
            roll = roll.with(Modifier::new(ModKind::Other, "aimed", aim));
        }
        let mut effect = effect;
        // Duel plus: the crit chain is rolled with the attack (its event comes first).
        if self.plus && face == 20 && b.roll_chain(attacker, ChainKind::Critical, &CHAIN)? >= 2 {
            effect = HitEffect::Slay;
        }
        b.emit_attack(
            attacker, target, weapon, kind, effect, roll, total_ac, out, ac,
        );
        // Duel hooks: attacking gives a hidden unit away.
        if self.hooks && b.hidden(attacker) {
            b.emit(Event::Revealed {
                unit: attacker,
                by: None,
            });
        }
        if self.plus && face == 1 {
            let tragedy = b.roll_chain(attacker, ChainKind::Fumble, &CHAIN)?;
            let adjacent = b.grid().distance(b.pos(attacker), b.pos(target)) <= 1;
            if adjacent && tragedy >= 2 {
                let weapon = b.best_melee(target, 1).unwrap_or(0);
                b.push_frame(Frame::Damage {
                    hit: Hit {
                        attacker: target,
                        target: attacker,
                        weapon,
                        kind: AttackKind::Reaction,
                        level: Outcome::Critical,
                        natural: 0,
                        effect: HitEffect::Slay,
                    },
                    mult: 1,
                });
            } else if adjacent {
                b.push_frame(Frame::Offer {
                    reactor: target,
                    trigger: Trigger::Fumbled { attacker, tragedy },
                    to: None,
                });
            }
        }
        Ok(())
    }

    // No defences: a hit goes straight to damage, dice doubled on a natural 20 (and
    // doubled again after one step of a duel-plus crit chain).
    fn hit(&self, b: &mut Battle, hit: Hit) {
        let mut mult = if hit.level == Outcome::Critical { 2 } else { 1 };
        if self.plus && hit.natural == 20 {
            let steps = b.log().iter().rev().find_map(|l| match l.event {
                Event::Chain { unit, steps, .. } if unit == hit.attacker => Some(steps),
                _ => None,
            });
            if steps == Some(1) {
                mult = 4;
            }
        }
        // Duel hooks: a target with an ally beside it, and that ally, declare first
        // (the target a Dodge, the ally a free hit on the attacker); the answers resolve
        // before the damage, free hits first.
        let allies: Vec<UnitId> = b
            .units()
            .filter(|&a| {
                a != hit.target
                    && b.alive(a)
                    && !b.enemies(a, hit.target)
                    && b.grid().distance(b.pos(a), b.pos(hit.target)) == 1
            })
            .collect();
        let declare = self.hooks && !allies.is_empty() && hit.kind == AttackKind::Normal;
        let trigger = Trigger::IncomingAttack {
            attacker: hit.attacker,
            target: hit.target,
            level: hit.level,
            melee: true,
            reaction_chain: false,
        };
        let mut reactors = vec![hit.target];
        reactors.extend(allies);
        b.push_frame(Frame::Damage { hit, mult });
        if declare {
            b.push_frame(Frame::Declare {
                trigger,
                reactors,
                declared: Vec::new(),
            });
        }
    }

    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        let Some(w) = b.weapons(hit.attacker).get(hit.weapon) else {
            return Ok(None);
        };
        let roll = b.roll(w.damage.multiplied(mult as u32))?;
        Ok(Some(
            if hit.effect == HitEffect::Aimed(skirmish_rules::engine::Aim::Vital) {
                roll.with(Modifier::new(ModKind::Other, "vital spot", 2))
            } else {
                roll
            },
        ))
    }

    // Duel plus: Block, knowing the amount, with the reaction left.
    fn damage_answers(&self, b: &Battle, hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        let again = self.hooks && b.used_against(hit.target, hit.attacker, Per::Round);
        (self.plus && b.rp(hit.target) > 0 && !again).then(|| vec![ReactionKind::Block])
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        let amount = roll.total.max(0);
        let hp_after = b.hp(hit.target) - amount;
        b.emit(Event::Damage {
            unit: hit.target,
            source: Some(hit.attacker),
            roll,
            amount,
            hp_after,
        });
        down_if_out(b, hit.target);
    }

    fn odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        _kind: AttackKind,
        words: bool,
    ) -> AttackOdds {
        let (bonus, ac) = attack_numbers(b, attacker, target);
        let total_ac: i32 = ac.iter().map(|m| m.value).sum();
        let hits = (1..=20)
            .filter(|&f| outcome(f, bonus.value, total_ac) != Outcome::Failure)
            .count();
        let d = b
            .weapons(attacker)
            .get(weapon)
            .map_or(DiceExpr::new(0, 1), |w| w.damage);
        let crit = d.multiplied(2);
        AttackOdds {
            hit: hits as f64 / 20.0,
            crit: 1.0 / 20.0,
            damage: (d.min(), d.max()),
            crit_damage: (crit.min(), crit.max()),
            detail: if words {
                format!("d20 {:+} vs AC {total_ac}", bonus.value)
            } else {
                String::new()
            },
            stopped: 0.0,
            dists: None,
        }
    }

    // The weapon's dice; a natural 20 rolls them twice.
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        _target: UnitId,
        weapon: usize,
        _kind: AttackKind,
    ) -> Option<(
        skirmish_rules::odds::Distribution,
        skirmish_rules::odds::Distribution,
    )> {
        let d = b.weapons(attacker).get(weapon)?.damage;
        Some((
            skirmish_rules::odds::Distribution::of(d)?,
            skirmish_rules::odds::Distribution::of(d.multiplied(2))?,
        ))
    }

    fn next_attack_kind(&self, _b: &Battle, _u: UnitId) -> AttackKind {
        AttackKind::Normal
    }

    // Duel plus: Stand Up, at any time.
    fn out_of_turn(&self, _b: &Battle, _u: UnitId, a: &Action) -> bool {
        self.plus && *a == CommonAction::StandUp.into()
    }

    // The engine refuses another ruleset's actions with nothing added.
    fn instead_of(&self, _a: &Action) -> &'static str {
        ""
    }

    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        if self.plus && *a == CommonAction::StandUp.into() {
            if !b.has(u, ConditionKind::Prone) {
                return Err(Illegal::Cannot {
                    unit: b.name(u).into(),
                    why: "it is not prone".into(),
                });
            }
            if b.current() == Some(u) && b.slots(u, Slot::Move) == 0 {
                return Err(no_slot(b, u, "Stand Up", "Move"));
            }
            // Duel hooks: on another's turn, on the credit of the next turn's Move.
            if self.hooks && b.current() != Some(u) {
                b.may_owe(u, Pool::Slot(Slot::Move), 1)?;
            }
            return Ok(());
        }
        // Duel hooks: casting takes the Standard action (the engine checked the targets).
        if self.hooks && matches!(a, Action::Common(CommonAction::Cast { .. })) {
            if b.slots(u, Slot::Standard) == 0 {
                return Err(no_slot(b, u, "Cast", "Standard"));
            }
            return Ok(());
        }
        Err(Illegal::NoSuchAction {
            ruleset: NAME,
            action: a.name(),
            instead: "",
        })
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        self.check_action(b, u, &a)?;
        if let Action::Common(CommonAction::Cast { ability, at }) = a {
            b.emit(Event::spent(u, Pool::Slot(Slot::Standard), 1, Spend::Cast));
            b.queue_cast(u, ability, at, false, Vec::new());
            return Ok(());
        }
        if b.current() == Some(u) {
            b.emit(Event::Spent {
                unit: u,
                pool: Pool::Slot(Slot::Move),
                amount: 1,
                on: Spend::StandUp,
                left: 0,
            });
        } else if self.hooks {
            b.emit(Event::Owed {
                unit: u,
                pool: Pool::Slot(Slot::Move),
                amount: 1,
            });
        }
        b.emit(Event::ConditionRemoved {
            unit: u,
            kind: ConditionKind::Prone,
            source: None,
        });
        Ok(())
    }

    // Duel plus: a free hit after a fumble, with the reaction left.
    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        _to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        if let Trigger::IncomingAttack {
            attacker, target, ..
        } = trigger
        {
            let kind = if reactor == *target {
                ReactionKind::Dodge
            } else {
                ReactionKind::FreeHit
            };
            let near = b.grid().distance(b.pos(reactor), b.pos(*attacker)) == 1;
            let can = self.hooks
                && b.alive(reactor)
                && b.rp(reactor) > 0
                && (kind == ReactionKind::Dodge || near);
            return can.then(|| vec![kind]);
        }
        // Duel hooks: a spell about to land may be countered, per target, with a reaction.
        if let Trigger::SpellLanding { .. } = trigger {
            return (self.hooks && b.alive(reactor) && b.rp(reactor) > 0)
                .then(|| vec![ReactionKind::Counterspell]);
        }
        let free = match trigger {
            Trigger::Fumbled { .. } => true,
            Trigger::WithinZone { mover, .. } => {
                self.hooks && !b.used_against(reactor, *mover, Per::Round)
            }
            _ => false,
        };
        let cost = self.reaction_cost(b, trigger, ReactionKind::FreeHit);
        (self.plus && free && b.alive(reactor) && b.affords(reactor, &cost))
            .then(|| vec![ReactionKind::FreeHit])
    }

    // Duel plus: Block takes up to 2 skill dice on top of its Reaction; duel hooks: and
    // up to 2 cells of unspent movement more (a second part, "dig in"; alone, both).
    fn commit_range(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<CommitPart> {
        let block =
            matches!(w.trigger, Trigger::IncomingDamage { .. }) && kind == ReactionKind::Block;
        if !(self.plus && block) {
            return Vec::new();
        }
        let mut parts = vec![CommitPart {
            label: "Block",
            pools: vec![Pool::SkillDice],
            max: 2.min(b.pool(w.reactor, Pool::SkillDice).max(0) as u32),
            alone_least: 0,
        }];
        if self.hooks {
            parts.push(CommitPart {
                label: "Dig In",
                pools: vec![Pool::Movement],
                max: 2,
                // Digging in alone takes both cells (the core's `alone_least`).
                alone_least: 2,
            });
        }
        parts
    }

    // Duel hooks: a Block takes at most 3 in all, skill dice and Dig In cells together:
    // a limit on the sum of two parts, which each part's own most cannot say (the shape
    // of counters' "1+ SD, or 10+ ft of unspent movement").
    fn check_answer(
        &self,
        b: &Battle,
        w: &Window,
        kind: Option<ReactionKind>,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        let total: u32 = commits.iter().map(|c| c.amount).sum();
        if self.hooks && kind == Some(ReactionKind::Block) && total > 3 {
            return Err(Illegal::Cannot {
                unit: b.name(w.reactor).into(),
                why: format!("a Block takes at most 3 skill dice and cells in all, not {total}"),
            });
        }
        Ok(())
    }

    // Duel hooks: free hits resolve before everything else declared with them.
    fn resolve_order(&self, kind: ReactionKind) -> u32 {
        u32::from(kind != ReactionKind::FreeHit)
    }

    // Duel plus: Block takes half the coming damage, 2 less for each die or cell.
    fn answer_odds(
        &self,
        _b: &Battle,
        w: &Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Option<f64> {
        let Trigger::IncomingDamage { amount, .. } = w.trigger else {
            return None;
        };
        if !self.plus || kind != ReactionKind::Block {
            return None;
        }
        let half = amount.max(0) / 2;
        let commit: i32 = commits.iter().map(|c| c.amount as i32).sum();
        Some(f64::from((half - 2 * commit).max(0)))
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        commits: &[Commit],
    ) -> Result<(), Illegal> {
        let commit: u32 = commits.iter().map(|c| c.amount).sum();
        match (kind, &w.trigger) {
            // Duel hooks: a declared Dodge does nothing but say so (its place in the
            // order is what the tests read); an ally's free hit strikes the attacker.
            (ReactionKind::Dodge, Trigger::IncomingAttack { .. }) => Ok(()),
            (
                ReactionKind::Counterspell,
                Trigger::SpellLanding {
                    caster, ability, ..
                },
            ) => {
                b.cancel_effects(*caster, *ability, w.reactor);
                Ok(())
            }
            (ReactionKind::FreeHit, Trigger::IncomingAttack { attacker, .. }) => {
                if let Some(weapon) = b.best_melee(w.reactor, 1) {
                    b.push_frame(Frame::Attack {
                        attacker: w.reactor,
                        target: *attacker,
                        weapon,
                        kind: AttackKind::Reaction,
                        effect: HitEffect::Damage,
                    });
                }
                Ok(())
            }
            (ReactionKind::FreeHit, Trigger::WithinZone { mover, .. }) => {
                b.emit(Event::Marked {
                    unit: w.reactor,
                    once: Once::Pair {
                        other: *mover,
                        per: Per::Round,
                    },
                });
                let d = b.grid().distance(b.pos(w.reactor), b.pos(*mover));
                if let Some(weapon) = b.best_melee(w.reactor, d) {
                    b.push_frame(Frame::Attack {
                        attacker: w.reactor,
                        target: *mover,
                        weapon,
                        kind: AttackKind::Reaction,
                        effect: HitEffect::Damage,
                    });
                }
                Ok(())
            }
            (ReactionKind::FreeHit, Trigger::Fumbled { attacker, .. }) => {
                if let Some(weapon) = b.best_melee(w.reactor, 1) {
                    b.push_frame(Frame::Attack {
                        attacker: w.reactor,
                        target: *attacker,
                        weapon,
                        kind: AttackKind::Reaction,
                        effect: HitEffect::Damage,
                    });
                }
                Ok(())
            }
            (ReactionKind::Block, Trigger::IncomingDamage { attacker, .. }) => {
                if self.hooks {
                    b.emit(Event::Marked {
                        unit: w.reactor,
                        once: Once::Pair {
                            other: *attacker,
                            per: Per::Round,
                        },
                    });
                }
                for f in w.on_decline {
                    let Frame::DealDamage { hit, roll } = f else {
                        continue;
                    };
                    let full = roll.total.max(0);
                    let mut roll = roll.with(Modifier::new(
                        ModKind::Other,
                        "blocked: half",
                        full / 2 - full,
                    ));
                    if commit > 0 {
                        let cut = (2 * commit as i32).min(roll.total.max(0));
                        roll =
                            roll.with(Modifier::new(ModKind::Other, "skill dice committed", -cut));
                    }
                    b.push_frame(Frame::DealDamage { hit, roll });
                }
                Ok(())
            }
            _ => Err(Illegal::NoWindow),
        }
    }

    fn frame(&self, _b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        Err(Illegal::Cannot {
            unit: NAME.into(),
            why: format!("the engine queued a frame the duel does not know: {frame:?}"),
        })
    }

    // No reaction is ever offered; one would cost the (empty) pool's 1.
    fn reaction_cost(&self, _b: &Battle, trigger: &Trigger, _kind: ReactionKind) -> Cost {
        match trigger {
            // Duel hooks: a tragedy's free hit costs no reaction.
            Trigger::Fumbled { tragedy, .. } if self.hooks && *tragedy >= 1 => Cost::free(),
            // Duel hooks: a counterspell costs a reaction, a skill die or 2 cells of
            // unspent movement, the answer's choice (its commits name the alternative;
            // none: the first affordable).
            Trigger::SpellLanding { .. } if self.hooks => Cost::of(Pool::Reaction, 1)
                .or(Pool::SkillDice, 1)
                .or(Pool::Movement, 2),
            _ => Cost::of(Pool::Reaction, 1),
        }
    }

    fn defence_chance(&self, _b: &Battle, _r: UnitId, _hit: &Hit, _kind: ReactionKind) -> f64 {
        0.0
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#']
    }

    fn refused_condition(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }

    // The duel claims no condition (it plays Prone and Bleeding, from the level).
    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[]
    }

    fn budget_violations(&self, b: &Battle, u: UnitId) -> Vec<String> {
        [Slot::Standard, Slot::Move]
            .into_iter()
            .filter(|&s| b.slots(u, s) > 1)
            .map(|s| format!("{} has {} {s:?} actions", b.name(u), b.slots(u, s)))
            .collect()
    }

    /// The die of bleeding condition `c` on `u` at the end of its turn (escalation: the
    /// amount the power that laid it lists); [`Ruleset::bleed_dice`] unless overridden.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &skirmish_rules::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    /// Does `u`, down, still take its turns (escalation: a dead PC Fights in Spirit while
    /// its side fights on)? Its commands are then the ruleset's to allow.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    /// The roll of `u`'s save against its "save ends" condition `kind` at the end of its
    /// turn (the engine compares the total with the condition's number). The default is
    /// a plain d20; escalation rolls 3d6 with its Advantage and Disadvantage dice.
    fn save_roll(
        &self,
        b: &mut Battle,
        _u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        b.roll(DiceExpr::new(1, 20))
    }

    // What casting costs and which checks it needs are the ruleset's `check_action` and
    // `perform` on `CommonAction::Cast`; these are what the engine asks while a casting
    // resolves. The defaults suit a ruleset without magic.

    /// The chance an ability's attack or save lands on `target` (1 for an automatic
    /// one): the number the preview shows and the AI weighs, from the same check the
    /// resolver rolls.
    fn ability_chance(
        &self,
        _b: &Battle,
        _caster: UnitId,
        _target: UnitId,
        _ability: usize,
    ) -> f64 {
        1.0
    }

    /// `target` saves against `caster`'s ability `ability`: roll it (log `Check` events)
    /// and say whether it saved (`None`: the ruleset goes on with frames of its own).
    fn ability_save(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _target: UnitId,
        _stat: skirmish_rules::components::Stat,
        _dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        Ok(Some(false))
    }

    /// Typed damage on `target` (energy resistance and weakness): the roll with its
    /// modifiers added. The default changes nothing.
    fn typed_damage(&self, _b: &Battle, _target: UnitId, _kind: &str, roll: Roll) -> Roll {
        roll
    }

    /// May healing bring `u`, who is down (not dead), back (tactical-d20's dying)?
    fn revives(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    /// `u` was healed by `roll` (the `Healed` event is out): what healing also does
    /// (tactical-d20: stops bleeding, brings a dying unit back).
    fn healed(&self, _b: &mut Battle, _u: UnitId, _roll: Roll) {}

    /// Reactions hurt the caster by `damage` while it cast: is the casting lost? (rolls
    /// what it needs.) flow: never ("reaction attacks do not disrupt the spell").
    fn cast_disrupted(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
    }

    /// The chance a reaction to a casting works (tactical-d20's Counterspell: caster
    /// level against the Spell DC), for the reaction prompt; `None`: nothing is rolled.
    fn cast_reaction_chance(
        &self,
        _b: &Battle,
        _reactor: UnitId,
        _trigger: &skirmish_rules::event::Trigger,
        _kind: ReactionKind,
    ) -> Option<f64> {
        None
    }

    fn dicey_moves(&self) -> bool {
        false
    }
}

impl View for Duel {
    // The duel's prompts need no rule words beyond the window's.
    fn prompt_rule(&self, _b: &Battle, _w: &Window) -> Option<String> {
        None
    }

    fn reaction_note(&self, _b: &Battle, _w: &Window, _kind: ReactionKind) -> Option<String> {
        None
    }

    fn reaction_does(&self, b: &Battle, w: &Window, kind: ReactionKind) -> String {
        format!("{} answers with {kind}", b.name(w.reactor))
    }

    fn budget_line(&self, b: &Battle, u: UnitId) -> String {
        format!(
            "Standard {} · Move {}",
            b.slots(u, Slot::Standard),
            b.slots(u, Slot::Move)
        )
    }

    fn turn_budget_words(&self, _pools: &[(Pool, i32)]) -> String {
        "Standard, Move".into()
    }

    fn cost_words(&self, _b: &Battle, cmd: &Command) -> Result<String, String> {
        match cmd {
            Command::Attack { .. } => Ok("Standard".into()),
            Command::Move { .. } => Ok("Move".into()),
            Command::Act { .. } => Err("a duel has no special actions".into()),
            _ => Ok(String::new()),
        }
    }

    fn actions(&self) -> &'static [ActionSpec] {
        &[]
    }

    fn choice(&self, _b: &Battle, _cmd: &Command) -> Option<Choice> {
        None
    }

    fn cannot_pay(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<String> {
        None
    }

    fn window_words(&self) -> &'static WindowWords {
        &WindowWords {
            clicks: "Click a cell to move (Move action), an enemy to attack (Standard).",
            draw: "Draw",
            sheathe: "Sheathe",
        }
    }

    fn gauges(&self, b: &Battle, u: UnitId) -> Vec<Gauge> {
        [Slot::Standard, Slot::Move]
            .into_iter()
            .map(|s| Gauge::Pips {
                label: if s == Slot::Standard {
                    "Standard"
                } else {
                    "Move"
                },
                count: b.slots(u, s) as i32,
                tone: Tone::Action,
            })
            .collect()
    }

    fn move_price(&self, _b: &Battle, _u: UnitId, _cost: u32) -> String {
        "a Move action".into()
    }

    fn attack_price(&self, b: &Battle, u: UnitId) -> AttackPrice {
        if b.slots(u, Slot::Standard) > 0 {
            AttackPrice::Pays("Standard action".into())
        } else {
            AttackPrice::Cannot("no Standard action left".into())
        }
    }

    fn maneuver_chance(&self, _b: &Battle, _u: UnitId, _cmd: &Command) -> Option<(f64, String)> {
        None
    }

    fn reaction_price(&self, _kind: ReactionKind) -> String {
        "never offered".into()
    }

    fn reactions_left(&self, _b: &Battle, _u: UnitId) -> String {
        "no reactions".into()
    }

    fn condition_badge(&self, kind: ConditionKind) -> &'static str {
        ui::badge(kind)
    }

    fn check_note(
        &self,
        _p: skirmish_rules::event::CheckPurpose,
        _total: i32,
        _vs: i32,
    ) -> skirmish_rules::rulesets::CheckNote {
        skirmish_rules::rulesets::CheckNote::default()
    }

    /// A battle-wide line the window shows under the round at all times (escalation: the
    /// escalation die); empty: none.
    fn battle_line(&self, _b: &Battle) -> String {
        String::new()
    }

    /// No facing, wounds or reactions drawn on the token.
    fn token_marks(&self, _b: &Battle, _u: UnitId) -> skirmish_rules::rulesets::ui::TokenMarks {
        skirmish_rules::rulesets::ui::TokenMarks::default()
    }

    /// It rolls no crit or fumble chains.
    fn chain_meaning(&self, _kind: skirmish_rules::event::ChainKind, _steps: u32) -> String {
        String::new()
    }

    /// The dice of a save in words, for the window ("save ends (3d6 ≥ 11)"): what
    /// [`Ruleset::save_roll`] rolls before any Advantage.
    // No once-per rights of its own.
    fn once_words(&self, _once: skirmish_rules::components::Once) -> Option<String> {
        None
    }

    fn save_dice_words(&self) -> &'static str {
        "d20"
    }

    /// The price of using `u`'s ability `ability` in words ("2 AP", "Standard, 2 SQ"),
    /// for the action bar.
    fn ability_price(&self, _b: &Battle, _u: UnitId, _ability: usize) -> String {
        String::new()
    }

    /// The plain words of a condition, an action, a reaction, a terrain or a rule, as the
    /// ruleset plays it, for the window's tooltips; `None`: nothing to say (it is not
    /// part of this ruleset).
    fn explain(
        &self,
        _topic: skirmish_rules::rulesets::explain::Topic,
    ) -> Option<skirmish_rules::rulesets::explain::Explanation> {
        None
    }

    /// The ruleset's core loop for F1 help: (heading, one plain paragraph) in reading
    /// order (turn budget, attacks, defence, reactions, movement, conditions, dying).
    fn summary(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }
}

/// The duel's AI: nothing beyond the shared AI's attack, move and end of turn.
pub(crate) struct DuelAi;

impl AiTactics for DuelAi {
    // No cell costs anything to enter beyond its threats (no hazards in this ruleset).
    fn cell_risk(&self, _b: &Battle, _u: UnitId, _c: skirmish_rules::grid::Cell) -> f64 {
        0.0
    }

    // Duel plus: the dice and cells that save the most damage (a die is worth less to
    // keep than a cell of movement).
    fn commit(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<Commit> {
        ai::value::best_commits(b, w, kind, |p| if p == Pool::SkillDice { 0.5 } else { 0.6 })
    }

    // No rule of position, nothing known about an aim beyond its targets.
    fn position_factor(&self, _b: &Battle, _u: UnitId, _c: Cell, _foe: UnitId) -> f64 {
        1.0
    }

    fn position_factor_max(&self, _b: &Battle, _u: UnitId) -> f64 {
        1.0
    }

    fn aim_cost<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _i: usize,
    ) -> Option<skirmish_rules::ai::AimCost<'a>> {
        None
    }

    fn prepare_cast(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // Duel plus: stand up when prone (the duel refuses it).
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        let up = Command::Act {
            unit: u,
            action: CommonAction::StandUp.into(),
        };
        (b.has(u, ConditionKind::Prone) && b.check(&up).is_ok()).then_some(up)
    }

    // Nothing to pick up, draw or step with: the duel has no such actions.
    fn pick_up(&self, _b: &Battle, _u: UnitId) -> Option<Command> {
        None
    }

    fn draw(&self, _b: &Battle, _u: UnitId, _item: usize) -> Option<Command> {
        None
    }

    fn step_away(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Option<Command> {
        None
    }

    // `choose` answers every window.
    fn take(&self, _b: &Battle, _w: &skirmish_rules::engine::Window) -> Option<ReactionKind> {
        None
    }

    // Duel plus: always Block, always take the free hit.
    fn choose(&self, _b: &Battle, w: &skirmish_rules::engine::Window) -> Option<ReactionKind> {
        w.options.first().copied()
    }

    fn before_attack(&self, _b: &Battle, _u: UnitId, _t: UnitId, _plain: f64) -> Option<Command> {
        None
    }

    fn close_in(
        &self,
        _b: &Battle,
        _u: UnitId,
        _foes: &[UnitId],
        _values: &std::collections::BTreeMap<UnitId, f64>,
        _helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        None
    }

    fn support(&self, _b: &Battle, _u: UnitId, _foes: &[UnitId]) -> Option<Command> {
        None
    }

    // There is none: the shared AI ends the turn instead.
    fn brace(&self) -> Option<Action> {
        None
    }

    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        let standard = b.slots(u, Slot::Standard) > 0;
        Box::new(move |_| standard)
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

/// (STR modifier, duel AC) by unit, from the scores in `data/tactical-d20.ron`, worked
/// out by hand: fighter STR 16 DEX 12, rogue STR 10 DEX 17, ogre STR 21 DEX 8, wolf
/// STR 13 DEX 15.
fn sheet(name: &str) -> (i32, i32) {
    match name {
        "Corwin" => (3, 11),
        "Tamsin" => (0, 13),
        "Grub" => (5, 9),
        "Fang" => (1, 12),
        other => panic!("no sheet for {other}"),
    }
}

/// Damage dice by weapon name (`data/tactical-d20.ron`).
fn weapon_dice(name: &str) -> DiceExpr {
    match name {
        "longsword" | "bite" => DiceExpr::new(1, 8),
        "shortsword" | "shortbow" => DiceExpr::new(1, 6),
        "greataxe" => DiceExpr::new(1, 12),
        other => panic!("no dice for {other}"),
    }
}

pub(crate) const MAX_COMMANDS: usize = 400;

fn d20(face: u32, name: &'static str, v: i32) -> Roll {
    Roll::from_faces(DiceExpr::new(1, 20), vec![face]).with(Modifier::new(ModKind::Skill, name, v))
}

fn ac_mods(dex: i32) -> Vec<Modifier> {
    vec![
        Modifier::new(ModKind::Other, "base", 10),
        Modifier::new(ModKind::Skill, "DEX mod", dex),
    ]
}

fn attack_cmd(unit: UnitId, target: UnitId, slot: Option<Slot>) -> Command {
    Command::Attack {
        unit,
        target,
        weapon: None,
        slot,
        aim: None,
    }
}

/// Submit a command that must be refused; nothing may change (log, dice, whose turn).
fn refused(b: &mut Battle, cmd: Command) -> Illegal {
    let log = b.log().to_vec();
    let (status, dice) = (b.status(), b.forced_dice_left());
    let checked = b.check(&cmd).expect_err("check refuses it");
    let e = b.submit(cmd).expect_err("submit refuses it");
    assert_eq!(e, checked);
    assert_eq!(b.log(), &log[..], "a refused command logs nothing");
    assert_eq!((b.status(), b.forced_dice_left()), (status, dice));
    e
}

// ---------------------------------------------------------------------------------------
// Tests

#[test]
fn the_ai_plays_duel_battles_to_a_winner_and_every_attack_is_d20_plus_str_against_10_plus_dex() {
    for kind in BOTH {
        for seed in 1..=6 {
            let mut b = duel_battle(kind, SKIRMISH, seed, &[]);
            let n = ai::play_out_with(&mut b, &DuelAi, MAX_COMMANDS);
            assert!(n < MAX_COMMANDS, "{kind:?} seed {seed}: no end in {n}");
            let Status::Ended(Some(winner)) = b.status() else {
                panic!("{kind:?} seed {seed}: {:?}", b.status());
            };

            // The same battle again, every AI command submitted by hand: none is refused
            // (so `play_out` never fell back to ending a turn) and the log is the same.
            let mut again = duel_battle(kind, SKIRMISH, seed, &[]);
            let mut m = 0;
            while let Some(cmd) = ai::decide_with(&again, &DuelAi) {
                again
                    .submit(cmd.clone())
                    .unwrap_or_else(|e| panic!("{kind:?} seed {seed}: AI's {cmd:?}: {e}"));
                m += 1;
            }
            assert_eq!((m, again.log()), (n, b.log()), "{kind:?} seed {seed}");

            let ev = since(&b, 0);
            let units: Vec<UnitId> = b.units().collect();
            // The losers are all down; the winners have someone standing.
            for &u in units.iter().filter(|&&u| b.side(u) != winner) {
                assert!(!b.alive(u), "{kind:?} seed {seed}: {} stands", b.name(u));
            }
            assert!(units.iter().any(|&u| b.side(u) == winner && b.alive(u)));
            assert_eq!(
                ev.last(),
                Some(&Event::BattleEnded {
                    winner: Some(winner)
                })
            );
            let (mut attacks, mut hits, mut moves) = (0, 0, 0);
            // Per turn: the unit, Standard and Move actions used, movement used.
            let mut turn: Option<(UnitId, u32, u32, u32)> = None;
            for (i, e) in ev.iter().enumerate() {
                match e {
                    Event::TurnStarted { unit, pools } => {
                        let of = |pool| {
                            pools
                                .iter()
                                .find(|(p, _)| *p == pool)
                                .map_or(0, |(_, n)| *n)
                        };
                        assert_eq!(
                            (of(Pool::Ap), of(Pool::Reaction)),
                            (0, 0),
                            "no AP, no reactions"
                        );
                        turn = Some((*unit, 0, 0, 0));
                    }
                    Event::Spent {
                        unit,
                        pool: Pool::Slot(slot),
                        on,
                        ..
                    } => {
                        let t = turn.as_mut().unwrap();
                        assert_eq!(*unit, t.0, "only the acting unit spends");
                        match (slot, on) {
                            (Slot::Standard, Spend::Attack) => t.1 += 1,
                            (Slot::Move, Spend::Move) => t.2 += 1,
                            other => panic!("{other:?}"),
                        }
                        assert!(t.1 <= 1 && t.2 <= 1, "{kind:?} seed {seed}: {t:?}");
                    }
                    Event::Moved { unit, cost, .. } => {
                        let t = turn.as_mut().unwrap();
                        assert_eq!(*unit, t.0);
                        t.3 += cost;
                        assert!(t.2 == 1 && t.3 <= 6, "one speed per turn: {t:?}");
                        moves += 1;
                    }
                    Event::Attack {
                        attacker,
                        target,
                        weapon,
                        kind: k,
                        roll,
                        target_number,
                        outcome,
                        ..
                    } => {
                        attacks += 1;
                        assert_eq!(*k, AttackKind::Normal);
                        let (str_mod, _) = sheet(b.name(*attacker));
                        let (_, ac) = sheet(b.name(*target));
                        assert_eq!(roll.expr, DiceExpr::new(1, 20));
                        assert_eq!(roll.faces.len(), 1);
                        let face = roll.faces[0];
                        assert_eq!(roll.total, face as i32 + str_mod, "d20 + STR mod");
                        assert_eq!(*target_number, ac, "AC = 10 + DEX mod");
                        let expect = match face {
                            20 => Outcome::Critical,
                            _ if roll.total >= ac => Outcome::Success,
                            _ => Outcome::Failure,
                        };
                        assert_eq!(*outcome, expect, "{e:?}");
                        // A hit is followed at once by its damage: the weapon's dice
                        // (twice as many on a natural 20), nothing added.
                        let next = ev.get(i + 1);
                        if *outcome == Outcome::Failure {
                            assert!(!matches!(next, Some(Event::Damage { .. })));
                            continue;
                        }
                        hits += 1;
                        let Some(Event::Damage {
                            unit,
                            source,
                            roll: dmg,
                            amount,
                            ..
                        }) = next
                        else {
                            panic!("no damage after {e:?}: {next:?}");
                        };
                        let times = if face == 20 { 2 } else { 1 };
                        assert_eq!((*unit, *source), (*target, Some(*attacker)));
                        assert_eq!(dmg.expr, weapon_dice(weapon).multiplied(times));
                        assert_eq!(*amount, dmg.total);
                        assert_eq!(dmg.total, dmg.faces.iter().sum::<u32>() as i32);
                    }
                    Event::ReactionOffered { .. }
                    | Event::Spent { pool: Pool::Ap, .. }
                    | Event::Check { .. }
                    | Event::Save { .. }
                    | Event::ConditionAdded { .. } => {
                        panic!("{kind:?} seed {seed}: not in a duel: {e:?}")
                    }
                    _ => {}
                }
            }
            assert!(
                attacks > 0 && hits > 0 && moves > 0,
                "{attacks} {hits} {moves}"
            );
            // Every Down follows the unit's last damage, at 0 HP or fewer.
            for u in units.iter().filter(|&&u| !b.alive(u)) {
                assert!(b.hp(*u) <= 0, "{} down at {} HP", b.name(*u), b.hp(*u));
            }
        }
    }
}

/// The pools a duellist's turn start refreshes: no AP, no reactions, one Standard and one
/// Move action, no movement yet.
fn duel_turn() -> Vec<(Pool, i32)> {
    vec![
        (Pool::Reaction, 0),
        (Pool::Slot(Slot::Standard), 1),
        (Pool::Slot(Slot::Move), 1),
        (Pool::Movement, 0),
    ]
}

#[test]
fn forced_dice_give_exact_duel_events_from_initiative_to_the_last_blow() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 12)"#;
    // Initiative d20: Corwin 20, Grub 1. Then, attack by attack: Corwin d20 8 (= AC 11:
    // hits), 1d8 5; Grub d20 19 (hits, no crit although a longsword's `crit_from` is
    // 19), 1d8 2; Corwin d20 20 (critical: 2d8), 4 and 3.
    let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, 8, 5, 19, 2, 20, 4, 3]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(
        since(&b, 0),
        [
            Event::BattleStarted {
                ruleset: RulesetId::TacticalD20,
                grid: GridKind::Square,
                seed: 7
            },
            Event::Initiative {
                unit: c,
                roll: d20(20, "DEX mod", 1)
            },
            Event::Initiative {
                unit: g,
                roll: d20(1, "DEX mod", 1)
            },
            Event::TurnOrder { order: vec![c, g] },
            Event::RoundStarted { round: 1 },
            Event::TurnStarted {
                unit: c,
                pools: duel_turn()
            },
        ]
    );

    let hit = |attacker, target, face, level| Event::Attack {
        attacker,
        target,
        weapon: "longsword".into(),
        kind: AttackKind::Normal,
        roll: d20(face, "STR mod", 3),
        target_number: 11,
        outcome: level,
        against: ac_mods(1),
    };
    let damage = |unit, source, roll: Roll, hp_after| Event::Damage {
        unit,
        source: Some(source),
        amount: roll.total,
        roll,
        hp_after,
    };
    let d8 = |faces: Vec<u32>| Roll::from_faces(DiceExpr::new(faces.len() as u32, 8), faces);

    let n = b.log().len();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 8, Outcome::Success),
            damage(g, c, d8(vec![5]), 7),
        ]
    );
    assert_eq!(b.current(), Some(c), "the Move action is left");

    let n = b.log().len();
    b.submit(Command::EndTurn { unit: c }).unwrap();
    b.submit(attack_cmd(g, c, Some(Slot::Standard))).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::TurnEnded { unit: c },
            Event::TurnStarted {
                unit: g,
                pools: duel_turn()
            },
            Event::Spent {
                unit: g,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(g, c, 19, Outcome::Success),
            damage(c, g, d8(vec![2]), 18),
        ]
    );

    let n = b.log().len();
    b.submit(Command::EndTurn { unit: g }).unwrap();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::TurnEnded { unit: g },
            Event::RoundEnded { round: 1 },
            Event::RoundStarted { round: 2 },
            Event::TurnStarted {
                unit: c,
                pools: duel_turn()
            },
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 20, Outcome::Critical),
            damage(g, c, d8(vec![4, 3]), 0),
            Event::Down { unit: g },
            Event::BattleEnded {
                winner: Some(SideId(0))
            },
        ]
    );
    assert_eq!(b.status(), Status::Ended(Some(SideId(0))));
    assert_eq!(b.forced_dice_left(), 0, "every forced face was rolled");

    // A total one below the AC misses: no damage, no die rolled for it.
    let mut b = duel_battle(GridKind::Hex, units, 7, &[20, 1, 7]);
    let n = b.log().len();
    b.submit(attack_cmd(c, g, None)).unwrap();
    assert_eq!(
        since(&b, n),
        [
            Event::Spent {
                unit: c,
                pool: Pool::Slot(Slot::Standard),
                amount: 1,
                on: Spend::Attack,
                left: 0
            },
            hit(c, g, 7, Outcome::Failure),
        ]
    );
}

#[test]
fn the_odds_are_the_resolver_face_by_face() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Tamsin", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
    let b = duel_battle(GridKind::Square, units, 7, &[20, 1]);
    let (c, t) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    let w = b.weapon_for(c, t, None).unwrap();
    let odds = attack_odds(&b, c, t, w, AttackKind::Normal);
    // STR +3 against AC 13: faces 10 to 20 hit.
    assert_eq!((odds.hit, odds.crit), (11.0 / 20.0, 1.0 / 20.0));
    assert_eq!((odds.damage, odds.crit_damage), ((1, 8), (2, 16)));
    assert_eq!(odds.detail, "d20 +3 vs AC 13");
    let mut hits = 0;
    for face in 1..=20 {
        let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, face, 1, 1]);
        let n = b.log().len();
        b.submit(attack_cmd(c, t, None)).unwrap();
        let ev = since(&b, n);
        let Some(Event::Attack { outcome, .. }) = ev.get(1) else {
            panic!("{ev:?}");
        };
        if *outcome != Outcome::Failure {
            hits += 1;
        }
        assert_eq!(*outcome == Outcome::Critical, face == 20, "face {face}");
    }
    assert_eq!(f64::from(hits) / 20.0, odds.hit);
}

#[test]
fn illegal_duel_commands_are_refused_and_change_nothing() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = duel_battle(GridKind::Square, units, 7, &[20, 1, 10, 3, 10, 3]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));

    // No special actions at all: neither the other rulesets' (refused by the engine)
    // nor the common ones (refused by the duel itself).
    for action in [
        Action::from(TacticalD20Action::Defend),
        FlowAction::TotalDefense.into(),
        TacticalD20Action::Step {
            to: Cell::new(3, 4),
        }
        .into(),
        TacticalD20Action::Charge {
            target: g,
            to: None,
        }
        .into(),
        CommonAction::StandUp.into(),
        CommonAction::Draw { item: 0 }.into(),
    ] {
        let name = action.name();
        let e = refused(&mut b, Command::Act { unit: c, action });
        assert_eq!(
            e,
            Illegal::NoSuchAction {
                ruleset: "duel",
                action: name,
                instead: ""
            }
        );
    }
    // Out of reach: the longsword reaches 1, Grub is 8 away (and a shield is no weapon).
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert!(matches!(e, Illegal::NoWeapon { .. }), "{e}");
    // Only the Standard action attacks.
    let e = refused(&mut b, attack_cmd(c, g, Some(Slot::Move)));
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    // One speed: 7 cells are too far, and the Standard is not traded down for more.
    let e = refused(
        &mut b,
        Command::Move {
            unit: c,
            to: Cell::new(11, 4),
        },
    );
    assert!(matches!(e, Illegal::TooFar { budget: 6, .. }), "{e}");

    // Move 3 cells: the Move action is spent, the rest of the speed lost.
    b.submit(Command::Move {
        unit: c,
        to: Cell::new(7, 4),
    })
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(7, 4));
    let e = refused(
        &mut b,
        Command::Move {
            unit: c,
            to: Cell::new(8, 4),
        },
    );
    assert_eq!(
        e,
        Illegal::NoSlot {
            unit: "Corwin".into(),
            action: "Move",
            slot: "Move"
        }
    );
    assert_eq!(b.movement_budget(c), 0);
    // Still out of reach (5 away), and the turn goes on: the Standard is left.
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert!(matches!(e, Illegal::NoWeapon { .. }), "{e}");
    assert_eq!(b.current(), Some(c));
    b.submit(Command::EndTurn { unit: c }).unwrap();

    // Grub walks up and attacks (d20 10: 13 hits AC 11, 1d8 3): both actions spent, its
    // turn ends by itself.
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(8, 4),
    })
    .unwrap();
    b.submit(attack_cmd(g, c, None)).unwrap();
    assert_eq!(b.current(), Some(c), "an exhausted turn ends");
    assert_eq!(b.hp(c), 17);
    // Not Grub's turn any more.
    let e = refused(&mut b, attack_cmd(g, c, None));
    assert!(matches!(e, Illegal::NotYourTurn { .. }), "{e}");
    // Corwin attacks once; a second attack has no Standard action to pay with.
    b.submit(attack_cmd(c, g, None)).unwrap();
    let e = refused(&mut b, attack_cmd(c, g, None));
    assert_eq!(
        e,
        Illegal::NoSlot {
            unit: "Corwin".into(),
            action: "an attack",
            slot: "Standard"
        }
    );
    // Nothing is ever offered, so there is nothing to answer.
    let e = refused(
        &mut b,
        Command::React {
            unit: g,
            choice: None,
            commit: 0,
            commits: Vec::new(),
        },
    );
    assert_eq!(e, Illegal::NoWindow);
}

#[test]
fn the_same_seed_plays_the_same_duel_and_other_seeds_differ() {
    let play = |seed| {
        let mut b = duel_battle(GridKind::Hex, SKIRMISH, seed, &[]);
        ai::play_out_with(&mut b, &DuelAi, MAX_COMMANDS);
        assert!(matches!(b.status(), Status::Ended(Some(_))));
        b.log().to_vec()
    };
    for seed in [3, 11] {
        assert_eq!(play(seed), play(seed), "seed {seed}");
    }
    let mut logs: Vec<_> = (1..=4).map(play).collect();
    logs.sort_by_key(|l| format!("{l:?}"));
    logs.dedup();
    assert_eq!(logs.len(), 4, "each seed plays its own battle");
}
