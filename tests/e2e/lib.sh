# lib.sh — helpers for end-to-end tests (sourced, not run): run clx, read results.tsv by column
# name, print one "PASS name" / "FAIL name" line per case and exit non-zero when a case failed.
CLX=${CLX:-./clx}
TMP=${TMP:-tests/tmp}
failures=0

# pass NAME / fail NAME [why]
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; shift; [ $# -gt 0 ] && echo "  $*" >&2; failures=$((failures + 1)); }
# check NAME COMMAND...: PASS when the command succeeds.
check() { n=$1; shift; if "$@" >/dev/null 2>&1; then pass "$n"; else fail "$n" "failed: $*"; fi; }
# skip NAME WHY: a case this machine cannot run (a tool it lacks), counted apart by tests/run.sh.
skip() { echo "SKIP $1 ($2)"; }
# have_gnuplot: whether clx can draw pictures here; NO_PICTURES is the reason when it cannot.
have_gnuplot() { command -v gnuplot > /dev/null 2>&1; }
NO_PICTURES="no gnuplot: no pictures"
# FEW: a sweep's options for a test that reads its builds, rows and words, not its timing: every
# configuration still run and verified, timed in one round of 2 trials (whole quick sweeps' rounds
# were most of such tests' time).
FEW="--rounds 1 --trials 2 --warmups 1"
# fullwrite_or_skip NAME: $T/fullwrite.so built from fixtures/fullwrite.c (a disk that refuses
# writes, by LD_PRELOAD: its FULLWRITE_* variables say which), else the test NAME skipped (no cc) and
# ended; then pre CMD... runs CMD with it preloaded ($T relative to the checkout; ASan told that the
# preload comes before it).
fullwrite_or_skip() {
    if ! command -v cc > /dev/null 2>&1 || ! cc -shared -fPIC -o "$T/fullwrite.so" tests/e2e/fixtures/fullwrite.c -ldl 2> /dev/null; then
        skip "$1" "no cc to build the LD_PRELOAD"
        finish
    fi
    pre() { LD_PRELOAD=$PWD/$T/fullwrite.so ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@"; }
}
# rewrite_at_plot DIR...: $T/gp/gnuplot, a gnuplot (the real one, $real, underneath) whose first call
# moves each DIR/results.tsv's modification time: a run rewritten while a command reads it, at that
# command's first plot, with no timing (compare_reread.sh, history_reread.sh; $T/gp goes first on PATH).
rewrite_at_plot() {
    rm -f "$T/gp/touched"
    _touches=
    for _d in "$@"; do _touches="$_touches touch -d '2001-01-01 00:00:00' '$_d/results.tsv';"; done
    cat > "$T/gp/gnuplot" <<SH
#!/bin/sh
[ -e "$T/gp/touched" ] || { : > "$T/gp/touched"; $_touches }
exec "$real" "\$@"
SH
    chmod +x "$T/gp/gnuplot"
}
# pocl_major RUN_DIR: the PoCL release the run was on (3 for "PoCL 3.1+debian"), empty for another
# implementation.
pocl_major() { sed -n 's/.*"platform_version":.*PoCL \([0-9][0-9]*\)\..*/\1/p' "$1/run.json" | head -n 1; }
# check_known_compiler RUN_DIR NAME COMMAND...: a case about what a compiler does with the seed's
# kernels, checked where it was written for (PoCL 3, Debian 12's and CI's; NVIDIA's, on an H100);
# skipped, saying so, on another PoCL release (PoCL 5 keeps less apart under -cl-opt-disable).
check_known_compiler() {
    _pm=$(pocl_major "$1"); shift
    if [ -z "$_pm" ] || [ "$_pm" = 3 ]; then check "$@"; else skip "$1" "written for PoCL 3's compiler; this is PoCL $_pm"; fi
}
# title_has FILE.gp PATTERN: a gnuplot script's text, its titles unwrapped (gp_title_wrap breaks them
# at 120 characters, and where depends on this host's device name), holds PATTERN (grep's).
title_has() { sed 's/\\n/ /g' "$1" | grep -q -- "$2"; }
# check_drawn NAME COMMAND...: check, where gnuplot draws; skipped without it.
check_drawn() { if have_gnuplot; then check "$@"; else skip "$1" "$NO_PICTURES"; fi; }
# ours_running PATTERN: the pids of processes whose command line matches PATTERN and that run in this
# checkout (their working folder is ours): a relative path such as tests/tmp/hang also names the
# same test in another checkout running at the same time.
ours_running() {
    for _p in $(pgrep -f "$1" 2>/dev/null); do
        [ "$(readlink "/proc/$_p/cwd" 2>/dev/null)" = "$(pwd -P)" ] && echo "$_p"
    done
}
finish() { [ "$failures" -eq 0 ]; exit $?; }

# run_clx OUTDIR ARGS...: runs clx with results under OUTDIR; stdout+stderr in OUTDIR.log, the
# exit status in $rc, the run's folder in $rundir.
run_clx() {
    out=$1; shift
    rm -rf "$out"; mkdir -p "$out"
    "$CLX" "$@" --out "$out" --quiet > "$out.log" 2>&1
    rc=$?
    rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
}
# run_clx_loud OUTDIR ARGS...: run_clx without --quiet, for what the console says that --quiet leaves
# out (the device and peaks lines, the summary's tables, the times); a line per row comes too.
run_clx_loud() {
    out=$1; shift
    rm -rf "$out"; mkdir -p "$out"
    "$CLX" "$@" --out "$out" > "$out.log" 2>&1
    rc=$?
    rundir=$(ls -d "$out"/*-*-* 2>/dev/null | head -n 1)
}

# runjson_undocumented RUN_JSON: the keys of a run.json that docs/results.md's table of run.json
# lacks: a top-level key without a row; a key of a top-level object (two tabs deep, as cJSON writes
# it) without a row of its own ("energy.why") and not named (`why`) in its object's row; "point"'s
# keys are the spec's launch axes. (tests/unit/test_runjson.c checks every key the store writes.)
runjson_undocumented() {
    awk -v doc=docs/results.md 'BEGIN {
            while ((getline l < doc) > 0) {
                if (l ~ /^## /) on = (l == "## run.json")
                if (!on || l !~ /^\| `/) continue
                split(l, f, "|"); n = split(f[2], names, ",")
                for (i = 1; i <= n; i++) { x = names[i]; gsub(/[ `]/, "", x); row[x] = l }
            } }
        /^\t"[^"]*":/ { match($0, /"[^"]*"/); top = substr($0, RSTART + 1, RLENGTH - 2); obj = ($0 ~ /:\t\{$/)
                        if (!(top in row)) print top; next }
        /^\t\t"[^"]*":/ && obj && top != "point" {
            match($0, /"[^"]*"/); k = substr($0, RSTART + 1, RLENGTH - 2)
            if (!((top "." k) in row) && index(row[top], "`" k "`") == 0) print top "." k }' "$1"
}
# runjson_documented DIR: whether DIR/run.json's keys are all in docs/results.md (runjson_undocumented).
runjson_documented() { test -s "$1/run.json" -a -z "$(runjson_undocumented "$1/run.json")"; }
# check_runjson_documented NAME DIR: the same as a case, the keys missing said.
check_runjson_documented() {
    _u=$(runjson_undocumented "$2/run.json" 2>/dev/null | sort -u | tr '\n' ' ')
    check "$1" test -s "$2/run.json" -a -z "$_u"
    [ -z "$_u" ] || echo "  run.json keys not in docs/results.md: $_u" >&2
}

# tsv_col FILE COLUMN: the values of a column (by header name), one per line, comments skipped.
tsv_col() {
    awk -F'\t' -v col="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) if ($i == col) c = i; h = 1; next }
                            c { print $c }' "$1"
}
# tsv_rows FILE: the number of data rows.
tsv_rows() { awk '/^#/ { next } { n++ } END { print n - 1 }' "$1"; }
# tsv_count FILE COLUMN VALUE: rows whose COLUMN equals VALUE.
tsv_count() { tsv_col "$1" "$2" | awk -v v="$3" '$0 == v { n++ } END { print n + 0 }'; }

# tsv_cell FILE VARIANT BUILD COLUMN: COLUMN of the row with that variant and build ("default" is the build "").
tsv_cell() {
    awk -F'\t' -v v="$2" -v b="$3" -v col="$4" '/^#/ { next }
        !h { for (i = 1; i <= NF; i++) { if ($i == col) c = i; if ($i == "variant") cv = i; if ($i == "build") cb = i }
             h = 1; next }
        c && $cv == v && $cb == b { print $c; exit }' "$1"
}

# jnum DIR KEY...: a value in DIR/run.json (KEY: its path, a list's items by number; a list: its
# length), or "none".
jnum() { python3 -c 'import json, sys
d = json.load(open(sys.argv[1] + "/run.json"))
for k in sys.argv[2:]: d = d[int(k)] if isinstance(d, list) else d.get(k) if isinstance(d, dict) else None
print("none" if d is None else d if not isinstance(d, list) else len(d))' "$@" 2>/dev/null; }

# closed NAME CMD...: CMD with a stdout whose reader has gone before CMD starts (the reader closes
# its end, then says so in a file the writer waits for): whatever the machine's speed, every write
# CMD makes to stdout finds the pipe closed. $rc; stderr in $T/NAME.err (T: the test's folder).
closed() {
    _n=$1; shift
    rm -f "$T/$_n.gone" "$T/$_n.rc"
    { while [ ! -e "$T/$_n.gone" ]; do sleep 0.05; done
      "$@" 2> "$T/$_n.err"; echo $? > "$T/$_n.rc"; } | { exec 0<&-; : > "$T/$_n.gone"; }
    rc=$(cat "$T/$_n.rc")
}

# row_cols FILE: variant, N, status and rounds of each row of a results.tsv, in the file's order, a
# line a row; row_cols_line FILE: the same on one line, each row followed by a space.
row_cols() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "variant") v = i; if ($i == "N") n = i
                                                                if ($i == "status") s = i; if ($i == "rounds") r = i }; next }
                          { print $v, $n, $s, $r }' "$1"; }
row_cols_line() { row_cols "$1" | tr '\n' ' '; }

# The sweep the resume tests stop and take up again (resume.sh, resume_killed.sh, resume_flush.sh):
# SPEC's variants good and V2 at the sizes N=SIZES, 1 round a visit (--round-gap 0, --max-rounds 5),
# stopped after its 5th round. Whatever the machine's speed (resume.sh says why), it leaves
# good/4099 cut short (3 rounds), V2/4099 FAIL (finished at its first round) and good/4100 cut short
# (1 round): `cut_rows V2`, as row_cols_line says them.
# cut_sweep_args SPEC V2 SIZES: that sweep's arguments to clx run, for a test that runs it otherwise.
cut_sweep_args() { echo "$1 --set variant=good,$2 --set N=$3 --local 32 --trials 5 --max-rounds 5 --round-gap 0"; }
# cut_sweep OUT SPEC V2 SIZES: that sweep run and stopped, under OUT (emptied first), its console in
# OUT.log: the exit status in $rc, the run's folder in $k.
cut_sweep() {
    _cs_out=$1; shift
    rm -rf "$_cs_out"
    CLX_STOP_AFTER_ROUNDS=5 "$CLX" run $(cut_sweep_args "$@") --out "$_cs_out" > "$_cs_out.log" 2>&1; rc=$?
    k=$(ls -d "$_cs_out/$(basename "$1" .spec)"-* 2>/dev/null | head -n 1)
}
cut_rows() { echo "good 4099 cut 3 $1 4099 FAIL 1 good 4100 cut 1 "; }

# check_report PREFIX: `clx report` on $rundir exits 0 and writes report.md, and every plot of the
# spec is either drawn (its PNG and SVG exist) or said not to be drawable on this run.
check_report() {
    "$CLX" report "$rundir" --quiet > "$rundir.report.log" 2>&1
    check "$1_report_exit" test $? -eq 0
    check "$1_report_md" test -s "$rundir/report.md"
    # Every shipped experiment has plots; each heading of the Plots section is a figure (an
    # image) or a plot not drawable on this run.
    if ! have_gnuplot; then
        skip "$1_report_plots_accounted" "$NO_PICTURES"; skip "$1_report_pngs" "$NO_PICTURES"; return
    fi
    check "$1_report_plots_accounted" test "$(awk '/^## / { on = ($0 == "## Plots") } on && /^### / { h++ }
        on && /^!\[/ { img++ } on && /Not drawn on this run/ { nd++ } END { print (h > 0 && h == img + nd) ? "ok" : h " " img " " nd }' \
        "$rundir/report.md" 2>/dev/null)" = ok
    check "$1_report_pngs" test "$(ls "$rundir"/plots/*.png 2>/dev/null | wc -l)" -eq "$(ls "$rundir"/plots/*.svg 2>/dev/null | wc -l)"
}

# check_run PREFIX ROWS OK_ROWS CL_FILES [KERNEL_ROWS]: $rc 0, rows, ok rows, no IMPOSSIBLE, run.json, kernels.tsv, cl/*.cl, logs/, the report.
check_run() {
    _cr_t=$rundir/results.tsv; _cr_k=$rundir/kernels.tsv
    _cr_ok=ok_rows; [ "$2" = "$3" ] && _cr_ok=all_ok
    check "$1_exit" test "$rc" -eq 0
    check "$1_rows" test "$(tsv_rows "$_cr_t" 2>/dev/null)" -eq "$2"
    check "$1_$_cr_ok" test "$(tsv_count "$_cr_t" status ok 2>/dev/null)" -eq "$3"
    check "$1_no_impossible" test "$(tsv_col "$_cr_t" flag 2>/dev/null | grep -c IMPOSSIBLE)" -eq 0
    check "$1_run_json" test -s "$rundir/run.json"
    if [ $# -ge 5 ]; then
        check "$1_kernels_tsv" test -s "$_cr_k" -a "$(tsv_rows "$_cr_k" 2>/dev/null)" -eq "$5"
    else
        check "$1_kernels_tsv" test -s "$_cr_k"
    fi
    check "$1_cl_files" test "$(ls "$rundir"/cl/*.cl 2>/dev/null | wc -l)" -eq "$4"
    check "$1_logs" test -d "$rundir/logs"
    check_report "$1"
}

# own_locks: TMPDIR, exported, a folder of the test's own ($T/locks, made): the device's turn that its
# clx runs take (src/device/devlock.c) is theirs alone, no other clx on the machine takes part.
own_locks() { TMPDIR=$PWD/$T/locks; export TMPDIR; mkdir -p "$TMPDIR"; }
# The device's turn, held by flock(1) for as long as a check needs it (a test that uses these calls
# own_locks first).
# hold_lock MODE FILE: a process holding FILE's lock (flock(1) on a descriptor that the process
# then keeps: killing $holder lets go of it); returns once the lock is held.
hold_lock() {
    rm -f "$TMPDIR/held"
    sh -c 'exec 9<>"$2"; flock "$1" 9; : > "$3"; exec sleep 120' _ "$1" "$2" "$TMPDIR/held" & holder=$!
    i=0; while [ ! -e "$TMPDIR/held" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}
# waiting_in LOG: returns once LOG says the run waits for its turn (60 s at most).
waiting_in() {
    i=0; while ! grep -q 'waiting for its turn' "$1" 2>/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
}

# modes_spec IN OUT LOCAL CHUNKS TRIALS NAME=VARIANT...: the spec IN with a modes block after it,
# written to OUT: the point's local size LOCAL, CHUNKS and TRIALS (an empty one is left out, the
# default then), and a mode a NAME=VARIANT, in that order, each of one part: VARIANT on device 1.
modes_spec() {
    _in=$1; _out=$2; _local=$3; _chunks=$4; _trials=$5; shift 5
    { cat "$_in"
      printf 'modes = {\n  point = { local = %s; };\n' "$_local"
      [ -n "$_chunks" ] && printf '  chunks = %s;\n' "$_chunks"
      [ -n "$_trials" ] && printf '  trials = %s;\n' "$_trials"
      printf '  run = (\n'
      _sep=,
      for _m in "$@"; do
          [ $# -eq 1 ] && _sep=
          printf '    { name = "%s"; parts = ( { variant = "%s"; device = 1; } ); }%s\n' "${_m%%=*}" "${_m#*=}" "$_sep"
          shift
      done
      printf '  );\n};\n'
    } > "$_out"
}

# The merge tests' set-up (merge_readers.sh, merge_race.sh). merge_shards: vecsum's quick sweep of
# variant naive run as two shards under $T/shards ($s1, $s2: their folders), and merged alone into
# $T/alone, its exit status in $rc; a held merge (hold_merge) is let go at the test's exit.
merge_shards() {
    for _k in 1 2; do "$CLX" run vecsum --quick --set variant=naive --shard $_k/2 --out "$T/shards" --quiet > /dev/null 2>&1; done
    s1=$(ls -d "$T"/shards/vecsum-shard1of2-* | head -n 1)
    s2=$(ls -d "$T"/shards/vecsum-shard2of2-* | head -n 1)
    "$CLX" merge "$s1" "$s2" --out "$T/alone" > "$T/alone.log" 2>&1; rc=$?
    writer=
    trap '[ -n "$writer" ] && kill "$writer" 2> /dev/null' EXIT
}
# hold_merge NAME OUT: a clx merge of $s1 and $s2 into OUT ($first its pid, its console in
# $T/NAME-merge.log) held inside its lock by CLX_PAUSE_IN_MERGE, a FIFO it reads till $writer, the
# process that holds the FIFO open, is killed (let_go); returns once the merge has opened the FIFO,
# said by $T/opened (60 s at most: the case NAME_merge_held checks it), so that no timing counts.
hold_merge() {
    rm -f "$T/$1.fifo" "$T/opened"; mkfifo "$T/$1.fifo"
    CLX_PAUSE_IN_MERGE=$T/$1.fifo "$CLX" merge "$s1" "$s2" --out "$2" > "$T/$1-merge.log" 2>&1 & first=$!
    sh -c 'exec 3> "$1"; : > "$2"; exec sleep 120' _ "$T/$1.fifo" "$T/opened" & writer=$!
    _i=0; while [ ! -e "$T/opened" ] && [ $_i -lt 600 ]; do sleep 0.1; _i=$((_i + 1)); done
    check "$1_merge_held" test -e "$T/opened"
}
# let_go: the held merge reads its FIFO's end and goes on; returns once it has ended, its exit
# status in $first_rc.
let_go() { kill "$writer"; wait "$writer" 2> /dev/null; writer=; wait "$first"; first_rc=$?; }
