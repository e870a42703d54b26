//! escalation's triggered powers and readied powers (seed 001: "When it's not your turn,
//! you may take one Interrupt action before the start of your next turn"; "Interrupt: You
//! can use one of these per round outside of your turn"; "If this is Interrupt or Free,
//! there's typically a triggering event indicated"; "Ready a Quick, Move, or Standard
//! action … The readied action takes place immediately before the action that triggers
//! it"), through `Battle::submit` (and a script) with forced dice.

use skirmish_rules::battle::Status;
use skirmish_rules::components::{ConditionKind, Pool, Slot, UnitId};
use skirmish_rules::engine::{
    Action, CastAt, CommonAction, ReadyResponse, ReadyTrigger, ReadyUntil,
};
use skirmish_rules::event::{Event, Outcome, ReactionKind, Trigger};
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level;
use skirmish_rules::rulesets::escalation::{EscalationAction, melee_stance};
use skirmish_rules::{Battle, Command, Illegal};

use crate::escalation::field;
use crate::support::{id, since};

/// A battle on an open 10 × 6 square map with the level's own `extra` catalogue entries.
pub(crate) fn field_with(units: &str, extra: &str, dice: &[u32]) -> Battle {
    let row = format!("\"{}\"", ".".repeat(10));
    let map = vec![row; 6].join(", ");
    let src = format!(
        r##"Level(name: "esc", ruleset: "escalation", grid: Square, map: [{map}],
        sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                Side(name: "Foes", colour: "#c83c3c", role: Npc)],
        units: [{units}]{extra})"##
    );
    let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
    Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
}

fn power(b: &Battle, u: UnitId, name: &str) -> usize {
    b.abilities(u)
        .iter()
        .position(|a| a.name == name)
        .unwrap_or_else(|| panic!("{} knows no {name}", b.name(u)))
}

fn cast(b: &mut Battle, unit: UnitId, ability: usize, at: CastAt) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: Action::Common(CommonAction::Cast { ability, at }),
    })
}

fn act(b: &mut Battle, unit: UnitId, action: EscalationAction) -> Result<usize, Illegal> {
    b.submit(Command::Act {
        unit,
        action: action.into(),
    })
}

fn attack(b: &mut Battle, unit: UnitId, target: UnitId) {
    b.submit(Command::Attack {
        unit,
        target,
        weapon: None,
        slot: None,
        aim: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) {
    b.submit(Command::React {
        unit,
        choice,
        commit: 0,
        commits: Vec::new(),
    })
    .unwrap_or_else(|e| panic!("{e}"));
}

fn end(b: &mut Battle) {
    let u = b.current().expect("a turn");
    b.submit(Command::EndTurn { unit: u }).unwrap();
}

fn ready(b: &mut Battle, u: UnitId, trigger: ReadyTrigger, response: ReadyResponse) {
    act(
        b,
        u,
        EscalationAction::Ready {
            trigger,
            response,
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

/// (attacker, target, natural, total, target number, outcome) of every attack in `ev`.
fn attacks(ev: &[Event]) -> Vec<(UnitId, UnitId, i32, i32, i32, Outcome)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack {
                attacker,
                target,
                roll,
                target_number,
                outcome,
                ..
            } => Some((
                *attacker,
                *target,
                roll.natural(),
                roll.total,
                *target_number,
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

fn offered(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::ReactionOffered { .. }))
        .count()
}

/// A fighter next to a goblin (AC 15, 14 HP) that acts after it.
const DUEL: &str = r#"Unit(name: "Brannoc", side: "PCs", cell: (3, 2), archetype: "fighter"),
    Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1})"#;

#[test]
fn parry_and_riposte_strikes_the_engaged_attacker_before_its_attack_and_never_on_its_own_turn() {
    // The riposte: 3d6 [4,4,4] + Level 2 + Volition 3 = 17 vs AC 15, 1d8 [5] + 3 = 8.
    // Then the goblin's attack: [5,5,5] + 3 = 18 vs AC 17, 1d6 [3] + 2 = 5.
    let mut b = field(GridKind::Square, DUEL, &[4, 4, 4, 5, 5, 5, 5, 3]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    let parry = power(&b, f, "Parry and Riposte");
    // Never through a Cast on its own turn: refused, nothing paid.
    let e = cast(&mut b, f, parry, CastAt::Unit(g)).unwrap_err();
    assert!(
        e.to_string()
            .contains("Parry and Riposte is used outside its turn, when its trigger happens"),
        "{e}"
    );
    assert_eq!(b.slots(f, Slot::Standard), 1);
    assert_eq!(b.uses_left(f, parry), Some(1));
    end(&mut b);
    let mark = b.log().len();
    attack(&mut b, g, f);
    assert_eq!(b.status(), Status::AwaitingReaction(f));
    let w = b.window().expect("a window");
    assert_eq!(w.options, [ReactionKind::Interrupt(parry)]);
    assert_eq!(
        w.trigger,
        Trigger::PowerCue {
            by: g,
            target: f,
            attack: true
        }
    );
    assert!(attacks(&since(&b, mark)).is_empty(), "the attack waits");
    react(&mut b, f, Some(ReactionKind::Interrupt(parry)));
    let ev = since(&b, mark);
    assert_eq!(
        attacks(&ev),
        [
            (f, g, 12, 17, 15, Outcome::Success),
            (g, f, 15, 18, 17, Outcome::Success)
        ],
        "the riposte first, then the attack"
    );
    assert_eq!(b.hp(g), 14 - 8);
    assert_eq!(b.hp(f), 34 - 5);
    // Its Interrupt (until its next turn) and its one use.
    assert!(ev.iter().any(|e| matches!(e,
        Event::Reacted { reactor, paid, .. } if *reactor == f && paid == &[(Pool::Interrupt, 1)])));
    assert_eq!(b.pool(f, Pool::Interrupt), 0);
    assert_eq!(b.uses_left(f, parry), Some(0));
    // The log names the power.
    let lines: Vec<String> = skirmish_rules::sentence::lines(&b)
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(
        lines
            .iter()
            .any(|l| l == "Brannoc may react: Parry and Riposte (Interrupt)."),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Brannoc reacts: Parry and Riposte (Interrupt)!"),
        "{lines:?}"
    );
}

/// A cleric behind a rogue (AC 15) next to a goblin; a second goblin next to the rogue.
const LINE: &str = r#"Unit(name: "Wen", side: "PCs", cell: (2, 2), archetype: "cleric"),
    Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
    Unit(name: "Snitch", side: "Foes", cell: (4, 2), archetype: "goblin", stats: {Band: 1}),
    Unit(name: "Grub", side: "Foes", cell: (3, 3), archetype: "goblin", stats: {Band: 1})"#;

#[test]
fn shield_of_faith_gives_the_attacked_ally_2_to_its_defences_for_that_attack_only() {
    // The goblin: [4,4,5] + 3 = 16: a hit on AC 15, a miss on 17.
    let mut b = field(GridKind::Square, LINE, &[4, 4, 5]);
    let (c, r, g) = (id(&b, "Wen"), id(&b, "Lisk"), id(&b, "Snitch"));
    let shield = power(&b, c, "Shield of Faith");
    end(&mut b);
    end(&mut b);
    assert_eq!(b.current(), Some(g));
    let mark = b.log().len();
    attack(&mut b, g, r);
    assert_eq!(
        b.status(),
        Status::AwaitingReaction(c),
        "the cleric is asked"
    );
    assert_eq!(
        b.window().map(|w| w.options.clone()),
        Some(vec![ReactionKind::Interrupt(shield)])
    );
    react(&mut b, c, Some(ReactionKind::Interrupt(shield)));
    let ev = since(&b, mark);
    assert_eq!(attacks(&ev), [(g, r, 13, 16, 17, Outcome::Failure)]);
    let added = ev.iter().position(|e| {
        matches!(e, Event::ConditionAdded { unit, kind: ConditionKind::Shielded, .. } if *unit == r)
    });
    let roll = ev.iter().position(|e| matches!(e, Event::Attack { .. }));
    let removed = ev.iter().position(|e| {
        matches!(e, Event::ConditionRemoved { unit, kind: ConditionKind::Shielded, .. } if *unit == r)
    });
    assert!(
        added < roll && roll < removed,
        "{added:?} {roll:?} {removed:?}"
    );
    assert!(!b.has(r, ConditionKind::Shielded), "only for that attack");
    assert_eq!(b.hp(r), 26);
    assert_eq!(b.pool(c, Pool::Interrupt), 0);
    assert_eq!(b.uses_left(c, shield), Some(1), "twice a battle");
}

#[test]
fn one_interrupt_until_its_next_turn_a_second_trigger_offers_nothing_and_never_spends_nothing() {
    // Round 1: Snitch [4,4,5] (shielded: a miss), Grub [1,1,1]. Round 2: Snitch [1,1,1]
    // (declined), Grub [1,1,1] (the AI's answer).
    let mut b = field(
        GridKind::Square,
        LINE,
        &[4, 4, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    let (c, r, g, h) = (
        id(&b, "Wen"),
        id(&b, "Lisk"),
        id(&b, "Snitch"),
        id(&b, "Grub"),
    );
    let shield = ReactionKind::Interrupt(power(&b, c, "Shield of Faith"));
    end(&mut b);
    end(&mut b);
    attack(&mut b, g, r);
    react(&mut b, c, Some(shield));
    end(&mut b);
    let mark = b.log().len();
    attack(&mut b, h, r);
    assert_eq!(b.status(), Status::Turn(h));
    assert_eq!(offered(&since(&b, mark)), 0, "its Interrupt is spent");
    end(&mut b);
    // Round 2: its own turn gives it back.
    assert_eq!(b.current(), Some(r));
    end(&mut b);
    assert_eq!(b.current(), Some(c));
    assert_eq!(b.pool(c, Pool::Interrupt), 1);
    end(&mut b);
    // "Never" (or a player's N): declined, nothing spent.
    attack(&mut b, g, r);
    assert_eq!(b.status(), Status::AwaitingReaction(c));
    react(&mut b, c, None);
    assert_eq!(b.pool(c, Pool::Interrupt), 1);
    assert_eq!(b.uses_left(c, 2), Some(1));
    end(&mut b);
    // "Auto": the AI's answer. Shielding turns a 12 or 13 into a miss (about 21%) of a
    // 1d6 + 2 hit: worth it.
    attack(&mut b, h, r);
    assert_eq!(b.status(), Status::AwaitingReaction(c));
    let auto = skirmish_rules::ai::react(&b);
    assert_eq!(auto, Some(shield));
    react(&mut b, c, auto);
    assert_eq!(b.pool(c, Pool::Interrupt), 0);
    assert_eq!(b.uses_left(c, 2), Some(0));
}

#[test]
fn the_ai_answers_a_trigger_by_expected_value() {
    // The riposte: about 74% to hit for 1d8 + 3: taken.
    let mut b = field(GridKind::Square, DUEL, &[]);
    let (f, g) = (id(&b, "Brannoc"), id(&b, "Snitch"));
    end(&mut b);
    attack(&mut b, g, f);
    assert_eq!(
        skirmish_rules::ai::react(&b),
        Some(ReactionKind::Interrupt(3))
    );
    // A ward for an ally the goblin only hits on a crit either way: worth nothing, kept.
    let units = LINE.replace(
        r#"archetype: "rogue")"#,
        r#"archetype: "rogue", stats: {Ac: 30})"#,
    );
    let mut b = field(GridKind::Square, &units, &[]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    end(&mut b);
    end(&mut b);
    attack(&mut b, g, r);
    assert!(matches!(b.status(), Status::AwaitingReaction(_)));
    assert_eq!(skirmish_rules::ai::react(&b), None);
}

/// A warden with a triggered Free power (Duck: it shields itself when attacked) and an
/// Interrupt for an enemy stepping next to it (Stop Hit).
pub(crate) const WARDEN: &str = r#", abilities: {
        "Duck": (kind: Ability, target: User, action: Some(Free),
            trigger: Some(EnemyAttacksYou(engaged: false)), uses: Some(2),
            effects: [Condition(kind: Shielded, duration: UntilSourceTurnStart)]),
        "Stop Hit": (kind: Ability, target: One(range: 1), resolve: Attack(vs: Armour),
            action: Some(Interrupt), trigger: Some(EnemyEngagesYou),
            effects: [Damage(dice: "1d4+3")]),
    },
    archetypes: {"warden": (hp: 30, stats: {Level: 2, Volition: 3, Ac: 15, Pd: 14, Md: 12, Band: 2},
        weapons: ["longsword"], abilities: ["Duck", "Stop Hit"])}"#;

#[test]
fn a_triggered_free_power_costs_no_interrupt_and_an_enemy_stepping_next_sets_one_off() {
    let units = r#"Unit(name: "Vale", side: "PCs", cell: (3, 2), archetype: "warden"),
        Unit(name: "Snitch", side: "Foes", cell: (2, 2), archetype: "goblin", stats: {Band: 1}),
        Unit(name: "Grub", side: "Foes", cell: (7, 2), archetype: "goblin", stats: {Band: 1})"#;
    // Snitch [4,4,5] + 3 = 16 vs AC 15 + 2: a miss. Stop Hit on Grub: [4,4,4] + 5 = 17 vs
    // AC 15, 1d4 [2] + 3 = 5. Grub's attack (Duck declined): [1,1,1].
    let mut b = field_with(units, WARDEN, &[4, 4, 5, 4, 4, 4, 2, 1, 1, 1]);
    let (v, s, g) = (id(&b, "Vale"), id(&b, "Snitch"), id(&b, "Grub"));
    let e = cast(&mut b, v, 0, CastAt::User).unwrap_err();
    assert!(
        e.to_string().contains("Duck is used outside its turn"),
        "{e}"
    );
    end(&mut b);
    attack(&mut b, s, v);
    assert_eq!(
        b.window().map(|w| w.options.clone()),
        Some(vec![ReactionKind::FreePower(0)])
    );
    let mark = b.log().len();
    react(&mut b, v, Some(ReactionKind::FreePower(0)));
    let ev = since(&b, mark);
    assert_eq!(attacks(&ev), [(s, v, 13, 16, 17, Outcome::Failure)]);
    assert_eq!(
        b.pool(v, Pool::Interrupt),
        1,
        "a Free power spends no Interrupt"
    );
    assert_eq!(b.uses_left(v, 0), Some(1));
    end(&mut b);
    // Grub walks up: its step next to Vale sets off Stop Hit before it goes on.
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert_eq!(b.status(), Status::AwaitingReaction(v));
    assert_eq!(
        b.window().map(|w| w.trigger.clone()),
        Some(Trigger::PowerCue {
            by: g,
            target: v,
            attack: false
        })
    );
    react(&mut b, v, Some(ReactionKind::Interrupt(1)));
    assert_eq!(b.hp(g), 14 - 5);
    assert_eq!(b.pool(v, Pool::Interrupt), 0);
    attack(&mut b, g, v);
    // Duck is still offered (free); Stop Hit's Interrupt is gone.
    assert_eq!(
        b.window().map(|w| w.options.clone()),
        Some(vec![ReactionKind::FreePower(0)])
    );
    react(&mut b, v, None);
    assert_eq!(b.hp(v), 30);
}

#[test]
fn a_readied_power_springs_before_the_enemys_attack() {
    // Throat Jab readied: [4,4,4] + 5 = 17 vs PD 13, 2d6 [2,2] + 3 = 7 and Weakened;
    // then the goblin's attack at 1 Disadvantage: [5,5,5,6] keeps 15, + 3 = 18 vs AC 15,
    // 1d6 [1] + 2 = 3.
    let units = r#"Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue"),
        Unit(name: "Snitch", side: "Foes", cell: (6, 2), archetype: "goblin", stats: {Band: 1})"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 2, 2, 5, 5, 5, 6, 1]);
    let (r, g) = (id(&b, "Lisk"), id(&b, "Snitch"));
    let jab = power(&b, r, "Throat Jab");
    ready(
        &mut b,
        r,
        ReadyTrigger::EnemyEntersReach,
        ReadyResponse::Power { ability: jab },
    );
    assert_eq!(b.slots(r, Slot::Standard), 0, "its Standard, paid now");
    assert_eq!(b.uses_left(r, jab), Some(1));
    end(&mut b);
    let mark = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    attack(&mut b, g, r);
    let ev = since(&b, mark);
    assert!(ev.contains(&Event::ReadyTriggered { unit: r, by: g }));
    assert_eq!(
        attacks(&ev),
        [
            (r, g, 12, 17, 13, Outcome::Success),
            (g, r, 15, 18, 15, Outcome::Success)
        ]
    );
    assert_eq!(b.hp(g), 14 - 7);
    assert!(b.has(g, ConditionKind::Weakened));
    assert_eq!(b.hp(r), 26 - 3);
    assert_eq!(b.uses_left(r, jab), Some(0));
    // The log names the readied power.
    let text: Vec<String> = skirmish_rules::sentence::lines(&b)
        .into_iter()
        .map(|l| l.text)
        .collect();
    assert!(
        text.iter()
            .any(|l| l.contains("Throat Jab when an enemy enters reach")),
        "{text:?}"
    );
}

#[test]
fn readying_refuses_a_triggered_power_and_a_power_out_of_its_stance() {
    let mut b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    let parry = power(&b, f, "Parry and Riposte");
    let e = act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyEntersReach,
            response: ReadyResponse::Power { ability: parry },
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("not a Quick, Move or Standard action"),
        "{e}"
    );
    act(&mut b, f, EscalationAction::SwitchStance).unwrap();
    let blow = power(&b, f, "Staggering Blow");
    let e = act(
        &mut b,
        f,
        EscalationAction::Ready {
            trigger: ReadyTrigger::EnemyWithin { cells: 2 },
            response: ReadyResponse::Power { ability: blow },
            until: ReadyUntil::NextTurn,
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("needs the other stance"), "{e}");
    assert_eq!(b.slots(f, Slot::Standard), 1, "refused, nothing paid");
}

#[test]
fn a_readied_quick_action_goes_off_and_costs_the_quick_action_on_the_next_turn() {
    // The goblin acts first each round. The ranger (ranged stance) readies a Switch
    // Stance for an enemy next to it; it goes off in round 2 before its turn.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Tarrow", side: "PCs", cell: (3, 2), archetype: "ranger")"#;
    let mut b = field(GridKind::Square, units, &[]);
    let (g, r) = (id(&b, "Snitch"), id(&b, "Tarrow"));
    end(&mut b);
    assert!(!melee_stance(&b, r));
    ready(
        &mut b,
        r,
        ReadyTrigger::EnemyWithin { cells: 1 },
        ReadyResponse::SwitchStance,
    );
    assert_eq!(
        (
            b.slots(r, Slot::Quick),
            b.slots(r, Slot::Move),
            b.slots(r, Slot::Standard)
        ),
        (0, 1, 1),
        "a Quick action, paid now"
    );
    end(&mut b);
    assert_eq!(b.current(), Some(g));
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    assert!(since(&b, 0).contains(&Event::ReadyTriggered { unit: r, by: g }));
    assert!(
        melee_stance(&b, r),
        "the stance switched before the goblin acts"
    );
    end(&mut b);
    assert_eq!(b.current(), Some(r));
    assert_eq!(
        (
            b.slots(r, Slot::Quick),
            b.slots(r, Slot::Move),
            b.slots(r, Slot::Standard)
        ),
        (0, 1, 1),
        "it can't use the type of action it readied this turn"
    );
}

#[test]
fn a_readied_power_that_goes_off_next_round_costs_its_action_type_and_a_script_drives_it() {
    use skirmish_rules::script::{Script, run};
    // Round 1: the goblin waits; Lisk readies Throat Jab (Standard). Round 2: the goblin
    // steps up, the jab goes off ([4,4,4] hit, [2,2] + 3); then Lisk's turn: no Standard.
    let units = r#"Unit(name: "Snitch", side: "Foes", cell: (8, 2), archetype: "goblin", stats: {Band: 4}),
        Unit(name: "Lisk", side: "PCs", cell: (3, 2), archetype: "rogue")"#;
    let mut b = field(GridKind::Square, units, &[4, 4, 4, 2, 2]);
    let script = Script::parse(
        r#"Script(commands: [
            EndTurn,
            Do(unit: "Lisk", action: Ready(trigger: EnemyEntersReach, response: Power(ability: 1))),
            EndTurn,
            Move(unit: "Snitch", to: (4, 2)),
            EndTurn,
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    let (g, r) = (id(&b, "Snitch"), id(&b, "Lisk"));
    assert_eq!(b.hp(g), 14 - 7);
    assert_eq!(b.current(), Some(r));
    assert_eq!(b.slots(r, Slot::Standard), 0);
    assert_eq!(b.slots(r, Slot::Move), 1);
    assert_eq!(b.slots(r, Slot::Quick), 1);
}

#[test]
fn a_script_answers_an_interrupt_by_its_index() {
    use skirmish_rules::script::{Script, run};
    let mut b = field(GridKind::Square, DUEL, &[4, 4, 4, 5, 1, 1, 1]);
    let script = Script::parse(
        r#"Script(commands: [
            EndTurn,
            Attack(unit: "Snitch", target: "Brannoc"),
            React(unit: "Brannoc", choice: Interrupt(3)),
        ])"#,
    )
    .unwrap();
    run(&mut b, &script).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.hp(id(&b, "Snitch")), 14 - 8);
    assert_eq!(b.pool(id(&b, "Brannoc"), Pool::Interrupt), 0);
}

#[test]
fn the_action_bar_readies_a_power_of_its_choice_and_a_stance_switch() {
    let b = field(GridKind::Square, DUEL, &[]);
    let f = id(&b, "Brannoc");
    let rules = skirmish_rules::rulesets::view_of(&b).expect("registered");
    let spec = |label: &str| {
        rules
            .actions()
            .iter()
            .find(|a| a.label == label)
            .unwrap_or_else(|| panic!("no {label} on the bar"))
    };
    let pick = skirmish_rules::rulesets::ui::Pick::Nothing;
    let cmd = (spec("Ready power").build)(&b, f, &pick).expect("a command");
    assert_eq!(rules.cost_words(&b, &cmd).unwrap(), "Standard");
    let ch = rules.choice(&b, &cmd).expect("a choice of powers");
    let labels: Vec<&str> = ch.options.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Brutal Strike (Standard, escalation die at 2 or more) when an enemy steps next to you",
            "Staggering Blow (Standard) when an enemy steps next to you",
            "Second Wind (Quick) when an enemy steps next to you",
        ],
        "the Interrupt is not readied"
    );
    // Second Wind readied is priced as the Quick action it is.
    assert_eq!(rules.cost_words(&b, &ch.options[2].1).unwrap(), "Quick");
    for (_, c) in &ch.options {
        b.check(c).unwrap_or_else(|e| panic!("{e}"));
    }
    let cmd = (spec("Ready stance switch").build)(&b, f, &pick).expect("a command");
    assert_eq!(rules.cost_words(&b, &cmd).unwrap(), "Quick");
    b.check(&cmd).unwrap();
}

#[test]
fn an_interrupt_needs_a_trigger_and_a_trigger_needs_an_interrupt_or_free_power() {
    use skirmish_rules::abilities::{Ability, problems};
    let parse = |text: &str| -> Ability { ron::from_str(text).unwrap_or_else(|e| panic!("{e}")) };
    let a = parse(
        r#"(name: "Lurch", kind: Ability, target: User, action: Some(Interrupt),
            effects: [Heal(dice: "1d4")])"#,
    );
    assert_eq!(
        problems(&a),
        ["`Lurch`: an Interrupt needs a `trigger` (it is used outside its turn, on it)"]
    );
    let a = parse(
        r#"(name: "Lurch", kind: Ability, target: User, action: Some(Quick),
            trigger: Some(EnemyEngagesYou), effects: [Heal(dice: "1d4")])"#,
    );
    assert_eq!(problems(&a).len(), 1, "{:?}", problems(&a));
    let a = parse(
        r#"(name: "Lurch", kind: Ability, target: User, action: Some(Free),
            trigger: Some(EnemyAttacksAlly(cells: 3)), effects: [Heal(dice: "1d4")])"#,
    );
    assert!(problems(&a).is_empty());
}

/// An enemy's step next to two wardens at once offers each its Stop Hit, in turn order,
/// the second when the first declines; with eleven units on the field, so the step's
/// reactors come through the cell index (`Battle::units_within`), not a scan of everyone.
#[test]
fn a_step_next_to_two_wardens_offers_both_in_turn_order_through_the_cell_index() {
    let fillers: String = (0..8)
        .map(|i| {
            format!(
                ", Unit(name: \"F{i}\", side: \"Foes\", cell: ({i}, 5), archetype: \"goblin\", stats: {{Band: 1}})"
            )
        })
        .collect();
    let units = format!(
        r#"Unit(name: "Vale", side: "PCs", cell: (3, 2), archetype: "warden"),
        Unit(name: "Ward", side: "PCs", cell: (3, 1), archetype: "warden", stats: {{Band: 9}}),
        Unit(name: "Grub", side: "Foes", cell: (7, 2), archetype: "goblin", stats: {{Band: 1}}){fillers}"#
    );
    let mut b = field_with(&units, WARDEN, &[]);
    let (v, w, g) = (id(&b, "Vale"), id(&b, "Ward"), id(&b, "Grub"));
    while b.current() != Some(g) {
        end(&mut b);
    }
    let at = |u: UnitId| {
        b.order()
            .iter()
            .position(|&o| o == u)
            .expect("in the order")
    };
    // Ward's higher band puts it ahead of Vale in the turn order, against the level's
    // order: the offers must follow the turn order, not the roster.
    assert!(at(w) < at(v), "Ward acts before Vale");
    let (first, second) = (w, v);
    let mark = b.log().len();
    b.submit(Command::Move {
        unit: g,
        to: Cell::new(4, 2),
    })
    .unwrap();
    let cue = Some(Trigger::PowerCue {
        by: g,
        target: first,
        attack: false,
    });
    assert_eq!(b.status(), Status::AwaitingReaction(first));
    assert_eq!(b.window().map(|x| x.trigger.clone()), cue);
    react(&mut b, first, None);
    assert_eq!(b.status(), Status::AwaitingReaction(second));
    assert_eq!(
        b.window().map(|x| x.trigger.clone()),
        Some(Trigger::PowerCue {
            by: g,
            target: second,
            attack: false
        })
    );
    react(&mut b, second, None);
    assert_eq!(b.pos(g), Cell::new(4, 2));
    // Two power cues in all (Ward is then offered to intercept for Vale: another rule).
    let cues = since(&b, mark)
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::ReactionOffered {
                    trigger: Trigger::PowerCue { .. },
                    ..
                }
            )
        })
        .count();
    assert_eq!(cues, 2);
}
