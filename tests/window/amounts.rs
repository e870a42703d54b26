//! A key that answers a reaction prompt commits what the prompt's amount pickers show
//! (issue 36's window: found by the counters helper, the keys sent no amounts and a
//! Block with 2 skill dice on the pickers was declared with nothing committed). The
//! prompt (egui, not run here) leaves its pickers' amounts in `Intent::prompt_amounts`
//! each frame; the test puts them there as the prompt would, and presses 1.

use bevy::prelude::*;
use skirmish::game::{BattleRes, Intent};
use skirmish_rules::Status;
use skirmish_rules::components::Pool;
use skirmish_rules::engine::{Command, Commit};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::{Battle, level};

use super::dialogs::Board;

/// counters: Corwin (a warden, 4 skill dice) acts first, then Grub's maul hits him.
pub(super) fn counters_duel() -> Battle {
    let src = r##"Level(name: "amounts", ruleset: "counters", grid: Square,
        map: ["........", "........", "........", "........"],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "warden"),
                Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "reaver")],
        weapons: {"maul": (damage: "2d10")},
        archetypes: {
            "warden": (hp: 60, stats: {Str: 16, Agility: 16, Proficiency: 3, SkillDice: 4},
                weapons: ["longsword"], feats: ["Strength proficiency"]),
            "reaver": (hp: 60, stats: {Str: 16, Agility: 10, Proficiency: 2}, weapons: ["maul"]),
        })"##;
    let l = level::parse(src, "amounts").unwrap_or_else(|e| panic!("{e}"));
    // Initiative 20 and 1; Grub's d20 20 and maul 10 + 10; the block's 2 skill dice 3, 3.
    Battle::new(l, 7, vec![20, 1, 20, 10, 10, 3, 3]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_key_answering_a_prompt_commits_the_amounts_its_pickers_show() {
    let mut t = Board::with(counters_duel());
    let (corwin, grub) = {
        let b = t.battle();
        (t.corwin, b.find("Grub").unwrap())
    };
    {
        let mut b = t.app.world_mut().resource_mut::<BattleRes>();
        b.0.submit(Command::EndTurn { unit: corwin }).unwrap();
        b.0.submit(Command::Attack {
            unit: grub,
            target: corwin,
            weapon: None,
            slot: None,
            aim: None,
        })
        .unwrap();
    }
    assert_eq!(t.battle().status(), Status::AwaitingReaction(corwin));
    let options = t.battle().window().map(|w| w.options.clone()).unwrap();
    assert_eq!(options.first(), Some(&ReactionKind::Block), "{options:?}");
    let two = vec![Commit {
        part: 0,
        pool: Pool::SkillDice,
        amount: 2,
    }];
    t.app.world_mut().resource_mut::<Intent>().prompt_amounts =
        vec![(ReactionKind::Block, two.clone())];
    t.key(KeyCode::Digit1);
    assert_eq!(
        t.session().commands.last(),
        Some(&Command::React {
            unit: corwin,
            choice: Some(ReactionKind::Block),
            commit: 0,
            commits: two,
        }),
        "the key sent the pickers' amounts"
    );
    assert_eq!(t.battle().pool(corwin, Pool::SkillDice), 2, "2 of 4 spent");
}

/// Issue 36: the defender sees "the order in which all chosen counters will resolve".
/// Grub's maul hits Corwin, Ilse beside him; Corwin (the target) declares a Parry first,
/// then Ilse's prompt shows for each of her answers the order the engine will resolve
/// them in: a Block goes before the Parry declared before it (blocks, then parries), a
/// Parry after it (then initiative: Corwin acts before Ilse).
#[test]
fn the_prompt_shows_the_order_the_declared_counters_resolve_in() {
    use skirmish::game::act::offers::resolve_order_words;
    let src = r##"Level(name: "order", ruleset: "counters", grid: Square,
        map: ["........", "........", "........", "........"],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "warden"),
                Unit(name: "Ilse", side: "Red", cell: (3, 2), archetype: "warden"),
                Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "reaver")],
        weapons: {"maul": (damage: "2d10")},
        archetypes: {
            "warden": (hp: 60, stats: {Str: 16, Agility: 16, Proficiency: 3, SkillDice: 4},
                weapons: ["longsword"], feats: ["Strength proficiency"]),
            "reaver": (hp: 60, stats: {Str: 16, Agility: 10, Proficiency: 2}, weapons: ["maul"]),
        })"##;
    let l = level::parse(src, "order").unwrap_or_else(|e| panic!("{e}"));
    // Initiative 20, 15, 1; Grub's d20 20 and maul 10 + 10.
    let mut b = Battle::new(l, 7, vec![20, 15, 1, 20, 10, 10]).unwrap_or_else(|e| panic!("{e}"));
    let (corwin, ilse, grub) = (
        b.find("Corwin").unwrap(),
        b.find("Ilse").unwrap(),
        b.find("Grub").unwrap(),
    );
    b.submit(Command::EndTurn { unit: corwin }).unwrap();
    b.submit(Command::EndTurn { unit: ilse }).unwrap();
    b.submit(Command::Attack {
        unit: grub,
        target: corwin,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(corwin));
    assert_eq!(
        resolve_order_words(&b, ReactionKind::Parry).as_deref(),
        Some("resolves: Corwin's Parry (Ilse still to declare)")
    );
    let words =
        |b: &Battle| skirmish::game::act::offers::incoming_damage_words(b, b.window().unwrap());
    assert_eq!(words(&b), "Corwin is about to take 21 damage from Grub.");
    let one = vec![Commit {
        part: 0,
        pool: Pool::SkillDice,
        amount: 1,
    }];
    b.submit(Command::React {
        unit: corwin,
        choice: Some(ReactionKind::Parry),
        commit: 0,
        commits: one,
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(ilse));
    // Ilse is told whose damage it is, not that she takes it; Corwin is ringed as the
    // target (yellow), Grub as the one who acts (red).
    let inv = skirmish::game::act::offers::involved(&b, b.window().unwrap());
    assert_eq!(
        (inv.reactor, inv.actor, inv.target),
        (ilse, Some(grub), Some(corwin))
    );
    assert_eq!(
        words(&b),
        "Corwin is about to take 21 damage from Grub: Ilse, beside Corwin, may counter it."
    );
    assert_eq!(
        resolve_order_words(&b, ReactionKind::Block).as_deref(),
        Some("resolves: Ilse's Block, then Corwin's Parry")
    );
    assert_eq!(
        resolve_order_words(&b, ReactionKind::Parry).as_deref(),
        Some("resolves: Corwin's Parry, then Ilse's Parry")
    );
}

/// counters' counter attack, "Cost (choose one): 1 SD, 10ft unspent movement": with both
/// to hand the prompt offers the two ways to pay as two options (from the price's
/// alternatives), and the key of the second pays the skill die and keeps the movement.
#[test]
fn the_prompt_offers_each_way_to_pay_a_counter_attack_and_its_key_pays_that_way() {
    use skirmish::game::act::offers::offers;
    let mut t = Board::with(counters_duel());
    let (corwin, grub) = {
        let b = t.battle();
        (t.corwin, b.find("Grub").unwrap())
    };
    {
        let mut b = t.app.world_mut().resource_mut::<BattleRes>();
        b.0.submit(Command::EndTurn { unit: corwin }).unwrap();
        b.0.submit(Command::Move {
            unit: grub,
            to: skirmish_rules::grid::Cell::new(6, 1),
        })
        .unwrap();
    }
    assert_eq!(t.battle().status(), Status::AwaitingReaction(corwin));
    let shown = offers(t.battle());
    assert_eq!(
        shown
            .iter()
            .map(|o| (o.kind, o.price.as_str(), o.pay.clone()))
            .collect::<Vec<_>>(),
        [
            (
                ReactionKind::ReactionAttack,
                "pay 2 movement",
                vec![Commit {
                    part: 0,
                    pool: Pool::Movement,
                    amount: 2
                }]
            ),
            (
                ReactionKind::ReactionAttack,
                "pay 1 skill die",
                vec![Commit {
                    part: 0,
                    pool: Pool::SkillDice,
                    amount: 1
                }]
            ),
        ]
    );
    // As the prompt leaves them each frame: each option's way to pay.
    t.app.world_mut().resource_mut::<Intent>().prompt_amounts =
        shown.iter().map(|o| (o.kind, o.pay.clone())).collect();
    t.key(KeyCode::Digit2);
    assert!(
        matches!(t.session().commands.last(),
            Some(Command::React { unit, choice: Some(ReactionKind::ReactionAttack), commits, .. })
                if *unit == corwin && commits == &shown[1].pay),
        "{:?}",
        t.session().commands.last()
    );
    let b = t.battle();
    assert_eq!(
        (b.pool(corwin, Pool::SkillDice), b.move_left(corwin)),
        (3, 6)
    );
}
