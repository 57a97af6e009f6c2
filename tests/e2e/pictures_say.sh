# pictures_say.sh — a picture and a table say the same of the rows (model runs, no device): a lines
# plot whose rows are flagged noisy and shared says so in its title, as a bandwidth figure says
# cache-resident, and draws each point's error bar (volkov_fma's GFLOP/s against work-group size drew
# two clean lines the Best table called UNSURE, with neither); a few rows flagged are not said.
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/pictures_say
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"

# flag DIR COND FLAGS: the rows where the awk COND holds (columns by name: c["local"]) flagged FLAGS.
flag() {
    awk -F'\t' -v OFS='\t' -v f="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
        '"$2"' { $c["flag"] = f } { print }' "$1/results.tsv" > "$1/r.tmp" && mv "$1/r.tmp" "$1/results.tsv"
}

# The fixture's lines plot (GFLOP/s against N, a line per TERMS, a panel per variant; build default,
# local=128): every row noisy and shared.
A=$T/A
make_run "$A" fixture 1 "1000 2000" "" rounds
flag "$A" 1 "noisy,shared"
"$CLX" report "$A" --quiet > "$T/a.log" 2>&1
check flags_report_exit test $? -eq 0
check flags_noisy_title grep -qF '\nevery row here is flagged noisy (a standard error above 1% of its time)' "$A/plots/lines.gp"
check flags_shared_title grep -qF '\nevery row here is flagged shared (timed beside another clx on the device)' "$A/plots/lines.gp"
# Each point's error bar: its trials' deviation (the fixture's cv 0.02 of its GFLOP/s), a column per
# series after the values, drawn with yerrorlines and said in the title.
check flags_error_columns test "$(grep -m 1 '^# N' "$A/plots/lines.tsv" | tr '\t' '\n' | grep -c '_err$')" -eq 2
check flags_error_value test -n "$(awk -F'\t' '!/^#/ && NF >= 5 && $2 > 0 && ($4 - 0.02 * $2) ^ 2 < (1e-6 * $2) ^ 2' "$A/plots/lines.tsv")"
check flags_yerrorlines test "$(grep -cE 'using (1|\(\$1[-+][0-9.e]+\)):[0-9]*:.* with yerrorlines' "$A/plots/lines.gp")" -ge 1
check flags_error_said grep -qF '\nerror bars: one standard deviation of the trials' "$A/plots/lines.gp"

# One row of the 8 a panel draws flagged: the title says nothing of it (report.md's warning does).
B=$T/B
make_run "$B" fixture 1 "1000 2000" "" rounds
flag "$B" '$c["variant"] == "naive" && $c["N"] == 1000 && $c["TERMS"] == 1' "noisy,shared"
"$CLX" report "$B" --quiet > "$T/b.log" 2>&1
check flags_few_report_exit test $? -eq 0
check flags_few_unsaid test -z "$(grep -e 'flagged noisy' -e 'flagged shared' "$B/plots/lines.gp")"
finish
