# stop_kill.sh — a stop that kills the worker in a launch (one that does not end a second after the
# stop) loses no round measured: the rows the worker measured and had not written are written by its
# supervisor with the rounds they had (flag rounds-cut), in place of the 'stopped' row of the
# configuration in flight, and run.json's counts are those rows'; a search's run.json has its "search"
# as it stood, marked killed, and its report says so. A search's, a resumed search's (its row in the
# place of the one the first stop kept), and a sweep's.
# fixtures/latehang.spec: one configuration whose launches end until the eighth, which never does: the
# rounds before it are measured, and a stop then kills the worker in it, whatever the machine's load.
# How many rounds come first depends on the launches a round takes (warm-ups, batch probes): the
# checks compare the rows with the rounds search.tsv logged, never a count of their own.
# Every run takes --timeout 600: the default launch limit (60 s) would end the hung launch itself
# (status timeout, exit 1) where a loaded machine's wait for it runs as long (CI under ASan, once:
# the hang in the search's first round, so search.tsv had no round to wait for).
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/stop_kill
rm -rf "$T"; mkdir -p "$T"

# logged DIR: the rounds DIR/search.tsv logged that measured (ok 1).
logged() { tsv_col "$1/search.tsv" ok | grep -c '^1$'; }
# start_hung OUT ARGS...: clx in the background, its output in OUT.log, its pid in $pid.
start_hung() {
    out=$1; shift
    "$CLX" "$@" > "$out.log" 2>&1 &
    pid=$!
}
# wait_hung DIR FILE: until DIR/FILE has a data line and stays the same size for 2 s (60 s at most).
wait_hung() {
    last=-1
    for _ in $(seq 1 300); do
        n=$(cat "$1/$2" 2>/dev/null | wc -l)
        if [ "$n" -ge 2 ] && [ "$n" -eq "$last" ]; then same=$((same + 1)); [ "$same" -ge 10 ] && return 0
        else same=0; fi
        last=$n
        sleep 0.2
    done
}
# stop DIR: SIGINT to $pid (the supervisor), as ^C; waits for it: $rc.
stop() { kill -INT "$pid"; wait "$pid"; rc=$?; }

# A search: stopped in the hung launch, its rounds so far are its row.
start_hung "$T/search" run tests/e2e/fixtures/latehang.spec --search --budget 60 --timeout 600 --out "$T/search"
for _ in $(seq 1 300); do d=$(ls -d "$T"/search/latehang-* 2>/dev/null | head -n 1); [ -n "$d" ] && break; sleep 0.1; done
wait_hung "$d" search.tsv
stop
check search_exit_130 test "$rc" -eq 130
nlog=$(logged "$d")
if grep -q 'the launch in flight did not finish within a second' "$T/search.log" && [ "$nlog" -eq 0 ]; then
    # The hang in the first round (a loaded machine's probes take more launches): nothing was
    # measured, and the row is the configuration in flight's, 'stopped'.
    check search_first_round_stopped test "$(tsv_rows "$d/results.tsv")" -eq 1 -a \
        "$(tsv_col "$d/results.tsv" status)" = stopped -a -z "$(tsv_col "$d/results.tsv" rounds | tr -d 0)"
    skip search_one_row "the hang came in the search's first round"
elif grep -q 'the launch in flight did not finish within a second' "$T/search.log"; then
    check search_one_row test "$(tsv_rows "$d/results.tsv")" -eq 1
    check search_row_cut_status test "$(tsv_col "$d/results.tsv" status)" = cut
    check search_row_has_its_rounds test "$(tsv_col "$d/results.tsv" rounds)" = "$nlog"
    check search_row_cut test -n "$(tsv_col "$d/results.tsv" flag | grep -E '(^|,)rounds-cut(,|$)')"
    check search_row_said test -n "$(tsv_col "$d/results.tsv" timing_note | grep "search: stopped after $nlog rounds* (the worker was killed in a launch")"
    check search_no_stopped_row test "$(tsv_count "$d/results.tsv" status stopped)" -eq 0
    check search_counts test "$(jnum "$d" counts ok)" = 0 -a "$(jnum "$d" counts cut)" = 1 -a "$(jnum "$d" counts rounds_cut)" = 1
    check search_interrupted test "$(jnum "$d" interrupted_by)" = SIGINT
    check search_rows_said grep -q "^clx: stopped by SIGINT: 1 row in $d/results.tsv\$" "$T/search.log"
    check search_kept_said grep -q '^clx: 1 row the worker had not written yet (it was killed in a launch or by a second stop) was written for it' "$T/search.log"
    # run.json's search as it stood when the stop asked for the rows (search_now.c), marked killed:
    # its rounds are search.tsv's, its best the one configuration with the rounds its row has.
    check search_json_killed test "$(jnum "$d" search killed)" = True
    check search_json_end test -n "$(jnum "$d" search end | grep '^stopped (the worker was killed in a launch')"
    check search_json_counts test "$(jnum "$d" search rounds)" = "$(tsv_rows "$d/search.tsv")" -a \
        "$(jnum "$d" search measured)" = 1 -a "$(jnum "$d" search space)" = 1
    check search_json_best test "$(jnum "$d" search best_rounds)" = "$nlog" -a "$(jnum "$d" search best_row_rounds)" = "$nlog" \
        -a "$(jnum "$d" search best)" != none
    "$CLX" report "$d" > "$T/search-report.log" 2>&1
    check search_report_cut grep -q '^This run searched its space.*; stopped (the worker was killed in a launch the stop did not wait for)\. \*\*Cut by the stop:\*\* this is the search as it stood after its last round in search.tsv' "$d/report.md"
    check search_report_best grep -q "The best so far: \*\*$(jnum "$d" search best)\*\*, .* (the median of its $nlog rounds*[;)]" "$d/report.md"
    check search_none_lost test -z "$(grep 'have no row yet' "$T/search.log")"
    check_runjson_documented search_runjson_documented "$d"

    # Resumed: the log replayed, rounds measured again (the launches counted anew), and hung again:
    # the row it has since the resume takes the place of the one the first stop kept.
    start_hung "$T/resume" run --resume "$d" --timeout 600
    for _ in $(seq 1 300); do [ "$(logged "$d")" -gt "$nlog" ] && break; sleep 0.1; done
    wait_hung "$d" search.tsv
    stop
    check resume_exit_130 test "$rc" -eq 130
    if grep -q 'the launch in flight did not finish within a second' "$T/resume.log"; then
        mlog=$(logged "$d")
        check resume_one_row test "$(tsv_rows "$d/results.tsv")" -eq 1
        if [ "$mlog" -gt "$nlog" ]; then
            check resume_row_since test "$(tsv_col "$d/results.tsv" rounds)" = "$((mlog - nlog))"
            check resume_row_said test -n "$(tsv_col "$d/results.tsv" timing_note | grep 'since the search was resumed (search.tsv has the rounds before)')"
        else
            # Killed before a round of its own (a fast machine's batch probe reached the hang first):
            # the row the first stop kept stays as it was, with no 'stopped' row beside it.
            check resume_row_kept test "$(tsv_col "$d/results.tsv" rounds)" = "$nlog"
        fi
        check resume_row_cut test -n "$(tsv_col "$d/results.tsv" flag | grep -E '(^|,)rounds-cut(,|$)')"
        check resume_counts test "$(jnum "$d" counts cut)" = 1 -a "$(jnum "$d" counts rounds_cut)" = 1
        # Its run.json's search is the resumed race's, the rounds replayed with those since.
        check resume_json_killed test "$(jnum "$d" search killed)" = True -a \
            "$(jnum "$d" search rounds)" = "$(tsv_rows "$d/search.tsv")" -a "$(jnum "$d" search best_rounds)" = "$mlog"
    else
        skip resume_one_row "the resumed search was not in the hung launch when stopped"
    fi
else
    skip search_one_row "the search was not in the hung launch when stopped"
fi

# A sweep of it (five rounds, the later ones at once; the hang later: a sweep probes its batch size
# first): the same, its note a sweep's.
start_hung "$T/sweep" run tests/e2e/fixtures/latehang.spec --set HANG=16 --rounds 5 --max-rounds 5 --round-gap 0 --timeout 600 --out "$T/sweep"
for _ in $(seq 1 300); do d=$(ls -d "$T"/sweep/latehang-* 2>/dev/null | head -n 1); [ -n "$d" ] && break; sleep 0.1; done
# A sweep says nothing between its rounds: the hang is in flight 3 s after it says it times them.
for _ in $(seq 1 300); do grep -q 'configurations* to time' "$T/sweep.log" && break; sleep 0.1; done
sleep 3
stop
check sweep_exit_130 test "$rc" -eq 130
if grep -q 'the launch in flight did not finish within a second' "$T/sweep.log"; then
    check sweep_one_row test "$(tsv_rows "$d/results.tsv")" -eq 1
    # The stop that killed the worker counts the rows of results.tsv, as one it died in does.
    check sweep_rows_said grep -q "^clx: stopped by SIGINT: 1 row in $d/results.tsv\$" "$T/sweep.log"
    r=$(tsv_col "$d/results.tsv" rounds)
fi
# On a loaded machine (or under ASan) the stop may come in a slow launch before the first round (its
# build's, a batch probe's): then the row is the configuration in flight's, 'stopped', and there is
# nothing more to check of rounds kept.
if grep -q 'the launch in flight did not finish within a second' "$T/sweep.log" && [ "$(tsv_col "$d/results.tsv" status)" = stopped ]; then
    check sweep_stopped_before_a_round test -z "$r" -o "$r" = 0
    skip sweep_row_has_rounds "the stop came before the sweep's first round ended"
elif grep -q 'the launch in flight did not finish within a second' "$T/sweep.log"; then
    check sweep_row_has_rounds test "$(tsv_col "$d/results.tsv" status)" = cut -a "${r:-0}" -ge 1 -a "${r:-0}" -lt 5
    check sweep_row_said test -n "$(tsv_col "$d/results.tsv" timing_note | grep "stopped after $r of 5 rounds (the worker was killed")"
    check sweep_row_cut test -n "$(tsv_col "$d/results.tsv" flag | grep -E '(^|,)rounds-cut(,|$)')"
    check sweep_counts test "$(jnum "$d" counts ok)" = 0 -a "$(jnum "$d" counts cut)" = 1 -a "$(jnum "$d" counts rounds_cut)" = 1
    # Resumed: the row the stop cut short is measured again, hangs again, and the row it has then
    # takes the first one's place (a sweep's rows are in its order: never both).
    start_hung "$T/sweep-resume" run --resume "$d" --timeout 600
    for _ in $(seq 1 300); do grep -q 'configurations* to time' "$T/sweep-resume.log" && break; sleep 0.1; done
    sleep 3
    stop
    check sweep_resume_exit_130 test "$rc" -eq 130
    if grep -q 'the launch in flight did not finish within a second' "$T/sweep-resume.log"; then
        check sweep_resume_one_row test "$(tsv_rows "$d/results.tsv")" -eq 1
        check sweep_resume_row_cut test "$(tsv_col "$d/results.tsv" status)" = cut -a \
            -n "$(tsv_col "$d/results.tsv" flag | grep -E '(^|,)rounds-cut(,|$)')"
    else
        skip sweep_resume_one_row "the resumed sweep was not in the hung launch when stopped"
    fi
else
    skip sweep_one_row "the sweep was not in the hung launch when stopped"
fi

# A sweep of three configurations sharing the counter (one launch point's buffers: the later rounds
# go round those begun, and one of them meets the hang): the worker makes the rows of all three only
# when the stop asks for them (rows on request, worker.h), the one in the hung launch with the rounds
# before it. The first configuration's first round ends before the second's begins (far under 40
# launches), so it has a round at least, whatever the machine.
start_hung "$T/three" run tests/e2e/fixtures/latehang.spec --set HANG=40 --set local=16,32,64 --rounds 5 --max-rounds 5 --round-gap 0 --timeout 600 --out "$T/three"
for _ in $(seq 1 300); do d=$(ls -d "$T"/three/latehang-* 2>/dev/null | head -n 1); [ -n "$d" ] && break; sleep 0.1; done
for _ in $(seq 1 300); do grep -q 'configurations* to time' "$T/three.log" && break; sleep 0.1; done
sleep 3
stop
check three_exit_130 test "$rc" -eq 130
if grep -q 'the launch in flight did not finish within a second' "$T/three.log"; then
    # Three rows where the hang came in the third's rounds; two where it came in the second's first
    # round (the third not begun: no row), as on the H200, whose probes take other launches.
    n=$(tsv_rows "$d/results.tsv")
    check three_rows test "$n" -ge 2 -a "$n" -le 3
    st=$(tsv_col "$d/results.tsv" status | head -n 1)
    r=$(tsv_col "$d/results.tsv" rounds | head -n 1)
    if [ "$st" = stopped ]; then
        skip three_first_kept "the stop came before the sweep's first round ended"
    else
        check three_first_kept test \( "$st" = ok -a "${r:-0}" -eq 5 \) -o \( "$st" = cut -a "${r:-0}" -ge 1 -a "${r:-0}" -lt 5 \)
    fi
    # Every row is one with rounds (cut short: status cut, said so; or whole and ok, its five rounds done before the
    # stop and not yet written: a loaded machine's order) or the one in flight with none ('stopped').
    bad=$(python3 -c 'import csv, re, sys
for w in csv.DictReader(open(sys.argv[1]), delimiter="\t"):
    r = int(w["rounds"] or 0)
    if w["status"] == "stopped" and r == 0: continue
    if w["status"] == "ok" and r == 5 and "rounds-cut" not in w["flag"].split(","): continue
    if w["status"] == "cut" and 1 <= r < 5 and "rounds-cut" in w["flag"].split(",") and \
       re.search("stopped after %d of 5 rounds \\(the worker was killed" % r, w["timing_note"]): continue
    print(w["local"], w["status"], r, w["flag"], w["timing_note"])' "$d/results.tsv")
    check three_rows_kept test -z "$bad"
    check three_said grep -Eq '^clx: ([123] rows|1 row) the worker had not written yet' "$T/three.log"
else
    skip three_rows "the sweep was not in the hung launch when stopped"
fi
finish
