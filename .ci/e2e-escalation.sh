#!/usr/bin/env bash
# End-to-end check of escalation's engagement rules in the real window (issue 18), played
# with real clicks and keys through xdotool under Xvfb, like .ci/e2e-cast.sh.
#
# e2e 12: escalation, square (tests/fixtures/e2e-escalation.ron: both sides human, so
#   every decision comes with its hot-seat handover, Space, and the board comes straight
#   back after a reaction with none (issue 31); seed 2):
#   (a) Brannoc, engaged with Grik, is hovered away to (1, 1): the preview warns of Grik's
#       opportunity attack; a click moves it without disengaging; Grik's side gets the
#       prompt and its "Reaction Attack" button is clicked: the event log shows the
#       attack; Enter (Y) ends the turn.
#   (b) Sefa, engaged with Hask: the "Disengage" button, the 3d6 vs 11 check in the log
#       (a success with this seed), then a click on (4, 3): it moves off provoking nothing.
#   (c) Grik hovers (3, 2), next to Sefa: the preview names Brannoc's interception (a
#       violet mark on the cell); a click moves it there; Brannoc (Free, Sefa Nearby) gets
#       the prompt and its "Intercept" button is clicked: Grik is sent back to (3, 1) and
#       Brannoc stands next to it.
#   (d) Powers by real clicks: Grik and Hask end their turns; in round 2 Brannoc's
#       "Staggering Blow" button (the action bar's Abilities section) and a click on
#       Grik (Hask, Free and Nearby, is offered the Intercept of that melee attack: "No
#       reaction" is clicked): the log shows the cast, the attack against PD (a hit with this seed: 15 vs
#       14), the use spent (0 left) and Dazed on Grik, whose "Dz" badge is checked on the
#       screenshot; then Sefa's "Healing Word" and a click on the wounded Brannoc: the
#       use spent (1 left) and the healing.
#
# Usage: .ci/e2e-escalation.sh PATH/TO/skirmish [OUT_DIR]
set -euo pipefail
bin=$1
. "$(dirname "$0")/lib.sh"
e2e_setup e2e-escalation 94 "${2:-shots}"

# handover SIDE N [ROUND]: Space dismisses the hot-seat screen for SIDE, its Nth time in
# ROUND (default 1).
# handover_now SIDE N [ROUND]: as `handover`, without waiting for the board to settle (the
# replay after it plays on).
handover_now() {
  sleep 1
  xdotool key space
  count "\"kind\":\"handover\",\"round\":${3:-1},\"actor\":\"$1\"" "$2" 20
}
# press_now LABEL SHOT: click the button where it stands as soon as it shows (no wait
# for it to stand still); the screenshot SHOT is taken as it is clicked (the replay's
# banner on it says the replay still played).
press_now() {
  local at
  at=$(button_now "$1") || exit 1
  xdotool mousemove $at
  sleep 0.2
  xdotool click 1
  shot "$2"
}
# prompt_holds LABEL: while the replay after a handover glides the camera (the cells of
# the layout dump move), the prompt's LABEL button stays where it first showed. Sampled
# every 0.1 s until the cells have moved three times with the prompt up (at most 3 s);
# fails if the button moved and the cells moved after that (the prompt did not hold while
# the camera glided; it may move once the board stands still), or if the cells never
# moved with the prompt up (the check would prove nothing).
prompt_holds() {
  local first at was now i moves=0 moved=
  first=$(button_now "$1") || exit 1
  was=$(md5sum <"$SKIRMISH_LAYOUT")
  for i in $(seq 1 30); do
    sleep 0.1
    now=$(md5sum <"$SKIRMISH_LAYOUT")
    at=$(awk -F'\t' -v l="$1" '$1 == l { print $2 }' "$SKIRMISH_BUTTONS" 2>/dev/null)
    if [ "$now" != "$was" ]; then
      moves=$((moves + 1))
      was=$now
      [ -n "$moved" ] && [ "$i" -gt "$moved" ] &&
        fail "the prompt moved while the camera glided: $1 from $first to $at"
    fi
    [ -z "$moved" ] && [ -n "$at" ] && [ "$at" != "$first" ] && moved=$i
    [ "$moves" -ge 3 ] && break
  done
  [ "$moves" -ge 1 ] || fail "the camera did not glide with the $1 prompt up: nothing checked"
  echo "e2e-escalation: $1 held at $first while the cells moved $moves times"
}
# back SIDE N [ROUND]: after a reaction the board is SIDE's again with no handover (its
# handovers in ROUND are still N).
back() {
  sleep 2
  [ "$(grep -c "\"kind\":\"handover\",\"round\":${3:-1},\"actor\":\"$1\"" "$events")" -eq "$2" ] ||
    fail "a handover back to $1 after a reaction"
}
# violet X Y FILE: the share of violet pixels (the interception mark) in the middle of
# cell (X, Y) on the screenshot.
violet() {
  read -r px py <<<"$(cell "$1" "$2")"
  convert "$3" -crop 20x20+$((px - 10))+$((py - 10)) \
    -fx '(r > 0.55 && g < 0.5 && b > 0.75) ? 1 : 0' -format '%[fx:mean]' info:
}

# badge X Y FILE: the share of yellow pixels (a condition badge's text) in the top-left
# corner of cell (X, Y), where the map writes the unit's badges.
badge() {
  read -r px py <<<"$(cell "$1" "$2")"
  convert "$3" -crop 40x26+$((px - 50))+$((py - 42)) \
    -fx '(r > 0.75 && g > 0.65 && b < 0.45) ? 1 : 0' -format '%[fx:mean]' info:
}

start_xvfb
play_battle tests/fixtures/e2e-escalation.ron

echo "e2e 12a: escalation: Brannoc walks off Grik; Grik's opportunity attack, by a click"
handover Heroes 1
wait_for '"kind":"turn_started","round":1,"actor":"Brannoc"'
xdotool mousemove $(cell 1 1)
sleep 2
shot 100-esc-oa-preview
xdotool click 1
wait_for '"kind":"reaction_offered","round":1,"actor":"Grik","target":"Brannoc"' 20
handover Goblins 1
shot 101-esc-oa-prompt
press "Reaction Attack"
wait_for '"kind":"reacted","round":1,"actor":"Grik"' 20
wait_for '"kind":"attack","round":1,"actor":"Grik","target":"Brannoc".*reaction attack' 20
wait_for '"kind":"moved","round":1,"actor":"Brannoc","from":\[2,1\],"to":\[1,1\]' 20
back Heroes 1
shot 102-esc-oa-done
end_turn
wait_for '"kind":"turn_started","round":1,"actor":"Sefa"' 20

echo "e2e 12b: escalation: Sefa disengages from Hask (3d6 vs 11), then moves off"
sleep 1
press Disengage
wait_for '"kind":"check","round":1,"actor":"Sefa".*"target_number":11,"outcome":"success","detail":"disengage"' 20
sleep 1
xdotool mousemove $(cell 4 3)
sleep 2
shot 103-esc-disengaged-preview
xdotool click 1
wait_for '"kind":"moved","round":1,"actor":"Sefa","from":\[5,4\],"to":\[4,3\]' 20
grep -q '"kind":"reaction_offered","round":1,"actor":"Hask"' "$events" &&
  fail "Hask was offered an opportunity attack after Sefa disengaged"
sleep 1
shot 104-esc-disengaged
end_turn
wait_for '"kind":"turn_started","round":1,"actor":"Grik"' 20

echo "e2e 12c: escalation: Grik comes at Sefa; Brannoc intercepts it, by a click"
handover Goblins 2
xdotool mousemove $(cell 3 2)
sleep 2
shot 105-esc-intercept-preview
v=$(violet 3 2 "$out/105-esc-intercept-preview.png")
awk -v v="$v" 'BEGIN { exit !(v > 0.05) }' || fail "no violet interception mark on (3, 2) ($v)"
xdotool click 1
wait_for '"kind":"reaction_offered","round":1,"actor":"Brannoc","target":"Grik".*"trigger":"coming at Sefa"' 20
handover Heroes 2
shot 106-esc-intercept-prompt
press Intercept
wait_for '"kind":"reacted","round":1,"actor":"Brannoc","detail":"Intercept' 20
wait_for '"kind":"displaced".*"target":"Grik","from":\[3,2\],"to":\[3,1\]' 20
back Goblins 2
shot 107-esc-intercepted

echo "e2e 12d: escalation powers by clicks: Brannoc's Staggering Blow on Grik, Sefa's Healing Word on Brannoc"
end_turn
wait_for '"kind":"turn_started","round":1,"actor":"Hask"' 20
end_turn
wait_for '"kind":"turn_started","round":2,"actor":"Brannoc"' 20
handover Heroes 1 2
shot 108-esc-power-bar
press "Staggering Blow"
sleep 1
read -r gx gy <<<"$(cell 3 1)"
xdotool mousemove "$gx" "$gy"
sleep 2
shot 109-esc-power-aim
xdotool click 1
wait_for '"kind":"cast","round":2,"actor":"Brannoc","target":"Grik".*"detail":"Staggering Blow"' 20
# A melee power on Grik: Hask (Free, Grik Nearby) is offered its Intercept ("They can also
# Intercept a melee attack intended for someone who's Nearby to them"); declined here.
wait_for '"kind":"reaction_offered","round":2,"actor":"Hask","target":"Brannoc".*"trigger":"attack on Grik"' 20
# The board is not left to settle: "No reaction" is clicked where it first shows, while
# the replay of Brannoc's cast still plays for the Goblins (the prompt holds its place
# meanwhile; it moved out of the way of the units as the replay went, and the click was
# lost: the game must not need `settled`).
handover_now Goblins 1 2
prompt_holds "No reaction"
press_now "No reaction" 109b-esc-attack-intercept-prompt
wait_for '"kind":"reaction_declined","round":2,"actor":"Hask"' 20
back Heroes 1 2
wait_for '"kind":"attack","round":2,"actor":"Brannoc","target":"Grik".*staggering blow' 20
wait_for '"kind":"spent","round":2,"actor":"Brannoc".*1 use on use, 0 left' 20
wait_for '"kind":"condition_added","round":2,"actor":"Brannoc","target":"Grik".*Dazed' 20
# Off the cell, so the hover card does not cover the badge.
xdotool mousemove 5 5
sleep 2
shot 110-esc-power-dazed
# The badge "Dz" on Grik's cell: yellow text there now, none before the blow.
before=$(badge 3 1 "$out/108-esc-power-bar.png")
after=$(badge 3 1 "$out/110-esc-power-dazed.png")
awk -v a="$after" -v b="$before" 'BEGIN { exit !(a > 0.03 && b < 0.01) }' ||
  fail "no Dz badge on Grik (yellow share $before before, $after after)"
grep -q "^Staggering Blow	" "$SKIRMISH_BUTTONS" || fail "the Staggering Blow button is gone from the bar"
# The Dazed badge on Grik's card explains itself on hover (the rule in plain words and
# how long it lasts): click Grik's name in the turn order, rest the pointer on the badge.
press "unit Grik"
sleep 1
xdotool mousemove 5 5
sleep 1
shot 110b-esc-grik-card
xdotool mousemove $(button "badge Dazed")
sleep 2
shot 110c-esc-dazed-tooltip
ae=$(compare -metric AE "$out/110b-esc-grik-card.png" "$out/110c-esc-dazed-tooltip.png" null: 2>&1 | cut -d' ' -f1 || true)
[ "${ae%.*}" -gt 3000 ] 2>/dev/null || fail "no tooltip over Grik's Dazed badge ($ae pixels changed)"
xdotool mousemove 5 5
sleep 0.5
# Home: the card back on the unit whose turn it is (Esc would open the menu: issue 31).
xdotool key Home
sleep 0.5
end_turn
wait_for '"kind":"turn_started","round":2,"actor":"Sefa"' 20
sleep 1
press "Healing Word"
sleep 1
read -r bx by <<<"$(cell 2 0)"
xdotool mousemove "$bx" "$by"
sleep 1
xdotool click 1
wait_for '"kind":"cast","round":2,"actor":"Sefa","target":"Brannoc".*"detail":"Healing Word"' 20
wait_for '"kind":"spent","round":2,"actor":"Sefa".*1 use on use, 1 left' 20
wait_for '"kind":"healed","round":2.*"target":"Brannoc"' 20
xdotool mousemove 5 5
sleep 2
shot 111-esc-power-healed
alive
# The log keeps the invariants (cells, HP) replayed from the level.
"$bin" check-log tests/fixtures/e2e-escalation.ron "$events" >"$out/check-log.txt" 2>&1 ||
  fail "check-log: $(tail -5 "$out/check-log.txt")"
echo "e2e-escalation: ok — screenshots and the event log in $out"
