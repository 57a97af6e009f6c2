# report_work.sh — rows of different work side by side (a no-opt build given 64x fewer loop trips,
# as volkov_fma's spec gives it): the summary says the builds do different work under the best
# table, an optnoopt plot of times puts its ratio per unit of work and says why, a finding's compare
# of times is judged per unit of work; and a --quick run's findings on a column only NVIDIA's PTX
# gives (a where of ptx_instr>0 on PoCL) say they cannot be checked on this device, not that the
# full sweep decides them. A model run (fixtures/report/work.spec), no device: every value is fixed.
. tests/e2e/lib.sh
T=$TMP/report_work
rm -rf "$T" && mkdir -p "$T"
spec=tests/e2e/fixtures/report/work.spec
R=$T/run
mkdir -p "$R"
# The model: a launch does 2 * ILP * ITERS * global flops (ITERS 1024, 16 without optimisation;
# global 4 * local), at ILP GFLOP/s optimised and 100 times less without: per unit of work the no-opt
# build is 100x slower, in time 1.5625x. Five rounds 0.1% apart, so that every verdict is decided.
awk 'BEGIN {
    OFS = "\t"
    print "experiment", "variant", "ILP", "build", "ITERS", "global", "local", "status", "trials", "rounds", "median_ms",
          "mean_ms", "stddev_ms", "cv", "gflops", "gbs", "flag", "bin_bytes", "ptx_instr", "note", "round_ms"
    for (ilp = 1; ilp <= 4; ilp *= 4) for (b = 1; b <= 2; b++) for (l = 32; l <= 128; l *= 4) {
        iters = b == 1 ? 1024 : 16; g = 4 * l; flops = 2 * ilp * iters * g
        rate = b == 1 ? ilp : ilp / 100; t = flops / (rate * 1e9) * 1e3
        print "work", "ILP=" ilp, ilp, b == 1 ? "default" : "-cl-opt-disable", iters, g, l, "ok", 10, 5, t, t, t * 0.001,
              0.001, flops / (t * 1e-3) * 1e-9, 4 * g / (t * 1e-3) * 1e-9, "", b == 1 ? 4000 : 9000, "", "",
              t * 0.998 ";" t * 0.999 ";" t ";" t * 1.001 ";" t * 1.002
    } }' > "$R/results.tsv"
cat > "$R/run.json" <<JSON
{ "clx_version": "test", "experiment": "work", "command_line": "clx run work --quick (made by tests/e2e/report_work.sh)",
  "quick": true, "started": "2026-11-23T10:00:00+0000", "finished": "2026-11-23T10:01:00+0000", "host": "test",
  "device": { "name": "Test Device", "vendor": "Test", "platform": "Test Platform", "driver_version": "1.0",
              "compute_units": 4, "max_clock_mhz": 1000, "platform_version": "OpenCL 3.0 test" },
  "peak": { "fp32_gflops": 100, "fp32_source": "model", "mem_gbs": 50, "mem_source": "model" },
  "spec_file": "$spec",
  "as_run": { "builds": [ "", "-cl-opt-disable" ], "launch": { "local": [ "32", "128" ] }, "derived": [ "ITERS" ] },
  "counts": { "ok": 8, "fail": 0, "error": 0, "skipped": 0, "build_failed": 0 } }
JSON
"$CLX" report "$R" --spec "$spec" > "$T/report.log" 2>&1
check work_report_exit_0 test $? -eq 0
md=$R/report.md
# The best table's median times side by side (1.05 ms optimised, 1.64 without) are no comparison:
# said under it, from the rows' work, with what compares them; the slowdown per unit of work is 100x.
# (The console's summary says the same: tests/unit/test_rowwork.c.)
note="the builds do different work: -cl-opt-disable's rows did 64x less work a launch than default's at the same variant, launch point and work-group size (GFLOP: the spec's flops at each build's values). Their median times are no comparison of the builds; their GFLOP/s are, and so is the slowdown per unit of work."
check work_best_note_md grep -qF "**Note:** $note" "$md"
check work_slowdown_per_unit grep -qE '^\| ILP=4 \| 100\.00x SLOWER \|$' "$md"
# A run whose builds did the same work says nothing of it.
S=$T/same
cp -r "$R" "$S"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { if ($c["build"] != "default") { $c["gflops"] *= 64; $c["ITERS"] = 1024 } print }' "$R/results.tsv" > "$S/results.tsv"
"$CLX" report "$S" --spec "$spec" > "$T/same.log" 2>&1
check work_same_no_note test -z "$(grep 'do different work' "$S/report.md" "$T/same.log")"
# optnoopt of a time: the ratio over the no-opt bar per unit of work (100x SLOWER, not 1.6x), and why,
# on the picture and in report.md; of a rate, as it was.
check work_optnoopt_ratio_per_unit sh -c "awk -F'\t' '\$5 == \"ILP=4\" && \$4 == \"100.00x SLOWER\"' '$R/plots/optnoopt_ms.tsv' | grep -q ."
check work_optnoopt_no_time_ratio test -z "$(awk -F'\t' '$4 ~ /^1\.6x/' "$R/plots/optnoopt_ms.tsv")"
check work_optnoopt_title grep -qF "did 64x less work a launch than" "$R/plots/optnoopt_ms.gp"
# The title's lines are wrapped at 120 characters (gp_title_wrap): read it as one text.
check work_optnoopt_title_per_unit sh -c "sed 's/\\\\n/ /g' '$R/plots/optnoopt_ms.gp' | grep -qF 'each bar is the time of its own work, the ratio over it per unit of work'"
check_drawn work_optnoopt_note_md grep -qF "the ratio over it per unit of work" "$md"
check work_optnoopt_rate_same sh -c "awk -F'\t' '\$5 == \"ILP=4\" && \$4 == \"100.00x SLOWER\"' '$R/plots/optnoopt_gflops.tsv' | grep -q ."
check work_optnoopt_rate_no_line test -z "$(grep 'did 64x less work' "$R/plots/optnoopt_gflops.gp")"
# optnoopt of a size (bin_bytes: 9000 bytes without optimisation, 4000 with): the bars' own ratio,
# "2.25x larger", and no verdict, whether a bar is one row or a mean; never the times' verdicts
# ("100.00x SLOWER" over a binary read as the binary's).
for f in optnoopt_bytes optnoopt_bytes_one; do
    check "work_${f}_own_ratio" sh -c "awk -F'\t' '\$5 == \"ILP=4\" && \$4 == \"2.25x larger\" && \$6 == \"-\"' '$R/plots/$f.tsv' | grep -q ."
    check "work_${f}_no_verdict" test -z "$(grep -E 'SLOWER|slower|faster|SAME|UNSURE' "$R/plots/$f.tsv")"
done
# The finding's compare of times: per unit of work, so it holds (ratio 100, claimed > 10); by time
# it was 1.5625, and did not hold. The rate's compare is the same ratio, said as it was.
check work_finding_per_unit sh -c "grep '^| 1 |' '$md' | grep -q 'median_ms\[build=-cl-opt-disable\] = 1.638 against median_ms\[build=default\] = 1.049, per unit of work: the two did different work (6.554e-05 against 0.004194 GFLOP a launch, the spec.s flops): ratio 100, 100x higher'"
check work_finding_holds sh -c "grep '^| 1 |' '$md' | grep -q '\*\*holds\*\*'"
check work_rate_finding_holds sh -c "grep '^| 2 |' '$md' | grep -q '\*\*holds\*\*'"
check work_rate_finding_plain test -z "$(grep '^| 2 |' "$md" | grep 'per unit of work')"
# A check's and a size's times of different work: taken as written, and said to be of different work.
apart="median_ms\[build=-cl-opt-disable\] and median_ms\[build=default\] are times of different work (6.554e-05 against 0.004194 GFLOP a launch, the spec.s flops): not a ratio per unit of work"
check work_check_apart_said sh -c "grep '^| 3 |' '$md' | grep -q '$apart'"
check work_size_apart_said sh -c "grep '^| 4 |' '$md' | grep -q '$apart'"
check work_rate_not_apart test -z "$(grep '^| 2 |' "$md" | grep 'different work')"
# A where of ptx_instr>0, and a check of ptx_instr, on a device that gives no PTX: cannot be checked
# on this device, and the quick run's note does not leave them to the full sweep.
check work_ptx_where_said grep -qF "bin_bytes[build=-cl-opt-disable] and bin_bytes[build=default]: cannot be checked on this device: ptx_instr>0 reads ptx_instr, and no measured row of this run has a value of ptx_instr (it needs NVIDIA's PTX)" "$md"
check work_ptx_metric_said grep -qF "ptx_instr[]: cannot be checked on this device: no measured row of this run has a value of ptx_instr (it needs NVIDIA's PTX)" "$md"
check work_ptx_no_full_sweep test -z "$(grep 'full sweep) decides' "$md" "$T/report.log")"
finish
