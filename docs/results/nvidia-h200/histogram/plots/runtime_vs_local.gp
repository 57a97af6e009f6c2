# runtime against work-group size
# Drawn by clx from runtime_vs_local.tsv (beside this file); run 'gnuplot runtime_vs_local.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1280,1030 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "runtime_vs_local.svg"
set multiplot layout 2,2 title "runtime against work-group size\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "median time (ms)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale x 2
set logscale y
set yrange [0.0061217391:27.09584]
set ytics (0.01, 0.1, 1, 10)
set title "N=1M BINS=32"
plot "runtime_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=1M BINS=4096"
plot "runtime_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=100M BINS=32"
plot "runtime_vs_local.tsv" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 2 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 2 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=100M BINS=4096"
plot "runtime_vs_local.tsv" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 3 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 3 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1280,1030 noenhanced font "sans,10" background rgb "white"
set output "runtime_vs_local.png"
set multiplot layout 2,2 title "runtime against work-group size\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "median time (ms)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale x 2
set logscale y
set yrange [0.0061217391:27.09584]
set ytics (0.01, 0.1, 1, 10)
set title "N=1M BINS=32"
plot "runtime_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=1M BINS=4096"
plot "runtime_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=100M BINS=32"
plot "runtime_vs_local.tsv" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 2 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 2 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
set title "N=100M BINS=4096"
plot "runtime_vs_local.tsv" index 3 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "naive", "runtime_vs_local.tsv" index 3 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "coalesced", "runtime_vs_local.tsv" index 3 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "gridstride", "runtime_vs_local.tsv" index 3 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "private"
unset multiplot
unset output
