//! counters: an answer whose commitments are no way of paying for it is refused when it
//! is given (`Ruleset::check_answer`, core hook 16), by `Battle::check` as by
//! `Battle::submit`, changing nothing: "Block: 1+ SD (up to proficiency) or 10ft or more
//! of unspent movement" (a Block or Parry with nothing committed is no counter), and
//! "Counteraction: … Spend one of: 20ft of movement, 10ft movement + 1 SD".

use skirmish_rules::Battle;
use skirmish_rules::battle::Status;
use skirmish_rules::components::{Pool, UnitId};
use skirmish_rules::engine::{Command, Commit};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::Cell;

use crate::counters::{PAIR, arena, attack, counter};
use crate::counters_hazards::step;
use crate::support::{BOTH, id};

fn answer(unit: UnitId, kind: ReactionKind, commits: Vec<Commit>) -> Command {
    Command::React {
        unit,
        choice: Some(kind),
        commit: 0,
        commits,
    }
}

/// `cmd` is refused by `check` and by `submit` with `words`, and the battle is as it was.
fn refused(b: &mut Battle, cmd: Command, words: &str) {
    let before = (b.log().len(), b.status(), b.window().cloned());
    let e = b.check(&cmd).expect_err("check refuses it");
    assert!(e.to_string().contains(words), "{e}");
    let e = b.submit(cmd).expect_err("submit refuses it");
    assert!(e.to_string().contains(words), "{e}");
    assert_eq!((b.log().len(), b.status(), b.window().cloned()), before);
}

#[test]
fn a_block_or_parry_with_nothing_committed_is_refused_when_given() {
    for kind in BOTH {
        for counter_kind in [ReactionKind::Block, ReactionKind::Parry] {
            // Reaver first; its maul hits (20), 2d10 = 10 + 10 coming at the Warden.
            let mut b = arena(kind, PAIR, &[20, 1, 20, 10, 10, 3, 4]);
            let (r, w) = (id(&b, "Reaver"), id(&b, "Warden"));
            attack(&mut b, r, w);
            assert_eq!(b.status(), Status::AwaitingReaction(w));
            let offered = b.window().expect("a window").options.clone();
            assert!(offered.contains(&counter_kind), "{offered:?}");
            let pools = (b.pool(w, Pool::SkillDice), b.move_left(w));
            refused(
                &mut b,
                answer(w, counter_kind, Vec::new()),
                "takes 1 or more skill dice or 10 ft or more of unspent movement",
            );
            assert_eq!((b.pool(w, Pool::SkillDice), b.move_left(w)), pools);
            // Two dice are a counter: taken.
            counter(&mut b, w, Some(counter_kind), 2, 0);
            assert_eq!(b.pool(w, Pool::SkillDice), pools.0 - 2);
        }
    }
}

#[test]
fn a_counteraction_paid_neither_way_is_refused_when_given() {
    for kind in BOTH {
        let mut b = crate::counters_spells::spell_field(
            kind,
            crate::counters_hazards::RUN,
            crate::counters_hazards::HAZARDS,
            &[20, 5, 1, 9],
        );
        let u = id(&b, "Runner");
        step(&mut b, u, Cell::new(3, 3));
        assert_eq!(b.status(), Status::AwaitingReaction(u), "the trap springs");
        let c = |part, pool, amount| Commit { part, pool, amount };
        for mix in [
            vec![c(0, Pool::Movement, 4), c(1, Pool::SkillDice, 1)],
            vec![c(0, Pool::Movement, 3)],
            vec![c(0, Pool::Movement, 2)],
        ] {
            refused(
                &mut b,
                answer(u, ReactionKind::Counteraction, mix),
                "a Counteraction takes 20 ft of movement, or 10 ft and 1 skill die",
            );
        }
        b.check(&answer(
            u,
            ReactionKind::Counteraction,
            vec![c(0, Pool::Movement, 4)],
        ))
        .expect("20 ft is a way");
    }
}
