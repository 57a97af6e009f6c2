# core_failures.sh — a variant that fails to build is recorded and the others still run; a wrong
# answer and an unwritten (poisoned) element are caught, named, and make the exit status non-zero.
. tests/e2e/lib.sh
run_clx tests/tmp/broken run tests/e2e/fixtures/broken.spec
t=$rundir/results.tsv
check broken_exit_nonzero test "$rc" -ne 0
check broken_build_failed_row test "$(tsv_count "$t" status build-failed)" -eq 1
check broken_good_rows_ok test "$(awk -F'\t' '$2=="good" && $0 ~ /\tok\t/' "$t" | wc -l)" -eq 2
check broken_wrong_fails test "$(awk -F'\t' '$2=="wrong" && $0 ~ /\tFAIL\t/' "$t" | wc -l)" -eq 2
check broken_hole_fails test "$(awk -F'\t' '$2=="hole" && $0 ~ /\tFAIL\t/' "$t" | wc -l)" -eq 2
# The hole is element n/2 = 2049: the report must name it, and it was never written (poison NaN).
check broken_hole_named grep -q 'c\[2049\]: got nan' "$t"
# ... and its largest relative error is without bound ("inf"), not empty (which reads as unchecked).
check broken_hole_err_inf test "$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $2 == "hole" { print $c["max_rel_err"] }' "$t" | sort -u)" = inf
check broken_wrong_named grep -q 'elements of c differ: c\[0\]: got' "$t"
# ... with the largest relative error beside the tolerance, and where the spec sets it.
check broken_wrong_tolerance grep -q 'largest relative error [0-9.e+-]* against the tolerance 1e-05 relative + 0 absolute: the spec.s verify { tolerance; abs_tolerance; } sets them' "$t"
check broken_planned_rows grep -qE '"planned_rows":[[:space:]]*7,' "$rundir/run.json"   # a failed build writes one row
check broken_log_saved grep -q 'undeclared_name' "$rundir/logs/broken__default.log"
# The build error points back at the template line that holds the bad code (9), inside an
# m4_ifelse branch, not the line where the m4_ifelse began (8: m4 -s alone credits a macro's
# output to the line of its call; src/spec/m4prep.c marks every quoted line).
# (PoCL's compiler says "broken.cl.m4:9:19: error"; NVIDIA's ignores #line and clx annotates its
# "<kernel>:18:5" with "[.../broken.cl.m4:9]".)
check broken_log_names_template_line grep -qE 'broken.cl.m4:9[]:]' "$rundir/logs/broken__default.log"
# The row's note says it too, in the line the console gave (the compiler's error at the template's
# line, not "clBuildProgram: CL_BUILD_PROGRAM_FAILURE" alone), one line, then the log.
broken_note=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "build-failed" { print $c["note"] }' "$t")
check broken_note_names_line sh -c "echo \"\$1\" | grep -qE 'broken.cl.m4:9[]:].*undeclared_name|undeclared_name.*broken.cl.m4:9[]:]'" - "$broken_note"
check broken_note_then_log sh -c "echo \"\$1\" | grep -qE '; log: logs/broken__default.log\$'" - "$broken_note"
check broken_stderr_shows_log grep -q 'undeclared_name' tests/tmp/broken.log
# What PoCL's clang writes on stderr inside clBuildProgram ("1 error generated.") is the build's:
# in its log under a line that says so, not on the console between clx's lines; its catch file gone.
check broken_driver_stderr_in_log grep -q 'error generated' "$rundir/logs/broken__default.log"
check broken_driver_stderr_said_so grep -q '^# the driver wrote on stderr while the build with options' "$rundir/logs/broken__default.log"
# Builds ahead on threads of their own (a GPU's default) are caught too: on the H200 the one that
# reached this variant first had left its line on the console (tests/e2e/ahead_stderr.sh).
check broken_driver_stderr_not_on_console sh -c "! grep -q 'error generated' tests/tmp/broken.log"
check broken_driver_stderr_no_file test -z "$(ls -A "$rundir/logs" | grep -v '\.log$')"
# Every row, the build-failed one included, has as many fields as the header (dev_row_avg too).
check broken_columns_consistent test "$(awk -F'\t' '/^#/ { next } { print NF }' "$t" | sort -u | wc -l)" -eq 1
# Under --quiet each distinct FAIL reason is still on the console, with the element it names.
check broken_fail_on_console grep -q 'clx: FAIL hole default local=32: 1 of 4099 elements of c differ: c\[2049\]: got nan' tests/tmp/broken.log
check broken_summary_counts grep -q '2 ok, 4 FAIL, 0 error, 0 skipped, 1 build-failed' tests/tmp/broken.log
# A FAIL row was measured, then checked: it keeps its first round's time (a rate too), and is no
# result: in no summary table, no row's average of work-group sizes (dev_row_avg) takes it.
fails_timed=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["status"] == "FAIL" && $c["median_ms"] > 0 && $c["gbs"] > 0 && $c["rounds"] == 1 && $c["dev_row_avg"] == "" { n++ }
    END { print n + 0 }' "$t")
check broken_fail_timed test "$fails_timed" -eq 4
# The summary tables are on the console without --quiet (which prints none of them).
run_clx_loud tests/tmp/broken_loud run tests/e2e/fixtures/broken.spec
# (a table's row has no unit after its time; each row's progress line has " ms ")
check broken_fail_not_in_tables test -z "$(grep -E '^  (wrong|hole) +default +local=' tests/tmp/broken_loud.log | grep -v ' ms ')"
check broken_good_in_tables test -n "$(grep -E '^  good +default +local=' tests/tmp/broken_loud.log | grep -v ' ms ')"
# Nor is a FAIL row the reference another row's rel_time divides by: with the wrong variant as the
# spec's relative one, the good rows have none.
sed 's/^warmups = 1;/warmups = 1;\nrelative = "wrong";/' tests/e2e/fixtures/broken.spec > tests/tmp/broken_rel.spec
cp tests/e2e/fixtures/broken.cl.m4 tests/tmp/
run_clx tests/tmp/broken_rel run tests/tmp/broken_rel.spec --set variant=wrong,good
rel_good=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["variant"] == "good" { print $c["rel_time"] }' "$rundir/results.tsv" | sort -u)
check broken_rel_ran test "$(tsv_count "$rundir/results.tsv" status ok)" -eq 2 -a "$(tsv_count "$rundir/results.tsv" status FAIL)" -eq 2
check broken_rel_not_from_fail test -z "$rel_good"
# Built ahead on a thread (--build-ahead 1), the broken variant's row says the same.
run_clx tests/tmp/broken_ahead run tests/e2e/fixtures/broken.spec --no-cache --build-ahead 1
check broken_ahead_build_failed_row test "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 1
check broken_ahead_error_said test "$(grep -c 'broken.cl.m4:9.*undeclared_name\|undeclared_name.*broken.cl.m4:9' "$rundir/results.tsv")" -eq 1
check broken_ahead_planned_rows grep -qE '"planned_rows":[[:space:]]*7,' "$rundir/run.json"
check broken_ahead_driver_stderr_not_on_console sh -c "! grep -q 'error generated' tests/tmp/broken_ahead.log"
# Nor is the file the builds' stderr was caught in (logs/.driver-stderr-*, shared with the main
# thread's) left, nor a build's marker.
check broken_ahead_no_catch_file test -z "$(ls -A "$rundir/logs" | grep -v '\.log$')"
# planned_rows is the rows the whole sweep writes (docs/results.md): a variant its device skips
# (requires false) writes a row per build, not one per launch point, as a failed build writes one
# (it counted 8 here, 2 builds x 2 local sizes of the skipped variant, where 2 rows come).
sed -e 's/{ name = "broken"; KIND = "broken"; }/{ name = "broken"; KIND = "broken"; requires = "0"; }/' \
    -e 's/^builds = \[ "" \];/builds = [ "", "-cl-fast-relaxed-math" ];/' tests/e2e/fixtures/broken.spec > tests/tmp/broken_skip.spec
run_clx tests/tmp/broken_skip run tests/tmp/broken_skip.spec --set variant=good,broken
check skipped_variant_rows test "$(tsv_count "$rundir/results.tsv" status skipped)" -eq 2 -a \
    "$(tsv_count "$rundir/results.tsv" status ok)" -eq 4
check skipped_variant_planned_rows grep -qE '"planned_rows":[[:space:]]*6,' "$rundir/run.json"
# Stopped after its first round and resumed: the whole sweep, every planned row there.
rm -rf tests/tmp/broken_skip_stop
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run tests/tmp/broken_skip.spec --set variant=good,broken --out tests/tmp/broken_skip_stop \
    --quiet > tests/tmp/broken_skip_stop.log 2>&1
rundir=$(ls -d tests/tmp/broken_skip_stop/*-*-* 2>/dev/null | head -n 1)
"$CLX" run --resume "$rundir" --quiet > tests/tmp/broken_skip_resume.log 2>&1; rc=$?
check skipped_variant_resumed_whole sh -c "grep -q 'run --resume' tests/tmp/broken_skip_stop.log && test $rc -eq 0 && grep -qE '\"planned_rows\":[[:space:]]*6,' '$rundir/run.json' &&
    test \$(grep -vc '^#' '$rundir/results.tsv') -eq 7 && grep -q '\"finished\"' '$rundir/run.json'"
finish
