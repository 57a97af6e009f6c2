# work-groups of 32, ILP 1: a line per grid (GPC work-groups per compute unit), optimised and -cl-opt-disable
# Drawn by clx from gflops_vs_lmem_by_grid.tsv (beside this file); run 'gnuplot gflops_vs_lmem_by_grid.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1280,560 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gflops_vs_lmem_by_grid.svg"
set multiplot layout 1,2 title "work-groups of 32, ILP 1: a line per grid (GPC work-groups per compute unit), optimised and -cl-opt-disable\noccupancy_static on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "local array per work-group (KiB)"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 8
set xrange [-1.32:45.32]
set logscale y
set yrange [12.450957:66599.95]
set ytics (100, 1000, 10000)
set title "default"
plot "gflops_vs_lmem_by_grid.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "GPC=1", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "GPC=2", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "GPC=4", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "GPC=8", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "GPC=16", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "GPC=32", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "GPC=64"
set title "-cl-opt-disable"
plot "gflops_vs_lmem_by_grid.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "GPC=1", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "GPC=2", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "GPC=4", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "GPC=8", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "GPC=16", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "GPC=32", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "GPC=64"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1280,560 noenhanced font "sans,10" background rgb "white"
set output "gflops_vs_lmem_by_grid.png"
set multiplot layout 1,2 title "work-groups of 32, ILP 1: a line per grid (GPC work-groups per compute unit), optimised and -cl-opt-disable\noccupancy_static on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "local array per work-group (KiB)"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 8
set xrange [-1.32:45.32]
set logscale y
set yrange [12.450957:66599.95]
set ytics (100, 1000, 10000)
set title "default"
plot "gflops_vs_lmem_by_grid.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "GPC=1", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "GPC=2", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "GPC=4", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "GPC=8", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "GPC=16", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "GPC=32", "gflops_vs_lmem_by_grid.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "GPC=64"
set title "-cl-opt-disable"
plot "gflops_vs_lmem_by_grid.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "GPC=1", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "GPC=2", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "GPC=4", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "GPC=8", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "GPC=16", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "GPC=32", "gflops_vs_lmem_by_grid.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "GPC=64"
unset multiplot
unset output
