#!/bin/sh
# solstats.sh RESULTS.TSV... — for each run's results.tsv: its rows, those verified, those with a
# speed of light, those saying why not, those flagged sol>100, and the share within 15% of the
# model (sol_pct >= 85), over all verified rows and over the default build's.
for f in "$@"; do
    awk -F'\t' -v f="$f" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        { n++; ok = $c["status"] == "ok" || $c["status"] == "unverified"; if (!ok) next; v++
          p = $c["sol_pct"]; if (p != "") s++; else if ($c["sol_note"] != "") why++
          over += $c["flag"] ~ /sol>100/; if (p != "" && p >= 85 && $c["flag"] !~ /sol>100/) near++
          if ($c["build"] == "default" && p != "") { ds++; dnear += p >= 85 && $c["flag"] !~ /sol>100/ } }
        END { e = f; sub(/.*\//, "", e); sub(/\/results.tsv$/, "", e)
              printf "%-44s rows %5d verified %5d with sol %5d why-not %4d sol>100 %3d within15 %5d (%.0f%%) default %4d of %4d (%.0f%%)\n",
                     f, n, v, s, why, over, near, s ? 100 * near / s : 0, dnear, ds, ds ? 100 * dnear / ds : 0 }' "$f"
done
