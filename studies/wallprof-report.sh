#!/bin/sh
# wallprof-report.sh — where a wallprof.c sample file's wall time went: per function of the clx
# binary, the share of samples it was on the stack (inclusive), then the innermost clx function of
# each sample with the library it was in below it. The binary must be the one sampled (with -g).
# Usage: studies/wallprof-report.sh CLX_BINARY wallprof.PID.txt [LINES]
bin=$1 file=$2 lines=${3:-40}
[ -f "$bin" ] && [ -f "$file" ] || { echo "usage: $0 CLX_BINARY wallprof.PID.txt [LINES]" >&2; exit 2; }
name=$(basename "$bin")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# Every clx frame's offset, symbolized once, less one: a return address points past its call.
tail -n +2 "$file" | tr ' ' '\n' | awk -v n="$name" 'index($0, n "+") == 1 { sub(/^[^+]*\+/, ""); print }' | sort -u > "$tmp/offs"
while read -r off; do printf '0x%x\n' $((0x$off - 1)); done < "$tmp/offs" | addr2line -f -e "$bin" | awk 'NR % 2' > "$tmp/names"
paste "$tmp/offs" "$tmp/names" > "$tmp/map"
tail -n +2 "$file" | awk -v n="$name" -v lines="$lines" '
    FNR == NR { fn[$1] = $2; next }
    NF == 0 { next }
    {
        total++; inner = ""; below = ""; delete seen
        for (i = 1; i <= NF; i++) {
            if (index($i, n "+") == 1) {
                o = $i; sub(/^[^+]*\+/, "", o); f = fn[o]
                if (inner == "") inner = f
                if (!(f in seen)) { seen[f] = 1; incl[f]++ }
            } else if (inner == "" && below == "") { below = $i; sub(/\+.*/, "", below) }
        }
        leaf[inner " <- " (below == "" ? "-" : below)]++
    }
    END {
        printf "%d samples, %.1f s\n-- inclusive\n", total, total * 0.002
        for (f in incl) printf "%6.1f%% %8.2fs %s\n", 100 * incl[f] / total, incl[f] * 0.002, f | "sort -rn | head -" lines
        close("sort -rn | head -" lines)
        print "-- innermost clx function <- the library below it"
        for (f in leaf) printf "%6.1f%% %8.2fs %s\n", 100 * leaf[f] / total, leaf[f] * 0.002, f | "sort -rn | head -" lines
    }' "$tmp/map" -
