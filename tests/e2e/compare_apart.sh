# compare_apart.sh — clx compare of runs that share no configuration where one did not finish, on
# model runs (no device): a --quick run (N=1000) against a stopped full one whose sweep is N=10M,
# 100M, 200M (10M and 100M measured) is kept apart by N, which no resume mends: the refusal names the axis and each side's
# values, and offers no resume; where the stopped run's sweep does hold A's N, resuming it is the
# advice, as before. A --quick run against one narrowed by --size and --set (run.json's args) is no
# "--quick run against a full one": the refusal names N, as against any run. clx history of runs
# that share none says the same of its runs, by their numbers in date order, and lists them (it
# said only "no configuration was measured in every run"). Variant ids that differ because one
# run's name a parameter the other's do not (a params axis of two values in one run, of one in
# the other: "naive" against "naive:TILE=8") are said so, with that parameter; ids of other names
# get no such words (they had vecsum's "gs_float4:ILP=2" whatever the runs).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/compare_apart
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# sweep DIR VALUES: run.json's N as run ("1000", "2000" → VALUES, a JSON list's inside).
sweep() { sed -i "s/\"N\": \[ \"1000\", \"2000\" \]/\"N\": [ $2 ]/" "$1/run.json"; }
# stop DIR: run.json as a run stopped by ^C writes it.
stop() { sed -i 's/"finished": "[^"]*"/"interrupted": "2026-11-23T10:00:30+0000", "interrupted_by": "SIGINT"/' "$1/run.json"; }

Q=$T/quick
make_run "$Q" fixture 1 "1000"
sweep "$Q" '"1000"'
sed -i 's/"finished": /"quick": true, "finished": /' "$Q/run.json"
F=$T/full
make_run "$F" fixture 1 "10000000 100000000"
sweep "$F" '"10000000", "100000000", "200000000"'
stop "$F"
"$CLX" compare "$Q" "$F" --out "$T/c" > "$T/c.log" 2>&1; rc=$?
check apart_axis_premise test "$rc" -eq 4
check apart_axis_said grep -qF "was measured on every side: A and B share no N (A: 1000; B: 10000000, 100000000); resuming B would not add one: its sweep (run.json) has no N of A's; A is a --quick run and B a full one: compare runs of the same sweep (both --quick, or both full)" "$T/c.log"
check apart_axis_no_resume test -z "$(grep 'once resumed' "$T/c.log")"

# A full run at N=1000 and 3000 against one stopped after N=2000 and 4000 whose sweep holds 1000 and
# 3000 too: resuming it adds them.
A=$T/A
make_run "$A" fixture 1 "1000 3000"
sweep "$A" '"1000", "3000"'
S=$T/S
make_run "$S" fixture 1 "2000 4000"
sweep "$S" '"1000", "2000", "3000", "4000"'
stop "$S"
"$CLX" compare "$A" "$S" --out "$T/c2" > "$T/c2.log" 2>&1; rc=$?
check apart_resume_premise test "$rc" -eq 4
check apart_resume_said grep -q 'was measured on every side: a run that did not finish (stopped, unfinished or still running, above) has them once resumed or ended' "$T/c2.log"

# The README's narrowed run (--size 1M,16M --set variant=...) against a --quick one: B is not full,
# and a full B would not join A either; what keeps them apart is N, named with each side's values.
Nr=$T/narrowed
make_run "$Nr" fixture 1 "1000000 16000000"
sweep "$Nr" '"1000000", "16000000"'
sed -i 's/"finished": /"args": [ "fixture", "--size", "1M,16M", "--set", "variant=naive,fast", "--trials", "20" ], "finished": /' "$Nr/run.json"
"$CLX" compare "$Q" "$Nr" --out "$T/c3" > "$T/c3.log" 2>&1; rc=$?
check apart_narrowed_exit test "$rc" -eq 4
check apart_narrowed_names_n grep -qF "was measured on every side: A and B share no N (A: 1000; B: 1000000, 16000000)" "$T/c3.log"
check apart_narrowed_not_full test -z "$(grep -e 'full one' -e 'both --quick' "$T/c3.log")"
# Without the narrowing options (--trials alone) B is full, and the --quick words are said.
sed -i 's/"args": \[[^]]*\]/"args": [ "fixture", "--trials", "20" ]/' "$Nr/run.json"
"$CLX" compare "$Q" "$Nr" --out "$T/c4" > "$T/c4.log" 2>&1
check apart_full_quick_said grep -qF "A is a --quick run and B a full one: compare runs of the same sweep (both --quick, or both full)" "$T/c4.log"

# History: the quick run and a full run a day later; then, its quick mark taken off, two full runs of other sizes.
F2=$T/full2
make_run "$F2" fixture 1 "10000000 100000000"
sed -i 's/"started": "[^"]*"/"started": "2026-11-24T10:00:00+0000"/' "$F2/run.json"
"$CLX" history "$F2" "$Q" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check apart_history_exit test "$rc" -eq 4
check apart_history_says grep -qF "history: no configuration was measured in every run: run 1 is a --quick run and run 2 a full one: a history is of runs of the same sweep (both --quick, or both full) (the runs by date: 1 $Q, 2 $F2)" "$T/h.log"
# Both full, of other sizes: the N no two share, by run number.
sed -i 's/"quick": true, //' "$Q/run.json"
"$CLX" history "$F2" "$Q" --out "$T/h2" > "$T/h2.log" 2>&1
check apart_history_column grep -qF "history: no configuration was measured in every run: run 1 and run 2 share no N (run 1: 1000; run 2: 10000000, 100000000) (the runs by date" "$T/h2.log"

# Variant ids: B's name TILE, A's do not.
Ia=$T/ids_a
make_run "$Ia" fixture 1 "1000"
Ib=$T/ids_b
make_run "$Ib" fixture 1 "1000"
sed -i 's/\tnaive\t/\tnaive:TILE=8\t/; s/\tfast\t/\tfast:TILE=8\t/' "$Ib/results.tsv"
"$CLX" compare "$Ia" "$Ib" --out "$T/c5" > "$T/c5.log" 2>&1; rc=$?
check apart_ids_exit test "$rc" -eq 4
check apart_ids_key_said grep -qF "A and B share no variant (A: naive, fast; B: naive:TILE=8, fast:TILE=8): B's ids name TILE, which A's do not" "$T/c5.log"
check apart_ids_no_other_experiment test -z "$(grep 'gs_float4' "$T/c5.log")"
# Other names (--set variant= picked others): no words of ids naming parameters.
sed -i 's/\tnaive:TILE=8\t/\tslow\t/; s/\tfast:TILE=8\t/\tquick\t/' "$Ib/results.tsv"
"$CLX" compare "$Ia" "$Ib" --out "$T/c6" > "$T/c6.log" 2>&1
check apart_names_plain grep -qF "A and B share no variant (A: naive, fast; B: slow, quick)" "$T/c6.log"
check apart_names_no_ids_words test -z "$(grep -e 'ids name' -e 'gs_float4' "$T/c6.log")"
finish
