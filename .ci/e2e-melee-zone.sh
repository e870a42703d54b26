#!/usr/bin/env bash
# End-to-end check of melee-zone in the real window (issue 30, wave 3), played with real
# clicks and keys through xdotool under Xvfb, like .ci/e2e-escalation.sh.
#
# e2e 13: melee-zone, square (tests/fixtures/e2e-melee-zone.ron: both sides human, so
#   every decision comes with its hot-seat handover, Space; seed 4, turn order Ash, Nix,
#   Bly). Nix starts hidden in the walled corner (0, 0).
#   (a) The Heroes' board: Nix is not drawn on (0, 0) nor listed in the turn order; Ash
#       and Bly carry facing arrows (Ash east, Bly west) and Free Hit Slot pips.
#   (b) Ash's aimed attack: V, a click on Bly, the aim chooser, 2 (Slowing): a natural 20,
#       the crit chain (d4: 3, a critical ×2), 8 damage, a Slowing wound: the red wound
#       mark on Bly's token, the chain's step under its line in the roll log.
#   (c) Nix's turn: the Bandits' board draws Nix veiled, "hidden" over him; he waits.
#   (d) Bly steps away to (5, 3), out of Ash's zone: the Heroes are offered the free hit
#       and its "Free hit" button is clicked: the reaction attack is in the event log,
#       Ash has one Free Hit Slot pip fewer, Bly's arrow points east now.
#
# Usage: .ci/e2e-melee-zone.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-melee-zone 71 "${2:-shots}"

# handover SIDE N [ROUND]: Space dismisses the hot-seat screen for SIDE, its Nth time in
# ROUND (default 1).

# share X Y DX DY W H FILE EXPR: the share of pixels matching EXPR in the W x H box whose
# top-left corner is DX, DY from the centre of cell (X, Y) on the screenshot.
share() {
  read -r px py <<<"$(cell "$1" "$2")"
  convert "$7" -crop "$5x$6+$((px + $3))+$((py + $4))" -fx "$8" -format '%[fx:mean]' info:
}
# The token's dark face (r, g below 0.3, b below 0.35) in the middle of a cell (the
# floor is light tan).
DARK='(r < 0.3 && g < 0.3 && b < 0.35) ? 1 : 0'
# The Bandits' red rim (#b04a3a) round a token (a hidden one's face is veiled in mist).
RIM='(r > 0.55 && g < 0.4 && b < 0.35) ? 1 : 0'
# The facing arrow (near white) and the wound mark (red) and the bright reaction pips.
WHITE='(r > 0.9 && g > 0.88 && b > 0.75) ? 1 : 0'
RED='(r > 0.6 && g < 0.25 && b < 0.25) ? 1 : 0'
BLUE='(r < 0.5 && g > 0.6 && b > 0.9) ? 1 : 0'
more() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

start_xvfb
play_battle tests/fixtures/e2e-melee-zone.ron
# Cell size in pixels (the layout's x step), for the boxes below.
read -r x0 _ <<<"$(cell 0 3)"
read -r x1 _ <<<"$(cell 1 3)"
c=$((x1 - x0))
h=$((c / 2))

echo "e2e 13a: melee-zone: the Heroes' board: no Nix, facing arrows, Free Hit Slot pips"
handover Heroes 1
wait_for '"kind":"turn_started","round":1,"actor":"Ash"'
xdotool mousemove 5 5
sleep 2
shot 200-mz-heroes-start
f=$out/200-mz-heroes-start.png
nix=$(share 0 0 -$h -$h $c $c "$f" "$RIM")
ash=$(share 2 3 -$((c / 4)) -$((c / 4)) $h $h "$f" "$DARK")
bly=$(share 3 3 -$h -$h $c $c "$f" "$RIM")
more "$ash" 0.2 || fail "Ash's token is not drawn on (2, 3) ($ash dark)"
more "$bly" 0.03 || fail "Bly's red rim is not drawn on (3, 3) ($bly)"
more 0.005 "$nix" || fail "hidden Nix is drawn on the Heroes' board ($nix red rim on (0, 0))"
grep -q "^unit Nix	" "$SKIRMISH_BUTTONS" && fail "hidden Nix is listed in the Heroes' turn order"
# Ash faces east: the arrow on his right rim, none on his left; Bly faces west.
ae=$(share 2 3 $((c * 3 / 10)) -$((c / 10)) $((c / 4)) $((c / 5)) "$f" "$WHITE")
aw=$(share 2 3 -$((c * 11 / 20)) -$((c / 10)) $((c / 4)) $((c / 5)) "$f" "$WHITE")
more "$ae" 0.05 || fail "no facing arrow east of Ash ($ae)"
more 0.02 "$aw" || fail "an arrow west of Ash ($aw)"
be=$(share 3 3 $((c * 3 / 10)) -$((c / 10)) $((c / 4)) $((c / 5)) "$f" "$WHITE")
more 0.02 "$be" || fail "Bly's arrow points east before he moves ($be)"
# Ash's four Free Hit Slots: pips under his HP bar.
pips0=$(share 2 3 -$h $((c * 9 / 20)) $c $((c / 8)) "$f" "$BLUE")
more "$pips0" 0.02 || fail "no Free Hit Slot pips under Ash ($pips0)"

echo "e2e 13b: melee-zone: Ash's aimed attack (V, the aim chooser, Slowing) at Bly"
xdotool key v
sleep 1
xdotool mousemove $(cell 3 3)
sleep 1
xdotool click 1
sleep 2
shot 201-mz-aim-chooser
xdotool key 2
wait_for '"kind":"attack","round":1,"actor":"Ash","target":"Bly".*"faces":\[20\].*"outcome":"critical success"' 20
wait_for '"kind":"crit_chain","round":1,"actor":"Ash","faces":\[3\],"detail":"d4 -> 0 step(s)"' 20
wait_for '"kind":"damage","round":1,"actor":"Ash","target":"Bly".*critical ×2' 20
wait_for '"kind":"stat_modified","round":1,"actor":"Ash","target":"Bly","detail":"Speed -2' 20
xdotool mousemove 5 5
sleep 3
shot 202-mz-wounded
f=$out/202-mz-wounded.png
w0=$(share 3 3 -$((c / 2)) $((c / 10)) $((c / 3)) $((c / 3)) "$out/200-mz-heroes-start.png" "$RED")
w1=$(share 3 3 -$((c / 2)) $((c / 10)) $((c / 3)) $((c / 3)) "$f" "$RED")
more "$w1" 0.1 || fail "no wound mark on Bly after the wound ($w1 red)"
more 0.02 "$w0" || fail "a wound mark on Bly before the wound ($w0 red)"
end_turn
wait_for '"kind":"turn_started","round":1,"actor":"Nix"' 20

echo "e2e 13c: melee-zone: the Bandits' board shows Nix veiled; he waits"
handover Bandits 1
# The Bandits' board replays Ash's attack (the camera gliding to it): Space skips the rest.
xdotool key space
xdotool mousemove 5 5
sleep 2
shot 203-mz-bandits-nix
f=$out/203-mz-bandits-nix.png
nix=$(share 0 0 -$h -$h $c $c "$f" "$RIM")
more "$nix" 0.03 || fail "Nix is not drawn on his own side's board ($nix red rim on (0, 0))"
grep -q "^unit Nix	" "$SKIRMISH_BUTTONS" || fail "Nix is not in the Bandits' turn order"
end_turn
wait_for '"kind":"turn_started","round":1,"actor":"Bly"' 20

echo "e2e 13d: melee-zone: Bly steps out of Ash's zone; Ash's free hit, by a click"
sleep 1
xdotool mousemove $(cell 5 3)
sleep 1
xdotool click 1
wait_for '"kind":"reaction_offered","round":1,"actor":"Ash","target":"Bly"' 20
handover Heroes 2
shot 204-mz-free-hit-prompt
press "Free hit"
wait_for '"kind":"reacted","round":1,"actor":"Ash"' 20
wait_for '"kind":"attack","round":1,"actor":"Ash","target":"Bly".*reaction attack' 20
wait_for '"kind":"moved","round":1,"actor":"Bly","from":\[4,3\],"to":\[5,3\]' 20
# One handover per reaction (issue 31): after the Heroes' answer the board goes straight
# back to the Bandits, with no second handover screen (a Space there would act).
sleep 2
grep -c '"kind":"handover","round":1,"actor":"Bandits"' "$events" | grep -qx 1 ||
  fail "a second handover back to the Bandits after the free hit"
xdotool mousemove 5 5
sleep 3
shot 205-mz-after-free-hit
f=$out/205-mz-after-free-hit.png
be=$(share 5 3 $((c * 3 / 10)) -$((c / 10)) $((c / 4)) $((c / 5)) "$f" "$WHITE")
more "$be" 0.05 || fail "Bly's arrow does not point east after his move ($be)"
pips1=$(share 2 3 -$h $((c * 9 / 20)) $c $((c / 8)) "$f" "$BLUE")
more "$pips0" "$pips1" || fail "Ash's Free Hit Slot pips did not go down ($pips0 then $pips1)"
alive
"$bin" check-log tests/fixtures/e2e-melee-zone.ron "$events" >"$out/check-log.txt" 2>&1 ||
  fail "check-log: $(tail -5 "$out/check-log.txt")"
echo "e2e-melee-zone: ok — screenshots and the event log in $out"
