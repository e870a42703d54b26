//! tactical-d20's Wait and the Reactions left (issue 33; `skirmish fuzz --minutes 1
//! --jobs 2` found "after React { …, choice: Some(WaitedAction) }: … has AP 0 RP -1").
//! Seed 004: "Each creature starts with 1 Reaction per round", and "Wait: … can be
//! completed as an additional Reaction gained by waiting". The Wait grants its extra
//! Reaction (`Refilled` +1; the checker models it), but a Wait for an enemy's casting
//! (`EnemyCasts`) was offered without asking whether a Reaction was left: a waiter that
//! had spent its Reaction before waiting and the Wait's on an Opportunity Attack was
//! offered its held spell all the same and paid a third Reaction, RP -1.

use skirmish_rules::battle::Status;
use skirmish_rules::engine::{CastAt, CommonAction, ReadyResponse, ReadyTrigger};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::sim::Invariants;

use crate::support::d20::arena;
use crate::support::id;
use crate::td_wait::{MISSILE, SQ, act, end, mv, react, wait_with};

/// Wiz (wizard, initiative 10) stands between Grub (fighter, 20) and Zed (wizard, 1).
/// Round 1 passes (nobody may react before its first turn). Round 2: Grub walks away: Wiz's Opportunity Attack (d20 1, a miss) spends its Reaction. Wiz
/// waits for an enemy casting within 8, holding Magic Missile: RP 1, the Wait's. Zed
/// steps away: a second Opportunity Attack (d20 1) spends it, RP 0. Zed casts Magic
/// Missile at Wiz: Wiz has no Reaction left and is not offered its held spell; the
/// missile lands; RP stays 0 and the soak's invariants hold after every event.
#[test]
fn a_waiter_with_no_reaction_left_is_not_offered_its_held_spell() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (4, 4), archetype: "wizard"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter"),
        Unit(name: "Zed", side: "Blue", cell: (3, 4), archetype: "wizard")"#;
    let mut b = arena(SQ, units, &[10, 20, 1]);
    let mut shadow = Invariants::new(b.level(), b.seed()).expect("a shadow");
    let mut bad = Vec::new();
    let (w, g, z) = (id(&b, "Wiz"), id(&b, "Grub"), id(&b, "Zed"));
    // Round 1: everyone is Surprised until its first turn; each ends its turn.
    for _ in 0..3 {
        end(&mut b);
    }
    assert_eq!(b.round(), 2);
    assert_eq!(b.current(), Some(g));
    b.dice_force_for_tests(&[1]);
    mv(&mut b, g, 7, 4);
    react(&mut b, w, Some(ReactionKind::ReactionAttack));
    assert_eq!(b.rp(w), 0, "the Opportunity Attack spent Wiz's Reaction");
    end(&mut b);
    assert_eq!(b.current(), Some(w));
    wait_with(
        &mut b,
        w,
        ReadyTrigger::EnemyCasts { cells: 8 },
        ReadyResponse::Power { ability: MISSILE },
    )
    .expect("Wiz waits");
    assert_eq!(b.rp(w), 1, "the Wait's extra Reaction is granted");
    end(&mut b);
    assert_eq!(b.current(), Some(z));
    b.dice_force_for_tests(&[1]);
    mv(&mut b, z, 1, 4);
    react(&mut b, w, Some(ReactionKind::ReactionAttack));
    assert_eq!(
        b.rp(w),
        0,
        "the second Opportunity Attack spent the Wait's Reaction"
    );
    shadow.follow(&b, 0, &mut bad);
    let n = b.log().len();
    b.dice_force_for_tests(&[10, 1, 3]);
    act(
        &mut b,
        z,
        CommonAction::Cast {
            ability: MISSILE,
            at: CastAt::Unit(w),
        },
    )
    .expect("Zed casts");
    assert_ne!(
        b.status(),
        Status::AwaitingReaction(w),
        "offered with no Reaction left: {:?}",
        b.window()
    );
    assert_eq!(b.rp(w), 0);
    assert!(b.hp(w) < 12, "the missile lands: {} HP", b.hp(w));
    shadow.follow(&b, n, &mut bad);
    shadow.finish(&b, &mut bad);
    assert!(bad.is_empty(), "{bad:?}");
}
