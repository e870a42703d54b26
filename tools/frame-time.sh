#!/usr/bin/env bash
# Frame time while units animate: plays LEVEL with every side handed to the AI (a copy of
# the level with `controller: Human` turned into `controller: Ai`) under Xvfb at normal
# animation speed, with SKIRMISH_FRAME_STATS on (src/game/frame_stats.rs: the time
# between consecutive frames while a token walks, lunges or fades), for SECONDS, then
# prints the figures the game wrote.
#
# Usage: tools/frame-time.sh PATH/TO/skirmish [LEVEL] [SECONDS] [WxH]
#   defaults: levels/flow-warfront.ron (24 units), 60 s, 1280x800. Uses display :91
#   (DISPLAY_NUM overrides).
set -euo pipefail
bin=$1
level=${2:-levels/flow-warfront.ron}
secs=${3:-60}
size=${4:-1280x800}
n=${DISPLAY_NUM:-91}
work=$(mktemp -d)
sed 's/controller: *Human/controller: Ai/g' "$level" > "$work/level.ron"
export DISPLAY=:$n
export XDG_RUNTIME_DIR=$work
export SKIRMISH_ANIM=normal
export SKIRMISH_CONFIG=$work/config
export SKIRMISH_FRAME_STATS=$work/frames.txt
rm -f /tmp/.X11-unix/X$n /tmp/.X$n-lock
Xvfb :$n -noreset -screen 0 "${size}x24" >/dev/null 2>&1 &
xvfb=$!
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 1 20); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.5
done
"$bin" play "$work/level.ron" > "$work/game.log" 2>&1 &
game=$!
# Focus the window (no window manager under Xvfb: an unfocused window runs in winit's
# low-power mode).
for _ in $(seq 1 60); do
  xdotool search --name Skirmish >/dev/null 2>&1 && break
  sleep 1
done
xdotool windowfocus --sync "$(xdotool search --name Skirmish | head -1)" 2>/dev/null || true
sleep "$secs"
if [ ! -s "$work/frames.txt" ]; then
  echo "frame-time: no figures written (fewer than 120 animating frames?); game output:" >&2
  tail -20 "$work/game.log" >&2
  exit 1
fi
echo "frame time while animating, $(basename "$level"), $size, ${secs} s:"
cat "$work/frames.txt"
