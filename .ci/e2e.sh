#!/usr/bin/env bash
# Short end-to-end check of the real window: start the game under Xvfb on a square level,
# press Space (end turn) through xdotool, take a screenshot, and check that the window
# drew a map and stayed up. Usage: .ci/e2e.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
out=${2:-shots}
mkdir -p "$out"
export DISPLAY=:97
export XDG_RUNTIME_DIR=$(mktemp -d)
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
sleep 2
"$bin" play levels/flow-courtyard.ron >"$out/game.log" 2>&1 &
game=$!
# Wait for the window (a cold start on llvmpipe can take a while).
for _ in $(seq 1 90); do
  if xdotool search --name "Skirmish" >/dev/null 2>&1; then break; fi
  kill -0 $game 2>/dev/null || { echo "e2e: the game exited early"; cat "$out/game.log"; exit 1; }
  sleep 1
done
win=$(xdotool search --name "Skirmish" | head -1)
sleep 8
xdotool windowfocus --sync "$win"
xdotool key space
sleep 3
import -window root "$out/e2e.png"
kill -0 $game 2>/dev/null || { echo "e2e: the game crashed"; cat "$out/game.log"; exit 1; }
# A drawn map is not a flat image.
sd=$(convert "$out/e2e.png" -colorspace Gray -format '%[fx:standard_deviation]' info:)
echo "e2e: screenshot $out/e2e.png, grey standard deviation $sd"
awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || { echo "e2e: the screenshot looks empty"; exit 1; }
echo "e2e: ok"
