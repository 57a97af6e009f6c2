# best GFLOP/s for each work-group tile of C (MWG x NWG), over every other parameter, MNK=2048
# Drawn by clx from gflops_vs_tile.tsv (beside this file); run 'gnuplot gflops_vs_tile.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 940,610 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gflops_vs_tile.svg"
set multiplot layout 1,1 title "best GFLOP/s for each work-group tile of C (MWG x NWG), over every other parameter, MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set xlabel "MWG"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside right top Left reverse samplen 2
set xtics 16
set xrange [12.64:131.36]
set yrange [0:*]
plot "gflops_vs_tile.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "NWG=16", "gflops_vs_tile.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "NWG=32", "gflops_vs_tile.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "NWG=64", "gflops_vs_tile.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "NWG=128", 66908.16 with lines dt 2 lw 1.5 lc rgb "#444444" title "FP32 peak 66908.2 GFLOP/s"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 940,610 noenhanced font "sans,10" background rgb "white"
set output "gflops_vs_tile.png"
set multiplot layout 1,1 title "best GFLOP/s for each work-group tile of C (MWG x NWG), over every other parameter, MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set xlabel "MWG"
set ylabel "throughput (GFLOP/s)"
set grid
set key outside right top Left reverse samplen 2
set xtics 16
set xrange [12.64:131.36]
set yrange [0:*]
plot "gflops_vs_tile.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "NWG=16", "gflops_vs_tile.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "NWG=32", "gflops_vs_tile.tsv" index 0 using 1:4 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#009E73" title "NWG=64", "gflops_vs_tile.tsv" index 0 using 1:5 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#CC79A7" title "NWG=128", 66908.16 with lines dt 2 lw 1.5 lc rgb "#444444" title "FP32 peak 66908.2 GFLOP/s"
unset multiplot
unset output
