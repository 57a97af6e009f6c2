# kernel time against the work-group size, one line per Y
# Drawn by clx from time_vs_local.tsv (beside this file); run 'gnuplot time_vs_local.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1280,560 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "time_vs_local.svg"
set multiplot layout 1,2 title "kernel time against the work-group size, one line per Y\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items in dimension 0)"
set ylabel "median time (ms)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale x 2
set logscale y
set yrange [0.4581287:17.77555]
set ytics (0.5, 1, 2, 5, 10)
set title "float"
plot "time_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "Y=1", "time_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "Y=2", "time_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "Y=4", "time_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "Y=8", "time_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "Y=32", "time_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "Y=128"
set title "double"
plot "time_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "Y=1", "time_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "Y=2", "time_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "Y=4", "time_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "Y=8", "time_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "Y=32", "time_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "Y=128"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1280,560 noenhanced font "sans,10" background rgb "white"
set output "time_vs_local.png"
set multiplot layout 1,2 title "kernel time against the work-group size, one line per Y\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items in dimension 0)"
set ylabel "median time (ms)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale x 2
set logscale y
set yrange [0.4581287:17.77555]
set ytics (0.5, 1, 2, 5, 10)
set title "float"
plot "time_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "Y=1", "time_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "Y=2", "time_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "Y=4", "time_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "Y=8", "time_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "Y=32", "time_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "Y=128"
set title "double"
plot "time_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "Y=1", "time_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "Y=2", "time_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "Y=4", "time_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "Y=8", "time_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "Y=32", "time_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "Y=128"
unset multiplot
unset output
