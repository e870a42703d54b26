//! The pipeline: command → check (plan) → resolve (frames) → events → apply.

use super::*;
use crate::battle::Battle;
use crate::components::{ConditionKind, UnitId, WeaponKind};
use crate::event::{AttackKind, Event, Outcome, ReactionKind, Trigger};
use crate::grid::Cell;

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
        // battle goes back to where it was (`battle/rollback.rs`).
        let guard = self.guard();
        if let Err(e) = self.resolve(plan) {
            self.guard_failed(guard, before);
            return Err(e);
        }
        self.history.commands.push(cmd);
        self.history.marks.push(before);
        self.guard_passed();
        Ok(self.log.len() - before)
    }

    /// Carry out a checked command: events, frames, and running the stack.
    fn resolve(&mut self, plan: Plan) -> Result<(), Illegal> {
        match plan {
            Plan::Move { unit, path, buy } => {
                for e in buy {
                    self.emit(e);
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
                plan,
                aim,
            } => {
                for e in plan.pay {
                    self.emit(e);
                }
                self.stack.push(Frame::Attack {
                    attacker: unit,
                    target,
                    weapon: plan.weapon,
                    kind: plan.kind,
                    effect: aim.map_or(HitEffect::Damage, HitEffect::Aimed),
                });
            }
            Plan::EndTurn => end_turn(self)?,
            // The window `plan` checked the answer against: still the open one (nothing
            // has happened since), taken rather than copied when planned.
            Plan::React { choice, commits } => {
                let window = self.window.take().ok_or(Illegal::NoWindow)?;
                self.answer(window, choice, commits)?
            }
            Plan::Act { unit, action } => self.rules().perform(self, unit, action)?,
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
        if !self.alive(u) && !self.rules().acts_while_down(self, u) {
            return Err(Illegal::Down(self.name(u).into()));
        }
        Ok(())
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
                self.rules().may_move_to(self, unit, to)?;
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
                let buy = self.rules().buy_movement(self, unit, cost);
                Ok(Plan::Move { unit, path, buy })
            }
            Command::Attack {
                unit,
                target,
                weapon,
                slot,
                aim,
            } => {
                self.acting(unit)?;
                if let Some(a) = aim
                    && !self.rules().aims().contains(&a)
                {
                    return Err(Illegal::Cannot {
                        unit: self.name(unit).into(),
                        why: if self.rules().aims().is_empty() {
                            format!("{} has no aimed attacks", self.rules().id())
                        } else {
                            format!("{a:?} is no aim {} knows", self.rules().id())
                        },
                    });
                }
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
                let plan = self.rules().plan_attack(self, unit, target, weapon, slot)?;
                Ok(Plan::Attack {
                    unit,
                    target,
                    plan,
                    aim,
                })
            }
            Command::EndTurn { unit } => {
                self.acting(unit)?;
                Ok(Plan::EndTurn)
            }
            Command::React {
                unit,
                choice,
                commit,
                ref commits,
            } => {
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
                let commits = self.commitments(unit, w, choice, commit, commits)?;
                self.rules().check_answer(self, w, choice, &commits)?;
                Ok(Plan::React { choice, commits })
            }
            Command::Act { unit, ref action } => {
                let rules = self.rules();
                // Another ruleset's action is refused here, once: a ruleset only ever sees
                // the common actions and its own.
                let own = action.ruleset().is_none_or(|r| r == rules.id());
                match self.acting(unit) {
                    // Some rulesets let a unit act on another's turn (standing up on a
                    // foe's turn): then only the window, the battle's end and life count.
                    Err(Illegal::NotYourTurn { .. })
                        if own && rules.out_of_turn(self, unit, action) && self.alive(unit) => {}
                    other => other?,
                }
                if !own {
                    return Err(Illegal::NoSuchAction {
                        ruleset: rules.id(),
                        action: action.name(),
                        instead: rules.instead_of(action),
                    });
                }
                if let Action::Common(CommonAction::Cast { ability, at }) = action {
                    self.check_cast(unit, *ability, at)?;
                }
                rules.check_action(self, unit, action)?;
                Ok(Plan::Act {
                    unit,
                    action: action.clone(),
                })
            }
        }
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
                Some(u)
                    if (!self.alive(u) && !self.rules().acts_while_down(self, u))
                        || self.exhausted(u) =>
                {
                    end_turn(self)?
                }
                _ => return Ok(()),
            }
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
                    self.fall_back(unit, &path[..next]);
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
                    match self.terrain(to) {
                        crate::level::Terrain::Difficult => self.rules().difficult_cost(self, unit),
                        t => t.cost().unwrap_or(1),
                    }
                } else {
                    0
                };
                self.emit(Event::Moved {
                    unit,
                    from,
                    to,
                    cost,
                });
                self.rules().stepped(self, unit, from, to);
            }
            Frame::Offer {
                reactor,
                trigger,
                to,
            } => {
                if let Some(options) = self.rules().offer(self, reactor, &trigger, to) {
                    self.open_window(Window {
                        reactor,
                        trigger,
                        options,
                        hit: None,
                        on_decline: Vec::new(),
                    });
                }
            }
            Frame::Declare {
                trigger,
                mut reactors,
                declared,
            } => self.declare_next(trigger, &mut reactors, declared),
            Frame::Resolve { trigger, declared } => {
                let w = Window {
                    reactor: declared.reactor,
                    trigger,
                    options: vec![declared.kind],
                    hit: None,
                    on_decline: Vec::new(),
                };
                if self.alive(declared.reactor) {
                    self.resolve_answer(w, declared.kind, declared.commits)?;
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
                self.rules()
                    .resolve_attack(self, attacker, target, weapon, kind, effect)?;
            }
            Frame::Hit(hit) => self.rules().hit(self, hit),
            Frame::Cast {
                caster,
                ability,
                at,
                hp,
                countered,
            } => self.exec_cast(caster, ability, at, hp, countered)?,
            Frame::AbilitySave {
                caster,
                ability,
                target,
            } => self.exec_ability_save(caster, ability, target)?,
            Frame::Effects {
                caster,
                ability,
                target,
                landed,
                mult,
                from,
                asked,
            } => self.exec_effects(caster, ability, target, landed, mult, from, asked)?,
            Frame::Damage { hit, mult } => self.damage(hit, mult)?,
            Frame::DealDamage { hit, roll } => self.rules().deal_damage(self, hit, roll),
            // A ruleset's own frame goes to the ruleset that queues it; another ruleset's
            // is a bug, refused before the battle's ruleset sees it.
            Frame::Ruleset(f) => {
                let rules = self.rules();
                if f.ruleset() != rules.id() {
                    return Err(super::foreign_frame(rules.id(), &f));
                }
                rules.frame(self, f)?
            }
        }
        Ok(())
    }

    /// The first step of a hit's damage: roll it (or, for `HitEffect::Slay`, take every
    /// HP left), then let the target answer knowing the amount, or deal it.
    fn damage(&mut self, hit: Hit, mult: i32) -> Result<(), Illegal> {
        // An ability's hit: its effects land (damage dice times the multiplier).
        if let HitEffect::Ability(i) = hit.effect {
            self.stack.push(Frame::Effects {
                caster: hit.attacker,
                ability: i,
                target: hit.target,
                landed: true,
                mult,
                from: 0,
                asked: false,
            });
            return Ok(());
        }
        let roll = if hit.effect == HitEffect::Slay {
            let left = self.hp(hit.target).max(0);
            let none = crate::dice::DiceExpr::new(0, 1);
            crate::dice::Roll::from_faces(none, Vec::new()).with(crate::dice::Modifier::new(
                crate::dice::ModKind::Critical,
                "slain outright",
                left,
            ))
        } else {
            match self.rules().roll_damage(self, &hit, mult)? {
                Some(roll) => roll,
                None => return Ok(()),
            }
        };
        let answers = if hit.effect == HitEffect::Slay {
            None
        } else {
            self.rules().damage_answers(self, &hit, &roll)
        };
        // The roll moves into the frame that deals it (no copy of its faces).
        match answers {
            Some(options) if !options.is_empty() => {
                let amount = roll.total.max(0);
                let deal = Frame::DealDamage {
                    hit: hit.clone(),
                    roll,
                };
                self.open_window(Window {
                    reactor: hit.target,
                    trigger: Trigger::IncomingDamage {
                        attacker: hit.attacker,
                        amount,
                    },
                    options,
                    hit: Some(hit),
                    on_decline: vec![deal],
                })
            }
            _ => self.stack.push(Frame::DealDamage { hit, roll }),
        }
        Ok(())
    }

    /// Roll a crit or fumble chain (melee-zone: "roll a d4. If it lands on 4 ... roll a
    /// d6. If it lands on 6, roll a d8, and so on"): one die of each size in `dice` in
    /// turn, going on while each shows its highest face. Every face is recorded in a
    /// `Chain` event; returns how many steps succeeded.
    pub fn roll_chain(
        &mut self,
        unit: UnitId,
        kind: crate::event::ChainKind,
        dice: &[u32],
    ) -> Result<u32, crate::dice::ForcedFaceError> {
        let mut faces = Vec::new();
        let mut steps = 0;
        for &sides in dice {
            let f = self.dice.face(sides)?;
            faces.push(f);
            if f != sides {
                break;
            }
            steps += 1;
        }
        self.emit(Event::Chain {
            unit,
            kind,
            dice: dice[..faces.len()].to_vec(),
            faces,
            steps,
        });
        Ok(steps)
    }

    /// Roll dice with the battle's seeded dice (forced faces first): the dice a ruleset
    /// rolls, so every face comes from the seed and can be forced in tests.
    pub fn roll(
        &mut self,
        expr: crate::dice::DiceExpr,
    ) -> Result<crate::dice::Roll, crate::dice::ForcedFaceError> {
        self.dice.roll(expr)
    }

    /// Queue a frame to resolve next (a ruleset's `hit` queueing the damage, ...).
    pub fn push_frame(&mut self, frame: Frame) {
        self.stack.push(frame);
    }

    /// Record an attack roll and, when it succeeds, queue its hit (every ruleset).
    #[allow(clippy::too_many_arguments)]
    pub fn emit_attack(
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
        let roll_natural = roll.natural();
        let wname = match effect {
            HitEffect::Ability(i) => self
                .ability(attacker, i)
                .map(|a| a.name.clone())
                .unwrap_or_default(),
            _ => self
                .weapons(attacker)
                .get(weapon)
                .map(|w| w.name.clone())
                .unwrap_or_default(),
        };
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
        if let (HitEffect::Ability(i), false) = (&effect, outcome.is_success()) {
            // A missed ability attack: its `on_miss` effects.
            self.stack.push(Frame::Effects {
                caster: attacker,
                ability: *i,
                target,
                landed: false,
                mult: 1,
                from: 0,
                asked: false,
            });
        }
        if outcome.is_success() {
            self.stack.push(Frame::Hit(Hit {
                attacker,
                target,
                weapon,
                kind,
                level: outcome,
                natural: roll_natural,
                effect,
            }));
        }
    }

    /// The trigger of a window opened on an incoming hit.
    pub(crate) fn incoming(&self, hit: &Hit) -> Trigger {
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

    /// End the battle if at most one side has units standing (a ruleset calls it when a
    /// unit goes down).
    pub fn check_victory(&mut self) {
        // The first living unit's side, and whether any living unit is of another: no
        // list of sides to build and sort (asked after every command).
        let (first, more) = {
            let mut living = self.units().filter(|&u| self.alive(u));
            let first = living.next().map(|u| self.side(u));
            let more = first.is_some_and(|s| living.any(|u| self.side(u) != s));
            (first, more)
        };
        if !more {
            self.emit(Event::BattleEnded { winner: first });
        }
    }
}

enum Plan {
    Move {
        unit: UnitId,
        path: Vec<Cell>,
        /// The events that buy the movement.
        buy: Vec<Event>,
    },
    Attack {
        unit: UnitId,
        target: UnitId,
        plan: crate::rulesets::AttackPlan,
        aim: Option<Aim>,
    },
    EndTurn,
    /// An answer to the open window (`resolve` takes it from the battle).
    React {
        choice: Option<ReactionKind>,
        commits: Vec<Commit>,
    },
    Act {
        unit: UnitId,
        action: Action,
    },
}
