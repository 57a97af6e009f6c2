#!/bin/sh
# merge_race.sh — two clx merge into the same --out at once do not interleave: the first holds the
# folder's lock for its whole merge, and a second one meanwhile is refused in one line, "another clx
# merge is writing OUT now (pid N): ...", exit 4, writing nothing; the first then ends whole, as a
# merge alone does. The first is held inside its lock by CLX_PAUSE_IN_MERGE (a FIFO it reads till
# this test closes it), before it writes anything, so that its merge.unfinished cannot be what
# refuses the second; no timing counts.
. tests/e2e/lib.sh
T=$PWD/$TMP/merge_race
rm -rf "$T"; mkdir -p "$T"

merge_shards
check race_premise sh -c "test $rc -eq 0 && test -f '$T/alone/run.json'"

# race NAME OUT: a merge into OUT held inside its lock (hold_merge: $first, its console in
# $T/NAME-merge.log), a second merge into OUT meanwhile, then the first let go.
race() {
    hold_merge "$1" "$2"
    "$CLX" merge "$s1" "$s2" --out "$2" > "$T/$1-second.log" 2>&1; second=$?
    ls -A "$2" > "$T/$1-during.ls"
    let_go
}

# Into a new --out: the first merge made it to hold its lock.
race new "$T/m"
# The holder's PID from /proc/locks where this system has it, else none said.
by=""; [ -r /proc/locks ] && by=" (pid $first)"
check new_second_refused test "$second" -eq 4
check new_second_said grep -qxF "clx merge: another clx merge is writing $T/m now$by: nothing written by this one; wait for that merge to end, then merge again, or give another --out" "$T/new-second.log"
check new_second_one_line test "$(wc -l < "$T/new-second.log")" -eq 1
check new_second_wrote_nothing test ! -s "$T/new-during.ls"
check new_first_whole sh -c "test $first_rc -eq 0 && test -f '$T/m/run.json' && test ! -e '$T/m/merge.unfinished' &&
    cmp -s '$T/alone/results.tsv' '$T/m/results.tsv' && cmp -s '$T/alone/kernels.tsv' '$T/m/kernels.tsv'"
check new_first_said_only_its_own test -z "$(grep -e 'another clx merge' -e 'did not finish' "$T/new-merge.log")"
(cd "$T/alone" && find . | sort) > "$T/alone.files"; (cd "$T/m" && find . | sort) > "$T/m.files"
check new_same_files cmp -s "$T/alone.files" "$T/m.files"
# The lock let go: the same merge again finds it there, writes nothing, exit 0.
"$CLX" merge "$s1" "$s2" --out "$T/m" > "$T/again.log" 2>&1; rc=$?
check lock_let_go sh -c "test $rc -eq 0 && grep -q 'holds this merge already' '$T/again.log'"

# Into an --out that was there (an empty folder): the same, and the folder stays.
mkdir -p "$T/empty"
race empty "$T/empty"
check empty_second_refused sh -c "test $second -eq 4 && grep -qF 'clx merge: another clx merge is writing $T/empty now' '$T/empty-second.log'"
check empty_first_whole sh -c "test $first_rc -eq 0 && cmp -s '$T/alone/results.tsv' '$T/empty/results.tsv' &&
    test ! -e '$T/empty/merge.unfinished'"

# A file at --out is no folder to lock: refused as before, the file left as it was.
echo keep > "$T/afile"
"$CLX" merge "$s1" "$s2" --out "$T/afile" > "$T/afile.log" 2>&1; rc=$?
check file_out_refused sh -c "test $rc -eq 4 && grep -qF '$T/afile is a file' '$T/afile.log' && test \"\$(cat '$T/afile')\" = keep"
# A folder under that file cannot be made: the folder is named, not the mark inside it (it said
# "cannot write OUT/merge.unfinished"), and nothing is said removed.
"$CLX" merge "$s1" "$s2" --out "$T/afile/m" > "$T/under.log" 2>&1; rc=$?
check under_file_refused sh -c "test $rc -eq 4 && grep -qxF 'clx merge: cannot make the folder $T/afile/m: Not a directory' '$T/under.log' &&
    ! grep -q -e 'merge.unfinished' -e 'removed' '$T/under.log' && test \"\$(cat '$T/afile')\" = keep"
finish
