#!/usr/bin/env bash
# The README's gallery: every level in levels/ at 1280x800 and 1024x640, each started in
# the real window under Xvfb (a hot-seat level's handover screen is dismissed with
# Space), the pointer resting on the map, then the whole screen saved as
# OUT/LEVEL-WxH.png (256 colours, to keep the repository small).
#
# Usage: tools/screenshots.sh PATH/TO/skirmish [OUT] [LEVEL...]
#   defaults: docs/screenshots, every levels/*.ron. Uses display :91 (DISPLAY_NUM).
set -euo pipefail
bin=$1
out=${2:-docs/screenshots}
shift $(( $# >= 2 ? 2 : $# ))
levels=("$@")
[ ${#levels[@]} -eq 0 ] && levels=(levels/*.ron)
n=${DISPLAY_NUM:-91}
mkdir -p "$out"
work=$(mktemp -d)
export DISPLAY=:$n XDG_RUNTIME_DIR=$work SKIRMISH_CONFIG=$work/config SKIRMISH_ANIM=instant
xvfb= game=
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
for size in 1280x800 1024x640; do
  rm -f /tmp/.X11-unix/X$n /tmp/.X$n-lock
  Xvfb :$n -noreset -screen 0 "${size}x24" >/dev/null 2>&1 &
  xvfb=$!
  for _ in $(seq 1 20); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.5; done
  w=${size%x*} h=${size#*x}
  for level in "${levels[@]}"; do
    name=$(basename "$level" .ron)
    "$bin" play "$level" --seed 1 > "$work/$name.log" 2>&1 &
    game=$!
    for _ in $(seq 1 90); do xdotool search --name Skirmish >/dev/null 2>&1 && break; sleep 1; done
    sleep 12
    win=$(xdotool search --name Skirmish | head -1)
    xdotool windowsize --sync "$win" "$w" "$h" 2>/dev/null || true
    xdotool windowfocus --sync "$win" 2>/dev/null || true
    sleep 2
    if [ "$(grep -c 'controller: *Human' "$level")" -ge 2 ]; then
      xdotool key space
      sleep 2
    fi
    xdotool mousemove $(( w * 3 / 10 )) $(( h / 2 ))
    sleep 3
    import -window root -colors 256 "$out/$name-$size.png"
    echo "screenshots: $out/$name-$size.png"
    kill "$game" 2>/dev/null || true
    wait "$game" 2>/dev/null || true
  done
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
done
