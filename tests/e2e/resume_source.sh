#!/bin/sh
# resume_source.sh — clx run --resume of a run whose template's m4 include was edited since (its own
# file here, as m4/clx.m4 is every template's; the template itself untouched, so its hash agrees) is
# refused before anything is measured or written, naming the variant and the first line of its
# kernel that differs (and, where another clx began the run, that clx first); cl/, results.tsv and
# run.json stay as they were; with the edit undone, it goes on.
. tests/e2e/lib.sh
T=$TMP/resume_source
rm -rf "$T"; mkdir -p "$T"
printf '%s\n' "m4_define(\`SUM_OP', \`+')m4_dnl" > "$T/op.m4"
cat > "$T/sum.cl.m4" <<'TPL'
m4_include(`clx.m4')m4_dnl
m4_include(`op.m4')m4_dnl
m4_assert_in(`K', 1, 2)m4_dnl
__kernel void sum(__global const float *a, __global const float *b, __global float *c, const uint n)
{
    const size_t i = get_global_id(0);
    if (i >= n) return;
    c[i] = a[i] SUM_OP b[i] * K;
}
TPL
cat > "$T/sum.spec" <<'SPEC'
description = "test fixture: a kernel whose operator an m4 file beside its template sets";
template = "sum.cl.m4";
kernel = "sum";
params = { K = [ 1, 2 ]; };
builds = [ "" ];
launch = { N = 4099; local = [ 1, 2, 4, 8 ]; };
global = "N";
buffers = (
  { name = "a"; type = "float"; count = "N"; init = "random"; },
  { name = "b"; type = "float"; count = "N"; init = "random"; },
  { name = "c"; type = "float"; count = "N"; init = "output"; }
);
args = [ "a", "b", "c", "uint:N" ];
trials = 2;
warmups = 1;
SPEC
cp "$T/op.m4" "$T/op.m4.orig"
# sums DIR: the checksums of what the run's folder holds that a refused resume must leave alone.
sums() { (cd "$1" && cksum cl/*.cl results.tsv run.json); }

# Stopped after its first round (deterministic): 8 configurations, not all of them with a row.
CLX_STOP_AFTER_ROUNDS=1 $CLX run "$T/sum.spec" --out "$T/out" > "$T/stop.log" 2>&1; rc=$?
d=$(ls -d "$T"/out/sum-* | head -n 1)
check source_stopped sh -c "test $rc -ne 0 && grep -q '\"interrupted\"' '$d/run.json'"
check source_copies test -f "$d/cl/K_1.cl" -a -f "$d/cl/K_2.cl"
sums "$d" > "$T/before.sums"

# The include edited: every variant expands to another kernel. Refused, as an edited template is.
sed -i "s/\`+'/\`-'/" "$T/op.m4"
check source_edited sh -c "! cmp -s '$T/op.m4' '$T/op.m4.orig'"
$CLX run --resume "$d" > "$T/edited.log" 2>&1; rc=$?
check source_refused test "$rc" -eq 4
check source_refusal_says grep -qF "cannot resume $d: variant K=1 expands now to another kernel than the run's (cl/K_1.cl:9: '    c[i] = a[i] + b[i] * 1;' there, '    c[i] = a[i] - b[i] * 1;' here)" "$T/edited.log"
check source_refusal_cause grep -q "an m4 file its template [^ ]*/sum.cl.m4 includes (one in the template's folder, or m4/clx.m4) was edited since, or m4 is another version" "$T/edited.log"
check source_refusal_way grep -qF "restore what changed as it was when the run began" "$T/edited.log"
check source_refusal_new_run grep -qF "start a new run: $CLX run $T/sum.spec --out $T/out" "$T/edited.log"
check source_nothing_measured sh -c "! grep -q 'resuming' '$T/edited.log'"
sums "$d" > "$T/after.sums"
check source_folder_untouched cmp -s "$T/before.sums" "$T/after.sums"

# Begun by another clx (run.json's clx_version): its m4 preparation is said first as the likely cause.
cp "$d/run.json" "$T/run.json.orig"
sed -i 's/"clx_version":[[:space:]]*"[^"]*"/"clx_version": "0.0.1 (older)"/g' "$d/run.json"
$CLX run --resume "$d" > "$T/other_clx.log" 2>&1; rc=$?
check source_other_clx_refused test "$rc" -eq 4
check source_other_clx_first grep -qF "here): this clx ($($CLX --version | sed 's/^clx //')) is not the one that began the run (0.0.1 (older)): its m4 preparation may expand the template otherwise; or an m4 file its template" "$T/other_clx.log"
check source_same_clx_not_said sh -c "! grep -q 'is not the one that began' '$T/edited.log'"
cp "$T/run.json.orig" "$d/run.json"

# The edit undone: the resume finishes the run, every configuration with its row, cl/ as it was.
cp "$T/op.m4.orig" "$T/op.m4"
$CLX run --resume "$d" --quiet > "$T/resume.log" 2>&1; rc=$?
check source_resume_exit_0 test "$rc" -eq 0
check source_resume_no_refusal sh -c "! grep -q 'cannot resume' '$T/resume.log'"
check source_all_rows test "$(tsv_rows "$d/results.tsv")" -eq 8
grep ' cl/' "$T/before.sums" > "$T/cl.before"
(cd "$d" && cksum cl/*.cl) > "$T/cl.after"
check source_cl_same cmp -s "$T/cl.before" "$T/cl.after"

# clx merge alike: the shards of one variant's sweep (both keep its cl/sum.cl), the include edited
# between them, are refused as of another sweep, nothing written; with the same include, merged.
$CLX run "$T/sum.spec" --set K=1 --shard 1/2 --out "$T/sh" --quiet > "$T/sh1.log" 2>&1
sed -i "s/\`+'/\`-'/" "$T/op.m4"
$CLX run "$T/sum.spec" --set K=1 --shard 2/2 --out "$T/sh" --quiet > "$T/sh2.log" 2>&1
cp "$T/op.m4.orig" "$T/op.m4"
s1=$(ls -d "$T"/sh/sum-shard1of2-*); s2=$(ls -d "$T"/sh/sum-shard2of2-*)
$CLX merge "$s1" "$s2" --out "$T/merged" > "$T/merge.log" 2>&1; rc=$?
check source_merge_refused test "$rc" -eq 4 -a ! -e "$T/merged"
check source_merge_says grep -qF "$s2 is not a shard of the same sweep as $s1: it differs in the kernel of cl/sum.cl (line 9: '    c[i] = a[i] - b[i] * 1;' there, '    c[i] = a[i] + b[i] * 1;' here in $s1)" "$T/merge.log"
$CLX run "$T/sum.spec" --set K=1 --shard 2/2 --out "$T/sh2" --quiet > "$T/sh2b.log" 2>&1
$CLX merge "$s1" "$(ls -d "$T"/sh2/sum-shard2of2-*)" --out "$T/merged" > "$T/merge2.log" 2>&1; rc=$?
check source_merge_same_kernels test "$rc" -eq 0 -a "$(tsv_rows "$T/merged/results.tsv")" -eq 4
finish
