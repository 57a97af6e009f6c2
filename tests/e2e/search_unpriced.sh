# search_unpriced.sh — a --budget P% search that ends before its first rounds price the sweep (a stop
# after 2 rounds, CLX_STOP_AFTER_ROUNDS: whatever the machine's speed) has no budget in seconds yet: its
# console line and report.md say the seconds it spent and its budget as the share it is, not "of 0
# device seconds", and that it stopped before the pricing, not that "the space ended" (before, both:
# 3 of 6 configurations measured, "5.51 of 0 device seconds (40% of the sweep: the space ended before
# 16 rounds could estimate it); stopped").
. tests/e2e/lib.sh
T=$TMP/search_unpriced
rm -rf "$T"; mkdir -p "$T"

CLX_STOP_AFTER_ROUNDS=2 "$CLX" run volkov_fma --quick --search --budget 40% --out "$T/s" > "$T/s.log" 2>&1; rc=$?
d=$(ls -d "$T"/s/volkov_fma-* 2> /dev/null | head -n 1)
check stopped_exit_130 test "$rc" -eq 130 -a -n "$d"
line=$(grep '^clx: search: [0-9]* of 8 configurations measured' "$T/s.log")
check console_no_zero_budget test -n "$line" -a -z "$(echo "$line" | grep 'of 0 device seconds')"
check console_not_space_ended test -z "$(echo "$line" | grep 'the space ended')"
check console_says_unpriced test -n "$(echo "$line" | grep -E ' [0-9.e-]+ device seconds \(a budget of 40% of the sweep, not priced: stopped before 16 rounds could estimate it\); stopped$')"
"$CLX" report "$d" > "$T/report.log" 2>&1
para=$(grep '^This run searched its space' "$d/report.md")
check report_no_zero_budget test -n "$para" -a -z "$(echo "$para" | grep 'of a budget of 0 device seconds')"
check report_says_unpriced test -n "$(echo "$para" | grep -F 'device seconds of a budget of 40% of the sweep, not priced: the search stopped before its first rounds priced the sweep (seed 1); stopped.')"
finish
