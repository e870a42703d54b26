//! Actions in their flat form (`Ready(trigger: …, response: …)`, as scripts write them,
//! JSON here): one field of a built action changed at random, and the name a made-up
//! command is counted under. Generic: no ruleset's action is named; a field is changed
//! by what its value looks like (a number, a cell or a list, a plain enum variant, words,
//! a flag, nothing yet) and read back through [`Action`]'s own reader, and the engine's
//! `Ready*` fields (`trigger`, `response`, `until`) take any of their values. So the
//! bar's readied actions get every trigger, response and duration, a Push any distance, a
//! Delay any band, a grapple any follow-up, which the bar's buttons alone never make.

use serde_json::{Value, json};

use super::maker::{CommandMaker, Entropy};
use crate::components::UnitId;
use crate::engine::{Action, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect};
use crate::{Battle, Command};

/// What a changed field may become.
#[derive(Clone, Copy)]
enum Like {
    /// A unit id.
    Unit,
    /// A number: small, an item index, huge or negative.
    Number,
    /// A cell (`[x, y]`).
    Cell,
    /// A list of unit ids.
    Units,
    /// Another variant of the field's enum (from the reader's "expected one of" list).
    Variant,
    /// Typed words.
    Words,
}

/// The variants a reader expects, from its "unknown variant `x`, expected one of `a`,
/// `b`" message (empty for any other message).
fn expected_variants(message: &str) -> Vec<String> {
    match message.split_once("unknown variant") {
        Some((_, rest)) => match rest.split_once("expected") {
            Some((_, list)) => list
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect(),
            None => Vec::new(),
        },
        None => Vec::new(),
    }
}

/// The variant name of a value in its flat form (`"Attack"`, `{"Move": …}`).
fn variant_of(v: &Value) -> Option<&str> {
    match v {
        Value::String(s) => Some(s),
        Value::Object(m) if m.len() == 1 => m.keys().next().map(String::as_str),
        _ => None,
    }
}

/// The name a made-up command is counted under: `command: Move`, `reaction: Interrupt`,
/// `reaction: decline`, `<ruleset id or common>: <action>` with a readied action's
/// response (`escalation: Ready(Power)`).
pub fn command_label(cmd: &Command) -> String {
    match cmd {
        Command::Move { .. } => "command: Move".into(),
        Command::Attack { .. } => "command: Attack".into(),
        Command::EndTurn { .. } => "command: EndTurn".into(),
        Command::React { choice: None, .. } => "reaction: decline".into(),
        Command::React {
            choice: Some(k), ..
        } => {
            let debug = format!("{k:?}");
            let name = debug.split(['(', ' ', '{']).next().unwrap_or_default();
            format!("reaction: {name}")
        }
        Command::Act { action, .. } => {
            let who = action.ruleset().unwrap_or("common");
            let flat = serde_json::to_value(action).unwrap_or(Value::Null);
            let name = variant_of(&flat).unwrap_or("?");
            let response = match &flat {
                Value::Object(m) => m
                    .values()
                    .next()
                    .and_then(|f| f.get("response"))
                    .and_then(variant_of),
                _ => None,
            };
            match response {
                Some(r) => format!("{who}: {name}({r})"),
                None => format!("{who}: {name}"),
            }
        }
    }
}

impl<E: Entropy> CommandMaker<'_, E> {
    /// `cmd` with one field of its action changed through the action's flat form (see
    /// the module's words), read back into the same ruleset's vocabulary; `cmd` as it
    /// was when its action has no fields or no new value reads back.
    pub fn refield(&mut self, b: &Battle, cmd: Command) -> Command {
        let Command::Act { unit, action } = &cmd else {
            return cmd;
        };
        let Ok(Value::Object(outer)) = serde_json::to_value(action) else {
            return cmd;
        };
        let Some((name, Value::Object(fields))) = outer.into_iter().next() else {
            return cmd;
        };
        // Sorted: the same order whether or not a build keeps JSON objects in order.
        let mut keys: Vec<String> = fields.keys().cloned().collect();
        keys.sort();
        let Some(key) = keys.get(self.index(keys.len())) else {
            return cmd;
        };
        let read = |value: Value| -> Result<Action, String> {
            let mut f = fields.clone();
            f.insert(key.clone(), value);
            let flat = Value::Object([(name.clone(), Value::Object(f))].into_iter().collect());
            let a: Action = serde_json::from_value(flat).map_err(|e| e.to_string())?;
            // Read by name as the first ruleset's: back to the action's own.
            Ok(match action.ruleset() {
                Some(id) => a.for_ruleset(id),
                None => a,
            })
        };
        let u = *unit;
        let typed = match key.as_str() {
            "trigger" => Some(json!(self.ready_trigger())),
            "response" => Some(json!(self.ready_response(b, u))),
            "until" => Some(json!(if self.flag() {
                ReadyUntil::NextTurn
            } else {
                ReadyUntil::RoundEnd
            })),
            _ => None,
        };
        let new = match typed {
            Some(v) => read(v).ok(),
            None => self.like(b, u, &fields[key], &read),
        };
        match new {
            Some(action) => Command::Act { unit: u, action },
            None => cmd,
        }
    }

    /// A new value for a field that holds `old`, tried against `read` in a random order
    /// of what such a value may be; the first action that reads back.
    fn like(
        &mut self,
        b: &Battle,
        u: UnitId,
        old: &Value,
        read: &dyn Fn(Value) -> Result<Action, String>,
    ) -> Option<Action> {
        use Like::*;
        let kinds: &[Like] = match old {
            Value::Bool(x) => return read(json!(!x)).ok(),
            Value::Number(_) => &[Unit, Number],
            Value::Array(_) => &[Cell, Units],
            Value::String(_) => &[Variant, Words],
            Value::Null => &[Unit, Number, Cell, Units, Variant, Words],
            Value::Object(_) => &[Variant],
        };
        let start = self.index(kinds.len());
        for i in 0..kinds.len() {
            let value = match kinds[(start + i) % kinds.len()] {
                Unit => json!(self.target(b, u).0),
                Number => match self.below(6) {
                    0 => json!(-1),
                    1 => json!(u32::MAX),
                    2 => json!(1u64 << 40),
                    3 => json!(self.item()),
                    _ => json!(self.below(8)),
                },
                Cell => {
                    let c = self.near(b, u);
                    json!([c.x, c.y])
                }
                Units => json!(
                    (0..self.below(4))
                        .map(|_| self.target(b, u).0)
                        .collect::<Vec<_>>()
                ),
                Variant => {
                    let names = read(json!("?"))
                        .err()
                        .map_or_else(Vec::new, |e| expected_variants(&e));
                    if names.is_empty() {
                        continue;
                    }
                    json!(names[self.index(names.len())])
                }
                Words => json!(self.text()),
            };
            if let Ok(a) = read(value) {
                return Some(a);
            }
        }
        None
    }

    /// Any trigger, at any distance.
    fn ready_trigger(&mut self) -> ReadyTrigger {
        match self.below(3) {
            0 => ReadyTrigger::EnemyEntersReach,
            1 => ReadyTrigger::EnemyWithin {
                cells: self.below(12),
            },
            _ => ReadyTrigger::EnemyCasts {
                cells: self.below(12),
            },
        }
    }

    /// Any readied response (a cell near `u`, any ability index, any unit to assist).
    fn ready_response(&mut self, b: &Battle, u: UnitId) -> ReadyResponse {
        match self.below(9) {
            0 => ReadyResponse::Attack,
            1 => ReadyResponse::Move {
                to: self.near(b, u),
            },
            2 => ReadyResponse::Shove {
                effect: if self.flag() {
                    ShoveEffect::Push
                } else {
                    ShoveEffect::Prone
                },
                both: self.flag(),
            },
            3 => ReadyResponse::Grapple,
            4 => ReadyResponse::Disarm,
            5 => ReadyResponse::Power {
                ability: self.below(b.abilities(u).len() as u32 + 1) as usize,
            },
            6 => ReadyResponse::SwitchStance,
            7 => ReadyResponse::Defend,
            _ => ReadyResponse::Assist {
                ally: self.target(b, u),
            },
        }
    }
}
