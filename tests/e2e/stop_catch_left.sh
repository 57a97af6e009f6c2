# stop_catch_left.sh — a catch of the driver's stderr leaves no crash's record where no crash was
# (lib/stderrcatch.h): a worker killed by a second stop in a build leaves neither
# logs/.driver-stderr-XXXXXX nor logs/VARIANT__BUILD.stderr (the resume builds it again); a build
# made again over an older crash's record removes the shared file that record named; and a run that
# finishes keeps no record that no failed row's log names (store/catchleft.h): one of a build it does
# not make again (a kill's of a build ahead, a search that never came back to it), beside a marker of a
# build it made again, and an older shared file no marker names (orphaned) stood on as a crash's after
# the resume had finished; a crashed row's records stay (catch_left_crash.sh).
# CLX_STOP_TWICE with CLX_STOP_IN_BUILD sends the second stop from inside the compile's catch, the
# worker held there until it is killed: no race against the compiler's speed.
. tests/e2e/lib.sh
T=$TMP/stop_catch_left
rm -rf "$T" && mkdir -p "$T"
spec=tests/e2e/fixtures/stopfind.spec
records() { ls -A "$1/logs" | grep -e '^\.driver-stderr-' -e '\.stderr$'; }
CLX_STOP_TWICE=1 CLX_STOP_IN_BUILD=1 "$CLX" run "$spec" --no-cache $FEW --out "$T/run" > "$T/run.log" 2>&1; rc=$?
d=$(ls -d "$T"/run/stopfind-* 2> /dev/null | head -n 1)
check twice_stopped_at_once test "$rc" -eq 130 -a -n "$d" -a -n "$(grep 'stopping at once' "$T/run.log")"
check twice_no_catch_left test -n "$d" -a -z "$(records "$d")"
# An older crash's record of the build the resume makes, and an orphaned shared file; in a copy, also
# a record of a build it does not make (beside the first: both name one shared file).
rm -rf "$T/two" && cp -r "$d" "$T/two"
printf 'a driver warning\n' > "$d/logs/.driver-stderr-Ab12Cd"
printf '#clx-stderrcatch .driver-stderr-Ab12Cd 0 shared alone\n' > "$d/logs/good__default.stderr"
printf 'an older crash, its marker gone\n' > "$d/logs/.driver-stderr-Or0hAn"
"$CLX" run --resume "$d" --no-cache > "$T/resume.log" 2>&1; rc=$?
check resumed_whole test "$rc" -eq 0 -a "$(tsv_rows "$d/results.tsv")" -eq 4
check resume_supersedes test -z "$(records "$d")"
printf 'a driver warning\n' > "$T/two/logs/.driver-stderr-Ab12Cd"
printf '#clx-stderrcatch .driver-stderr-Ab12Cd 0 shared alone\n' > "$T/two/logs/good__default.stderr"
printf '#clx-stderrcatch .driver-stderr-Ab12Cd 17 shared alone\n' > "$T/two/logs/gone__default.stderr"
"$CLX" run --resume "$T/two" --no-cache > "$T/two.log" 2>&1; rc=$?
check resume_finished_two sh -c "test $rc -eq 0 && grep -q '\"finished\"' '$T/two/run.json'"
check resume_finished_none_left test -z "$(records "$T/two")"
finish
