#!/usr/bin/env bash
# End-to-end check of the window's layout (issue 31, items 5-7), short: the real game
# under Xvfb, driven by xdotool, on tests/fixtures/e2e-dying.ron (tactical-d20, Red
# played here, seed 16; Corwin acts first, next to Vey (1 HP) and Grub):
#   - 1280×800: the action panel starts with Attack, above every other action;
#   - Z arms the attack, a click on Vey makes it: Vey falls dying; he stays on the map
#     (marker "dying -3"), a click on his cell inspects him (his card) and plays nothing;
#   - 1024×640: Attack, the actions usable now are on screen (tactical-d20's panel, the
#     worst case), the map is fitted left of the panel and above the roll log's strip;
#     the dying Vey still on the map with his card;
#   - the roll log says why (a feint's contest: "17 vs 5, Corwin wins (the higher
#     total)") and its newest line is in view at 1024×640 and at 1280×800 (the strip
#     under the map in a window under 900 pixels tall).
# Screenshots in OUT_DIR (look at them: layout-*.png).
#
# Usage: .ci/e2e-layout.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-layout 74 "${2:-shots-layout}"
export SKIRMISH_ANIM=fast
has_button() { grep -q "^$1	" "$SKIRMISH_BUTTONS" 2>/dev/null; }
button_y() { awk -F'\t' -v l="$1" '$1 == l { split($2, p, " "); print p[2] }' "$SKIRMISH_BUTTONS"; }
cell_x() { cell "$1" "$2" | cut -d' ' -f1; }
cell_y() { cell "$1" "$2" | cut -d' ' -f2; }
# shot NAME [CROP] (over lib.sh's): a screenshot; a black one (the X server not drawn
# to yet) is taken again, up to 5 times.
shot() {
  for _ in 1 2 3 4 5; do
    if [ -n "${2:-}" ]; then
      import -window root -crop "$2" +repage "$out/$1.png"
    else
      import -window root "$out/$1.png"
    fi
    awk -v m="$(convert "$out/$1.png" -format '%[fx:mean]' info:)" 'BEGIN { exit !(m > 0.01) }' && return 0
    sleep 1
  done
}
board_click() { xdotool mousemove "$(cell_x "$1" "$2")" "$(cell_y "$1" "$2")"; sleep 0.4; xdotool click 1; sleep 0.4; }

start_xvfb
rm -f "$events" "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS"
"$bin" play tests/fixtures/e2e-dying.ron --seed 16 --event-log "$events" >"$out/game.log" 2>&1 &
game=$!
window_up
wait_for '"kind":"turn_started","round":1,"actor":"Corwin"' 60
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && has_button Attack && break; sleep 1; done
win=$(xdotool search --name Skirmish | head -1)
sleep 2
xdotool windowfocus --sync "$win" || true

echo "e2e-layout: 1280×800, Attack first"
has_button Attack || fail "no Attack button"
ay=$(button_y Attack)
for a in Dash Defend Focus; do
  has_button "$a" || fail "no $a button"
  [ "$ay" -lt "$(button_y "$a")" ] || fail "Attack ($ay) is not above $a ($(button_y "$a"))"
done
xdotool mousemove "$(cell_x 4 2)" "$(cell_y 4 2)"
# Under load the screen shows a frame late: give it time.
sleep 3
shot layout-1280x800

echo "e2e-layout: Z and a click on Vey attack; Vey falls dying and stays on the map"
xdotool key z
sleep 0.7
board_click 4 2
wait_for '"kind":"attack","round":1,"actor":"Corwin","target":"Vey"' 15
wait_for '"kind":"down","round":1,"target":"Vey"' 10
sleep 0.8
shot layout-floaters-1280x800
sleep 3
n=$(wc -l <"$events")
board_click 4 2
sleep 1.5
[ "$(wc -l <"$events")" -eq "$n" ] || fail "a click on the dying Vey played: $(tail -1 "$events")"
xdotool mousemove 600 700
sleep 2
shot layout-dying-1280x800

echo "e2e-layout: 1024×640, the usable actions stay in view"
xdotool windowsize "$win" 1024 640
sleep 3
has_button Attack || fail "no Attack button at 1024×640"
[ "$(button_y Attack)" -lt 640 ] || fail "Attack is below the fold at 1024×640 ($(button_y Attack))"
# The Standard action is spent: the Move and Quick actions are the usable ones.
for a in Feint Focus Step; do
  has_button "$a" && [ "$(button_y "$a")" -lt 640 ] || fail "$a is not on screen at 1024×640"
done
awk '$3 < 0 || $3 > 1024 - 300 || $4 < 0 || $4 > 640 { bad++ } END { exit bad > 0 }' "$SKIRMISH_LAYOUT" ||
  fail "cells outside the map area at 1024×640"
shot layout-d20-1024x640 1024x640+0+0
# Vey, clicked above, is still the card shown: the dying unit at this size.
xdotool mousemove "$(cell_x 4 2)" "$(cell_y 4 2)"
sleep 2
shot layout-dying-1024x640 1024x640+0+0

echo "e2e-layout: the roll log says why, in view at 1024×640 and 1280×800"
# The log's newest line is on screen, under the map (left of the side panel).
log_in_view() {
  has_button "Roll log newest" || fail "the roll log's newest line is not in view at $1"
  local p
  p=$(awk -F'\t' '$1 == "Roll log newest" { print $2 }' "$SKIRMISH_BUTTONS")
  set -- "$1" $p
  [ "$3" -lt "${1#*x}" ] && [ "$2" -lt "$(( ${1%x*} - 300 ))" ] ||
    fail "the roll log's newest line at ($2, $3) is not under the map at $1"
}
log_in_view 1024x640
# A click beside a dialog plays nothing (issue 31, item 1): Esc opens the menu (the board
# dims), a click on a free cell Corwin could walk to (the top left one, clear of the
# menu's window) is swallowed.
click_through() {
  local n
  n=$(wc -l <"$events")
  xdotool key Escape
  sleep 1.5
  has_button Settings || fail "Esc did not open the menu at $1"
  board_click 0 0
  sleep 1.5
  [ "$(wc -l <"$events")" -eq "$n" ] || fail "a click beside the Esc menu played at $1: $(tail -1 "$events")"
  shot "dialog-click-through-$1" "$1+0+0"
  xdotool key Escape
  sleep 1.5
  has_button Settings && fail "a second Esc did not close the menu at $1"
  return 0
}
click_through 1024x640
xdotool windowsize "$win" 1280 800
sleep 3
click_through 1280x800
# A feint: a contest, its line says who won and why.
xdotool key 8
sleep 0.7
board_click 4 1
wait_for '"kind":"contest","round":1,"actor":"Corwin","target":"Grub"' 15
xdotool mousemove 600 20
sleep 2
log_in_view 1280x800
shot roll-log-why-1280x800
xdotool windowsize "$win" 1024 640
sleep 3
log_in_view 1024x640
shot roll-log-why-1024x640 1024x640+0+0
kill $game 2>/dev/null || true
# The level menu dims behind Credits: its own display and game.
# On its own display (:98), not this one, which E2E_DISPLAY may have named.
E2E_DISPLAY= bash "$(dirname "$0")/e2e-layout-menu.sh" "$bin" "$out"
echo "e2e-layout: ok"
