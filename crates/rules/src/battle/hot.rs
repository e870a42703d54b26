//! The components read most (weapons, carry, pools, scores, life, size, conditions,
//! modifiers, turn state, facing, wear, cell, bleeding, name, and the `Hidden` and
//! `Down` markers) mirrored per unit beside the ECS world: `Battle::get` reads them from a
//! plain vector indexed by unit id (a bounds check and the field), where a read through
//! the world costs the entity's location, its archetype's table and column look-ups
//! (about 45 instructions through a query state, more through `World::get`'s `TypeId`
//! probe).
//!
//! The world stays the same as it always was; the mirror follows it. It is copied from
//! the world when a unit is spawned (`Battle::spawned`, a summoning), and every later
//! change of a mirrored component goes through `Battle::get_mut`, whose [`Edit`] writes
//! the mirror and copies it into the world when dropped, or through `apply`'s inserts
//! and removals of the markers, which set the mirror's flags beside them. `apply` is the
//! only writer (see `rollback.rs`), so the two never differ (`hot_tests.rs` compares
//! them after every command of AI battles of every ruleset).

use std::any::{Any, TypeId};
use std::ops::{Deref, DerefMut};

use bevy_ecs::component::{Component, Mutable};
use bevy_ecs::prelude::{Entity, World};
use bevy_ecs::world::Mut;

use crate::components::{
    BleedTaken, Carry, Conditions, Down, Facing, Health, Hidden, Loadout, Pools, Position, Size,
    StatMods, Stats, TurnState, UnitName, Wear,
};

/// The markers' values, for a reference to hand out (a marker holds nothing).
static HIDDEN: Hidden = Hidden;
static DOWN: Down = Down;

macro_rules! mirror {
    ($($field:ident: $ty:ty),* $(,)?) => {
        /// One unit's mirrored components (`None`: the unit has none) and markers.
        #[derive(Clone, Debug, PartialEq)]
        pub(crate) struct Hot {
            $(pub(crate) $field: Option<$ty>,)*
            /// Does the unit carry [`Hidden`]?
            pub(crate) hidden: bool,
            /// Does the unit carry [`Down`]?
            pub(crate) down: bool,
        }

        impl Hot {
            /// Entity `e`'s mirrored components as the world holds them now.
            pub(crate) fn of(world: &World, e: Entity) -> Hot {
                Hot {
                    $($field: world.get::<$ty>(e).cloned(),)*
                    hidden: world.get::<Hidden>(e).is_some(),
                    down: world.get::<Down>(e).is_some(),
                }
            }
        }

        /// `Some(the unit's C)` when `C` is mirrored, `None` when it is not (the type
        /// tests are constants, folded away when compiled).
        #[inline(always)]
        pub(crate) fn read<C: Component>(hot: &Hot) -> Option<Option<&C>> {
            $(
                if TypeId::of::<C>() == TypeId::of::<$ty>() {
                    return Some(hot.$field.as_ref().and_then(|v| (v as &dyn Any).downcast_ref::<C>()));
                }
            )*
            if TypeId::of::<C>() == TypeId::of::<Hidden>() {
                return Some(hot.hidden.then_some(&HIDDEN).and_then(|v| (v as &dyn Any).downcast_ref::<C>()));
            }
            if TypeId::of::<C>() == TypeId::of::<Down>() {
                return Some(hot.down.then_some(&DOWN).and_then(|v| (v as &dyn Any).downcast_ref::<C>()));
            }
            None
        }

        /// The unit's slot for `C` when `C` is a mirrored component (not a marker).
        #[inline(always)]
        fn slot<C: Component>(hot: &mut Hot) -> Option<&mut Option<C>> {
            $(
                if TypeId::of::<C>() == TypeId::of::<$ty>() {
                    return (&mut hot.$field as &mut dyn Any).downcast_mut::<Option<C>>();
                }
            )*
            None
        }
    };
}

mirror! {
    loadout: Loadout,
    carry: Carry,
    pools: Pools,
    stats: Stats,
    health: Health,
    size: Size,
    conditions: Conditions,
    stat_mods: StatMods,
    turn_state: TurnState,
    facing: Facing,
    wear: Wear,
    position: Position,
    bleed: BleedTaken,
    name: UnitName,
}

/// A mirrored component being changed: reads and writes go to the mirror, which is
/// copied into the world's component when the edit ends (dropped). For a component that
/// is not mirrored it is the world's `Mut`.
pub(crate) struct Edit<'a, C: Component<Mutability = Mutable> + Clone> {
    world: Mut<'a, C>,
    mirror: Option<&'a mut C>,
}

impl<'a, C: Component<Mutability = Mutable> + Clone> Edit<'a, C> {
    /// Edit `e`'s `C` in `world`, through `hot`'s mirror when `C` is mirrored. `None`
    /// when the entity has no `C` (then neither has the mirror).
    #[inline]
    pub(crate) fn new(world: &'a mut World, hot: &'a mut Hot, e: Entity) -> Option<Edit<'a, C>> {
        let world = world.get_mut::<C>(e)?;
        let mirror = slot::<C>(hot).and_then(|s| s.as_mut());
        Some(Edit { world, mirror })
    }
}

impl<C: Component<Mutability = Mutable> + Clone> Deref for Edit<'_, C> {
    type Target = C;
    fn deref(&self) -> &C {
        match &self.mirror {
            Some(m) => m,
            None => &self.world,
        }
    }
}

impl<C: Component<Mutability = Mutable> + Clone> DerefMut for Edit<'_, C> {
    fn deref_mut(&mut self) -> &mut C {
        match &mut self.mirror {
            Some(m) => m,
            None => &mut self.world,
        }
    }
}

impl<C: Component<Mutability = Mutable> + Clone> Drop for Edit<'_, C> {
    fn drop(&mut self) {
        if let Some(m) = &self.mirror {
            self.world.clone_from(m);
        }
    }
}

#[cfg(test)]
#[path = "hot_tests.rs"]
mod tests;
