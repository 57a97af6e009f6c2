# resume_unbuilt.sh — a resume of a run with builds that crashed or failed: a build that crashed its
# worker (a row with no launch point, 'crashed', flagged crash-retry) is built once more by
# --resume, stopped or finished; where it builds, its row goes and its configurations are measured in
# their places in the sweep's order (had been: "results.tsv row 1 has N =  where this sweep has
# 1000003: it is not this sweep's file", the crashed build's log rewritten as a success under a row
# still 'crashed'); where it crashes again, its row stays 'crashed' for good. No row of results.tsv
# or kernels.tsv names a log that says otherwise than the row. The crash is a file-size limit's
# (ulimit -f: PoCL's LLVM exits in every build it compiles, faults.sh), whatever the machine's speed.
. tests/e2e/lib.sh
T=$TMP/resume_unbuilt
rm -rf "$T"; mkdir -p "$T"
# logs_agree DIR: every row of results.tsv and kernels.tsv that names a log names one that says
# FAILED where the row says crashed or build-failed, and one that does not where the row says else.
logs_agree() {
    for f in results.tsv kernels.tsv; do
        awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                    { lg = c["log"] ? $c["log"] : $c["note"]; if (!c["log"] && !sub(/.*log: /, "", lg)) next
                      print $c["status"], lg }' "$1/$f"
    done | while read -r st lg; do
        failed=$(grep -c '^# FAILED' "$1/$lg")
        case $st in crashed|build-failed) [ "$failed" -ge 1 ] || echo "$st $lg";; *) [ "$failed" -eq 0 ] || echo "$st $lg";; esac
    done | grep -q . && return 1
    return 0
}
# statuses DIR: variant, build, local and status of each row, one line each.
statuses() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
                         { print $c["variant"], $c["build"], $c["local"], $c["status"] }' "$1/results.tsv"; }

# Stopped in its builds, after two crashed: the resume builds them, and measures every configuration.
(ulimit -f 40; CLX_STOP_IN_BUILD=3 XDG_CACHE_HOME=$PWD/$T/c1 "$CLX" run vecsum --quick $FEW --set variant=naive,gridstride \
    --out "$T/s" > "$T/s.log" 2>&1; echo $? > "$T/s.rc")
d=$(ls -d "$T"/s/vecsum-* 2> /dev/null | head -n 1)
check stopped_crashed test "$(cat "$T/s.rc")" -eq 130 -a "$(tsv_count "$d/results.tsv" status crashed)" -eq 2
XDG_CACHE_HOME=$PWD/$T/c1 "$CLX" run --resume "$d" > "$T/s_r.log" 2>&1; rc=$?
check stopped_resume_rc test "$rc" -eq 0
check stopped_resume_whole test "$(tsv_rows "$d/results.tsv")" -eq 8 -a "$(tsv_count "$d/results.tsv" status ok)" -eq 8
check stopped_resume_not_refused test -z "$(grep "it is not this sweep's file" "$T/s_r.log")"
check stopped_resume_said grep -q "variant naive, build default: built, where the run this resume continues has its row 'crashed'" "$T/s_r.log"
check stopped_resume_logs_agree logs_agree "$d"
check stopped_resume_kernels test "$(tsv_count "$d/kernels.tsv" status ok)" -eq 4

# Finished with crashed builds beside rows of a build that ran (gridstride, from a cache filled
# before): the resume builds naive, and its rows go in their places, before gridstride's.
XDG_CACHE_HOME=$PWD/$T/c2 "$CLX" run vecsum --quick $FEW --set variant=gridstride --out "$T/g" > "$T/g.log" 2>&1
(ulimit -f 40; XDG_CACHE_HOME=$PWD/$T/c2 "$CLX" run vecsum --quick $FEW --set variant=naive,gridstride --out "$T/f" \
    > "$T/f.log" 2>&1)
d=$(ls -d "$T"/f/vecsum-* 2> /dev/null | head -n 1)
check finished_crashed_builds test "$(statuses "$d" | grep -c '^naive .*  crashed$')" -eq 2
check finished_crash_retry test "$(tsv_count "$d/results.tsv" flag crash-retry)" -ge 2
check finished_said_resume grep -q 'clx run --resume builds it once more (flag crash-retry)' "$d/results.tsv"
rm -rf "$T/f2" && cp -r "$T/f" "$T/f2"
d2=$(ls -d "$T"/f2/vecsum-* | head -n 1)
XDG_CACHE_HOME=$PWD/$T/c2 "$CLX" run --resume "$d" > "$T/f_r.log" 2>&1; rc=$?
check finished_resume_rc test "$rc" -eq 0
statuses "$d" > "$T/f_r.rows"
printf '%s\n' 'naive default 64 ok' 'naive default 256 ok' 'naive -cl-opt-disable 64 ok' 'naive -cl-opt-disable 256 ok' \
    'gridstride default 64 ok' 'gridstride default 256 ok' 'gridstride -cl-opt-disable 64 ok' \
    'gridstride -cl-opt-disable 256 ok' > "$T/f_r.want"
check finished_resume_in_order cmp -s "$T/f_r.rows" "$T/f_r.want"
check finished_resume_logs_agree logs_agree "$d"

# Crashed again (the limit still on, no cache to load from): its row stays crashed, for good (no
# flag), its log saying so.
(ulimit -f 40; XDG_CACHE_HOME=$PWD/$T/c3 "$CLX" run --resume "$d2" > "$T/f2_r.log" 2>&1)
check again_crashed test "$(statuses "$d2" | grep -c '^naive .*  crashed$')" -eq 2
check again_for_good test -z "$(awk -F'\t' '$2 == "naive"' "$d2/results.tsv" | grep crash-retry)"
check again_said grep -q 'it did in the run this resume continues too: not built again' "$d2/results.tsv"
check again_logs_agree logs_agree "$d2"

# A build that fails (a kernel that does not compile), in a run stopped in its builds: the resume
# builds it again, it fails again, and its row and log say so.
CLX_STOP_IN_BUILD=2 "$CLX" run tests/e2e/fixtures/broken.spec --set variant=broken,good $FEW --out "$T/b" > "$T/b.log" 2>&1
d=$(ls -d "$T"/b/broken-* 2> /dev/null | head -n 1)
"$CLX" run --resume "$d" > "$T/b_r.log" 2>&1; rc=$?
check failed_resume_rc test "$rc" -eq 1
check failed_resume_rows test "$(tsv_count "$d/results.tsv" status build-failed)" -eq 1 -a \
    "$(tsv_count "$d/results.tsv" status ok)" -eq 2
check failed_resume_logs_agree logs_agree "$d"
finish
