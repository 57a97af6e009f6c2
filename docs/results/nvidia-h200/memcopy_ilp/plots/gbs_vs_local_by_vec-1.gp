# copy bandwidth against work-group size, a panel per access width (VEC floats), a line per ILP; work-groups per CU, GPC=1
# Drawn by clx from gbs_vs_local_by_vec-1.tsv (beside this file); run 'gnuplot gbs_vs_local_by_vec-1.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1900,560 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gbs_vs_local_by_vec-1.svg"
set multiplot layout 1,3 title "copy bandwidth against work-group size, a panel per access width (VEC floats), a line per ILP; work-groups per CU, GPC=1\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "bandwidth (GB/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
set title "VEC=1"
plot "gbs_vs_local_by_vec-1.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "VEC=2"
plot "gbs_vs_local_by_vec-1.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "VEC=4"
plot "gbs_vs_local_by_vec-1.tsv" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1900,560 noenhanced font "sans,10" background rgb "white"
set output "gbs_vs_local_by_vec-1.png"
set multiplot layout 1,3 title "copy bandwidth against work-group size, a panel per access width (VEC floats), a line per ILP; work-groups per CU, GPC=1\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "bandwidth (GB/s)"
set grid
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set xtics 128
set xrange [2.24:1053.76]
set yrange [0:*]
set title "VEC=1"
plot "gbs_vs_local_by_vec-1.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "VEC=2"
plot "gbs_vs_local_by_vec-1.tsv" index 1 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 1 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
set title "VEC=4"
plot "gbs_vs_local_by_vec-1.tsv" index 2 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "ILP=1", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "ILP=2", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "ILP=4", "gbs_vs_local_by_vec-1.tsv" index 2 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "ILP=8", 4800 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 4800 GB/s"
unset multiplot
unset output
