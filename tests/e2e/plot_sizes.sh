#!/bin/sh
# plot_sizes.sh — a lines plot over a size axis (x = "N") labels its tics as clx writes sizes, on a
# linear and on a logarithmic axis: binary units where every size is a whole number of KiB (1Mi,
# 16Mi), decimal ones otherwise (1M, 2.1M), never gnuplot's 2.09715e+06; work-group sizes stay as
# they were. The first (and last) value gets a tic of its own where the step passes it by (1Mi under
# tics from 2Mi, 32 under tics at 128, 256, ...: a point at no tic was read as at 0). Runs made from
# a model (no device needed).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
T=$TMP/plot_sizes
rm -rf "$T"; mkdir -p "$T"
. "$fx/make_run.sh"
# The fixture's lines plot with xlog = true, beside the fixture's template.
sed 's/x = "N"; series = "TERMS";/x = "N"; series = "TERMS"; xlog = true;/' "$fx/fixture.spec" > "$T/xlog.spec"
cp "$fx/fixture.cl.m4" "$T/"
# tics RUN: the lines plot's first "set xtics" line.
tics() { grep -m 1 '^set xtics' "$1/plots/lines.gp"; }

make_run "$T/bin" fixture 1 "1048576 2097152 4194304 16777216"
"$CLX" report "$T/bin" --spec "$fx/fixture.spec" > "$T/bin.log" 2>&1
check binary_linear test "$(tics "$T/bin")" = 'set xtics ("1Mi" 1048576, "2Mi" 2097152, "4Mi" 4194304, "6Mi" 6291456, "8Mi" 8388608, "10Mi" 10485760, "12Mi" 12582912, "14Mi" 14680064, "16Mi" 16777216)'
check binary_no_exponents sh -c "! grep -q 'e+0' '$T/bin/plots/lines.gp'"
check_drawn binary_svg_no_exponents sh -c "grep -q '>16Mi<' '$T/bin/plots/lines.svg' && ! grep -q 'e+0[0-9]<' '$T/bin/plots/lines.svg'"
cp -r "$T/bin" "$T/binlog"; rm -rf "$T/binlog/plots"
"$CLX" report "$T/binlog" --spec "$T/xlog.spec" > "$T/binlog.log" 2>&1
check binary_log test "$(tics "$T/binlog")" = 'set xtics ("1Mi" 1048576, "2Mi" 2097152, "4Mi" 4194304, "16Mi" 16777216)'
check binary_log_room grep -q '^set xrange \[9[0-9.]*:1[0-9.]*\]$' "$T/binlog/plots/lines.gp"

make_run "$T/dec" fixture 1 "1000003 2100000 4000000 10000000"
"$CLX" report "$T/dec" --spec "$T/xlog.spec" > "$T/dec.log" 2>&1
check decimal_log test "$(tics "$T/dec")" = 'set xtics ("1M" 1000003, "2.1M" 2100000, "4M" 4000000, "10M" 10000000)'
cp -r "$T/dec" "$T/declin"; rm -rf "$T/declin/plots"
"$CLX" report "$T/declin" --spec "$fx/fixture.spec" > "$T/declin.log" 2>&1
check decimal_linear test "$(tics "$T/declin")" = 'set xtics ("1M" 1000003, "2M" 2000000, "4M" 4000000, "6M" 6000000, "8M" 8000000, "10M" 10000000)'
# Small numbers (work-group sizes, the fixture's N of 1000 and 2000): gnuplot's own labels, as before.
make_run "$T/small" fixture 1 "1000 2000"
"$CLX" report "$T/small" --spec "$fx/fixture.spec" > "$T/small.log" 2>&1
check small_unchanged test "$(tics "$T/small")" = 'set xtics 1000'
check small_no_end_tic test -z "$(grep -F 'set xtics add' "$T/small/plots/lines.gp")"
# 32, 128 and 1024 (memcopy_ilp's work-group sizes): tics every 128, and 32, the first, labelled; 1024
# is on one.
make_run "$T/wg" fixture 1 "32 128 1024"
"$CLX" report "$T/wg" --spec "$fx/fixture.spec" > "$T/wg.log" 2>&1
check wg_step test "$(tics "$T/wg")" = 'set xtics 128'
check wg_first_tic test "$(grep '^set xtics add' "$T/wg/plots/lines.gp" | sort -u)" = 'set xtics add ("32" 32)'
finish
