#!/bin/sh
# history-bench.sh — how long `clx history` of many runs takes beside many held locks (docs/compare.md,
# "How long a history takes"): RUN (one small run's folder, a plain run's or a clx merge's) copied
# COPIES times with distinct start times and medians, LOCKS flocks held by one process meanwhile (python3), then
# `CLX history` of all the copies timed REPEAT times; prints each wall and CPU time (GNU time) and how often the process
# opened run.json and /proc/locks (strace -f, where it is installed), so that a change is measured
# on its reads, not on a loaded machine's seconds alone.
#   usage: studies/history-bench.sh CLX RUN WORK [COPIES=300] [LOCKS=2000] [REPEAT=3]
# e.g.   ./clx run vecsum --quick --out /tmp/hb/src; studies/history-bench.sh ./clx /tmp/hb/src/latest /tmp/hb/w
set -eu
clx=$1 run=$2 work=$3 copies=${4:-300} locks=${5:-2000} repeat=${6:-3}
[ -f "$run/run.json" ] || { echo "history-bench: $run holds no run.json" >&2; exit 2; }
rm -rf "$work"; mkdir -p "$work/runs" "$work/locks"
# The copies: one run.json "started" each, a minute apart (history orders the runs by it).
i=0
while [ $i -lt "$copies" ]; do
    d=$(printf '%s/runs/r%04d' "$work" $i)
    cp -R "$run" "$d"; rm -rf "$d/bin" "$d/cl" "$d/logs"
    t=$(printf '2026-11-%02dT%02d:%02d:00+00:00' $((1 + i / 1440)) $((i / 60 % 24)) $((i % 60)))
    # Each copy's medians a little apart (x 1 + i/100000): copies cell for cell are said as such,
    # pair by pair, which no history of real runs spends its time on.
    awk -F'\t' -v OFS='\t' -v f="$(awk -v i=$i 'BEGIN { print 1 + i / 100000 }')" \
        'NR == 1 { for (c = 1; c <= NF; c++) if ($c == "median_ms") m = c; print; next } { $m = $m * f; print }' \
        "$run/results.tsv" > "$d/results.tsv"
    sed -i "0,/\"started\":/s/\"started\":[[:space:]]*\"[^\"]*\"/\"started\": \"$t\"/" "$d/run.json"
    i=$((i + 1))
done
holder=
if [ "$locks" -gt 0 ]; then
    python3 - "$work/locks" "$locks" <<'EOF' &
import fcntl, os, resource, sys, time
d, n = sys.argv[1], int(sys.argv[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, n + 64), hard))
fds = [os.open(os.path.join(d, "l%d" % k), os.O_RDWR | os.O_CREAT) for k in range(n)]
for fd in fds: fcntl.flock(fd, fcntl.LOCK_EX)
open(os.path.join(d, "held"), "w").close()
time.sleep(3600)
EOF
    holder=$!
    trap 'kill $holder 2> /dev/null' EXIT
    while [ ! -e "$work/locks/held" ]; do sleep 0.1; done
fi
echo "history-bench: $copies copies of $run, $(wc -l < /proc/locks) lines in /proc/locks, $(nproc) cores, $(date -u +%FT%TZ)"
k=0
while [ $k -lt "$repeat" ]; do
    s=$(date +%s.%N)
    # The CPU time beside the wall time: a loaded machine stretches the second, not the first.
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%U s user, %S s sys' -o "$work/h$k.time" "$clx" history "$work"/runs/r* --out "$work/h$k" > "$work/h$k.log" 2>&1
    else
        "$clx" history "$work"/runs/r* --out "$work/h$k" > "$work/h$k.log" 2>&1; echo > "$work/h$k.time"
    fi
    e=$(date +%s.%N)
    echo "history-bench: run $k: $(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }') s wall, $(tail -n 1 "$work/h$k.time")"
    k=$((k + 1))
done
if command -v strace > /dev/null 2>&1; then
    strace -f -qq -e trace=open,openat -o "$work/strace.log" "$clx" history "$work"/runs/r* --out "$work/hs" > /dev/null 2>&1
    echo "history-bench: opens of run.json $(grep -c '/run.json"' "$work/strace.log"), of results.tsv" \
         "$(grep -c '/results.tsv"' "$work/strace.log"), of /proc/locks $(grep -c '"/proc/locks"' "$work/strace.log")"
fi
