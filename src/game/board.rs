//! What the board on screen is made of, for every file that reads it: the entities the
//! battle screen spawns ([`MapEntity`]), unit tokens ([`UnitView`], [`TokenFace`]), a
//! token's animation state ([`Anim`]) and how far the board has shown the battle's log
//! ([`Built`]). `map` spawns and drives them; the replay, palette, minimap, floating
//! numbers and frame probe read them. Types only: no system here.

use bevy::prelude::*;
use skirmish_rules::components::UnitId;
use skirmish_rules::grid::Cell;

/// Everything the battle screen spawned in the world.
#[derive(Component)]
pub struct MapEntity;

/// A unit's sprite.
#[derive(Component)]
pub struct UnitView(pub UnitId);

/// A token's face (the palette recolours it).
#[derive(Component)]
pub struct TokenFace(pub UnitId);

/// A unit's animation state: where its sprite is on its way through the cells the log
/// moved it to, a lunge under way, a fade under way.
#[derive(Component, Default)]
pub struct Anim {
    /// Where the sprite stands (before any lunge).
    pub(super) at: Option<Vec3>,
    /// Cells still to walk to, in order.
    pub(super) walk: std::collections::VecDeque<Cell>,
    /// A lunge toward this offset, and how far through it is (0..1).
    pub(super) lunge: Option<(Vec3, f32)>,
    /// A fall, how far through (0..1).
    pub(super) fade: Option<f32>,
}

impl Anim {
    /// Is the token on its way somewhere (walking, lunging or fading)?
    pub fn moving(&self) -> bool {
        !self.walk.is_empty() || self.lunge.is_some() || self.fade.is_some_and(|p| p < 1.0)
    }

    /// Stand at `at` with nothing under way (a replay starts from there); `None`: where
    /// the battle has the unit (everything lands at once).
    pub fn reset(&mut self, at: Option<Vec3>) {
        *self = Anim {
            at,
            ..Anim::default()
        };
    }
}

/// Which battle generation the map on screen shows (a restart builds a new one).
#[derive(Resource, Default)]
pub struct Built {
    pub(super) generation: Option<u32>,
    /// Events already turned into floating numbers.
    pub(super) seen: usize,
    /// Events already turned into animations.
    pub(super) animated: usize,
    /// A unit is still walking, lunging or fading (the replay waits for it).
    pub busy: bool,
}

impl Built {
    /// Play the events from `start` on again (the replay after a handover shows what the
    /// side coming to the board missed): they animate and float once more.
    pub fn rewind(&mut self, start: usize) {
        self.animated = self.animated.min(start);
        self.seen = self.seen.min(start);
    }

    /// Events up to here have been turned into animations.
    pub fn animated(&self) -> usize {
        self.animated
    }
}
