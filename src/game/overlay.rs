//! Map overlays as sprites: the selected unit, the hovered cell or the cell cursor, the cells the current
//! unit can reach, the previewed path (dots) with every provoking step marked "!" (orange,
//! on the cell left) and every step a foe may intercept (violet, on the cell entered), and
//! the threat overlay (hatched cells, so it reads without colour), and while a reaction
//! window is open the units involved and the cell the option under the pointer names.

use bevy::prelude::*;
use skirmish_rules::Status;
use skirmish_rules::abilities::Targeting;
use skirmish_rules::engine::CastAt;

use super::act::cast;
use skirmish_rules::grid::{Cell, GridKind};

use super::board::MapEntity;
use super::layout::MapLayout;
use super::{BattleRes, GameSystems, Screen, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.in_set(GameSystems::View)
            .run_if(in_state(Screen::Battle)),
    );
}

#[derive(Component)]
struct Mark;

/// The cells the threat overlay hatches on `u`'s turn: those its seen, living foes
/// threaten, on the map, and only where a unit could stand (issue 31: never a wall, a
/// low wall or a pit, which no one can enter to be threatened).
pub fn threat_cells(
    b: &skirmish_rules::Battle,
    u: skirmish_rules::components::UnitId,
) -> Vec<Cell> {
    let mut cells: Vec<Cell> = b
        .units()
        // A hidden foe's zone is not shown to the side it hides from.
        .filter(|&e| {
            b.enemies(e, u) && b.alive(e) && crate::game::sight::seen_by(b, Some(b.side(u)), e)
        })
        .flat_map(|e| b.threatened_cells(e))
        .filter(|c| b.grid().contains(*c) && b.terrain(*c).standable())
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

fn shape(layout: &MapLayout, what: &str) -> String {
    let s = match layout.kind() {
        GridKind::Square => "square",
        GridKind::Hex => "hex",
    };
    format!("marks/{s}_{what}.png")
}

fn draw(
    mut commands: Commands,
    battle: Res<BattleRes>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    assets: Res<AssetServer>,
    old: Query<Entity, With<Mark>>,
    replay: Res<super::replay::Replay>,
    mut was_running: Local<bool>,
) {
    let Some(layout) = layout else { return };
    let running = replay.running();
    let replay_ended = std::mem::replace(&mut *was_running, running) != running;
    if !(battle.is_changed() || view.is_changed() || layout.is_changed() || replay_ended) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let b = &battle.0;
    // The palette's colours (Settings: default, colour-blind safe, high contrast).
    let pal = super::palette::marks(view.prefs.palette);
    let col = super::palette::colour;
    let outline = assets.load(shape(&layout, "outline"));
    let hatch = assets.load(shape(&layout, "hatch"));
    let tile = layout.tile();
    let mut mark = |c: Cell, img: &Handle<Image>, colour: Color, z: f32, size: Vec2| {
        commands.spawn((
            Mark,
            MapEntity,
            Sprite {
                image: img.clone(),
                color: colour,
                custom_size: Some(size),
                ..default()
            },
            Transform::from_translation(layout.world(c).extend(z)),
        ));
    };
    let cur = match b.status() {
        Status::Turn(u) => Some(u),
        _ => None,
    };
    if view.threat
        && let Some(u) = cur
    {
        for c in threat_cells(b, u) {
            mark(c, &hatch, col(pal.threat), 3.0, tile);
        }
    }
    if let Some(u) = cur
        && view.selected == Some(u)
        && view.pending.is_none()
        && view.casting.is_none()
    {
        // Issue 31: a faint outline was hard to see; a double outline (the cell's and one
        // inset) in the reach colour, nearly opaque, reads at a glance.
        for c in b.reachable(u).keys() {
            if c != b.pos(u) && b.unit_at(c, None).is_none() {
                mark(c, &outline, col(pal.reach), 2.0, tile * 0.9);
                mark(c, &outline, col(pal.reach), 2.0, tile * 0.8);
            }
        }
        if let Some(h) = view.hovered
            && b.unit_at(h, None).is_none()
            && let Some((path, _)) = b.path_to(u, h)
        {
            let dot = assets.load("marks/dot.png");
            let warn = assets.load("marks/warn.png");
            let provoked = b.provoked_along(u, &path);
            for c in path.iter().skip(1) {
                mark(*c, &dot, col(pal.path), 4.0, Vec2::splat(8.0));
            }
            let mut froms: Vec<Cell> = provoked.iter().map(|p| p.from).collect();
            froms.dedup();
            for from in froms {
                mark(from, &warn, col(pal.provoke), 5.0, Vec2::splat(14.0));
            }
            // The steps a foe may intercept (escalation), in violet on the cell entered.
            let mut tos: Vec<Cell> = b
                .interceptions_along(u, &path)
                .iter()
                .map(|i| i.to)
                .collect();
            tos.dedup();
            for to in tos {
                mark(to, &warn, col(pal.intercept), 5.0, Vec2::splat(18.0));
            }
        }
    }
    // Aiming an ability: the area under the pointer (orange where it may go, grey
    // where it may not), every unit it would reach outlined in red with its chance.
    let mut chances = Vec::new();
    if let Some(u) = cur
        && let Some(c) = view.casting.as_ref().filter(|c| c.caster == u)
        && let Some(a) = b.ability(u, c.ability)
    {
        if let Some(h) = view.hovered
            && matches!(a.target, Targeting::Area { .. } | Targeting::Cell { .. })
        {
            let ok = b.cast_targets(u, c.ability, &CastAt::Cell(h)).is_ok();
            let colour = if ok {
                col(pal.area_ok)
            } else {
                Color::srgba(0.6, 0.6, 0.6, 0.8)
            };
            for cell in b.cast_cells(u, a, h) {
                mark(cell, &hatch, colour, 3.5, tile);
                mark(cell, &outline, colour, 3.6, tile * 0.95);
            }
        }
        for t in cast::reached(b, u, c, view.hovered) {
            mark(b.pos(t), &outline, col(pal.targets), 7.0, tile * 1.05);
            let chance = b.rules().ability_chance(b, u, t, c.ability);
            chances.push((b.pos(t), format!("{:.0}%", chance * 100.0)));
        }
    }
    if let Some(s) = view.selected {
        mark(b.pos(s), &outline, Color::srgb(1.0, 0.9, 0.2), 6.0, tile);
    }
    match (view.keyboard, view.cursor, view.hovered) {
        // The cell cursor (the keys moved it last): a thick bright frame, on top of the
        // unit's own outline, so it reads on both grids and over any token.
        (true, Some(c), _) => {
            let cursor = col(pal.cursor);
            mark(c, &outline, cursor, 8.0, tile * 1.08);
            mark(c, &outline, cursor, 8.1, tile * 1.0);
            mark(c, &outline, cursor, 8.2, tile * 0.92);
        }
        (_, _, Some(h)) => mark(
            h,
            &outline,
            Color::srgba(1.0, 1.0, 1.0, 0.8),
            6.0,
            tile * 0.8,
        ),
        _ => {}
    }
    // A reaction window (issue 31): who may react, who set it off, whom it is aimed
    // at, and the cell the option under the pointer names.
    // Not during the replay after a handover: the tokens stand where they were then.
    let marks = if replay.running() {
        Vec::new()
    } else {
        super::act::offers::marks(b, view.prompt_hover)
    };
    for (c, role) in marks {
        use super::act::offers::Role;
        let (colour, size) = match role {
            Role::Reactor => (Color::srgb(0.3, 1.0, 0.4), 1.12),
            Role::Actor => (Color::srgb(1.0, 0.3, 0.25), 1.12),
            Role::Target => (Color::srgb(1.0, 0.9, 0.2), 1.12),
            Role::Place => (Color::srgb(0.2, 0.95, 1.0), 1.0),
        };
        if role == Role::Place {
            mark(c, &hatch, colour, 8.5, tile);
        }
        mark(c, &outline, colour, 8.6, tile * size);
        mark(c, &outline, colour, 8.7, tile * (size - 0.06));
    }
    for (cell, text) in chances {
        // Under the unit's HP bar, over everything on the map.
        let at = layout.world(cell) + Vec2::new(0.0, -22.0);
        commands.spawn((
            Mark,
            MapEntity,
            Text2d::new(text),
            TextFont {
                font_size: FontSize::Px(12.0),
                ..default()
            },
            TextColor(Color::srgb(1.0, 1.0, 0.7)),
            Transform::from_translation(at.extend(15.0)),
        ));
    }
}
