# sol.sh — every row's speed of light on PoCL (docs/sol.md): with a quick peaks run named by --peaks
# for the ceilings clx's tables lack, every verified row has a bound (sol_ms, sol_pct, bound) or
# says why not (sol_note); none is above 102% of it unflagged; no row passes a theoretical ceiling,
# and a measured one that verified rows pass bounds no row of the run (its end takes back the sol>100
# its row lines showed); a --quick peaks run found in the results folder gives no ceiling; without a
# peaks run a CPU's caches and local memory have an upper limit (its memory none); run.json
# records the ceilings; the console, report.md and compare.tsv show it; a bad `sol` setting is one
# line with its file and line. Only what cannot depend on load is compared: presence, flags and names.
# A run that checks one thing of the sweep's set-up or its notes times one variant in the default build
# alone (--set variant=... --build=): the whole quick sweeps made this test the suite's slowest.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/sol
rm -rf "$T"; mkdir -p "$T"

run_clx "$T/peaks" run peaks --quick
P=$rundir
check sol_peaks_chain_latency test "$(awk -F'\t' '$1 == "chain_latency" && $10 == "ok"' "$P/probes.tsv" | wc -l)" -eq 2

# A tuning pass's folder beside it (a sweep's own pass, finished, newer) is not the device's peaks
# run: a run that finds its ceilings in that results folder takes P's.
tp=$T/peaks/peaks-tune-${P##*/peaks-}
cp -r "$P" "$tp"
awk '/"tune":/ { t = 1 } t && /"mode":/ { sub(/"off"/, "\"pass\""); t = 0 }
     /"started":/ { sub(/"20[0-9][0-9]-[^"]*"/, "\"2099-01-01T00:00:00+0000\"") } { print }' "$P/run.json" > "$tp/run.json"
check sol_tuning_pass_made grep -q '"mode":[[:space:]]*"pass"' "$tp/run.json"
"$CLX" run vecsum --quick --set variant=naive --build= --out "$T/peaks" > "$T/tunepass.log" 2>&1
q=$(ls -d "$T"/peaks/vecsum-*/ | head -n 1)
check sol_peaks_not_a_tuning_pass grep -q "only a --quick or narrowed (--set, --size, --local, --build) peaks run of this device found, $P:" "$T/tunepass.log"
# Nor is a narrowed one (--set among its arguments, not --quick, newer): before, it was taken as the
# device's whole run (on PoCL a --set N=... stream became the memory ceiling at 1.4 GB/s).
nr=$T/peaks/peaks-narrowed-${P##*/peaks-}
cp -r "$P" "$nr"
sed -e 's/"args":[[:space:]]*\[[^]]*\]/"args": ["peaks", "--set", "N=1Mi"]/' -e 's/"quick":[[:space:]]*true/"quick": false/' \
    -e '/"started":/ s/"20[0-9][0-9]-[^"]*"/"2099-01-02T00:00:00+0000"/' "$P/run.json" > "$nr/run.json"
check sol_narrowed_made grep -q '"args": \["peaks", "--set", "N=1Mi"\]' "$nr/run.json"
"$CLX" run vecsum --quick --set variant=naive --build= --out "$T/peaks" > "$T/narrowed.log" 2>&1
check sol_peaks_not_narrowed sh -c "grep -q 'only a --quick or narrowed (--set, --size, --local, --build) peaks run of this device found, $nr:' '$T/narrowed.log' &&
    ! grep -q 'from $nr)' '$T/narrowed.log'"
rm -rf "$nr"
# A --quick peaks run found in the results folder (small sizes, few trials: not the device's peaks)
# gives no ceiling: a newcomer's `clx run peaks --quick` made every later run flag vecsum's fastest
# rows sol>100 against its launch-bound cache read and put the slowest near their speed of light.
# The run says what measures them (the full run), and run.json which run it did not read.
check sol_quick_found_not_read grep -q '"peaks_run":[[:space:]]*null' "$q/run.json"
check sol_quick_found_named grep -q "\"peaks_run_quick_unread\":[[:space:]]*\"$P\"" "$q/run.json"
check sol_quick_found_says_full grep -qF "a full $CLX run peaks, not --quick, measures them" "$T/tunepass.log"
check sol_quick_found_no_sol100 test -z "$(tsv_col "$q/results.tsv" flag | grep 'sol>100')"

# col FILE NAME: the column's index in a results.tsv.
col() { head -n 1 "$1" | tr '\t' '\n' | grep -nx "$2" | cut -d: -f1; }
# over FILE: verified rows above 102% of their bound, flagged or not.
over() { awk -F'\t' -v s="$(col "$1" status)" -v p="$(col "$1" sol_pct)" 'NR > 1 && $s == "ok" && $p != "" && $p > 102' "$1" | wc -l; }
check sol_quick_found_none_over test "$(over "$q/results.tsv")" -eq 0
# unbounded FILE: verified rows with neither a bound nor a reason.
unbounded() { awk -F'\t' -v s="$(col "$1" status)" -v p="$(col "$1" sol_pct)" -v n="$(col "$1" sol_note)" \
                  'NR > 1 && ($s == "ok" || $s == "unverified") && $p == "" && $n == ""' "$1" | wc -l; }
# over_unflagged FILE: verified rows above 102% of their bound without the sol>100 flag.
over_unflagged() { awk -F'\t' -v s="$(col "$1" status)" -v p="$(col "$1" sol_pct)" -v f="$(col "$1" flag)" \
                       'NR > 1 && $s == "ok" && $p != "" && $p > 102 && $f !~ /sol>100/' "$1" | wc -l; }
# Every variant, timed in one round of 2 trials ($FEW): what is checked is each row's bound, not its
# time. One work-group size (a CPU has no occupancy rules: the size changes no bound) and the default
# build, but for volkov_fma's whole quick sweep: its -cl-opt-disable rows declare other work (ITERS
# under NOOPT, as the optflags rows below do), and its two builds are compared below (--by build).
# PoCL's compiles of each program at each size and build were most of this test's time.
for e in volkov_fma vecsum memcopy_ilp maths taylor; do
    case $e in vecsum|taylor) narrow="--build= --local 64" ;; memcopy_ilp|maths) narrow="--build= --local 32" ;;
               *) narrow="" ;; esac
    run_clx_loud "$T/$e" run $e --quick --peaks "$P" $narrow $FEW     # the console's lines, which --quiet leaves out
    r=$rundir/results.tsv
    check "sol_${e}_exit" test "$rc" -eq 0
    check "sol_${e}_every_row_bounded_or_said" test "$(unbounded "$r")" -eq 0
    # A bound, or none because verified rows of this run passed the measured ceiling that set it.
    check "sol_${e}_bounded_rows" test "$(tsv_col "$r" sol_pct | grep -c .)" -ge 1 -o \
        "$(tsv_col "$r" sol_note | grep -c ' ceiling: the measured one (.*) bounds nothing here: ')" -ge 1
    check "sol_${e}_none_over_unflagged" test "$(over_unflagged "$r")" -eq 0
    # A measured ceiling a verified row passed binds no row (the guard's note on one is gone).
    check "sol_${e}_measured_not_kept_passed" test -z "$(tsv_col "$r" sol_note | grep 'ceiling (measured:')"
    # A theoretical ceiling is a physical bound (the CPU's carries its timed clock's slack): no row
    # passes one; a measured one (PoCL's peaks kernels) may be passed, and says so.
    check "sol_${e}_theoretical_never_passed" test -z "$(tsv_col "$r" sol_note | grep 'ceiling (theoretical:')"
    check "sol_${e}_console_table" grep -q '^Speed of light (% of sol: a row.s sol_pct' "$T/$e.log"
done

check sol_run_json grep -q '"ceilings"' "$rundir/run.json"
check sol_run_json_peaks_run grep -q "\"peaks_run\":[[:space:]]*\"$P\"" "$rundir/run.json"
# Without occupancy rules (a CPU has none) there is no latency bound: the console says why, and what
# the bound is then.
check sol_no_latency_said grep -q 'rows have no latency bound (a CPU has no occupancy rules to reckon one with): their bound is the throughput.s alone' "$T/volkov_fma.log"
# On a CPU the classes only a GPU has (matrix engines, special functions, the L1 path) are not
# listed as unknown ceilings.
check sol_cpu_no_gpu_classes sh -c "! grep 'speed of light:' '$T/vecsum.log' | grep -qE 'tensor|sfu'"
# A --quick peaks run gives its ceilings saying what it is.
check sol_quick_peaks_said grep -q "from $P, a --quick run named by --peaks: small sizes and few trials, not the device's peaks" "$T/vecsum.log"
check sol_quick_peaks_json grep -q '"peaks_run_quick":[[:space:]]*true' "$rundir/run.json"

# Without a peaks run (a fresh --out; the suite's CLX_PEAKS_ROOT is empty) a CPU's caches and
# __local memory are at an upper limit, what its cores' load/store ports move: fma chains with a few
# KB of memory traffic (before: "No row has a bound ...: no l2 ceiling") have a bound, and no verified
# row is above 102% of it; the console and run.json call it an upper limit. Memory has none: a
# stream's bytes past the cache (made 1 MiB) still say so; in the cache (made 64 MiB, so on any
# machine) the limit binds them, saying it is loose.
for e in volkov_fma optflags; do
    run_clx_loud "$T/nopeaks_$e" run $e --quick $FEW
    r=$rundir/results.tsv
    check "sol_nopeaks_${e}_exit" test "$rc" -eq 0
    check "sol_nopeaks_${e}_rows" test "$(tsv_count "$r" status ok)" -ge 1
    # Every row bound, but one whose work takes less than the launch floor: its fma chain's latency,
    # which a CPU cannot reckon, holds it back, not the launch (said so in its note).
    check "sol_nopeaks_${e}_all_bounded" test "$(awk -F'\t' -v s="$(col "$r" status)" -v p="$(col "$r" sol_pct)" \
        -v n="$(col "$r" sol_note)" 'NR > 1 && $s == "ok" && $p == "" && $n !~ /^no bound that binds: the launch floor/' \
        "$r" | wc -l)" -eq 0
    check "sol_nopeaks_${e}_none_over" test "$(over "$r")" -eq 0
    check "sol_nopeaks_${e}_said" grep -q '^clx: speed of light: .*; at an upper limit of their rate l2 (the CPU.s last-level cache) local; unknown .*dram' "$T/nopeaks_$e.log"
    check "sol_nopeaks_${e}_json" sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -q '\"l2\":{\"GB/s\":[0-9.e+]*,\"kind\":\"upperlimit\",\"source\":\"upperlimit:nol2(theCPU.slast-levelcache)rateforthisdevice(afullclxrunpeaksmeasuresone);thecores.load/storeports,'"
done
CLX_PEAK_CACHE_BYTES=1048576 run_clx "$T/nopeaks_dram" run vecsum --quick --set variant=naive --build ''
r=$rundir/results.tsv
check sol_nopeaks_dram_rows test "$(tsv_count "$r" status ok)" -ge 1
check sol_nopeaks_dram_unknown test "$(tsv_col "$r" sol_note | grep -c '^no dram ceiling: no datasheet bandwidth for this device')" \
    -eq "$(tsv_count "$r" status ok)" -a -z "$(tsv_col "$r" sol_pct | grep .)"
CLX_PEAK_CACHE_BYTES=67108864 run_clx "$T/nopeaks_l2" run vecsum --quick --set variant=naive --build ''
r=$rundir/results.tsv
check sol_nopeaks_l2_rows test "$(tsv_count "$r" status ok)" -ge 1
# A stream in the cache, which the ports' limit would bind at a few %: no bound, and why.
check sol_nopeaks_l2_unbound test -z "$(tsv_col "$r" sol_pct | grep .)"
check sol_nopeaks_l2_why test "$(tsv_col "$r" sol_note | grep -c "^no l2 (the CPU's last-level cache) ceiling that binds: its l2 work would set the bound, and its rate is known only as an upper limit far above it (upper limit: no l2 (the CPU's last-level cache) rate for this device")" \
    -eq "$(tsv_count "$r" status ok)"
# The console says the reason's head, not its four brackets of sources: the rest is in sol_note.
"$CLX" report "$rundir" > "$T/nopeaks_l2.report.log" 2>&1
check sol_nopeaks_l2_why_short grep -q "^No row has a bound ([0-9]* rows*); the most common reason: no l2 (the CPU's last-level cache) ceiling that binds: its l2 work would set the bound, and its rate is known only as an upper limit far above it (the whole of it: the rows' sol_note in results.tsv)\.\$" "$rundir/report.md"

# A stream row that read the cache (flagged cache-resident) is no memory rate, and a last-level cache
# read below memory's rate is bounded by memory's: a peaks run made so (its memory read 10 MB/s, below
# any stream row's rate, its cache read 5 MB/s, its streams cache-resident at 1 MB/s: a cache-resident
# stream is the cache's rate, below the probe's here; the quick run's triads, 24 MiB, over half PoCL's
# 32 MiB cache, are not flagged, so the fake flags every stream).
F=$T/fake/${P##*/}
mkdir -p "$T/fake" && cp -r "$P" "$F"
awk -F'\t' -v OFS='\t' '$1 == "cachebw" && $2 == "read, memory" { $5 = 0.01; $10 = "ok" }
                         $1 == "cachebw" && $2 == "read, last-level cache" { $5 = 0.005 } { print }' "$P/probes.tsv" > "$F/probes.tsv"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
                         NR > 1 && $c["MEM"] == 1 && $c["status"] == "ok" {
                             if ($c["flag"] !~ /cache-resident/) $c["flag"] = $c["flag"] ($c["flag"] == "" ? "" : ",") "cache-resident"
                             $c["gbs"] = 0.001 } { print }' "$P/results.tsv" > "$F/results.tsv"
run_clx "$T/fakeuse" run vecsum --quick --set variant=naive --local 64 --build= $FEW --peaks "$F"
check sol_dram_not_from_cached_rows grep -q '"source":[[:space:]]*"measured: cachebw: read, memory in' "$rundir/run.json"
check sol_l2_raised_to_dram grep -q "\"source\":[[:space:]]*\"measured: cachebw: read, memory (memory's: its cache read below it) in" "$rundir/run.json"
# The same with the streams at what they read from the cache, above the probe's 5 MB/s (Intel's CPU
# runtime: cachebw 11.92 GB/s beside read_f4_cpu's 70.99 from the cache): the cache's ceiling is the
# best of them, not the probe's. Every stream flagged here, at its own rate: whether the peaks run's
# streams fit the host's cache depends on the host (a 260 MiB L3 flags them all, a 32 MiB one none).
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
                         NR > 1 && $c["MEM"] == 1 && $c["status"] == "ok" && $c["flag"] !~ /cache-resident/ {
                             $c["flag"] = $c["flag"] ($c["flag"] == "" ? "" : ",") "cache-resident" } { print }' \
    "$P/results.tsv" > "$F/results.tsv"
run_clx "$T/fakeuse2" run vecsum --quick --set variant=naive --local 64 --build= $FEW --peaks "$F"
check sol_l2_from_cached_rows grep -q '"source":[[:space:]]*"measured: [a-z0-9_]* (cache-resident) in' "$rundir/run.json"

# A last-level cache reported at a size the peaks run's pointer chase takes at memory's latency (a PoCL
# VM's 32 MiB at 156 ns, as past it): no cache level of that size. A row's data past the largest
# footprint the chase shows faster than memory is memory's work (dram), not the cache's, and not
# flagged cache-resident; the cache's read over half the reported size read memory; the latencies are
# the levels' before memory's and memory's. Made here: 5 ns to 1 MiB, 156 ns from 2 MiB to 256 MiB,
# the cache reported at 64 MiB (vecsum --quick's 12 MB inside it), reads of 1 and 2 TB/s (no row passes
# them).
F=$T/chased/${P##*/}
mkdir -p "$T/chased" && cp -r "$P" "$F"
sed -i 's/"cache_bytes":[[:space:]]*[0-9.e+]*/"cache_bytes": 67108864/' "$F/run.json"
awk -F'\t' -v OFS='\t' '$1 == "latency" { if (!done) for (f = 4096; f <= 268435456; f *= 2)
                                              print "latency", "load latency", f, 3, (f <= 1048576 ? 5 : 156), "ns", 0.01,
                                                    "", "", "ok", "", ""; done = 1; next }
                         $1 == "levels" { next }
                         $1 == "cachebw" && $2 == "read, memory" { $5 = 1000; $10 = "ok" }
                         $1 == "cachebw" && $2 == "read, last-level cache" { $3 = 33554432; $5 = 2000 } { print }' \
    "$P/probes.tsv" > "$F/probes.tsv"
CLX_PEAK_CACHE_BYTES=67108864 run_clx_loud "$T/chaseduse" run vecsum --quick --set variant=naive --build '' --peaks "$F"
r=$rundir/results.tsv
check sol_chased_rows test "$(tsv_count "$r" status ok)" -ge 1
check sol_chased_dram test "$(tsv_count "$r" bound dram)" -eq "$(tsv_count "$r" status ok)"
check sol_chased_not_cache_resident test -z "$(tsv_col "$r" flag | grep cache-resident)"
check sol_chased_json sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -q '\"last_level_cache_chased\":{\"bytes\":1048576,\"source\":\"thepointerchaseofthepeaksrun'"
check sol_chased_said grep -q "^clx: speed of light: .*; a row's data in the last-level cache up to 1 MiB, not to its reported size (the pointer chase of the peaks run $F took memory's latency (156 ns) from 2 MiB on, at the last-level cache's reported 64 MiB too: no cache level of that size; the largest footprint it showed faster than memory: 1 MiB)" "$T/chaseduse.log"
check sol_chased_latencies sh -c "tr -d '\n\t ' < '$rundir/run.json' | grep -q '\"last_level_cache\":5,\"memory\":156'"
check sol_chased_cache_read_is_memory grep -q '"source":[[:space:]]*"measured: cachebw: read, last-level cache (at memory.s latency in the pointer chase: a read of memory) in' "$rundir/run.json"

# A full peaks run in the results folder (P made one: run.json's quick false, and no rows, so that
# its cache read is its only memory figure) is read. Its cache read made 1 MB/s, which any row
# passes (on PoCL a full run's 3.7 GB/s was passed 24 times over by vecsum's rows): a measured
# figure that verified rows of the run pass by more than 2% bounds none of them; every row it bound
# says so and none is flagged sol>100. Made 1 PB/s, no row passes it and the rows keep a bound. The
# last-level cache is made 64 MiB so that vecsum's 12 MB are the cache's on any machine.
for fig in low high; do
    fp=$T/full$fig/${P##*/}
    mkdir -p "$T/full$fig" && cp -r "$P" "$fp"
    sed -i 's/"quick":[[:space:]]*true/"quick": false/' "$fp/run.json"
    head -n 1 "$P/results.tsv" > "$fp/results.tsv"
    awk -F'\t' -v OFS='\t' -v v="$([ $fig = low ] && echo 0.001 || echo 1000000)" \
        '$1 == "cachebw" && $2 == "read, last-level cache" { $5 = v } { print }' "$P/probes.tsv" > "$fp/probes.tsv"
    CLX_PEAK_CACHE_BYTES=67108864 "$CLX" run vecsum --quick --set variant=naive,float4 --build '' $FEW --out "$T/full$fig" \
        > "$T/full$fig.log" 2>&1
    rundir=$(ls -d "$T/full$fig"/vecsum-*/ | head -n 1)
    check "sol_full_${fig}_read" grep -q "\"peaks_run\":[[:space:]]*\"$fp\"" "$rundir/run.json"
    check "sol_full_${fig}_none_over" test "$(over "$rundir/results.tsv")" -eq 0
    check "sol_full_${fig}_no_sol100" test -z "$(tsv_col "$rundir/results.tsv" flag | grep 'sol>100')"
done
r=$(ls -d "$T"/fulllow/vecsum-*/ | head -n 1)
check sol_passed_all_said test "$(tsv_col "$r/results.tsv" sol_note | grep -c "^no l2 (the CPU's last-level cache) ceiling: the measured one (0.001 GB/s, cachebw: read, last-level cache in .*) bounds nothing here: 4 verified rows of this run passed it by more than 2% (")" -eq 4
check sol_passed_no_bound test -z "$(tsv_col "$r/results.tsv" sol_pct | grep .)"
check sol_passed_console grep -q "^clx: speed of light: 4 rows without a bound: no l2 (the CPU's last-level cache) ceiling: the measured one" "$T/fulllow.log"
# The row lines printed as the rows were measured showed sol>100 on each; the end takes it back in
# one line, saying against which ceiling and why.
check sol_passed_flag_was_shown test "$(grep -c '^  naive .*\[.*sol>100.*\]$\|^  float4 .*\[.*sol>100.*\]$' "$T/fulllow.log")" -eq 4
check sol_passed_withdrawn_said test "$(grep -c "^clx: speed of light: sol>100 withdrawn from 4 rows (shown on their lines as they were measured): it was against the measured l2 (the CPU's last-level cache) ceiling, and a measured ceiling that verified rows pass by more than 2% bounds no row of the run (the line above); results.tsv holds them without the flag\$" "$T/fulllow.log")" -eq 1
check sol_passed_json grep -q '"passed_by_rows":[[:space:]]*4' "$r/run.json"
r=$(ls -d "$T"/fullhigh/vecsum-*/ | head -n 1)
# A bound each, or none for the one reason that depends on the host: where the launch floor is above
# the l2 and fp32 work's time (PoCL's floor on a 16-core host), the memory latency vecsum declares,
# which a CPU cannot reckon, may hold a row back more.
check sol_not_passed_bounds test "$(awk -F'\t' -v p="$(col "$r/results.tsv" sol_pct)" -v n="$(col "$r/results.tsv" sol_note)" \
    'NR > 1 && ($p != "" || $n ~ /^no bound that binds: the launch floor/)' "$r/results.tsv" | wc -l)" -eq 4
check sol_not_passed_json test -z "$(grep '"passed_by_rows":[[:space:]]*[1-9]' "$r/run.json")"
check sol_not_passed_nothing_withdrawn test -z "$(grep 'sol>100 withdrawn' "$T/fullhigh.log")"

# More variants and builds than the console shows (a search of sgemm measures hundreds): its table
# holds the 25 fastest, fastest first, and says of how many; report.md keeps them all. UNROLL=32 at
# --local 32 in the default build: ILP 1 and 4 are the programs the quick run above built.
run_clx_loud "$T/many" run volkov_fma --quick --peaks "$P" --set ILP=1,2,3,4,5,6,7,8,9,10,11,12,13 --set UNROLL=16,32 \
    --build '' --local 32 $FEW
check sol_many_said grep -q '^Speed of light (% of sol: a row.s sol_pct.*: the 25 fastest of 26 variants and builds' "$T/many.log"
check sol_many_25 test "$(sed -n '/^Speed of light (% of sol/,/^$/p' "$T/many.log" | grep -c '^  ILP=')" -eq 25
"$CLX" report "$rundir" > /dev/null 2>&1
check sol_many_report_all test "$(sed -n '/^### Speed of light/,/^###/p' "$rundir/report.md" | grep -c '^| ILP=')" -eq 26

# The bound names a class from the table; a row whose spec declares no work says so.
check sol_bound_words test -z "$(tsv_col "$T/volkov_fma"/*/results.tsv bound | grep -vE '^(|fp32|l2|dram|launch|latency|dram-latency)$')"
run_clx "$T/short" run shortcutting --quick --set variant=const_one,dead_const --build=
check sol_no_work_said test "$(tsv_col "$rundir/results.tsv" sol_note | grep -c 'the spec declares no work')" -ge 1

# report.md's section and chart; compare's columns.
d=$(ls -d "$T"/volkov_fma/volkov_fma-*)
"$CLX" report "$d" > "$T/report.log" 2>&1
check sol_report_section grep -q '^## Speed of light' "$d/report.md"
check sol_report_table grep -q '^| variant | build | rows with a bound | median % of sol | bound (most rows) | best row | its % of sol | its bound' "$d/report.md"
check_drawn sol_report_chart test -s "$d/plots/sol.png" -a -s "$d/plots/sol.tsv"
"$CLX" compare "$d" --by build --out "$T/cmp" > "$T/cmp.log" 2>&1
check sol_compare_columns test -n "$(head -n 1 "$T/cmp/compare.tsv" | tr '\t' '\n' | grep -x sol_pct_B)"

# The latencies a run measures at its set-up where no peaks run gives them: only where occupancy
# rules let a latency bound use them (none on a CPU: nothing measured, run.json's latency source
# null); CLX_SETUP_LATENCIES=1 measures them anyway (each chain and chase checked against the host),
# and run.json says where they come from; with a peaks run, its latencies; a spec without `chain`
# or `inflight`, none (P, a --quick one, chased short of a last-level cache of over 4 MiB: then why the
# cache's and memory's are unknown follows its name, test_solchase.c).
check sol_latency_from_peaks grep -q "\"source\":[[:space:]]*\"the peaks run $P[\";]" "$T/volkov_fma"/*/run.json
run_clx "$T/nolat" run vecsum --quick --set variant=naive --build=
check sol_latency_none_on_cpu grep -q '"source":[[:space:]]*null' "$rundir/run.json"
# A cache folder of its own: the first run measures them and keeps them for the device, the next
# takes them from there (the same figures), --no-cache measures them anew.
suite_cache=$XDG_CACHE_HOME
export XDG_CACHE_HOME=$T/cache
CLX_SETUP_LATENCIES=1 CLX_PEAK_CACHE_BYTES=1048576 run_clx_loud "$T/lat" run vecsum --quick --set variant=naive --build=
check sol_latency_setup_exit test "$rc" -eq 0
check sol_latency_setup_said grep -q 'latencies: measured at this run.s set-up' "$T/lat.log"
check sol_latency_setup_source grep -q '"source":[[:space:]]*"measured at this run.s set-up ([0-9.]* s, ' "$rundir/run.json"
for k in fp32_fma int32_mad last_level_cache memory; do
    check "sol_latency_setup_$k" grep -Eq "\"$k\":[[:space:]]*(0\.[0-9]*[1-9]|[1-9])" "$rundir/run.json"
done
# latency_ns's four figures as one line
lat_figures() { tr -d '\n\t ' < "$1/run.json" | grep -o '"latency_ns":{[^}]*}' | grep -o '"\(fp32_fma\|int32_mad\|last_level_cache\|memory\)":[0-9.e+-]*'; }
first=$(lat_figures "$rundir")
check sol_latency_kept test -s "$T/cache/clx/latencies.tsv"
CLX_SETUP_LATENCIES=1 CLX_PEAK_CACHE_BYTES=1048576 run_clx_loud "$T/lat2" run vecsum --quick --set variant=naive --build=
check sol_latency_from_cache grep -q '"source":[[:space:]]*"measured at the set-up of an earlier run on this device and driver, 20[0-9-]*T' "$rundir/run.json"
check sol_latency_from_cache_said grep -q 'latencies: measured at the set-up of an earlier run' "$T/lat2.log"
check sol_latency_cache_same test -n "$first" -a "$(lat_figures "$rundir")" = "$first"
# Another last-level cache size is another entry: measured again.
CLX_SETUP_LATENCIES=1 CLX_PEAK_CACHE_BYTES=2097152 run_clx "$T/lat3" run vecsum --quick --set variant=naive --build=
check sol_latency_cache_by_llc grep -q '"source":[[:space:]]*"measured at this run.s set-up' "$rundir/run.json"
CLX_SETUP_LATENCIES=1 CLX_PEAK_CACHE_BYTES=1048576 run_clx "$T/lat4" run vecsum --quick --set variant=naive --build= --no-cache
check sol_latency_no_cache grep -q '"source":[[:space:]]*"measured at this run.s set-up' "$rundir/run.json"
XDG_CACHE_HOME=$suite_cache
# A spec that declares no chain and no bytes in flight has no latency bound to use them: none measured.
CLX_SETUP_LATENCIES=1 run_clx "$T/nosol" run shortcutting --quick --set variant=const_one --build=
check sol_latency_not_for_no_sol grep -q '"source":[[:space:]]*null' "$rundir/run.json"

# A misspelt setting of sol: the file and line, exit 4, nothing run.
cp templates/vecsum.spec templates/vecsum.cl.m4 templates/vecsum.ref.c "$T/"
sed -i 's/^sol = { inflight/sol = { inflite/' "$T/vecsum.spec"
"$CLX" run "$T/vecsum.spec" --quick --out "$T/bad" > "$T/bad.log" 2>&1; rc=$?
check sol_bad_setting_exit test "$rc" -eq 4
check sol_bad_setting_said grep -q "vecsum.spec:[0-9]*: sol: unknown setting 'inflite'" "$T/bad.log"

# A bytes far too large (a units slip) without a peaks run: the rows pass the cores' ports, the upper
# limit no cache passes (never a bound, it would read 2%): bound there and flagged sol>100, not "no l2
# ceiling that binds ... far above it" (14,484 GB/s on a 2-core CPU was ok, unflagged).
mkdir -p "$T/big"
cp templates/vecsum.spec templates/vecsum.cl.m4 templates/vecsum.ref.c "$T/big/"
sed -i 's/^bytes = "12 \* N";/bytes = "1200000 * N";/' "$T/big/vecsum.spec"
check sol_past_limit_made grep -q '^bytes = "1200000 \* N";' "$T/big/vecsum.spec"
CLX_PEAK_CACHE_BYTES=67108864 run_clx "$T/bigrun" run "$T/big/vecsum.spec" --quick --set variant=naive --build ''
r=$rundir/results.tsv
check sol_past_limit_rows test "$(tsv_count "$r" status ok)" -ge 1
check sol_past_limit_flagged test "$(awk -F'\t' -v s="$(col "$r" status)" -v f="$(col "$r" flag)" -v b="$(col "$r" bound)" \
    'NR > 1 && $s == "ok" && !($f ~ /sol>100/ && $b == "l2")' "$r" | wc -l)" -eq 0
check sol_past_limit_said test "$(tsv_col "$r" sol_note | grep -c "^faster than its l2 (the CPU's last-level cache) bound: the spec's bytes or the l2 ceiling (upper limit: ")" \
    -eq "$(tsv_count "$r" status ok)"
finish
