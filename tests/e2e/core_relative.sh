# core_relative.sh — rel_time and speedup against the spec's relative variant, matched on build,
# launch point and the params-axis values (a regression: every row used to compare with the first);
# per unit of work where a variant and the relative one did different work a launch (a time ratio of
# different work misled), empty where their works cannot be compared, each said in the row's note, in
# a run and in clx merge's recomputation alike; and in a resumed sweep, whose rows kept from before
# the stop are computed again against relative rows measured again since (they kept the stale ratio).
. tests/e2e/lib.sh
run_clx "$TMP/relparams" run tests/e2e/fixtures/relparams.spec
t=$rundir/results.tsv
check relparams_exit test "$rc" -eq 0
check relparams_rows test "$(tsv_count "$t" status ok)" -eq 8
check relparams_naive_is_1 test "$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["variant"] ~ /^naive/ { n++; if ($c["rel_time"] != "1") bad++ } END { print n + 0, bad + 0 }' "$t")" = "4 0"
# Recompute float4's rel_time from the medians of the naive row with the same EXTRA and N.
bad=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
  { key = $(c["EXTRA"]) "/" $(c["N"]); if ($(c["variant"]) ~ /^naive/) base[key] = $(c["median_ms"]); else row[key] = $(c["median_ms"]) " " $(c["rel_time"]) }
  END { for (k in row) { split(row[k], v, " "); want = v[1] / base[k]; if ((v[2] - want) / want > 0.01 || (want - v[2]) / want > 0.01) n++ } print n + 0 }' "$t")
check relparams_matched_params test "$bad" -eq 0
check relparams_speedup test "$(tsv_col "$t" speedup | grep -c '^[0-9]')" -eq 8

# One variant-id grammar (src/spec/variantid.h): an id printed in results.tsv picks that variant back
# everywhere; a name picks the variant at every parameter value.
"$CLX" report "$rundir" --quiet > "$TMP/relparams.report.log" 2>&1
check ids_findings_hold grep -q "2 hold, 0 do not hold" "$TMP/relparams.report.log"
id=$(tsv_col "$t" variant | grep -m1 '^naive:EXTRA=2$')
check ids_printed test "$id" = naive:EXTRA=2
"$CLX" dump tests/e2e/fixtures/relparams.spec "$id" --out "$TMP/relparams_dump" > /dev/null 2> "$TMP/relparams_dump.log"
check ids_dump_takes_printed_id grep -q "variant naive:EXTRA=2, build" "$TMP/relparams_dump.log"
"$CLX" dump tests/e2e/fixtures/relparams.spec naive --out "$TMP/relparams_dump" > /dev/null 2> "$TMP/relparams_dump2.log"
check ids_dump_lists_ids grep -q "^  naive:EXTRA=1  *VEC=1 EXTRA=1" "$TMP/relparams_dump2.log"
# Its own hint must pick one variant: run the e.g. line it prints.
# (It names the spec as given: a path here, since the name alone is no shipped experiment.)
eg=$(sed -n "s|^e\\.g\\. $CLX dump tests/e2e/fixtures/relparams\\.spec ||p" "$TMP/relparams_dump2.log")
"$CLX" dump tests/e2e/fixtures/relparams.spec $eg --out "$TMP/relparams_dump" > /dev/null 2>&1
check ids_dump_hint_unambiguous test $? -eq 0 -a -n "$eg"
run_clx "$TMP/relparams_set" run tests/e2e/fixtures/relparams.spec --set variant=naive:EXTRA=2,float4
check ids_set_exit test "$rc" -eq 0
check ids_set_picks test "$(tsv_col "$rundir/results.tsv" variant | sort | uniq -c | awk '{ printf "%s%s ", $1, $2 }')" = \
    "2float4:EXTRA=1 2float4:EXTRA=2 2naive:EXTRA=2 "
run_clx "$TMP/relparams_set_bad" run tests/e2e/fixtures/relparams.spec --set variant=naive:EXTRA=3
check ids_set_none_refused test "$rc" -eq 2
check ids_set_none_said grep -q "no variant of relparams is 'naive:EXTRA=3'" "$TMP/relparams_set_bad.log"
rm -rf "$TMP/relparams_cmp"
"$CLX" compare "$(dirname "$t")" --by variant --out "$TMP/relparams_cmp" > "$TMP/relparams_cmp.log" 2>&1
check ids_compare_by_name grep -q "A: variant naive " "$TMP/relparams_cmp.log"
check ids_compare_two_sides test "$(grep -c '^  [A-Z]: variant' "$TMP/relparams_cmp.log")" -eq 2
check ids_compare_params_kept test "$(tsv_col "$TMP/relparams_cmp/compare.tsv" params | sort | uniq -c | awk '{ printf "%s%s ", $1, $2 }')" = "2EXTRA=1 2EXTRA=2 "
# Variants of different work a launch (relwork.spec: long loops 8x as often as short, and its flops
# say so): long's rel_time is per GFLOP, which is short's GFLOP/s over long's (a plain time ratio
# would be ~8); nowork, whose work is counted in nothing, has none. Compared with the row's own rates,
# not with a time: nothing here depends on load.
# per_unit_off FILE: the rows but the relative variant's whose rel_time is not short's GFLOP/s over
# theirs within 0.1% (rel_time has 4 digits), or whose speedup is not its inverse (as near).
per_unit_off() {
    awk -F'\t' 'function off(x, y) { return (x - y) / y > 1e-3 || (y - x) / y > 1e-3 }
        /^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
        { v[NR] = $c["variant"]; g[NR] = $c["gflops"]; rel[NR] = $c["rel_time"]; sp[NR] = $c["speedup"]
          if ($c["variant"] == "short") base = $c["gflops"] }
        END { for (r in v) if (v[r] == "long") { want = base / g[r]
                  if (rel[r] == "" || sp[r] == "" || off(rel[r], want) || off(sp[r], 1 / want)) n++ }
              print n + 0 }' "$1"
}
run_clx "$TMP/relwork" run tests/e2e/fixtures/relwork.spec
t=$rundir/results.tsv
check relwork_exit test "$rc" -eq 0
check relwork_ref_is_1 test "$(tsv_cell "$t" short default rel_time)" = 1
check relwork_per_unit test "$(per_unit_off "$t")" -eq 0
check relwork_per_unit_said test "$(tsv_cell "$t" long default note)" = \
    "rel_time per GFLOP: this row did 8x more work a launch than short's (the spec's flops at each one's values)"
check relwork_none test -z "$(tsv_cell "$t" nowork default rel_time)$(tsv_cell "$t" nowork default speedup)" \
    -a -n "$(tsv_cell "$t" nowork default median_ms)"
check relwork_none_said test "$(tsv_cell "$t" nowork default note)" = \
    "no rel_time: this row's work a launch is counted in nothing (the spec gives it no flops or bytes), short's in GFLOP: in no unit of both, so their times are no comparison"
# clx merge computes them anew by the same rule: the shard without short runs it for them.
rm -rf "$TMP/relwork_shards" "$TMP/relwork_merged"
for k in 1 2; do "$CLX" run tests/e2e/fixtures/relwork.spec --shard $k/2 --out "$TMP/relwork_shards" --quiet > "$TMP/relwork_shard$k.log" 2>&1; done
"$CLX" merge "$TMP"/relwork_shards/relwork-shard1of2-* "$TMP"/relwork_shards/relwork-shard2of2-* --out "$TMP/relwork_merged" > "$TMP/relwork_merge.log" 2>&1
check relwork_merge_exit test $? -eq 0
m=$TMP/relwork_merged/results.tsv
check relwork_merge_per_unit test "$(tsv_rows "$m")" -eq 3 -a "$(per_unit_off "$m")" -eq 0
check relwork_merge_none test -z "$(tsv_cell "$m" nowork default rel_time)" -a "$(tsv_cell "$m" short default rel_time)" = 1
# A resume: naive's rows cut short by the stop (so measured again), float4's kept with the ratio they
# had against naive's rows as they stood (made 5 here: a value no median gives): each is computed
# again against the rows the sweep ends with, speedup its inverse.
# A folder of its own: `make check` (PoCL) then `make check-device` (NVIDIA) in one tree left the
# first's run there, which `ls | head` took and the resume on NVIDIA refused (another device).
# relresume_setup DIR [SPEC]: a run (of relparams, or fixture SPEC) stopped after its sweep in DIR,
# its rows edited so; its folder in $rd.
relresume_setup() {
    rm -rf "$1"
    CLX_STOP_AFTER_SWEEP=1 "$CLX" run "tests/e2e/fixtures/${2:-relparams}.spec" --out "$1" > "$1.log" 2>&1
    rd=$(ls -d "$1/${2:-relparams}"-* | head -n 1)
    python3 - "$rd/results.tsv" <<'PY'
import sys
p = sys.argv[1]
lines = open(p).read().split('\n')
h = lines[0].split('\t')
c = {n: i for i, n in enumerate(h)}
out = [lines[0]]
for l in lines[1:]:
    if not l: continue
    v = l.split('\t')
    if v[c['variant']].startswith('naive'):
        v[c['status']] = 'cut'
        v[c['flag']] = ','.join(x for x in (v[c['flag']], 'rounds-cut') if x)
    else:
        v[c['rel_time']], v[c['speedup']] = '5', '0.2'
    out.append('\t'.join(v))
open(p, 'w').write('\n'.join(out) + '\n')
PY
}
# rel_off FILE [shape]: float4's rows whose rel_time is not their median over naive's at the same EXTRA
# and N (shape: N and local swept, the shape launched times VEC), or whose speedup is not its inverse.
rel_off() {
    awk -F'\t' -v shape="${2:-}" '!h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
      { key = shape ? $(c["N"]) "/" $(c["local"]) * $(c["VEC"]) : $(c["EXTRA"]) "/" $(c["N"]); if ($(c["variant"]) ~ /^naive/) base[key] = $(c["median_ms"]); else row[key] = $(c["median_ms"]) " " $(c["rel_time"]) " " $(c["speedup"]) }
      END { for (k in row) { split(row[k], v, " "); want = v[1] / base[k]; if ((v[2] - want) / want > 0.001 || (want - v[2]) / want > 0.001 || (v[3] * v[2] - 1) > 0.001 || (1 - v[3] * v[2]) > 0.001) n++ } print n + 0 }' "$1"
}
relresume_setup "$TMP/relresume"
"$CLX" run --resume "$rd" > "$TMP/relresume-r.log" 2>&1; rc=$?
check relresume_premise test "$rc" -eq 0 -a "$(tsv_count "$rd/results.tsv" status ok)" -eq 8 -a \
    -n "$(grep 'the 4 rows the stop cut short (measured again in their places)' "$TMP/relresume-r.log")"
check relresume_kept_anew test "$(rel_off "$rd/results.tsv")" -eq 0
# The same resume stopped again after its first round: the rows it never reached, and the one whose
# new row the stop cut shorter than the kept one, stay as the file has them; each rel_time is
# computed against those (the resume had kept 5 where the medians gave 4.8); so where a second stop
# kills its worker.
relresume_setup "$TMP/relresume_stop"
CLX_STOP_AFTER_ROUNDS=1 "$CLX" run --resume "$rd" > "$TMP/relresume_stop-r.log" 2>&1; rc=$?
check relresume_stop_premise test "$rc" -eq 130 -a "$(tsv_rows "$rd/results.tsv")" -eq 8
check relresume_stop_kept_anew test "$(rel_off "$rd/results.tsv")" -eq 0
# The same stopped twice at once, its worker killed (CLX_STOP_GRACE: at once, not after its rows): the
# supervisor writes the rows and makes rel_time anew from the file as it stands (it kept 5).
relresume_setup "$TMP/relresume_kill"
CLX_STOP_GRACE=0.001 CLX_STOP_TWICE=1 CLX_STOP_AFTER_ROUNDS=1 "$CLX" run --resume "$rd" > "$TMP/relresume_kill-r.log" 2>&1; rc=$?
check relresume_kill_premise test \( "$rc" -eq 130 -o "$rc" -eq 143 \) -a "$(tsv_rows "$rd/results.tsv")" -eq 8
check relresume_kill_kept_anew test "$(rel_off "$rd/results.tsv")" -eq 0
# Its closing lines count the rows cut short, from the file, as a single stop's do.
check relresume_kill_cut_said grep -q '^clx: 4 of them have only some of their rounds (flag rounds-cut)' "$TMP/relresume_kill-r.log"
# Work-group shapes local_size makes of a variant's own VEC (float4's a quarter of naive's): a row's
# rel_time is against naive's at the local swept, not at the shape launched, made anew by the resumed
# worker and by the supervisor that killed it alike (the supervisor's had matched float4's 8 with no
# naive row, leaving it empty, where the worker matched naive's 32).
relresume_setup "$TMP/relshape" relshape
"$CLX" run --resume "$rd" > "$TMP/relshape-r.log" 2>&1; rc=$?
check relshape_premise test "$rc" -eq 0 -a "$(tsv_count "$rd/results.tsv" status ok)" -eq 4
check relshape_worker_anew test "$(rel_off "$rd/results.tsv" shape)" -eq 0
relresume_setup "$TMP/relshape_kill" relshape
CLX_STOP_GRACE=0.001 CLX_STOP_TWICE=1 CLX_STOP_AFTER_ROUNDS=1 "$CLX" run --resume "$rd" > "$TMP/relshape_kill-r.log" 2>&1; rc=$?
check relshape_kill_premise test \( "$rc" -eq 130 -o "$rc" -eq 143 \) -a "$(tsv_rows "$rd/results.tsv")" -eq 4
check relshape_kill_anew test "$(rel_off "$rd/results.tsv" shape)" -eq 0
finish
