#!/usr/bin/env bash
# End-to-end check of the window as a player meets it (issue 19): turn flow, idle cost,
# the side panel and resizing, played with real keys, clicks and wheel turns through
# xdotool under Xvfb, like .ci/e2e.sh.
#
# e2e 11, tactical-d20 ambush (both sides human, hot-seat), 1280×800:
#   - Space dismisses the handover screen; more Spaces end nothing (the Space/handover
#     regression: a turn is never ended by dismissing the handover);
#   - dialogs take the input (issue 31): with the Esc menu open (one Esc: nothing pending), a click on an enemy and
#     on a cell Tamsin can step to, and a right click, play nothing; with the settings
#     screen or help open, clicks on the board and Enter play nothing (event log
#     unchanged, the dialog still open); Esc closes them; the side panel's End turn
#     clicked under the menu ends nothing (the panel is inert under a dialog);
#   - idle on the board, the game sleeps: its CPU use over 10 s stays under 15% of a
#     core (it drew every frame before: ~100%);
#   - Shift+Enter asks "End the turn?" (Tamsin has all her actions): a second Shift+Enter
#     or Enter does not answer it, N closes it, Shift+Enter then Y ends the turn;
#   - Enter on the next handover screen does nothing (no turn ends, the board stays
#     hidden); Space shows the board;
#   - Tab and the arrows (targets, the cell cursor) never give an egui button the
#     keyboard, so a Space after them (with Home: on Snarl's own cell) presses nothing
#     (egui would click a focused button);
#   - a greyed action (Trip: nobody in reach) clicked does nothing;
#   - the wheel over the side panel scrolls it and leaves the map's zoom alone; over the
#     map it zooms about the pointer (the cell under it stays there);
#   - zoomed in (+), the minimap shows in the bottom left corner; a click on its left end
#     brings the map's left end into view (layout and screenshots compared);
#   - Snarl walks, the camera looks elsewhere, the turn ends: once the Wardens dismiss
#     the handover screen the walk replays and the camera glides to it (the cell it
#     ended on comes into view by itself);
#   - the window resized to 1024×640: the map is fitted again inside the part left of
#     the panel, End turn is still on screen.
#
# e2e 13, .ci/e2e-layout.sh on its own display: Attack first, a dying unit on the map,
# tactical-d20's panel at 1024×640 (issue 31, items 5-7).
#
# e2e 12, the flow courtyard again, keyboard only (issue 31): a whole turn and two
# reaction answers with keys only, the cell cursor, Tab to a target, Esc's order, then the
# level menu by keys (below, at the scenario).
#
# Usage: .ci/e2e-window.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-window 95 "${2:-shots}"

# none PATTERN SECONDS: no event matches for that long.
none() {
  sleep "$2"
  ! grep -q -- "$1" "$events" || fail "an event matched $1: $(grep -- "$1" "$events" | tail -1)"
}
# has_button LABEL: the button is on screen now (SKIRMISH_BUTTONS lists the visible ones).
has_button() { grep -q "^$1	" "$SKIRMISH_BUTTONS" 2>/dev/null; }
# button LABEL (over lib.sh's): where the button is now, without waiting for it to stand.
button() { awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS"; }
# cell_x X Y / cell_y X Y: where a cell's centre is on screen now.
cell_x() { cell "$1" "$2" | cut -d' ' -f1; }
cell_y() { cell "$1" "$2" | cut -d' ' -f2; }
# board_click X Y: a left click on the centre of cell (X, Y) as the screen shows it now.
board_click() { xdotool mousemove "$(cell_x "$1" "$2")" "$(cell_y "$1" "$2")"; sleep 0.4; xdotool click 1; sleep 0.4; }
# nothing_played N WHAT: the event log still has N lines (nothing was played).
nothing_played() {
  sleep 1.5
  [ "$(wc -l <"$events")" -eq "$1" ] || fail "$2 was played: $(tail -1 "$events")"
}
# cpu SECONDS: the game's CPU use (all threads, user + system) over SECONDS, in % of one core.
cpu() {
  local tck a b
  tck=$(getconf CLK_TCK)
  a=$(awk '{ print $14 + $15 }' /proc/$game/stat)
  sleep "$1"
  b=$(awk '{ print $14 + $15 }' /proc/$game/stat)
  awk -v a="$a" -v b="$b" -v s="$1" -v k="$tck" 'BEGIN { printf "%.1f", (b - a) / k / s * 100 }'
}

start_xvfb
rm -f "$events" "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS"
"$bin" play tests/fixtures/e2e-tactical-d20-ambush.ron --event-log "$events" >"$out/game.log" 2>&1 &
game=$!
window_up
wait_for '"turn_started"' 60
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
win=$(xdotool search --name Skirmish | head -1)
sleep 3
xdotool windowfocus --sync "$win" || true

echo "e2e-window: Space shows the board and ends nothing"
shot 90-handover
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Wardens"'
sleep 1
xdotool key space
sleep 0.5
xdotool key space
none '"kind":"turn_ended"' 3
shot 91-board-after-spaces

echo "e2e-window: dialogs take the input: a click on the board beside the Esc menu, the settings screen or help plays nothing"
# Tamsin (3, 2) acts and is selected, nothing is pending: one Esc opens the menu (issue
# 31, item 8: it never deselects her). (2, 3), (1, 2) and (3, 4) are cells she can move
# to (a click there would move her), Grub (15, 2) an enemy; each clicked beside the dialog's window, never on it (the
# menu is in the middle of the map area, the settings screen in the middle of the
# window, help at the top left), so it is the board that gets the click, not egui.
xdotool key Escape
for _ in $(seq 1 10); do has_button Settings && break; sleep 0.5; done
has_button Settings || fail "one Esc did not open the in-battle menu"
n=$(wc -l <"$events")
board_click 15 2
board_click 2 3
xdotool click 3
nothing_played "$n" "a click beside the Esc menu"
# The side panel's End turn is greyed and inert under the menu (issue 32 list, part 1).
has_button "End turn" || fail "no End turn button in $(tr '\n' ';' <"$SKIRMISH_BUTTONS")"
xdotool mousemove $(button "End turn")
sleep 0.4
xdotool click 1
nothing_played "$n" "End turn clicked under the Esc menu"
shot 9a-menu-click-through
has_button Settings || fail "a click on the board closed the Esc menu"
xdotool key o
for _ in $(seq 1 10); do has_button "Close settings" && break; sleep 0.5; done
has_button "Close settings" || fail "O in the menu did not open the settings screen"
board_click 2 3
board_click 1 2
xdotool key Return
nothing_played "$n" "a click or Enter beside the settings screen"
shot 9b-settings-click-through
has_button "Close settings" || fail "a click on the board closed the settings screen"
xdotool key Escape
sleep 1
! has_button "Close settings" || fail "Esc did not close the settings screen"
xdotool key F1
sleep 1
board_click 15 2
board_click 3 4
xdotool key Return
nothing_played "$n" "a click or Enter beside the help window"
shot 9c-help-click-through
xdotool key Escape
sleep 1

echo "e2e-window: an idle battle sleeps"
xdotool mousemove 300 650
sleep 3
idle=$(cpu 10)
echo "e2e-window: idle CPU over 10 s: $idle% of a core"
awk -v c="$idle" 'BEGIN { exit !(c < 15) }' || fail "the idle game uses $idle% of a core"

echo "e2e-window: Shift+Enter asks first; a second Shift+Enter or Enter does not answer; N keeps playing; Y ends"
xdotool key shift+Return
for _ in $(seq 1 10); do has_button "End turn anyway" && break; sleep 0.5; done
has_button "End turn anyway" || fail "no 'End the turn?' after Shift+Enter with actions left"
shot 92-end-turn-question
xdotool key shift+Return
sleep 0.5
xdotool key Return
none '"kind":"turn_ended"' 2
xdotool key n
sleep 1.5
! has_button "End turn anyway" || fail "N did not close 'End the turn?'"
none '"kind":"turn_ended"' 1
xdotool key shift+Return
sleep 1.5
has_button "End turn anyway" || fail "no 'End the turn?' the second time"
xdotool key y
wait_for '"kind":"turn_ended","round":1,"actor":"Tamsin"'
wait_for '"kind":"turn_started","round":1,"actor":"Snarl"'

echo "e2e-window: Enter on the handover screen ends nothing and shows nothing"
sleep 1.5
xdotool key Return
sleep 0.5
xdotool key shift+Return
none '"kind":"turn_ended","round":1,"actor":"Snarl"' 2
grep -q '"kind":"handover","round":1,"actor":"Ogre"' "$events" && fail "Enter dismissed the handover screen"
has_button "Show the board" || fail "the handover screen is not up for the Ogre side"
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Ogre"'
sleep 1.5

echo "e2e-window: Tab and the arrows never give a button the keyboard: a Space after them presses nothing"
# (Tab gave egui's focus to the panel's first button, End turn: Space then pressed it.)
# Tab inspects the next unit (the cursor jumps to it), Home brings the cursor back to
# Snarl: a Space there confirms Snarl's own cell, which plays nothing.
n=$(wc -l <"$events")
xdotool key Tab
sleep 1
xdotool key Home
sleep 0.5
xdotool key space
sleep 1.5
! has_button "End turn anyway" || fail "a Space after Tab pressed End turn"
xdotool key Down Right Up Left Tab Home
sleep 1
xdotool key space
none '"kind":"turn_ended","round":1,"actor":"Snarl"' 2
! has_button "End turn anyway" || fail "a Space after the arrows and Tab pressed End turn"
[ "$(wc -l <"$events")" -eq "$n" ] || fail "Tab, Home and Space on Snarl played: $(tail -1 "$events")"

echo "e2e-window: a greyed action does nothing when clicked"
# Actions that cannot be taken now are folded under "Not now" (issue 31): open it.
if ! has_button Trip && has_button "Not now"; then
  xdotool mousemove $(button "Not now") click 1
  sleep 1.5
fi
# Opened at the panel's foot, its first rows may be below the fold: scroll down to them.
for _ in 1 2 3 4 5 6; do
  has_button Trip && break
  xdotool mousemove 1110 600 click 5
  sleep 1
done
has_button Trip || fail "no Trip button in $(tr '\n' ';' <"$SKIRMISH_BUTTONS")"
n=$(wc -l <"$events")
xdotool mousemove $(button Trip)
sleep 1.5
shot 93-greyed-trip-reason
xdotool click 1
sleep 1.5
[ "$(wc -l <"$events")" -eq "$n" ] || fail "clicking the greyed Trip did something: $(tail -1 "$events")"

echo "e2e-window: the wheel over the panel scrolls it, over the map it zooms"
xdotool mousemove 1110 420
sleep 1
cp "$SKIRMISH_LAYOUT" "$out/layout-before.txt"
import -window root -crop 320x600+960+100 +repage "$out/panel-a.png"
xdotool click --repeat 6 --delay 80 5
sleep 2
import -window root -crop 320x600+960+100 +repage "$out/panel-b.png"
shot 94-panel-scrolled
cmp -s "$SKIRMISH_LAYOUT" "$out/layout-before.txt" || fail "the wheel over the panel moved the map"
ae=$(compare -metric AE "$out/panel-a.png" "$out/panel-b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${ae%.*}" -gt 1000 ] 2>/dev/null || fail "the panel did not scroll ($ae pixels changed)"
# Over the map (above the roll log's strip, which takes the window's last 216 pixels).
xdotool mousemove 300 450
sleep 0.5
xdotool click --repeat 2 --delay 80 5
sleep 2
cmp -s "$SKIRMISH_LAYOUT" "$out/layout-before.txt" && fail "the wheel over the map did not zoom"
# Zoom to the cursor: the cell that was nearest the pointer (300, 450) is still near it.
near() {
  awk -v px=300 -v py=450 '{ d = ($3 - px) ^ 2 + ($4 - py) ^ 2; if (best == "" || d < best) { best = d; c = $1 " " $2; s = $3 " " $4 } } END { print c, s }' "$1"
}
read -r cx cy _ _ <<<"$(near "$out/layout-before.txt")"
read -r sx sy <<<"$(awk -v x="$cx" -v y="$cy" '$1 == x && $2 == y { print $3, $4 }' "$SKIRMISH_LAYOUT")"
read -r bx by <<<"$(awk -v x="$cx" -v y="$cy" '$1 == x && $2 == y { print $3, $4 }' "$out/layout-before.txt")"
dx=$(( bx - 300 )); dy=$(( by - 450 )); ax=$(( sx - 300 )); ay=$(( sy - 450 ))
# Zooming out by 1.15² scales the distance to the pointer by 1/1.32: within a few pixels.
awk -v b="$(( dx * dx + dy * dy ))" -v a="$(( ax * ax + ay * ay ))" 'BEGIN { exit !(sqrt(a) <= sqrt(b) / 1.15 + 4) }' ||
  fail "zoom moved cell ($cx, $cy) away from the pointer: ($bx, $by) -> ($sx, $sy)"
echo "e2e-window: the zoom kept cell ($cx, $cy) under the pointer: ($bx, $by) -> ($sx, $sy)"

# on_map X Y: the cell's centre is in the map area (left of the panel, above the roll
# log's strip) now.
on_map() {
  local sx sy
  sx=$(cell_x "$1" "$2"); sy=$(cell_y "$1" "$2")
  [ -n "$sx" ] && [ "$sx" -ge 16 ] && [ "$sx" -le $((1280 - 356)) ] && [ "$sy" -ge 16 ] && [ "$sy" -le $((800 - 216 - 8)) ]
}

echo "e2e-window: zoomed in, the minimap shows; a click on it moves the view there"
# The minimap's corner: bottom left of the map area, above the roll log's strip.
import -window root -crop 250x110+0+474 +repage "$out/mini-a.png"
for _ in 1 2 3 4; do xdotool key equal; sleep 0.4; done
sleep 2
import -window root -crop 250x110+0+474 +repage "$out/mini-b.png"
ae=$(compare -metric AE "$out/mini-a.png" "$out/mini-b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${ae%.*}" -gt 3000 ] 2>/dev/null || fail "no minimap in the bottom left corner once zoomed in ($ae pixels changed)"
# Snarl walks from (14, 3) to (12, 2) while it is in view (the replay checks below).
on_map 12 2 || fail "cell (12, 2) is not in view after zooming in"
xdotool mousemove "$(cell_x 12 2)" "$(cell_y 12 2)"
sleep 1
xdotool click 1
wait_for '"kind":"moved","round":1,"actor":"Snarl","from":\[13,2\],"to":\[12,2\]' 10
sleep 2
shot 96-minimap
cp "$SKIRMISH_LAYOUT" "$out/layout-mini-before.txt"
import -window root -crop 900x470+0+100 +repage "$out/map-a.png"
bx=$(cell_x 0 2)
# The minimap's left end (it is 220 pixels wide, 10 from the corner): the map's left end.
xdotool mousemove 18 534
sleep 0.5
xdotool click 1
sleep 3
shot 97-minimap-clicked
import -window root -crop 900x470+0+100 +repage "$out/map-b.png"
ax=$(cell_x 0 2)
[ "$ax" -gt $((bx + 100)) ] || fail "the minimap click did not bring the map's left end into view: cell (0, 2) at x $bx -> $ax"
on_map 0 2 || fail "cell (0, 2) is not in view after the minimap click (x $ax)"
on_map 12 2 && fail "cell (12, 2) still in view after the minimap click: the replay check needs it out"
ae=$(compare -metric AE "$out/map-a.png" "$out/map-b.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${ae%.*}" -gt 20000 ] 2>/dev/null || fail "the map on screen hardly changed after the minimap click ($ae pixels)"
echo "e2e-window: the minimap click moved cell (0, 2) from x $bx to $ax ($ae pixels changed)"

echo "e2e-window: after the handover the Wardens see Snarl's walk again, the camera gliding to it"
xdotool mousemove 600 300
xdotool key shift+Return
for _ in $(seq 1 10); do has_button "End turn anyway" && break; sleep 0.5; done
has_button "End turn anyway" && xdotool key y
wait_for '"kind":"turn_started","round":1,"actor":"Corwin"' 10
sleep 2
on_map 12 2 && fail "cell (12, 2) came into view behind the handover screen"
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Wardens"' 10
seen=
for i in $(seq 1 30); do
  sleep 0.25
  [ "$i" = 4 ] && shot 98-replay
  if on_map 12 2; then seen=$i; break; fi
done
[ -n "$seen" ] || fail "the replay did not bring Snarl's walk to (12, 2) into view"
# (Then the camera follows Corwin, whose turn it is, if he is out of view.)
shot 99-replay-walk
echo "e2e-window: the replay glided to (12, 2) (x $(cell_x 12 2)) within $((seen / 4)) s"
sleep 4

echo "e2e-window: resized to 1024×640, the map is fitted again and End turn is on screen"
xdotool windowsize "$win" 1024 640
sleep 3
# Every cell's centre inside the part of the window left of the panel and above the roll
# log's strip (172 pixels at 640).
awk '$3 < 8 || $3 > 1024 - 330 || $4 < 8 || $4 > 640 - 172 { bad++ } END { exit bad > 0 }' "$SKIRMISH_LAYOUT" ||
  fail "cells outside the map area at 1024×640: $(awk '$3 > 694 || $4 > 468' "$SKIRMISH_LAYOUT" | head -3 | tr '\n' ';')"
has_button "End turn" || fail "no End turn button at 1024×640"
read -r ex ey <<<"$(button "End turn")"
[ "$ex" -lt 830 ] && [ "$ey" -lt 640 ] || fail "End turn is not where the panel should be at 1024×640 ($ex $ey)"
import -window root -crop 1024x640+0+0 +repage "$out/95-1024x640.png"
# And the frame shown is the new one: the panel's heading is drawn at its new place.
sd=$(convert "$out/95-1024x640.png" -crop 240x40+705+2 -colorspace Gray -format '%[fx:standard_deviation]' info:)
awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || fail "no panel heading at 1024×640 on screen ($sd)"
alive
cp "$events" "$out/events-11.jsonl"

echo "e2e-window 12: keyboard only (issue 31): a whole turn and two reactions, then the level menu, no mouse"
# The flow courtyard, hot-seat, as e2e 1 plays it with the mouse: Gor walks to (4, 2) and
# attacks Wren; Hald declines his reaction (N), Wren defends (1); Gor's turn ends. Here
# every input is a key: Home shows the cell cursor on Gor, the arrows move it, Enter does
# what a click on its cell does; 3 arms Shove back, Tab jumps to its target, Esc cancels it
# (and opens no menu). Then Esc opens the menu, Q quits to the level menu, Down, Tab and
# Shift+Tab choose the level below the courtyard (the first shipped file by name,
# counters' Ford, since counters shipped levels) and Enter starts it. The mouse
# is never touched (xdotool sends keys only).
kill $game 2>/dev/null || true
wait $game 2>/dev/null || true
rm -f "$events" "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS"
"$bin" play tests/fixtures/e2e-flow-courtyard.ron --event-log "$events" >"$out/game.log" 2>&1 &
game=$!
window_up
wait_for '"turn_started"' 60
win=$(xdotool search --name Skirmish | head -1)
sleep 3
xdotool windowfocus --sync "$win" || true
keys() { xdotool key --delay 300 "$@"; sleep 1; }
keys space
wait_for '"kind":"handover","round":1,"actor":"Raiders"'
sleep 1
# Gor stands on (7, 4): three cells left, two up.
keys Home Left Left Left Up Up
shot a0-keys-cursor-path
keys Return
wait_for '"kind":"moved","round":1,"actor":"Gor","from":\[[0-9]*,[0-9]*\],"to":\[4,2\]'
sleep 1
keys 3 Tab
shot a1-keys-tab-target
keys Escape
has_button Settings && fail "Esc with Shove back armed opened the menu instead of cancelling it"
# Wren stands on (3, 1): from Gor on (4, 2), one left, one up.
keys Home Left Up
shot a2-keys-attack-odds
n=$(wc -l <"$events")
keys Return
wait_for '"kind":"attack","round":1,"actor":"Gor","target":"Wren","dice":"1d100","faces":\['
wait_for '"kind":"reaction_offered","round":1,"actor":"Hald"'
sleep 1
keys space
wait_for '"kind":"handover","round":1,"actor":"Keep Guard"'
sleep 1
shot a3-keys-reaction-prompt
keys n
wait_for '"kind":"reaction_declined","round":1,"actor":"Hald"'
sleep 1
keys 1
wait_for '"kind":"defence","round":1,"actor":"Wren"'
sleep 1
# The board comes straight back to the Raiders (issue 31, item 10): no second handover
# (a Space here would confirm the cursor's cell: attack Wren again).
[ "$(grep -c '"kind":"handover","round":1,"actor":"Raiders"' "$events")" -eq 1 ] ||
  fail "a second handover to the Raiders after Wren's defence"
keys shift+Return
has_button "End turn anyway" && keys y
wait_for '"kind":"turn_ended","round":1,"actor":"Gor"'
wait_for '"kind":"turn_started","round":1,"actor":"Rikk"'
shot a4-keys-turn-over
cp "$events" "$out/events-12a.jsonl"
# Rikk's side (the Raiders) is at the screen: Esc opens the menu, Q quits to the levels.
keys Escape
has_button Settings || fail "Esc did not open the in-battle menu"
keys q
sleep 2
keys Down Tab shift+Tab
shot a5-keys-level-menu
keys Return
for _ in $(seq 1 20); do
  [ "$(grep -c '"kind":"battle_started"' "$events")" -ge 2 ] && break
  alive
  sleep 1
done
grep '"kind":"battle_started"' "$events" | tail -1 | grep -q 'ruleset counters, square grid' ||
  fail "Down, Tab, Shift+Tab and Enter in the level menu did not start counters' Ford: $(grep '"kind":"battle_started"' "$events" | tail -1)"
alive
cp "$events" "$out/events-12.jsonl"

# e2e 13 (issue 31, items 5-7): Attack first in the action panel, a unit that falls dying
# stays on the map and its click inspects it, tactical-d20's panel at 1024×640 — its own
# display and game (.ci/e2e-layout.sh says what it checks).
kill $game 2>/dev/null || true
E2E_DISPLAY= bash "$(dirname "$0")/e2e-layout.sh" "$bin" "$out/layout"
echo "e2e-window: ok — screenshots and event logs in $out"
