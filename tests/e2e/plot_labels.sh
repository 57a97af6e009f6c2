# plot_labels.sh — what a chart says is in its bars' own terms, from the rows the bars show (model
# runs, no device): a bar labelled with rel_time is labelled against the reference variant's bar,
# not its row at the same work-group size (maths' float_sub bar, taller than float_add's, said
# 0.786); a line under the title counts the values each bar takes where that is fewer than all
# (sgemm's "best of 6 variants" over bars of 2); an empty slot among the bars, or a group empty in a
# panel, is said; an x axis of one number shows that number; a bar too short to see on a linear
# axis, or with no bar on a logarithmic one (at or below 0), is named with its value (vecsum's
# gridstride on PoCL, 0.73 GB/s under an axis to 340, was one pixel high, unsaid). (An opt vs
# no-opt chart of a size: report_work.sh.)
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_labels
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
R=$W/run
# SKIP: no row of fast at local 64. Naive's local=128 rows made twice as slow, so that its best
# work-group size is 64 and fast's is 128: fast's row's rel_time (against naive at 128) is 0.5, its
# bar 2.2 times naive's bar (naive at 64: 2 x 1.1 = 2.2 times fast's time at 128).
make_run "$R" fixture 1 "1000 2000" skip rounds
scale "$R" '$c["variant"] == "naive" && $c["local"] == 128' 2
cp "$fx/fixture.cl.m4" "$W/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next } skip && /^\);/ { skip = 0; next } !skip' \
    plots='  { kind = "bars"; name = "rel"; title = "best work-group size, labels: the bar over naive'"'"'s"; metric = "gflops"; x = "variant";
    where = "build=default, N=2000, TERMS=1"; label = "rel_time"; },
  { kind = "bars"; name = "reltime"; metric = "median_ms"; x = "variant"; where = "build=default, N=2000, TERMS=1, local=128";
    label = "rel_time"; },
  { kind = "bars"; name = "fewer"; metric = "gflops"; x = "variant"; where = "build=default, TERMS=1"; },
  { kind = "bars"; name = "slots"; metric = "gflops"; x = "local"; series = "variant"; where = "build=default, TERMS=1"; },
  { kind = "bars"; name = "gap"; metric = "gflops"; x = "variant"; panels = "local"; where = "build=default, N=2000, TERMS=1"; },
  { kind = "lines"; name = "onex"; metric = "gflops"; x = "N"; series = "variant"; where = "build=default, TERMS=1, N=2000"; },
  { kind = "bars"; name = "tiny"; metric = "gbs"; x = "variant"; where = "build=default, N=2000, TERMS=1, local=128"; },
  { kind = "bars"; name = "devlog"; metric = "dev_row_avg"; x = "variant"; series = "local"; where = "build=default, N=1000, TERMS=1";
    ylog = true; }' \
    "$fx/fixture.spec" > "$W/fixture.spec"
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/report.log" 2>&1
check labels_report_exit test $? -eq 0
P=$R/plots
# label COL6 FILE GROUP: the label (column 4) of the bar of GROUP (column 5) in FILE's data.
label() { awk -F'\t' -v g="$2" '!/^#/ && $5 == g { print $4 }' "$P/$1.tsv"; }
# rel_time over the bars of each one's best work-group size: the bar over naive's (2.2), not fast's
# row's rel_time at its own size (0.5); naive's own 1.
check labels_rel_bar test "$(label rel fast)" = "2.2"
check labels_rel_ref test "$(label rel naive)" = "1"
# Bars of times at one point: their ratio, as rel_time's (fast 0.002 ms, naive's row made 0.008).
check labels_rel_time_same test "$(label reltime fast)" = "0.25"
# What a bar combines: fast's bar takes one of the two work-group sizes, naive's both: counted.
check labels_fewer_counted grep -qF '\nbest of N=1000|2000, 1-2 of local=64|128 at each bar' "$P/fewer.gp"
# Every bar takes both N: no count said.
check labels_all_not_counted grep -qF '\nbest of N=1000|2000 at each bar' "$P/slots.gp"
# local=64 has naive's bar and no fast's: said, not left for the eye to guess.
check labels_empty_slot grep -qF '\nno bar at local=64 with fast: no measured row there\n' "$P/slots.gp"
# A whole group with no bar in one panel (fast at local 64): its tic stands over nothing there, said
# too (it was left unsaid: histogram's stopped run, three variants' tics empty at N=100M).
check labels_empty_group grep -qF '\nno bar at fast at local=64: no measured row there\n' "$P/gap.gp"
check labels_no_empty_slot test -z "$(grep -F 'no bar at' "$P/fewer.gp" "$P/rel.gp")"
# An x axis of one number: a tic at it, in a range around it (not gnuplot's 1999.2..2000.8).
check labels_one_x grep -qx 'set xtics ("2000" 2000)' "$P/onex.gp"
check labels_one_x_range grep -qx 'set xrange \[1000:3000\]' "$P/onex.gp"
# A bar under 1% of its linear axis' height: fast's rows of a copy made 500 times slower, its GB/s 0.4%
# of naive's (4 GB/s; 8 made 0.016): named with its value on the picture, and in report.md with the axis
# that shows it; at their own speed (the first run) no bar is said.
R2=$W/tiny
make_run "$R2" fixture 1 "1000 2000" skip rounds
scale "$R2" '$c["variant"] == "fast"' 500
"$CLX" report "$R2" --spec "$W/fixture.spec" --quiet > "$W/tiny.log" 2>&1
check labels_tiny_said grep -qF '\ntoo short to see on this axis (under 1% of its height): fast 0.016 GB/s\n' "$R2/plots/tiny.gp"
check_drawn labels_tiny_note grep -qF 'too short to see on this axis (under 1% of its height): fast 0.016 GB/s (a logarithmic axis, the plot'"'"'s ylog = true, would show them)' "$R2/report.md"
check labels_tiny_drawn test "$(awk -F'\t' '!/^#/ && $5 == "fast" { print $2 }' "$R2/plots/tiny.tsv")" = 0.016
check labels_not_tiny test -z "$(grep -F 'too short to see' "$P"/*.gp "$R/report.md")"
# A logarithmic axis draws no bar at or below 0: the rows' deviation from their average, -0.048 at
# local 128, +0.048 at 64, on ylog = true: the two at 128 named (the line, over 120 characters,
# broken in two of about equal length), and no "too short" there.
check labels_log_nonpositive_said grep -qF '\nno bar on this logarithmic axis, which shows no value at or below\n0: naive with local=128 -0.0476, fast with local=128 -0.0476\n' "$P/devlog.gp"
finish
