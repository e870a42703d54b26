//! The registry of vocabularies: [`Action`] holds a common action or one of a ruleset's
//! own, [`RulesetFrame`] one of a ruleset's own frames. Each ruleset defines its own in
//! its folder (`rulesets/<id>/vocabulary.rs`); this file names each of those enums once,
//! as `RulesetId::rules` names each ruleset once.
//!
//! The engine refuses another ruleset's action or frame before it asks the battle's
//! ruleset (`Illegal::NoSuchAction`, [`crate::engine::foreign_frame`]), so a ruleset's
//! `check_action`, `perform` and `frame` only ever see the common actions and its own.
//!
//! Outside, both are written flat, by the variant's own name, as scripts always wrote
//! them: `Trip(target: (1))`, `Ready(trigger: EnemyEntersReach)`, `StandUp`. A name two
//! rulesets share (flow's and tactical-d20's `Step`, `Feint`, `Grapple`, `BreakFree`,
//! `Disarm`, `Ready`: same fields, other rules) is read as the first ruleset's in
//! registry order; [`Action::for_ruleset`] moves it to the battle's ruleset when a script
//! runs.

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

use serde::de::{self, EnumAccess, IntoDeserializer, VariantAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::counters::{self, CountersAction, CountersFrame};
use super::escalation::{self, EscalationAction, EscalationFrame};
use super::flow::{self, FlowAction, FlowFrame};
use super::melee_zone::{self, MeleeZoneAction, MeleeZoneFrame};
use super::tactical_d20::{self, TacticalD20Action, TacticalD20Frame};
use crate::components::UnitId;
use crate::vocab::CommonAction;

/// A special action: one every ruleset means alike ([`CommonAction`]) or a ruleset's own.
#[derive(Clone, PartialEq, Eq)]
pub enum Action {
    /// Draw, Sheathe, Pick Up, Stand Up.
    Common(CommonAction),
    /// flow's ([`FlowAction`]).
    Flow(FlowAction),
    /// tactical-d20's ([`TacticalD20Action`]).
    TacticalD20(TacticalD20Action),
    /// escalation's ([`EscalationAction`]).
    Escalation(EscalationAction),
    /// melee-zone's ([`MeleeZoneAction`]).
    MeleeZone(MeleeZoneAction),
    /// counters' ([`CountersAction`]).
    Counters(CountersAction),
}

/// Each ruleset's own actions, in registry order: its id and how to read one of them
/// from the flat JSON form (`None`: not one of its names, or other fields).
type ReadAction = fn(&serde_json::Value) -> Option<Action>;
const OWN_ACTIONS: [(&str, ReadAction); 5] = [
    (flow::ID, |v| {
        FlowAction::deserialize(v).ok().map(Action::Flow)
    }),
    (tactical_d20::ID, |v| {
        TacticalD20Action::deserialize(v)
            .ok()
            .map(Action::TacticalD20)
    }),
    (escalation::ID, |v| {
        EscalationAction::deserialize(v)
            .ok()
            .map(Action::Escalation)
    }),
    (melee_zone::ID, |v| {
        MeleeZoneAction::deserialize(v).ok().map(Action::MeleeZone)
    }),
    (counters::ID, |v| {
        CountersAction::deserialize(v).ok().map(Action::Counters)
    }),
];

impl Action {
    /// The action's name as players read it ("Take a Step", "Trip").
    pub fn name(&self) -> &'static str {
        match self {
            Action::Common(a) => a.name(),
            Action::Flow(a) => a.name(),
            Action::TacticalD20(a) => a.name(),
            Action::Escalation(a) => a.name(),
            Action::MeleeZone(a) => a.name(),
            Action::Counters(a) => a.name(),
        }
    }

    /// The ruleset whose own action it is (its `Ruleset::id`); `None` for a common one.
    pub fn ruleset(&self) -> Option<&'static str> {
        match self {
            Action::Common(_) => None,
            Action::Flow(_) => Some(flow::ID),
            Action::TacticalD20(_) => Some(tactical_d20::ID),
            Action::Escalation(_) => Some(escalation::ID),
            Action::MeleeZone(_) => Some(melee_zone::ID),
            Action::Counters(_) => Some(counters::ID),
        }
    }

    /// The same action in the vocabulary of the ruleset `id` when that ruleset has one of
    /// this name (a script's `Step`, read as flow's, run in a tactical-d20 battle); else
    /// the action unchanged (another ruleset's, which the engine refuses).
    pub fn for_ruleset(self, id: &str) -> Action {
        if self.ruleset().is_none_or(|r| r == id) {
            return self;
        }
        let Some((_, read)) = OWN_ACTIONS.iter().find(|(r, _)| *r == id) else {
            return self;
        };
        serde_json::to_value(&self)
            .ok()
            .and_then(|v| read(&v))
            .unwrap_or(self)
    }

    /// Every action name a script may write, common ones first, then each ruleset's in
    /// registry order (for the message about an unknown one).
    fn names() -> &'static [&'static str] {
        static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
        NAMES.get_or_init(|| {
            union(&[
                variants::<CommonAction>(),
                variants::<FlowAction>(),
                variants::<TacticalD20Action>(),
                variants::<EscalationAction>(),
                variants::<MeleeZoneAction>(),
                variants::<CountersAction>(),
            ])
        })
    }
}

impl From<CommonAction> for Action {
    fn from(a: CommonAction) -> Action {
        Action::Common(a)
    }
}

impl From<FlowAction> for Action {
    fn from(a: FlowAction) -> Action {
        Action::Flow(a)
    }
}

impl From<TacticalD20Action> for Action {
    fn from(a: TacticalD20Action) -> Action {
        Action::TacticalD20(a)
    }
}

impl From<EscalationAction> for Action {
    fn from(a: EscalationAction) -> Action {
        Action::Escalation(a)
    }
}

impl From<MeleeZoneAction> for Action {
    fn from(a: MeleeZoneAction) -> Action {
        Action::MeleeZone(a)
    }
}

impl From<CountersAction> for Action {
    fn from(a: CountersAction) -> Action {
        Action::Counters(a)
    }
}

impl fmt::Debug for Action {
    /// As the action itself (`Trip { target: UnitId(1) }`), whichever vocabulary holds it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Common(a) => fmt::Debug::fmt(a, f),
            Action::Flow(a) => fmt::Debug::fmt(a, f),
            Action::TacticalD20(a) => fmt::Debug::fmt(a, f),
            Action::Escalation(a) => fmt::Debug::fmt(a, f),
            Action::MeleeZone(a) => fmt::Debug::fmt(a, f),
            Action::Counters(a) => fmt::Debug::fmt(a, f),
        }
    }
}

impl Serialize for Action {
    /// Flat: the action's own variant (`Trip(target: (1))`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Action::Common(a) => a.serialize(s),
            Action::Flow(a) => a.serialize(s),
            Action::TacticalD20(a) => a.serialize(s),
            Action::Escalation(a) => a.serialize(s),
            Action::MeleeZone(a) => a.serialize(s),
            Action::Counters(a) => a.serialize(s),
        }
    }
}

impl ByName for Action {
    const WHAT: &'static str = "an action such as `Trip(target: (1))` or `StandUp`";

    fn read<'de, A: EnumAccess<'de>>(name: &str, data: A) -> Result<Action, A::Error> {
        let de = de::value::EnumAccessDeserializer::new(data);
        if variants::<CommonAction>().contains(&name) {
            CommonAction::deserialize(de).map(Action::Common)
        } else if SHARED.contains(&name) {
            Shared::deserialize(de).and_then(Shared::action)
        } else if variants::<FlowAction>().contains(&name) {
            FlowAction::deserialize(de).map(Action::Flow)
        } else if variants::<TacticalD20Action>().contains(&name) {
            TacticalD20Action::deserialize(de).map(Action::TacticalD20)
        } else if variants::<EscalationAction>().contains(&name) {
            EscalationAction::deserialize(de).map(Action::Escalation)
        } else if variants::<MeleeZoneAction>().contains(&name) {
            MeleeZoneAction::deserialize(de).map(Action::MeleeZone)
        } else if variants::<CountersAction>().contains(&name) {
            CountersAction::deserialize(de).map(Action::Counters)
        } else {
            Err(de::Error::unknown_variant(name, Action::names()))
        }
    }
}

/// The action names escalation and melee-zone both have with other fields: read by
/// the fields written, so that neither ruleset's loses its own (a save's or a script's
/// `Disengage(bonus: true)` is melee-zone's two-Bonus-Action Disengage, not escalation's
/// with `bonus` dropped; `Delay(after: (3))` is melee-zone's, `Delay(band: 2)`
/// escalation's). Without fields, escalation's (each converts to the other's by
/// [`Action::for_ruleset`] with its defaults).
const SHARED: [&str; 2] = ["Disengage", "Delay"];

/// The union of the fields of [`SHARED`]'s actions.
#[derive(Deserialize)]
enum Shared {
    Disengage {
        #[serde(default, deserialize_with = "present")]
        from: Option<Vec<UnitId>>,
        #[serde(default, deserialize_with = "present")]
        bonus: Option<bool>,
    },
    Delay {
        #[serde(default, deserialize_with = "present")]
        band: Option<i32>,
        #[serde(default, deserialize_with = "present")]
        after: Option<UnitId>,
    },
}

/// A field written (`Some`), as the ruleset's own field is written (not `Some(..)`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

impl Shared {
    /// The ruleset's action its fields name.
    fn action<E: de::Error>(self) -> Result<Action, E> {
        Ok(match self {
            Shared::Disengage {
                bonus: Some(bonus), ..
            } => MeleeZoneAction::Disengage { bonus }.into(),
            Shared::Disengage { from, .. } => EscalationAction::Disengage {
                from: from.unwrap_or_default(),
            }
            .into(),
            Shared::Delay {
                after: Some(after), ..
            } => MeleeZoneAction::Delay { after }.into(),
            Shared::Delay {
                band: Some(band), ..
            } => EscalationAction::Delay { band }.into(),
            Shared::Delay { .. } => return Err(E::missing_field("band` or `after")),
        })
    }
}

impl<'de> Deserialize<'de> for Action {
    /// By the variant's name: a common action, else the first ruleset's in registry
    /// order that has the name (see [`Action::for_ruleset`]).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        d.deserialize_enum("Action", Action::names(), Named::<Action>(PhantomData))
    }
}

/// A frame only one ruleset queues ([`crate::engine::Frame::Ruleset`]).
#[derive(Clone, PartialEq, Eq)]
pub enum RulesetFrame {
    /// flow's ([`FlowFrame`]).
    Flow(FlowFrame),
    /// tactical-d20's ([`TacticalD20Frame`]).
    TacticalD20(TacticalD20Frame),
    /// escalation's ([`EscalationFrame`]).
    Escalation(EscalationFrame),
    /// melee-zone's ([`MeleeZoneFrame`]).
    MeleeZone(MeleeZoneFrame),
    /// counters' ([`CountersFrame`]).
    Counters(CountersFrame),
}

impl RulesetFrame {
    /// The ruleset that queues it (its `Ruleset::id`).
    pub fn ruleset(&self) -> &'static str {
        match self {
            RulesetFrame::Flow(_) => flow::ID,
            RulesetFrame::TacticalD20(_) => tactical_d20::ID,
            RulesetFrame::Escalation(_) => escalation::ID,
            RulesetFrame::MeleeZone(_) => melee_zone::ID,
            RulesetFrame::Counters(_) => counters::ID,
        }
    }

    /// The unit whose movement the frame is part of, if it is movement under way (a
    /// tactical-d20 leap or pursuit): see `Battle::moving`.
    pub fn mover(&self) -> Option<UnitId> {
        match self {
            RulesetFrame::Flow(f) => f.mover(),
            RulesetFrame::TacticalD20(f) => f.mover(),
            RulesetFrame::Escalation(f) => f.mover(),
            RulesetFrame::MeleeZone(f) => f.mover(),
            RulesetFrame::Counters(f) => f.mover(),
        }
    }

    fn names() -> &'static [&'static str] {
        static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
        NAMES.get_or_init(|| {
            union(&[
                variants::<FlowFrame>(),
                variants::<TacticalD20Frame>(),
                variants::<EscalationFrame>(),
                variants::<MeleeZoneFrame>(),
                variants::<CountersFrame>(),
            ])
        })
    }
}

impl From<FlowFrame> for RulesetFrame {
    fn from(f: FlowFrame) -> RulesetFrame {
        RulesetFrame::Flow(f)
    }
}

impl From<TacticalD20Frame> for RulesetFrame {
    fn from(f: TacticalD20Frame) -> RulesetFrame {
        RulesetFrame::TacticalD20(f)
    }
}

impl From<EscalationFrame> for RulesetFrame {
    fn from(f: EscalationFrame) -> RulesetFrame {
        RulesetFrame::Escalation(f)
    }
}

impl From<MeleeZoneFrame> for RulesetFrame {
    fn from(f: MeleeZoneFrame) -> RulesetFrame {
        RulesetFrame::MeleeZone(f)
    }
}

impl From<CountersFrame> for RulesetFrame {
    fn from(f: CountersFrame) -> RulesetFrame {
        RulesetFrame::Counters(f)
    }
}

impl fmt::Debug for RulesetFrame {
    /// As the frame itself (`Leap { unit: UnitId(0), .. }`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetFrame::Flow(x) => fmt::Debug::fmt(x, f),
            RulesetFrame::TacticalD20(x) => fmt::Debug::fmt(x, f),
            RulesetFrame::Escalation(x) => fmt::Debug::fmt(x, f),
            RulesetFrame::MeleeZone(x) => fmt::Debug::fmt(x, f),
            RulesetFrame::Counters(x) => fmt::Debug::fmt(x, f),
        }
    }
}

impl Serialize for RulesetFrame {
    /// Flat: the frame's own variant.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RulesetFrame::Flow(x) => x.serialize(s),
            RulesetFrame::TacticalD20(x) => x.serialize(s),
            RulesetFrame::Escalation(x) => x.serialize(s),
            RulesetFrame::MeleeZone(x) => x.serialize(s),
            RulesetFrame::Counters(x) => x.serialize(s),
        }
    }
}

impl ByName for RulesetFrame {
    const WHAT: &'static str = "a ruleset's frame";

    fn read<'de, A: EnumAccess<'de>>(name: &str, data: A) -> Result<RulesetFrame, A::Error> {
        let de = de::value::EnumAccessDeserializer::new(data);
        if variants::<FlowFrame>().contains(&name) {
            FlowFrame::deserialize(de).map(RulesetFrame::Flow)
        } else if variants::<TacticalD20Frame>().contains(&name) {
            TacticalD20Frame::deserialize(de).map(RulesetFrame::TacticalD20)
        } else if variants::<EscalationFrame>().contains(&name) {
            EscalationFrame::deserialize(de).map(RulesetFrame::Escalation)
        } else if variants::<MeleeZoneFrame>().contains(&name) {
            MeleeZoneFrame::deserialize(de).map(RulesetFrame::MeleeZone)
        } else if variants::<CountersFrame>().contains(&name) {
            CountersFrame::deserialize(de).map(RulesetFrame::Counters)
        } else {
            Err(de::Error::unknown_variant(name, RulesetFrame::names()))
        }
    }
}

impl<'de> Deserialize<'de> for RulesetFrame {
    /// By the variant's name.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RulesetFrame, D::Error> {
        d.deserialize_enum(
            "RulesetFrame",
            RulesetFrame::names(),
            Named::<RulesetFrame>(PhantomData),
        )
    }
}

// ---- Reading an enum of enums by the variant's name ----

/// An enum whose variants are spread over several enums, read by the variant's name.
trait ByName: Sized {
    /// What is expected, in words.
    const WHAT: &'static str;
    /// The value whose variant name `name` was read; `data` still holds its fields.
    fn read<'de, A: EnumAccess<'de>>(name: &str, data: A) -> Result<Self, A::Error>;
}

/// The visitor of a [`ByName`] enum.
struct Named<T>(PhantomData<T>);

impl<'de, T: ByName> Visitor<'de> for Named<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::WHAT)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        T::read(s, s.into_deserializer())
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
        let (name, variant) = data.variant_seed(Ident)?;
        T::read(
            &name.clone(),
            Again {
                name,
                variant,
                _de: PhantomData,
            },
        )
    }
}

/// A variant's name, read as an identifier.
struct Ident;

impl<'de> de::DeserializeSeed<'de> for Ident {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = String;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a variant's name")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<String, E> {
                Ok(s.to_string())
            }
        }
        d.deserialize_identifier(V)
    }
}

/// A variant whose name was already read, handed on to the enum that has it.
struct Again<'de, V> {
    name: String,
    variant: V,
    _de: PhantomData<&'de ()>,
}

impl<'de, V: VariantAccess<'de>> EnumAccess<'de> for Again<'de, V> {
    type Error = V::Error;
    type Variant = V;

    fn variant_seed<S: de::DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, V), V::Error> {
        let v = seed.deserialize(self.name.into_deserializer())?;
        Ok((v, self.variant))
    }
}

/// The variant names of an enum that derives `Deserialize` (what its derive hands to
/// `deserialize_enum`), so no list is written twice.
fn variants<T: de::DeserializeOwned>() -> &'static [&'static str] {
    let seen = std::cell::Cell::new(&[][..]);
    let _ = T::deserialize(Peek(&seen));
    seen.get()
}

/// A deserializer that only notes the variant names it is asked for.
struct Peek<'a>(&'a std::cell::Cell<&'static [&'static str]>);

impl<'de> Deserializer<'de> for Peek<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _v: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not an enum"))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _v: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.set(variants);
        Err(de::Error::custom("only the names were wanted"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
}

/// The names of several lists in order, each once.
fn union(lists: &[&'static [&'static str]]) -> Vec<&'static str> {
    let mut all: Vec<&'static str> = Vec::new();
    for n in lists.iter().flat_map(|l| l.iter()) {
        if !all.contains(n) {
            all.push(n);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::UnitId;
    use crate::engine::{Frame, ReadyResponse, ReadyTrigger, ReadyUntil};
    use crate::grid::Cell;

    fn ron(text: &str) -> Action {
        crate::level::ron_options()
            .from_str(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn actions_read_and_write_flat_by_name() {
        let trip = Action::from(TacticalD20Action::Trip { target: UnitId(2) });
        assert_eq!(ron("Trip(target: (2))"), trip);
        assert_eq!(
            crate::level::ron_options().to_string(&trip).ok().as_deref(),
            Some("Trip(target:(2))")
        );
        assert_eq!(ron("StandUp"), CommonAction::StandUp.into());
        assert_eq!(ron("Draw(item: 1)"), CommonAction::Draw { item: 1 }.into());
        assert_eq!(ron("TotalDefense"), FlowAction::TotalDefense.into());
        assert_eq!(
            ron("Ready(trigger: EnemyEntersReach)"),
            FlowAction::Ready {
                trigger: ReadyTrigger::EnemyEntersReach,
                response: ReadyResponse::Attack,
                until: ReadyUntil::NextTurn,
            }
            .into()
        );
        assert_eq!(format!("{trip:?}"), "Trip { target: UnitId(2) }");
        let json = serde_json::to_string(&trip).unwrap_or_default();
        assert_eq!(json, r#"{"Trip":{"target":2}}"#);
        assert_eq!(serde_json::from_str::<Action>(&json).ok(), Some(trip));
        assert_eq!(
            serde_json::from_str::<Action>(r#""BreakFree""#).ok(),
            Some(FlowAction::BreakFree.into())
        );
    }

    #[test]
    fn a_shared_name_moves_to_the_battles_ruleset() {
        let step = ron("Step(to: (3, 2))");
        assert_eq!(
            step,
            FlowAction::Step {
                to: Cell::new(3, 2)
            }
            .into()
        );
        let d20 = step.clone().for_ruleset(tactical_d20::ID);
        assert_eq!(
            d20,
            TacticalD20Action::Step {
                to: Cell::new(3, 2)
            }
            .into()
        );
        assert_eq!(d20.clone().for_ruleset(flow::ID), step);
        // Only flow has it, or nobody else: unchanged.
        let shove = ron("Shove(target: (1), effect: Prone, both: false)");
        assert_eq!(shove.clone().for_ruleset(tactical_d20::ID), shove);
        assert_eq!(d20.clone().for_ruleset("duel"), d20);
        let up = Action::from(CommonAction::StandUp);
        assert_eq!(up.clone().for_ruleset(tactical_d20::ID), up);
    }

    #[test]
    fn an_unknown_action_is_named_with_the_known_ones() {
        let e = crate::level::ron_options()
            .from_str::<Action>("Trp(target: (2))")
            .err()
            .map(|e| e.code.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("Trp") && e.contains("`Trip`") && e.contains("`StandUp`"),
            "{e}"
        );
    }

    #[test]
    fn ruleset_frames_are_written_by_their_own_names() {
        let f = Frame::Ruleset(
            TacticalD20Frame::Pursue {
                unit: UnitId(0),
                target: UnitId(1),
            }
            .into(),
        );
        let json = serde_json::to_string(&f).unwrap_or_default();
        assert_eq!(json, r#"{"Ruleset":{"Pursue":{"unit":0,"target":1}}}"#);
        assert_eq!(serde_json::from_str::<Frame>(&json).ok(), Some(f.clone()));
        let text = crate::level::ron_options()
            .to_string(&f)
            .unwrap_or_default();
        assert_eq!(text, "Ruleset(Pursue(unit:(0),target:(1)))");
        assert_eq!(
            crate::level::ron_options().from_str::<Frame>(&text).ok(),
            Some(f)
        );
        let defend = RulesetFrame::from(FlowFrame::Defend(hit()));
        assert_eq!(
            format!("{defend:?}"),
            format!("{:?}", FlowFrame::Defend(hit()))
        );
    }

    fn hit() -> crate::engine::Hit {
        crate::engine::Hit {
            attacker: UnitId(0),
            target: UnitId(1),
            weapon: 0,
            kind: crate::event::AttackKind::Normal,
            level: crate::event::Outcome::Success,
            natural: 3,
            effect: crate::engine::HitEffect::Damage,
        }
    }
}
