//! The duel's attacks, damage and actions (Stand Up, Cast): the bodies of its
//! `Ruleset` methods of those names (`rules.rs` calls them).

use skirmish_rules::battle::Battle;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::dice::{DiceExpr, ForcedFaceError, ModKind, Modifier, Roll};
use skirmish_rules::engine::{Action, CommonAction, Frame, Hit, HitEffect, Illegal};
use skirmish_rules::event::{AttackKind, ChainKind, Event, Outcome, Spend, Trigger};
use skirmish_rules::rulesets::{AttackOdds, AttackPlan, Ruleset};

use super::{CHAIN, Duel, NAME, attack_numbers, down_if_out, no_slot, outcome, prone};

impl Duel {
    pub(super) fn duel_plan_attack(
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

    pub(super) fn duel_resolve_attack(
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
    pub(super) fn duel_hit(&self, b: &mut Battle, hit: Hit) {
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

    pub(super) fn duel_roll_damage(
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

    pub(super) fn duel_deal_damage(&self, b: &mut Battle, hit: Hit, roll: Roll) {
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

    pub(super) fn duel_odds(
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

    pub(super) fn duel_check_action(
        &self,
        b: &Battle,
        u: UnitId,
        a: &Action,
    ) -> Result<(), Illegal> {
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

    pub(super) fn duel_perform(&self, b: &mut Battle, u: UnitId, a: Action) -> Result<(), Illegal> {
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
}
