# optimised vs -cl-opt-disable, best work-group size and grid
# Drawn by clx from optnoopt.tsv (beside this file); run 'gnuplot optnoopt.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1284,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "optnoopt.svg"
set multiplot layout 1,1 title "optimised vs -cl-opt-disable, best work-group size and grid\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "bandwidth (GB/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [277.54812:8713.386]
set ytics (500, 1000, 2000, 5000)
set xtics ("VEC=1,ILP=1" 0, "VEC=1,ILP=2" 1, "VEC=1,ILP=4" 2, "VEC=1,ILP=8" 3, "VEC=2,ILP=1" 4, "VEC=2,ILP=2" 5, "VEC=2,ILP=4" 6, "VEC=2,ILP=8" 7, "VEC=4,ILP=1" 8, "VEC=4,ILP=2" 9, "VEC=4,ILP=4" 10, "VEC=4,ILP=8" 11) rotate by 45 right
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1284,530 noenhanced font "sans,10" background rgb "white"
set output "optnoopt.png"
set multiplot layout 1,1 title "optimised vs -cl-opt-disable, best work-group size and grid\nmemcopy_ilp on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "bandwidth (GB/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [277.54812:8713.386]
set ytics (500, 1000, 2000, 5000)
set xtics ("VEC=1,ILP=1" 0, "VEC=1,ILP=2" 1, "VEC=1,ILP=4" 2, "VEC=1,ILP=8" 3, "VEC=2,ILP=1" 4, "VEC=2,ILP=2" 5, "VEC=2,ILP=4" 6, "VEC=2,ILP=8" 7, "VEC=4,ILP=1" 8, "VEC=4,ILP=2" 9, "VEC=4,ILP=4" 10, "VEC=4,ILP=8" 11) rotate by 45 right
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
