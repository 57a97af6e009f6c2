# stop_multi.sh — one ^C to a run on several devices (--device all) is one stop: a terminal sends
# SIGINT to the whole foreground process group, so each device's process hears it directly and
# again from the parent that passes stops on; before, the second copy read as "again: stop at once"
# and its worker was killed, losing the rows in their rounds. Here the run stops as a run on one
# device does: said once, every finished row kept (cut, flag rounds-cut, where its rounds were under way), no
# row 'stopped', exit 130, and the advice names each device's way on and the clx compare after it.
# Only statuses, messages and counts are checked, never a time: CLX_STOP_GRACE=60 gives the launch in
# flight a minute in place of a second, which a launch here outlasted at a load of 8 on 2 cores (the
# worker killed, "did not finish within a second", a row 'stopped': another ending than the one tested).
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/stop_multi
rm -rf "$T"; mkdir -p "$T"
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
# Rounds back to back (--round-gap 0), a row as each configuration ends; CLX_HOLD_AFTER_ROUNDS=6
# (docs/environment.md) holds each device's worker after its sixth round until the stop comes: the
# first configuration's 5 rounds are done (its row written, unless --target-se asked more of it), the
# second's under way, however fast the host (a sweep of 48 configurations up to 32M ran minutes on 2
# cores to land a stop in it on a 16-core host).
SWEEP="vecsum --size 1M,2M --set variant=naive,float4 --build= --trials 20 --round-gap 0"

# setsid: clx leads a process group of its own (clx in the background of a script without job
# control is no group's leader, so setsid forks nothing: $! is clx), which kill -INT -PGID then
# signals whole, as a terminal's ^C and timeout(1) do.
CLX_HOLD_AFTER_ROUNDS=6 CLX_STOP_GRACE=60 setsid "$CLX" run $SWEEP --device all --out "$T/group" > "$T/group.log" 2>&1 &
pid=$!
# The first device held (its console.log says so; CPU devices run one after the other).
for _ in $(seq 1 1200); do
    [ "$(cat "$T"/group/vecsum-*/console.log 2>/dev/null | grep -c '^clx: CLX_HOLD_AFTER_ROUNDS: held')" -ge 1 ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
done
pg=$(ps -o pgid= -p $pid | tr -d ' ')
if [ "$pg" = "$pid" ]; then kill -INT "-$pg"; else fail stop_multi_own_group "clx is not its group's leader (pgid '$pg')"; kill -INT $pid; fi
wait $pid; rc=$?
dir=$(ls -d "$T"/group/vecsum-*-*-* | head -n 1)
r=$dir/results.tsv
rows=$(tsv_rows "$r")
check stop_multi_exit_130 test "$rc" -eq 130
check stop_multi_said_once test "$(grep -c '^clx: stopping: each device stops after the launch in flight' "$T/group.log")" -eq 1
check stop_multi_device_said_once test "$(grep -c '^clx: stopping after the launch in flight' "$dir/console.log")" -eq 1
check stop_multi_not_at_once sh -c "! grep -q 'stopping at once' '$dir/console.log' '$T/group.log'"
check stop_multi_rows_kept test "$rows" -ge 1 -a "$(tsv_count "$r" status stopped)" -eq 0
check stop_multi_rows_said grep -q "^clx: stopped by SIGINT: $rows rows in $r" "$dir/console.log"
# Every row with fewer than its 5 rounds is flagged rounds-cut (and said so): kept, not dropped.
short=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "rounds") n = i; if ($i == "flag") f = i }; next }
                    $n < 5 { s++; if ($f ~ /(^|,)rounds-cut(,|$)/) c++ } END { print s + 0, c + 0 }' "$r")
check stop_multi_cut_flagged test "${short% *}" = "${short#* }"
# Every row flagged rounds-cut (--target-se may have asked more than 5 rounds of it) is of status
# cut, not ok, the others ok: the device's line counts them apart.
ncut=$(tsv_col "$r" flag | grep -cE '(^|,)rounds-cut(,|$)')
check stop_multi_cut_status test "$(tsv_count "$r" status cut)" -eq "$ncut" -a "$(tsv_count "$r" status ok)" -eq "$((rows - ncut))"
if [ "$ncut" -gt 0 ]; then counted="$((rows - ncut)) ok, $ncut cut"; else counted="$rows ok"; fi
check stop_multi_device_line grep -q "^clx: 0:0 .*: exit 130 (stopped by signal 2 (Interrupt): $counted" "$T/group.log"
check stop_multi_resume_said grep -qxF "  $CLX run --resume $dir" "$T/group.log"
check stop_multi_other_said grep -q -- "--device 0:1 --out $T/group\$" "$T/group.log"
check stop_multi_compare_said grep -qxF "  then the side-by-side summary: $CLX compare $dir DIR_0:1" "$T/group.log"
finish
