# progress.sh — the status line of a sweep: drawn in place on a terminal (script(1) gives clx a
# pseudo-terminal; it is in util-linux, on every Debian), never when stdout is a pipe or a file,
# never with --quiet.
. tests/e2e/lib.sh
esc=$(printf '\033')
script -qc "$CLX run vecsum --quick --set variant=naive --out $TMP/progress_tty" /dev/null > "$TMP/progress_tty.log" 2>&1
check progress_tty_drawn grep -q "${esc}\[K" "$TMP/progress_tty.log"
check progress_tty_counts grep -q 'built 2/2, configurations 4/4' "$TMP/progress_tty.log"
check progress_tty_rows_kept grep -q 'naive .*-cl-opt-disable .*local=256' "$TMP/progress_tty.log"
script -qc "$CLX run vecsum --quick --set variant=naive --out $TMP/progress_quiet --quiet" /dev/null > "$TMP/progress_quiet.log" 2>&1
check progress_quiet_none test "$(grep -c "${esc}\[K" "$TMP/progress_quiet.log")" -eq 0
"$CLX" run vecsum --quick --set variant=naive --out "$TMP/progress_pipe" 2>&1 | cat > "$TMP/progress_pipe.log"
check progress_pipe_none test "$(grep -c "${esc}" "$TMP/progress_pipe.log")" -eq 0
check progress_pipe_rows grep -q 'local=256' "$TMP/progress_pipe.log"
finish
