# search_killed_said.sh — a search whose worker a second stop kills after it said its outcome (its
# "clx: search: best ..." lines): those lines reach the console (flushed before the kill could lose
# them), the supervisor says no "best so far" of its own after them (before, the same best twice: the
# worker's, then the supervisor's from search.tsv), and run.json's search is the worker's final part,
# not one rebuilt from the log as if the worker had said nothing. CLX_STOP_AFTER_SWEEP with
# CLX_STOP_TWICE: the two stops once the search has ended, the worker held until it is killed.
. tests/e2e/lib.sh
T=$TMP/search_killed_said
rm -rf "$T"; mkdir -p "$T"

CLX_STOP_AFTER_SWEEP=1 CLX_STOP_TWICE=1 "$CLX" run volkov_fma --quick --search --budget 5 --out "$T/s" > "$T/s.log" 2>&1; rc=$?
d=$(ls -d "$T"/s/volkov_fma-* 2> /dev/null | head -n 1)
# 130 or 143: the two stops land at once, and which the supervisor hears first is the host's (resume.sh).
check killed_exit_stopped test \( "$rc" -eq 130 -o "$rc" -eq 143 \) -a -n "$d"
check killed_at_once grep -q '^clx: stopping at once' "$T/s.log"
best=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["search"].get("best", ""))' "$d/run.json" 2> /dev/null)
check worker_best_said grep -qF "clx: search: best $best: " "$T/s.log"
check best_said_once test "$(grep -c '^clx: search: best' "$T/s.log")" -eq 1
check no_supervisor_best test -z "$(grep "search.tsv's last round has it" "$T/s.log")"
# run.json's search: the worker's whole part, its end the one the worker said on its outcome line
# ("clx: search: ... device seconds; END"), not one of the supervisor's ("stopped (the worker was
# killed ...)"). Compared whole, not by words the supervisor's ends hold: the worker's own end has
# "the rounds before it said it would" where its last round overran the budget, as on a loaded host.
check json_final python3 -c "
import json, sys
j = json.load(open(sys.argv[1]))['search']
said = [l for l in open(sys.argv[2]).read().splitlines() if l.startswith('clx: search: ')]
sys.exit(not (j['best'] and not j.get('killed') and not j.get('from_log') and not j['end'].startswith('stopped')
              and any(l.endswith('; ' + j['end']) for l in said)))" "$d/run.json" "$T/s.log"
finish
