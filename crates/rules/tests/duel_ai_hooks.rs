//! The AI's hooks of issue 30 wave 3 (`docs/design.md`, hook 12): where a ruleset's rules
//! of position make a cell worth more (`AiTactics::position_factor`, melee-zone's +1 from
//! behind) and what an aim costs beyond its targets now (`AiTactics::aim_cost`,
//! melee-zone's channeled area going off where allies will stand), proven with the duel
//! hooks ruleset and tactics that differ from `DuelAi` in those two answers only.

use std::collections::BTreeMap;

use skirmish_rules::ai::{self, AiTactics};
use skirmish_rules::battle::Battle;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{Action, CastAt, Command, Commit, Window};
use skirmish_rules::event::ReactionKind;
use skirmish_rules::grid::{Cell, GridKind};

use crate::duel::{DUEL_HOOKS, DuelAi, ruled_battle};
use crate::support::id;

/// `DuelAi`, but a cell just north of a foe is worth 3 times as much (when `north`),
/// aiming at the unit `shun` costs 100, and stepping onto a cell of `avoid` risks 100 HP.
struct NorthAi {
    shun: Option<UnitId>,
    north: bool,
    avoid: Vec<Cell>,
}

impl AiTactics for NorthAi {
    fn position_factor(&self, b: &Battle, _u: UnitId, c: Cell, foe: UnitId) -> f64 {
        let p = b.pos(foe);
        if self.north && c == Cell::new(p.x, p.y - 1) {
            3.0
        } else {
            1.0
        }
    }
    fn position_factor_max(&self, _b: &Battle, _u: UnitId) -> f64 {
        if self.north { 3.0 } else { 1.0 }
    }
    fn cell_risk(&self, _b: &Battle, _u: UnitId, c: Cell) -> f64 {
        if self.avoid.contains(&c) { 100.0 } else { 0.0 }
    }
    fn aim_cost<'a>(
        &'a self,
        _b: &'a Battle,
        _u: UnitId,
        _i: usize,
    ) -> Option<skirmish_rules::ai::AimCost<'a>> {
        let shun = self.shun?;
        Some(Box::new(move |at: &CastAt| match at {
            CastAt::Unit(t) if *t == shun => 100.0,
            _ => 0.0,
        }))
    }
    fn recover(&self, b: &Battle, u: UnitId) -> Option<Command> {
        DuelAi.recover(b, u)
    }
    fn pick_up(&self, b: &Battle, u: UnitId) -> Option<Command> {
        DuelAi.pick_up(b, u)
    }
    fn draw(&self, b: &Battle, u: UnitId, item: usize) -> Option<Command> {
        DuelAi.draw(b, u, item)
    }
    fn step_away(&self, b: &Battle, u: UnitId, to: Cell) -> Option<Command> {
        DuelAi.step_away(b, u, to)
    }
    fn take(&self, b: &Battle, w: &Window) -> Option<ReactionKind> {
        DuelAi.take(b, w)
    }
    fn before_attack(&self, b: &Battle, u: UnitId, t: UnitId, plain: f64) -> Option<Command> {
        DuelAi.before_attack(b, u, t, plain)
    }
    fn close_in(
        &self,
        b: &Battle,
        u: UnitId,
        foes: &[UnitId],
        values: &BTreeMap<UnitId, f64>,
        helpers: &[Vec<Cell>],
    ) -> Option<(f64, Command)> {
        DuelAi.close_in(b, u, foes, values, helpers)
    }
    fn support(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
        DuelAi.support(b, u, foes)
    }
    fn brace(&self) -> Option<Action> {
        DuelAi.brace()
    }
    fn attack_after_move(&self, b: &Battle, u: UnitId) -> Box<dyn Fn(u32) -> bool> {
        DuelAi.attack_after_move(b, u)
    }
    fn choose(&self, b: &Battle, w: &Window) -> Option<ReactionKind> {
        DuelAi.choose(b, w)
    }
    fn commit(&self, b: &Battle, w: &Window, kind: ReactionKind) -> Vec<Commit> {
        DuelAi.commit(b, w, kind)
    }
    fn prepare_cast(&self, b: &Battle, u: UnitId, foes: &[UnitId]) -> Option<Command> {
        DuelAi.prepare_cast(b, u, foes)
    }
}

/// The move search multiplies a cell's value by the ruleset's position factor: with
/// `DuelAi` (1 everywhere) Corwin steps to the nearest cell beside Fang; with the north
/// cell worth 3 times as much, he goes round to it.
#[test]
fn the_move_search_weighs_the_rulesets_position_factor() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (6, 4), archetype: "wolf")"#;
    {
        let kind = GridKind::Square;
        // Initiative d20: Corwin 20, Fang 1.
        let b = ruled_battle(&DUEL_HOOKS, kind, units, 1, &[20, 1]);
        let (corwin, fang) = (id(&b, "Corwin"), id(&b, "Fang"));
        assert_eq!(b.current(), Some(corwin));
        let to = |c: Option<Command>| match c {
            Some(Command::Move { to, .. }) => to,
            other => panic!("{other:?}"),
        };
        let plain = to(ai::decide_with(&b, &DuelAi));
        assert_eq!(b.grid().distance(plain, b.pos(fang)), 1);
        assert_eq!(plain.x, 5, "the near side: {plain}");
        let north = to(ai::decide_with(
            &b,
            &NorthAi {
                shun: None,
                north: true,
                avoid: Vec::new(),
            },
        ));
        assert_eq!(north, Cell::new(6, 3));
    }
}

/// The casting search takes the tactics' aim cost off each aim: the wizard's Magic
/// Missile goes to the other wolf when aiming at the first costs 100.
#[test]
fn the_casting_search_takes_off_the_rulesets_aim_cost() {
    let units = r#"Unit(name: "Wiz", side: "Red", cell: (2, 4), archetype: "wizard"),
        Unit(name: "Fang", side: "Blue", cell: (8, 3), archetype: "wolf"),
        Unit(name: "Grey", side: "Blue", cell: (8, 5), archetype: "wolf")"#;
    let b = ruled_battle(&DUEL_HOOKS, GridKind::Square, units, 1, &[20, 1, 1]);
    let (wiz, fang, grey) = (id(&b, "Wiz"), id(&b, "Fang"), id(&b, "Grey"));
    let foes = [fang, grey];
    let target = |t: &dyn AiTactics| match ai::cast::best_cast_with(&b, wiz, &foes, t) {
        Some((_, Command::Act { action, .. })) => format!("{action:?}"),
        other => panic!("{other:?}"),
    };
    let first = target(&DuelAi);
    let shunned = if first.contains(&format!("{fang:?}")) {
        fang
    } else {
        grey
    };
    let other = if shunned == fang { grey } else { fang };
    let second = target(&NorthAi {
        shun: Some(shunned),
        north: true,
        avoid: Vec::new(),
    });
    assert!(first.contains(&format!("Unit({shunned:?})")), "{first}");
    assert!(second.contains(&format!("Unit({other:?})")), "{second}");
}

/// The move search adds the tactics' risk of each cell entered on the way (counters: a
/// hazard there; `docs/design.md`, hook 13): with `DuelAi` (no risk) Corwin steps to the
/// cell beside Fang he would anyway; with that cell and the way through it risking 100 HP,
/// he stops beside Fang elsewhere, on a path that enters none of them.
#[test]
fn the_move_search_adds_the_rulesets_cell_risk() {
    let units = r#"Unit(name: "Corwin", side: "Red", cell: (2, 4), archetype: "fighter"),
        Unit(name: "Fang", side: "Blue", cell: (6, 4), archetype: "wolf")"#;
    for kind in crate::support::BOTH {
        let b = ruled_battle(&DUEL_HOOKS, kind, units, 1, &[20, 1]);
        let (corwin, fang) = (id(&b, "Corwin"), id(&b, "Fang"));
        let to = |c: Option<Command>| match c {
            Some(Command::Move { to, .. }) => to,
            other => panic!("{other:?}"),
        };
        let plain = to(ai::decide_with(&b, &DuelAi));
        assert_eq!(b.grid().distance(plain, b.pos(fang)), 1);
        let wary = NorthAi {
            shun: None,
            north: false,
            avoid: vec![plain],
        };
        assert_eq!(wary.position_factor(&b, corwin, plain, fang), 1.0);
        let other = to(ai::decide_with(&b, &wary));
        assert_ne!(other, plain, "{kind:?}");
        assert_eq!(b.grid().distance(other, b.pos(fang)), 1, "{kind:?}");
    }
}
