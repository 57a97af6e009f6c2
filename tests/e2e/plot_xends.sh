# plot_xends.sh — a line chart's first and last points stand inside its frame, with room past them, on
# every kind of x axis: a logarithmic one (histogram's work-group sizes 64..256 ran from the first
# point to the last, each drawn on the frame, half its mark and its error bar hidden), a linear one,
# and categories (points at 0..n-1). Read from the .gp and .tsv clx writes (model run, no device).
. tests/e2e/lib.sh
fx=tests/e2e/fixtures/report
W=$TMP/plot_xends
rm -rf "$W"; mkdir -p "$W"
. "$fx/make_run.sh"
R=$W/run
make_run "$R" fixture 1 "1000 2000"
cp "$fx/fixture.cl.m4" "$W/"
awk '/^plots = \(/ { skip = 1; print "plots = (\n" plots "\n);"; next } skip && /^\);/ { skip = 0; next } !skip' plots='
  { kind = "lines"; name = "loglocal"; metric = "gflops"; x = "local"; series = "TERMS"; panels = "variant"; where = "build=default, N=2000"; xlog = true; },
  { kind = "lines"; name = "logn"; metric = "gflops"; x = "N"; series = "TERMS"; where = "build=default, local=128, variant=naive"; xlog = true; },
  { kind = "lines"; name = "linn"; metric = "gflops"; x = "N"; series = "TERMS"; where = "build=default, local=128, variant=naive"; },
  { kind = "lines"; name = "cats"; metric = "gflops"; x = "variant"; series = "TERMS"; where = "build=default, local=128, N=2000"; },
  { kind = "lines"; name = "fmt"; metric = "gflops"; x = "N"; xformat = "bytes"; series = "TERMS"; where = "build=default, local=128, variant=naive"; },
  { kind = "lines"; name = "fmtlog"; metric = "gflops"; x = "N"; xformat = "bytes"; xlog = true; series = "TERMS"; where = "build=default, local=128, variant=naive"; }' \
    "$fx/fixture.spec" > "$W/fixture.spec"
"$CLX" report "$R" --spec "$W/fixture.spec" --quiet > "$W/report.log" 2>&1
check xends_report_exit test $? -eq 0
# inside NAME: the x range the script sets holds the data's first and last x with room past each
# (a twentieth of a category, or 1% of the span, at least).
inside() {
    range=$(grep -m 1 '^set xrange \[' "$R/plots/$1.gp" | sed 's/^set xrange \[\([^:]*\):\([^]]*\)\].*/\1 \2/')
    [ -n "$range" ] || return 1
    awk -F'\t' -v r="$range" -v lg="$2" 'BEGIN { split(r, e, " ") }
        !/^#/ && NF > 1 { x = $1 + 0; if (n++ == 0 || x < lo) lo = x; if (n == 1 || x > hi) hi = x }
        END { if (lg) { a = log(lo / e[1]); b = log(e[2] / hi); span = log(hi / lo) }
              else { a = lo - e[1]; b = e[2] - hi; span = hi - lo }
              room = span * 0.01 > 0.05 ? span * 0.01 : 0.05; if (lg) room = span * 0.01
              exit !(n > 1 && a >= room && b >= room) }' "$R/plots/$1.tsv"
}
check xends_log_local inside loglocal 1
check xends_log_n inside logn 1
check xends_linear inside linn 0
check xends_categories inside cats 0
check xends_formatted inside fmt 0
# Formatted tics with xlog: the points stand at the categories' places 0..n-1, which a log axis would
# lose the first of (x = 0): the places are the scale, none is set, and every point is inside.
check xends_formatted_log sh -c "! grep -q '^set logscale x' '$R/plots/fmtlog.gp'"
check xends_formatted_log_inside inside fmtlog 0
check_drawn xends_pictures test -s "$R/plots/loglocal.png" -a -s "$R/plots/cats.png"
finish
