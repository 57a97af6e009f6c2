#!/bin/sh
# report_spec_unread.sh — `clx report RUN` where the spec file run.json names cannot be read now (a
# folder in its place, gone, no permission): said in one line on the console and in report.md's
# "Spec file not read" line, and the report made from the spec run.json stored, not passed over in
# silence. A file that reads says nothing of the kind.
. tests/e2e/lib.sh
T=$TMP/report_spec_unread
rm -rf "$T"; mkdir -p "$T/own"
# An experiment of a name clx does not ship (mysum): no spec of that name along the search path
# stands in for the file.
cp templates/vecsum.cl.m4 templates/vecsum.ref.c "$T/own/"
cp templates/vecsum.spec "$T/own/mysum.spec"
F=$T/own/mysum.spec
run_clx "$T/run" run "$F" --quick --set variant=naive --build '' --local 64
check run_ok test "$rc" -eq 0 -a -n "$rundir"
"$CLX" report "$rundir" > "$T/read.log" 2>&1
check read_exit_0 test $? -eq 0
check read_nothing_said sh -c "! grep -q 'could not be read' '$T/read.log' '$rundir/report.md'"

# said CASE REASON: the console's line and report.md's, each once, the report made (exit 0).
said() {
    "$CLX" report "$rundir" > "$T/$1.log" 2>&1
    check "$1_exit_0" test $? -eq 0
    check "$1_console" test "$(grep -c -F "clx: report: the spec file $F could not be read ($2), so the report uses the spec stored in run.json" "$T/$1.log")" -eq 1
    check "$1_report_md" test "$(grep -c -x -F "**Spec file not read:** the spec file $F could not be read ($2), so the report uses the spec stored in run.json." "$rundir/report.md")" -eq 1
    check "$1_source" grep -q -F "the spec recorded in run.json ($F could not be read)" "$rundir/report.md"
}
mv "$F" "$T/own/mysum.spec.away"
mkdir "$F"
said folder "Is a directory"
rmdir "$F"
said gone "No such file or directory"
mv "$T/own/mysum.spec.away" "$F"
if [ "$(id -u)" -ne 0 ]; then
    chmod 000 "$F"
    said denied "Permission denied"
    chmod 644 "$F"
else
    skip denied_console "root reads a file of mode 000"
fi
finish
