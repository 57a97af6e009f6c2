# peaks_lookup.sh — where a run finds its device's peaks run (docs/sol.md): under its --out folder
# and under results/ (a device's peaks are the device's, not a folder's); where none is
# found, the console's speed-of-light line names the folders it looked in and --peaks. A model
# peaks run stands in for one: a quick vecsum run's folder called peaks and full, with a probes.tsv
# whose last-level cache read (123.5 GB/s) is its one figure.
. tests/e2e/lib.sh
T=$TMP/peaks_lookup
rm -rf "$T"; mkdir -p "$T"
here=$PWD; case $TMP in /*) T_abs=$T ;; *) T_abs=$here/$T ;; esac
case $CLX in /*) clx_abs=$CLX ;; *) clx_abs=$here/${CLX#./} ;; esac
# The command runs from a folder of its own, whose results/ is the default one.
W=$T_abs/work
mkdir -p "$W/results"
vs() { (cd "$W" && env -u CLX_PEAKS_ROOT "$clx_abs" run vecsum --quick --set variant=naive --build '' --local 64 "$@") 2>&1; }
vs --out "$T_abs/model" > "$T/model.log"
m=$(ls -d "$T_abs"/model/vecsum-*/ 2>/dev/null | head -n 1); m=${m%/}
check peaks_lookup_model_ran test -n "$m" -a -s "$m/run.json"
P=$W/results/peaks-${m##*/vecsum-}
cp -r "$m" "$P"
sed -i -e 's/"experiment":[[:space:]]*"vecsum"/"experiment": "peaks"/' -e 's/"quick":[[:space:]]*true/"quick": false/' \
       -e 's/"args":[[:space:]]*\[[^]]*\]/"args": ["peaks"]/' -e 's/"others_share":[[:space:]]*[0-9.e+-]*/"others_share": 0/' \
       "$P/run.json"
# Timed as on a quiet host (a busy one's noisy rows and load are said after the run's name: sol_peaks_timing.sh).
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
    NR > 1 { f = "," $c["flag"] ","; gsub(/,noisy,/, ",", f); gsub(/^,|,$/, "", f); $c["flag"] = f } { print }' \
    "$m/results.tsv" > "$P/results.tsv"
printf 'probe\tmeasure\tbytes\tn\tmedian\tunit\tcv\tmin\tmax\tstatus\tnote\tpeak\tmean\n' > "$P/probes.tsv"
printf 'cachebw\tread, last-level cache\t1048576\t5\t123.5\tGB/s\t0.01\t120\t125\tok\t\t\t123.5\n' >> "$P/probes.tsv"
check peaks_lookup_model_made grep -q '"experiment": "peaks"' "$P/run.json"

# Into --out DIR, with no peaks run in DIR: results/'s full one gives the l2 ceiling, and the line
# says which folder it came from (before, it looked under DIR alone and said "run peaks", which put
# the next one in results/ again).
vs --out "$T_abs/o1" > "$T/o1.log"
r=$(ls -d "$T_abs"/o1/vecsum-*/ | head -n 1)
check peaks_lookup_out_finds_default grep -qF "measured l2 (the CPU's last-level cache; from results/peaks-${m##*/vecsum-})" "$T/o1.log"
check peaks_lookup_out_json grep -q "\"peaks_run\":[[:space:]]*\"results/peaks-${m##*/vecsum-}\"" "$r/run.json"
# A --quick peaks run in DIR does not hide results/'s full one.
Q=$T_abs/o2/peaks-quick-${m##*/vecsum-}
mkdir -p "$T_abs/o2" && cp -r "$P" "$Q"
sed -i 's/"quick":[[:space:]]*false/"quick": true/' "$Q/run.json"
vs --out "$T_abs/o2" > "$T/o2.log"
check peaks_lookup_quick_in_out_not_hiding grep -qF "measured l2 (the CPU's last-level cache; from results/peaks-${m##*/vecsum-})" "$T/o2.log"
# A full one in DIR, started at the same second as results/' (a copy of it), comes first; a newer
# one in either is taken (test_peaksfind.c).
F=$T_abs/o3/peaks-out-${m##*/vecsum-}
mkdir -p "$T_abs/o3" && cp -r "$P" "$F"
vs --out "$T_abs/o3" > "$T/o3.log"
check peaks_lookup_out_first grep -qF "measured l2 (the CPU's last-level cache; from $F)" "$T/o3.log"
# None anywhere: the line names both folders and --peaks RUN_DIR.
mv "$P" "$T_abs/moved"
vs --out "$T_abs/o4" > "$T/o4.log"
check peaks_lookup_none_names_folders grep -qF "(no peaks run of this device found under $T_abs/o4 (--out) or results: a full $clx_abs run peaks, not --quick, measures them, or --peaks RUN_DIR names one)" "$T/o4.log"
# Only the quick one in DIR: named, and so are the folders without a full one.
vs --out "$T_abs/o2" > "$T/o5.log"
check peaks_lookup_quick_only_said grep -qF "peaks run of this device found, $Q: not the whole sweep at its sizes, so none of its figures bounds a row; no full one under $T_abs/o2 (--out) or results: a full $clx_abs run peaks, not --quick, measures them, or --peaks RUN_DIR names one)" "$T/o5.log"
# CLX_PEAKS_ROOT names the folder looked in after --out's, in results/' place (empty: none; the
# test suite's, tests/run.sh).
mkdir -p "$T_abs/alt" && cp -r "$F" "$T_abs/alt/"
(cd "$W" && CLX_PEAKS_ROOT="$T_abs/alt" "$clx_abs" run vecsum --quick --set variant=naive --build '' --local 64 --out "$T_abs/o6") > "$T/o6.log" 2>&1
check peaks_lookup_env_root grep -qF "measured l2 (the CPU's last-level cache; from $T_abs/alt/peaks-out-${m##*/vecsum-})" "$T/o6.log"
(cd "$W" && CLX_PEAKS_ROOT= "$clx_abs" run vecsum --quick --set variant=naive --build '' --local 64 --out "$T_abs/o7") > "$T/o7.log" 2>&1
check peaks_lookup_env_empty grep -qF "(no peaks run of this device found under $T_abs/o7 (--out): " "$T/o7.log"
finish
