#!/bin/sh
# resume_rewrite_fail.sh — a --resume whose rewrite of results.tsv fails (a full disk as its rows
# measured again are to take the places of those a stop cut short) never ends "finished": the file
# keeps the rows cut short, run.json says interrupted by that rewrite, the run exits 4 naming the
# file and the --resume to run again; report and compare say the rows cut and that --resume measures
# them, and so do they of a folder an older clx left saying finished over such rows; the --resume
# run again once the disk has room finishes it. Only statuses, counts and words are compared.
. tests/e2e/lib.sh
T=$TMP/resume_rewrite_fail
rm -rf "$T"; mkdir -p "$T"
if ! command -v cc > /dev/null 2>&1 || ! cc -shared -fPIC -o "$T/fullwrite.so" tests/e2e/fixtures/fullwrite.c -ldl 2> /dev/null; then
    skip rewrite_fail "no cc to build the LD_PRELOAD"
    finish
fi
preload() { FULLWRITE_REWRITE=1 LD_PRELOAD=$PWD/$T/fullwrite.so \
            ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" "$@"; }
# top KEY FILE: whether run.json FILE has KEY among its own keys (one tab in), not an interruption's.
top() { grep -q "^	\"$1\":" "$2"; }
finished() { top finished "$1" && ! top interrupted "$1"; }

CLX_STOP_AFTER_ROUNDS=6 "$CLX" run vecsum --quick --out "$T/runs" --quiet > /dev/null 2>&1
c=$(ls -d "$T"/runs/vecsum-* | head -n 1)
cut=$(tsv_count "$c/results.tsv" status cut)
check rewrite_fixture test "$cut" -ge 1

# The resume measures them again, and its rewrite of results.tsv fails: not finished, exit 4.
preload "$CLX" run --resume "$c" --quiet > "$T/resume.out" 2> "$T/resume.err"; rc=$?
check rewrite_exit_4 test "$rc" -eq 4
check rewrite_rows_kept sh -c "test $(tsv_count "$c/results.tsv" status cut) -eq $cut -a $(tsv_rows "$c/results.tsv") -eq 24"
check rewrite_not_finished test -n "$(top finished "$c/run.json" || echo no)"
check rewrite_interrupted grep -q '^	"interrupted_by":[[:space:]]*"a failed rewrite of results.tsv (No space left on device)"' "$c/run.json"
check rewrite_said_file grep -q "^clx: results in $c are incomplete: $c/results.tsv keeps rows a stop cut short, which the rows measured again could not replace; run.json says interrupted, not finished\$" "$T/resume.err"
check rewrite_said_cut grep -q "^clx: $cut of them have only some of their rounds (flag rounds-cut): --resume measures them again\$" "$T/resume.err"
check rewrite_said_resume grep -q "^clx: to continue once its disk has room: $CLX run --resume $c\$" "$T/resume.err"
# The line that says the file's counts against the run's: both over the file's rows (those kept and
# those measured again, each counted once, whichever paced rewrite failed), the file's as it holds them.
sum() { tr ',' '\n' | sed -n 's/^ *\([0-9]*\) .*/\1/p' | awk '{ n += $1 } END { print n + 0 }'; }
said_line=$(grep '^clx: results.tsv holds .* where this run counted .* (its rows as measured and kept): ' "$T/resume.err")
held=$(printf '%s\n' "$said_line" | sed 's/^clx: results.tsv holds \(.*\) where this run counted .*/\1/')
counted=$(printf '%s\n' "$said_line" | sed 's/.* where this run counted \(.*\) (its rows as measured and kept): .*/\1/')
rows=$(tsv_rows "$c/results.tsv")
check rewrite_recount_said test -n "$said_line"
check rewrite_recount_held_file test "$(printf '%s\n' "$held" | sum)" -eq "$rows" -a \
    -n "$(printf '%s\n' "$held" | grep "^$(tsv_count "$c/results.tsv" status ok) ok, $cut cut, ")"
check rewrite_recount_counted_adds_up test "$(printf '%s\n' "$counted" | sum)" -eq "$rows"
check rewrite_no_ok test -z "$(grep -e '[0-9] ok, ' "$T/resume.out")"

# Its report and compare take it as stopped: the rows cut short and the --resume, exit 4 (report).
said="with 24 rows, $cut of them cut short by the stop (flag rounds-cut: only some of their rounds): $CLX run --resume $c measures those again"
"$CLX" report "$c" --quiet > "$T/report.log" 2>&1; rc=$?
check rewrite_report_exit_4 test "$rc" -eq 4
check rewrite_report_says grep -q "^clx: report: $c was stopped by a failed rewrite of results.tsv (No space left on device) at .* $said; a finding" "$T/report.log"
check rewrite_report_not_whole sh -c "! grep -q 'its rows are whole' '$T/report.log'"

# A folder an older clx left so: run.json finished over rows cut short. Its readers say so too.
o=$T/older
cp -R "$c" "$o"
sed -i -e 's/^	"interrupted":/	"finished":/' -e '/^	"interrupted_by":/d' "$o/run.json"
finished "$o/run.json"; check older_fixture test $? -eq 0
rest="says finished (run.json), but $cut of its 24 rows are cut short by a stop (flag rounds-cut: only some of their rounds; the resume that measured them again could not write them in their places, as on a full disk), so it is not whole: $CLX run --resume $o measures them again"
"$CLX" report "$o" --quiet > "$T/older_report.log" 2>&1; rc=$?
check older_report_exit_4 test "$rc" -eq 4
check older_report_says grep -qF "clx: report: $o $rest; a finding" "$T/older_report.log"
check older_report_md grep -qF "**Part of a sweep:** $o $rest" "$o/report.md"
"$CLX" compare "$o" "$c" --out "$T/older_cmp" > "$T/older_cmp.log" 2>&1
check rewrite_compare_says grep -qF "clx: compare: B ($c) was stopped by a failed rewrite of results.tsv (No space left on device) at " "$T/older_cmp.log"
check rewrite_compare_cut grep -q "^clx: compare: B ($c) .* $said\$" "$T/older_cmp.log"
check older_compare_says grep -qF "clx: compare: A ($o) $rest" "$T/older_cmp.log"
check older_compare_md grep -qF "**Stopped:** A ($o) $rest" "$T/older_cmp/compare.md"

# Once there is room, --resume measures them again and the run finishes.
"$CLX" run --resume "$c" --quiet > "$T/again.log" 2>&1; rc=$?
finished "$c/run.json"; fin=$?
check rewrite_resume_finishes test "$rc" -eq 0 -a "$(tsv_count "$c/results.tsv" status ok)" -eq 24 -a "$fin" -eq 0
finish
