//! Battle builders, command shorthands and event extractors shared by the test modules.
//! Also included by the root package's window tests (`tests/main.rs`), so nothing here
//! reads files.

use skirmish_rules::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::GridKind;
use skirmish_rules::script::{Policy, drain_windows};

pub const BOTH: [GridKind; 2] = [GridKind::Hex, GridKind::Square];

pub fn id(b: &Battle, name: &str) -> UnitId {
    b.find(name).unwrap_or_else(|| panic!("no unit {name}"))
}

/// The events logged from index `from` on.
pub fn since(b: &Battle, from: usize) -> Vec<Event> {
    b.log()[from..].iter().map(|l| l.event.clone()).collect()
}

/// Decline every open reaction window (the script runner's own loop).
pub fn decline_all(b: &mut Battle) {
    drain_windows(b, Policy::Decline).unwrap();
}

/// (unit, amount) of every `Damage` event.
pub fn damage(ev: &[Event]) -> Vec<(UnitId, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damage { unit, amount, .. } => Some((*unit, *amount)),
            _ => None,
        })
        .collect()
}

/// (reactor, options) of every `ReactionOffered` event.
pub fn offers(ev: &[Event]) -> Vec<(UnitId, Vec<ReactionKind>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::ReactionOffered {
                reactor, options, ..
            } => Some((*reactor, options.clone())),
            _ => None,
        })
        .collect()
}

/// `flow` battles.
pub mod flow {
    use skirmish_rules::components::UnitId;
    use skirmish_rules::event::AttackKind;
    use skirmish_rules::grid::GridKind;
    use skirmish_rules::{Battle, Command, level};

    /// A flow battle on an open `w`×`h` map with sides Red and Blue. `units` is the RON
    /// of the unit list; `extra` more level fields; `dice` forced faces (initiative
    /// first: one d10 per unit in list order).
    pub fn arena(
        kind: GridKind,
        w: usize,
        h: usize,
        units: &str,
        extra: &str,
        dice: &[u32],
    ) -> Battle {
        let row = ".".repeat(w);
        let map = (0..h)
            .map(|_| format!("\"{row}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let src = format!(
            r##"Level(name: "arena", ruleset: "flow", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {extra})"##
        );
        let l = level::parse(&src, "arena").unwrap_or_else(|e| panic!("{e}"));
        Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A normal attack with the weapon in hand; must be legal.
    pub fn attack(b: &mut Battle, unit: UnitId, target: UnitId) {
        b.submit(Command::Attack {
            slot: None,
            unit,
            target,
            weapon: None,
            aim: None,
        })
        .unwrap();
    }

    /// The d100 face that makes `attacker`'s normal attack on `target` a plain success:
    /// its target number.
    pub fn plain_hit_face(b: &Battle, attacker: UnitId, target: UnitId) -> u32 {
        let w = b.weapon_for(attacker, target, None).unwrap();
        skirmish_rules::rulesets::flow::attack_check(b, attacker, target, w, AttackKind::Normal)
            .target() as u32
    }
}

/// `tactical-d20` battles.
pub mod d20 {
    use skirmish_rules::Battle;
    use skirmish_rules::grid::GridKind;
    use skirmish_rules::level;

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

    /// A tactical-d20 battle on an open 16×9 map.
    pub fn arena(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
        let m = open(16, 9);
        let rows: Vec<&str> = m.iter().map(String::as_str).collect();
        field(kind, &rows, units, "", dice)
    }

    /// Red fighter "Corwin" at (4,4), Blue fighter "Grub" at (5,4); Corwin acts first.
    pub const DUEL: &str = r#"Unit(name: "Corwin", side: "Red", cell: (4, 4), archetype: "fighter"),
    Unit(name: "Grub", side: "Blue", cell: (5, 4), archetype: "fighter")"#;

    /// [`DUEL`] on the open arena, Corwin to act; `dice` come after initiative.
    pub fn duel(kind: GridKind, dice: &[u32]) -> Battle {
        let mut d = vec![20, 1];
        d.extend_from_slice(dice);
        let b = arena(kind, DUEL, &d);
        assert_eq!(b.current(), b.find("Corwin"));
        b
    }
}

/// `melee-zone` battles.
pub mod melee_zone {
    use skirmish_rules::grid::GridKind;
    use skirmish_rules::{Battle, Command, level};

    /// A melee-zone battle on `map` (rows) with sides Red and Blue; initiative rolls no
    /// dice, so `dice` are the battle's first rolls.
    pub fn field(kind: GridKind, map: &[&str], units: &str, extra: &str, dice: &[u32]) -> Battle {
        let map = map
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let src = format!(
            r##"Level(name: "field", ruleset: "melee-zone", grid: {kind:?}, map: [{map}],
        sides: [Side(name: "Red", colour: "#c83c3c"), Side(name: "Blue", colour: "#3c6ec8")],
        units: [{units}], {extra})"##
        );
        let l = level::parse(&src, "field").unwrap_or_else(|e| panic!("{e}"));
        Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A melee-zone battle on an open 12×8 map.
    pub fn arena(kind: GridKind, units: &str, dice: &[u32]) -> Battle {
        let row = ".".repeat(12);
        let rows: Vec<&str> = (0..8).map(|_| row.as_str()).collect();
        field(kind, &rows, units, "", dice)
    }

    /// An attack with the Attack Action (`slot` none) or the extra attack (`Move`).
    pub fn attack(
        unit: skirmish_rules::components::UnitId,
        target: skirmish_rules::components::UnitId,
        slot: Option<skirmish_rules::components::Slot>,
    ) -> Command {
        Command::Attack {
            unit,
            target,
            weapon: None,
            slot,
            aim: None,
        }
    }
}

/// `escalation` battles.
pub mod escalation {
    use skirmish_rules::components::UnitId;
    use skirmish_rules::engine::{Action, CastAt, CommonAction};
    use skirmish_rules::event::ReactionKind;
    use skirmish_rules::grid::GridKind;
    use skirmish_rules::{Battle, Command, Illegal, level};

    /// An escalation battle on an open `w`×6 map with side "PCs" (role Pc) and "Foes"
    /// (Npc). `units` is the RON of the unit list; `extra` more level fields (`,
    /// abilities: {…}, archetypes: {…}`); `dice` forced faces (initiative rolls none).
    pub fn field(kind: GridKind, w: usize, units: &str, extra: &str, dice: &[u32]) -> Battle {
        let row = format!("\"{}\"", ".".repeat(w));
        let map = vec![row; 6].join(", ");
        let src = format!(
            r##"Level(name: "esc", ruleset: "escalation", grid: {kind:?}, map: [{map}],
            sides: [Side(name: "PCs", colour: "#3c6ec8", role: Pc),
                    Side(name: "Foes", colour: "#c83c3c", role: Npc)],
            units: [{units}]{extra})"##
        );
        let l = level::parse(&src, "esc").unwrap_or_else(|e| panic!("{e}"));
        Battle::new(l, 7, dice.to_vec()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A basic attack with the weapon in hand.
    pub fn attack(b: &mut Battle, unit: UnitId, target: UnitId) -> Result<usize, Illegal> {
        b.submit(Command::Attack {
            unit,
            target,
            weapon: None,
            slot: None,
            aim: None,
        })
    }

    /// Use the power `name` of `unit`.
    pub fn cast(b: &mut Battle, unit: UnitId, name: &str, at: CastAt) -> Result<usize, Illegal> {
        let ability = b
            .abilities(unit)
            .iter()
            .position(|a| a.name == name)
            .unwrap_or_else(|| panic!("{} knows no {name}", b.name(unit)));
        b.submit(Command::Act {
            unit,
            action: Action::Common(CommonAction::Cast { ability, at }),
        })
    }

    /// Answer the open window of `unit` (`None`: decline); it must be open.
    pub fn react(b: &mut Battle, unit: UnitId, choice: Option<ReactionKind>) -> usize {
        assert_eq!(
            b.window().map(|w| w.reactor),
            Some(unit),
            "{:?}",
            b.window()
        );
        b.submit(Command::React {
            unit,
            choice,
            commit: 0,
            commits: Vec::new(),
        })
        .unwrap_or_else(|e| panic!("{e}"))
    }

    /// End the current unit's turn.
    pub fn end(b: &mut Battle) {
        let unit = b.current().expect("a turn");
        b.submit(Command::EndTurn { unit })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
