#!/bin/sh
# exp_maths.sh — end-to-end run of the maths experiment (templates/maths.*) in its quick
# configuration: every chain verified, nothing above peak, and no chain folded away.
. tests/e2e/lib.sh

run_clx "$TMP/maths" run maths --quick
tsv=$rundir/results.tsv

# 8 variants x 2 builds x GPC 0, 8 x local 32, 64.
check_run maths 64 64 8

# The host reference runs the chains in the device's own types (float, wrapping uint, int): the
# integer ops and float add/sub/mul match it bit for bit; float division may be off by the 2.5 ulp
# OpenCL allows (NVIDIA's is), so it gets 1e-6. A reference in double, or one step off, shows here.
bad=$(awk -F'\t' '/^#/ { next } !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    { e = $c["max_rel_err"] + 0; lim = $c["variant"] == "float_div" ? 1e-6 : 0; if (e > lim) n++ }
    END { print n + 0 }' "$tsv" 2>/dev/null)
check "maths: exact results (float div within 2.5 ulp)" [ "$bad" = 0 ]

# The seed's int add and sub were folded by the compiler and came out 1000x faster than float
# add. At GPC=8 (1024 ops on each of 512-1024 work-items) a folded chain takes under 1/100 of
# float add's time on PoCL (measured with a foldable a = a + k chain); a real one 0.3x to 1x.
slow=$(awk -F'\t' '/^#/ { next }
    !h { for (i = 1; i <= NF; i++) c[$i] = i; h = 1; next }
    $c["build"] == "default" && $c["GPC"] == 8 { t[$c["variant"] " " $c["local"]] = $c["median_ms"] }
    END { bad = 0; n = 0
          for (k in t) { split(k, p, " ")
              if (p[1] != "int_add" && p[1] != "int_sub") continue
              n++; f = t["float_add " p[2]]
              if (f == "" || t[k] < 0.05 * f) bad++ }
          print (n == 4 && bad == 0) ? "ok" : "bad" }' "$tsv" 2>/dev/null)
check "maths: int add and sub not folded (>= 0.05x float add time)" [ "$slow" = ok ]

# A quick run has float add/sub/mul's first pair (one work-group of 32) and not its second (GPC=8,
# local=256): the finding cannot be checked, and its measured column shows the pair measured, then
# what is missing; its "on rows" names each pair's rows, as that column does (it named GPC=0,
# local=32 alone, above GPC=8, local=256's words only).
"$CLX" report "$rundir" > "$TMP/maths.report.log" 2>&1
grep '^| 1 | float add, sub and mul' "$rundir/report.md" > "$TMP/maths.row1"
check "maths: finding 1 on each pair's rows" grep -qF '*on rows:* build=default, GPC=0, local=32 (pair 1); build=default, GPC=8, local=256 (pair 2) <br>' "$TMP/maths.row1"
# The measured pair's values are shown whatever its verdict: pair 1 alone may already not hold (a
# 16-core host's PoCL put float_sub 6% above float_add), which no pair 2 can change.
check "maths: finding 1 shows the pair measured" grep -qF ' | max(median_ms[variant=float_add\|float_sub\|float_mul]) = ' "$TMP/maths.row1"
if grep -qF '| **cannot be checked** (quick run) |' "$TMP/maths.row1"; then
    check "maths: finding 1 names the pair missing" grep -qF '; cannot be checked: max(median_ms[variant=float_add\|float_sub\|float_mul, GPC=8, local=256])' "$TMP/maths.row1"
else
    skip "maths: finding 1 names the pair missing" "pair 1 decided the finding on this host"
fi
check "maths: console names each pair's rows" grep -qF 'float add, sub and mul all run at the same speed (on build=default, GPC=0, local=32 (pair 1); build=default, GPC=8, local=256 (pair 2))' "$TMP/maths.report.log"

finish
