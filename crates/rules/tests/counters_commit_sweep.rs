//! counters (seed 000), issue 36, second pass: the AI's best Block or Parry
//! (`counters::best_counter`, memoised by a window's numbers, its search cut short when
//! what a mix keeps alone already loses) is still exactly the shared
//! `ai::value::best_commits`' pick and `Ruleset::answer_odds` of it, for every living
//! unit as the reactor and a spread of damage coming, at every window of an AI battle.
//! The memo is shared by every ask of the thread, so reactors whose pools differ only
//! where the choice cannot (an odd cell of movement, skill dice spent far below or
//! beyond the cap) meet each other's entries here.

use skirmish_rules::Battle;
use skirmish_rules::ai;
use skirmish_rules::battle::Status;
use skirmish_rules::components::Pool;
use skirmish_rules::event::{ReactionKind, Trigger};
use skirmish_rules::grid::GridKind;
use skirmish_rules::rulesets::counters;

use crate::support::repo;

/// The damage amounts weighed at each window, for each reactor.
const AMOUNTS: [i32; 7] = [0, 1, 3, 6, 9, 14, 22];

#[test]
fn every_reactor_and_amount_weighs_as_best_commits_does() {
    let l = skirmish_rules::level::load(&repo("levels/counters-ford.ron"))
        .unwrap()
        .with_grid(GridKind::Square);
    let mut b = Battle::new(l, 3, Vec::new()).unwrap();
    let (mut asks, mut committed, mut strained, mut odd_cells) = (0, 0, 0, 0);
    for _ in 0..20_000 {
        if matches!(b.status(), Status::Ended(_)) {
            break;
        }
        if let Some(w) = b
            .window()
            .filter(|w| matches!(w.trigger, Trigger::IncomingDamage { .. }))
        {
            let Trigger::IncomingDamage { attacker, .. } = w.trigger else {
                unreachable!()
            };
            for u in b.order().to_vec() {
                if !b.alive(u) {
                    continue;
                }
                odd_cells += usize::from(b.move_left(u) % 2 == 1);
                for amount in AMOUNTS {
                    let mut w = w.clone();
                    w.reactor = u;
                    w.trigger = Trigger::IncomingDamage { attacker, amount };
                    for kind in [ReactionKind::Block, ReactionKind::Parry] {
                        let want = ai::value::best_commits(&b, &w, kind, counters::worth);
                        let (got, expected) = counters::best_counter(&b, &w, kind)
                            .unwrap_or_else(|| panic!("no weighing of {kind:?}"));
                        assert_eq!(got, want, "{kind:?} of {u:?} against {amount}");
                        let again = b.rules().answer_odds(&b, &w, kind, &want).unwrap();
                        assert_eq!(expected.to_bits(), again.to_bits(), "{kind:?} {amount}");
                        asks += 1;
                        committed += usize::from(!want.is_empty());
                        let dice: u32 = want
                            .iter()
                            .filter(|c| c.pool == Pool::SkillDice)
                            .map(|c| c.amount)
                            .sum();
                        strained += usize::from(counters::strained_with(&b, u, dice as i32));
                    }
                }
            }
        }
        if ai::play_out(&mut b, 1) == 0 {
            break;
        }
    }
    // Enough asks, commitments, strained picks and odd cells to mean something.
    assert!(asks > 2_000, "{asks} asks");
    assert!(committed > 500, "{committed} commitments");
    assert!(strained > 0, "no strained mix chosen");
    assert!(odd_cells > 0, "no reactor with an odd cell of movement");
}
