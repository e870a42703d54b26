//! The game window. Views mirror the battle; input only submits commands.
//!
//! One plugin per file, registered here: `map` draws terrain and units, `hud` is the egui
//! overlay (turn, roll log, end turn).

mod hud;
mod map;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy_ecs_tilemap::TilemapPlugin;
use bevy_egui::EguiPlugin;
use skirmish_rules::Battle;

/// The battle being played, owned by the window.
#[derive(Resource)]
pub struct BattleRes(pub Battle);

/// Where the assets are: `BEVY_ASSET_ROOT`/assets, ./assets, next to the binary, or the
/// source tree's.
fn asset_dir() -> PathBuf {
    let mut candidates = Vec::new();
    if let Ok(root) = std::env::var("BEVY_ASSET_ROOT") {
        candidates.push(PathBuf::from(root).join("assets"));
    }
    candidates.push(PathBuf::from("assets"));
    if let Ok(exe) = std::env::current_exe()
        && let Some(dir) = exe.parent()
    {
        candidates.push(dir.join("assets"));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets"));
    candidates
        .into_iter()
        .find(|p| p.join("hex_tiles.png").exists())
        .and_then(|p| p.canonicalize().ok())
        .unwrap_or_else(|| PathBuf::from("assets"))
}

/// Open the window on a battle. Returns when the window closes.
pub fn run_window(battle: Battle) -> ExitCode {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!(
            "skirmish: no display found (DISPLAY is not set). The window needs a desktop session;\n\
             for a battle without a window use `skirmish run LEVEL [--script FILE]`."
        );
        return ExitCode::from(2);
    }
    let title = format!("Skirmish — {}", battle.level().name);
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title,
                        resolution: (1280, 800).into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: asset_dir().display().to_string(),
                    ..default()
                })
                .set(ImagePlugin::default_nearest()),
        )
        .add_plugins((TilemapPlugin, EguiPlugin::default()))
        .insert_resource(BattleRes(battle))
        .add_plugins((map::plugin, hud::plugin))
        .run();
    ExitCode::SUCCESS
}
