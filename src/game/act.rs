//! [`Intent`] → commands. Selection, targeted actions, undo, restart, hot-seat handover,
//! automatic reactions, and the `--event-log` file. Every change to the battle goes
//! through `Battle::submit`, as in the headless runner.

use std::io::Write;

use bevy::prelude::*;
use skirmish_rules::components::{SideId, UnitId};
use skirmish_rules::engine::{Action, Command, ReadyTrigger, ShoveEffect};
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::Cell;
use skirmish_rules::record::{Record, record};
use skirmish_rules::rulesets::flow;
use skirmish_rules::{Battle, Status};

use super::{BattleRes, Intent, ReactPolicy, Screen, Session, View};

/// Input records intent, `Act` carries it out, `View` draws the result.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse and keyboard.
    Input,
    /// Commands.
    Act,
    /// Overlays and sprites.
    View,
}

pub(super) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Act, GameSystems::View).chain(),
    )
    .add_systems(
        Update,
        (apply_intent, auto_react, follow_turn, write_event_log)
            .chain()
            .in_set(GameSystems::Act)
            .run_if(in_state(Screen::Battle)),
    )
    .add_systems(OnExit(Screen::Battle), |mut commands: Commands| {
        commands.remove_resource::<BattleRes>();
        commands.remove_resource::<Session>();
    });
}

/// Special actions on the action bar, each with its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKey {
    /// Take a Step (click a cell).
    Step,
    /// Feint (click an enemy).
    Feint,
    /// Shove, pushing (click an enemy).
    ShovePush,
    /// Shove, knocking prone (click an enemy).
    ShoveProne,
    /// Grapple (click an enemy).
    Grapple,
    /// Disarm (click an enemy).
    Disarm,
    /// Tumble Through (click an adjacent enemy).
    Tumble,
    /// Flow State.
    FlowState,
    /// Total Defense.
    TotalDefense,
    /// Ready an attack.
    Ready,
    /// Stand up.
    StandUp,
    /// Break free of a grapple.
    BreakFree,
    /// Release a grapple.
    Release,
    /// Pick up the item underfoot.
    PickUp,
}

impl ActionKey {
    /// Every action, in bar order.
    pub const ALL: [ActionKey; 14] = [
        ActionKey::Step,
        ActionKey::Feint,
        ActionKey::ShovePush,
        ActionKey::ShoveProne,
        ActionKey::Grapple,
        ActionKey::Disarm,
        ActionKey::Tumble,
        ActionKey::FlowState,
        ActionKey::TotalDefense,
        ActionKey::Ready,
        ActionKey::StandUp,
        ActionKey::BreakFree,
        ActionKey::Release,
        ActionKey::PickUp,
    ];

    /// Its shortcut.
    pub fn key(self) -> KeyCode {
        match self {
            ActionKey::Step => KeyCode::Digit1,
            ActionKey::Feint => KeyCode::Digit2,
            ActionKey::ShovePush => KeyCode::Digit3,
            ActionKey::ShoveProne => KeyCode::Digit4,
            ActionKey::Grapple => KeyCode::Digit5,
            ActionKey::Disarm => KeyCode::Digit6,
            ActionKey::Tumble => KeyCode::Digit7,
            ActionKey::FlowState => KeyCode::Digit8,
            ActionKey::TotalDefense => KeyCode::Digit9,
            ActionKey::Ready => KeyCode::Digit0,
            ActionKey::StandUp => KeyCode::KeyU,
            ActionKey::BreakFree => KeyCode::KeyB,
            ActionKey::Release => KeyCode::KeyR,
            ActionKey::PickUp => KeyCode::KeyP,
        }
    }

    /// The key as shown on the button.
    pub fn key_label(self) -> &'static str {
        match self {
            ActionKey::Step => "1",
            ActionKey::Feint => "2",
            ActionKey::ShovePush => "3",
            ActionKey::ShoveProne => "4",
            ActionKey::Grapple => "5",
            ActionKey::Disarm => "6",
            ActionKey::Tumble => "7",
            ActionKey::FlowState => "8",
            ActionKey::TotalDefense => "9",
            ActionKey::Ready => "0",
            ActionKey::StandUp => "U",
            ActionKey::BreakFree => "B",
            ActionKey::Release => "R",
            ActionKey::PickUp => "P",
        }
    }

    /// Button label.
    pub fn label(self) -> &'static str {
        match self {
            ActionKey::Step => "Step",
            ActionKey::Feint => "Feint",
            ActionKey::ShovePush => "Shove back",
            ActionKey::ShoveProne => "Shove prone",
            ActionKey::Grapple => "Grapple",
            ActionKey::Disarm => "Disarm",
            ActionKey::Tumble => "Tumble",
            ActionKey::FlowState => "Flow State",
            ActionKey::TotalDefense => "Total Defense",
            ActionKey::Ready => "Ready",
            ActionKey::StandUp => "Stand Up",
            ActionKey::BreakFree => "Break Free",
            ActionKey::Release => "Release",
            ActionKey::PickUp => "Pick Up",
        }
    }

    /// Does it need a click on the map, and on what?
    pub fn target(self) -> Option<&'static str> {
        match self {
            ActionKey::Step => Some("a free adjacent cell"),
            ActionKey::Feint
            | ActionKey::ShovePush
            | ActionKey::ShoveProne
            | ActionKey::Grapple
            | ActionKey::Disarm => Some("an enemy"),
            ActionKey::Tumble => Some("an adjacent enemy"),
            _ => None,
        }
    }

    /// The action for a unit, given the clicked cell (for targeted ones).
    pub fn action(self, b: &Battle, cell: Option<Cell>) -> Result<Action, String> {
        let target = || -> Result<UnitId, String> {
            let c = cell.ok_or("click a unit")?;
            b.unit_at(c, None)
                .ok_or_else(|| format!("nobody stands on {c}"))
        };
        Ok(match self {
            ActionKey::Step => Action::Step {
                to: cell.ok_or("click a cell")?,
            },
            ActionKey::Feint => Action::Feint { target: target()? },
            ActionKey::ShovePush => Action::Shove {
                target: target()?,
                effect: ShoveEffect::Push,
                both: true,
            },
            ActionKey::ShoveProne => Action::Shove {
                target: target()?,
                effect: ShoveEffect::Prone,
                both: true,
            },
            ActionKey::Grapple => Action::Grapple { target: target()? },
            ActionKey::Disarm => Action::Disarm {
                target: target()?,
                item: None,
                send: None,
            },
            ActionKey::Tumble => Action::Tumble { through: target()? },
            ActionKey::FlowState => Action::FlowState,
            ActionKey::TotalDefense => Action::TotalDefense,
            ActionKey::Ready => Action::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
            },
            ActionKey::StandUp => Action::StandUp,
            ActionKey::BreakFree => Action::BreakFree,
            ActionKey::Release => Action::Release,
            ActionKey::PickUp => Action::PickUp,
        })
    }
}

/// A targeted action waiting for its click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending(pub ActionKey);

/// The side that must look at the screen now: the acting unit's, or the reactor's when
/// its side is asked.
pub fn deciding_side(b: &Battle, s: &Session) -> Option<SideId> {
    match b.status() {
        Status::Turn(u) => Some(b.side(u)),
        Status::AwaitingReaction(r) => {
            let side = b.side(r);
            (s.policies.get(side.0 as usize) == Some(&ReactPolicy::Ask)).then_some(side)
        }
        Status::Ended(_) => None,
    }
}

/// Is the handover screen up (several human sides, and the board is in front of the
/// wrong one)?
pub fn handover_pending(b: &Battle, s: &Session) -> Option<SideId> {
    if s.human_sides() < 2 {
        return None;
    }
    let d = deciding_side(b, s)?;
    (s.viewer != Some(d)).then_some(d)
}

fn submit(b: &mut Battle, s: &mut Session, view: &mut View, cmd: Command) -> bool {
    match b.submit(cmd.clone()) {
        Ok(_) => {
            s.commands.push(cmd);
            view.message = None;
            true
        }
        Err(e) => {
            view.message = Some((e.to_string(), true));
            false
        }
    }
}

/// Can the last command be taken back? Only a move that rolled no dice, offered no
/// reaction and did not end the turn.
pub fn undoable(b: &Battle, s: &Session) -> bool {
    let Some(Command::Move { .. }) = s.commands.last() else {
        return false;
    };
    // Replay everything but the last command and compare the log length: the events the
    // move produced must all be plain movement.
    let Ok(before) = replay(s, s.commands.len() - 1) else {
        return false;
    };
    b.log()[before.log().len()..].iter().all(|l| {
        matches!(
            l.event,
            Event::ApSpent { .. } | Event::MovementGained { .. } | Event::Moved { .. }
        )
    })
}

/// The battle after the first `n` commands of the session.
pub fn replay(s: &Session, n: usize) -> Result<Battle, String> {
    let mut b = Battle::new(s.level.clone(), s.seed, Vec::new()).map_err(|e| e.to_string())?;
    for c in &s.commands[..n] {
        b.submit(c.clone()).map_err(|e| e.to_string())?;
    }
    Ok(b)
}

fn apply_intent(
    mut intent: ResMut<Intent>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut next: ResMut<NextState<Screen>>,
) {
    let i = std::mem::take(&mut *intent);
    let s = &mut *session;
    if i.menu {
        next.set(Screen::Menu);
        return;
    }
    if i.restart {
        match Battle::new(s.level.clone(), s.seed, Vec::new()) {
            Ok(b) => {
                battle.0 = b;
                s.commands.clear();
                s.viewer = None;
                s.generation += 1;
                append_line(s, &undo_record(0, "restarted"));
                s.logged = 0;
                *view = View {
                    threat: view.threat,
                    ..default()
                };
            }
            Err(e) => view.message = Some((e.to_string(), true)),
        }
        return;
    }
    if let Some(side) = handover_pending(&battle.0, s) {
        // Nothing but the handover click gets through while the board is hidden.
        if i.handover {
            s.viewer = Some(side);
            let name = s
                .level
                .sides
                .get(side.0 as usize)
                .map(|d| d.name.clone())
                .unwrap_or_default();
            append_line(
                s,
                &Record {
                    kind: "handover",
                    round: battle.0.round(),
                    actor: Some(name),
                    ..Default::default()
                },
            );
        }
        return;
    }
    let b = &mut battle.0;
    if i.undo {
        if undoable(b, s) {
            match replay(s, s.commands.len() - 1) {
                Ok(nb) => {
                    let taken = b.log().len() - nb.log().len();
                    *b = nb;
                    s.commands.pop();
                    append_line(
                        s,
                        &undo_record(b.round(), &format!("{taken} events undone")),
                    );
                    s.logged = b.log().len();
                    view.message = Some(("Move undone.".into(), false));
                }
                Err(e) => view.message = Some((e, true)),
            }
        } else {
            view.message = Some((
                "Only a move that rolled no dice and provoked nothing can be undone.".into(),
                true,
            ));
        }
        return;
    }
    if let Some(choice) = i.react {
        if let Some(w) = b.window() {
            let cmd = Command::React {
                unit: w.reactor,
                choice,
            };
            submit(b, s, &mut view, cmd);
        }
        return;
    }
    let Status::Turn(cur) = b.status() else {
        return;
    };
    if i.cancel {
        if view.pending.is_some() {
            view.pending = None;
        } else {
            view.selected = None;
        }
    }
    if i.cycle {
        let side = b.side(cur);
        let mine: Vec<UnitId> = b.side_units(side);
        let at = view
            .selected
            .and_then(|u| mine.iter().position(|m| *m == u))
            .map(|p| p + 1)
            .unwrap_or(0);
        view.selected = mine.get(at % mine.len().max(1)).copied();
    }
    if i.end_turn {
        view.pending = None;
        submit(b, s, &mut view, Command::EndTurn { unit: cur });
        return;
    }
    if let Some((item, draw)) = i.carry {
        let action = if draw {
            Action::Draw { item }
        } else {
            Action::Sheathe { item }
        };
        submit(b, s, &mut view, Command::Act { unit: cur, action });
        return;
    }
    if let Some(a) = i.action {
        if a.target().is_some() {
            view.pending = Some(Pending(a));
            view.message = Some((
                format!(
                    "{}: click {} (Esc cancels)",
                    a.label(),
                    a.target().unwrap_or("")
                ),
                false,
            ));
        } else {
            match a.action(b, None) {
                Ok(action) => {
                    submit(b, s, &mut view, Command::Act { unit: cur, action });
                }
                Err(e) => view.message = Some((e, true)),
            }
        }
        return;
    }
    let Some(cell) = i.click else { return };
    if let Some(Pending(a)) = view.pending {
        match a.action(b, Some(cell)) {
            Ok(action) => {
                if submit(b, s, &mut view, Command::Act { unit: cur, action }) {
                    view.pending = None;
                }
            }
            Err(e) => view.message = Some((e, true)),
        }
        return;
    }
    match b.unit_at(cell, None) {
        Some(u) if b.enemies(u, cur) => {
            submit(
                b,
                s,
                &mut view,
                Command::Attack {
                    slot: None,
                    unit: cur,
                    target: u,
                    weapon: None,
                },
            );
        }
        Some(u) => {
            view.selected = Some(u);
            if u != cur {
                view.message = Some((
                    format!(
                        "{} acts on its own initiative; it is {}'s turn.",
                        b.name(u),
                        b.name(cur)
                    ),
                    false,
                ));
            }
        }
        None => {
            if !b.grid().contains(cell) {
                view.message = Some((format!("{cell} is off the map"), true));
                return;
            }
            submit(
                b,
                s,
                &mut view,
                Command::Move {
                    unit: cur,
                    to: cell,
                },
            );
        }
    }
}

/// The choice a side's "Auto" policy makes: defend with the best chance, take a reaction
/// attack, never intercept.
pub fn auto_choice(b: &Battle) -> Option<ReactionKind> {
    let w = b.window()?;
    if w.options.contains(&ReactionKind::ReactionAttack) {
        return Some(ReactionKind::ReactionAttack);
    }
    let hit = w.hit.as_ref()?;
    if w.reactor != hit.target {
        return None;
    }
    w.options
        .iter()
        .copied()
        .filter(|k| *k != ReactionKind::Riposte || b.rp(w.reactor) >= 2)
        .max_by(|a, c| {
            flow::defence_chance(b, w.reactor, hit, *a)
                .total_cmp(&flow::defence_chance(b, w.reactor, hit, *c))
        })
}

fn auto_react(mut battle: ResMut<BattleRes>, mut session: ResMut<Session>, mut view: ResMut<View>) {
    // Bounded: each answer closes a window.
    for _ in 0..64 {
        let b = &battle.0;
        let Status::AwaitingReaction(r) = b.status() else {
            return;
        };
        let policy = session
            .policies
            .get(b.side(r).0 as usize)
            .copied()
            .unwrap_or_default();
        let choice = match policy {
            ReactPolicy::Ask => return,
            ReactPolicy::Never => None,
            ReactPolicy::Auto => auto_choice(b),
        };
        let cmd = Command::React { unit: r, choice };
        if !submit(&mut battle.0, &mut session, &mut view, cmd) {
            return;
        }
    }
}

/// Select the unit whose turn it is when the turn passes.
fn follow_turn(battle: Res<BattleRes>, mut view: ResMut<View>, mut last: Local<Option<UnitId>>) {
    let cur = battle.0.current();
    if cur != *last {
        *last = cur;
        view.selected = cur;
        view.pending = None;
    }
}

fn undo_record(round: u32, detail: &str) -> Record {
    Record {
        kind: "undo",
        round,
        detail: Some(detail.into()),
        ..Default::default()
    }
}

fn append_line(s: &Session, r: &Record) {
    let Some(path) = &s.event_log else { return };
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    {
        let _ = writeln!(f, "{}", r.json());
    }
}

/// Append new events to the `--event-log` file, one JSON object per line (the format of
/// `skirmish run --json`).
fn write_event_log(battle: Res<BattleRes>, mut session: ResMut<Session>) {
    let b = &battle.0;
    if session.logged >= b.log().len() {
        return;
    }
    if let Some(path) = &session.event_log
        && let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
    {
        let mut out = String::new();
        for l in &b.log()[session.logged..] {
            out.push_str(&record(b, l).json());
            out.push('\n');
        }
        let _ = f.write_all(out.as_bytes());
    }
    session.logged = b.log().len();
}
