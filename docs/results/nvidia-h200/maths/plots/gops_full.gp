# throughput at 8 work-groups per compute unit, best work-group size; labels: x float add
# Drawn by clx from gops_full.tsv (beside this file); run 'gnuplot gops_full.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 776,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gops_full.svg"
set multiplot layout 1,1 title "throughput at 8 work-groups per compute unit, best work-group size; labels: x float add\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "operations per second (device) (G-ops/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:7.6]
set grid ytics
set key off
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("float_add" 0, "float_sub" 1, "float_mul" 2, "float_div" 3, "int_add" 4, "int_sub" 5, "int_mul" 6, "int_div" 7) rotate by 45 right
plot "gops_full.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "operations per second (device)", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 776,530 noenhanced font "sans,10" background rgb "white"
set output "gops_full.png"
set multiplot layout 1,1 title "throughput at 8 work-groups per compute unit, best work-group size; labels: x float add\nmaths on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "operations per second (device) (G-ops/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:7.6]
set grid ytics
set key off
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("float_add" 0, "float_sub" 1, "float_mul" 2, "float_div" 3, "int_add" 4, "int_sub" 5, "int_mul" 6, "int_div" 7) rotate by 45 right
plot "gops_full.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "operations per second (device)", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
