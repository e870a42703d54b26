# Shared by the window e2e scripts (.ci/e2e*.sh): the scratch folders, the event log and
# the helpers that drive the game through xdotool. Source it, then call
#   e2e_setup NAME DISPLAY_NUMBER OUT_DIR
# (E2E_DISPLAY=:N in the environment overrides the number; every script has its own, so
# two scripts can run at once) which sets `out` (absolute), `events`, the environment the game reads (layout and
# button dumps, a fresh settings folder and a scratch data folder, never the user's) and
# a trap that stops the game and Xvfb (`game`, `xvfb`) on exit. A script may redefine any
# helper after sourcing (e2e-counters' handover counts nothing).

e2e_setup() {
  e2e_name=$1
  mkdir -p "$3"
  out=$(cd "$3" && pwd)
  export DISPLAY=${E2E_DISPLAY:-:$2}
  XDG_RUNTIME_DIR=$(mktemp -d)
  export XDG_RUNTIME_DIR
  export SKIRMISH_LAYOUT="$out/layout.txt"
  export SKIRMISH_BUTTONS="$out/buttons.txt"
  # The settings the game saves go here, never into the user's config folder (a saved UI
  # scale or palette would move the clicks).
  export SKIRMISH_CONFIG="$out/config"
  # Autosaves go to a scratch data folder, never the user's (issue 32).
  export SKIRMISH_DATA_DIR="$out/data"
  rm -rf "$SKIRMISH_CONFIG"
  events="$out/events.jsonl"
  xvfb=
  game=
  trap 'kill $game $xvfb 2>/dev/null || true' EXIT
}

fail() { echo "$e2e_name: $*"; tail -20 "$out/game.log"; exit 1; }
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
# count PATTERN N [SECONDS]: until N lines of the event log match.
count() {
  for _ in $(seq 1 "${3:-30}"); do
    [ "$(grep -c -- "$1" "$events" 2>/dev/null || true)" -ge "$2" ] && return 0
    alive
    sleep 1
  done
  fail "fewer than $2 events matching $1"
}
# cell X Y: the screen position of a cell's centre, from the layout dump.
cell() { awk -v x="$1" -v y="$2" '$1 == x && $2 == y { print $3, $4 }' "$SKIRMISH_LAYOUT"; }
shot() { import -window root "$out/$1.png"; }
# end_turn: Shift+Enter ends the turn; when the game asks "End the turn?" (actions left), Y.
end_turn() {
  xdotool key shift+Return
  for _ in 1 2 3 4 5 6; do
    sleep 0.5
    if grep -q "^End turn anyway	" "$SKIRMISH_BUTTONS" 2>/dev/null; then
      xdotool key y
      return 0
    fi
  done
}
# button LABEL: the centre of the bar's (or the prompt's) button or picker with that label,
# once it has stood still for 0.4 s (a prompt may still be moving out of the way of the
# units a hot-seat replay brings into view).
button() {
  for _ in $(seq 1 20); do
    grep -q "^$1	" "$SKIRMISH_BUTTONS" 2>/dev/null && break
    sleep 0.5
  done
  local at was=
  for _ in $(seq 1 20); do
    at=$(awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS")
    [ -n "$at" ] && [ "$at" = "$was" ] && break
    was=$at
    sleep 0.4
  done
  [ -n "$at" ] || fail "no $1 button in $(tr '\n' ';' <"$SKIRMISH_BUTTONS" 2>/dev/null)"
  echo "$at"
}
# button_now LABEL: where the button with that label stands as soon as it shows (polled
# every 0.1 s for 5 s; no wait for it to stand still).
button_now() {
  local at=
  for _ in $(seq 1 50); do
    at=$(awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS" 2>/dev/null)
    [ -n "$at" ] && break
    sleep 0.1
  done
  [ -n "$at" ] || fail "no $1 button" >&2
  echo "$at"
}
# press LABEL: move to the button, then click it.
press() {
  xdotool mousemove $(button "$1")
  sleep 0.5
  xdotool click 1
}
# handover SIDE N [ROUND]: Space dismisses the hot-seat screen for SIDE, its Nth time in
# ROUND (default 1).
handover() {
  sleep 1
  xdotool key space
  count "\"kind\":\"handover\",\"round\":${3:-1},\"actor\":\"$1\"" "$2" 20
  sleep 1
  settled
}
# settled: until the cells stay put on screen for a second (at most 10 s): the replay
# after a handover glides the camera to each beat, and a prompt moves out of the way of
# the units it marks; a click meanwhile may land where its button no longer is.
settled() {
  local was now
  was=$(md5sum <"$SKIRMISH_LAYOUT" 2>/dev/null)
  for _ in $(seq 1 10); do
    sleep 1
    now=$(md5sum <"$SKIRMISH_LAYOUT" 2>/dev/null)
    [ "$now" = "$was" ] && return 0
    was=$now
  done
}
# start_xvfb [SCREEN]: a fresh Xvfb on the display e2e_setup chose (1280x800x24 unless
# SCREEN says otherwise), once it answers (three tries: Xvfb has been seen not to answer
# after a client went away mid-frame). Another run's display is never taken over (its
# game would get these keys).
start_xvfb() {
  local n=${DISPLAY#:}
  if xdotool getdisplaygeometry >/dev/null 2>&1; then
    echo "$e2e_name: display $DISPLAY is in use (E2E_DISPLAY=:N picks another)"
    exit 1
  fi
  rm -f "/tmp/.X11-unix/X$n" "/tmp/.X$n-lock"
  for _ in 1 2 3; do
    Xvfb "$DISPLAY" -noreset -screen 0 "${1:-1280x800x24}" >/dev/null 2>&1 &
    xvfb=$!
    for _ in $(seq 1 20); do
      xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
      sleep 0.5
    done
    echo "$e2e_name: Xvfb did not answer; starting it again"
    kill $xvfb 2>/dev/null || true
    wait $xvfb 2>/dev/null || true
  done
}
# restart_xvfb [SCREEN]: stop the game and Xvfb, then a fresh Xvfb (a scenario per server).
restart_xvfb() {
  local p
  for p in $game $xvfb; do
    kill "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
  done
  game=
  xvfb=
  start_xvfb "$@"
}
# play_battle ARGS...: `$bin play ARGS --event-log $events` with fresh dumps, once its
# window is up, its first turn has started and the layout is dumped, focused.
play_battle() {
  rm -f "$events" "$SKIRMISH_LAYOUT" "$SKIRMISH_BUTTONS"
  "$bin" play "$@" --event-log "$events" >"$out/game.log" 2>&1 &
  game=$!
  window_up
  battle_up
}
# battle_up: until the battle's first turn has started and the layout is dumped, then
# 3 s more to draw, and the window focused.
battle_up() {
  wait_for '"turn_started"' 60
  for _ in $(seq 1 30); do [ -s "$SKIRMISH_LAYOUT" ] && break; sleep 1; done
  sleep 3
  xdotool windowfocus --sync "$(xdotool search --name Skirmish | head -1)" || true
}
# fresh_data: an empty scratch data folder (no saves or autosaves of an earlier run).
fresh_data() {
  rm -rf "$SKIRMISH_DATA_DIR"
}
# window_up [SECONDS]: until the game's window exists (the game still running), then
# SECONDS more (default 0) for it to draw.
window_up() {
  for _ in $(seq 1 90); do
    xdotool search --name Skirmish >/dev/null 2>&1 && break
    alive
    sleep 1
  done
  sleep "${1:-0}"
}
