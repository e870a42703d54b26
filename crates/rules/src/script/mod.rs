//! Scripts for `skirmish run`: commands by unit name and cell, reaction answers, forced
//! dice. Format: `docs/scripting.md`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::battle::{Battle, SetupError};
use crate::components::{Slot, UnitId};
use crate::dice::ForcedFaceError;
use crate::engine::{
    Action, Command, Illegal, ReadyResponse, ReadyTrigger, ReadyUntil, ShoveEffect,
};
use crate::event::ReactionKind;
use crate::grid::Cell;
use crate::level::suggest::did_you_mean;
use crate::level::{Level, ron_options};
use crate::span::{Pos, SpanIndex};

mod run;
mod with_ai;
pub use run::{drain_windows, run};
pub use with_ai::{AiPlayed, run_with_ai};

/// A reaction answer in a script: `Decline`, or the name of any [`ReactionKind`]
/// (`ReactionAttack`, `Dodge`, …) — the engine's own list, so nothing is listed twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice(pub Option<ReactionKind>);

impl Choice {
    fn kind(self) -> Option<ReactionKind> {
        self.0
    }
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Choice, D::Error> {
        use serde::de::{EnumAccess, Error, IntoDeserializer, VariantAccess, value};
        struct Name;
        /// A variant's name, read as an identifier.
        struct Ident;
        impl<'de> serde::de::DeserializeSeed<'de> for Ident {
            type Value = String;
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
                struct V;
                impl serde::de::Visitor<'_> for V {
                    type Value = String;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a reaction's name")
                    }
                    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<String, E> {
                        Ok(s.to_string())
                    }
                }
                d.deserialize_identifier(V)
            }
        }
        /// A variant whose name was already read, handed on to `ReactionKind`.
        struct Named<V> {
            name: String,
            variant: V,
        }
        impl<'de, V: VariantAccess<'de>> EnumAccess<'de> for Named<V> {
            type Error = V::Error;
            type Variant = V;
            fn variant_seed<S: serde::de::DeserializeSeed<'de>>(
                self,
                seed: S,
            ) -> Result<(S::Value, V), V::Error> {
                let v = seed.deserialize(self.name.into_deserializer())?;
                Ok((v, self.variant))
            }
        }
        impl<'de> serde::de::Visitor<'de> for Name {
            type Value = Choice;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "`Decline` or a reaction such as `ReactionAttack`, `Dodge` or `LandAt((3, 2))`",
                )
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Choice, E> {
                if s == "Decline" {
                    return Ok(Choice(None));
                }
                ReactionKind::deserialize(s.into_deserializer())
                    .map(|k| Choice(Some(k)))
                    .map_err(|e: E| E::custom(format!("{e}, or `Decline`")))
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Choice, A::Error> {
                let (name, variant) = data.variant_seed(Ident)?;
                if name == "Decline" {
                    variant.unit_variant()?;
                    return Ok(Choice(None));
                }
                ReactionKind::deserialize(value::EnumAccessDeserializer::new(Named {
                    name,
                    variant,
                }))
                .map(|k| Choice(Some(k)))
                .map_err(|e| A::Error::custom(format!("{e}, or `Decline`")))
            }
        }
        d.deserialize_enum("ReactionKind", &[], Name)
    }
}

impl Serialize for Choice {
    /// The way a script writes it: `Decline` or the reaction's name.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            None => s.serialize_unit_variant("Choice", 0, "Decline"),
            Some(k) => k.serialize(s),
        }
    }
}

/// How windows not answered by a `React` entry are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
pub enum Policy {
    /// Decline every reaction.
    #[default]
    Decline,
    /// Take the first option offered.
    Accept,
}

/// One scripted command. Its `Display` is the entry as a script writes it
/// (`Move(unit: "Sable", to: (6, 2))`), which [`Script::parse`] reads back to the same
/// step. A field it does not know is refused, as in levels (issue 33).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// Move a unit to a cell.
    Move {
        /// Unit name.
        unit: String,
        /// Destination.
        to: Cell,
    },
    /// Attack.
    Attack {
        /// Unit name.
        unit: String,
        /// Target name.
        target: String,
        /// Weapon name (default: the best one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
        /// tactical-d20: `Standard`, `Move` or `Quick` (default: the first one left).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        slot: Option<Slot>,
        /// Where the attack is aimed (`Vital`, `Legs`, `Arms`, `Senses`, `CentreMass`), in
        /// a ruleset that has aimed attacks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aim: Option<crate::engine::Aim>,
    },
    /// Any action, as the engine names it (units by their index in the level's list):
    /// `Do(unit: "Corwin", action: Trip(target: (1)))`.
    Do {
        /// Unit name.
        unit: String,
        /// The action.
        action: Action,
    },
    /// Cast a spell, use an ability, a potion or an item by name, aimed `at` (default:
    /// the caster): `Cast(unit: "Ysolde", ability: "Fireball", at: Cell((6, 3)))`,
    /// `Cast(unit: "Aldric", ability: "Magic Missile", at: Unit("Morwen"))`.
    Cast {
        /// Unit name.
        unit: String,
        /// The ability's name (one the unit knows).
        ability: String,
        /// At what.
        #[serde(default)]
        at: ScriptAt,
    },
    /// End the current unit's turn.
    EndTurn,
    /// Answer the open reaction window.
    React {
        /// Reactor name.
        unit: String,
        /// Answer.
        choice: Choice,
        /// How much to commit on top of the answer's price (its ruleset says from which
        /// pool and how much at most); 0 when left out.
        #[serde(default, skip_serializing_if = "is_zero")]
        commit: u32,
        /// Amounts per pool and part, for an answer that takes several
        /// (`commits: [(part: 0, pool: SkillDice, amount: 2), (part: 1, pool: Movement,
        /// amount: 2)]`); empty when left out.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        commits: Vec<crate::engine::Commit>,
    },
    /// Take a Step to an adjacent cell.
    Step {
        /// Unit name.
        unit: String,
        /// Destination.
        to: Cell,
    },
    /// Feint against a target.
    Feint {
        /// Unit name.
        unit: String,
        /// Target name.
        target: String,
    },
    /// Shove a target.
    Shove {
        /// Unit name.
        unit: String,
        /// Target name.
        target: String,
        /// `Push` or `Prone`.
        effect: ShoveEffect,
        /// On a Hard success or better, do both (default true).
        #[serde(default = "yes")]
        both: bool,
    },
    /// Grapple a target.
    Grapple {
        /// Unit name.
        unit: String,
        /// Target name.
        target: String,
    },
    /// Try to break free of a grapple.
    BreakFree {
        /// Unit name.
        unit: String,
    },
    /// Let go of a grapple.
    Release {
        /// Unit name.
        unit: String,
    },
    /// Disarm a target.
    Disarm {
        /// Unit name.
        unit: String,
        /// Target name.
        target: String,
        /// The target's item by name (default: the weapon it fights with).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<String>,
        /// Where to send the item on a Hard success or better (default: take it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        send: Option<Cell>,
    },
    /// Draw a stowed item by name.
    Draw {
        /// Unit name.
        unit: String,
        /// Item name.
        item: String,
    },
    /// Sheathe a held item by name.
    Sheathe {
        /// Unit name.
        unit: String,
        /// Item name.
        item: String,
    },
    /// Pick up the item on one's cell.
    PickUp {
        /// Unit name.
        unit: String,
    },
    /// Drop a held item on one's own cell (flow: free).
    Drop {
        /// Unit name.
        unit: String,
        /// Item name (default: the first item in hand).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        item: Option<String>,
    },
    /// Flow State.
    FlowState {
        /// Unit name.
        unit: String,
    },
    /// Total Defense.
    TotalDefense {
        /// Unit name.
        unit: String,
    },
    /// Tumble Through an adjacent enemy.
    Tumble {
        /// Unit name.
        unit: String,
        /// Enemy name.
        through: String,
    },
    /// Stand up from prone.
    StandUp {
        /// Unit name.
        unit: String,
    },
    /// tactical-d20: go prone on purpose (a Move action).
    DropProne {
        /// Unit name.
        unit: String,
    },
    /// Ready Action: a trigger (default: an enemy enters reach), a response (default:
    /// attack the triggering enemy) and how long it waits (default: to the next turn).
    Ready {
        /// Unit name.
        unit: String,
        /// `EnemyEntersReach`, `EnemyWithin(cells: N)` or `EnemyCasts(cells: N)`.
        #[serde(default)]
        trigger: ReadyTrigger,
        /// `Attack`, `Move(to: (x, y))`, `Shove(effect: Push, both: true)`, `Grapple`,
        /// `Disarm`.
        #[serde(default)]
        response: ReadyResponse,
        /// `NextTurn` or `RoundEnd` (cancel if it has not fired when the round ends).
        #[serde(default)]
        until: ReadyUntil,
    },
}

fn yes() -> bool {
    true
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl std::fmt::Display for Step {
    /// The step as a script entry, on one line: `Attack(unit: "Brakka", target: "Sable",
    /// weapon: "longsword")`, `React(unit: "Bex", choice: Block)`,
    /// `Do(unit: "Corwin", action: Trip(target: (1)))`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `Some` is left out the way scripts leave it out (they are read with
        // `implicit_some`); every value a step holds serializes, so an error cannot
        // happen, but it is shown rather than hidden.
        match ron_options().to_string(self) {
            Ok(text) => f.write_str(&spaced(&text)),
            Err(e) => write!(f, "{self:?} (cannot be written as a script entry: {e})"),
        }
    }
}

/// RON's compact text with a space after each `,` and `:` outside strings, the way
/// scripts are written.
fn spaced(compact: &str) -> String {
    let mut out = String::with_capacity(compact.len() + compact.len() / 4);
    let (mut in_string, mut escaped) = (false, false);
    for c in compact.chars() {
        out.push(c);
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else {
            match c {
                '"' => in_string = true,
                ',' | ':' => out.push(' '),
                _ => {}
            }
        }
    }
    out
}

/// A script file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename = "Script")]
pub struct Script {
    /// Seed (the `--seed` flag wins over it; the level's seed loses to it).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Faces used before the seeded RNG, in order.
    #[serde(default)]
    pub dice: Vec<u32>,
    /// Answer to windows the script does not answer itself.
    #[serde(default)]
    pub reactions: Policy,
    /// Commands in order.
    #[serde(default)]
    pub commands: Vec<Step>,
    /// Where each of `dice` is written (filled by [`Script::parse`]; empty for a script
    /// built in code).
    #[serde(skip)]
    pub dice_at: Vec<Pos>,
    /// Where each of `commands` is written (filled by [`Script::parse`]; empty for a
    /// script built in code).
    #[serde(skip)]
    pub commands_at: Vec<Pos>,
}

impl Script {
    /// Read a script file; errors carry `FILE:LINE:COL`.
    pub fn load(path: &Path) -> Result<Script, String> {
        let file = crate::shown::path(path);
        let src = crate::text_file::read(path, crate::text_file::Kind::Script)
            .map_err(|e| format!("{file}:{e}"))?;
        Self::parse(&src).map_err(|e| format!("{file}:{e}"))
    }

    /// Parse script text; errors are `LINE:COL: message`.
    pub fn parse(src: &str) -> Result<Script, String> {
        // A byte order mark is skipped, as in levels (columns count without it).
        let src = src.strip_prefix('\u{feff}').unwrap_or(src);
        let mut script: Script = ron_options().from_str(src).map_err(|e| {
            format!(
                "{}:{}: {}{}",
                e.span.start.line,
                e.span.start.col,
                crate::shown::message_within(&e.code.to_string(), crate::shown::LIST_CHARS),
                crate::level::suggest::for_ron(&e.code)
            )
        })?;
        if !script.dice.is_empty() || !script.commands.is_empty() {
            let spans = SpanIndex::build(src);
            script.dice_at = (0..script.dice.len())
                .map(|i| spans.pos(&format!("dice[{i}]")))
                .collect();
            script.commands_at = (0..script.commands.len())
                .map(|i| spans.pos(&format!("commands[{i}]")))
                .collect();
        }
        Ok(script)
    }

    /// Where `dice:` entry `entry` (0-based) is written; 1:1 when unknown (a script built
    /// in code).
    pub fn dice_pos(&self, entry: usize) -> Pos {
        self.dice_at
            .get(entry)
            .copied()
            .unwrap_or(Pos { line: 1, col: 1 })
    }

    /// Where command `index` (1-based, as [`Stop::index`]) is written; `None` for a
    /// script built in code, or past the last command.
    pub fn command_pos(&self, index: usize) -> Option<Pos> {
        index
            .checked_sub(1)
            .and_then(|i| self.commands_at.get(i))
            .copied()
    }
}

/// Why a scripted battle could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The level cannot be played (a problem of the level file).
    Level(SetupError),
    /// A face of the script's `dice:` does not fit the die it is rolled for while the
    /// battle is set up (initiative): the run fails like an illegal command.
    Dice {
        /// 0-based index of the entry in `dice:`.
        entry: usize,
        /// Where the entry is written (1:1 for a script built in code).
        at: Pos,
        /// The face and the die.
        error: ForcedFaceError,
    },
}

impl std::fmt::Display for StartError {
    /// `LINE:COL: …` for a dice entry (the caller puts the script's file name before it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Level(e) => write!(f, "{e}"),
            StartError::Dice { entry, at, error } => write!(
                f,
                "{at}: dice entry {} is illegal: {error} (rolled while the battle is set \
                 up: initiative, before the first command)",
                entry + 1
            ),
        }
    }
}

/// Set up the battle a script runs on: `level` with `seed` and the script's forced dice.
/// A forced face that does not fit a die rolled during setup is blamed on its `dice:`
/// entry.
pub fn start(level: &Level, seed: u64, script: &Script) -> Result<Battle, StartError> {
    match Battle::new(level.clone(), seed, script.dice.clone()) {
        Ok(b) => Ok(b),
        Err(SetupError::Dice(error)) => Err(StartError::Dice {
            entry: error.entry,
            at: script.dice_pos(error.entry),
            error,
        }),
        Err(e) => Err(StartError::Level(e)),
    }
}

/// Why a scripted run stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// 1-based index of the command in the script.
    pub index: usize,
    /// The command as written.
    pub command: String,
    /// Why.
    pub reason: String,
    /// When the command was refused because a face of the script's `dice:` did not fit
    /// the die it was used for: that entry (the command itself is fine).
    pub dice: Option<Box<DiceEntry>>,
    /// Where the command is written in the script file (`None`: a script built in code,
    /// or the end of the script).
    pub at: Option<Pos>,
}

/// A face of a script's `dice:` that does not fit the die it was used for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceEntry {
    /// 0-based index of the entry in `dice:`.
    pub entry: usize,
    /// Where the entry is written (1:1 for a script built in code).
    pub at: Pos,
    /// The face and the die.
    pub error: ForcedFaceError,
}

impl std::fmt::Display for Stop {
    /// `LINE:COL: command N (ENTRY) is illegal: …` (without `LINE:COL: ` for a script
    /// built in code), or for a face of `dice:` that does not fit,
    /// `LINE:COL: dice entry N is illegal: …` (the caller puts the script's file name
    /// before it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.dice {
            Some(d) => write!(
                f,
                "{}: dice entry {} is illegal: {} (rolled by command {}: {})",
                d.at,
                d.entry + 1,
                d.error,
                self.index,
                crate::shown::text(&self.command, crate::shown::MESSAGE_CHARS)
            ),
            None => write!(
                f,
                "{}command {} ({}) is illegal: {}",
                self.at.map(|p| format!("{p}: ")).unwrap_or_default(),
                self.index,
                crate::shown::text(&self.command, crate::shown::MESSAGE_CHARS),
                crate::shown::message_within(&self.reason, crate::shown::LIST_CHARS)
            ),
        }
    }
}

/// What a script's `Cast` is aimed at, by unit names.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ScriptAt {
    /// The caster.
    #[default]
    User,
    /// One unit.
    Unit(String),
    /// Several units.
    Units(Vec<String>),
    /// A cell (an area's aim).
    Cell(Cell),
}

fn unit(b: &Battle, name: &str) -> Result<UnitId, String> {
    b.find(name).ok_or_else(|| {
        format!(
            "there is no unit named `{}`{}",
            crate::shown::name(name),
            did_you_mean(name, b.units().map(|u| b.name(u)))
        )
    })
}

/// Turn a script step into a command.
pub fn to_command(b: &Battle, s: &Step) -> Result<Command, String> {
    Ok(match s {
        Step::Move { unit: u, to } => Command::Move {
            unit: unit(b, u)?,
            to: *to,
        },
        // Read before the battle's ruleset was known: a name two rulesets share goes to
        // the battle's.
        Step::Do { unit: u, action } => act(b, u, action.clone().for_ruleset(b.rules().id()))?,
        Step::Attack {
            unit: u,
            target,
            weapon,
            slot,
            aim,
        } => {
            let id = unit(b, u)?;
            let weapon = match weapon {
                Some(w) => Some(b.weapons(id).iter().position(|x| &x.name == w).ok_or_else(
                    || {
                        format!(
                            "`{u}` carries no weapon named `{w}`{}",
                            did_you_mean(w, b.weapons(id).iter().map(|x| x.name.as_str()))
                        )
                    },
                )?),
                None => None,
            };
            Command::Attack {
                slot: *slot,
                unit: id,
                target: unit(b, target)?,
                weapon,
                aim: *aim,
            }
        }
        Step::Cast {
            unit: u,
            ability,
            at,
        } => {
            let id = unit(b, u)?;
            let i = b
                .abilities(id)
                .iter()
                .position(|a| &a.name == ability)
                .ok_or_else(|| {
                    let known: Vec<&str> =
                        b.abilities(id).iter().map(|a| a.name.as_str()).collect();
                    format!(
                        "`{u}` knows no ability named `{ability}`{} (it knows: {})",
                        did_you_mean(ability, known.iter().copied()),
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )
                })?;
            let at = match at {
                ScriptAt::User => crate::engine::CastAt::User,
                ScriptAt::Unit(n) => crate::engine::CastAt::Unit(unit(b, n)?),
                ScriptAt::Units(ns) => crate::engine::CastAt::Units(
                    ns.iter().map(|n| unit(b, n)).collect::<Result<_, _>>()?,
                ),
                ScriptAt::Cell(c) => crate::engine::CastAt::Cell(*c),
            };
            act(
                b,
                u,
                Action::Common(crate::engine::CommonAction::Cast { ability: i, at }),
            )?
        }
        Step::EndTurn => Command::EndTurn {
            unit: b.current().ok_or_else(|| Illegal::BattleOver.to_string())?,
        },
        Step::React {
            unit: u,
            choice,
            commit,
            commits,
        } => Command::React {
            unit: unit(b, u)?,
            choice: choice.kind(),
            commit: *commit,
            commits: commits.clone(),
        },
        // The shorthands of single actions (`Feint(unit: "Ann", target: "Grub")`).
        Step::Step { .. }
        | Step::Feint { .. }
        | Step::Shove { .. }
        | Step::Grapple { .. }
        | Step::BreakFree { .. }
        | Step::Release { .. }
        | Step::Disarm { .. }
        | Step::Draw { .. }
        | Step::Sheathe { .. }
        | Step::PickUp { .. }
        | Step::Drop { .. }
        | Step::FlowState { .. }
        | Step::TotalDefense { .. }
        | Step::Tumble { .. }
        | Step::StandUp { .. }
        | Step::DropProne { .. }
        | Step::Ready { .. } => shorthand(b, s)?,
    })
}

/// A shorthand step as the action of its name in the battle's ruleset's vocabulary: its
/// fields with unit names (`target`, `through`) as ids and an item name as a loadout
/// index (of the target, else of the acting unit). A name the battle's ruleset does not
/// have stays another ruleset's, which the engine refuses with its usual message.
fn shorthand(b: &Battle, s: &Step) -> Result<Command, String> {
    use serde_json::{Map, Value};
    let text = |e: serde_json::Error| format!("{s} cannot be read as an action: {e}");
    let (name, fields) = match serde_json::to_value(s).map_err(text)? {
        Value::Object(step) => step.into_iter().next().unwrap_or_default(),
        other => (other.as_str().unwrap_or_default().to_string(), Value::Null),
    };
    let mut fields = match fields {
        Value::Object(f) => f,
        _ => Map::new(),
    };
    let who = match fields.remove("unit") {
        Some(Value::String(u)) => u,
        _ => String::new(),
    };
    // Whose item it is: the target's, else the acting unit's.
    let mut owner = who.clone();
    for key in ["target", "through"] {
        if let Some(Value::String(n)) = fields.get(key).cloned() {
            fields.insert(
                key.into(),
                serde_json::to_value(unit(b, &n)?).map_err(text)?,
            );
            owner = n;
        }
    }
    if let Some(Value::String(item)) = fields.get("item").cloned() {
        let i = item_index(b, unit(b, &owner)?, &owner, &item)?;
        fields.insert("item".into(), Value::from(i));
    }
    // A unit variant (`StandUp`) is its name alone; a struct variant whose fields were
    // all left out (`Drop(unit: "Ann")`) keeps its empty fields.
    let unit_variant = fields.is_empty().then(|| Value::String(name.clone()));
    let value = Value::Object(Map::from_iter([(name, Value::Object(fields))]));
    let action = match (Action::deserialize(&value), unit_variant) {
        (Err(_), Some(alone)) => Action::deserialize(&alone),
        (read, _) => read,
    }
    .map_err(text)?;
    act(b, &who, action.for_ruleset(b.rules().id()))
}

fn act(b: &Battle, u: &str, action: Action) -> Result<Command, String> {
    Ok(Command::Act {
        unit: unit(b, u)?,
        action,
    })
}

/// The loadout index of an item by name; the last one carried by that name wins (an
/// item picked up or taken goes to the end).
fn item_index(b: &Battle, id: UnitId, who: &str, item: &str) -> Result<usize, String> {
    b.weapons(id)
        .iter()
        .enumerate()
        .rev()
        .find(|(i, w)| {
            w.name == item && b.carried(id, *i) != Some(crate::components::Carried::Gone)
        })
        .map(|(i, _)| i)
        .ok_or_else(|| format!("`{who}` carries no item named `{item}`"))
}

impl Step {
    /// The unit the step is given by, by name; `None` for `EndTurn` (it ends the turn of
    /// whoever's turn it is).
    pub fn unit(&self) -> Option<&str> {
        match self {
            Step::EndTurn => None,
            Step::Move { unit, .. }
            | Step::Attack { unit, .. }
            | Step::Do { unit, .. }
            | Step::Cast { unit, .. }
            | Step::React { unit, .. }
            | Step::Step { unit, .. }
            | Step::Feint { unit, .. }
            | Step::Shove { unit, .. }
            | Step::Grapple { unit, .. }
            | Step::BreakFree { unit }
            | Step::Release { unit }
            | Step::Disarm { unit, .. }
            | Step::Draw { unit, .. }
            | Step::Sheathe { unit, .. }
            | Step::PickUp { unit }
            | Step::Drop { unit, .. }
            | Step::FlowState { unit }
            | Step::TotalDefense { unit }
            | Step::Tumble { unit, .. }
            | Step::StandUp { unit }
            | Step::DropProne { unit }
            | Step::Ready { unit, .. } => Some(unit),
        }
    }
}
