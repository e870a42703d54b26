//! flow's answers to the [`Ruleset`] trait: what the engine, the AI and the window ask.

use bevy_ecs::world::EntityWorldMut;

use crate::abilities::Resolve;
use crate::battle::{Battle, SetupError};
use crate::components::{ConditionKind, Cost, Pool, Pools, Refresh, Slot, Stat};
use crate::components::{Once, Stats, UnitId};
use crate::dice::{DiceExpr, ForcedFaceError, Roll};
use crate::engine::{Action, CommonAction, Frame, Hit, HitEffect, Illegal, RulesetFrame, Window};
use crate::event::{AttackKind, CheckPurpose, Event, Gain, Outcome, ReactionKind, Spend, Trigger};
use crate::grid::Cell;
use crate::odds::Distribution;
use crate::rulesets::{AttackOdds, AttackPlan, InitiativeRule, Ruleset, list_mods, one_mod};

use super::FlowFrame;

/// One of flow's own frames, if `f` is one.
fn own(f: &Frame) -> Option<&FlowFrame> {
    match f {
        Frame::Ruleset(RulesetFrame::Flow(f)) => Some(f),
        _ => None,
    }
}

/// Seed 002, "Round Resolution Cheat Sheet".
pub struct Flow;

/// Give the combat-start FP to every unit `which` picks.
fn grant_start_fp(b: &mut Battle, which: impl Fn(&Battle, UnitId) -> bool) {
    for u in b.units().collect::<Vec<_>>() {
        if which(b, u) {
            b.emit(Event::refilled(
                u,
                Pool::FlowPoints,
                super::FP_START,
                Gain::Start,
            ));
        }
    }
}

impl Ruleset for Flow {
    fn id(&self) -> &'static str {
        super::ID
    }

    fn catalogue_source(&self) -> &'static str {
        include_str!("../../../data/flow.ron")
    }

    // 1d10 + Agility modifier (Agility / 10); ties: Agility, then a d10 roll-off.
    fn initiative(&self, stats: &Stats) -> InitiativeRule {
        InitiativeRule {
            dice: Some(DiceExpr::new(1, 10)),
            modifiers: one_mod("Agility mod", super::agility_mod(stats)),
            tiebreak: stats.get(Stat::Agility),
            pcs_first: false,
            rolloff: Some(DiceExpr::new(1, 10)),
        }
    }

    // 5 AP and 2 RP at the start of each turn; FP only from events.
    fn pools(&self, _stats: &Stats) -> Pools {
        Pools::new()
            .with(Pool::Ap, super::AP_PER_ROUND, Refresh::OwnTurnStart)
            .with(Pool::Reaction, super::RP_PER_TURN, Refresh::OwnTurnStart)
            .with(Pool::FlowPoints, 0, Refresh::Never)
    }

    // The surprised side starts the surprise round with 0 RP (its AP and FP are set by
    // the surprise round itself).
    fn surprised_pools(&self, pools: &mut Pools) {
        pools.set_left(Pool::Reaction, 0);
    }

    fn marks(&self, e: &Event) -> Option<(UnitId, Once)> {
        match e {
            Event::Spent {
                unit,
                pool: Pool::Ap,
                on,
                ..
            } => {
                let once = match on {
                    Spend::Step => Once::Step,
                    Spend::Feint => Once::Feint,
                    Spend::Shove => Once::Shove,
                    Spend::FlowState => Once::FlowState,
                    _ => return None,
                };
                Some((*unit, once))
            }
            Event::Refilled {
                unit,
                pool: Pool::FlowPoints,
                why: Gain::Reaction,
                ..
            } => Some((*unit, Once::ReactionFp)),
            Event::Contest {
                purpose: CheckPurpose::BreakFree,
                active,
                ..
            } => Some((*active, Once::BreakFree)),
            _ => None,
        }
    }

    fn spawn_unit(&self, _unit: &mut EntityWorldMut) {}

    fn open_battle(&self, b: &mut Battle) -> Result<(), SetupError> {
        crate::engine::roll_initiative(b, |_, _| None)?;
        Ok(())
    }

    // 2 FP at the start of combat (the surprised side gets them in round 2).
    fn before_first_round(&self, b: &mut Battle) {
        grant_start_fp(b, |b, u| !b.surprised_now(u));
    }

    // "If a trigger does not happen before the end of the round, then you may choose to
    // either continue waiting or cancel": the choice is made when readying.
    fn round_ended(&self, b: &mut Battle, _round: u32) -> Result<(), ForcedFaceError> {
        super::cancel_round_readies(b);
        Ok(())
    }

    // The surprised side gets its 2 FP at the first normal round.
    fn round_started(&self, b: &mut Battle, round: u32) {
        if round == 2 && b.level.surprise.is_some() {
            grant_start_fp(b, |b, u| b.alive(u) && b.level.surprise != Some(b.side(u)));
        }
    }

    fn takes_turn(&self, _b: &mut Battle, _u: UnitId) -> Result<bool, ForcedFaceError> {
        Ok(true)
    }

    // Keeping a grapple costs 2 AP at the start of each of the grappler's turns.
    fn turn_started(&self, b: &mut Battle, u: UnitId) {
        if b.has(u, ConditionKind::Grappling) {
            b.emit(Event::spent(
                u,
                Pool::Ap,
                super::GRAPPLE_AP,
                Spend::MaintainGrapple,
            ));
        }
    }

    // FP decay by 1 at the end of each turn, unless in Flow State. (A feint's Advantage
    // has no expiry: "your next physical attack against that target".)
    fn turn_ending(&self, b: &mut Battle, u: UnitId) {
        if b.alive(u) && !b.used(u, crate::components::Once::FlowState) && b.fp(u) > 0 {
            b.emit(Event::spent(u, Pool::FlowPoints, 1, Spend::Decay));
        }
    }

    fn exhausted(&self, b: &Battle, u: UnitId) -> bool {
        b.ap(u) <= 0
    }

    fn bleed_dice(&self) -> DiceExpr {
        super::BLEED_DAMAGE
    }

    fn after_bleed(&self, b: &mut Battle, u: UnitId, _amount: i32, hp_after: i32) {
        if hp_after <= 0 {
            b.emit(Event::Down { unit: u });
            super::end_grapple(b, u);
            super::clear_feints(b, u);
            b.check_victory();
        }
    }

    fn may_move(&self, b: &Battle, u: UnitId) -> Result<(), Illegal> {
        super::may_move(b, u)
    }

    fn movement_budget(&self, b: &Battle, u: UnitId) -> u32 {
        let t = b.turn_state(u);
        let buyable =
            (super::MAX_MOVE_AP.saturating_sub(t.move_ap_spent)).min(b.ap(u).max(0) as u32);
        b.move_left(u) + buyable * super::move_per_ap(b, u)
    }

    // Difficult ground costs what the terrain says (2) for everyone.
    fn difficult_cost(&self, _b: &Battle, _mover: UnitId) -> u32 {
        crate::level::Terrain::Difficult.cost().unwrap_or(2)
    }

    fn buy_movement(&self, b: &Battle, u: UnitId, cost: u32) -> Vec<Event> {
        let left = b.move_left(u);
        if cost <= left {
            return Vec::new();
        }
        let per_ap = super::move_per_ap(b, u);
        let ap = (cost - left).div_ceil(per_ap) as i32;
        vec![
            Event::spent(u, Pool::Ap, ap, Spend::Move),
            Event::refilled(u, Pool::Movement, ap * per_ap as i32, Gain::Bought),
        ]
    }

    fn stepped(&self, b: &mut Battle, u: UnitId, from: Cell, to: Cell) {
        super::readied_triggers(b, u, from, to);
    }

    // None: flow's intercepts are of attacks (`intercept.rs`), not of movement.
    fn interceptions_along(
        &self,
        _b: &Battle,
        _mover: UnitId,
        _path: &[Cell],
    ) -> Vec<crate::engine::Interception> {
        Vec::new()
    }

    // A unit held in a grapple threatens nothing.
    // Threat reaches as far as the unit's size or melee weapon (no feat adds to it).
    fn threat_reach(&self, _b: &Battle, _u: UnitId, reach: u32) -> u32 {
        reach
    }

    fn cannot_threaten(&self, b: &Battle, u: UnitId) -> bool {
        b.has(u, ConditionKind::Grappled)
    }

    fn may_react_to(&self, _b: &Battle, _r: UnitId, _mover: UnitId) -> bool {
        true
    }

    // Any free cell the path reaches: flow has no fear that bars a destination.
    fn may_move_to(&self, _b: &Battle, _u: UnitId, _to: Cell) -> Result<(), Illegal> {
        Ok(())
    }

    // "-10 for 7-12 hexes, -20 for 13-18 hexes, etc.": the increments go on; only the
    // map and a clear line limit a shot.
    fn max_range_increments(&self) -> Option<u32> {
        None
    }

    fn plan_attack(
        &self,
        b: &Battle,
        u: UnitId,
        target: UnitId,
        weapon: Option<usize>,
        slot: Option<Slot>,
    ) -> Result<AttackPlan, Illegal> {
        if slot.is_some() {
            return Err(Illegal::Cannot {
                unit: b.name(u).into(),
                why: format!(
                    "flow pays for an attack with {} AP and has no action slots; leave out `slot`",
                    super::ATTACK_AP
                ),
            });
        }
        super::may_act(b, u)?;
        let cost = Cost::of(Pool::Ap, super::ATTACK_AP);
        let Some(pay) = b.payment(u, &cost, Spend::Attack) else {
            return Err(Illegal::NotEnoughAp {
                unit: b.name(u).into(),
                need: super::ATTACK_AP,
                have: b.ap(u),
            });
        };
        let weapon = b.weapon_for(u, target, weapon)?;
        Ok(AttackPlan {
            weapon,
            pay,
            kind: AttackKind::Normal,
        })
    }

    // The seed has no aimed attacks.
    fn aims(&self) -> &'static [crate::engine::Aim] {
        &[]
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
        super::resolve_attack(b, attacker, target, weapon, kind, effect)
    }

    // A normal attack's hit is offered to interceptors first, then the target defends.
    fn hit(&self, b: &mut Battle, hit: Hit) {
        if hit.kind == AttackKind::Normal {
            b.stack
                .push(FlowFrame::OfferIntercept { hit, from: 0 }.into());
        } else {
            b.stack.push(FlowFrame::Defend(hit).into());
        }
    }

    fn roll_damage(
        &self,
        b: &mut Battle,
        hit: &Hit,
        mult: i32,
    ) -> Result<Option<Roll>, ForcedFaceError> {
        super::roll_damage(b, hit, mult)
    }

    // The defender answers before the roll (its defences), never knowing the amount.
    fn damage_answers(&self, _b: &Battle, _hit: &Hit, _roll: &Roll) -> Option<Vec<ReactionKind>> {
        None
    }

    fn deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
        super::deal_damage(b, hit, roll)
    }

    fn odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        target: UnitId,
        weapon: usize,
        kind: AttackKind,
        words: bool,
    ) -> AttackOdds {
        let c = super::attack_check(b, attacker, target, weapon, kind);
        let adv = match c.advantage.signum() {
            1 => ", Advantage",
            -1 => ", Disadvantage",
            _ => "",
        };
        let (lo, hi) = b
            .weapons(attacker)
            .get(weapon)
            .map(|w| (w.damage.min(), w.damage.max()))
            .unwrap_or((0, 0));
        let (hit, crit) = c.success_and_critical();
        AttackOdds {
            hit,
            crit,
            damage: (lo, hi),
            crit_damage: (lo * 2, hi * 2),
            detail: if words {
                format!(
                    "roll ≤ {} on d100 ({}{adv})",
                    c.target(),
                    list_mods(&c.target_mods)
                )
            } else {
                String::new()
            },
            stopped: super::stop_chance_with(b, &c, attacker, target, weapon, kind),
            dists: None,
        }
    }

    // Damage is the weapon's roll (at least 0); a critical doubles it.
    fn damage_odds(
        &self,
        b: &Battle,
        attacker: UnitId,
        _target: UnitId,
        weapon: usize,
        _kind: AttackKind,
    ) -> Option<(Distribution, Distribution)> {
        super::hit_damage_odds(b.weapons(attacker).get(weapon)?.damage)
    }

    fn next_attack_kind(&self, _b: &Battle, _u: UnitId) -> AttackKind {
        AttackKind::Normal
    }

    // Every action waits for the unit's own turn (only reactions answer out of it).
    fn out_of_turn(&self, _b: &Battle, _u: UnitId, _a: &Action) -> bool {
        false
    }

    // What the refusal of another ruleset's action adds: flow waits with Ready Action.
    fn instead_of(&self, a: &Action) -> &'static str {
        if a.name() == "Wait" {
            "; its way of waiting is Ready Action (a trigger and a response, keeping the AP)"
        } else {
            ""
        }
    }

    // Is the special action legal now? Pure. (`acting` was checked by the caller; the
    // engine refuses another ruleset's actions before asking.)
    fn check_action(&self, b: &Battle, u: UnitId, a: &Action) -> Result<(), Illegal> {
        match a {
            Action::Common(CommonAction::Cast { ability, .. }) => {
                super::casting::check_cast(b, u, *ability)
            }
            Action::Common(c) => super::actions::check_common(b, u, c),
            Action::Flow(f) => super::check_own(b, u, f),
            other => Err(Illegal::NoSuchAction {
                ruleset: super::ID,
                action: other.name(),
                instead: self.instead_of(other),
            }),
        }
    }

    fn perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
        match a {
            Action::Common(c) => {
                super::perform::perform_common(b, u, c);
                Ok(())
            }
            Action::Flow(f) => super::perform_own(b, u, f),
            // Another ruleset's: `check` refuses them.
            _ => Ok(()),
        }
    }

    // Only reaction attacks are offered here (defences and intercepts open their own
    // windows): still there, still in reach, still able to react.
    fn offer(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &Trigger,
        _to: Option<Cell>,
    ) -> Option<Vec<ReactionKind>> {
        let still = match trigger {
            Trigger::Leaving { mover, from } => {
                b.alive(*mover)
                    && b.pos(*mover) == *from
                    && b.leave_reactors(*mover, *from).contains(&reactor)
            }
            Trigger::StandingUp { unit }
            | Trigger::FailedTumble { mover: unit }
            | Trigger::Casting { caster: unit, .. } => {
                b.alive(*unit) && b.leave_reactors(*unit, b.pos(*unit)).contains(&reactor)
            }
            _ => false,
        };
        still.then(|| vec![ReactionKind::ReactionAttack])
    }

    // The chance an ability lands on `target`: its Magic check succeeding (an attack,
    // before the target's defences), winning the contest (a save), or 1.
    fn ability_chance(&self, b: &Battle, caster: UnitId, target: UnitId, ability: usize) -> f64 {
        let Some(a) = b.ability(caster, ability) else {
            return 0.0;
        };
        match a.resolve {
            Resolve::Automatic => 1.0,
            Resolve::Attack { .. } => {
                super::spell_attack_check(b, caster, target, ability).success_chance()
            }
            Resolve::Save { stat, .. } => super::contest_chance(
                &super::magic_check(b, caster),
                &super::resist_check(b, target, stat),
            ),
        }
    }

    // A save in flow is an opposed check: the caster's Magic against the target's `stat`
    // (ties to the target). The `dc` of the data is tactical-d20's and is not read here.
    // A single-target save spell an ally of the target could intercept goes on with
    // flow's frames (`intercept::offer_save_intercept`): the same two rolls, the offer
    // between them.
    fn ability_save(
        &self,
        b: &mut Battle,
        caster: UnitId,
        ability: usize,
        target: UnitId,
        stat: Stat,
        _dc: i32,
    ) -> Result<Option<bool>, ForcedFaceError> {
        if super::intercept::offer_save_intercept(b, caster, ability, target)? {
            return Ok(None);
        }
        let a = super::magic_check(b, caster);
        let p = super::resist_check(b, target, stat);
        let won = super::maneuvers::contest(b, CheckPurpose::Resist, caster, a, target, p)?;
        Ok(Some(won.is_none()))
    }

    // No answer takes more than its price.
    fn commit_range(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
    ) -> Vec<crate::engine::CommitPart> {
        Vec::new()
    }

    // No rule across an answer's parts: what `commit_range` allows is an answer.
    fn check_answer(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: Option<ReactionKind>,
        _commits: &[crate::engine::Commit],
    ) -> Result<(), Illegal> {
        Ok(())
    }

    // Nothing here is declared before it resolves: one order for every kind.
    fn resolve_order(&self, _kind: ReactionKind) -> u32 {
        0
    }

    // No answer here weighs damage against amounts committed.
    fn answer_odds(
        &self,
        _b: &Battle,
        _w: &Window,
        _kind: ReactionKind,
        _commits: &[crate::engine::Commit],
    ) -> Option<f64> {
        None
    }

    fn answer(
        &self,
        b: &mut Battle,
        w: Window,
        kind: ReactionKind,
        _commits: &[crate::engine::Commit],
    ) -> Result<(), Illegal> {
        match (kind, w.hit) {
            (ReactionKind::ReactionAttack, _) => {
                if let Some(target) = w.trigger.provoker() {
                    let dist = b.grid().distance(b.pos(w.reactor), b.pos(target));
                    if let Some(weapon) = b.best_melee(w.reactor, dist) {
                        b.stack.push(Frame::Attack {
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
                super::resolve_defence(b, hit, kind)?;
            }
            (ReactionKind::Intercept | ReactionKind::InterceptSwap, Some(hit)) => {
                let swap = kind == ReactionKind::InterceptSwap;
                super::resolve_intercept(b, w.reactor, hit, swap, None)?;
            }
            (ReactionKind::InterceptAt { to, swap }, Some(hit)) => {
                super::resolve_intercept(b, w.reactor, hit, swap, Some(to))?;
            }
            // The target's choices: the declined continuation with the choice made.
            (ReactionKind::ResistMelee | ReactionKind::ResistAgility, _) => {
                if let Some(FlowFrame::Feint { unit, target, .. }) =
                    w.on_decline.first().and_then(own)
                {
                    let resist = if kind == ReactionKind::ResistMelee {
                        Stat::Melee
                    } else {
                        Stat::Agility
                    };
                    b.stack.push(
                        FlowFrame::Feint {
                            unit: *unit,
                            target: *target,
                            resist,
                        }
                        .into(),
                    );
                }
            }
            (ReactionKind::LandAt(cell), _) => {
                if let Some(FlowFrame::Land { unit, item, .. }) = w.on_decline.first().and_then(own)
                {
                    b.stack.push(
                        FlowFrame::Land {
                            unit: *unit,
                            item: *item,
                            cell,
                        }
                        .into(),
                    );
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn frame(&self, b: &mut Battle, frame: RulesetFrame) -> Result<(), Illegal> {
        let RulesetFrame::Flow(frame) = frame else {
            return Err(crate::engine::foreign_frame(self.id(), &frame));
        };
        match frame {
            FlowFrame::Feint {
                unit,
                target,
                resist,
            } => super::perform::feint_contest(b, unit, target, resist)?,
            FlowFrame::Land { unit, item, cell } => super::actions::land(b, unit, item, cell),
            FlowFrame::OfferIntercept { hit, from } => {
                match super::next_interceptor(b, &hit, from) {
                    Some((at, reactor, options)) => {
                        let trigger = b.incoming(&hit);
                        b.open_window(Window {
                            reactor,
                            trigger,
                            options,
                            hit: Some(hit.clone()),
                            on_decline: vec![
                                FlowFrame::OfferIntercept { hit, from: at + 1 }.into(),
                            ],
                        });
                    }
                    // Nobody (else) intercepts: the target defends, or resists a save
                    // spell.
                    None if super::is_save_hit(b, &hit) => {
                        b.stack.push(FlowFrame::Resist(hit).into())
                    }
                    None => b.stack.push(FlowFrame::Defend(hit).into()),
                }
            }
            FlowFrame::Resist(hit) => super::intercept::resist_save(b, hit)?,
            FlowFrame::EndHeldMoves => super::intercept::end_held_moves(b),
            FlowFrame::Defend(hit) => {
                let options = super::defence_options(b, &hit);
                let mult = if hit.level == Outcome::Critical { 2 } else { 1 };
                if options.is_empty() {
                    b.stack.push(Frame::Damage { hit, mult });
                } else {
                    let trigger = b.incoming(&hit);
                    b.open_window(Window {
                        reactor: hit.target,
                        trigger,
                        options,
                        hit: Some(hit.clone()),
                        on_decline: vec![Frame::Damage { hit, mult }],
                    });
                }
            }
            // A readied special action: still legal (the trigger checked it a moment
            // ago; a unit may have gone down since), then carried out.
            // A move it interrupted ends if its mover may no longer move (shoved prone,
            // grappled); a push ends it anyway (the mover is not where the path goes on).
            FlowFrame::ReadyAct { unit, action } => {
                if b.alive(unit) && super::check_own(b, unit, &action).is_ok() {
                    super::perform_own(b, unit, action)?;
                    super::intercept::end_held_moves(b);
                }
            }
        }
        Ok(())
    }

    fn reaction_cost(&self, _b: &Battle, _trigger: &Trigger, kind: ReactionKind) -> Cost {
        // Riposte and Intercept 2 RP, the rest 1; the choices a window asks for are free.
        match kind.cost() {
            0 => Cost::free(),
            n => Cost::of(Pool::Reaction, n),
        }
    }

    fn defence_chance(&self, b: &Battle, reactor: UnitId, hit: &Hit, kind: ReactionKind) -> f64 {
        super::defence_chance(b, reactor, hit, kind)
    }

    fn random_terrain(&self) -> &'static [char] {
        &['#', '~']
    }

    // flow starts a unit with any condition but another ruleset's own (refused by the
    // registry); one the cheat sheet has no rule for changes nothing (only its badge).
    fn refused_condition(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }

    // Its marks: Total Defense and a Feint's.
    fn own_conditions(&self) -> &'static [ConditionKind] {
        &[ConditionKind::TotalDefense, ConditionKind::Feinted]
    }

    fn budget_violations(&self, _b: &Battle, _u: UnitId) -> Vec<String> {
        Vec::new()
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn ongoing_dice(
        &self,
        _b: &Battle,
        _u: UnitId,
        _c: &crate::components::ActiveCondition,
    ) -> DiceExpr {
        self.bleed_dice()
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn acts_while_down(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn save_roll(
        &self,
        b: &mut Battle,
        _u: UnitId,
        _kind: ConditionKind,
    ) -> Result<Roll, ForcedFaceError> {
        b.roll(DiceExpr::new(1, 20))
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn typed_damage(&self, _b: &Battle, _target: UnitId, _kind: &str, roll: Roll) -> Roll {
        roll
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn revives(&self, _b: &Battle, _u: UnitId) -> bool {
        false
    }

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn healed(&self, _b: &mut Battle, _u: UnitId, _roll: Roll) {}

    // Stated here, not inherited: this ruleset has no rule of its own for it.
    fn cast_disrupted(
        &self,
        _b: &mut Battle,
        _caster: UnitId,
        _ability: usize,
        _damage: i32,
    ) -> Result<bool, ForcedFaceError> {
        Ok(false)
    }

    // No casting is countered here; a Feint's target resisting with a skill has the
    // chance that the Feint does not win the contest (issue 31: the prompt's odds).
    fn cast_reaction_chance(
        &self,
        b: &Battle,
        reactor: UnitId,
        trigger: &crate::event::Trigger,
        kind: ReactionKind,
    ) -> Option<f64> {
        let resist = match kind {
            ReactionKind::ResistMelee => Stat::Melee,
            ReactionKind::ResistAgility => Stat::Agility,
            _ => return None,
        };
        let Trigger::Feinted { by } = trigger else {
            return None;
        };
        let (feint, hold) = super::maneuvers::feint_checks_with(b, *by, reactor, resist);
        Some(1.0 - super::contest_chance(&feint, &hold))
    }

    fn dicey_moves(&self) -> bool {
        false
    }
}
