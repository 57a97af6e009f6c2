# operations per second against work-group size (GPC=0: one work-group in all; GPC=8: 8 per compute unit)
# Drawn by clx from gops_vs_local.tsv (beside this file); run 'gnuplot gops_vs_local.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1280,560 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gops_vs_local.svg"
set multiplot layout 1,2 title "operations per second against work-group size (GPC=0: one work-group in all; GPC=8: 8 per compute unit)\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "operations per second (device) (G-ops/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set logscale y
set yrange [0.39893217:37518.29]
set ytics (1, 10, 100, 1000, 10000)
set title "GPC=0"
plot "gops_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float_add", "gops_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "float_sub", "gops_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "float_mul", "gops_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "float_div", "gops_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "int_add", "gops_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "int_sub", "gops_vs_local.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "int_mul", "gops_vs_local.tsv" index 0 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "int_div"
set title "GPC=8"
plot "gops_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float_add", "gops_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "float_sub", "gops_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "float_mul", "gops_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "float_div", "gops_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "int_add", "gops_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "int_sub", "gops_vs_local.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "int_mul", "gops_vs_local.tsv" index 1 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "int_div"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1280,560 noenhanced font "sans,10" background rgb "white"
set output "gops_vs_local.png"
set multiplot layout 1,2 title "operations per second against work-group size (GPC=0: one work-group in all; GPC=8: 8 per compute unit)\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "operations per second (device) (G-ops/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set logscale y
set yrange [0.39893217:37518.29]
set ytics (1, 10, 100, 1000, 10000)
set title "GPC=0"
plot "gops_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float_add", "gops_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "float_sub", "gops_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "float_mul", "gops_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "float_div", "gops_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "int_add", "gops_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "int_sub", "gops_vs_local.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "int_mul", "gops_vs_local.tsv" index 0 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "int_div"
set title "GPC=8"
plot "gops_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float_add", "gops_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "float_sub", "gops_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "float_mul", "gops_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "float_div", "gops_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "int_add", "gops_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "int_sub", "gops_vs_local.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "int_mul", "gops_vs_local.tsv" index 1 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "int_div"
unset multiplot
unset output
