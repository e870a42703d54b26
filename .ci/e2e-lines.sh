#!/usr/bin/env bash
# End-to-end check of rewind and branches in the real window (issue 32), under Xvfb with
# xdotool, on the courtyard (hot-seat):
#   1. a move by a click and an end of turn (Shift+Enter, Y): two commands, autosaved;
#   2. Ctrl+R opens "Rewind and branches"; Enter on its first row rewinds to just before
#      the last command: the autosave (the same file) now holds the line before as a
#      branch, `replay --verify` lists it and `replay --branch 1 --verify` replays it to
#      its own log hash, the one the autosave had before the rewind;
#   3. Ctrl+R again lists the kept line first; Enter goes back to it: the autosave's log
#      hash is the first line's again, and the line left is its branch.
# Screenshots of each step go to OUT_DIR (look at them).
#
# Usage: [E2E_DISPLAY=:N] .ci/e2e-lines.sh PATH/TO/skirmish [OUT_DIR]   (display :96 unless told)
set -euo pipefail
bin=$1
out=${2:-shots-lines}
disp=${E2E_DISPLAY:-:96}
dnum=${disp#:}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export DISPLAY=:$dnum
export XDG_RUNTIME_DIR=$(mktemp -d)
export SKIRMISH_LAYOUT="$out/layout.txt"
export SKIRMISH_CONFIG="$out/config"
export SKIRMISH_DATA_DIR="$out/data"
rm -rf "$SKIRMISH_CONFIG" "$SKIRMISH_DATA_DIR"
saves="$SKIRMISH_DATA_DIR/saves"
events="$out/events.jsonl"
xvfb=
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT

fail() { echo "e2e-lines: $*"; tail -20 "$out/game.log"; exit 1; }
alive() { kill -0 $game 2>/dev/null || fail "the game exited"; }
wait_for() {
  for _ in $(seq 1 "${2:-30}"); do
    grep -q -- "$1" "$events" 2>/dev/null && return 0
    alive
    sleep 1
  done
  fail "no event matching $1"
}
shot() { import -window root "$out/$1.png"; }
cell_x() { awk -v x="$1" -v y="$2" '$1 == x && $2 == y { print $3 }' "$SKIRMISH_LAYOUT"; }
cell_y() { awk -v x="$1" -v y="$2" '$1 == x && $2 == y { print $4 }' "$SKIRMISH_LAYOUT"; }
board_click() { xdotool mousemove "$(cell_x "$1" "$2")" "$(cell_y "$1" "$2")"; sleep 0.4; xdotool click 1; sleep 0.4; }
field() { sed -n "s/^    $2: \"\{0,1\}\([^\",]*\)\"\{0,1\},\$/\1/p" "$1" | head -1; }
autosave() { ls "$saves"/autosave/*.ron 2>/dev/null | head -1; }
# Wait until the autosave's command count is $1.
wait_commands() {
  for _ in $(seq 1 30); do
    a=$(autosave)
    if [ -n "$a" ] && [ "$("$bin" replay "$a" --verify 2>/dev/null | sed -n 's/.*ok — \([0-9]*\) commands.*/\1/p')" = "$1" ]; then
      return 0
    fi
    alive
    sleep 1
  done
  fail "the autosave never had $1 commands"
}

rm -f /tmp/.X11-unix/X$dnum /tmp/.X$dnum-lock
Xvfb :$dnum -noreset -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 1 20); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.5
done
rm -f "$events" "$SKIRMISH_LAYOUT" "$out/game.log"

echo "e2e-lines 1: a move and an end of turn"
"$bin" play tests/fixtures/e2e-flow-courtyard.ron --event-log "$events" >>"$out/game.log" 2>&1 &
game=$!
for _ in $(seq 1 90); do
  xdotool search --name "Skirmish" >/dev/null 2>&1 && break
  alive
  sleep 1
done
sleep 3
xdotool windowfocus --sync "$(xdotool search --name Skirmish | head -1)" || true
wait_for '"turn_started"' 60
for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
xdotool key space
wait_for '"kind":"handover","round":1,"actor":"Raiders"'
sleep 1.5
board_click 4 2
wait_for '"kind":"moved","round":1,"actor":"Gor","from":\[[0-9]*,[0-9]*\],"to":\[4,2\]'
sleep 1
xdotool key shift+Return
sleep 1
xdotool key y
wait_for '"turn_ended"' 30
wait_commands 2
auto=$(autosave)
line1=$(field "$auto" log_hash)
sleep 1
xdotool key space
sleep 1.5

echo "e2e-lines 2: Ctrl+R, Enter: rewound, the line before kept inside the autosave"
xdotool key ctrl+r
sleep 4
shot l1-lines-window
xdotool key Return
wait_commands 1
[ "$(autosave)" = "$auto" ] || fail "the rewind changed the autosave file"
grep -q '        Branch(' "$auto" || fail "no branch in the autosave"
"$bin" replay "$auto" --verify >"$out/verify.txt" || fail "the autosave does not verify"
grep -q '^branch 1: "line before rewind' "$out/verify.txt" || fail "replay --verify lists no branch: $(cat "$out/verify.txt")"
"$bin" replay "$auto" --branch 1 --verify >"$out/verify-branch.txt" || fail "the branch does not replay: $(cat "$out/verify-branch.txt")"
grep -q "ok — 2 commands.*$line1" "$out/verify-branch.txt" || fail "the branch is not the first line: $(cat "$out/verify-branch.txt")"
sleep 3
shot l2-rewound
xdotool key space
sleep 1.5

echo "e2e-lines 3: Ctrl+R, Enter on the kept line: back to it"
xdotool key ctrl+r
sleep 4
shot l3-lines-kept
xdotool key Return
wait_commands 2
[ "$(field "$auto" log_hash)" = "$line1" ] || fail "back on the kept line, the log hash is not the first line's"
grep -q 'name: "line left' "$auto" || fail "the line left is not kept"
sleep 3
shot l4-back
echo "e2e-lines: ok"
