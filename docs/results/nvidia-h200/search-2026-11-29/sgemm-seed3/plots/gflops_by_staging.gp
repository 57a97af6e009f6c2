# best GFLOP/s with A (SA) and B (SB) staged in __local memory or read from global memory, MNK=2048
# Drawn by clx from gflops_by_staging.tsv (beside this file); run 'gnuplot gflops_by_staging.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 856,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gflops_by_staging.svg"
set multiplot layout 1,1 title "best GFLOP/s with A (SA) and B (SB) staged in __local memory or read from global memory, MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "SA"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:1.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("0" 0, "1" 1)
plot "gflops_by_staging.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SB=0", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "gflops_by_staging.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "SB=1", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 856,530 noenhanced font "sans,10" background rgb "white"
set output "gflops_by_staging.png"
set multiplot layout 1,1 title "best GFLOP/s with A (SA) and B (SB) staged in __local memory or read from global memory, MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "SA"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:1.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("0" 0, "1" 1)
plot "gflops_by_staging.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SB=0", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "gflops_by_staging.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "SB=1", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
