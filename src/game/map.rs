//! Terrain through bevy_ecs_tilemap (square or hex) and units as sprites with name, HP
//! bar and condition badges; animation driven by the event log (a move walks its path
//! cell by cell, an attacker lunges at its target, a unit that goes down fades, a
//! reaction is called out) and floating damage numbers, held while the hot-seat handover
//! screen hides the board (so they play once it is shown). View only: it reads the
//! battle and its events and decides nothing.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_ecs_tilemap::prelude::*;
use skirmish_rules::components::{Conditions, UnitId};
use skirmish_rules::event::Event;
use skirmish_rules::grid::{Cell, GridKind};
use skirmish_rules::level::Terrain;

use super::act::board_hidden;
use super::board::{Anim, Built, MapEntity, TokenFace, UnitView};
use super::layout::MapLayout;
use super::prefs::{AnimSpeed, Prefs};
use super::replay::{Replay, position_at, up_at};
use super::{BattleRes, GameSystems, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Built>()
        .init_resource::<super::floaters::FloaterQueue>()
        .add_systems(OnExit(Screen::Battle), clear)
        .add_systems(
            Update,
            (
                rebuild,
                follow_battle,
                draw_ground,
                // Behind the handover screen nothing moves or floats: the moves and
                // numbers of the turn played meanwhile show once the board does.
                (
                    queue_animations,
                    animate_units,
                    super::markers::hide_unseen,
                    super::markers::draw_marks,
                    super::labels::name_tags,
                    super::floaters::spawn_floaters,
                    super::floaters::float,
                )
                    .chain()
                    .run_if(not(board_hidden)),
            )
                .chain()
                .in_set(GameSystems::View)
                .run_if(in_state(Screen::Battle)),
        );
}

/// Most cells a unit's walk may lag behind the battle: older ones are skipped (a long
/// chain of moves catches up instead of replaying for seconds).
const MAX_WALK: usize = 12;
/// How long a lunge takes (out and back), in seconds at normal speed.
const LUNGE_SECS: f32 = 0.25;
/// How long a fall takes to fade, in seconds at normal speed.
const FADE_SECS: f32 = 0.6;
/// How much a unit that is down is dimmed (its rim) and shrunk.
const DOWN_DIM: f32 = 0.5;
const DOWN_SHRINK: f32 = 0.2;

#[derive(Component)]
struct HpFill(UnitId);

#[derive(Component)]
struct Badges(UnitId);

/// A marker for the items lying on one cell (dropped, disarmed).
#[derive(Component)]
struct GroundView;

const BAR: f32 = 22.0;

/// Leaving the battle screen: the map, its layout and any glide of the camera go (the
/// next battle lays out its own map and fits the camera to it, then follows its acting
/// unit: nothing of this one's camera carries over).
fn clear(
    mut commands: Commands,
    q: Query<Entity, With<MapEntity>>,
    mut built: ResMut<Built>,
    glide: Option<ResMut<super::framing::Glide>>,
) {
    for e in &q {
        commands.entity(e).despawn();
    }
    *built = Built::default();
    commands.remove_resource::<MapLayout>();
    if let Some(mut g) = glide {
        g.stop();
    }
}

fn rebuild(
    mut commands: Commands,
    battle: Res<BattleRes>,
    session: Res<Session>,
    assets: Res<AssetServer>,
    mut built: ResMut<Built>,
    old: Query<Entity, With<MapEntity>>,
    mut cams: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    view: Res<View>,
) {
    if built.generation == Some(session.generation) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    built.generation = Some(session.generation);
    built.seen = battle.0.log().len();
    let b = &battle.0;
    let g = b.grid();
    let (ww, wh) = windows
        .single()
        .map(|w| (w.width(), w.height()))
        .unwrap_or((1280.0, 800.0));
    let layout = MapLayout::for_grid(g, super::layout::panel_px(view.prefs.scale(), ww));
    let (size, grid, tile, map_type) = (layout.size, layout.grid, layout.tile, layout.map_type);
    let texture = assets.load(match g.kind {
        GridKind::Square => "square_tiles.png",
        GridKind::Hex => "hex_tiles.png",
    });
    let mut storage = TileStorage::empty(size);
    let map = commands.spawn(MapEntity).id();
    for c in g.cells() {
        let pos = TilePos {
            x: c.x as u32,
            y: (g.height - 1 - c.y) as u32,
        };
        let index = tile_index(b.terrain(c));
        let t = commands
            .spawn((
                MapEntity,
                TileBundle {
                    position: pos,
                    tilemap_id: TilemapId(map),
                    texture_index: TileTextureIndex(index),
                    ..default()
                },
            ))
            .id();
        storage.set(&pos, t);
    }
    commands.entity(map).insert(TilemapBundle {
        grid_size: grid,
        map_type,
        size,
        storage,
        texture: TilemapTexture::Single(texture),
        tile_size: tile,
        anchor: TilemapAnchor::Center,
        ..default()
    });
    commands.insert_resource(layout);
    // Fit the map into the part of the window left of the side panel.
    let (at, scale) = layout.fit(ww, wh);
    for (mut t, mut p) in &mut cams {
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = scale;
        }
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
    for u in b.units() {
        spawn_unit_view(&mut commands, &assets, b, &layout, &view.prefs, u);
    }
}

/// The tile of a terrain in the tile sheets.
fn tile_index(t: Terrain) -> u32 {
    match t {
        Terrain::Floor => 0,
        Terrain::Wall => 1,
        Terrain::Difficult => 2,
        Terrain::High => 3,
        Terrain::Low => 4,
        Terrain::Pit => 5,
    }
}

/// A unit's sprite with its name, HP bar and condition badges.
fn spawn_unit_view(
    commands: &mut Commands,
    assets: &AssetServer,
    b: &skirmish_rules::Battle,
    layout: &MapLayout,
    prefs: &Prefs,
    u: UnitId,
) {
    let side = b.side(u);
    let sides = super::palette::level_colours(b.level());
    let (colour, face) = super::palette::token_colours(prefs.palette, &sides, side.0 as usize);
    let p = layout.world(b.pos(u));
    // A round token: the side's colour as its rim, a dark face, the archetype's icon,
    // the side's emblem (a shape: readable without colour); larger for larger units.
    let d = layout.tile().y * TOKEN * size_scale(b.size(u));
    // The icon file is the archetype's name without spaces ("goblin archer").
    let icon = b
        .unit_def(u)
        .and_then(|d| d.archetype.as_deref())
        .map(|a| a.replace(' ', ""))
        .filter(|a| ICONS.contains(&a.as_str()))
        .unwrap_or_else(|| "unit".into());
    let image = |path: String, tint: Color, size: f32| Sprite {
        image: assets.load(path),
        color: tint,
        custom_size: Some(Vec2::splat(size)),
        ..default()
    };
    commands
        .spawn((
            MapEntity,
            UnitView(u),
            Anim::default(),
            image("icons/token-rim.png".into(), colour, d),
            Transform::from_translation(p.extend(10.0)),
        ))
        .with_children(|c| {
            c.spawn((
                TokenFace(u),
                image("icons/token-face.png".into(), face, d),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
            c.spawn((
                image(format!("icons/{icon}.png"), Color::WHITE, d * 0.62),
                Transform::from_xyz(0.0, 0.0, 0.2),
            ));
            c.spawn((
                image(
                    format!("icons/emblem-{}.png", side.0 % 4),
                    Color::WHITE,
                    d * 0.28,
                ),
                Transform::from_xyz(d * 0.36, d * 0.36, 0.3),
            ));
            // The name shows on hover, on the selected unit and on the one whose turn
            // it is, placed so that names of units side by side never collide (`labels`).
            c.spawn((
                NameTag(u),
                Text2d::new(b.name(u).to_string()),
                TextFont {
                    font_size: FontSize::Px(NAME_PX * prefs.scale()),
                    ..default()
                },
                Visibility::Hidden,
                Transform::from_xyz(0.0, d * 0.5 + 7.0, 4.0),
            ));
            // HP bar: a dark back and a green fill scaled to HP.
            c.spawn((
                Sprite::from_color(Color::srgb(0.15, 0.05, 0.05), Vec2::new(BAR, 4.0)),
                Transform::from_xyz(0.0, -d * 0.5 - 1.0, 1.0),
            ));
            c.spawn((
                HpFill(u),
                Sprite::from_color(Color::srgb(0.2, 0.85, 0.3), Vec2::new(BAR, 4.0)),
                Transform::from_xyz(0.0, -d * 0.5 - 1.0, 2.0),
            ));
            // Down, dying or dead: a dark disc over the token and the marker on it
            // ("dying 2"), kept by `fallen::marks`.
            c.spawn((
                super::fallen::FallenShade(u),
                image(
                    "icons/token-face.png".into(),
                    Color::srgba(0.0, 0.0, 0.0, 0.75),
                    d,
                ),
                Visibility::Hidden,
                Transform::from_xyz(0.0, 0.0, 0.35),
            ));
            c.spawn((
                super::fallen::FallenMark(u),
                Text2d::new(String::new()),
                // Drawn at 3× and scaled down: sharp when the camera zooms in.
                TextFont {
                    font_size: FontSize::Px(super::fallen::MARK_PX * 3.0 * prefs.scale()),
                    ..default()
                },
                TextColor(Color::srgb(1.0, 0.62, 0.45)),
                // On a dark box: legible over the token's icon.
                bevy::text::TextBackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.8)),
                TextLayout::justify(Justify::Center),
                Visibility::Hidden,
                Transform::from_xyz(0.0, 0.0, 0.4).with_scale(Vec3::splat(1.0 / 3.0)),
            ));
            c.spawn((
                Badges(u),
                Text2d::new(String::new()),
                TextFont {
                    font_size: FontSize::Px(10.0),
                    ..default()
                },
                TextColor(Color::srgb(1.0, 0.95, 0.3)),
                Transform::from_xyz(-d * 0.3, d * 0.3, 3.0),
            ));
        });
}

/// A token's diameter as a share of a cell, for a Medium unit.
pub(super) const TOKEN: f32 = 0.82;

/// How much bigger (or smaller) a unit's token is than a Medium one's.
pub(super) fn size_scale(s: skirmish_rules::components::Size) -> f32 {
    use skirmish_rules::components::Size::*;
    match s {
        Tiny => 0.6,
        Small => 0.85,
        Medium => 1.0,
        Large => 1.45,
        Huge | Gargantuan => 1.8,
    }
}

/// The archetypes (without spaces) with an icon of their own in `assets/icons` (others
/// get `unit.png`); `tools/icons.sh` makes them.
pub const ICONS: [&str; 19] = [
    "fighter",
    "duelist",
    "archer",
    "pikeman",
    "brute",
    "wizard",
    "goblin",
    "goblinarcher",
    "hobgoblin",
    "orc",
    "ogre",
    "wolf",
    "rogue",
    "ranger",
    "cleric",
    "warden",
    "psion",
    "scout",
    "caller",
];

/// A unit's name over its token (placed by `labels`).
#[derive(Component)]
pub(super) struct NameTag(pub(super) UnitId);

/// Font size of names over tokens at UI scale 1.
pub(super) const NAME_PX: f32 = 11.0;

/// What changed the map since it was built: terrain effects (tiles follow the battle's
/// terrain), summoned units (a sprite each) and undo (sprites of units the battle no
/// longer has go).
fn follow_battle(
    mut commands: Commands,
    assets: Res<AssetServer>,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<View>,
    mut tiles: Query<(&TilePos, &mut TileTextureIndex)>,
    views: Query<(Entity, &UnitView)>,
) {
    let Some(layout) = layout else { return };
    if !battle.is_changed() {
        return;
    }
    let b = &battle.0;
    let g = b.grid();
    for (pos, mut ix) in &mut tiles {
        let c = Cell::new(pos.x as i32, g.height - 1 - pos.y as i32);
        let want = tile_index(b.terrain(c));
        if ix.0 != want {
            ix.0 = want;
        }
    }
    let n = b.units().count();
    let mut have = vec![false; n];
    for (e, v) in &views {
        match have.get_mut(v.0.0 as usize) {
            Some(h) => *h = true,
            None => commands.entity(e).despawn(),
        }
    }
    for (i, h) in have.iter().enumerate() {
        if !h {
            spawn_unit_view(
                &mut commands,
                &assets,
                b,
                &layout,
                &view.prefs,
                UnitId(i as u32),
            );
        }
    }
}

/// Items on the ground: a small gold diamond in the lower right corner of each cell that
/// holds any (seen under a unit standing there), with how many when more than one.
/// Drawn again whenever the battle changes.
fn draw_ground(
    mut commands: Commands,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    old: Query<Entity, With<GroundView>>,
) {
    let Some(layout) = layout else { return };
    if !battle.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut cells: std::collections::BTreeMap<Cell, usize> = std::collections::BTreeMap::new();
    for (c, _) in battle.0.ground() {
        *cells.entry(*c).or_insert(0) += 1;
    }
    let t = layout.tile();
    for (c, n) in cells {
        let p = layout.world(c) + Vec2::new(t.x * 0.3, -t.y * 0.3);
        let mut e = commands.spawn((
            MapEntity,
            GroundView,
            Sprite::from_color(Color::srgb(0.95, 0.78, 0.25), Vec2::splat(7.0)),
            Transform::from_translation(p.extend(12.0))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
        if n > 1 {
            e.with_children(|k| {
                k.spawn((
                    Text2d::new(n.to_string()),
                    TextFont {
                        font_size: FontSize::Px(9.0),
                        ..default()
                    },
                    TextColor(Color::BLACK),
                    Transform::from_rotation(Quat::from_rotation_z(-std::f32::consts::FRAC_PI_4))
                        .with_translation(Vec3::new(0.0, 0.0, 1.0)),
                ));
            });
        }
    }
}

/// Turn the log's new events into animations: each step of a move (or a push) queued
/// on its unit's walk, a lunge for each attack, a fade for each fall.
fn queue_animations(
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<View>,
    replay: Res<Replay>,
    mut built: ResMut<Built>,
    mut units: Query<(&UnitView, &mut Anim)>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    if built.animated > b.log().len() {
        // An undo: whatever was under way stops where the battle is now.
        built.animated = b.log().len();
        for (_, mut a) in &mut units {
            *a = Anim::default();
        }
        return;
    }
    // The replay after a handover lets the events through a few at a time.
    let end = replay.upto(b.log().len());
    if built.animated >= end {
        return;
    }
    let instant = view.anim_speed == AnimSpeed::Instant;
    let mut by_unit: std::collections::BTreeMap<UnitId, Mut<Anim>> =
        units.iter_mut().map(|(v, a)| (v.0, a)).collect();
    let log = b.log();
    for (i, l) in log.iter().enumerate().take(end).skip(built.animated) {
        if instant {
            break;
        }
        match &l.event {
            Event::Moved { unit, to, .. }
            | Event::Displaced { unit, to, .. }
            | Event::FellBack { unit, to, .. } => {
                if let Some(a) = by_unit.get_mut(unit) {
                    a.walk.push_back(*to);
                    while a.walk.len() > MAX_WALK {
                        a.walk.pop_front();
                    }
                }
            }
            Event::Attack {
                attacker, target, ..
            } => {
                let at = |u: UnitId| layout.world(position_at(log, u, i, b.pos(u)));
                let (from, to) = (at(*attacker), at(*target));
                let d = (to - from).normalize_or_zero() * layout.tile().x * 0.35;
                if let Some(a) = by_unit.get_mut(attacker) {
                    a.lunge = Some((d.extend(0.0), 0.0));
                }
            }
            Event::Down { unit } => {
                if let Some(a) = by_unit.get_mut(unit) {
                    a.fade = Some(0.0);
                }
            }
            Event::Revived { unit } => {
                if let Some(a) = by_unit.get_mut(unit) {
                    a.fade = None;
                }
            }
            _ => {}
        }
    }
    built.animated = end;
}

fn animate_units(
    time: Res<Time>,
    battle: Res<BattleRes>,
    layout: Option<Res<MapLayout>>,
    view: Res<View>,
    replay: Res<Replay>,
    mut built: ResMut<Built>,
    mut units: Query<(
        &UnitView,
        &mut Anim,
        &mut Transform,
        &mut Visibility,
        &mut Sprite,
    )>,
    mut fills: Query<(&HpFill, &mut Transform), Without<UnitView>>,
    mut badges: Query<(&Badges, &mut Text2d)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(layout) = layout else { return };
    let b = &battle.0;
    let dt = time.delta_secs();
    let speed = view.anim_speed.cells_per_second();
    let scale = speed.map_or(1.0, |s| s / 6.0);
    let tile = layout.tile().x.max(1.0);
    let mut busy = false;
    // During a replay, a unit stands where the events let through so far put it.
    let log = b.log();
    let end = replay.upto(log.len());
    let pos = |u: UnitId| {
        if end < log.len() {
            position_at(log, u, end, b.pos(u))
        } else {
            b.pos(u)
        }
    };
    let up = |u: UnitId| {
        if end < log.len() {
            up_at(log, u, end, b.alive(u))
        } else {
            b.alive(u)
        }
    };
    for (v, mut a, mut t, mut vis, mut sprite) in &mut units {
        let goal = layout.world(pos(v.0)).extend(10.0);
        let mut at = a.at.unwrap_or(goal);
        match speed {
            // Walk the queued cells at the chosen speed, then settle where the battle
            // says the unit is (an undo, a restart, a summon).
            Some(cps) => {
                let mut budget = cps * tile * dt;
                while budget > 0.0 {
                    let target = match a.walk.front() {
                        Some(c) => layout.world(*c).extend(10.0),
                        None => goal,
                    };
                    let d = at.distance(target);
                    if d <= budget {
                        at = target;
                        budget -= d;
                        if a.walk.pop_front().is_none() {
                            break;
                        }
                    } else {
                        at += (target - at) / d * budget;
                        budget = 0.0;
                    }
                }
            }
            None => {
                a.walk.clear();
                at = goal;
            }
        }
        a.at = Some(at);
        let mut offset = Vec3::ZERO;
        if let Some((d, p)) = a.lunge {
            let p = p + dt * scale / LUNGE_SECS;
            if p >= 1.0 || speed.is_none() {
                a.lunge = None;
            } else {
                offset = d * (p * std::f32::consts::PI).sin();
                a.lunge = Some((d, p));
            }
        }
        let mut place = at + offset;
        // A unit that is down lies under any unit standing on its cell.
        if !up(v.0) {
            place.z = 9.0;
        }
        if t.translation != place {
            t.translation = place;
        }
        // A fall dims and shrinks the token to how a unit that is down lies: it stays on
        // the map (issue 31), its marker on it (`fallen`).
        let (fall, fading) = match a.fade {
            Some(p) if speed.is_some() && p < 1.0 => {
                let p = p + dt * scale / FADE_SECS;
                a.fade = Some(p);
                (p.min(1.0), true)
            }
            _ => (if up(v.0) { 0.0 } else { 1.0 }, false),
        };
        let alpha = 1.0 - DOWN_DIM * fall;
        if *vis != Visibility::Inherited {
            *vis = Visibility::Inherited;
        }
        if (sprite.color.alpha() - alpha).abs() > 0.001 {
            sprite.color.set_alpha(alpha);
        }
        // The whole token (face, icon, bars) shrinks as it falls.
        let scale = Vec3::splat(1.0 - DOWN_SHRINK * fall);
        if t.scale != scale {
            t.scale = scale;
        }
        if !a.walk.is_empty() || a.lunge.is_some() || fading || at.distance_squared(goal) > 0.01 {
            busy = true;
        }
    }
    if busy {
        // Still under way: the next frame, without waiting for input.
        redraw.write(RequestRedraw);
    }
    if built.busy != busy {
        built.busy = busy;
    }
    if !battle.is_changed() {
        return;
    }
    for (f, mut t) in &mut fills {
        let hp = b
            .get::<skirmish_rules::components::Health>(f.0)
            .map(|h| (h.hp.max(0) as f32 / h.max.max(1) as f32).clamp(0.0, 1.0))
            .unwrap_or(0.0);
        t.scale.x = hp.max(0.001);
        t.translation.x = -BAR * (1.0 - hp) / 2.0;
    }
    for (bd, mut text) in &mut badges {
        let s: String = b
            .get::<Conditions>(bd.0)
            .map(|c| {
                c.0.iter()
                    .map(|c| crate::game::view::of(b).condition_badge(c.kind))
                    .collect()
            })
            .unwrap_or_default();
        // A unit that is down shows its marker instead (`fallen`); the card lists them.
        text.0 = if b.alive(bd.0) { s } else { String::new() };
    }
}
