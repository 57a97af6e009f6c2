# fma chains against the derived FP32 peak
# Drawn by clx from fma_gflops.tsv (beside this file); run 'gnuplot fma_gflops.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 600,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "fma_gflops.svg"
set multiplot layout 1,1 title "fma chains against the derived FP32 peak\npeaks on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:0.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("fma" 0)
plot "fma_gflops.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "throughput", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, 66908.16 with lines dt 2 lw 1.5 lc rgb "#444444" title "FP32 peak 66908.2 GFLOP/s"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 600,530 noenhanced font "sans,10" background rgb "white"
set output "fma_gflops.png"
set multiplot layout 1,1 title "fma chains against the derived FP32 peak\npeaks on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:0.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("fma" 0)
plot "fma_gflops.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "throughput", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, 66908.16 with lines dt 2 lw 1.5 lc rgb "#444444" title "FP32 peak 66908.2 GFLOP/s"
unset multiplot
unset output
