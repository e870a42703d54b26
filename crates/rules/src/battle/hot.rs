//! The components read most (weapons, carry, pools, scores, life, size, conditions)
//! looked up through query states made once per battle, instead of `World::get`'s
//! lookup of the component by `TypeId` (a hash map probe, about a quarter of each read)
//! at every read.
//!
//! A state knows the world's archetypes as of its last `update` (`apply` updates them
//! after every event, and `Battle::spawned` once). A unit that moved to an archetype the
//! state has not seen yet (a component added since) is read through `World::get`
//! instead, so a stale state is only slower, never wrong.

use std::any::{Any, TypeId};

use bevy_ecs::archetype::ArchetypeGeneration;
use bevy_ecs::component::Component;
use bevy_ecs::prelude::{Entity, World};
use bevy_ecs::query::{QueryEntityError, QueryState};

use crate::components::{
    Carry, Conditions, Facing, Health, Loadout, Pools, Size, StatMods, Stats, TurnState, Wear,
};

/// One query state per hot component. Each matches the archetypes that hold its
/// component (not every archetype, as an `Option` state would: that asks the archetype
/// for the component at every read); an entity of an archetype it does not match lacks
/// the component, if the state has seen every archetype (see [`read`]).
pub(crate) struct Hot {
    loadout: QueryState<&'static Loadout>,
    carry: QueryState<&'static Carry>,
    pools: QueryState<&'static Pools>,
    stats: QueryState<&'static Stats>,
    health: QueryState<&'static Health>,
    size: QueryState<&'static Size>,
    conditions: QueryState<&'static Conditions>,
    stat_mods: QueryState<&'static StatMods>,
    turn_state: QueryState<&'static TurnState>,
    facing: QueryState<&'static Facing>,
    wear: QueryState<&'static Wear>,
    /// The world's archetype generation at the last update: while it is the same, no
    /// state has anything to learn (the states compare it themselves, but seven calls
    /// after every event cost more than this one compare).
    seen: Option<ArchetypeGeneration>,
}

impl Hot {
    /// The states for `world`, knowing its archetypes now.
    pub(crate) fn new(world: &mut World) -> Hot {
        let mut hot = Hot {
            loadout: QueryState::new(world),
            carry: QueryState::new(world),
            pools: QueryState::new(world),
            stats: QueryState::new(world),
            health: QueryState::new(world),
            size: QueryState::new(world),
            conditions: QueryState::new(world),
            stat_mods: QueryState::new(world),
            turn_state: QueryState::new(world),
            facing: QueryState::new(world),
            wear: QueryState::new(world),
            seen: None,
        };
        hot.update(world);
        hot
    }

    /// Learn the archetypes added to `world` since the last update (cheap when none).
    pub(crate) fn update(&mut self, world: &World) {
        let now = world.archetypes().generation();
        if self.seen == Some(now) {
            return;
        }
        self.seen = Some(now);
        self.loadout.update_archetypes(world);
        self.carry.update_archetypes(world);
        self.pools.update_archetypes(world);
        self.stats.update_archetypes(world);
        self.health.update_archetypes(world);
        self.size.update_archetypes(world);
        self.conditions.update_archetypes(world);
        self.stat_mods.update_archetypes(world);
        self.turn_state.update_archetypes(world);
        self.facing.update_archetypes(world);
        self.wear.update_archetypes(world);
    }
}

/// Entity `e`'s component `C`, as `world.get::<C>(e)` answers: through `C`'s query
/// state when `C` is one of [`Hot`]'s (the type tests are constants, folded away when
/// compiled), else, or when the state has not seen the entity's archetype, through
/// `World::get`.
pub(crate) fn read<'w, C: Component>(hot: &Hot, world: &'w World, e: Entity) -> Option<&'w C> {
    via(hot, &hot.loadout, world, e)
        .or_else(|| via(hot, &hot.carry, world, e))
        .or_else(|| via(hot, &hot.pools, world, e))
        .or_else(|| via(hot, &hot.stats, world, e))
        .or_else(|| via(hot, &hot.health, world, e))
        .or_else(|| via(hot, &hot.size, world, e))
        .or_else(|| via(hot, &hot.conditions, world, e))
        .or_else(|| via(hot, &hot.stat_mods, world, e))
        .or_else(|| via(hot, &hot.turn_state, world, e))
        .or_else(|| via(hot, &hot.facing, world, e))
        .or_else(|| via(hot, &hot.wear, world, e))
        .unwrap_or_else(|| world.get::<C>(e))
}

/// `read` through the state of `H`: `None` when `C` is not `H` or the state cannot say.
/// An entity whose archetype the state does not match lacks `H` when the state has seen
/// every archetype of the world (the generation `Hot::update` last saw is the world's);
/// otherwise the archetype may be new, and only `World::get` can say.
fn via<'w, H: Component, C: Component>(
    hot: &Hot,
    state: &QueryState<&'static H>,
    world: &'w World,
    e: Entity,
) -> Option<Option<&'w C>> {
    if TypeId::of::<H>() != TypeId::of::<C>() {
        return None;
    }
    match state.get_manual(world, e) {
        Ok(h) => Some((h as &dyn Any).downcast_ref::<C>()),
        Err(QueryEntityError::QueryDoesNotMatch(..))
            if hot.seen == Some(world.archetypes().generation()) =>
        {
            Some(None)
        }
        Err(_) => None,
    }
}

#[cfg(test)]
#[path = "hot_tests.rs"]
mod tests;
