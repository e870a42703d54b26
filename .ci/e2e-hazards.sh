#!/usr/bin/env bash
# End-to-end check of the hazards' hover words in the real window, under Xvfb at
# 1280×800 with xdotool: counters-shrine (hex; traps at (6, 0) and (7, 6), rocks at
# (5, 3) and (8, 3), a rune at (4, 3)). The pointer rests on each hazard in turn; its
# words show beside the cell where they hide no other hazard's mark (they covered the
# trap's "T" two rows up on a hex map): the amber of the traps' marks, the violet edge of
# the rune's are still there on each screenshot, as with nothing hovered, and the words
# did show (the screen changed). Look at the screenshots (with the words above every
# hazard, as before, the check fails: the rune's words hid a third of the trap's "T").
#
# Usage: .ci/e2e-hazards.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-hazards 73 "${2:-shots}"

# share X Y FILE COLOUR: the share of COLOUR pixels (amber: a trap's mark; violet: the
# rune's) in the middle of cell (X, Y) on the screenshot.
share() {
  local fx
  case $4 in
    amber) fx='(r > 0.8 && g > 0.5 && g < 0.85 && b < 0.3) ? 1 : 0' ;;
    violet) fx='(r > 0.6 && g < 0.55 && b > 0.8) ? 1 : 0' ;;
  esac
  read -r px py <<<"$(cell "$1" "$2")"
  convert "$3" -crop 24x24+$((px - 12))+$((py - 12)) -fx "$fx" -format '%[fx:mean]' info:
}

start_xvfb
play_battle levels/counters-shrine.ron
# Both sides human: Space shows the board to the Wardens.
xdotool key space
wait_for '"kind":"handover"' 20
sleep 1
settled
xdotool mousemove 5 790
sleep 2
shot 400-hz-none
for t in "6 0 amber" "7 6 amber" "4 3 violet"; do
  read -r x y c <<<"$t"
  s=$(share "$x" "$y" "$out/400-hz-none.png" "$c")
  awk -v s="$s" 'BEGIN { exit !(s > 0.03) }' || fail "no $c mark on ($x, $y) with nothing hovered ($s)"
done
n=401
for h in "5 3" "8 3" "6 0" "7 6" "4 3"; do
  read -r hx hy <<<"$h"
  xdotool mousemove $(cell "$hx" "$hy")
  sleep 2
  f="$n-hz-hover-$hx-$hy"
  shot "$f"
  ae=$(compare -metric AE "$out/400-hz-none.png" "$out/$f.png" null: 2>&1 | cut -d' ' -f1 || true)
  [ "${ae%.*}" -gt 20000 ] 2>/dev/null || fail "no words on ($hx, $hy): $ae pixels changed"
  for t in "6 0 amber" "7 6 amber" "4 3 violet"; do
    read -r x y c <<<"$t"
    # (The hovered rune's reach tints cells violet: its own mark is not counted.)
    [ "$x $y" = "$hx $hy" ] && continue
    [ "$c" = violet ] && [ "$hx $hy" = "4 3" ] && continue
    s=$(share "$x" "$y" "$out/$f.png" "$c")
    was=$(share "$x" "$y" "$out/400-hz-none.png" "$c")
    # As much of the mark's colour as with nothing hovered (words over its lower half
    # left 64% of it).
    awk -v s="$s" -v w="$was" 'BEGIN { exit !(s >= 0.9 * w) }' ||
      fail "hovering ($hx, $hy) hides the $c mark on ($x, $y) ($s of $was)"
  done
  n=$((n + 1))
done
alive
echo "e2e-hazards: ok — screenshots in $out"
