#!/usr/bin/env bash
# e2e: the Credits screen (issue 35) in a real window under Xvfb: the level menu's
# Credits button (right of Quit) opens it over the menu (c2-credits.png: the licence and
# assets/CREDITS.md's icon authors), Esc closes it (c3-closed.png, the menu as before).
# Usage: .ci/e2e-credits.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-credits 93 "${2:-shots-credits}"
export SKIRMISH_MUTE=1
fresh_data
# Pixels that differ between two screenshots below the menu's Start button, where the
# menu is empty and the Credits screen covers it (the level list above may re-sort when
# the window regains focus).
differ() {
  convert "$out/$1.png" -crop 290x250+650+480 +repage "$out/crop-a.png"
  convert "$out/$2.png" -crop 290x250+650+480 +repage "$out/crop-b.png"
  compare -metric AE "$out/crop-a.png" "$out/crop-b.png" null: 2>&1 | cut -d' ' -f1 || true
}

start_xvfb
"$bin" >"$out/game.log" 2>&1 &
game=$!
window_up 8
shot c1-menu
echo "e2e-credits: the Credits button opens the screen"
# Credits sits right of Settings, New level, Edit level and Quit at the top left (default
# UI scale).
xdotool mousemove 353 18
sleep 0.5
xdotool click 1
sleep 2
xdotool mousemove 1200 780
sleep 1
shot c2-credits
opened=$(differ c1-menu c2-credits)
[ "${opened:-0}" -gt 2000 ] || fail "the Credits screen did not open ($opened pixels changed)"
echo "e2e-credits: Esc closes it"
win=$(xdotool search --name Skirmish | head -1)
xdotool windowfocus --sync "$win" || true
sleep 0.5
xdotool key Escape
sleep 2
shot c3-closed
left=$(differ c1-menu c3-closed)
[ "${left:-999999}" -lt 50 ] || fail "the Credits screen did not close ($left pixels differ from the menu)"
kill -0 $game 2>/dev/null || fail "the game exited"
echo "e2e-credits: ok ($opened pixels changed when open, $left after Esc)"
