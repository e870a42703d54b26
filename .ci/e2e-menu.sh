#!/usr/bin/env bash
# e2e 14, the level menu (issue 31) in a real window under Xvfb:
#   - `play BROKEN.ron` opens the window (the problems in the menu, screenshot
#     m1-broken.png); a click on Quit closes it and the exit code is 2;
#   - `play` alone: the shipped levels and the user's (a copy of Crossroads in the data
#     folder's levels/, shown with its folder), screenshots at 1280×800 and 1024×640
#     (m2-menu.png, m3-menu-1024.png); Enter starts the first level (flow's bridge).
# Usage: .ci/e2e-menu.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-menu 92 "${2:-shots-menu}"
export SKIRMISH_MUTE=1
fresh_data
mkdir -p "$SKIRMISH_DATA_DIR/levels"
cp levels/escalation-crossroads.ron "$SKIRMISH_DATA_DIR/levels/my-crossroads.ron"
window() { window_up 8; }

start_xvfb

echo "e2e-menu: play BROKEN.ron opens the menu with its problems; Quit exits 2"
"$bin" play tests/fixtures/bad-syntax.ron >"$out/game.log" 2>&1 &
game=$!
window
grep -q 'bad-syntax.ron:6:5' "$out/game.log" || fail "no FILE:LINE:COL line on stderr"
shot m1-broken
# Quit sits after Settings, New level and Edit level at the top left (default UI scale,
# fresh settings; see m1-broken.png).
xdotool mousemove 304 18
sleep 0.5
xdotool click 1
code=
for _ in $(seq 1 15); do
  if ! kill -0 $game 2>/dev/null; then
    set +e
    wait $game
    code=$?
    set -e
    break
  fi
  sleep 1
done
[ -n "$code" ] || fail "Quit did not close the window"
[ "$code" -eq 2 ] || fail "play BROKEN.ron exited $code, not 2"

echo "e2e-menu: the menu lists the user's levels; Enter starts the first level"
rm -f "$events"
"$bin" play --event-log "$events" >"$out/game.log" 2>&1 &
game=$!
window
shot m2-menu
win=$(xdotool search --name Skirmish | head -1)
xdotool windowsize "$win" 1024 640
sleep 3
shot m3-menu-1024
xdotool windowfocus --sync "$win" || true
sleep 1
xdotool key Return
for _ in $(seq 1 30); do
  grep -q '"kind":"battle_started"' "$events" 2>/dev/null && break
  sleep 1
done
grep '"kind":"battle_started"' "$events" | grep -q 'ruleset flow, hex grid' ||
  fail "Enter did not start the bridge: $(cat "$events" 2>/dev/null | head -1)"
echo "e2e-menu: ok — screenshots in $out"
