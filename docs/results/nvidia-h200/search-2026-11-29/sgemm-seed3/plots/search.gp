# The search's trajectory
# Drawn by clx from search.tsv (beside this file); run 'gnuplot search.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 800,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "search.svg"
set multiplot layout 1,1 title "sgemm: the search's trajectory\nNVIDIA H200, driver 580.159.04\n" font ",12"
set xlabel "device seconds spent (builds and rounds)"
set ylabel "throughput (GFLOP/s)"
set grid xtics ytics
set key bottom right
plot "search.tsv" index 0 using 1:2 with points pt 7 ps 0.5 lc rgb "#009E73" title "each round", "search.tsv" index 0 using 1:3 with steps lw 2.5 lc rgb "#0072B2" title "the best so far"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 800,530 noenhanced font "sans,10" background rgb "white"
set output "search.png"
set multiplot layout 1,1 title "sgemm: the search's trajectory\nNVIDIA H200, driver 580.159.04\n" font ",12"
set xlabel "device seconds spent (builds and rounds)"
set ylabel "throughput (GFLOP/s)"
set grid xtics ytics
set key bottom right
plot "search.tsv" index 0 using 1:2 with points pt 7 ps 0.5 lc rgb "#009E73" title "each round", "search.tsv" index 0 using 1:3 with steps lw 2.5 lc rgb "#0072B2" title "the best so far"
unset multiplot
unset output
