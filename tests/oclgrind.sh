#!/bin/sh
# oclgrind.sh — `make check-oclgrind`: every shipped experiment's quick run under Oclgrind's checks.
# Each experiment (clx list) runs `clx run NAME --quick` on Oclgrind's simulated device, with one
# trial, no warm-up and the smallest sizes that still take every path (the table below), under
# memcheck (out-of-bounds and invalid accesses: always on), --data-races and --uninitialized.
# A PASS needs clx to exit 0 (its outputs verified, so the kernels compute the right thing on a
# second device) and Oclgrind to report nothing in either pass (below); a FAIL shows the start
# of Oclgrind's report. First, tests/oclgrind/faults.spec shows that each check reports what it
# should. Ends with "N passed, N failed" and exits 1 when one failed. What Oclgrind reported and
# why the table is what it is: docs/checking.md. OCLGRIND_TESTS=pattern runs only the matching
# experiments.
cd "$(dirname "$0")/.." || exit 2
CLX=${CLX:-./clx}
T=tests/tmp/oclgrind
rm -rf "$T"; mkdir -p "$T"
# Programs built for the simulator are cached here, never in the user's cache.
XDG_CACHE_HOME=$PWD/$T/cache; export XDG_CACHE_HOME
# No guard zones: Oclgrind checks every access itself, a zone would take a write past a buffer out
# of its sight (the faults fixture's one element past c), and Oclgrind 21.10 counts a buffer whose
# zones the host filled as uninitialised for good (every input read reported).
CLX_GUARD_ZONES=0; export CLX_GUARD_ZONES

if ! command -v oclgrind > /dev/null 2>&1; then
    echo "FAIL oclgrind (not installed: tools/install-deps.sh oclgrind installs it)"
    echo "0 passed, 1 failed"
    exit 1
fi

# args NAME: clx options on top of --quick. The simulator runs each work-item's instructions one by
# one, a few million a second, so sizes shrink to a few thousand elements and the long-running
# kernels to one work-group per compute unit (Oclgrind has one); the quick run's work-group sizes,
# variants and builds stay, and odd sizes keep the tails of vector and grid-stride loops. To add
# an experiment, add a row if its quick run takes more than a few seconds per configuration.
args() {
    case $1 in
    vecsum)            echo "--size 4099" ;;                       # not a multiple of 4 or 64
    histogram)         echo "--size 5003 --set EPT=64" ;;          # several chunks per work-group
    taylor)            echo "--size 4099 --set NGROUPS=4" ;;
    expint)            echo "--set ORDERS=16 --set SAMPLES=300" ;; # 300: no multiple of local
    memcopy_ilp)       echo "--size 4099" ;;
    shortcutting)      echo "--size 1027" ;;
    peaks)             echo "--size 4099 --set GPC=1 --set WGPC=4" ;; # streams: MILP and vector tails
    inline|optflags)   echo "--set GPC=1" ;;                        # 4096 and more steps each
    volkov_fma)        echo "--set GPC=1 --local 32" ;;             # 128K fmas per work-item
    # Oclgrind 21.10 does not wrap the 11-bit add that LLVM makes of (lid + off) % 2048 in the
    # optimised build: a false out-of-bounds write and wrong results at local 64. The unoptimised
    # build runs the same source, the window across the end of the array included.
    occupancy_static)  echo "--build -cl-opt-disable" ;;
    *)                 echo "" ;;                                  # the quick run is small enough
    esac
}

# Two passes per experiment. 1 ("races"): memcheck and --data-races, outputs verified on the
# device, so clx's own check kernel runs too. 2 ("uninit"): --uninitialized with --no-verify,
# because Oclgrind 21.10 loses track of a buffer that the host wrote only in part, and
# clEnqueueFillBuffer writes one pattern at a time: every output clx poisons that way reads as
# uninitialised ever after, even where a kernel overwrote it (docs/checking.md has the probe).
# Without verification no kernel reads an output back, except histogram's atomics on its
# zero-filled histogram: histogram skips pass 2 (its local histogram, the one place where an
# uninitialised read could hide, is zeroed by the kernel itself before any atomic).
uninit_pass() { [ "$1" != histogram ]; }

# grind LABEL PASS OCLGRIND_OPTIONS... -- CLX_RUN_ARGUMENTS...: one run of clx under Oclgrind;
# 0 when clx exited 0 and Oclgrind reported nothing, else 1 with what went wrong on stdout. Logs:
# $T/LABEL.PASS.log (clx's output), $T/LABEL.PASS.oclgrind.log (all Oclgrind said) and
# $T/LABEL.PASS.reported (the reports that count). Oclgrind's compiler turns a vector built from
# scalars, yv[i] = (float4)(a, b, c, d), into a store of the whole vector as undef followed by a
# store of each lane: --uninitialized reports the first, though nothing undefined is left in
# memory. Such reports (a literal "store <N x T> undef") do not count; a vector really left
# uninitialised would be caught by pass 1's verification instead. Every report is kept
# (--max-errors), so that none of them hides behind Oclgrind's limit of 1000.
grind() {
    g_label=$1 g_pass=$2; shift 2
    g_og=""; while [ "$1" != -- ]; do g_og="$g_og $1"; shift; done; shift
    g_log=$T/$g_label.$g_pass
    # shellcheck disable=SC2086 # the options are words on purpose
    oclgrind $g_og --max-errors 1000000 --log "$g_log.oclgrind.log" "$CLX" run "$@" --trials 1 --warmups 0 \
        --no-cache --out "$g_log" --quiet > "$g_log.log" 2>&1
    g_rc=$?
    # Oclgrind's log: one report per paragraph.
    awk -v RS= -v ORS='\n\n' '!/^Uninitialized value written/ || !/\t *store <[0-9]+ x [a-z0-9]+> undef,/' \
        "$g_log.oclgrind.log" > "$g_log.reported" 2>/dev/null
    [ "$g_rc" -eq 0 ] && [ ! -s "$g_log.reported" ] && return 0
    echo "  $g_label, pass $g_pass: clx exit $g_rc; logs $g_log.log, $g_log.reported"
    head -n 12 "$g_log.reported" 2>/dev/null | sed 's/^/  /'
    [ "$g_rc" -ne 0 ] && tail -n 5 "$g_log.log" | sed 's/^/  clx: /'
    return 1
}

passed=0; failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# The checks themselves: a clean variant passes both passes, and each fault is reported by its
# pass with its own words (a plugin that stopped working would pass every experiment).
F=tests/oclgrind/faults.spec
if grind faults_good races --data-races -- "$F" --set variant=good > /dev/null &&
   grind faults_good uninit --uninitialized -- "$F" --set variant=good --no-verify > /dev/null
then pass oclgrind_fixture_clean; else fail oclgrind_fixture_clean; fi
for f in "oob races --data-races Invalid write" "race races --data-races data race" \
         "uninit uninit --uninitialized uninitialized value"; do
    set -- $f
    v=$1 p=$2 opt=$3; shift 3
    nv=""; [ "$p" = uninit ] && nv=--no-verify
    grind "faults_$v" "$p" "$opt" -- "$F" --set "variant=$v" $nv > /dev/null
    if grep -q "$*" "$T/faults_$v.$p.reported"; then pass "oclgrind_sees_$v"; else fail "oclgrind_sees_$v"; fi
done

# clx's own kernels (src/FOLDER/kernels/NAME.cl) built by Oclgrind's compiler, beside those of make
# check-implementations (tests/unit/test_kernels.c); the ones a sweep or peaks' probes launch meet
# the checks below with the experiments.
K=${KERNELS_TEST:-build/tests/test_kernels}
if oclgrind "$K" > "$T/kernels.log" 2>&1 && ! grep -q '^FAIL ' "$T/kernels.log"; then pass oclgrind_builds_clx_kernels
else fail oclgrind_builds_clx_kernels; grep -v '^PASS ' "$T/kernels.log" | head -n 20 | sed 's/^/  /'; fi

# A simulator is no device's performance: its times are an interpreter's. A quick vecsum (one
# variant) on it has no peaks, no percentage of one and no speed of light, every row's sol_note says
# why, the console says so once; and every command it suggests runs when pasted, under oclgrind (old:
# `./clx run vecsum --device oclgrind`, "no such device" without it), with no size whose buffers pass
# the device's 128 MiB allocation (old: --size 4099,200M, the 200M skipped and "nothing ran").
S=$T/simulator
oclgrind "$CLX" run vecsum --device oclgrind --quick --size 4099 --set variant=naive --trials 1 --warmups 0 \
    --out "$S" > "$S.log" 2>&1
s_rc=$?
s_dir=$(ls -d "$S"/vecsum-* 2>/dev/null | head -n 1)
"$CLX" report "$s_dir" > "$S.report.log" 2>&1
col() { awk -F'\t' -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$s_dir/results.tsv" | sort -u; }
if [ "$s_rc" -eq 0 ] && [ -n "$s_dir" ] &&
   grep -q "^clx: Oclgrind is a simulator: .*its times are not performance" "$S.log" &&
   grep -qF "clx: theoretical peaks: FP32 none (a simulator (Oclgrind): its times are not the device's)" "$S.log" &&
   [ "$(col sol_note)" = "a simulator (Oclgrind): its times are not the device's" ] &&
   [ -z "$(col pct_fp32_peak)$(col sol_pct)$(col bound)" ] &&
   grep -q "^\*\*Oclgrind is a simulator: " "$s_dir/report.md"
then pass oclgrind_simulator_no_performance; else fail oclgrind_simulator_no_performance; tail -n 5 "$S.log" | sed 's/^/  /'; fi
# Each command the report says names clx under oclgrind, the console's as it was run.
if grep -q "^clx: report: .*: oclgrind $CLX run vecsum --device oclgrind" "$S.report.log" &&
   ! grep "^clx: report: .* run vecsum" "$S.report.log" | grep -qv "oclgrind $CLX run vecsum" &&
   grep -qF "\`oclgrind clx run vecsum --device oclgrind" "$s_dir/report.md" &&
   ! grep -q "\`clx run vecsum" "$s_dir/report.md" &&
   ! grep "run vecsum" "$S.report.log" "$s_dir/report.md" | grep -q "200M"
then pass oclgrind_simulator_commands; else fail oclgrind_simulator_commands; grep "run vecsum" "$S.report.log" | sed 's/^/  /'; fi

for name in $("$CLX" list | awk '{ print $1 }'); do
    case "$name" in *"${OCLGRIND_TESTS:-}"*) ;; *) continue ;; esac
    start=$(date +%s)
    bad=0
    # shellcheck disable=SC2046 # args gives words on purpose
    grind "$name" races --data-races -- "$name" --quick $(args "$name") > "$T/$name.why" || bad=1
    if uninit_pass "$name"; then
        # shellcheck disable=SC2046
        grind "$name" uninit --uninitialized -- "$name" --quick $(args "$name") --no-verify >> "$T/$name.why" || bad=1
    fi
    secs=$(( $(date +%s) - start ))
    if [ "$bad" -eq 0 ]; then pass "$name (${secs}s)"; else fail "$name (${secs}s)"; cat "$T/$name.why"; fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
