# optimised vs -cl-opt-disable, one work-group of 32 (over the bars: times slower per operation)
# Drawn by clx from optnoopt.tsv (beside this file); run 'gnuplot optnoopt.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 956,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "optnoopt.svg"
set multiplot layout 1,1 title "optimised vs -cl-opt-disable, one work-group of 32 (over the bars: times slower per operation)\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "operations per second (device) (G-ops/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:7.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [0.031043875:34.06876]
set ytics (0.1, 0.3, 1, 3, 10, 30)
set xtics ("float_add" 0, "float_sub" 1, "float_mul" 2, "float_div" 3, "int_add" 4, "int_sub" 5, "int_mul" 6, "int_div" 7) rotate by 45 right
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 956,530 noenhanced font "sans,10" background rgb "white"
set output "optnoopt.png"
set multiplot layout 1,1 title "optimised vs -cl-opt-disable, one work-group of 32 (over the bars: times slower per operation)\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "operations per second (device) (G-ops/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:7.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [0.031043875:34.06876]
set ytics (0.1, 0.3, 1, 3, 10, 30)
set xtics ("float_add" 0, "float_sub" 1, "float_mul" 2, "float_div" 3, "int_add" 4, "int_sub" 5, "int_mul" 6, "int_div" 7) rotate by 45 right
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
