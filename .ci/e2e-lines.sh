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
# Usage: [E2E_DISPLAY=:N] .ci/e2e-lines.sh PATH/TO/skirmish [OUT_DIR]   (display :75 unless told)
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-lines 75 "${2:-shots-lines}"
fresh_data
saves="$SKIRMISH_DATA_DIR/saves"
board_click() { xdotool mousemove $(cell "$1" "$2"); sleep 0.4; xdotool click 1; sleep 0.4; }
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

start_xvfb
rm -f "$events" "$SKIRMISH_LAYOUT" "$out/game.log"

echo "e2e-lines 1: a move and an end of turn"
"$bin" play tests/fixtures/e2e-flow-courtyard.ron --event-log "$events" >>"$out/game.log" 2>&1 &
game=$!
window_up 3
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
