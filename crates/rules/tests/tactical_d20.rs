//! `tactical-d20` (seed 004, "Action"): one scripted scenario per rule, through
//! `Battle::submit` — the path the window, the runner and the AI use. Dice are forced;
//! initiative takes one d20 per unit in level order.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{Carried, ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{Action, CommonAction};
use skirmish_rules::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20 as td;
use skirmish_rules::rulesets::tactical_d20::{FocusOn, GrappleFollow, TacticalD20Action};
use skirmish_rules::{Battle, Command, Illegal, level};

use crate::support::d20::{DUEL, arena, duel, field, open};
use crate::support::{BOTH, damage, id, offers, repo, since};

fn attack(
    b: &mut Battle,
    unit: UnitId,
    target: UnitId,
    slot: Option<Slot>,
) -> Result<usize, Illegal> {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot,
        aim: None,
    })
}

fn act(b: &mut Battle, unit: UnitId, action: impl Into<Action>) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn mv(b: &mut Battle, unit: UnitId, x: i32, y: i32) -> Result<usize, Illegal> {
    b.submit(Command::Move {
        unit,
        to: Cell::new(x, y),
    })
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
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

/// (attacker, kind, d20 face, total, AC, modifier names, outcome) of every attack.
type Swing = (UnitId, AttackKind, u32, i32, i32, Vec<String>, Outcome);

fn swings(ev: &[Event]) -> Vec<Swing> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                kind,
                roll,
                target_number,
                outcome,
                ..
            } => Some((
                *attacker,
                *kind,
                roll.faces[0],
                roll.total,
                *target_number,
                roll.modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.name, m.value))
                    .collect(),
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

fn slots_used(ev: &[Event]) -> Vec<(Slot, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Spent {
                pool: Pool::Slot(slot),
                on,
                ..
            } if !matches!(on, Spend::Lost(_)) => Some((*slot, *on)),
            _ => None,
        })
        .collect()
}

fn has_mod(s: &Swing, name: &str) -> bool {
    s.5.iter().any(|m| m.starts_with(name))
}

// ---------------------------------------------------------------------------------------
// Turn structure

#[test]
fn a_turn_has_one_standard_one_move_one_quick_and_attacks_take_their_penalties() {
    for kind in BOTH {
        // Three attacks: faces 15, 15, 20; damage 1d8 each hit.
        let mut b = duel(kind, &[15, 3, 15, 20, 4, 4]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let n = b.log().len();
        attack(&mut b, c, g, None).unwrap();
        attack(&mut b, c, g, None).unwrap();
        assert_eq!(b.current(), Some(c), "a Quick action is left");
        attack(&mut b, c, g, None).unwrap();
        let ev = since(&b, n);
        let s = swings(&ev);
        let kinds: Vec<AttackKind> = s.iter().map(|s| s.1).collect();
        assert_eq!(
            kinds,
            [
                AttackKind::Normal,
                AttackKind::Secondary,
                AttackKind::Tertiary
            ]
        );
        // BAB 2 + STR 3; Grub is still Surprised (AC 17 − DEX 1 = 16).
        assert_eq!((s[0].3, s[0].4), (15 + 5, 16));
        assert_eq!((s[1].3, s[1].4), (15 + 5 - 5, 16));
        assert!(has_mod(&s[1], "secondary attack -5"));
        assert!(has_mod(&s[2], "tertiary attack -10"));
        assert_eq!(s[1].6, Outcome::Failure, "15 + 0 < 16");
        assert_eq!(s[2].6, Outcome::Critical, "a natural 20 always hits");
        assert_eq!(
            slots_used(&ev),
            [
                (Slot::Standard, Spend::Attack),
                (Slot::Move, Spend::Attack),
                (Slot::Quick, Spend::Attack)
            ]
        );
        // Every slot spent and no movement left: the turn passed to Grub.
        assert_eq!(b.current(), Some(g));
        assert!(ev.contains(&Event::TurnEnded { unit: c }));
    }
}

#[test]
fn trade_down_spends_the_standard_action_for_a_second_move_or_a_secondary_attack() {
    let mut b = duel(GridKind::Square, &[10, 10]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    // Away from Grub: Corwin is not threatened... Grub is surprised and cannot react.
    let n = b.log().len();
    mv(&mut b, c, 4, 0).unwrap();
    mv(&mut b, c, 4, 4).unwrap();
    assert_eq!(
        slots_used(&since(&b, n)),
        [(Slot::Move, Spend::Move), (Slot::Standard, Spend::Move)],
        "the second Advance is paid by the Standard action"
    );
    let e = attack(&mut b, c, g, Some(Slot::Standard)).unwrap_err();
    assert!(
        matches!(
            e,
            Illegal::NoSlot {
                slot: "Standard",
                ..
            }
        ),
        "{e}"
    );
    let e = attack(&mut b, c, g, Some(Slot::Move)).unwrap_err();
    assert!(matches!(e, Illegal::NoSlot { slot: "Move", .. }), "{e}");
    // The Quick action is left: a Tertiary attack.
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(swings(&since(&b, n))[0].1, AttackKind::Tertiary);

    // A Secondary attack paid by the Standard action keeps its −5.
    let mut b = duel(GridKind::Square, &[10]);
    mv(&mut b, c, 4, 5).unwrap();
    let n = b.log().len();
    attack(&mut b, c, g, Some(Slot::Move)).unwrap();
    let ev = since(&b, n);
    assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Attack)]);
    let s = &swings(&ev)[0];
    assert_eq!(s.1, AttackKind::Secondary);
    assert!(has_mod(s, "secondary attack -5"));
}

#[test]
fn advancing_costs_speed_and_difficult_terrain_halves_it() {
    let map = ["..~~~~..", "..~~~~..", "..~~~~..", "..~~~~.."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (0, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (0, 3), archetype: "fighter")"#;
    for kind in BOTH {
        let mut b = field(kind, &map, units, "", &[20, 1]);
        let c = id(&b, "Corwin");
        assert_eq!(
            b.movement_budget(c),
            12,
            "6 for the Move action, 6 more traded down"
        );
        // Through the mud: 1 + 4 × 2 + 2 = 11 > 6, so it takes both Advances.
        let n = b.log().len();
        mv(&mut b, c, 7, 1).unwrap();
        let ev = since(&b, n);
        assert_eq!(
            slots_used(&ev),
            [(Slot::Move, Spend::Move), (Slot::Standard, Spend::Move)]
        );
        let cost: u32 = ev
            .iter()
            .filter_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .sum();
        assert_eq!(cost, 11);
        assert_eq!(b.movement_budget(c), 1);
        let e = mv(&mut b, c, 5, 1).unwrap_err();
        assert!(matches!(e, Illegal::TooFar { .. }), "{e}");
    }
}

#[test]
fn initiative_is_d20_plus_dex_ties_by_modifier_then_human_sides() {
    // Rogue DEX 17 (+3) rolls 10 = 13; fighter DEX 12 (+1) rolls 12 = 13: the rogue wins.
    let units = r#"Unit(name: "F", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "R", side: "Blue", cell: (5, 0), archetype: "rogue")"#;
    let b = arena(GridKind::Square, units, &[12, 10]);
    assert_eq!(b.order(), [id(&b, "R"), id(&b, "F")]);
    // Full tie: the side with a human controller first, though listed second.
    let m = open(8, 3);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let src_units = r#"Unit(name: "A", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "B", side: "Blue", cell: (5, 0), archetype: "fighter")"#;
    let map = rows
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "t", ruleset: "tactical-d20", grid: Square, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c", controller: Ai), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{src_units}])"##
    );
    let l = level::parse(&src, "t").unwrap();
    let b = Battle::new(l, 1, vec![9, 9]).unwrap();
    assert_eq!(b.order(), [id(&b, "B"), id(&b, "A")]);
}

#[test]
fn everyone_is_surprised_until_its_first_turn_and_cannot_react() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        assert!(!b.has(c, ConditionKind::Surprised), "its turn has begun");
        assert!(b.has(g, ConditionKind::Surprised));
        // Corwin walks away from Grub: Grub is surprised and may not react.
        let n = b.log().len();
        mv(&mut b, c, 1, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        end(&mut b);
        assert!(!b.has(g, ConditionKind::Surprised));
    }
}

#[test]
fn a_surprise_round_comes_before_initiative_which_gives_its_side_plus_4() {
    let m = open(16, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let mut b = field(GridKind::Square, &rows, DUEL, r#"surprise: "Blue""#, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.order(), [g], "only the surprising side acts in round 1");
    assert_eq!(b.current(), Some(g));
    assert!(b.has(c, ConditionKind::Surprised));
    // Round 1: Grub attacks the surprised Corwin (AC 16), face 11 hits; damage 2.
    b.dice_force_for_tests(&[11, 2]);
    attack(&mut b, g, c, None).unwrap();
    b.dice_force_for_tests(&[10, 10]);
    b.submit(Command::EndTurn { unit: g }).unwrap();
    // Initiative now: both roll 10 + DEX 1; Grub adds 4 for the surprise round.
    let inits: Vec<(UnitId, i32, Vec<String>)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Initiative { unit, roll } => Some((
                *unit,
                roll.total,
                roll.modifiers.iter().map(|m| m.name.to_string()).collect(),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(inits.len(), 2);
    assert_eq!(inits[1].1, 15);
    assert!(inits[1].2.contains(&"surprise round".to_string()));
    assert_eq!(b.round(), 2);
    assert_eq!(b.order(), [g, c]);
    assert_eq!(b.current(), Some(g));
}

// ---------------------------------------------------------------------------------------
// Attacks

#[test]
fn natural_20_hits_natural_1_misses_crits_multiply_the_dice_and_str_is_added() {
    // Face 19 (longsword 19–20): a critical hit; 2d8 = 4 + 5, + STR 3.
    let mut b = duel(GridKind::Hex, &[19, 4, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].6, Outcome::Critical);
    let Some(Event::Damage { roll, amount, .. }) =
        ev.iter().find(|e| matches!(e, Event::Damage { .. }))
    else {
        panic!("no damage");
    };
    assert_eq!(roll.expr.count, 2, "the damage dice are doubled");
    assert_eq!(*amount, 4 + 5 + 3);
    // A natural 1 misses even a helpless target.
    let mut b = duel(GridKind::Hex, &[1]);
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(swings(&since(&b, n))[0].6, Outcome::CriticalFailure);
}

#[test]
fn a_crit_with_a_weapon_the_attacker_is_not_proficient_with_deals_normal_dice() {
    // Corwin hands his longsword to the rogue Tamsin, who crits with it: one die only.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword"]),
        Unit(name: "Tamsin", side: "Red", cell: (4, 3), archetype: "rogue", weapons: ["shortsword"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 3), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 1]);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    act(&mut b, t, CommonAction::Sheathe { item: 0 }).unwrap_err(); // not its turn
    act(&mut b, c, TacticalD20Action::Give { item: 0, ally: t }).unwrap();
    assert!(!b.held(c, 0));
    end(&mut b);
    // Tamsin: the longsword is item 1, held. Face 20: a crit, but not proficient.
    b.dice_force_for_tests(&[20, 6]);
    let n = b.log().len();
    b.submit(Command::Attack {
        unit: t,
        target: g,
        weapon: Some(1),
        slot: None,
        aim: None,
    })
    .unwrap();
    let ev = since(&b, n);
    assert_eq!(swings(&ev)[0].6, Outcome::Critical);
    assert_eq!(damage(&ev), [(g, 6)], "1d8 = 6, STR +0, not doubled");
    assert!(!td::proficient(&b, t, 1));
    assert!(td::proficient(&b, t, 0));
}

#[test]
fn damage_resistance_applies_after_damage() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", stats: {Dr: 3})"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 15, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(damage(&since(&b, n)), [(g, 5 + 3 - 3)]);
}

#[test]
fn size_changes_the_attack_roll_and_large_creatures_reach_10_ft() {
    for kind in BOTH {
        let units = r#"Unit(name: "Grub", side: "Blue", cell: (4, 4), archetype: "ogre"),
            Unit(name: "Corwin", side: "Red", cell: (6, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1, 10, 1]);
        let (g, c) = (id(&b, "Grub"), id(&b, "Corwin"));
        assert!(b.threatens(g, b.pos(c)), "Large: reach 2");
        let n = b.log().len();
        attack(&mut b, g, c, None).unwrap();
        let s = &swings(&since(&b, n))[0];
        assert!(has_mod(s, "size -1"), "{:?}", s.5);
        // BAB 3 + STR 5 − 1.
        assert_eq!(s.3, 10 + 7);
    }
}

#[test]
fn ranged_attacks_take_minus_2_per_range_increment_beyond_the_first() {
    let units = r#"Unit(name: "Tamsin", side: "Red", cell: (0, 0), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (14, 0), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 10]);
    let (t, g) = (id(&b, "Tamsin"), id(&b, "Grub"));
    let n = b.log().len();
    attack(&mut b, t, g, None).unwrap();
    let s = &swings(&since(&b, n))[0];
    // 14 cells, increment 12: the second increment, −2. BAB 1 + DEX 3.
    assert!(has_mod(s, "range ×2 -2"), "{:?}", s.5);
    assert_eq!(s.3, 10 + 1 + 3 - 2);
}

// ---------------------------------------------------------------------------------------
// Reactions: Opportunity Attack, Pursuit, Wait

/// Corwin's turn is ended so Grub (no longer surprised) acts next to him.
fn grubs_turn(kind: GridKind, dice: &[u32]) -> (Battle, UnitId, UnitId) {
    let mut b = duel(kind, &[]);
    end(&mut b);
    b.dice_force_for_tests(dice);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    assert_eq!(b.current(), Some(g));
    (b, c, g)
}

#[test]
fn leaving_threatened_cells_provokes_once_per_movement() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        // Grub walks around Corwin: several threatened cells, one offer.
        let n = b.log().len();
        mv(&mut b, g, 4, 3).unwrap();
        react(&mut b, c, None);
        assert_eq!(b.pos(g), Cell::new(4, 3));
        // The rest of the same movement leaves another threatened cell: no new offer.
        mv(&mut b, g, 3, 4).unwrap();
        let o = offers(&since(&b, n));
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].1[0], ReactionKind::ReactionAttack);
        // A new movement (the Standard action traded down) provokes again.
        let n = b.log().len();
        mv(&mut b, g, 9, 4).unwrap();
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Move)]);
        assert_eq!(offers(&ev).len(), 1);
    }
}

#[test]
fn an_opportunity_attack_has_no_penalty_and_the_reaction_is_spent_for_the_round() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[12, 3]);
        let n = b.log().len();
        mv(&mut b, g, 8, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        let ev = since(&b, n);
        let s = swings(&ev);
        assert_eq!(s[0].1, AttackKind::Reaction);
        assert_eq!(s[0].3, 12 + 5, "no slot penalty");
        assert_eq!(damage(&ev), [(g, 3 + 3)]);
        assert_eq!(b.rp(c), 0);
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Back past Corwin: no Reaction left, no offer.
        let n = b.log().len();
        mv(&mut b, g, 5, 4).unwrap();
        mv(&mut b, g, 5, 7).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
    }
}

#[test]
fn pursuit_follows_a_foe_leaving_the_threatened_area_at_half_speed() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let n = b.log().len();
        mv(&mut b, g, 10, 4).unwrap();
        let o = offers(&since(&b, n));
        assert_eq!(
            o[0].1,
            [ReactionKind::ReactionAttack, ReactionKind::Pursuit]
        );
        react(&mut b, c, Some(ReactionKind::Pursuit));
        let ev = since(&b, n);
        // Once Grub's movement is over, Corwin moves 3 cells (half of 6) for free.
        let corwin_steps: Vec<u32> = ev
            .iter()
            .filter_map(|e| match e {
                Event::Moved { unit, cost, .. } if *unit == c => Some(*cost),
                _ => None,
            })
            .collect();
        assert_eq!(corwin_steps, [0, 0, 0]);
        assert_eq!(b.pos(c), Cell::new(7, 4));
        assert_eq!(b.pos(g), Cell::new(10, 4));
    }
}

#[test]
fn a_side_step_is_a_quick_action_that_never_provokes() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let _ = c;
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Step {
                to: Cell::new(6, 4),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert!(offers(&ev).is_empty());
        assert_eq!(slots_used(&ev), [(Slot::Quick, Spend::SideStep)]);
        let e = act(
            &mut b,
            g,
            TacticalD20Action::Step {
                to: Cell::new(8, 4),
            },
        )
        .unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "5 ft only: {e}");
    }
}

#[test]
fn wait_holds_the_standard_action_as_a_reaction_against_a_foe_entering_reach() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (8, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(&mut b, c, TacticalD20Action::Wait).unwrap();
        assert_eq!(b.rp(c), 2, "an extra Reaction");
        end(&mut b);
        b.dice_force_for_tests(&[15, 2]);
        let n = b.log().len();
        mv(&mut b, g, 3, 4).unwrap();
        react(&mut b, c, Some(ReactionKind::WaitedAttack));
        let ev = since(&b, n);
        assert_eq!(offers(&ev)[0].1, [ReactionKind::WaitedAttack]);
        assert_eq!(damage(&ev), [(g, 2 + 3)]);
        assert!(!b.has(c, ConditionKind::Waiting));
        // The normal Reaction is still there for an opportunity attack.
        assert_eq!(b.rp(c), 1);
    }
}

// ---------------------------------------------------------------------------------------
// Standard actions

fn contests(ev: &[Event]) -> Vec<(CheckPurpose, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Contest {
                purpose,
                active_wins,
                ..
            } => Some((*purpose, *active_wins)),
            _ => None,
        })
        .collect()
}

fn ac_of(b: &Battle, attacker: UnitId, target: UnitId) -> i32 {
    let w = b.weapon_for(attacker, target, None).unwrap_or(0);
    td::armour_class(b, attacker, target, w)
        .iter()
        .map(|m| m.value)
        .sum()
}

#[test]
fn assist_gives_an_ally_in_reach_plus_4_until_the_assisters_next_turn() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (4, 3), archetype: "rogue"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    for kind in BOTH {
        let mut b = arena(kind, units, &[20, 15, 1]);
        let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
        let before = ac_of(&b, g, t);
        act(&mut b, c, TacticalD20Action::Assist { ally: t }).unwrap();
        assert_eq!(ac_of(&b, g, t), before + 4);
        assert_eq!(
            td::save(&b, t, td::Save::Reflex)
                .iter()
                .map(|m| m.value)
                .sum::<i32>(),
            2 + 3 - 3 + 4,
            "base 2 + DEX 3, lost while surprised, + 4"
        );
        let e = act(&mut b, c, TacticalD20Action::Assist { ally: g }).unwrap_err();
        assert!(
            matches!(e, Illegal::NoSlot { .. } | Illegal::Cannot { .. }),
            "{e}"
        );
        end(&mut b);
        end(&mut b);
        end(&mut b);
        assert!(
            !b.has(t, ConditionKind::Assisted),
            "over when Corwin's turn starts"
        );
        // Out of reach: refused.
        let e = act(&mut b, c, TacticalD20Action::Assist { ally: g }).unwrap_err();
        assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
    }
}

#[test]
fn dash_is_double_speed_in_a_straight_line_or_one_and_a_half_and_provokes() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        // 7 cells straight along the row: allowed (up to 12).
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Dash {
                to: Cell::new(12, 4),
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Standard, Spend::Dash)]);
        assert_eq!(offers(&ev).len(), 1, "leaving Corwin's reach provokes");
        react(&mut b, c, None);
        assert_eq!(b.pos(g), Cell::new(12, 4));
        let moved: u32 = since(&b, n)
            .iter()
            .filter_map(|e| match e {
                Event::Moved { cost, .. } => Some(*cost),
                _ => None,
            })
            .sum();
        assert_eq!(moved, 0, "a Dash does not use the Move action's speed");
    }
    // Not straight: at most 9 cells; into difficult terrain: refused.
    let map = ["..............", "..............", "......~~......"];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (0, 0), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (13, 2), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units, "", &[20, 1]);
    let c = id(&b, "Corwin");
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(12, 0)
            }
            .into()
        })
        .is_ok()
    );
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(13, 0),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::OutOfReach { .. }), "{e}");
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(6, 2),
            }
            .into(),
        })
        .unwrap_err();
    assert!(
        matches!(e, Illegal::OutOfReach { .. }),
        "difficult terrain: {e}"
    );
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Dash {
                to: Cell::new(5, 2)
            }
            .into()
        })
        .is_ok()
    );
}

#[test]
fn defend_guard_and_focus_add_3_2_and_1() {
    for kind in BOTH {
        let mut b = duel(kind, &[]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        let base = ac_of(&b, g, c);
        act(&mut b, c, TacticalD20Action::Defend).unwrap();
        assert_eq!(ac_of(&b, g, c), base + 3);
        act(&mut b, c, TacticalD20Action::Guard).unwrap();
        assert_eq!(ac_of(&b, g, c), base + 5);
        act(
            &mut b,
            c,
            TacticalD20Action::Focus {
                on: FocusOn::Defence,
            },
        )
        .unwrap();
        assert_eq!(ac_of(&b, g, c), base + 6);
        let fort: i32 = td::save(&b, c, td::Save::Fortitude)
            .iter()
            .map(|m| m.value)
            .sum();
        assert_eq!(fort, 3 + 2 + 3 + 2 + 1);
        // The turn is over (every slot used); the bonuses last until Corwin's next turn.
        assert_eq!(b.current(), Some(g));
        end(&mut b);
        assert_eq!(ac_of(&b, g, c), base);
        // Focus on attack: +1 to hit and to damage.
        b.dice_force_for_tests(&[12, 4]);
        act(
            &mut b,
            c,
            TacticalD20Action::Focus {
                on: FocusOn::Attack,
            },
        )
        .unwrap();
        let n = b.log().len();
        attack(&mut b, c, g, None).unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev)[0].3, 12 + 5 + 1);
        assert_eq!(damage(&ev), [(g, 4 + 3 + 1)]);
    }
}

#[test]
fn disarm_drops_the_item_and_a_failed_one_provokes_the_target() {
    for kind in BOTH {
        // Athletics +5 rolls 12 = 17 vs Grub's Reflex (surprised: 0) 10: success.
        let mut b = duel(kind, &[12, 10]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Disarm {
                target: g,
                item: None,
                send: None,
            },
        )
        .unwrap();
        assert_eq!(b.carried(g, 0), Some(Carried::Gone));
        assert_eq!(b.ground().len(), 1);
        assert_eq!(b.ground()[0].0, b.pos(g));
        // Failure: 2 + 5 = 7 vs 15 (next round Grub is no longer surprised).
        let (mut b, c, g) = grubs_turn(kind, &[2, 15]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::Disarm {
                target: c,
                item: None,
                send: None,
            },
        )
        .unwrap();
        assert_eq!(contests(&since(&b, n)), [(CheckPurpose::Disarm, false)]);
        assert_eq!(b.status(), Status::AwaitingReaction(c));
        b.dice_force_for_tests(&[18, 1]);
        react(&mut b, c, Some(ReactionKind::ReactionAttack));
        assert_eq!(damage(&since(&b, n)), [(g, 1 + 3)]);
    }
}

#[test]
fn trip_knocks_prone_and_prone_is_minus_4_against_melee_plus_4_against_ranged() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Tamsin", side: "Red", cell: (0, 4), archetype: "rogue", weapons: ["shortbow"]),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[20, 15, 1, 12, 3]);
        let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
        let (melee, ranged) = (ac_of(&b, c, g), ac_of(&b, t, g));
        act(&mut b, c, TacticalD20Action::Trip { target: g }).unwrap();
        assert!(b.has(g, ConditionKind::Prone));
        assert_eq!(ac_of(&b, c, g), melee - 4);
        assert_eq!(ac_of(&b, t, g), ranged + 4);
        end(&mut b);
        end(&mut b);
        // Grub: prone units cannot move; standing up is a Move action and provokes.
        let e = mv(&mut b, g, 8, 4).unwrap_err();
        assert!(
            matches!(
                e,
                Illegal::Condition {
                    condition: "prone",
                    ..
                }
            ),
            "{e}"
        );
        let n = b.log().len();
        act(&mut b, g, CommonAction::StandUp).unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(c));
        react(&mut b, c, None);
        let ev = since(&b, n);
        assert_eq!(slots_used(&ev), [(Slot::Move, Spend::StandUp)]);
        assert!(!b.has(g, ConditionKind::Prone));
    }
}

#[test]
fn push_moves_target_and_pusher_up_to_half_speed() {
    for kind in BOTH {
        let mut b = duel(kind, &[15, 3]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        assert_eq!(b.pos(g), Cell::new(8, 4), "3 cells straight away");
        assert_eq!(b.pos(c), Cell::new(7, 4), "the pusher follows");
        // Pushing into a wall: only as far as there is room.
        let map = ["......#.", "......#.", "......#."];
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "fighter")"#;
        let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 15, 3]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(
            &mut b,
            c,
            TacticalD20Action::Push {
                target: g,
                distance: None,
            },
        )
        .unwrap();
        assert_eq!(b.pos(g), Cell::new(5, 1));
    }
}

#[test]
fn sunder_damages_a_held_item_by_half_and_breaks_it_at_0() {
    // Attack +5 rolls 15 = 20 vs Reflex 10; damage 1d8 6 + 3 = 9, halved to 4 (sturdy).
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", weapons: ["club"])"#;
    let m = open(10, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    let mut b = field(
        GridKind::Square,
        &rows,
        units,
        r#"weapons: {"club": (damage: "1d6", hp: 8)}"#,
        &[20, 1, 15, 10, 6],
    );
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let n = b.log().len();
    act(
        &mut b,
        c,
        TacticalD20Action::Sunder {
            target: g,
            item: None,
        },
    )
    .unwrap();
    let ev = since(&b, n);
    let Some(Event::ItemDamaged {
        item,
        amount,
        hp_after,
        ..
    }) = ev.iter().find(|e| matches!(e, Event::ItemDamaged { .. }))
    else {
        panic!("{ev:?}");
    };
    assert_eq!((*item, *amount, *hp_after), (0, 4, 4));
    // Next turn: 8 + 3 = 11, halved to 5: broken.
    end(&mut b);
    end(&mut b);
    b.dice_force_for_tests(&[15, 10, 8]);
    act(
        &mut b,
        c,
        TacticalD20Action::Sunder {
            target: g,
            item: Some(0),
        },
    )
    .unwrap();
    assert_eq!(b.carried(g, 0), Some(Carried::Gone));
    assert_eq!(b.wear(g, 0), 9);
    assert!(
        b.weapon_for(g, c, None).is_err(),
        "nothing left to fight with"
    );
}

#[test]
fn grapple_restrains_both_and_the_turn_check_decides_who_acts() {
    for kind in BOTH {
        // Grapple: 12 + 5 vs Reflex 0 + 5.
        let mut b = duel(kind, &[12, 5]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        act(&mut b, c, TacticalD20Action::Grapple { target: g }).unwrap();
        assert!(b.has(c, ConditionKind::Restrained) && b.has(g, ConditionKind::Restrained));
        assert_eq!(
            b.slots(c, Slot::Move),
            0,
            "restrained: the Move action is lost"
        );
        assert!(mv(&mut b, c, 3, 4).is_err());
        assert!(
            attack(&mut b, c, g, None).is_err(),
            "restrained: no attacks"
        );
        end(&mut b);
        // Grub's turn: it lost its Move action; it tries to break free: 8 + 5 vs Corwin's
        // Reaction roll 10 + 5: Corwin wins and keeps the grapple.
        assert_eq!(b.slots(g, Slot::Move), 0);
        b.dice_force_for_tests(&[8, 10]);
        let n = b.log().len();
        act(&mut b, g, TacticalD20Action::BreakFree).unwrap();
        let ev = since(&b, n);
        assert_eq!(contests(&ev), [(CheckPurpose::GrappleCheck, false)]);
        assert!(ev.contains(&Event::Reacted {
            reactor: c,
            kind: ReactionKind::Resist,
            paid: vec![(Pool::Reaction, 1)]
        }));
        assert!(b.has(g, ConditionKind::Restrained));
        end(&mut b);
        // Corwin wins his check (15 vs 3) and attacks as part of the grapple: 11 hits.
        b.dice_force_for_tests(&[15, 3, 11, 2]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Attack,
            },
        )
        .unwrap();
        let ev = since(&b, n);
        assert_eq!(swings(&ev).len(), 1);
        assert_eq!(damage(&ev), [(g, 2 + 3)]);
        end(&mut b);
        // A tie (10 + 5 vs 10 + 5, equal bonuses) keeps the grapple and ends Grub's turn.
        b.dice_force_for_tests(&[10, 10]);
        act(
            &mut b,
            g,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Release,
            },
        )
        .unwrap();
        assert!(b.has(g, ConditionKind::Restrained));
        assert_eq!(b.current(), Some(c));
        // Corwin has no Reaction left (spent on the last resist? no: refreshed) — Grub's
        // next win frees both: Corwin releases.
        b.dice_force_for_tests(&[15, 1]);
        act(
            &mut b,
            c,
            TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Release,
            },
        )
        .unwrap();
        assert!(!b.has(c, ConditionKind::Restrained) && !b.has(g, ConditionKind::Restrained));
    }
}

// ---------------------------------------------------------------------------------------
// Move and Quick actions

#[test]
fn charge_dashes_straight_at_least_10_ft_then_attacks_at_plus_2_and_lowers_ac() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (7, 4), archetype: "fighter"),
            Unit(name: "Ogg", side: "Blue", cell: (1, 3), archetype: "fighter")"#;
        // Corwin first; Grub and Ogg act before the charge so they are not surprised.
        let mut b = arena(kind, units, &[1, 20, 15]);
        let (c, g, o) = (id(&b, "Corwin"), id(&b, "Grub"), id(&b, "Ogg"));
        end(&mut b);
        end(&mut b);
        assert_eq!(b.current(), Some(c));
        let base = ac_of(&b, g, c);
        b.dice_force_for_tests(&[10, 4]);
        let n = b.log().len();
        act(
            &mut b,
            c,
            TacticalD20Action::Charge {
                target: g,
                to: None,
            },
        )
        .unwrap();
        // Ogg may react to Corwin leaving its reach; Grub, the charged foe, may not.
        let o_offers = offers(&since(&b, n));
        assert_eq!(o_offers.len(), 1);
        assert_eq!(o_offers[0].0, o);
        react(&mut b, o, None);
        let ev = since(&b, n);
        assert_eq!(
            slots_used(&ev),
            [(Slot::Standard, Spend::Charge), (Slot::Move, Spend::Charge)]
        );
        let s = &swings(&ev)[0];
        assert_eq!(s.1, AttackKind::Charge);
        assert_eq!(s.3, 10 + 5 + 2);
        assert_eq!(damage(&ev), [(g, 4 + 3 + 2)]);
        assert_eq!(b.grid().distance(b.pos(c), b.pos(g)), 1);
        assert_eq!(ac_of(&b, g, c), base - 2, "charging: −2 AC");
    }
    // Too close for a 10 ft dash.
    let b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Charge {
                target: g,
                to: Some(Cell::new(4, 5)),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
}

#[test]
fn concentrate_against_dc_5_plus_5_per_foe_stops_provoking_for_a_round() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        assert_eq!(td::concentrate_dc(&b, g), 10);
        // Endurance: CON +2, 8 + 2 = 10: success.
        b.dice_force_for_tests(&[8]);
        act(&mut b, g, TacticalD20Action::Concentrate).unwrap();
        assert!(b.has(g, ConditionKind::Concentrating));
        let n = b.log().len();
        mv(&mut b, g, 8, 4).unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        let _ = c;
    }
}

#[test]
fn feint_against_will_leaves_the_target_surprised_until_the_feinters_next_turn() {
    for kind in BOTH {
        let (mut b, c, g) = grubs_turn(kind, &[]);
        let before = ac_of(&b, g, c);
        // Deception: CHA 0 → 14 vs Will 0 + 5.
        b.dice_force_for_tests(&[14, 5]);
        act(&mut b, g, TacticalD20Action::Feint { target: c }).unwrap();
        assert!(b.has(c, ConditionKind::Surprised));
        assert_eq!(ac_of(&b, g, c), before - 1, "no DEX to AC");
        end(&mut b);
        assert!(
            b.has(c, ConditionKind::Surprised),
            "through Corwin's own turn"
        );
        end(&mut b);
        assert!(
            !b.has(c, ConditionKind::Surprised),
            "until Grub's next turn"
        );
    }
}

#[test]
fn tumble_at_half_speed_without_provoking_and_a_failure_provokes() {
    for kind in BOTH {
        // Grub is a rogue: Agility DEX +3 + 4 ranks; DC 5 + 5 (Corwin) = 10.
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
        let mut b = arena(kind, units, &[20, 1]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        assert_eq!(td::tumble_plan(&b, g, Cell::new(8, 4)).unwrap().1, 10);
        assert!(
            td::tumble_plan(&b, g, Cell::new(9, 4)).is_err(),
            "half speed: 3 cells"
        );
        b.dice_force_for_tests(&[3]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(8, 4),
            },
        )
        .unwrap();
        assert!(offers(&since(&b, n)).is_empty());
        assert_eq!(b.pos(g), Cell::new(8, 4));
        // Failure: back past Corwin, provoking.
        let mut b = arena(kind, units, &[20, 1]);
        end(&mut b);
        b.dice_force_for_tests(&[1]);
        let n = b.log().len();
        act(
            &mut b,
            g,
            TacticalD20Action::TumbleTo {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        assert_eq!(offers(&since(&b, n)).len(), 1);
        let _ = c;
    }
}

#[test]
fn jump_over_a_pit_after_a_10_ft_run_up_and_a_failure_falls_prone() {
    let map = ["..........", "....__....", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (9, 2), archetype: "fighter")"#;
    // DC 5 + 2 × 5 = 15; Athletics +5 and +2 after the dash: 8 → 15.
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 8]);
    let c = id(&b, "Corwin");
    act(
        &mut b,
        c,
        TacticalD20Action::Jump {
            to: Cell::new(7, 1),
        },
    )
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(7, 1));
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 7]);
    act(
        &mut b,
        c,
        TacticalD20Action::Jump {
            to: Cell::new(7, 1),
        },
    )
    .unwrap();
    assert_eq!(b.pos(c), Cell::new(3, 1), "stopped at the edge");
    assert!(b.has(c, ConditionKind::Prone));
    // No run-up: refused.
    let units2 = r#"Unit(name: "Corwin", side: "Red", cell: (3, 1), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (9, 2), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units2, "", &[20, 1]);
    let e = b
        .check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Jump {
                to: Cell::new(7, 1),
            }
            .into(),
        })
        .unwrap_err();
    assert!(matches!(e, Illegal::Cannot { .. }), "{e}");
}

#[test]
fn overrun_knocks_down_a_foe_that_neither_steps_aside_nor_saves() {
    for kind in BOTH {
        let units = r#"Unit(name: "Corwin", side: "Red", cell: (1, 4), archetype: "fighter"),
            Unit(name: "Grub", side: "Blue", cell: (4, 4), archetype: "fighter")"#;
        let mut b = arena(kind, units, &[1, 20]);
        let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
        end(&mut b);
        // Athletics 10 + 5 + 2 = 17; Grub declines; Reflex 5 + 1 = 6: prone.
        b.dice_force_for_tests(&[10, 5]);
        act(
            &mut b,
            c,
            TacticalD20Action::Overrun {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        assert_eq!(b.status(), Status::AwaitingReaction(g));
        react(&mut b, g, None);
        assert!(b.has(g, ConditionKind::Prone));
        // The dash goes on past Grub and leaves its reach: that provokes as usual.
        react(&mut b, g, None);
        assert_eq!(b.pos(c), Cell::new(7, 4));
        assert_eq!(b.pos(g), Cell::new(4, 4));
        // Spending the Reaction steps aside instead.
        let mut b = arena(kind, units, &[1, 20]);
        end(&mut b);
        b.dice_force_for_tests(&[10]);
        act(
            &mut b,
            c,
            TacticalD20Action::Overrun {
                to: Cell::new(7, 4),
            },
        )
        .unwrap();
        react(&mut b, g, Some(ReactionKind::StepAside));
        assert!(!b.has(g, ConditionKind::Prone));
        assert_ne!(b.pos(g).y, 4);
        assert_eq!(b.pos(c), Cell::new(7, 4));
    }
}

#[test]
fn equip_draws_and_stows_as_a_move_action() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", weapons: ["longsword", "shield", "dagger"]),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1]);
    let c = id(&b, "Corwin");
    assert_eq!(b.carried(c, 2), Some(Carried::Stowed));
    let n = b.log().len();
    act(&mut b, c, CommonAction::Draw { item: 2 }).unwrap();
    assert!(b.held(c, 2));
    assert_eq!(slots_used(&since(&b, n)), [(Slot::Move, Spend::Equip)]);
    assert_eq!(b.free_hands(c), 0);
}

#[test]
fn command_says_13_words_at_most() {
    let mut b = duel(GridKind::Square, &[]);
    let c = id(&b, "Corwin");
    let long = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    let e = act(&mut b, c, TacticalD20Action::Command { text: long.into() }).unwrap_err();
    assert_eq!(e, Illegal::TooManyWords(14));
    act(
        &mut b,
        c,
        TacticalD20Action::Command {
            text: "Hold the line!".into(),
        },
    )
    .unwrap();
    assert!(b.log().iter().any(|l| l.event
        == Event::Said {
            unit: c,
            text: "Hold the line!".into()
        }));
    assert_eq!(b.slots(c, Slot::Quick), 0);
}

// ---------------------------------------------------------------------------------------
// Flanking, terrain, conditions

#[test]
fn flanking_from_the_exactly_opposite_cell_leaves_the_target_surprised_against_both() {
    for kind in BOTH {
        let grid = skirmish_rules::grid::Grid::new(kind, 16, 9);
        let (g_at, c_at) = (Cell::new(5, 4), Cell::new(4, 4));
        let opp = grid.opposite(c_at, g_at);
        let side = grid
            .neighbours(g_at)
            .into_iter()
            .find(|&n| n != c_at && n != opp && grid.distance(n, c_at) > 1)
            .unwrap();
        for (ally_at, flanked) in [(opp, true), (side, false)] {
            let units = format!(
                r#"Unit(name: "Corwin", side: "Red", cell: ({}, {}), archetype: "fighter"),
                Unit(name: "Tamsin", side: "Red", cell: ({}, {}), archetype: "fighter"),
                Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#,
                c_at.x, c_at.y, ally_at.x, ally_at.y
            );
            // Grub acts first so it is not surprised any more.
            let mut b = arena(kind, &units, &[2, 1, 20]);
            let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
            end(&mut b);
            let n = b.log().len();
            b.dice_force_for_tests(&[2]);
            attack(&mut b, c, g, None).unwrap();
            let s = &swings(&since(&b, n))[0];
            // Rogue AC 15 with DEX +3 in it.
            assert_eq!(
                s.4,
                if flanked { 12 } else { 15 },
                "{kind:?} ally at {ally_at}"
            );
        }
    }
    // A bow cannot flank.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (6, 4), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "rogue")"#;
    let mut b = arena(GridKind::Square, units, &[2, 1, 20]);
    end(&mut b);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    assert!(
        !td::flanked(&b, c, g, 0),
        "Tamsin threatens nothing with a bow"
    );
    assert!(!td::flanked(&b, t, g, 0));
}

#[test]
fn high_ground_cover_and_footing_give_plus_4() {
    // Corwin on high ground (^) above Grub: +4 to hit. A low wall (=) between Tamsin's
    // bow and Grub: +4 AC. Grub in mud (~) attacked from firm ground: +4 to hit.
    let map = ["....^.....", "...=~.....", "..........", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 0), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Red", cell: (2, 1), archetype: "rogue", weapons: ["shortbow"]),
        Unit(name: "Grub", side: "Blue", cell: (4, 1), archetype: "fighter")"#;
    let b = field(GridKind::Square, &map, units, "", &[20, 1, 15]);
    let (c, t, g) = (id(&b, "Corwin"), id(&b, "Tamsin"), id(&b, "Grub"));
    let a = td::attack_math(&b, c, g, 0, AttackKind::Normal);
    assert!(
        a.bonus
            .iter()
            .any(|m| m.name == "high ground" && m.value == 4),
        "{:?}",
        a.bonus
    );
    let r = td::attack_math(&b, t, g, 0, AttackKind::Normal);
    assert!(
        r.ac.iter().any(|m| m.name == "cover" && m.value == 4),
        "{:?}",
        r.ac
    );
    assert!(
        r.bonus
            .iter()
            .any(|m| m.name == "firm footing" && m.value == 4)
    );
    // Grub striking up at Corwin: Corwin's AC gets the +4.
    let up = td::attack_math(&b, g, c, 0, AttackKind::Normal);
    assert!(
        up.ac
            .iter()
            .any(|m| m.name == "high ground" && m.value == 4)
    );
}

#[test]
fn defending_behind_a_low_wall_hides_from_ranged_attacks() {
    let map = ["..........", "....=.....", ".........."];
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 2), archetype: "fighter"),
        Unit(name: "Tamsin", side: "Blue", cell: (4, 0), archetype: "rogue", weapons: ["shortbow"])"#;
    // Stealth: DEX +1, 9 + 1 = 10 ≥ 10.
    let mut b = field(GridKind::Square, &map, units, "", &[20, 1, 9]);
    let (c, t) = (id(&b, "Corwin"), id(&b, "Tamsin"));
    act(&mut b, c, TacticalD20Action::Defend).unwrap();
    assert!(b.has(c, ConditionKind::Cover));
    end(&mut b);
    let e = attack(&mut b, t, c, None).unwrap_err();
    assert_eq!(e, Illegal::Hidden("Corwin".into()));
}

#[test]
fn conditions_forbid_what_the_seed_says() {
    let with = |cond: &str| {
        let units = format!(
            r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", conditions: {{{cond}: UntilRemoved}}),
            Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#
        );
        // Crippled rolls its ability damage (two d4) before initiative.
        let dice: &[u32] = if cond == "Crippled" {
            &[2, 2, 20, 1]
        } else {
            &[20, 1]
        };
        arena(GridKind::Square, &units, dice)
    };
    let c = UnitId(0);
    let g = UnitId(1);
    // Stunned: no actions at all.
    let mut b = with("Stunned");
    assert!(matches!(
        attack(&mut b, c, g, None),
        Err(Illegal::Condition {
            condition: "stunned",
            ..
        })
    ));
    assert!(mv(&mut b, c, 2, 4).is_err());
    // Frightened: no offensive actions, but it may move.
    let mut b = with("Frightened");
    assert!(matches!(
        attack(&mut b, c, g, None),
        Err(Illegal::Condition {
            condition: "frightened",
            ..
        })
    ));
    assert!(act(&mut b, c, TacticalD20Action::Trip { target: g }).is_err());
    assert!(mv(&mut b, c, 2, 4).is_ok());
    // Fatigued: half speed, no Athletics, no STR to attack.
    let b = with("Fatigued");
    assert_eq!(td::speed(&b, c), 3);
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Trip { target: g }.into()
        })
        .is_err()
    );
    let a = td::attack_math(&b, c, g, 0, AttackKind::Normal);
    assert_eq!(a.total_bonus(), 2, "BAB 2; STR +3 taken away");
    // Encumbered and Crippled: half speed; Crippled costs 1d4 STR and DEX at once.
    assert_eq!(td::speed(&with("Encumbered"), c), 3);
    let b = with("Crippled");
    assert_eq!(td::speed(&b, c), 3);
    assert_eq!(
        b.stats(c).get(skirmish_rules::components::Stat::Str),
        16 - 2
    );
    // Restrained and Writhing lose the Move action every turn.
    assert_eq!(with("Writhing").slots(c, Slot::Move), 0);
    assert_eq!(with("Restrained").slots(c, Slot::Move), 0);
    // Blind: no ranged attacks; loses DEX to AC.
    let b = with("Blind");
    assert_eq!(ac_of(&b, g, c), 16);
    // Nauseated: no Endurance (Concentrate).
    let b = with("Nauseated");
    assert!(
        b.check(&Command::Act {
            unit: c,
            action: TacticalD20Action::Concentrate.into()
        })
        .is_err()
    );
    // Confused: no WIS to Will (a WIS-16 unit).
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter", stats: {Wis: 16}, conditions: {Confused: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;
    let b = arena(GridKind::Square, units, &[20, 1]);
    assert_eq!(
        td::save(&b, c, td::Save::Will)
            .iter()
            .map(|m| m.value)
            .sum::<i32>(),
        0
    );
}

#[test]
fn bleeding_deals_1d4_each_turn_keeps_a_total_and_survival_patches_it() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "warden", conditions: {Bleeding: UntilRemoved}),
        Unit(name: "Grub", side: "Blue", cell: (9, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 1, 3]);
    let c = id(&b, "Corwin");
    end(&mut b);
    assert_eq!(b.hp(c), 16 - 3);
    assert_eq!(b.bleed_taken(c), 3);
    end(&mut b);
    b.dice_force_for_tests(&[2]);
    end(&mut b);
    assert_eq!(b.bleed_taken(c), 5, "it accumulates");
    end(&mut b);
    // Patch: Survival WIS +2, ranks 4: 9 + 6 = 15 ≥ 10 + 5.
    b.dice_force_for_tests(&[9]);
    act(&mut b, c, TacticalD20Action::Patch { ally: c }).unwrap();
    assert!(!b.has(c, ConditionKind::Bleeding));
}

#[test]
fn at_0_hp_a_unit_falls_unconscious_below_0_it_is_dying_and_saves_each_round() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 4),
        Unit(name: "Ogg", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    // Corwin hits Grub for 5 + 3 = 8: HP −4.
    let mut b = arena(GridKind::Square, units, &[20, 2, 1, 15, 5]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    attack(&mut b, c, g, None).unwrap();
    assert_eq!(b.hp(g), -4);
    assert!(!b.alive(g));
    assert!(b.has(g, ConditionKind::Unconscious) && b.has(g, ConditionKind::Dying));
    assert_eq!(b.status(), Status::Turn(c), "Ogg still fights");
    // Grub's place in the order: a Fortitude save DC 10 + 4; 5 + 3 + 2 = 10 fails: −5.
    b.dice_force_for_tests(&[5]);
    end(&mut b);
    let saves: Vec<(i32, bool)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Save {
                kind: ConditionKind::Dying,
                target_number,
                success,
                ..
            } => Some((*target_number, *success)),
            _ => None,
        })
        .collect();
    assert_eq!(saves, [(14, false)]);
    assert_eq!(b.hp(g), -5);
    assert_eq!(b.current(), b.find("Ogg"), "a dying unit takes no turn");
    // At −CON (14) it dies.
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "ogre"),
        Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter", hp: 1, stats: {Con: 6}),
        Unit(name: "Ogg", side: "Blue", cell: (12, 4), archetype: "fighter")"#;
    let mut b = arena(GridKind::Square, units, &[20, 2, 1, 15, 9]);
    attack(&mut b, UnitId(0), UnitId(1), None).unwrap();
    assert!(b.has(UnitId(1), ConditionKind::Dead));
}

#[test]
fn the_crossroads_battle_matches_its_checked_in_event_log() {
    use skirmish_rules::record::record;
    use skirmish_rules::script::{Script, run};
    let l = level::load(&repo("tests/fixtures/d20-skirmish.ron")).unwrap();
    let script = Script::load(&repo("tests/fixtures/d20-skirmish-script.ron")).unwrap();
    let seed = l.seed.unwrap();
    let mut b = Battle::new(l, seed, script.dice.clone()).unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<String> = b.log().iter().map(|e| record(&b, e).text()).collect();
    let want = std::fs::read_to_string(repo("tests/fixtures/d20-skirmish-expected.txt"))
        .unwrap()
        .replace("\r\n", "\n");
    let want: Vec<&str> = want.lines().collect();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "event {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len());
    // It covers a waited attack, a charge, a trip, an opportunity attack on standing up,
    // secondary and tertiary attacks, crits and a win.
    for needle in [
        "Waited attack",
        "charge attack",
        "[trip]",
        "tertiary attack",
        "critical success",
        "battle_ended [Red wins]",
    ] {
        assert!(want.iter().any(|l| l.contains(needle)), "{needle}");
    }
}

#[test]
fn bad_commands_are_refused_with_a_reason_and_change_nothing() {
    let mut b = duel(GridKind::Square, &[]);
    let (c, g) = (id(&b, "Corwin"), id(&b, "Grub"));
    let before = b.log().len();
    let bad = [
        (
            Action::from(TacticalD20Action::Dash {
                to: Cell::new(99, 99),
            }),
            "is not a cell",
        ),
        (
            Action::from(TacticalD20Action::TumbleTo {
                to: Cell::new(-1, 0),
            }),
            "is not a cell",
        ),
        (
            Action::from(TacticalD20Action::TumbleTo {
                to: Cell::new(5, 4),
            }),
            "occupied by Grub",
        ),
        (
            Action::from(TacticalD20Action::Jump {
                to: Cell::new(4, 0),
            }),
            "nothing to jump over",
        ),
        (
            Action::from(TacticalD20Action::Trip { target: UnitId(42) }),
            "no unit with id 42",
        ),
        (
            Action::from(TacticalD20Action::Assist { ally: g }),
            "its own side",
        ),
        (
            Action::from(TacticalD20Action::Sunder {
                target: g,
                item: Some(9),
            }),
            "no item #9",
        ),
        (
            Action::from(TacticalD20Action::GrappleTurn {
                follow: GrappleFollow::Hold,
            }),
            "not in a grapple",
        ),
        (
            Action::from(TacticalD20Action::Command { text: "  ".into() }),
            "needs words",
        ),
        (
            Action::from(TacticalD20Action::Patch { ally: c }),
            "not bleeding",
        ),
        (
            Action::from(TacticalD20Action::Ready {
                trigger: skirmish_rules::engine::ReadyTrigger::EnemyEntersReach,
                response: skirmish_rules::engine::ReadyResponse::Attack,
                until: skirmish_rules::engine::ReadyUntil::RoundEnd,
            }),
            "until the waiter's next turn",
        ),
    ];
    for (a, want) in bad {
        let e = act(&mut b, c, a.clone()).unwrap_err().to_string();
        assert!(e.contains(want), "{a:?}: {e}");
    }
    let e = attack(&mut b, c, g, Some(Slot::Bonus))
        .unwrap_err()
        .to_string();
    assert!(e.contains("no Bonus action"), "{e}");
    assert_eq!(b.log().len(), before, "nothing happened");
    assert_eq!(b.slots(c, Slot::Standard), 1);
}

#[test]
fn every_failed_maneuver_provokes_its_target() {
    for kind in BOTH {
        for make in [
            |t| Action::from(TacticalD20Action::Trip { target: t }),
            |t| {
                Action::from(TacticalD20Action::Push {
                    target: t,
                    distance: None,
                })
            },
            |t| Action::from(TacticalD20Action::Grapple { target: t }),
            |t| {
                Action::from(TacticalD20Action::Disarm {
                    target: t,
                    item: None,
                    send: None,
                })
            },
        ] {
            // Athletics 1 + 5 against Reflex 20 + 1: a failure.
            let (mut b, c, g) = grubs_turn(kind, &[1, 20]);
            let a = make(c);
            act(&mut b, g, a.clone()).unwrap();
            assert_eq!(b.status(), Status::AwaitingReaction(c), "{a:?}");
            assert_eq!(b.window().unwrap().options, [ReactionKind::ReactionAttack]);
            assert!(!b.has(c, ConditionKind::Prone) && !b.has(c, ConditionKind::Restrained));
        }
    }
}
