#!/bin/sh
# energy-repeat.sh — how well a configuration's energy repeats from run to run: runs a sweep N
# times with --energy (or reads runs made before), joins their rows on every column before
# `global` plus `local`, and gives per configuration the spread of energy_j over the runs
# ((largest - smallest) / median), then over the configurations the median, 95th percentile and
# largest spread and the share within 2%. The per-configuration table goes to energy-repeat.tsv in
# the runs' folder (results/energy-repeat-TIME), or with --runs in the current directory.
# Usage: tools/energy-repeat.sh N EXPERIMENT [clx run options...]   (runs into results/energy-repeat-TIME)
#        tools/energy-repeat.sh --runs RUN_DIR RUN_DIR [RUN_DIR...]   (runs made before)
set -e
clx=${CLX:-./clx}
if [ "$1" = "--runs" ]; then
    shift
    [ $# -ge 2 ] || { echo "usage: tools/energy-repeat.sh --runs RUN_DIR RUN_DIR [RUN_DIR...]" >&2; exit 2; }
    out=.
    runs="$*"
else
    [ $# -ge 2 ] || { echo "usage: tools/energy-repeat.sh N EXPERIMENT [clx run options...]" >&2; exit 2; }
    n=$1; exp=$2; shift 2
    out=results/energy-repeat-$(date +%Y%m%d-%H%M%S)
    mkdir -p "$out"
    runs=
    i=1
    while [ "$i" -le "$n" ]; do
        "$clx" run "$exp" --energy --out "$out/run$i" --quiet "$@" || echo "energy-repeat: run $i exited $?" >&2
        runs="$runs $(ls -d "$out/run$i"/*-*-* | head -n 1)"
        i=$((i + 1))
    done
fi
files=
for r in $runs; do files="$files $r/results.tsv"; done
table=$out/energy-repeat.tsv
# One line per configuration measured with an energy in every run: its key, each run's energy_j, the spread.
awk -F'\t' -v nruns="$(echo $files | wc -w)" -v OFS='\t' '
    /^#/ { next }
    FNR == 1 { file++; kcols = 0; ce = cl = cs = 0
               for (i = 1; i <= NF; i++) { if ($i == "global") last = i - 1; if ($i == "energy_j") ce = i
                                           if ($i == "local") cl = i; if ($i == "status") cs = i }
               if (!ce) { print "energy-repeat: " FILENAME " has no energy_j column (a run without --energy?)" > "/dev/stderr"; exit 2 }
               if (file == 1) { h = ""; for (i = 1; i <= last; i++) h = h $i "\t"; header = h "local" }
               next }
    ($cs == "ok" || $cs == "cut" || $cs == "unverified") && $ce != "" {
        k = ""; for (i = 1; i <= last; i++) k = k $i "\t"; k = k $cl
        if (!(k in seen)) { order[++nk] = k; seen[k] = 1 }
        e[k, file] = $ce; got[k]++ }
    END {
        h = header; for (f = 1; f <= nruns; f++) h = h "\tenergy_j_" f; print h "\tspread"
        for (j = 1; j <= nk; j++) {
            k = order[j]; if (got[k] != nruns) continue
            lo = hi = e[k, 1]; line = k
            for (f = 1; f <= nruns; f++) { x = e[k, f] + 0; line = line "\t" e[k, f]; if (x < lo) lo = x; if (x > hi) hi = x; v[f] = x }
            # median of the runs (insertion sort: a handful of runs)
            for (a = 2; a <= nruns; a++) { t = v[a]; b = a - 1; while (b >= 1 && v[b] > t) { v[b + 1] = v[b]; b-- } v[b + 1] = t }
            med = nruns % 2 ? v[(nruns + 1) / 2] : (v[nruns / 2] + v[nruns / 2 + 1]) / 2
            print line "\t" (med > 0 ? (hi - lo) / med : "")
        }
    }' $files > "$table"
rows=$(($(wc -l < "$table") - 1))
[ "$rows" -gt 0 ] || { echo "energy-repeat: no configuration has an energy in every run (see run.json's energy.why)" >&2; exit 1; }
awk -F'\t' 'NR > 1 && $NF != "" { print $NF }' "$table" | sort -g | awk -v rows="$rows" -v t="$table" '
    { s[++n] = $1; if ($1 <= 0.02) w++ }
    END { p95 = s[int(0.95 * (n - 1)) + 1]; med = n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
          printf "energy-repeat: %d configurations with an energy in every run: spread of energy_j (largest - smallest) / median: median %.2f%%, 95th percentile %.2f%%, largest %.2f%%; %d of %d (%.0f%%) within 2%%\n", n, 100 * med, 100 * p95, 100 * s[n], w, n, 100 * w / n
          printf "energy-repeat: each configuration in %s\n", t }'
