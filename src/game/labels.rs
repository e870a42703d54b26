//! Names over tokens, placed by the one layout rule for text (`text_layout::place_labels`):
//! a name shows on the unit whose turn it is, the selected one and the one under the
//! pointer (in that priority); each goes above its token, else below it, else shortened,
//! so that names of units side by side never run together ("BrannoUgra"). The markers
//! of units down ("dying / -3", `fallen`) follow the battle here too. View only.

use bevy::prelude::*;
use skirmish_rules::components::UnitId;

use super::board::UnitView;
use super::fallen::{FallenMark, FallenShade, fallen};
use super::layout::MapLayout;
use super::map::{NAME_PX, NameTag, TOKEN, size_scale};
use super::text_layout::{Label, place_labels};
use super::{BattleRes, View};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        marks
            .in_set(super::GameSystems::View)
            .run_if(in_state(super::Screen::Battle)),
    );
}

/// A letter's width and a line's height as shares of the font size (the default font).
const CHAR_W: f32 = 0.62;
const LINE_H: f32 = 1.25;

/// Show the names that should show, each where it collides with none placed before it.
pub(super) fn name_tags(
    battle: Res<BattleRes>,
    view: Res<View>,
    layout: Option<Res<MapLayout>>,
    tokens: Query<(&UnitView, &Transform), Without<NameTag>>,
    mut tags: Query<(
        &NameTag,
        &mut Visibility,
        &mut TextFont,
        &mut Text2d,
        &mut Transform,
    )>,
) {
    let Some(layout) = layout else { return };
    let px = NAME_PX * view.prefs.scale();
    let b = &battle.0;
    let hovered = view.hovered.and_then(|c| super::fallen::unit_on(b, c));
    let current = b.current();
    let priority = |u: UnitId| {
        if Some(u) == current {
            Some(0)
        } else if Some(u) == view.selected {
            Some(1)
        } else if Some(u) == hovered {
            Some(2)
        } else {
            None
        }
    };
    let labels: Vec<Label<UnitId>> = tokens
        .iter()
        .filter_map(|(v, t)| {
            let p = priority(v.0)?;
            let s = t.scale.y.max(0.05);
            Some(Label {
                key: v.0,
                at: t.translation.truncate(),
                radius: layout.tile().y * TOKEN * size_scale(b.size(v.0)) * 0.5 * s,
                text: b.name(v.0).to_string(),
                priority: p,
            })
        })
        .collect();
    let placed = place_labels(&labels, px * CHAR_W, px * LINE_H);
    let scale_of = |u: UnitId| {
        tokens
            .iter()
            .find(|(v, _)| v.0 == u)
            .map_or(1.0, |(_, t)| t.scale.y.max(0.05))
    };
    for (tag, mut vis, mut font, mut text, mut t) in &mut tags {
        if !matches!(font.font_size, FontSize::Px(p) if p == px) {
            font.font_size = FontSize::Px(px);
        }
        let Some(p) = placed.iter().find(|p| p.key == tag.0) else {
            if *vis != Visibility::Hidden {
                *vis = Visibility::Hidden;
            }
            continue;
        };
        if *vis != Visibility::Inherited {
            *vis = Visibility::Inherited;
        }
        if text.0 != p.text {
            text.0 = p.text.clone();
        }
        // The tag is the token's child: its offset is in the token's (scaled) space.
        let local = p.offset / scale_of(tag.0);
        if t.translation.truncate().distance(local) > 0.01 {
            t.translation.x = local.x;
            t.translation.y = local.y;
        }
    }
}

/// Keep each token's marker in step with the battle (what the replay has shown so far is
/// not tracked: the marker follows the battle, the token's fade follows the replay).
fn marks(
    battle: Res<BattleRes>,
    mut q: Query<(&FallenMark, &mut Text2d, &mut Visibility), Without<FallenShade>>,
    mut shades: Query<(&FallenShade, &mut Visibility), Without<FallenMark>>,
) {
    if !battle.is_changed() {
        return;
    }
    let b = &battle.0;
    let shown = |up: bool| {
        if up {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        }
    };
    for (m, mut text, mut vis) in &mut q {
        let s = fallen(b, m.0).marker_lines();
        let want = shown(s.is_empty());
        if text.0 != s {
            text.0 = s;
        }
        if *vis != want {
            *vis = want;
        }
    }
    for (m, mut vis) in &mut shades {
        let want = shown(b.alive(m.0));
        if *vis != want {
            *vis = want;
        }
    }
}
