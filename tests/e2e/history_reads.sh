# history_reads.sh — clx history reads each run's folder once (run.json and results.tsv opened once a
# run, not once to date it and again to join it) and the host's lock table, /proc/locks, once at most
# however many merged runs it asks whether a merge is writing them (it read it twice a merged run,
# the length of /proc/locks each time: 4.2 s for 300 runs beside 2000 locks). Counted by an LD_PRELOAD
# (fixtures/countopen.c; needs cc) that notes each open: no timing counts. Model runs, no device.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/history_reads
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"
if ! command -v cc > /dev/null 2>&1 || ! cc -shared -fPIC -o "$T/countopen.so" tests/e2e/fixtures/countopen.c -ldl 2> /dev/null; then
    skip history_reads "no cc to build the LD_PRELOAD"
    exit 0
fi

# Four runs of one sweep a day apart, three of them merges (run.json's merged part, what clx merge
# writes), whose folders a reader asks whether a merge writes them now.
make_run "$T/A" fixture 1 "1000 2000" "" rounds
copy_run "$T/A" "$T/B" 24
copy_run "$T/A" "$T/C" 25
copy_run "$T/A" "$T/D" 26
scale "$T/C" '$c["variant"] == "fast"' 1.2
scale "$T/B" '1' 1.0005                     # no copies of A: their rows their own
scale "$T/D" '1' 1.001
for r in A B C; do
    sed -i 's/^  "counts":/  "merged": { "shards": 2, "unit": "groups", "configurations": 32, "missing": 0, "partial": false },\n  "counts":/' "$T/$r/run.json"
done
check reads_premise test "$(grep -l '"merged"' "$T"/?/run.json | wc -l)" -eq 3

# reads NAME: how many opens of NAME the log holds.
reads() { grep -cxF "$1" "$T/opens.log"; }
COUNTOPEN_LOG=$PWD/$T/opens.log LD_PRELOAD=$PWD/$T/countopen.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
    "$CLX" history "$T/D" "$T/C" "$T/B" "$T/A" --out "$T/h" > "$T/h.log" 2>&1; rc=$?
check reads_history_ran sh -c "test $rc -eq 0 && test -f '$T/h/history.tsv'"
check reads_run_json_once test "$(reads run.json)" -eq 4
check reads_results_once test "$(reads results.tsv)" -eq 4
if [ -r /proc/locks ]; then
    check reads_proc_locks_once test "$(reads /proc/locks)" -eq 1
else
    check reads_proc_locks_none test "$(reads /proc/locks)" -eq 0
fi
# What it says is the history of the four given in another order, by date; each folder named.
check reads_said_by_date sh -c "grep -q '^  1  $T/A ' '$T/h.log' && grep -q '^  4  $T/D ' '$T/h.log'"
check reads_folders_by_date test "$(awk -F'\t' 'NR == 2 { n = NF; print $(n - 3) " " $n }' "$T/h/history.tsv")" = "$PWD/$T/A $PWD/$T/D"
check reads_no_copy test -z "$(grep 'cell for cell' "$T/h.log")"
finish
