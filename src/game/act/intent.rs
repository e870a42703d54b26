//! The frame's [`Intent`] carried out: menu, restart, handover, undo, reaction answers,
//! choosers, the Command's words, cancel, cycling units, end turn, carrying, actions and
//! clicks on the map.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use skirmish_rules::components::UnitId;
use skirmish_rules::engine::{Command, CommonAction};
use skirmish_rules::record::Record;
use skirmish_rules::rulesets::ui::Pick;
use skirmish_rules::{Battle, Status};

use super::cast::{self, Casting};
use super::log_file::{append_line, undo_record};
use super::pending::decide;
use super::submit::{replay, submit, undoable};
use super::turn::{HotSeat, handover_pending, unspent};
use super::types::{ActStep, Pending};
use crate::game::state::{BattleRes, Intent, Screen, Session, View};
use skirmish_rules::abilities::Targeting;
use skirmish_rules::engine::CastAt;
use skirmish_rules::grid::Cell;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_intent.in_set(ActStep::Intent));
}

fn apply_intent(
    mut intent: ResMut<Intent>,
    mut battle: ResMut<BattleRes>,
    mut session: ResMut<Session>,
    mut view: ResMut<View>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut hot: ResMut<HotSeat>,
) {
    let i = std::mem::take(&mut *intent);
    let stamp =
        |b: &BattleRes, s: &Session| (b.0.log().len(), s.commands.len(), s.viewer, s.generation);
    let before = stamp(&battle, &session);
    carry_out(i, &mut battle, &mut session, &mut view, &mut next, &mut hot);
    if stamp(&battle, &session) != before {
        // The window sleeps between inputs: one more frame lets every view catch up.
        redraw.write(RequestRedraw);
    }
}

fn carry_out(
    mut i: Intent,
    battle: &mut BattleRes,
    session: &mut Session,
    view: &mut View,
    next: &mut NextState<Screen>,
    hot: &mut HotSeat,
) {
    let s = session;
    if i.menu {
        next.set(Screen::Menu);
        return;
    }
    if i.restart {
        // New dice: the next seed of a fixed sequence from this one (the window picks it;
        // the rules only ever see the seed).
        let seed = if i.new_dice {
            s.seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407)
        } else {
            s.seed
        };
        match Battle::new(s.level.clone(), seed, Vec::new()) {
            Ok(b) => {
                battle.0 = b;
                s.commands.clear();
                s.marks.clear();
                s.viewer = None;
                hot.back_to = None;
                s.generation += 1;
                s.seed = seed;
                append_line(s, &undo_record(0, "restarted"));
                s.logged = 0;
                *view = view.fresh();
            }
            Err(e) => view.message = Some((e.to_string(), true)),
        }
        return;
    }
    if let Some(side) = handover_pending(&battle.0, s) {
        // Nothing but the handover click gets through while the board is hidden.
        if i.handover {
            // Handed over for a reaction: the board may come back without another.
            hot.back_to = match battle.0.status() {
                Status::AwaitingReaction(_) => s.viewer.or(hot.back_to),
                _ => None,
            };
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
    // The cursor moves, cycles and confirms whoever's turn it is (an AI's too: to look).
    let looking = crate::game::act::viewing_side(&battle.0, s);
    super::cursor::carry(&mut i, &battle.0, view, looking);
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
            let commits = if choice.is_some() {
                i.react_commits.clone()
            } else {
                Vec::new()
            };
            let cmd = Command::React {
                unit: w.reactor,
                choice,
                commit: 0,
                commits,
            };
            submit(b, s, view, cmd);
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
    if view.confirm_end.is_some_and(|u| u != cur) {
        view.confirm_end = None;
    }
    if let Some(sure) = i.confirm_end {
        // The answer to "End the turn?".
        if view.confirm_end.take().is_some() && sure {
            submit(b, s, view, Command::EndTurn { unit: cur });
        }
        return;
    }
    if view.confirm_end.is_some() {
        // The question is open: only its answer acts; a click on the map or Esc closes it.
        if i.cancel || i.click.is_some() {
            view.confirm_end = None;
        }
        return;
    }
    if let Some(k) = i.choose {
        if let Some(ch) = view.chooser.take()
            && let Some((_, cmd)) = ch.options.get(k)
        {
            submit(b, s, view, cmd.clone());
        }
        return;
    }
    if let Some(text) = i.say {
        // The words go to the action that opened the text field.
        if let Some(Pending(a)) = view.pending.filter(|p| p.0.words().is_some()) {
            match a.with(b, cur, &Pick::Words(text)) {
                Ok(cmd) => {
                    if submit(b, s, view, cmd) {
                        view.say = None;
                        view.pending = None;
                    }
                }
                Err(e) => view.message = Some((e, true)),
            }
        }
        return;
    }
    if view.casting.as_ref().is_some_and(|c| c.caster != cur) {
        view.casting = None;
    }
    if i.cancel {
        if view.casting.take().is_some() {
            view.message = Some(("Casting cancelled.".into(), false));
        } else if view.chooser.is_some() || view.say.is_some() {
            if view.say.take().is_some() {
                view.pending = None;
            }
            view.chooser = None;
        } else if view.pending.take().is_some() {
            // Its "click a target" line no longer applies.
            view.message = None;
        } else {
            // Nothing to cancel (a right click): the card goes back to the acting unit,
            // which is never deselected.
            view.selected = Some(cur);
        }
    }
    if cast_intent(b, s, view, &i, cur) {
        return;
    }
    if i.end_turn {
        view.pending = None;
        view.casting = None;
        view.chooser = None;
        if s.confirm_end_turn && !unspent(b, cur).is_empty() {
            view.confirm_end = Some(cur);
        } else {
            submit(b, s, view, Command::EndTurn { unit: cur });
        }
        return;
    }
    if let Some((item, draw)) = i.carry {
        let action = if draw {
            CommonAction::Draw { item }
        } else {
            CommonAction::Sheathe { item }
        }
        .into();
        submit(b, s, view, Command::Act { unit: cur, action });
        return;
    }
    if let Some(a) = i.action {
        // The action keys act for the unit whose turn it is: its card comes back.
        view.selected = Some(cur);
        view.casting = None;
        view.chooser = None;
        if view.say.take().is_some() {
            view.pending = None;
        }
        if let Some((max_words, _, _)) = a.words() {
            view.pending = Some(Pending(a));
            view.say = Some(String::new());
            view.message = Some((
                format!(
                    "{}: type up to {max_words} words, Enter says them (Esc cancels)",
                    a.label()
                ),
                false,
            ));
        } else if a.target().is_some() {
            view.pending = Some(Pending(a));
            view.message = Some((
                format!(
                    "{}: click {} or Tab to it and Enter (Esc cancels)",
                    a.label(),
                    a.target().unwrap_or("")
                ),
                false,
            ));
        } else {
            decide(b, s, view, a, cur, None);
        }
        return;
    }
    let Some(cell) = i.click else { return };
    if view.chooser.take().is_some() {
        view.message = Some(("Choice cancelled.".into(), false));
        return;
    }
    if let Some(c) = view.casting.clone() {
        cast_click(b, s, view, c, cell);
        return;
    }
    if let Some(Pending(a)) = view.pending.filter(|p| p.0.target().is_some()) {
        if decide(b, s, view, a, cur, Some(cell)) {
            view.pending = None;
        }
        return;
    }
    // A hidden foe's cell looks empty to the side acting (`sight`).
    match crate::game::sight::unit_at_for(b, cur, cell) {
        Some(u) if b.enemies(u, cur) => {
            submit(
                b,
                s,
                view,
                Command::Attack {
                    slot: None,
                    unit: cur,
                    target: u,
                    weapon: None,
                    aim: None,
                },
            );
        }
        Some(u) => {
            view.selected = Some(u);
            if u != cur {
                view.message = Some((
                    format!(
                        "{} does not act now: it is {}'s turn (the action keys act for {}).",
                        b.name(u),
                        b.name(cur),
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
            if b.unit_at(cell, None).is_some() {
                // A foe hidden there: the rules' refusal would name it.
                view.message = Some((
                    format!("{} cannot end a move on {cell}.", b.name(cur)),
                    true,
                ));
                return;
            }
            // A unit down there: the first click inspects it (its card); a click on it
            // inspected moves there.
            if let Some(f) = crate::game::fallen::fallen_on(b, cell)
                && view.selected != Some(f)
            {
                view.selected = Some(f);
                view.message = Some((
                    format!(
                        "{} ({}): its card shows; click its cell again to move there.",
                        b.name(f),
                        crate::game::fallen::fallen(b, f).words()
                    ),
                    false,
                ));
                return;
            }
            submit(
                b,
                s,
                view,
                Command::Move {
                    unit: cur,
                    to: cell,
                },
            );
        }
    }
}

/// The casting part of the intent: an ability chosen (button or M), or Enter / the Cast
/// button with targets picked. True when it handled the frame.
fn cast_intent(b: &mut Battle, s: &mut Session, view: &mut View, i: &Intent, cur: UnitId) -> bool {
    let mut chosen = i.ability;
    if i.next_ability {
        let n = b.abilities(cur).len();
        let start = view.casting.as_ref().map_or(0, |c| c.ability + 1);
        chosen = (0..n)
            .map(|k| (start + k) % n.max(1))
            .find(|&k| cast::why_not(b, cur, k).is_none());
        if chosen.is_none() {
            view.message = Some((
                format!("{} has no ability it can use now.", b.name(cur)),
                true,
            ));
            return true;
        }
    }
    if let Some(k) = chosen {
        let Some(a) = b.ability(cur, k).cloned() else {
            return true;
        };
        view.pending = None;
        view.chooser = None;
        view.say = None;
        if cast::at_once(&a) && !i.next_ability {
            view.casting = None;
            submit(b, s, view, cast::cast_command(cur, k, CastAt::User));
        } else {
            let c = Casting {
                caster: cur,
                ability: k,
                picked: Vec::new(),
            };
            // The panel's preview lines say what to click (hover.rs).
            view.message = None;
            view.casting = Some(c);
        }
        return true;
    }
    if i.cast
        && let Some(c) = view.casting.clone()
    {
        let at = match b.ability(cur, c.ability).map(|a| a.target) {
            Some(Targeting::User) => Some(CastAt::User),
            Some(Targeting::Several { .. }) => {
                (!c.picked.is_empty()).then(|| CastAt::Units(c.picked.clone()))
            }
            _ => view.hovered.and_then(|h| cast::aim_at(b, cur, &c, h)),
        };
        match at {
            Some(at) => {
                if submit(b, s, view, cast::cast_command(cur, c.ability, at)) {
                    view.casting = None;
                }
            }
            None => view.message = Some(("Pick a target first.".into(), true)),
        }
        return true;
    }
    false
}

/// A click on the map while an ability is being aimed.
fn cast_click(b: &mut Battle, s: &mut Session, view: &mut View, mut c: Casting, cell: Cell) {
    let cur = c.caster;
    let Some(a) = b.ability(cur, c.ability).cloned() else {
        view.casting = None;
        return;
    };
    if let Targeting::Several { count, .. } = a.target {
        let Some(t) = crate::game::sight::unit_at_for(b, cur, cell) else {
            view.message = Some((format!("{}: click a creature", a.name), true));
            return;
        };
        if let Some(p) = c.picked.iter().position(|&x| x == t) {
            c.picked.remove(p);
        } else {
            match b.cast_targets(cur, c.ability, &CastAt::Units(vec![t])) {
                Ok(_) if c.picked.len() < count as usize => c.picked.push(t),
                Ok(_) => {
                    view.message = Some((
                        format!("{} takes at most {count}; Enter casts it", a.name),
                        true,
                    ));
                    return;
                }
                Err(e) => {
                    view.message = Some((e.to_string(), true));
                    return;
                }
            }
        }
        view.message = Some((
            format!(
                "{}: {} of {count} picked; Enter or Cast casts it",
                a.name,
                c.picked.len()
            ),
            false,
        ));
        view.casting = Some(c);
        return;
    }
    let Some(at) = cast::aim_at(b, cur, &c, cell) else {
        view.message = Some((format!("{}: nobody stands on {cell}", a.name), true));
        return;
    };
    if let Err(e) = b.cast_targets(cur, c.ability, &at) {
        view.message = Some((e.to_string(), true));
        return;
    }
    if submit(b, s, view, cast::cast_command(cur, c.ability, at)) {
        view.casting = None;
    }
}
