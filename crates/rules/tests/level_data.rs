//! The level data the last two seeds need (issue 28, hook 9; `docs/levels.md`, "Data for
//! the coming seeds"): feats, the magical tag and magical armour, hidden units, hazard
//! and exit cells, the initiator flag, and the conditions each ruleset claims as its own
//! (`Ruleset::own_conditions`). Each is read into `Level`/`UnitDef`, answered by a
//! `Battle` query, and refused at its place when wrong (the bad fixture
//! `tests/fixtures/bad/hazards-exits-feats.ron` holds the exact messages).

use skirmish_rules::battle::Battle;
use skirmish_rules::components::{ConditionKind, WeaponTag};
use skirmish_rules::engine::{Action, CastAt, Command, CommonAction};
use skirmish_rules::grid::Cell;
use skirmish_rules::level::{self, HazardKind};
use skirmish_rules::rulesets::{Registry, RulesetId, condition_refusal, foreign_conditions};

use crate::support::{id, repo};

/// A flow level on a 5×3 map with a wall at (2, 0), the new fields in `extra` (level
/// fields) and in the units' entries.
fn flow_level(units: &str, extra: &str) -> String {
    format!(
        r##"Level(name: "data", ruleset: "flow", grid: Square, map: ["..#..", ".....", "....."],
    sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
    weapons: {{"rune blade": (damage: "1d8", tags: [Magical])}},
    archetypes: {{"warden": (hp: 12, stats: {{Agility: 50, Melee: 50}}, weapons: ["rune blade"],
        feats: ["Reach", "Athlete"], magical_armour: true)}},
    units: [{units}]{extra})"##
    )
}

/// Ann (a warden with her own feat, hidden) and Bob (a fighter, the initiator), with a
/// trap, falling rocks and two exits.
const UNITS: &str = r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "warden",
        feats: ["Sneak attack", "Reach"], hidden: true),
    Unit(name: "Bob", side: "Blue", cell: (4, 2), archetype: "fighter", initiator: true)"#;

const CELLS: &str = r#", hazards: [Hazard(cell: (1, 1), kind: Trap(dc: 12, damage: "1d6")),
        Hazard(cell: (3, 1), kind: FallingRocks(dc: 14, damage: "2d6")),
        Hazard(cell: (2, 2), kind: MagicalBurst(dc: 13, damage: "2d6", radius: 2))],
    exits: [(4, 0), (0, 2)]"#;

#[test]
fn the_fixture_shows_each_new_field_and_the_loader_keeps_it() {
    let src = std::fs::read_to_string(repo("tests/fixtures/melee-zone-unplayable.ron")).unwrap();
    let l = level::parse(&src, "melee-zone-unplayable.ron").unwrap_or_else(|e| panic!("{e}"));
    let (a, b) = (&l.units[0], &l.units[1]);
    assert_eq!(
        a.feats,
        ["Reach", "Sneak attack"],
        "the archetype's, then its own"
    );
    assert!(a.magical_armour && !b.magical_armour);
    assert!(a.hidden && !b.hidden);
    assert!(b.initiator && !a.initiator);
    assert!(a.weapons[0].has(WeaponTag::Magical));
    assert!(b.feats.is_empty());
    let h: Vec<_> = l
        .hazards
        .iter()
        .map(|h| (h.cell, h.kind, h.dc, h.damage.to_string()))
        .collect();
    assert_eq!(
        h,
        [
            (Cell::new(1, 1), HazardKind::Trap, 12, "1d6".to_string()),
            (
                Cell::new(2, 0),
                HazardKind::FallingRocks,
                14,
                "2d6".to_string()
            ),
        ]
    );
    assert_eq!(l.exits, [Cell::new(3, 0)]);
}

#[test]
fn a_battle_answers_feats_flags_hazards_and_exits() {
    let l = level::parse(&flow_level(UNITS, CELLS), "data.ron").unwrap_or_else(|e| panic!("{e}"));
    let b = Battle::new(l, 1, Vec::new()).unwrap();
    let (ann, bob) = (id(&b, "Ann"), id(&b, "Bob"));
    assert!(b.has_feat(ann, "Reach") && b.has_feat(ann, "Sneak attack"));
    assert!(!b.has_feat(ann, "reach"), "names are compared exactly");
    assert_eq!(b.feats(ann), ["Reach", "Athlete", "Sneak attack"]);
    assert!(!b.has_feat(bob, "Reach"));
    assert!(b.hidden(ann) && !b.hidden(bob));
    assert!(b.initiator(bob) && !b.initiator(ann));
    assert!(b.magical_armour(ann) && !b.magical_armour(bob));
    assert!(b.weapons(ann)[0].has(WeaponTag::Magical));
    assert!(!b.weapons(bob).iter().any(|w| w.has(WeaponTag::Magical)));
    let trap = b.hazard_at(Cell::new(1, 1)).expect("a trap");
    assert_eq!(
        (trap.kind, trap.dc, trap.damage.to_string()),
        (HazardKind::Trap, 12, "1d6".into())
    );
    let rocks = b.hazard_at(Cell::new(3, 1)).expect("falling rocks");
    assert_eq!((rocks.kind, rocks.dc), (HazardKind::FallingRocks, 14));
    let rune = b.hazard_at(Cell::new(2, 2)).expect("a magical burst");
    assert_eq!(
        (rune.kind, rune.dc, rune.damage.to_string()),
        (HazardKind::MagicalBurst { radius: 2 }, 13, "2d6".into())
    );
    assert!(rune.kind.magical() && !rocks.kind.magical() && !trap.kind.magical());
    assert!(b.hazard_at(Cell::new(0, 0)).is_none());
    assert!(b.is_exit(Cell::new(4, 0)) && b.is_exit(Cell::new(0, 2)));
    assert!(!b.is_exit(Cell::new(1, 1)));
}

#[test]
fn the_new_fields_are_optional_and_a_units_armour_overrides_its_archetypes() {
    let units = r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "warden", magical_armour: false),
        Unit(name: "Bob", side: "Blue", cell: (4, 2), archetype: "fighter", magical_armour: true)"#;
    let l = level::parse(&flow_level(units, ""), "data.ron").unwrap_or_else(|e| panic!("{e}"));
    assert!(!l.units[0].magical_armour && l.units[1].magical_armour);
    assert!(!l.units[0].hidden && !l.units[0].initiator);
    assert_eq!(l.units[0].feats, ["Reach", "Athlete"]);
    assert!(l.hazards.is_empty() && l.exits.is_empty());
    // The shipped levels name none of it (but melee-zone's: exits and an initiator;
    // counters' shrine: hazards for its Counteraction).
    for f in std::fs::read_dir(repo("levels")).unwrap() {
        let path = f.unwrap().path();
        if path.to_string_lossy().contains("melee-zone") {
            continue;
        }
        let l = level::load(&path).unwrap();
        let shrine = path.to_string_lossy().contains("counters-shrine");
        assert!((shrine || l.hazards.is_empty()) && l.exits.is_empty());
        assert!(l.units.iter().all(|u| !u.hidden && !u.initiator));
    }
}

/// Each problem is placed at its entry, and every problem of the file is listed.
#[test]
fn bad_feats_hazards_and_exits_are_refused_at_their_place() {
    let units = r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "warden",
        feats: ["Reach", "Reach"]),
    Unit(name: "Bob", side: "Blue", cell: (4, 2), archetype: "fighter")"#;
    let cells = r#", hazards: [Hazard(cell: (2, 0), kind: Trap(dc: 12, damage: "1d6")),
        Hazard(cell: (0, 1), kind: Trap(dc: 101, damage: "d")),
        Hazard(cell: (1, 1), kind: Trap(dc: 9, damage: "1d6")), Hazard(cell: (1, 1), kind: Trap(dc: 9, damage: "1d6"))],
    exits: [(5, 0), (2, 0)]"#;
    let e = level::parse(&flow_level(units, cells), "bad.ron")
        .unwrap_err()
        .to_string();
    let lines: Vec<&str> = e.lines().collect();
    let expected = [
        "bad.ron:7:26: feat `Reach` is listed twice",
        "bad.ron:8:98: hazard (2, 0) is on a wall; it must be on a cell a unit may stand on",
        "bad.ron:9:45: a hazard's dc is 101; give 1 to 100",
        "bad.ron:9:58: bad dice expression `d`: `d` needs a die size after it",
        "bad.ron:10:78: two hazards are on (1, 1)",
        "bad.ron:11:13: exit (5, 0) is off the map (5×3)",
        "bad.ron:11:21: exit (2, 0) is on a wall; it must be on a cell a unit may stand on",
    ];
    assert_eq!(lines.len(), expected.len(), "{e}");
    for (l, want) in lines.iter().zip(expected) {
        assert!(l.starts_with(want), "{l}\nwant: {want}\n{e}");
    }
    // A long feat name, one in a level archetype.
    let long = "R".repeat(61);
    let units = UNITS.replace("\"Sneak attack\"", &format!("\"{long}\""));
    let src = flow_level(&units, "").replace("\"Athlete\"]", "\"Athlete\", \"\"]");
    let e = level::parse(&src, "long.ron").unwrap_err().to_string();
    assert!(e.contains("long.ron:5:37: a feat needs a name"), "{e}");
    assert!(
        e.contains(&format!(
            "long.ron:7:17: feat name `{}…` is 61 characters",
            &long[..60]
        )),
        "{e}"
    );
}

/// The shapes are RON's: an unknown kind or field is refused where it stands.
#[test]
fn an_unknown_hazard_kind_or_field_is_refused_where_it_stands() {
    let src = flow_level(
        UNITS,
        r#", hazards: [Hazard(cell: (1, 1), kind: Quicksand(dc: 3, damage: "1d6"))]"#,
    );
    let e = level::parse(&src, "h.ron").unwrap_err().to_string();
    assert!(
        e.starts_with("h.ron:8:")
            && e.contains(
                "unknown value `Quicksand` for HazardKind (known: Trap, FallingRocks, MagicalBurst)"
            ),
        "{e}"
    );
    let src = flow_level(
        UNITS,
        r#", hazards: [Hazard(cell: (1, 1), kind: Trap(dc: 3, damage: "1d6", ward: 2))]"#,
    );
    let e = level::parse(&src, "h.ron").unwrap_err().to_string();
    assert!(
        e.starts_with("h.ron:8:") && e.contains("unknown field `ward`"),
        "{e}"
    );
    let src = flow_level(UNITS, ", exits: [(1, 1, 2)]");
    let e = level::parse(&src, "x.ron").unwrap_err().to_string();
    assert!(e.starts_with("x.ron:8:"), "{e}");
}

// ---- Conditions a ruleset claims ----

/// The conditions escalation's levels may have and the others' may not (before issue 28,
/// `ConditionKind::escalation_only` in the core).
const ESCALATIONS: [ConditionKind; 20] = {
    use ConditionKind::*;
    [
        Dazed,
        Enervated,
        Grabbed,
        Hampered,
        Helpless,
        Invisible,
        Shaken,
        Softened,
        Stuck,
        Vulnerable,
        Weakened,
        Flying,
        Stabilized,
        PoppedOff,
        SpiritAttacks,
        SpiritSaves,
        SpiritWard,
        DiceyEdge,
        DiceyFooting,
        Shielded,
    ]
};

/// The conditions of the seeds to come.
const COMING: [ConditionKind; 4] = [
    ConditionKind::FlatFooted,
    ConditionKind::Channeling,
    ConditionKind::SummoningSick,
    ConditionKind::Charmed,
];

/// What melee-zone claims of the coming seeds' conditions (Channeling and Summoning
/// Sickness since its wave 2C).
const MELEE_ZONES: [ConditionKind; 3] = [
    ConditionKind::FlatFooted,
    ConditionKind::Channeling,
    ConditionKind::SummoningSick,
];

fn rules(r: RulesetId) -> &'static dyn skirmish_rules::rulesets::Ruleset {
    r.rules().expect("playable")
}

#[test]
fn each_ruleset_states_its_own_conditions_and_no_two_claim_one() {
    let esc = rules(RulesetId::Escalation);
    let flow = rules(RulesetId::Flow);
    let td = rules(RulesetId::TacticalD20);
    assert_eq!(esc.own_conditions(), ESCALATIONS);
    assert_eq!(
        flow.own_conditions(),
        [ConditionKind::TotalDefense, ConditionKind::Feinted]
    );
    assert!(td.own_conditions().is_empty());
    let mut claimed: Vec<ConditionKind> = RulesetId::ALL
        .iter()
        .filter_map(|r| r.rules())
        .flat_map(|r| r.own_conditions().iter().copied())
        .collect();
    let n = claimed.len();
    claimed.sort();
    claimed.dedup();
    assert_eq!(claimed.len(), n, "a condition claimed twice");
    // Of the coming seeds' conditions, melee-zone claims Flat Footed, Channeling and
    // Summoning Sickness; nobody the others yet (counters will).
    for k in COMING {
        assert_eq!(claimed.contains(&k), MELEE_ZONES.contains(&k), "{k:?}");
    }
    // What each ruleset refuses as another's: exactly the others' claims.
    let mut for_flow = ESCALATIONS.to_vec();
    for_flow.extend(MELEE_ZONES);
    for_flow.sort();
    assert_eq!(foreign_conditions(flow), for_flow);
    assert_eq!(
        foreign_conditions(esc),
        [
            ConditionKind::TotalDefense,
            ConditionKind::Feinted,
            ConditionKind::FlatFooted,
            ConditionKind::Channeling,
            ConditionKind::SummoningSick,
        ]
    );
}

/// The same words as before: a ruleset's own reason first, else the claim.
#[test]
fn a_condition_another_ruleset_claims_is_refused_with_the_claim() {
    let flow = rules(RulesetId::Flow);
    let td = rules(RulesetId::TacticalD20);
    for k in ESCALATIONS {
        let want = "it is escalation's; flow has no rule for it";
        assert_eq!(condition_refusal(flow, k).as_deref(), Some(want), "{k:?}");
        let want = "it is escalation's; tactical-d20 has no rule for it";
        assert_eq!(condition_refusal(td, k).as_deref(), Some(want), "{k:?}");
    }
    let esc = rules(RulesetId::Escalation);
    assert_eq!(condition_refusal(esc, ConditionKind::Dazed), None);
    assert_eq!(condition_refusal(flow, ConditionKind::TotalDefense), None);
    // tactical-d20's own words for flow's marks come before flow's claim.
    assert!(
        condition_refusal(td, ConditionKind::TotalDefense)
            .is_some_and(|w| w.starts_with("Total Defense is flow's; tactical-d20's Defend"))
    );
    let src = flow_level(
        r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "warden", conditions: {Dazed: UntilRemoved}),
        Unit(name: "Bob", side: "Blue", cell: (4, 2), archetype: "fighter")"#,
        "",
    );
    let e = level::parse(&src, "c.ron").unwrap_err().to_string();
    assert_eq!(
        e,
        "c.ron:6:99: unit `Ann` cannot start Dazed in flow: it is escalation's; flow has no rule for it"
    );
}

/// No ruleset starts a unit `Dead` (a flow level once did: the dead unit kept taking
/// turns and could be attacked, issue 33): the loader refuses it at its entry.
#[test]
fn no_ruleset_starts_a_unit_dead() {
    for r in RulesetId::ALL.into_iter().filter(|r| r.playable()) {
        let rules = rules(r);
        assert!(
            condition_refusal(rules, ConditionKind::Dead).is_some(),
            "{r} takes Dead at the start"
        );
    }
    let src = flow_level(
        r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "warden", conditions: {Dead: UntilRemoved}),
        Unit(name: "Bob", side: "Blue", cell: (4, 2), archetype: "fighter")"#,
        "",
    );
    let e = level::parse(&src, "c.ron").unwrap_err().to_string();
    assert_eq!(
        e,
        "c.ron:6:98: unit `Ann` cannot start Dead in flow: a unit starts the battle alive (a \
         dead unit would still take its turns); leave the unit out"
    );
}

/// Nobody's yet: flow starts a unit with them (they change nothing there: only the
/// badge shows), tactical-d20 and escalation refuse them in their own words.
#[test]
fn the_coming_seeds_conditions_load_where_a_ruleset_takes_them() {
    for k in COMING {
        let conds = format!("conditions: {{{k:?}: UntilRemoved}}");
        let units = format!(
            r#"Unit(name: "Ann", side: "Red", cell: (0, 0), archetype: "fighter", {conds}),
            Unit(name: "Bob", side: "Blue", cell: (3, 0), archetype: "fighter")"#
        );
        for (r, ok) in [
            ("flow", !MELEE_ZONES.contains(&k)),
            ("tactical-d20", false),
            ("escalation", false),
        ] {
            let src = format!(
                r##"Level(name: "c", ruleset: "{r}", grid: Square, map: ["...."],
                sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
                units: [{units}])"##
            );
            let got = level::parse(&src, "c.ron");
            match got {
                Ok(l) => assert!(ok, "{r} {k:?}: {:?}", l.units[0].conditions),
                Err(e) => {
                    let e = e.to_string();
                    assert!(!ok, "{r} {k:?}: {e}");
                    assert!(e.contains(&format!("cannot start {k:?} in {r}: ")), "{e}");
                }
            }
        }
        let b = Battle::new(
            level::parse(&flow_level(UNITS, ""), "d.ron").unwrap(),
            1,
            Vec::new(),
        )
        .unwrap();
        assert_eq!(b.plays_condition(k), !MELEE_ZONES.contains(&k), "{k:?}");
    }
}

/// In play too: an ability's condition that escalation claims does not land in a flow
/// battle; one that nobody claims does.
#[test]
fn a_condition_another_ruleset_claims_does_not_land_in_play() {
    let extra = r#", abilities: {"Odd charm": (kind: Ability, target: User,
        effects: [Condition(kind: Dazed, duration: UntilRemoved), Condition(kind: Charmed, duration: UntilRemoved)])}"#;
    let src = flow_level(UNITS, extra).replace(
        "magical_armour: true)",
        "magical_armour: true, abilities: [\"Odd charm\"])",
    );
    let l = level::parse(&src, "charm.ron").unwrap_or_else(|e| panic!("{e}"));
    let mut b = Battle::new(l, 1, Vec::new()).unwrap();
    let ann = id(&b, "Ann");
    assert!(!b.plays_condition(ConditionKind::Dazed));
    assert!(b.plays_condition(ConditionKind::Charmed));
    while b.current() != Some(ann) {
        let u = b.current().expect("a turn");
        b.submit(Command::EndTurn { unit: u }).unwrap();
    }
    b.submit(Command::Act {
        unit: ann,
        action: Action::Common(CommonAction::Cast {
            ability: 0,
            at: CastAt::User,
        }),
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(b.has(ann, ConditionKind::Charmed));
    assert!(!b.has(ann, ConditionKind::Dazed));
}
