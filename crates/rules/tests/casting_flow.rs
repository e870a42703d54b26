//! flow casting (seed 002 "Attacking/Casting a Spell: 2 AP", "Drinking a potion …",
//! "Using a Magic Item", Reaction Attacks on casting, Intercepting a spell; issue 17),
//! each through `Battle::submit` with forced dice (each test says which face goes where).
//! Initiative is one d10 per unit in list order. The wizard's abilities, by index:
//! 0 Firebolt, 1 Fireball, 2 Knockdown, 3 Mend, 4 Healing draught, 5 Draught of haste,
//! 6 Wand of sparks.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, UnitId};
use skirmish_rules::engine::{Action, CastAt, CommonAction};
use skirmish_rules::event::{CheckPurpose, Event, Outcome, ReactionKind, Spend, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::flow::FlowAction;
use skirmish_rules::{Battle, Command, Illegal, level};

use crate::support::flow::arena;
use crate::support::{damage, id, offers, since};

const SQ: GridKind = GridKind::Square;
const FIREBOLT: usize = 0;
const FIREBALL: usize = 1;
const KNOCKDOWN: usize = 2;
const MEND: usize = 3;
const HASTE: usize = 5;
const WAND: usize = 6;

fn cast(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(unit),
        "{:?}",
        b.window()
    );
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap();
}

/// (pool, amount, on) of every `Spent` event of `u`.
fn spent(ev: &[Event], u: UnitId) -> Vec<(Pool, i32, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                unit,
                pool,
                amount,
                on,
                ..
            } if *unit == u => Some((*pool, *amount, *on)),
            _ => None,
        })
        .collect()
}

/// (pool, amount) of every `Refilled` event of `u`.
fn refilled(ev: &[Event], u: UnitId) -> Vec<(Pool, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Refilled {
                unit, pool, amount, ..
            } if *unit == u => Some((*pool, *amount)),
            _ => None,
        })
        .collect()
}

fn cannot(r: Result<usize, Illegal>) -> String {
    match r {
        Err(e) => e.to_string(),
        Ok(_) => panic!("expected a refusal"),
    }
}

/// Refused with a message containing `words`, and nothing logged or spent.
fn refused(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt, words: &str) {
    let (len, ap) = (b.log().len(), b.ap(unit));
    let m = cannot(cast(b, unit, ability, at));
    assert!(m.contains(words), "{m:?} should say {words:?}");
    assert_eq!(b.log().len(), len, "a refusal logs nothing");
    assert_eq!(b.ap(unit), ap, "a refusal spends nothing");
}

/// Red wizard "Wiz" at (1,1) and Blue goblin "Gob" at (5,1) on an open 10×4 map; Wiz
/// acts first, then the others in list order. `more`: extra units; `dice` after the
/// initiative d10s (one per unit).
fn duel(more: &str, dice: &[u32]) -> Battle {
    let units = format!(
        r#"Unit(name: "Wiz", side: "Red", cell: (1, 1), archetype: "wizard"),
        Unit(name: "Gob", side: "Blue", cell: (5, 1), archetype: "goblin"){more}"#
    );
    let n = 2 + more.matches("Unit(").count();
    // Distinct faces: a tie would be rolled again.
    let mut d = vec![10];
    d.extend((1..n as u32).rev());
    d.extend_from_slice(dice);
    let b = arena(SQ, 10, 5, &units, "", &d);
    assert_eq!(b.current(), b.find("Wiz"));
    b
}

/// "Attacking/Casting a Spell: 2 AP". Firebolt: Magic 65, d100 30 (a Hard success),
/// Gob declines its Dodge, 2d6 = 3 + 4 fire. Spell damage wins no Flow Points.
#[test]
fn a_spell_costs_2_ap_and_its_damage_gives_no_flow_points() {
    let mut b = duel("", &[30, 3, 4]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    let (start, fp) = (b.log().len(), b.fp(w));
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    react(&mut b, g, None);
    let ev = since(&b, start);
    assert_eq!(spent(&ev, w), [(Pool::Ap, 2, Spend::Cast)]);
    assert_eq!(b.ap(w), 3);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Cast { name, .. } if name == "Firebolt"))
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Attack { attacker, target, outcome: Outcome::Hard, .. } if *attacker == w && *target == g
    )));
    let dealt = damage(&ev);
    assert_eq!(dealt.len(), 1, "{ev:#?}");
    assert_eq!(dealt[0].0, g);
    assert_eq!(b.hp(g), 12 - dealt[0].1);
    assert!(
        !refilled(&ev, w).iter().any(|(p, _)| *p == Pool::FlowPoints),
        "no FP for spell damage: {ev:#?}"
    );
    assert_eq!(b.fp(w), fp);
}

/// Issue 29: "Gain 1 FP from a killing blow on an enemy combatant", a spell's too: the
/// Firebolt (d100 30, 2d6 = 3 + 4) takes Gob (3 HP) down; Wiz wins the killing blow's FP
/// (and still none for the spell's damage).
#[test]
fn a_killing_blow_with_a_spell_wins_its_flow_point() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (1, 1), archetype: "wizard"),
        Unit(name: "Gob", side: "Blue", cell: (5, 1), archetype: "goblin", hp: 3),
        Unit(name: "Imp", side: "Blue", cell: (8, 4), archetype: "goblin")"#;
    let b0 = arena(SQ, 10, 5, units, "", &[10, 2, 1, 30, 3, 4]);
    let mut b = b0;
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    assert_eq!(b.current(), Some(w));
    let (start, fp) = (b.log().len(), b.fp(w));
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    react(&mut b, g, None);
    let ev = since(&b, start);
    assert!(!b.alive(g));
    assert_eq!(refilled(&ev, w), [(Pool::FlowPoints, 1)], "{ev:#?}");
    assert_eq!(b.fp(w), fp + 1);
}

/// "Drinking a potion from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)": logged
/// as a Draw and a Cast; its one use is spent; the Draught of haste grants 3 AP. A
/// second drink is refused and changes nothing.
#[test]
fn a_potion_costs_1_ap_to_draw_and_1_to_drink_and_is_used_up() {
    let mut b = duel("", &[]);
    let w = id(&b, "Wiz");
    let start = b.log().len();
    assert_eq!(b.uses_left(w, HASTE), Some(1));
    cast(&mut b, w, HASTE, CastAt::User).unwrap();
    let ev = since(&b, start);
    assert_eq!(
        spent(&ev, w),
        [
            (Pool::Ap, 1, Spend::Draw),
            (Pool::Ap, 1, Spend::Cast),
            (Pool::Uses(HASTE as u8), 1, Spend::Use)
        ]
    );
    assert_eq!(refilled(&ev, w), [(Pool::Ap, 3)], "Grant 3 AP");
    assert_eq!(b.ap(w), 5 - 2 + 3);
    assert_eq!(b.uses_left(w, HASTE), Some(0));
    refused(
        &mut b,
        w,
        HASTE,
        CastAt::User,
        "Draught of haste has no use left",
    );
    assert_eq!(b.ap(w), 6);
}

/// "Using a Magic Item: 1-2 AP (specific to each item)": the Wand of sparks costs its
/// `ap: Some(1)` and has 3 charges; the fourth use is refused. Each Magic d100 is 90, a
/// failure (no damage, no window).
#[test]
fn an_item_costs_its_ap_and_its_uses_run_out() {
    let mut b = duel("", &[90, 90, 90]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    for left in [2, 1, 0] {
        let start = b.log().len();
        cast(&mut b, w, WAND, CastAt::Unit(g)).unwrap();
        let ev = since(&b, start);
        assert_eq!(
            spent(&ev, w),
            [
                (Pool::Ap, 1, Spend::Cast),
                (Pool::Uses(WAND as u8), 1, Spend::Use)
            ]
        );
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Attack {
                outcome: Outcome::Failure,
                ..
            }
        )));
        assert_eq!(b.uses_left(w, WAND), Some(left));
        assert_eq!(b.hp(g), 12);
    }
    assert_eq!(b.ap(w), 2);
    refused(
        &mut b,
        w,
        WAND,
        CastAt::Unit(g),
        "Wand of sparks has no use left",
    );
}

/// "Using Class Abilities 2 AP (unless the class ability specifies otherwise)": the
/// duelist's Riposte stance says 1 AP and grants 1 RP (for the round: gone at its next
/// turn); the archer's Pinning shot says nothing and costs 2.
#[test]
fn a_class_ability_costs_its_ap_or_2_and_grant_gives_rp() {
    let units = r#"Unit(name: "Duel", side: "Red", cell: (1, 1), archetype: "duelist"),
        Unit(name: "Arch", side: "Red", cell: (1, 3), archetype: "archer"),
        Unit(name: "Gob", side: "Blue", cell: (6, 1), archetype: "goblin")"#;
    // Initiative: Duel 10, Arch 9, Gob 1; Arch's Ranged… Magic d100 90 fails.
    let mut b = arena(SQ, 10, 5, units, "", &[10, 9, 1, 90]);
    let (d, a, g) = (id(&b, "Duel"), id(&b, "Arch"), id(&b, "Gob"));
    let (start, rp) = (b.log().len(), b.rp(d));
    cast(&mut b, d, 0, CastAt::User).unwrap();
    let ev = since(&b, start);
    assert_eq!(spent(&ev, d), [(Pool::Ap, 1, Spend::Cast)]);
    assert_eq!(refilled(&ev, d), [(Pool::Reaction, 1)]);
    assert_eq!((b.ap(d), b.rp(d)), (4, rp + 1));
    b.submit(Command::EndTurn { unit: d }).unwrap();
    assert_eq!(b.current(), Some(a));
    let start = b.log().len();
    cast(&mut b, a, 0, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(spent(&ev, a), [(Pool::Ap, 2, Spend::Cast)]);
    assert_eq!(b.ap(a), 3);
    // "to gain RP temporarily for a round": the granted RP is gone when Duel regains its
    // RP at the start of its next turn (back to its full 2, not 3).
    b.submit(Command::EndTurn { unit: a }).unwrap();
    b.submit(Command::EndTurn { unit: g }).unwrap();
    assert_eq!(b.current(), Some(d));
    assert_eq!(b.rp(d), rp);
}

/// Not enough AP: two Firebolts (Magic 90, 90: misses) leave 1 AP; a third is refused.
#[test]
fn a_spell_without_2_ap_is_refused() {
    let mut b = duel("", &[90, 90]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    assert_eq!(b.ap(w), 1);
    let (len, hp) = (b.log().len(), b.hp(g));
    let e = cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap_err();
    assert!(
        matches!(
            e,
            Illegal::NotEnoughAp {
                need: 2,
                have: 1,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!((b.log().len(), b.ap(w), b.hp(g)), (len, 1, hp));
}

/// A grappled unit "can only try to break free": casting is refused. Gob, a fighter
/// (initiative 10),
/// grapples Wiz (1): d100 20 (Hard at Athletics 50) vs 40 (a failure at 30).
#[test]
fn a_grappled_caster_is_refused() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (1, 1), archetype: "wizard"),
        Unit(name: "Gob", side: "Blue", cell: (2, 1), archetype: "fighter")"#;
    let mut b = arena(SQ, 10, 5, units, "", &[1, 10, 20, 40]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    b.submit(Command::Act {
        unit: g,
        action: FlowAction::Grapple { target: w }.into(),
    })
    .unwrap();
    assert!(b.has(w, ConditionKind::Grappled));
    b.submit(Command::EndTurn { unit: g }).unwrap();
    assert_eq!(b.current(), Some(w));
    refused(&mut b, w, FIREBOLT, CastAt::Unit(g), "grappled");
    refused(&mut b, w, HASTE, CastAt::User, "grappled");
}

/// Casting inside an enemy's threat range offers it a Reaction Attack (Trigger::Casting);
/// it hits (fighter Melee 60, d100 20; Wiz declines its defence; 1d8 = 5) and the
/// Firebolt still goes off: "Reaction Attacks taken against a spellcaster do not disrupt
/// the spell". Then Firebolt: Magic 90 misses.
#[test]
fn casting_in_reach_provokes_a_reaction_attack_that_does_not_disrupt() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (2, 1), archetype: "fighter")"#;
    let mut b = duel(more, &[20, 5, 90]);
    let (w, g, f) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(
        offers(&ev),
        [(f, vec![ReactionKind::ReactionAttack])],
        "{ev:#?}"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ReactionOffered { trigger: Trigger::Casting { caster, ability: FIREBOLT }, .. } if *caster == w
    )));
    react(&mut b, f, Some(ReactionKind::ReactionAttack));
    if b.status() == Status::AwaitingReaction(w) {
        react(&mut b, w, None);
    }
    let ev = since(&b, start);
    let hurt = damage(&ev);
    assert_eq!(hurt.len(), 1, "{ev:#?}");
    assert_eq!(hurt[0].0, w);
    assert!(b.hp(w) < 14);
    // The Firebolt's attack comes after the reaction's damage; nothing fizzles.
    let dmg_at = ev
        .iter()
        .position(|e| matches!(e, Event::Damage { .. }))
        .unwrap();
    let bolt_at = ev
        .iter()
        .position(|e| matches!(e, Event::Attack { attacker, .. } if *attacker == w))
        .expect("the Firebolt went off");
    assert!(dmg_at < bolt_at);
    assert!(!ev.iter().any(|e| matches!(e, Event::Fizzled { .. })));
    assert_eq!(b.status(), Status::Turn(w));
}

/// Out of every enemy's threat range, casting offers nothing.
#[test]
fn casting_out_of_reach_offers_nothing() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (3, 1), archetype: "fighter")"#;
    let mut b = duel(more, &[90]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    let start = b.log().len();
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert!(offers(&ev).is_empty(), "{ev:#?}");
    assert_eq!(b.status(), Status::Turn(w));
}

/// "You are able to Intercept a Spell, but only if it is a single-target spell": Guard,
/// Gob's ally, intercepts Wiz's Firebolt (Magic d100 60, a Success; Guard's Agility 45
/// d100 10, a Hard success, wins) and takes its 2d6 = 3 + 4 fire; Gob takes nothing.
#[test]
fn a_single_target_spell_can_be_intercepted_and_the_interceptor_takes_it() {
    let more = r#", Unit(name: "Guard", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = duel(more, &[60, 10, 3, 4]);
    let (w, g, f) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, w, FIREBOLT, CastAt::Unit(g)).unwrap();
    let w8 = b.window().expect("an intercept window");
    assert_eq!(w8.reactor, f);
    assert!(w8.options.contains(&ReactionKind::Intercept), "{w8:?}");
    react(&mut b, f, Some(ReactionKind::Intercept));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence { unit, kind: ReactionKind::Intercept, success: true, .. } if *unit == f
    )));
    assert_eq!(damage(&ev), [(f, 7)], "{ev:#?}");
    assert_eq!((b.hp(g), b.hp(f)), (12, 24 - 7));
    assert_eq!(b.status(), Status::Turn(w));
}

/// A level's own caster ("sparker", Magic 65): Spark burst (an area spell attack) and
/// Glancing bolt (a single-target spell attack that does 1d4 on a miss).
const SPARKER: &str = r#"abilities: {
        "Spark burst": (kind: Spell, target: Area(range: 6, shape: Burst(radius: 1)),
            resolve: Attack(vs: Physical), effects: [Damage(dice: "2d6", kind: "electricity")]),
        "Glancing bolt": (kind: Spell, target: One(range: 8), resolve: Attack(vs: Physical),
            effects: [Damage(dice: "2d6", kind: "fire")], on_miss: [Damage(dice: "1d4", kind: "fire")]),
    },
    archetypes: {
        "sparker": (hp: 14, stats: {Agility: 45, Athletics: 30, Melee: 30, Ranged: 30, Endurance: 30, Deception: 40, Magic: 65},
            weapons: ["dagger"], abilities: ["Spark burst", "Glancing bolt"]),
    }"#;

/// An area spell attack cannot be intercepted: Spark burst on Gob (Magic d100 60) offers
/// Gob its Dodge and Guard, its ally next to it, nothing.
#[test]
fn an_area_spell_attack_cannot_be_intercepted() {
    let units = r#"Unit(name: "Spk", side: "Red", cell: (1, 1), archetype: "sparker"),
        Unit(name: "Gob", side: "Blue", cell: (5, 1), archetype: "goblin"),
        Unit(name: "Guard", side: "Blue", cell: (3, 2), archetype: "fighter")"#;
    let mut b = arena(SQ, 10, 5, units, SPARKER, &[10, 1, 1, 60, 2, 2]);
    let (s, g, f) = (id(&b, "Spk"), id(&b, "Gob"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, s, 0, CastAt::Cell(Cell::new(5, 1))).unwrap();
    react(&mut b, g, None);
    let ev = since(&b, start);
    assert_eq!(offers(&ev), [(g, vec![ReactionKind::Dodge])], "{ev:#?}");
    assert_eq!(damage(&ev), [(g, 4)]);
    assert_eq!(b.hp(f), 24);
}

/// "Dodge … to avoid a melee or ranged attack": a spell attack can only be dodged (the
/// fighter holds a longsword and a shield: no Parry, no Block). A dodged spell does
/// nothing (not its `on_miss`); a missed one does its `on_miss`. Glancing bolt: Magic
/// d100 60 (Success), Guard dodges with Agility 45 d100 10 (Hard): no damage. Again:
/// Magic 90 (a miss): on_miss 1d4 = 3.
#[test]
fn a_spell_attack_can_only_be_dodged_and_a_dodged_spell_does_nothing() {
    let units = r#"Unit(name: "Spk", side: "Red", cell: (1, 1), archetype: "sparker"),
        Unit(name: "Guard", side: "Blue", cell: (5, 1), archetype: "fighter")"#;
    let mut b = arena(SQ, 10, 5, units, SPARKER, &[10, 1, 60, 10, 90, 3]);
    let (s, f) = (id(&b, "Spk"), id(&b, "Guard"));
    let start = b.log().len();
    cast(&mut b, s, 1, CastAt::Unit(f)).unwrap();
    assert_eq!(b.window().unwrap().options, [ReactionKind::Dodge]);
    react(&mut b, f, Some(ReactionKind::Dodge));
    let ev = since(&b, start);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Defence {
            kind: ReactionKind::Dodge,
            success: true,
            ..
        }
    )));
    assert!(damage(&ev).is_empty(), "{ev:#?}");
    let start = b.log().len();
    cast(&mut b, s, 1, CastAt::Unit(f)).unwrap();
    let ev = since(&b, start);
    assert!(offers(&ev).is_empty());
    assert_eq!(damage(&ev), [(f, 3)], "on_miss: {ev:#?}");
    assert_eq!(b.hp(f), 21);
}

/// (unit, purpose) of every `Check`, and every `Contest`'s (active, passive, active_wins).
fn contests(ev: &[Event]) -> Vec<(UnitId, UnitId, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Contest {
                purpose: CheckPurpose::Resist,
                active,
                passive,
                active_wins,
            } => Some((*active, *passive, *active_wins)),
            _ => None,
        })
        .collect()
}

/// A save spell in flow is an opposed check, Magic against the target's named skill,
/// ties to the target. Knockdown vs Gob's Athletics 35: Magic d100 20 (Hard at 65) vs 15
/// (Hard at 35): a tie, Gob keeps its feet (no `on_miss`). Again: 20 vs 30 (a Success):
/// Gob is knocked Prone.
#[test]
fn a_save_spell_is_magic_against_the_named_skill_with_ties_to_the_target() {
    let mut b = duel("", &[20, 15, 20, 30]);
    let (w, g) = (id(&b, "Wiz"), id(&b, "Gob"));
    let start = b.log().len();
    cast(&mut b, w, KNOCKDOWN, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(contests(&ev), [(w, g, false)]);
    let skills: Vec<(UnitId, Outcome, i32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Check {
                unit,
                purpose: CheckPurpose::Resist,
                outcome,
                target_number,
                ..
            } => Some((*unit, *outcome, *target_number)),
            _ => None,
        })
        .collect();
    assert_eq!(skills, [(w, Outcome::Hard, 65), (g, Outcome::Hard, 35)]);
    assert!(!b.has(g, ConditionKind::Prone));
    let start = b.log().len();
    cast(&mut b, w, KNOCKDOWN, CastAt::Unit(g)).unwrap();
    let ev = since(&b, start);
    assert_eq!(contests(&ev), [(w, g, true)]);
    assert!(b.has(g, ConditionKind::Prone));
    assert!(
        offers(&ev).is_empty(),
        "a save spell has no attack to dodge"
    );
}

/// Fireball hits every unit in its burst, friend or foe, and nobody outside; the caster's
/// Magic is rolled per target. Aimed at (5,1): Gob (5,1) loses (Magic 20 Hard vs Agility
/// 55 d100 50 Success): 2d6 = 3 + 4; Pal, Wiz's ally at (6,2), wins (Magic 60 vs 5, a
/// Critical): `on_miss` 1d6 = 2; Far at (5,3) is outside.
#[test]
fn fireball_hits_everyone_in_its_burst_and_no_one_outside() {
    let more = r#", Unit(name: "Pal", side: "Red", cell: (6, 2), archetype: "goblin"),
        Unit(name: "Far", side: "Blue", cell: (5, 3), archetype: "goblin")"#;
    let mut b = duel(more, &[20, 50, 3, 4, 60, 5, 2]);
    let (w, g, p, far) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Pal"), id(&b, "Far"));
    let start = b.log().len();
    cast(&mut b, w, FIREBALL, CastAt::Cell(Cell::new(5, 1))).unwrap();
    let ev = since(&b, start);
    assert_eq!(contests(&ev), [(w, g, true), (w, p, false)], "{ev:#?}");
    assert_eq!(damage(&ev), [(g, 7), (p, 2)]);
    assert_eq!(b.hp(far), 12);
    assert!(offers(&ev).is_empty());
    assert_eq!(b.ap(w), 3);
}

/// Healing stops at the maximum: Wiz's Firebolt hurts its ally Mage (Magic 60; Mage
/// declines its Dodge; 2d6 = 2 + 3), then Mend heals 2d6+2 = 14, of which 5 count.
#[test]
fn healing_stops_at_the_maximum() {
    let more = r#", Unit(name: "Mage", side: "Red", cell: (1, 3), archetype: "wizard")"#;
    let mut b = duel(more, &[60, 2, 3, 6, 6]);
    let (w, m) = (id(&b, "Wiz"), id(&b, "Mage"));
    cast(&mut b, w, FIREBOLT, CastAt::Unit(m)).unwrap();
    react(&mut b, m, None);
    assert_eq!(b.hp(m), 9);
    let start = b.log().len();
    cast(&mut b, w, MEND, CastAt::Unit(m)).unwrap();
    let ev = since(&b, start);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::Healed { unit, amount: 5, hp_after: 14 } if *unit == m
        )),
        "{ev:#?}"
    );
    assert_eq!(b.hp(m), 14);
}

/// A flow unit that is down cannot be healed (healing brings back only where the
/// ruleset revives: tactical-d20): Wiz fells Pal (1 HP; Magic 60, Pal declines, 2d6 =
/// 1 + 1), and Mend on Pal is refused.
#[test]
fn a_down_flow_unit_cannot_be_healed() {
    let more = r#", Unit(name: "Pal", side: "Red", cell: (1, 3), archetype: "goblin", hp: 1)"#;
    let mut b = duel(more, &[60, 1, 1]);
    let (w, p) = (id(&b, "Wiz"), id(&b, "Pal"));
    cast(&mut b, w, FIREBOLT, CastAt::Unit(p)).unwrap();
    react(&mut b, p, None);
    assert!(!b.alive(p));
    let (len, ap) = (b.log().len(), b.ap(w));
    let e = cast(&mut b, w, MEND, CastAt::Unit(p)).unwrap_err();
    assert!(matches!(&e, Illegal::Down(n) if n == "Pal"), "{e:?}");
    assert_eq!((b.log().len(), b.ap(w)), (len, ap));
}

/// Range, line of sight and the kind of aim are checked before anything is paid, with
/// messages that say what is wrong.
#[test]
fn range_line_of_sight_and_aim_are_refused_with_clear_messages() {
    // Wiz at (0,1), a wall at (3,1), Gob behind it at (5,1), Far at (10,3).
    let src = r##"Level(name: "walls", ruleset: "flow", grid: Square,
        map: ["............", "...#........", "............", "............"],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Wiz", side: "Red", cell: (0, 1), archetype: "wizard"),
            Unit(name: "Gob", side: "Blue", cell: (5, 1), archetype: "goblin"),
            Unit(name: "Far", side: "Blue", cell: (10, 3), archetype: "goblin")])"##;
    let l = level::parse(src, "walls").unwrap();
    let mut b = Battle::new(l, 7, vec![10, 1, 1]).unwrap();
    let (w, g, far) = (id(&b, "Wiz"), id(&b, "Gob"), id(&b, "Far"));
    refused(
        &mut b,
        w,
        FIREBOLT,
        CastAt::Unit(g),
        "a wall blocks the line to Gob",
    );
    refused(
        &mut b,
        w,
        KNOCKDOWN,
        CastAt::Unit(far),
        "Far is 10 cells away; Knockdown reaches 5",
    );
    refused(
        &mut b,
        w,
        FIREBOLT,
        CastAt::Cell(Cell::new(5, 2)),
        "Firebolt is aimed at one creature",
    );
    refused(
        &mut b,
        w,
        FIREBALL,
        CastAt::Unit(g),
        "Fireball is aimed at a cell",
    );
    refused(
        &mut b,
        w,
        HASTE,
        CastAt::Unit(g),
        "Draught of haste is aimed at its user",
    );
    refused(&mut b, w, 9, CastAt::User, "it knows no ability #9");
    refused(
        &mut b,
        w,
        FIREBALL,
        CastAt::Cell(Cell::new(5, 1)),
        "a wall blocks the line to (5, 1)",
    );
    assert_eq!((b.hp(g), b.ap(w)), (12, 5));
}

/// `skirmish check`'s validation (`level::parse`) reports a level's ability problems at
/// FILE:LINE:COL, each with the ability's name and what is wrong.
#[test]
fn level_validation_reports_ability_problems_at_file_line_col() {
    let src = r##"Level(name: "bad", ruleset: "flow", grid: Square, map: ["....", "...."],
    sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
    units: [Unit(name: "A", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "B", side: "Blue", cell: (3, 1), archetype: "fighter")],
    abilities: {
        "Empty wand": (kind: Item, target: User, uses: Some(0), effects: [Grant(pool: Ap, amount: 1)]),
        "Too high": (kind: Spell, order: 10, target: User, effects: [Heal(dice: "1d4")]),
        "Call troll": (kind: Spell, target: Cell(range: 3), effects: [Summon(archetype: "troll")]),
        "Flood": (kind: Spell, target: User, effects: [Terrain(terrain: Difficult)]),
    })"##;
    let e = level::parse(src, "bad.ron").unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    let at = |words: &str| -> String {
        let l = lines
            .iter()
            .find(|l| l.contains(words))
            .unwrap_or_else(|| panic!("no line says {words:?}:\n{e}"));
        let mut parts = l.splitn(4, ':');
        let (file, line, col) = (parts.next(), parts.next(), parts.next());
        assert_eq!(file, Some("bad.ron"), "{l}");
        let line: u32 = line
            .unwrap()
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{l}"));
        col.unwrap()
            .trim()
            .parse::<u32>()
            .unwrap_or_else(|_| panic!("{l}"));
        format!("{line}")
    };
    assert_eq!(at("`Empty wand`: `uses: Some(0)` can never be used"), "6");
    assert_eq!(at("`Too high`: a Spell Order of 10 (0 to 9)"), "7");
    assert_eq!(at("`Call troll` summons unknown archetype `troll`"), "8");
    assert_eq!(
        at("`Flood`: a terrain effect needs `target: Cell(...)`"),
        "9"
    );
}

/// A script casts with `Do(unit, action: Cast(ability: N, at: …))`: `at` is `User`,
/// `Unit((i))` (a unit by its index in the level), `Units([(i), …])` or `Cell((x, y))`.
/// Firebolt at Gob misses (Magic d100 90); Fireball at (5,1): Magic 90 against Gob's
/// Agility d100 90: both fail, a tie, Gob wins: `on_miss` 1d6 = 2.
#[test]
fn a_script_casts_with_do_cast() {
    use skirmish_rules::script::{self, Script};
    let s = Script::parse(
        r#"Script(dice: [10, 1, 90, 90, 90, 2], commands: [
            Do(unit: "Wiz", action: Cast(ability: 0, at: Unit((1)))),
            Do(unit: "Wiz", action: Cast(ability: 1, at: Cell((5, 1)))),
        ])"#,
    )
    .unwrap();
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (1, 1), archetype: "wizard"),
        Unit(name: "Gob", side: "Blue", cell: (5, 1), archetype: "goblin")"#;
    let l = arena(SQ, 10, 5, units, "", &[10, 1]).level().clone();
    let mut b = script::start(&l, 7, &s).unwrap();
    let start = b.log().len();
    script::run(&mut b, &s).unwrap();
    let ev = since(&b, start);
    let names: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Cast { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["Firebolt", "Fireball"]);
    assert_eq!(damage(&ev), [(id(&b, "Gob"), 2)]);
    assert_eq!(b.ap(id(&b, "Wiz")), 1);
}
