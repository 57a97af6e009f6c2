# progress.sh — the status line of a sweep: drawn in place on a terminal (script(1) gives clx a
# pseudo-terminal; it is in util-linux, on every Debian), never when stdout is a pipe or a file,
# never with --quiet; the sweep's size and estimate in any log.
. tests/e2e/lib.sh
esc=$(printf '\033')
script -qc "$CLX run vecsum --quick --set variant=naive --out $TMP/progress_tty" /dev/null > "$TMP/progress_tty.log" 2>&1
check progress_tty_drawn grep -q "${esc}\[K" "$TMP/progress_tty.log"
check progress_tty_counts grep -q 'built 2/2, configurations 4/4' "$TMP/progress_tty.log"
check progress_tty_rows_kept grep -q 'naive .*-cl-opt-disable .*local=256' "$TMP/progress_tty.log"
# The estimate's lines erase the status line first: the first was printed on the end of it
# ("... naive -cl-opt-disableclx: estimate: about 0.35 s ...").
sed "s/${esc}\[K//g" "$TMP/progress_tty.log" > "$TMP/progress_tty.text"
check progress_tty_estimate_said grep -q 'clx: estimate: about' "$TMP/progress_tty.text"
check progress_tty_estimate_own_line sh -c "! grep -q '[[:alnum:]]clx: estimate' '$TMP/progress_tty.text'"
script -qc "$CLX run vecsum --quick --set variant=naive --out $TMP/progress_quiet --quiet" /dev/null > "$TMP/progress_quiet.log" 2>&1
check progress_quiet_none test "$(grep -c "${esc}\[K" "$TMP/progress_quiet.log")" -eq 0
"$CLX" run vecsum --quick --set variant=naive --out "$TMP/progress_pipe" 2>&1 | cat > "$TMP/progress_pipe.log"
check progress_pipe_none test "$(grep -c "${esc}" "$TMP/progress_pipe.log")" -eq 0
check progress_pipe_rows grep -q 'local=256' "$TMP/progress_pipe.log"
# The sweep's size and how long it takes are said in a log too (and under --quiet): the status line
# that counts down is a terminal's alone.
check progress_pipe_size grep -q '^clx: 4 configurations to time, 5 rounds each' "$TMP/progress_pipe.log"
check progress_pipe_estimate grep -q '^clx: estimate: about .* for the sweep.s 4 configurations' "$TMP/progress_pipe.log"
check progress_quiet_estimate grep -q '^clx: estimate: about' "$TMP/progress_quiet.log"
# --quiet prints what needs reading (--help, clx.1): the sweep's size and folder, its estimate,
# warnings and the final counts; not the device, peaks and ceilings lines, the tables or the times
# (45 lines of them for vecsum's quick sweep), and no line per row.
"$CLX" run vecsum --quick --set variant=naive --out "$TMP/quiet" --quiet > "$TMP/quiet.out" 2> "$TMP/quiet.err"; rc=$?
check quiet_exit test "$rc" -eq 0
check quiet_folder_said grep -q "^clx: 1 variant x 2 builds x 2 launch points (quick mode); results in $TMP/quiet/vecsum-" "$TMP/quiet.out"
check quiet_counts_said grep -q "^clx: 4 ok, 0 FAIL, 0 error, 0 skipped, 0 build-failed; results in $TMP/quiet/vecsum-" "$TMP/quiet.out"
check quiet_no_device_tables_times sh -c "! grep -q -e ' on .* driver ' -e 'theoretical peaks' -e '^clx: speed of light: theoretical' \
    -e 'by work-group size' -e '^Best work-group' -e '^Slowdown of' -e '^Speed of light' -e '^Repeatability' -e '^clx: time: ' '$TMP/quiet.out'"
check quiet_only_said_lines test -z "$(grep -v -e '^clx: ' -e '^WARNING: ' -e '^$' "$TMP/quiet.out")"
# A full sweep that takes hours on a CPU device suggests --quick before long (memcopy_ilp: 6144
# configurations of seconds each on PoCL; stopped once it has said so, or after 3 minutes). One
# round each: the estimate comes after 5 s, not after a later round, which on a machine loaded by
# 16 tests at once came after minutes).
"$CLX" run memcopy_ilp --rounds 1 --out "$TMP/progress_long" > "$TMP/progress_long.log" 2>&1 &
pid=$!
for _ in $(seq 1 1800); do grep -q '^clx: estimate:' "$TMP/progress_long.log" 2>/dev/null && break; sleep 0.1; done
kill -INT $pid; wait $pid
check progress_long_estimate grep -qE '^clx: estimate: about [0-9.]+ (min|h) for the sweep.s 6144 configurations' "$TMP/progress_long.log"
check progress_long_quick_hint grep -q 'run memcopy_ilp --quick` times the spec.s small configuration instead' "$TMP/progress_long.log"
finish
