# GFLOP/s, optimised vs -cl-opt-disable (ratio: slowdown per flop)
# Drawn by clx from optnoopt.tsv (beside this file); run 'gnuplot optnoopt.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 624,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "optnoopt.svg"
set multiplot layout 1,1 title "GFLOP/s, optimised vs -cl-opt-disable (ratio: slowdown per flop)\noptflags on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:2.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [179.69687:102183.4]
set ytics (300, 1000, 3000, 10000, 30000, 100000)
set xtics ("prag" 0, "noprag" 1, "fma" 2)
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 624,530 noenhanced font "sans,10" background rgb "white"
set output "optnoopt.png"
set multiplot layout 1,1 title "GFLOP/s, optimised vs -cl-opt-disable (ratio: slowdown per flop)\noptflags on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:2.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [179.69687:102183.4]
set ytics (300, 1000, 3000, 10000, 30000, 100000)
set xtics ("prag" 0, "noprag" 1, "fma" 2)
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
