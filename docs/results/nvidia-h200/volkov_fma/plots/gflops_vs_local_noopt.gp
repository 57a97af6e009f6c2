# fma throughput against work-group size, built with -cl-opt-disable
# Drawn by clx from gflops_vs_local_noopt.tsv (beside this file); run 'gnuplot gflops_vs_local_noopt.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 940,610 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gflops_vs_local_noopt.svg"
set multiplot layout 1,1 title "fma throughput against work-group size, built with -cl-opt-disable\nvolkov_fma on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set xlabel "work-group size (work-items)"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside right top Left reverse samplen 2
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
plot "gflops_vs_local_noopt.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gflops_vs_local_noopt.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gflops_vs_local_noopt.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=3", "gflops_vs_local_noopt.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=4", "gflops_vs_local_noopt.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=6", "gflops_vs_local_noopt.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=8"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 940,610 noenhanced font "sans,10" background rgb "white"
set output "gflops_vs_local_noopt.png"
set multiplot layout 1,1 title "fma throughput against work-group size, built with -cl-opt-disable\nvolkov_fma on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set xlabel "work-group size (work-items)"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside right top Left reverse samplen 2
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
plot "gflops_vs_local_noopt.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gflops_vs_local_noopt.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gflops_vs_local_noopt.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=3", "gflops_vs_local_noopt.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=4", "gflops_vs_local_noopt.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=6", "gflops_vs_local_noopt.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=8"
unset multiplot
unset output
