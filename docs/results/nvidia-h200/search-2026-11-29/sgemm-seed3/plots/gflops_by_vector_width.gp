# best GFLOP/s for each pair of vector widths: VWM (loads of A) by VWN (loads of B), MNK=2048
# Drawn by clx from gflops_by_vector_width.tsv (beside this file); run 'gnuplot gflops_by_vector_width.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 836,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "gflops_by_vector_width.svg"
set multiplot layout 1,1 title "best GFLOP/s for each pair of vector widths: VWM (loads of A) by VWN (loads of B), MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "VWM"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.04, 0
set xtics ("1" 0, "2" 1, "4" 2, "8" 3)
plot "gflops_by_vector_width.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "VWN=1", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "VWN=2", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "VWN=4", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "VWN=8", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 836,530 noenhanced font "sans,10" background rgb "white"
set output "gflops_by_vector_width.png"
set multiplot layout 1,1 title "best GFLOP/s for each pair of vector widths: VWM (loads of A) by VWN (loads of B), MNK=2048\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "VWM"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.04, 0
set xtics ("1" 0, "2" 1, "4" 2, "8" 3)
plot "gflops_by_vector_width.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "VWN=1", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "VWN=2", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "VWN=4", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "gflops_by_vector_width.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "VWN=8", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
