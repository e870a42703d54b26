//! Sound effects, played from the event log as the board shows its events (beside the
//! floating numbers, held while the hot-seat handover screen hides the board): a step for
//! a move, a hit, a miss, a critical hit, a reaction, a unit going down, victory. The
//! sounds are `assets/sounds/*.wav`, made by `tools/sounds.py`. View only: which event
//! sounds how is [`sound_for`], a pure function.
//!
//! Volume and mute are Settings. With `SKIRMISH_MUTE=1`, or `CI` set (unless
//! `SKIRMISH_MUTE=0`), sound is off: Bevy's audio is not even started. A machine without
//! an audio device runs silently (Bevy logs "No audio device found." once and plays
//! nothing; the players spawned meanwhile are dropped after a few seconds).

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use skirmish_rules::Battle;
use skirmish_rules::event::{Event, Outcome};

use super::{BattleRes, GameSystems, Screen, Session, View};

pub(super) fn plugin(app: &mut App) {
    if env_mute().is_some() {
        return;
    }
    app.init_resource::<Heard>()
        .add_systems(Startup, load)
        .add_systems(OnExit(Screen::Battle), |mut h: ResMut<Heard>| {
            *h = Heard::default()
        })
        .add_systems(
            Update,
            (
                play.in_set(GameSystems::View)
                    .run_if(in_state(Screen::Battle))
                    .run_if(not(super::act::board_hidden)),
                drop_old,
            ),
        );
}

/// The sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sound {
    /// A unit moves (each step; one sound for the steps shown in one frame).
    Step,
    /// An attack hits.
    Hit,
    /// An attack misses.
    Miss,
    /// An attack is a critical hit.
    Crit,
    /// A reaction is taken (a parry, a block, a strike back, an interception).
    Reaction,
    /// A unit goes down.
    Death,
    /// The battle is won.
    Victory,
}

impl Sound {
    /// All of them.
    pub const ALL: [Sound; 7] = [
        Sound::Step,
        Sound::Hit,
        Sound::Miss,
        Sound::Crit,
        Sound::Reaction,
        Sound::Death,
        Sound::Victory,
    ];

    /// Its file under `assets/`.
    pub fn file(self) -> &'static str {
        match self {
            Sound::Step => "sounds/step.wav",
            Sound::Hit => "sounds/hit.wav",
            Sound::Miss => "sounds/miss.wav",
            Sound::Crit => "sounds/crit.wav",
            Sound::Reaction => "sounds/reaction.wav",
            Sound::Death => "sounds/death.wav",
            Sound::Victory => "sounds/victory.wav",
        }
    }
}

/// The sound an event makes, if any: moves (a step, a push, a fall back) step; an
/// attack hits, misses or crits by its outcome; a reaction taken clangs; a unit going
/// down falls; a battle won (a winner) plays victory. Setup and bookkeeping events
/// (battle start, initiative, turns, payments, offers) are silent.
pub fn sound_for(e: &Event) -> Option<Sound> {
    Some(match e {
        Event::Moved { .. } | Event::Displaced { .. } | Event::FellBack { .. } => Sound::Step,
        Event::Attack { outcome, .. } => match outcome {
            Outcome::Critical => Sound::Crit,
            o if o.is_success() => Sound::Hit,
            _ => Sound::Miss,
        },
        Event::Reacted { .. } => Sound::Reaction,
        Event::Down { .. } => Sound::Death,
        Event::BattleEnded { winner: Some(_) } => Sound::Victory,
        _ => return None,
    })
}

/// The sounds of a run of events, each once, in [`Sound`]'s order (a burst of events in
/// one frame plays each effect once, not once per event).
pub fn sounds_for<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<Sound> {
    let set: std::collections::BTreeSet<Sound> = events.into_iter().filter_map(sound_for).collect();
    set.into_iter().collect()
}

/// The sounds of a run of the battle's events as the window plays them ([`sounds_for`]),
/// less what the battle says is silent: a unit still hidden sneaks in silence (its steps
/// would give it away to its foes), and a unit that left the fight without falling (the
/// View's `TokenMarks::left`: melee-zone's fled unit) makes no death sound on its `Down`.
pub fn battle_sounds<'a>(b: &Battle, events: impl IntoIterator<Item = &'a Event>) -> Vec<Sound> {
    sounds_for(events.into_iter().filter(|e| match e {
        Event::Moved { unit, .. } => !b.hidden(*unit),
        Event::Down { unit } => !matches!(
            crate::game::fallen::fallen(b, *unit),
            crate::game::fallen::Fallen::Left(_)
        ),
        _ => true,
    }))
}

/// Why sound is off whatever the settings say (`SKIRMISH_MUTE`, `CI`), if it is.
pub fn env_mute() -> Option<String> {
    mute_reason(
        std::env::var("SKIRMISH_MUTE").ok().as_deref(),
        std::env::var("CI").ok().as_deref(),
    )
}

/// [`env_mute`] for given values of `SKIRMISH_MUTE` and `CI`: `SKIRMISH_MUTE=0` keeps
/// sound on, any other non-empty value turns it off; else a non-empty `CI` turns it off.
pub fn mute_reason(mute: Option<&str>, ci: Option<&str>) -> Option<String> {
    match mute.map(str::trim).filter(|m| !m.is_empty()) {
        Some("0") => None,
        Some(m) => Some(format!("SKIRMISH_MUTE={m}")),
        None => ci
            .filter(|c| !c.trim().is_empty())
            .map(|_| "CI is set (SKIRMISH_MUTE=0 turns sound on)".to_string()),
    }
}

/// The loaded effects.
#[derive(Resource)]
struct Sounds(Vec<(Sound, Handle<AudioSource>)>);

/// How far into the log the sounds are.
#[derive(Resource, Default)]
struct Heard {
    generation: Option<u32>,
    seen: usize,
}

/// A sound playing (dropped after [`SFX_SECS`] if the audio device never took it).
#[derive(Component)]
struct Sfx {
    age: f32,
}

/// Longer than any effect.
const SFX_SECS: f32 = 3.0;

fn load(mut commands: Commands, assets: Res<AssetServer>) {
    let handles = Sound::ALL
        .into_iter()
        .map(|s| (s, assets.load(s.file())))
        .collect();
    commands.insert_resource(Sounds(handles));
}

/// Play the sounds of the events the log gained since last frame (none for what was there
/// when the battle was built or rebuilt, nothing after an undo).
fn play(
    mut commands: Commands,
    battle: Res<BattleRes>,
    session: Res<Session>,
    view: Res<View>,
    sounds: Option<Res<Sounds>>,
    replay: Res<super::replay::Replay>,
    mut heard: ResMut<Heard>,
) {
    let log = battle.0.log();
    if heard.generation != Some(session.generation) || heard.seen > log.len() {
        heard.generation = Some(session.generation);
        heard.seen = log.len();
        return;
    }
    // During a replay after a handover, what it has reached so far.
    let end = replay.upto(log.len());
    if heard.seen >= end {
        return;
    }
    let new = battle_sounds(&battle.0, log[heard.seen..end].iter().map(|l| &l.event));
    heard.seen = end;
    let gain = view.prefs.gain();
    let Some(sounds) = sounds else { return };
    if gain <= 0.0 {
        return;
    }
    for s in new {
        if let Some((_, h)) = sounds.0.iter().find(|(k, _)| *k == s) {
            commands.spawn((
                Sfx { age: 0.0 },
                AudioPlayer::new(h.clone()),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(gain)),
            ));
        }
    }
}

/// Players the audio device never took (there is none) go after a while.
fn drop_old(mut commands: Commands, time: Res<Time>, mut q: Query<(Entity, &mut Sfx)>) {
    for (e, mut s) in &mut q {
        s.age += time.delta_secs();
        if s.age > SFX_SECS {
            commands.entity(e).try_despawn();
        }
    }
}
