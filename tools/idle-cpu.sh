#!/usr/bin/env bash
# How much CPU an idle battle costs: starts the game under Xvfb on a level (both sides
# human: the hot-seat handover screen comes first), shows the board with Space, rests
# the pointer on the map, then reads the game's CPU time (all threads, user + system,
# from /proc/PID/stat) over SECONDS. Prints the figure in % of one core, with `top`'s
# own sample for comparison.
#
# Usage: tools/idle-cpu.sh PATH/TO/skirmish [LEVEL] [SECONDS] [WxH]
#   defaults: levels/tactical-d20-ambush.ron, 20 s, 1280x800. Uses display :94.
set -euo pipefail
bin=$1
level=${2:-levels/tactical-d20-ambush.ron}
secs=${3:-20}
size=${4:-1280x800}
export DISPLAY=:94
export XDG_RUNTIME_DIR=$(mktemp -d)
rm -f /tmp/.X11-unix/X94 /tmp/.X94-lock
Xvfb :94 -noreset -screen 0 "${size}x24" >/dev/null 2>&1 &
xvfb=$!
game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 1 20); do
  xdotool getdisplaygeometry >/dev/null 2>&1 && break
  sleep 0.5
done
"$bin" play "$level" >/dev/null 2>&1 &
game=$!
for _ in $(seq 1 90); do
  xdotool search --name Skirmish >/dev/null 2>&1 && break
  sleep 1
done
sleep 15
xdotool windowfocus --sync "$(xdotool search --name Skirmish | head -1)" || true
xdotool key space
sleep 2
xdotool mousemove 300 600
sleep 5
tck=$(getconf CLK_TCK)
a=$(awk '{ print $14 + $15 }' /proc/$game/stat)
sleep "$secs"
b=$(awk '{ print $14 + $15 }' /proc/$game/stat)
top=$(top -b -n 2 -d 2 -p "$game" | awk -v p="$game" '$1 == p { c = $9 } END { print c }')
awk -v a="$a" -v b="$b" -v s="$secs" -v k="$tck" -v t="$top" \
  'BEGIN { printf "idle CPU over %d s: %.1f%% of one core (top: %s%%)\n", s, (b - a) / k / s * 100, t }'
