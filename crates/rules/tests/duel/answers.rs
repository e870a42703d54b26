//! The duel's reactions: what is offered, what may be committed, and what an answer
//! does (`Ruleset::offer`, `commit_range`, `check_answer`, `answer_odds`, `answer`).

use skirmish_rules::battle::Battle;
use skirmish_rules::components::{Once, Per, Pool, UnitId};
use skirmish_rules::dice::{ModKind, Modifier};
use skirmish_rules::engine::{Commit, CommitPart, Frame, HitEffect, Illegal, Window};
use skirmish_rules::event::{AttackKind, Event, ReactionKind, Trigger};
use skirmish_rules::grid::Cell;
use skirmish_rules::rulesets::Ruleset;

use super::Duel;

impl Duel {
    // Duel plus: a free hit after a fumble, with the reaction left.
    pub(super) fn duel_offer(
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
    pub(super) fn duel_commit_range(
        &self,
        b: &Battle,
        w: &Window,
        kind: ReactionKind,
    ) -> Vec<CommitPart> {
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
    pub(super) fn duel_check_answer(
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

    // Duel plus: Block takes half the coming damage, 2 less for each die or cell.
    pub(super) fn duel_answer_odds(
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

    pub(super) fn duel_answer(
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
}
