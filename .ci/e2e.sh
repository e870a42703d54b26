#!/usr/bin/env bash
# End-to-end check of the real window, played like a person would: Xvfb, real clicks and
# key presses through xdotool, screenshots, and assertions on the --event-log file.
#
# On the square courtyard level (seed 11 from the level file, two human sides):
#   Space (handover to Raiders) → click (4,2): Gor moves → click Wren: Gor attacks →
#   Space (handover to Keep Guard for Hald's intercept) → N (no intercept) → 1 (Wren
#   dodges) → Space (handover back) → Space (end turn) → Rikk's turn.
#
# Usage: .ci/e2e.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
out=${2:-shots}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export DISPLAY=:97
export XDG_RUNTIME_DIR=$(mktemp -d)
export SKIRMISH_LAYOUT="$out/layout.txt"
events="$out/events.jsonl"
rm -f "$events" "$SKIRMISH_LAYOUT"
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
sleep 2
"$bin" play levels/flow-courtyard.ron --event-log "$events" >"$out/game.log" 2>&1 &
game=$!

fail() { echo "e2e: $*"; tail -20 "$out/game.log"; exit 1; }
alive() { kill -0 $game 2>/dev/null || fail "the game exited"; }
# wait_for PATTERN [SECONDS]: until a line of the event log matches.
wait_for() {
  for _ in $(seq 1 "${2:-30}"); do
    grep -q -- "$1" "$events" 2>/dev/null && return 0
    alive
    sleep 1
  done
  fail "no event matching $1"
}
cell() { awk -v x="$1" -v y="$2" '$1 == x && $2 == y { print $3, $4 }' "$SKIRMISH_LAYOUT"; }
shot() { import -window root "$out/$1.png"; }

# Wait for the window and the first turn (a cold start on llvmpipe can take a while).
for _ in $(seq 1 90); do
  xdotool search --name "Skirmish" >/dev/null 2>&1 && break
  alive
  sleep 1
done
wait_for '"turn_started"' 60
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
win=$(xdotool search --name "Skirmish" | head -1)
sleep 3
xdotool windowfocus --sync "$win" || true
shot 01-handover
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Raiders"'
sleep 1
xdotool mousemove $(cell 4 2)
sleep 1
shot 02-path-preview
xdotool click 1
wait_for '"kind":"moved","round":1,"actor":"Gor","from":\[5,2\],"to":\[4,2\]'
xdotool mousemove $(cell 3 1)
sleep 1
shot 03-attack-preview
xdotool click 1
wait_for '"kind":"attack","round":1,"actor":"Gor","target":"Wren","dice":"1d100","faces":\['
wait_for '"kind":"reaction_offered","round":1,"actor":"Hald"'
sleep 1
shot 04-handover-reaction
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Keep Guard"'
sleep 1
shot 05-reaction-prompt
xdotool key n
wait_for '"kind":"reaction_declined","round":1,"actor":"Hald"'
sleep 1
xdotool key 1
wait_for '"kind":"defence","round":1,"actor":"Wren"'
sleep 1
xdotool key space
sleep 1
xdotool key space
wait_for '"kind":"turn_ended","round":1,"actor":"Gor"'
wait_for '"kind":"turn_started","round":1,"actor":"Rikk"'
sleep 1
shot 06-next-turn
alive
# A drawn map is not a flat image.
sd=$(convert "$out/06-next-turn.png" -colorspace Gray -format '%[fx:standard_deviation]' info:)
awk -v s="$sd" 'BEGIN { exit !(s > 0.05) }' || fail "the screenshot looks empty ($sd)"
echo "e2e: ok — $(wc -l <"$events") events in $events, screenshots in $out"
