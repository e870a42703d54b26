#!/usr/bin/env bash
# End-to-end check of saves in the real window (issue 32), under Xvfb with xdotool:
#   1. the courtyard (tests/fixtures/e2e-flow-courtyard.ron, hot-seat): Space shows the board, a click on (4, 2) walks Gor there;
#      Ctrl+S offers a name (the level and the date), Enter writes the save; the autosave
#      is there too, and `skirmish replay SAVE --verify` accepts both;
#   2. the game is killed (a crash, a closed window) and started again on the level menu:
#      Continue (C) resumes the battle: its event log replays to the same events, the
#      handover screen of the side to play is up, and Ctrl+S there (typed name
#      "resumed") writes a save with the same log hash and event count as the first;
#   3. Ctrl+O lists the saves; a save cut short, chosen and opened with Enter, is refused
#      with its reason in the window, and nothing changes (no battle starts); the first
#      save, chosen with Down, opens (a third battle_started in the event log);
#   4. F3 starts the win forecast: while it runs the turn is ended (Shift+Enter, Y) and
#      the event log has it within seconds; F3 closes it (cancelled);
#   5. R in the list opens a save in the replay viewer: Left steps back to the setup,
#      Shift+Enter and Y play nothing, End and Esc leave it at the end;
#   6. the view zoomed in (=), panned (Shift+Right), another unit inspected (Tab) and a
#      cell hovered, Ctrl+O opens "resumed": the camera (the layout dump) and the map are
#      those of the same save in a game started afresh on it (`play --load`).
# Screenshots of each step go to OUT_DIR (look at them).
#
# Usage: .ci/e2e-saves.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-saves 76 "${2:-shots-saves}"
fresh_data
saves="$SKIRMISH_DATA_DIR/saves"
cell_x() { cell "$1" "$2" | cut -d' ' -f1; }
cell_y() { cell "$1" "$2" | cut -d' ' -f2; }
board_click() { xdotool mousemove $(cell "$1" "$2"); sleep 0.4; xdotool click 1; sleep 0.4; }
# field FILE NAME: a top-level field of a save ("log_hash", "events").
field() { sed -n "s/^    $2: \"\{0,1\}\([^\",]*\)\"\{0,1\},\$/\1/p" "$1" | head -1; }
# The battle's events (the window's own lines, handover and undo, left out).
battle_events() { grep -v '"kind":"handover"\|"kind":"undo"' "$1"; }
start() {
  "$bin" play "$@" --event-log "$events" >>"$out/game.log" 2>&1 &
  game=$!
  window_up 3
  win=$(xdotool search --name Skirmish | head -1)
  xdotool windowfocus --sync "$win" || true
}

start_xvfb
rm -f "$events" "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS" "$out/game.log"

echo "e2e-saves 1: a move by a click, Ctrl+S, Enter"
start tests/fixtures/e2e-flow-courtyard.ron
wait_for '"turn_started"' 60
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Raiders"'
sleep 1.5
board_click 4 2
wait_for '"kind":"moved","round":1,"actor":"Gor","from":\[[0-9]*,[0-9]*\],"to":\[4,2\]'
sleep 1
xdotool key ctrl+s
sleep 1.5
shot s1-save-prompt
xdotool key Return
for _ in $(seq 1 10); do ls "$saves"/*.ron >/dev/null 2>&1 && break; sleep 0.5; done
first=$(ls "$saves"/*.ron 2>/dev/null | head -1)
[ -n "$first" ] || fail "Ctrl+S and Enter wrote no save in $saves"
case "$(basename "$first")" in
  "The Courtyard 20"*) ;;
  *) fail "the default name is not the level and the date: $(basename "$first")" ;;
esac
sleep 1
shot s2-saved
auto=$(ls "$saves"/autosave/*.ron 2>/dev/null | head -1)
[ -n "$auto" ] || fail "no autosave after the move"
"$bin" replay "$first" --verify >"$out/verify-1.txt" || fail "the save does not verify: $(cat "$out/verify-1.txt")"
"$bin" replay "$auto" --verify >>"$out/verify-1.txt" || fail "the autosave does not verify"
hash=$(field "$first" log_hash)
n=$(field "$first" events)
[ "$(field "$auto" log_hash)" = "$hash" ] || fail "the autosave is not the battle saved"
echo "e2e-saves: saved $(basename "$first"): $n events, $hash"
battle_events "$events" >"$out/events-1.jsonl"

echo "e2e-saves 2: killed, started again, Continue"
kill $game
wait $game 2>/dev/null || true
rm -f "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS"
: >"$events"
start
sleep 1
shot s3-menu-continue
xdotool key c
wait_for '"battle_started"' 30
sleep 2
shot s4-continued-handover
battle_events "$events" >"$out/events-2.jsonl"
cmp -s "$out/events-1.jsonl" "$out/events-2.jsonl" ||
  fail "the continued battle's events differ: $(diff "$out/events-1.jsonl" "$out/events-2.jsonl" | head -5)"
grep -q '"kind":"handover"' "$events" && fail "the handover screen was dismissed by itself"
xdotool key ctrl+s
sleep 1.5
# The default name is selected: typing replaces it.
xdotool type --delay 80 "resumed"
sleep 0.5
shot s5-save-typed
xdotool key Return
for _ in $(seq 1 10); do [ -f "$saves/resumed.ron" ] && break; sleep 0.5; done
[ -f "$saves/resumed.ron" ] || fail "no save named resumed: $(ls "$saves")"
[ "$(field "$saves/resumed.ron" log_hash)" = "$hash" ] || fail "the continued battle hashes otherwise"
[ "$(field "$saves/resumed.ron" events)" = "$n" ] || fail "the continued battle has other events"
echo "e2e-saves: continued at the same point: $n events, $hash"

echo "e2e-saves 3: Ctrl+O refuses a save cut short, opens a good one"
head -c 900 "$first" >"$saves/zz-cut.ron"
touch -d '+1 min' "$saves/zz-cut.ron"
xdotool key ctrl+o
sleep 1.5
shot s6-list
# Newest first: the cut one (unreadable, not chosen), then "resumed" (chosen): Up.
xdotool key Up
sleep 0.5
xdotool key Return
sleep 1.5
shot s7-refused
[ "$(grep -c '"battle_started"' "$events")" -eq 1 ] || fail "the cut save started a battle"
# Down twice: "resumed", then the first save.
xdotool key Down Down
sleep 0.5
xdotool key Return
for _ in $(seq 1 20); do
  [ "$(grep -c '"battle_started"' "$events")" -ge 2 ] && break
  alive
  sleep 1
done
[ "$(grep -c '"battle_started"' "$events")" -ge 2 ] || fail "Enter on the first save opened nothing"
sleep 2
shot s8-opened

echo "e2e-saves 4: F3 forecasts in the background; the board stays playable meanwhile"
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Raiders"'
sleep 1
xdotool key F3
sleep 2
shot s9-forecast-running
# (1,000 play-outs take tens of seconds in a debug build: the turn ends long before.)
t0=$(date +%s)
xdotool key shift+Return
sleep 1
xdotool key y
wait_for '"kind":"turn_ended","round":1,"actor":"Gor"' 10
echo "e2e-saves: a turn ended $(( $(date +%s) - t0 )) s after Shift+Enter while the forecast ran"
sleep 1
xdotool key space
sleep 2
shot s10-forecast-moved-on
xdotool key F3
sleep 1
alive

echo "e2e-saves 5: the replay viewer: R in the list, Left, Home; nothing played; Esc"
n=$(wc -l <"$events")
xdotool key ctrl+o
sleep 1.5
# The list starts on the newest readable save ("resumed", one command): R replays it.
xdotool key r
sleep 3
shot s11-viewer-end
xdotool key Left
sleep 2
shot s12-viewer-setup
xdotool key shift+Return
sleep 1
xdotool key y
sleep 1.5
xdotool key End
sleep 2
xdotool key Escape
sleep 2
shot s13-viewer-closed
# Nothing was played while viewing, nor written to the event log (the viewer's steps
# are not events of the battle).
[ "$(wc -l <"$events")" -eq "$n" ] || fail "the event log grew while viewing: $(tail -1 "$events")"
alive

echo "e2e-saves 6: zoomed, panned, another unit inspected, then a save opened: the view of a fresh start"
# board_of SHOT: Space on the handover screen, the board settled, the pointer off the map
# (on the roll log), a screenshot, and the map's layout kept beside it.
board_of() {
  xdotool key space
  sleep 2
  settled
  xdotool mousemove 5 790
  sleep 1.5
  shot "$1"
  cp "$SKIRMISH_LAYOUT" "$out/$1-layout.txt"
}
n=$(grep -c '"battle_started"' "$events")
# (The handover screen is up again after the viewer: the board first.)
xdotool key space
sleep 2
settled
for _ in 1 2 3 4; do xdotool key equal; sleep 0.3; done
xdotool keydown shift Right
sleep 0.8
xdotool keyup Right shift
sleep 0.5
xdotool key Tab
sleep 0.5
xdotool mousemove "$(cell_x 3 3)" "$(cell_y 3 3)"
sleep 1.5
shot s14-view-wandered
cp "$SKIRMISH_LAYOUT" "$out/s14-view-wandered-layout.txt"
xdotool key ctrl+o
sleep 1.5
# The list starts on the newest readable save, "resumed".
xdotool key Return
for _ in $(seq 1 20); do
  [ "$(grep -c '"battle_started"' "$events")" -gt "$n" ] && break
  alive
  sleep 1
done
[ "$(grep -c '"battle_started"' "$events")" -gt "$n" ] || fail "Enter on resumed opened nothing"
board_of s15-opened-after-wandering
cmp -s "$out/s14-view-wandered-layout.txt" "$out/s15-opened-after-wandering-layout.txt" &&
  fail "the wandered view did not move the map (zoom, pan)"
# The same save in a game started afresh on it.
kill $game
wait $game 2>/dev/null || true
rm -f "$SKIRMISH_LAYOUT"
start --load "$saves/resumed.ron"
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
board_of s16-opened-fresh
cmp -s "$out/s15-opened-after-wandering-layout.txt" "$out/s16-opened-fresh-layout.txt" ||
  fail "the camera after opening the save is not a fresh start's: $(diff "$out/s15-opened-after-wandering-layout.txt" "$out/s16-opened-fresh-layout.txt" | head -4)"
# The map area (left of the panel, above the roll log): the same selection, cursor,
# hover and names as a fresh start (the panel's message says "Opened" in one only).
convert "$out/s15-opened-after-wandering.png" -crop 930x570+0+0 +repage "$out/map-15.png"
convert "$out/s16-opened-fresh.png" -crop 930x570+0+0 +repage "$out/map-16.png"
ae=$(compare -metric AE -fuzz 8% "$out/map-15.png" "$out/map-16.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${ae%.*}" -lt 400 ] 2>/dev/null || fail "the opened battle's map differs from a fresh start's ($ae pixels)"
echo "e2e-saves: opened after wandering = a fresh start ($ae pixels differ on the map)"
alive
echo "e2e-saves: ok — screenshots in $out"
