//! [`Intent`] → commands. Selection, targeted actions, undo, restart, hot-seat handover,
//! automatic reactions, and the `--event-log` file. Every change to the battle goes
//! through `Battle::submit`, as in the headless runner.

use std::io::Write;

use bevy::prelude::*;
use skirmish_rules::components::{SideId, Slot, UnitId};
use skirmish_rules::engine::{Action, Command, FocusOn, GrappleFollow, ReadyTrigger, ShoveEffect};
use skirmish_rules::event::{Event, ReactionKind};
use skirmish_rules::grid::Cell;
use skirmish_rules::record::{Record, record};
use skirmish_rules::rulesets::{
    RulesetId, flow as flow_actions, tactical_d20 as tactical_d20_actions,
};
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
        (
            apply_intent,
            ai_play,
            auto_react,
            follow_turn,
            write_event_log,
        )
            .chain()
            .in_set(GameSystems::Act)
            .run_if(in_state(Screen::Battle)),
    )
    .add_systems(OnExit(Screen::Battle), |mut commands: Commands| {
        commands.remove_resource::<BattleRes>();
        commands.remove_resource::<Session>();
    });
}

/// Special actions on the action bar, each with its key. Each ruleset lists its own
/// ([`ActionKey::of`]); keys are unique within a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKey {
    /// flow Take a Step / tactical-d20 Side Step (click a cell).
    Step,
    /// Feint (click an enemy).
    Feint,
    /// flow Shove, pushing (click an enemy).
    ShovePush,
    /// flow Shove, knocking prone (click an enemy).
    ShoveProne,
    /// Grapple (click an enemy).
    Grapple,
    /// Disarm (click an enemy).
    Disarm,
    /// flow Tumble Through (click an adjacent enemy).
    Tumble,
    /// flow Flow State.
    FlowState,
    /// flow Total Defense.
    TotalDefense,
    /// flow Ready an attack.
    Ready,
    /// Stand up.
    StandUp,
    /// Break free of a grapple.
    BreakFree,
    /// flow Release a grapple.
    Release,
    /// Pick up the item underfoot.
    PickUp,
    /// tactical-d20 Dash (click a cell).
    Dash,
    /// tactical-d20 Charge (click an enemy).
    Charge,
    /// tactical-d20 Trip (click an enemy).
    Trip,
    /// tactical-d20 Push (click an enemy).
    Push,
    /// tactical-d20 Sunder (click an enemy).
    Sunder,
    /// tactical-d20 Tumble (click a cell).
    TumbleTo,
    /// tactical-d20 Jump (click a cell).
    Jump,
    /// tactical-d20 Overrun (click a cell).
    Overrun,
    /// tactical-d20 Defend.
    Defend,
    /// tactical-d20 Guard.
    Guard,
    /// tactical-d20 Focus on attack and damage.
    Focus,
    /// tactical-d20 Assist (click an ally).
    Assist,
    /// tactical-d20 Concentrate.
    Concentrate,
    /// tactical-d20 Wait.
    Wait,
    /// tactical-d20: win the grapple check and attack.
    GrappleAttack,
    /// tactical-d20 Secondary Attack (Move action, −5; click an enemy).
    Secondary,
    /// tactical-d20 Tertiary Attack (Quick action, −10; click an enemy).
    Tertiary,
    /// tactical-d20 Patch Wound (click oneself or an adjacent bleeding ally).
    Patch,
    /// tactical-d20 (Re-)Equip: hand an item to an adjacent ally (click the ally).
    Give,
    /// tactical-d20 Command: say up to 13 words (a text field opens).
    Say,
}

const FLOW_KEYS: [ActionKey; 14] = [
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

const D20_KEYS: [ActionKey; 27] = [
    ActionKey::Secondary,
    ActionKey::Tertiary,
    ActionKey::Dash,
    ActionKey::Charge,
    ActionKey::Trip,
    ActionKey::Push,
    ActionKey::Grapple,
    ActionKey::Disarm,
    ActionKey::Sunder,
    ActionKey::Feint,
    ActionKey::TumbleTo,
    ActionKey::Jump,
    ActionKey::Overrun,
    ActionKey::Defend,
    ActionKey::Guard,
    ActionKey::Focus,
    ActionKey::Assist,
    ActionKey::Concentrate,
    ActionKey::Wait,
    ActionKey::Step,
    ActionKey::GrappleAttack,
    ActionKey::BreakFree,
    ActionKey::StandUp,
    ActionKey::PickUp,
    ActionKey::Patch,
    ActionKey::Give,
    ActionKey::Say,
];

impl ActionKey {
    /// The actions of a ruleset, in bar order.
    pub fn of(r: RulesetId) -> &'static [ActionKey] {
        match r {
            RulesetId::TacticalD20 => &D20_KEYS,
            _ => &FLOW_KEYS,
        }
    }

    /// Its shortcut (A, D, S and W pan the camera).
    pub fn key(self) -> KeyCode {
        use ActionKey::*;
        match self {
            Step => KeyCode::Digit1,
            Feint => KeyCode::Digit2,
            ShovePush => KeyCode::Digit3,
            ShoveProne => KeyCode::Digit4,
            Grapple => KeyCode::Digit5,
            Disarm => KeyCode::Digit6,
            Tumble => KeyCode::Digit7,
            FlowState => KeyCode::Digit8,
            TotalDefense => KeyCode::Digit9,
            Ready => KeyCode::Digit0,
            StandUp => KeyCode::KeyU,
            BreakFree => KeyCode::KeyB,
            Release => KeyCode::KeyR,
            PickUp => KeyCode::KeyP,
            Dash => KeyCode::Digit1,
            Charge => KeyCode::Digit2,
            Trip => KeyCode::Digit3,
            Push => KeyCode::Digit4,
            Sunder => KeyCode::Digit7,
            TumbleTo => KeyCode::Digit9,
            Jump => KeyCode::Digit0,
            Overrun => KeyCode::KeyO,
            Defend => KeyCode::KeyV,
            Guard => KeyCode::KeyG,
            Focus => KeyCode::KeyF,
            Assist => KeyCode::KeyH,
            Concentrate => KeyCode::KeyC,
            Wait => KeyCode::KeyK,
            GrappleAttack => KeyCode::KeyJ,
            Secondary => KeyCode::KeyE,
            Tertiary => KeyCode::KeyQ,
            Patch => KeyCode::KeyL,
            Give => KeyCode::KeyI,
            Say => KeyCode::KeyY,
        }
    }

    /// The key as shown on the button, in a ruleset (Feint and Side Step move keys in
    /// tactical-d20).
    pub fn key_in(self, r: RulesetId) -> KeyCode {
        match (r, self) {
            (RulesetId::TacticalD20, ActionKey::Feint) => KeyCode::Digit8,
            (RulesetId::TacticalD20, ActionKey::Step) => KeyCode::KeyX,
            _ => self.key(),
        }
    }

    /// The key as shown on the button.
    pub fn key_label(self, r: RulesetId) -> String {
        match self.key_in(r) {
            KeyCode::Digit0 => "0".into(),
            KeyCode::Digit1 => "1".into(),
            KeyCode::Digit2 => "2".into(),
            KeyCode::Digit3 => "3".into(),
            KeyCode::Digit4 => "4".into(),
            KeyCode::Digit5 => "5".into(),
            KeyCode::Digit6 => "6".into(),
            KeyCode::Digit7 => "7".into(),
            KeyCode::Digit8 => "8".into(),
            KeyCode::Digit9 => "9".into(),
            k => format!("{k:?}").trim_start_matches("Key").to_string(),
        }
    }

    /// Button label.
    pub fn label(self) -> &'static str {
        use ActionKey::*;
        match self {
            Step => "Step",
            Feint => "Feint",
            ShovePush => "Shove back",
            ShoveProne => "Shove prone",
            Grapple => "Grapple",
            Disarm => "Disarm",
            Tumble => "Tumble",
            FlowState => "Flow State",
            TotalDefense => "Total Defense",
            Ready => "Ready",
            StandUp => "Stand Up",
            BreakFree => "Break Free",
            Release => "Release",
            PickUp => "Pick Up",
            Dash => "Dash",
            Charge => "Charge",
            Trip => "Trip",
            Push => "Push",
            Sunder => "Sunder",
            TumbleTo => "Tumble",
            Jump => "Jump",
            Overrun => "Overrun",
            Defend => "Defend",
            Guard => "Guard",
            Focus => "Focus",
            Assist => "Assist",
            Concentrate => "Concentrate",
            Wait => "Wait",
            GrappleAttack => "Grapple attack",
            Secondary => "Secondary attack",
            Tertiary => "Tertiary attack",
            Patch => "Patch Wound",
            Give => "Hand over",
            Say => "Command",
        }
    }

    /// Does it need a click on the map, and on what?
    pub fn target(self) -> Option<&'static str> {
        use ActionKey::*;
        match self {
            Step => Some("a free adjacent cell"),
            Dash | TumbleTo | Jump | Overrun => Some("a cell"),
            Feint | ShovePush | ShoveProne | Grapple | Disarm | Charge | Trip | Push | Sunder
            | Secondary | Tertiary => Some("an enemy"),
            Tumble => Some("an adjacent enemy"),
            Assist => Some("an ally"),
            Give => Some("an adjacent ally"),
            Patch => Some("itself or an adjacent bleeding ally"),
            _ => None,
        }
    }

    /// What it costs, as the button says.
    pub fn cost_label(self, b: &Battle, unit: UnitId, cell: Option<Cell>) -> String {
        match b.ruleset() {
            RulesetId::TacticalD20 => match self {
                ActionKey::Secondary => "Move".into(),
                ActionKey::Tertiary => "Quick".into(),
                _ => match self.command(b, unit, cell.or(Some(b.pos(unit)))) {
                    Ok(Command::Act { action, .. }) => {
                        match tactical_d20_actions::slots_of(&action) {
                            (Some(a), Some(m)) => format!("{a:?}+{m:?}"),
                            (Some(a), None) => format!("{a:?}"),
                            _ => "free".into(),
                        }
                    }
                    _ => String::new(),
                },
            },
            _ => {
                let cost = self
                    .command(b, unit, Some(b.pos(unit)))
                    .ok()
                    .and_then(|c| match c {
                        Command::Act { action, .. } => Some(flow_actions::cost(&action)),
                        _ => None,
                    })
                    .unwrap_or(1);
                format!("{cost} AP")
            }
        }
    }

    /// The command for `unit`, given the clicked cell (for targeted ones).
    pub fn command(self, b: &Battle, unit: UnitId, cell: Option<Cell>) -> Result<Command, String> {
        let target = || -> Result<UnitId, String> {
            let c = cell.ok_or("click a unit")?;
            b.unit_at(c, None)
                .ok_or_else(|| format!("nobody stands on {c}"))
        };
        let to = || cell.ok_or_else(|| "click a cell".to_string());
        let action = match self {
            ActionKey::Secondary | ActionKey::Tertiary => {
                return Ok(Command::Attack {
                    unit,
                    target: target()?,
                    weapon: None,
                    slot: Some(if self == ActionKey::Secondary {
                        Slot::Move
                    } else {
                        Slot::Quick
                    }),
                });
            }
            ActionKey::Step => Action::Step { to: to()? },
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
            ActionKey::Dash => Action::Dash { to: to()? },
            ActionKey::Charge => Action::Charge {
                target: target()?,
                to: None,
            },
            ActionKey::Trip => Action::Trip { target: target()? },
            ActionKey::Push => Action::Push {
                target: target()?,
                distance: None,
            },
            ActionKey::Sunder => Action::Sunder {
                target: target()?,
                item: None,
            },
            ActionKey::TumbleTo => Action::TumbleTo { to: to()? },
            ActionKey::Jump => Action::Jump { to: to()? },
            ActionKey::Overrun => Action::Overrun { to: to()? },
            ActionKey::Defend => Action::Defend,
            ActionKey::Guard => Action::Guard,
            ActionKey::Focus => Action::Focus {
                on: FocusOn::Attack,
            },
            ActionKey::Assist => Action::Assist { ally: target()? },
            ActionKey::Concentrate => Action::Concentrate,
            ActionKey::Wait => Action::Wait,
            ActionKey::GrappleAttack => Action::GrappleTurn {
                follow: GrappleFollow::Attack,
            },
            ActionKey::Patch => Action::Patch { ally: target()? },
            ActionKey::Give => Action::Give {
                item: own_items(b, unit).first().copied().unwrap_or(0),
                ally: target()?,
            },
            // The words come from the text field (`Intent::say`).
            ActionKey::Say => Action::Command {
                text: String::new(),
            },
        };
        Ok(Command::Act { unit, action })
    }

    /// The choice the action still needs (which focus, which item), once its target is
    /// known; `None` when [`ActionKey::command`] is all there is to it (one item only).
    pub fn choices(
        self,
        b: &Battle,
        unit: UnitId,
        cell: Option<Cell>,
    ) -> Result<Option<Chooser>, String> {
        let target = || -> Result<UnitId, String> {
            let c = cell.ok_or("click a unit")?;
            b.unit_at(c, None)
                .ok_or_else(|| format!("nobody stands on {c}"))
        };
        let act = |action: Action| Command::Act { unit, action };
        let items = |owner: UnitId, first: Option<usize>| -> Vec<usize> {
            let mut v = own_items(b, owner);
            if let Some(f) = first
                && let Some(p) = v.iter().position(|i| *i == f)
            {
                v.remove(p);
                v.insert(0, f);
            }
            v
        };
        let d20 = b.ruleset() == RulesetId::TacticalD20;
        let item_label = |owner: UnitId, i: usize| {
            let w = &b.weapons(owner)[i];
            if d20 {
                format!(
                    "{} ({} of {} HP left)",
                    w.name,
                    w.hp - b.wear(owner, i),
                    w.hp
                )
            } else {
                w.name.clone()
            }
        };
        let (title, options) = match self {
            ActionKey::Focus => (
                "Focus on what? (Quick action, +1 until your next turn)".to_string(),
                [
                    (FocusOn::Attack, "attack and damage rolls"),
                    (FocusOn::Defence, "AC and saving throws"),
                    (FocusOn::Skills, "skill checks"),
                ]
                .into_iter()
                .map(|(on, l)| (l.to_string(), act(Action::Focus { on })))
                .collect::<Vec<_>>(),
            ),
            ActionKey::Sunder | ActionKey::Disarm => {
                let t = target()?;
                let default = if d20 {
                    tactical_d20_actions::default_item(b, t)
                } else {
                    flow_actions::default_disarm_item(b, t)
                };
                let list = items(t, default);
                if list.len() < 2 {
                    return Ok(None);
                }
                let options = list
                    .into_iter()
                    .map(|i| {
                        let action = if self == ActionKey::Sunder {
                            Action::Sunder {
                                target: t,
                                item: Some(i),
                            }
                        } else {
                            Action::Disarm {
                                target: t,
                                item: Some(i),
                                send: None,
                            }
                        };
                        (item_label(t, i), act(action))
                    })
                    .collect();
                (
                    format!("{} which item of {}?", self.label(), b.name(t)),
                    options,
                )
            }
            ActionKey::Give => {
                let ally = target()?;
                let list = items(unit, None);
                if list.len() < 2 {
                    return Ok(None);
                }
                let options = list
                    .into_iter()
                    .map(|item| (item_label(unit, item), act(Action::Give { item, ally })))
                    .collect();
                (format!("Hand which item to {}?", b.name(ally)), options)
            }
            _ => return Ok(None),
        };
        Ok(Some(Chooser { title, options }))
    }
}

/// Items a unit holds that can change hands (natural weapons cannot).
fn own_items(b: &Battle, u: UnitId) -> Vec<usize> {
    (0..b.weapons(u).len())
        .filter(|&i| {
            b.held(u, i) && !b.weapons(u)[i].has(skirmish_rules::components::WeaponTag::Natural)
        })
        .collect()
}

/// A choice between commands the player makes before any goes in (keys 1-9).
#[derive(Clone, Debug, PartialEq)]
pub struct Chooser {
    /// The question.
    pub title: String,
    /// Each answer and the command it submits.
    pub options: Vec<(String, Command)>,
}

/// A targeted action waiting for its click.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending(pub ActionKey);

/// The side that must look at the screen now: the acting unit's, or the reactor's when
/// its side is asked.
pub fn deciding_side(b: &Battle, s: &Session) -> Option<SideId> {
    match b.status() {
        Status::Turn(u) => Some(b.side(u)).filter(|&side| !s.is_ai(side)),
        Status::AwaitingReaction(r) => {
            let side = b.side(r);
            (!s.is_ai(side) && s.policies.get(side.0 as usize) == Some(&ReactPolicy::Ask))
                .then_some(side)
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
    let mark = b.log().len();
    match b.submit(cmd.clone()) {
        Ok(_) => {
            s.commands.push(cmd);
            s.marks.push(mark);
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
    let Some(Command::Move { unit, .. }) = s.commands.last() else {
        return false;
    };
    // The AI's moves are not the player's to take back.
    if s.is_ai(b.side(*unit)) {
        return false;
    }
    // The events the move produced must all be plain movement.
    let Some(&mark) = s.marks.last() else {
        return false;
    };
    b.log().get(mark..).is_some_and(|added| {
        added.iter().all(|l| {
            matches!(
                l.event,
                Event::ApSpent { .. } | Event::MovementGained { .. } | Event::Moved { .. }
            )
        })
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
                s.marks.clear();
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
                    s.marks.pop();
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
    if s.is_ai(b.side(cur)) {
        if i.click.is_some() || i.action.is_some() || i.end_turn {
            view.message = Some((
                format!("The AI is playing {}; wait for your turn.", b.name(cur)),
                false,
            ));
        }
        return;
    }
    if let Some(k) = i.choose {
        if let Some(ch) = view.chooser.take()
            && let Some((_, cmd)) = ch.options.get(k)
        {
            submit(b, s, &mut view, cmd.clone());
        }
        return;
    }
    if let Some(text) = i.say {
        let cmd = Command::Act {
            unit: cur,
            action: Action::Command { text },
        };
        if submit(b, s, &mut view, cmd) {
            view.say = None;
        }
        return;
    }
    if i.cancel {
        if view.chooser.is_some() || view.say.is_some() {
            view.chooser = None;
            view.say = None;
        } else if view.pending.is_some() {
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
        view.chooser = None;
        view.say = None;
        if a == ActionKey::Say {
            view.pending = None;
            view.say = Some(String::new());
            view.message = Some((
                format!(
                    "Command: type up to {} words, Enter says them (Esc cancels)",
                    tactical_d20_actions::COMMAND_WORDS
                ),
                false,
            ));
        } else if a.target().is_some() {
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
            decide(b, s, &mut view, a, cur, None);
        }
        return;
    }
    let Some(cell) = i.click else { return };
    if view.chooser.take().is_some() {
        view.message = Some(("Choice cancelled.".into(), false));
        return;
    }
    if let Some(Pending(a)) = view.pending {
        if decide(b, s, &mut view, a, cur, Some(cell)) {
            view.pending = None;
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

/// Carry out action `a` (aimed at `cell`): open its chooser when it needs a choice, else
/// submit it. True when it went in or the chooser opened.
fn decide(
    b: &mut Battle,
    s: &mut Session,
    view: &mut View,
    a: ActionKey,
    cur: UnitId,
    cell: Option<Cell>,
) -> bool {
    let chosen = a.choices(b, cur, cell).and_then(|c| match c {
        Some(ch) => Ok(Err(ch)),
        None => a.command(b, cur, cell).map(Ok),
    });
    match chosen {
        Ok(Ok(cmd)) => submit(b, s, view, cmd),
        Ok(Err(ch)) => {
            view.message = Some((
                format!("{} — press 1-{} (Esc cancels)", ch.title, ch.options.len()),
                false,
            ));
            view.chooser = Some(ch);
            true
        }
        Err(e) => {
            view.message = Some((e, true));
            false
        }
    }
}

/// The choice a side's "Auto" policy makes: the AI's answer (take reaction attacks and
/// stepping aside, defend with the best chance, never intercept).
pub fn auto_choice(b: &Battle) -> Option<ReactionKind> {
    skirmish_rules::ai::react(b)
}

fn auto_react(mut battle: ResMut<BattleRes>, mut session: ResMut<Session>, mut view: ResMut<View>) {
    // Bounded: each answer closes a window.
    for _ in 0..64 {
        let b = &battle.0;
        let Status::AwaitingReaction(r) = b.status() else {
            return;
        };
        if session.is_ai(b.side(r)) {
            return; // `ai_play` answers, at its own pace.
        }
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

/// Seconds between the AI's commands, so a person can follow them.
const AI_PACE: f32 = 0.35;

/// The AI plays its sides: one command (or reaction answer) every [`AI_PACE`] seconds,
/// through the same `submit` as a person's.
fn ai_play(
    time: Res<Time>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut wait: Local<f32>,
) {
    let b = &battle.0;
    let decider = match b.status() {
        Status::Turn(u) | Status::AwaitingReaction(u) => u,
        Status::Ended(_) => return,
    };
    if !session.is_ai(b.side(decider)) {
        *wait = 0.0;
        return;
    }
    *wait += time.delta_secs();
    if *wait < AI_PACE {
        return;
    }
    *wait = 0.0;
    let Some(cmd) = skirmish_rules::ai::decide(b) else {
        return;
    };
    let b = &mut battle.0;
    if !submit(b, &mut session, &mut view, cmd) {
        // Never stall on a refused command: end the turn or decline instead.
        if let Some(f) = skirmish_rules::ai::fallback(b) {
            submit(b, &mut session, &mut view, f);
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
        view.chooser = None;
        view.say = None;
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
