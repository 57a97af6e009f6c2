# copy bandwidth against work-group size, one line per ILP, VEC (GPC: work-groups per compute unit)
# Drawn by clx from gbs_vs_local.tsv (beside this file); run 'gnuplot gbs_vs_local.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1280,560 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gbs_vs_local.svg"
set multiplot layout 1,2 title "copy bandwidth against work-group size, one line per ILP, VEC (GPC: work-groups per compute unit)\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "bandwidth (GB/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
set title "GPC=1"
plot "gbs_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1 VEC=1", "gbs_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2 VEC=1", "gbs_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4 VEC=1", "gbs_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8 VEC=1", "gbs_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=1 VEC=2", "gbs_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=2 VEC=2", "gbs_vs_local.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "ILP=4 VEC=2", "gbs_vs_local.tsv" index 0 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "ILP=8 VEC=2", "gbs_vs_local.tsv" index 0 using 1:10 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#0072B2" dt 2 title "ILP=1 VEC=4", "gbs_vs_local.tsv" index 0 using 1:11 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#D55E00" dt 2 title "ILP=2 VEC=4", "gbs_vs_local.tsv" index 0 using 1:12 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#009E73" dt 2 title "ILP=4 VEC=4", "gbs_vs_local.tsv" index 0 using 1:13 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#CC79A7" dt 2 title "ILP=8 VEC=4", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "GPC=8"
plot "gbs_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1 VEC=1", "gbs_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2 VEC=1", "gbs_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4 VEC=1", "gbs_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8 VEC=1", "gbs_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=1 VEC=2", "gbs_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=2 VEC=2", "gbs_vs_local.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "ILP=4 VEC=2", "gbs_vs_local.tsv" index 1 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "ILP=8 VEC=2", "gbs_vs_local.tsv" index 1 using 1:10 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#0072B2" dt 2 title "ILP=1 VEC=4", "gbs_vs_local.tsv" index 1 using 1:11 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#D55E00" dt 2 title "ILP=2 VEC=4", "gbs_vs_local.tsv" index 1 using 1:12 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#009E73" dt 2 title "ILP=4 VEC=4", "gbs_vs_local.tsv" index 1 using 1:13 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#CC79A7" dt 2 title "ILP=8 VEC=4", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1280,560 noenhanced font "sans,10" background rgb "white"
set output "gbs_vs_local.png"
set multiplot layout 1,2 title "copy bandwidth against work-group size, one line per ILP, VEC (GPC: work-groups per compute unit)\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "bandwidth (GB/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
set title "GPC=1"
plot "gbs_vs_local.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1 VEC=1", "gbs_vs_local.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2 VEC=1", "gbs_vs_local.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4 VEC=1", "gbs_vs_local.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8 VEC=1", "gbs_vs_local.tsv" index 0 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=1 VEC=2", "gbs_vs_local.tsv" index 0 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=2 VEC=2", "gbs_vs_local.tsv" index 0 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "ILP=4 VEC=2", "gbs_vs_local.tsv" index 0 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "ILP=8 VEC=2", "gbs_vs_local.tsv" index 0 using 1:10 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#0072B2" dt 2 title "ILP=1 VEC=4", "gbs_vs_local.tsv" index 0 using 1:11 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#D55E00" dt 2 title "ILP=2 VEC=4", "gbs_vs_local.tsv" index 0 using 1:12 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#009E73" dt 2 title "ILP=4 VEC=4", "gbs_vs_local.tsv" index 0 using 1:13 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#CC79A7" dt 2 title "ILP=8 VEC=4", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "GPC=8"
plot "gbs_vs_local.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1 VEC=1", "gbs_vs_local.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2 VEC=1", "gbs_vs_local.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4 VEC=1", "gbs_vs_local.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8 VEC=1", "gbs_vs_local.tsv" index 1 using 1:6 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#E69F00" title "ILP=1 VEC=2", "gbs_vs_local.tsv" index 1 using 1:7 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#56B4E9" title "ILP=2 VEC=2", "gbs_vs_local.tsv" index 1 using 1:8 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#000000" title "ILP=4 VEC=2", "gbs_vs_local.tsv" index 1 using 1:9 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#994F00" title "ILP=8 VEC=2", "gbs_vs_local.tsv" index 1 using 1:10 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#0072B2" dt 2 title "ILP=1 VEC=4", "gbs_vs_local.tsv" index 1 using 1:11 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#D55E00" dt 2 title "ILP=2 VEC=4", "gbs_vs_local.tsv" index 1 using 1:12 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#009E73" dt 2 title "ILP=4 VEC=4", "gbs_vs_local.tsv" index 1 using 1:13 with linespoints lw 2 pt 8 ps 0.7 lc rgb "#CC79A7" dt 2 title "ILP=8 VEC=4", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
unset multiplot
unset output
