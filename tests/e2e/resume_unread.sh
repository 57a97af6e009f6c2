#!/bin/sh
# resume_unread.sh — clx run --resume of a run whose spec was edited since in what no row reads (a
# finding, a plot, grid_stride: spec/specdiff.h) goes on, keeps the rows it had, says in one line what
# differs and records the spec as it is now; a shard's resume goes on too, keeping the text its sibling
# shards recorded, and merges with them; an edit of the declared work (bytes) is refused, naming the
# setting at the spec's file and line with both texts (a setting of many lines, variants, by its line
# that differs), and beside a finding whose line comes first the refusal names the bytes, not the
# finding.
. tests/e2e/lib.sh
T=$TMP/resume_unread
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/checks.spec "$T/sweep.spec"; cp tests/e2e/fixtures/broken.cl.m4 "$T/"
cp "$T/sweep.spec" "$T/sweep.spec.orig"
# One round a configuration, stopped after the second (deterministic): 2 of the sweep's 4 rows whole.
ARGS="$T/sweep.spec --set variant=good --local 1:4:1 --rounds 1"
CLX_STOP_AFTER_ROUNDS=2 $CLX run $ARGS --out "$T/out" > "$T/stop.log" 2>&1; rc=$?
d=$(ls -d "$T"/out/sweep-*)
check unread_stopped test "$rc" -eq 130 -a "$(tsv_rows "$d/results.tsv")" -eq 2
tsv_col "$d/results.tsv" min_ms > "$T/kept.txt"

# edit_unread: a finding, a plot and grid_stride added at the spec's end, none of them read by a row.
edit_unread() {
    cat >> "$T/sweep.spec" <<'SPEC'
findings = (
  { claim = "local 2 is no slower than local 1";
    compare = "median_ms[local=2] vs median_ms[local=1]"; claimed = "<= 1.5"; }
);
plots = ( { kind = "lines"; name = "gbs_vs_local"; metric = "gbs"; x = "local"; } );
grid_stride = 0;
SPEC
}

# The spec file as run.json names it (relative to clx's home, else absolute): the refusals name it.
sf=$(sed -n 's/^[[:space:]]*"spec_file":[[:space:]]*"\([^"]*\)".*/\1/p' "$d/run.json" | head -n 1)

# The declared work edited alone: every rate of the rows kept would change; refused, naming the
# setting at its file and line with both texts, there and here, and nothing written.
sed -i 's/^bytes = "12 \* N";$/bytes = "16 * N";/' "$T/sweep.spec"
at=$(grep -n '^bytes = ' "$T/sweep.spec" | cut -d: -f1)
$CLX run --resume "$d" --quiet > "$T/bytes.log" 2>&1; rc=$?
check unread_bytes_refused test "$rc" -eq 4
check unread_bytes_said grep -qF "cannot resume $d: this run differs from the interrupted one in the spec's bytes ($sf:$at: '12 * N' there, '16 * N' here); to go on with this run, restore the spec" "$T/bytes.log"
check unread_bytes_rows_as_were test "$(tsv_rows "$d/results.tsv")" -eq 2

# Beside a finding added before the bytes line (its line the first that differs): the refusal names
# the bytes, what is refused, at its line (one further down now), and the finding as what alone a
# resume goes on past; quotes no line of the finding.
cp "$T/sweep.spec.orig" "$T/sweep.spec"
awk '/^bytes = /{print "findings = ( { claim = \"local 2 is no slower\"; compare = \"median_ms[local=2] vs median_ms[local=1]\"; claimed = \"<= 1.5\"; } );"}
     {print}' "$T/sweep.spec.orig" | sed 's/^bytes = "12 \* N";$/bytes = "16 * N";/' > "$T/sweep.spec"
at=$(grep -n '^bytes = ' "$T/sweep.spec" | cut -d: -f1)
$CLX run --resume "$d" --quiet > "$T/both.log" 2>&1; rc=$?
check unread_both_refused test "$rc" -eq 4
check unread_both_names_bytes grep -qF "cannot resume $d: this run differs from the interrupted one in the spec's bytes ($sf:$at: '12 * N' there, '16 * N' here; beside its findings, which alone a resume goes on past); to go on with this run, restore the spec as it was when the run began" "$T/both.log"
check unread_both_no_finding_quoted sh -c "! grep -q \"line [0-9]*: 'findings\" '$T/both.log'"
check unread_both_rows_as_were test "$(tsv_rows "$d/results.tsv")" -eq 2

# A setting of many lines that runs (variants, one the run does not pick edited): its line that
# differs, at its line, both texts.
sed 's/^  { name = "tiny";   KIND = "tiny"; }$/  { name = "tiny";   KIND = "wrong"; }/' "$T/sweep.spec.orig" > "$T/sweep.spec"
at=$(grep -n 'name = "tiny"' "$T/sweep.spec" | cut -d: -f1)
$CLX run --resume "$d" --quiet > "$T/variants.log" 2>&1; rc=$?
check unread_variants_refused test "$rc" -eq 4
check unread_variants_line grep -qF "cannot resume $d: this run differs from the interrupted one in the spec's variants ($sf:$at: '  { name = \"tiny\";   KIND = \"tiny\"; }' there, '  { name = \"tiny\";   KIND = \"wrong\"; }' here); to go on" "$T/variants.log"

# What no row reads alone: the resume goes on with the rows it had, says so once, naming what
# differs, and run.json records the spec as it is now (what the report is to read).
cp "$T/sweep.spec.orig" "$T/sweep.spec"
edit_unread
$CLX run --resume "$d" > "$T/resume.log" 2>&1; rc=$?
check unread_resume_exit_0 test "$rc" -eq 0
check unread_no_refusal sh -c "! grep -q 'cannot resume' '$T/resume.log'"
check unread_said_once test "$(grep -c "^clx: resuming: this run differs from the interrupted one in the spec, only its findings, plots and grid_stride (nothing it runs or measures): the run goes on, and its run.json records the spec as it is now$" "$T/resume.log")" -eq 1
check unread_rows_kept grep -q "^clx: resuming: 2 rows kept from the interrupted run" "$T/resume.log"
check unread_all_rows test "$(tsv_rows "$d/results.tsv")" -eq 4
tsv_col "$d/results.tsv" min_ms | head -n 2 > "$T/now.txt"
check unread_kept_rows_same cmp -s "$T/kept.txt" "$T/now.txt"
check unread_spec_now python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["spec"] != open(sys.argv[2]).read())' "$d/run.json" "$T/sweep.spec"

# A shard: its run.json's sweep hash is made of the spec, and clx merge joins shards of one spec
# text: its resume goes on, keeps the text its sibling recorded, and the two merge.
cp "$T/sweep.spec.orig" "$T/sweep.spec"
$CLX run $ARGS --shard 2/2 --out "$T/sh" --quiet > "$T/sh2.log" 2>&1
CLX_STOP_AFTER_ROUNDS=1 $CLX run $ARGS --shard 1/2 --out "$T/sh" > "$T/sh1stop.log" 2>&1; rc=$?
s1=$(ls -d "$T"/sh/sweep-shard1of2-*); s2=$(ls -d "$T"/sh/sweep-shard2of2-*)
check unread_shard_stopped test "$rc" -eq 130
edit_unread
$CLX run --resume "$s1" > "$T/shresume.log" 2>&1; rc=$?
check unread_shard_resume_exit_0 test "$rc" -eq 0
check unread_shard_said grep -qF "this run differs from the interrupted one in the spec, only its findings, plots and grid_stride (nothing it runs or measures): the run goes on, and its run.json keeps the spec as the run began, as its sibling shards' do (clx merge joins shards of one spec)" "$T/shresume.log"
check unread_shard_spec_kept python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["spec"] != open(sys.argv[2]).read())' "$s1/run.json" "$T/sweep.spec.orig"
$CLX merge "$s1" "$s2" --out "$T/merged" > "$T/merge.log" 2>&1; rc=$?
check unread_shard_merges test "$rc" -eq 0
check unread_shard_merged_rows test "$(tsv_rows "$T/merged/results.tsv" 2>/dev/null || echo 0)" -eq 4
finish
