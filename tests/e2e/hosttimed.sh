# hosttimed.sh — a device whose events do not time kernels (rusticl's), reached on PoCL by
# CLX_TIMER=host: the launch floor is an empty launch timed by the host as the rows are (never the
# events' 1 ns), and a row under twice it is launch-bound; report.md's timing row and its figures' titles
# say the host clock timed the rows; a latency probe whose trial is not well above the launch's cost is set aside,
# and the levels are made of the others only.
. tests/e2e/lib.sh
mkdir -p "$TMP"
CLX_TIMER=host CLX_PEAK_CACHE_BYTES=1048576 run_clx "$TMP/hosttimed" run tests/e2e/fixtures/hosttimed.spec --quick --report
j=$rundir/run.json
check hosttimed_exit_0 test "$rc" -eq 0
check hosttimed_rows_host test "$(tsv_count "$rundir/results.tsv" timer host)" -eq 1
check hosttimed_floor_by_host grep -q '"launch_floor_timer":[[:space:]]*"host"' "$j"
floor() { python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); print(j[sys.argv[2]]["launch_floor_us"])' "$j" "$1"; }
# A floor of the host's time: a number, the same in sol (not 0, not null).
check hosttimed_floor_measured awk -v f="$(floor blocker)" 'BEGIN { exit !(f + 0 > 0) }'
check hosttimed_floor_sol test "$(floor blocker)" = "$(floor sol)"
# The row is launch-bound as that floor says (its time against twice it: the values decide, not
# how fast this machine was).
lb=$(awk -v t="$(tsv_col "$rundir/results.tsv" median_ms)" -v f="$(floor blocker)" 'BEGIN { print (t * 1000 < 2 * f) }')
check hosttimed_launch_bound test "$(tsv_col "$rundir/results.tsv" flag | grep -c launch-bound)" -eq "$lb"
check hosttimed_report_says grep -q "^| timing | .*; rows timed by the host clock, a launch's enqueue to its end, launch cost included (CLX_TIMER=host" "$rundir/report.md"
check_runjson_documented hosttimed_runjson_documented "$rundir"
# A figure of those rows says under its title that the host clock timed them, launch cost included:
# its script holds the title whether gnuplot is here to draw it or not.
# It says launch-bound where the row is flagged so (by the values, as above), and not otherwise.
check hosttimed_plot_launch_bound test "$(grep -c 'is flagged launch-bound' "$rundir/plots/gbs_vs_local.gp" | awk '{ print ($1 > 0) }')" -eq "$lb"
# Read with the title's line breaks as spaces: where a line breaks is the wrapping's (test_gpstyle).
check hosttimed_plot_says sh -c "sed 's/\\\\n/ /g' '$rundir/plots/gbs_vs_local.gp' | grep -q \"every row here was timed by the host clock (the device's events do not time kernels): a launch's enqueue to\""
p=$rundir/probes.tsv
# Each latency row kept as one says the host timed it; the others say why they are none, with no figure.
check hosttimed_latency_rows test -z "$(awk -F'\t' '$1 ~ /^(latency|local_latency|chain_latency)$/ &&
    !($10 == "ok" && $11 ~ /timed by the host clock/ || $10 == "skipped" && $4 == 0 && $5 == "" &&
      $11 ~ /^not measurable on a host-timed device: a trial took .* us by the host clock, under 10 times an empty launch/)' "$p")"
# Whether the 4 KiB chase is set aside is the two times' ratio, which the machine's load decides (it
# was kept once on a loaded 2-core machine): the rows' consistency above is what is checked.
# A level ends on a footprint measured as a latency, never on one set aside.
ok_fps=$(awk -F'\t' '$1 == "latency" && $10 == "ok" { print $3 }' "$p" | tr '\n' ' ')
check hosttimed_levels_measured test -z "$(awk -F'\t' -v f=" $ok_fps" '$1 == "levels" && $6 == "ns" && $10 == "ok" && index(f, " " $3 " ") == 0' "$p")"
# A value of CLX_TIMER that is not known is a mistake said, not ignored.
CLX_TIMER=events "$CLX" run tests/e2e/fixtures/hosttimed.spec --quick --dry-run > "$TMP/hosttimed_bad.log" 2>&1
check hosttimed_bad_value test $? -eq 2
check hosttimed_bad_said grep -q "CLX_TIMER=events: only 'host' is known" "$TMP/hosttimed_bad.log"
finish
