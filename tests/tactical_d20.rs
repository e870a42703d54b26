//! `tactical-d20` (seed 004, "Action"): one scripted scenario per rule, through
//! `Battle::submit` — the path the window, the runner and the AI use. Dice are forced;
//! initiative takes one d20 per unit in level order.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{Carried, ConditionKind, Slot, UnitId};
use skirmish_rules::engine::{Action, FocusOn, GrappleFollow};
use skirmish_rules::event::{AttackKind, CheckPurpose, Event, Outcome, ReactionKind, Spend};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::rulesets::tactical_d20_actions as td;
use skirmish_rules::{Battle, Command, Illegal, level};

use crate::flow::{BOTH, id, since};

/// A tactical-d20 battle on `map` (rows) with sides Red and Blue.
pub fn field(kind: GridKind, map: &[&str], units: &str, extra: &str, dice: &[u32]) -> Battle {
    let map = map
        .iter()
        .map(|r| format!("\"{r}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        r##"Level(name: "field", ruleset: "tactical-d20", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {extra})"##
    );
    let l = level::parse(&src, "field").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

/// An open `w`×`h` map.
pub fn open(w: usize, h: usize) -> Vec<String> {
    (0..h).map(|_| ".".repeat(w)).collect()
}

fn arena(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
    let m = open(16, 9);
    let rows: Vec<&str> = m.iter().map(String::as_str).collect();
    field(kind, &rows, units, "", dice)
}

/// Red fighter "Corwin" at (4,4), Blue fighter "Grub" at (5,4); Corwin acts first.
const DUEL: &str = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;

fn duel(kind: GridKind, dice: &[u32]) -> Battle {
    let mut d = vec![20, 1];
    d.extend_from_slice(dice);
    let b = arena(kind, DUEL, &d);
    assert_eq!(b.current(), b.find("Corwin"));
    b
}

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
    })
}

fn act(b: &mut Battle, unit: UnitId, action: Action) -> Result<usize, Illegal> {
    b.submit(Command::Act { unit, action })
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
    b.submit(Command::React { unit, choice }).unwrap();
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

fn damage(ev: &[Event]) -> Vec<(UnitId, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damage { unit, amount, .. } => Some((*unit, *amount)),
            _ => None,
        })
        .collect()
}

fn offers(ev: &[Event]) -> Vec<(UnitId, Vec<ReactionKind>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor, options, ..
            } => Some((*reactor, options.clone())),
            _ => None,
        })
        .collect()
}

fn slots_used(ev: &[Event]) -> Vec<(Slot, Spend)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::SlotUsed { slot, on, .. } => Some((*slot, *on)),
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
                roll.modifiers.iter().map(|m| m.name.clone()).collect(),
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
    act(&mut b, t, Action::Sheathe { item: 0 }).unwrap_err(); // not its turn
    act(&mut b, c, Action::Give { item: 0, ally: t }).unwrap();
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
            Action::Step {
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
            Action::Step {
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
        act(&mut b, c, Action::Wait).unwrap();
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
