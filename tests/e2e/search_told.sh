# search_told.sh — what a search tells of what it could not do or did not measure: a space the
# restrictions that read a launch axis empty, refused before the device is taken (and by --dry-run),
# naming the restriction and the --set that emptied it; two configurations it named picked together
# (--set variant=, given twice); its plots marked as a sample of its space; a resumed search's
# runner-ups with their rows' rounds. Words and counts only.
. tests/e2e/lib.sh
T=$TMP/search_told
rm -rf "$T"; mkdir -p "$T"

# sgemm's restriction on MNK (per configuration: it reads a launch axis) leaves out every
# configuration at MNK=96: the sweep writes them as skipped rows naming it; a search has none.
restricted="restrictions\[[0-9]*\] 'MNK % MWG == 0 && MNK % NWG == 0 && MNK % KWG == 0' (line [0-9]*) leaves out all 6 configurations"
run_clx "$T/empty" run sgemm --quick --search --set MNK=96 --budget 5
check empty_exit_2 test "$rc" -eq 2
check empty_names_set grep -q "^clx: --set MNK=96: the spec's $restricted (6 variants x 1 build x 1 launch point): a search has none to measure" "$T/empty.log"
check empty_nothing_run test -z "$(grep -e 'the reasons are above' -e '0 skipped' "$T/empty.log")"
check empty_no_folder test -z "$rundir"
"$CLX" run sgemm --quick --search --set MNK=96 --budget 5 --dry-run > "$T/empty-dry.log" 2>&1
check empty_dry_exit_2 test $? -eq 2
check empty_dry_names_set grep -q "^clx: --set MNK=96: the spec's $restricted" "$T/empty-dry.log"
check empty_dry_no_check_out test -z "$(grep 'check out' "$T/empty-dry.log")"
# The sweep of the same space is not refused: its --dry-run checks out (its rows are skipped rows).
"$CLX" run sgemm --quick --set MNK=96 --dry-run > "$T/sweep-dry.log" 2>&1
check sweep_dry_exit_0 test $? -eq 0

# Two configurations a search named (sgemm's generated ids, whose pairs are commas too) picked
# together: each --set variant= stays one id, and so does each part of a ';' list.
"$CLX" run sgemm --quick --set variant=VWM=4,SA=0,SB=1 --set variant=VWM=4,SA=1,SB=0 --dry-run > "$T/two.log" 2>&1
check two_ids_exit_0 test $? -eq 0
check two_ids_two_variants grep -q '^clx: sgemm: 2 variants x 1 build x 1 launch point (quick mode): 2 configurations' "$T/two.log"
"$CLX" run sgemm --quick --set 'variant=VWM=4,SA=0,SB=1;VWM=4,SA=1,SB=0' --dry-run > "$T/two-semi.log" 2>&1
check two_ids_semicolon grep -q '^clx: sgemm: 2 variants x 1 build' "$T/two-semi.log"
# A name on a spec that names no variants: what its variants' ids look like, not "variants: none".
"$CLX" run sgemm --quick --set variant=x --dry-run > "$T/x.log" 2>&1
check no_name_exit_2 test $? -eq 2
check no_name_said grep -q "no variant 'x' in sgemm: it names none; its variants are named by their template parameters' values" "$T/x.log"
check no_name_not_none test -z "$(grep 'variants: none' "$T/x.log")"

# A search's plots (its rows a sample of its space): each says so, on the picture and in report.md.
# A budget under one configuration's first round measures fewer than the 6 on any machine.
run_clx "$T/sample" run sgemm --quick --search --budget 0.001
measured=$(sed -n 's/.*"measured":[[:space:]]*\([0-9]*\).*/\1/p' "$rundir/run.json" | head -n 1)
check sample_partial test -n "$measured" -a "$measured" -lt 6
"$CLX" report "$rundir" --quiet > "$T/sample-report.log" 2>&1
said="a search's sample: $measured of the space's 6 configurations measured"
check_drawn sample_report_md test "$(grep -c "$said" "$rundir/report.md")" -ge 1
check_drawn sample_on_plots test "$(grep -l "$said" "$rundir"/plots/*.gp | wc -l)" -eq "$(ls "$rundir"/plots/*.gp | grep -vc search.gp)"

# A stopped search resumed: a configuration measured on both sides of the stop has search.tsv's
# rounds of both and a row of the resumed process's alone; each runner-up line says both, as the
# best's does, where they differ (the table, the plots and compare rank it by its row).
# The budget is ample on any machine: under load a round with its first launch's compile took 3.7 s
# on 2 cores, and a budget of 20 s was spent in 4 rounds, before the stop after 10 came.
rm -rf "$T/stop"
CLX_STOP_AFTER_ROUNDS=10 "$CLX" run sgemm --quick --search --budget 1000 --out "$T/stop" > "$T/stop.log" 2>&1
check stop_exit_130 test $? -eq 130
dir=$(ls -d "$T"/stop/sgemm-* | head -n 1)
"$CLX" run --resume "$dir" > "$T/stop-resume.log" 2>&1
check stop_resumed_exit_0 test $? -eq 0
# next_lines_say_rows: every "next" line names its rounds in search.tsv and, where its row holds
# another number of them, that number as results.tsv's rounds column has it.
next_lines_say_rows() {
    grep '^clx: search: next ' "$T/stop-resume.log" > "$T/next.txt" || return 1
    while read -r _ _ _ variant build rest; do
        build=${build%:}
        logged=$(awk -F'\t' -v v="$variant" -v b="$build" 'NR > 1 && $3 == v && $4 == b { n++ } END { print n + 0 }' "$dir/search.tsv")
        row=$(awk -F'\t' -v v="$variant" -v b="$build" 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
              $h["variant"] == v && $h["build"] == b { print $h["rounds"] }' "$dir/results.tsv")
        if [ "$row" != "$logged" ]; then
            case $rest in *"median of its $logged rounds, search.tsv's; its row in results.tsv holds $row of them"*) ;; *) return 1 ;; esac
        else
            case $rest in *"holds"*) return 1 ;; *", $logged round"*) ;; *) return 1 ;; esac
        fi
    done < "$T/next.txt"
}
check stop_next_lines_say_rows next_lines_say_rows
finish
