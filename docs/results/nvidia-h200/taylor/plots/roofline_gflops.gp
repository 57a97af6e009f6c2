# roofline at the largest data size, a point per number of terms
# Drawn by clx from roofline_gflops.tsv (beside this file); run 'gnuplot roofline_gflops.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 720,570 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "roofline_gflops.svg"
set multiplot layout 1,1 title "roofline at the largest data size, a point per number of terms\ntaylor on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",12"
set logscale xy
set xlabel "arithmetic intensity (FLOP/byte)"
set ylabel "throughput (GFLOP/s)"
set grid
set key inside bottom right Left reverse samplen 2 box opaque
set samples 500
set xrange [0.0937497:55.7568]
set yrange [36.5237:133816]
plot (x * 4800 < 66908.16 ? x * 4800 : 66908.16) with lines lw 2 lc rgb "#444444" title "roofline: 66908 GFLOP/s, 4800 GB/s", "roofline_gflops.tsv" index 0 using 1:2 with points pt 7 ps 1.3 lc rgb "#0072B2" title "base", "" index 0 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 1 using 1:2 with points pt 7 ps 1.3 lc rgb "#D55E00" title "vec", "" index 1 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 2 using 1:2 with points pt 7 ps 1.3 lc rgb "#009E73" title "for_consecutive", "" index 2 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 3 using 1:2 with points pt 7 ps 1.3 lc rgb "#CC79A7" title "for_strided", "" index 3 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 4 using 1:2 with points pt 7 ps 1.3 lc rgb "#E69F00" title "for_vec", "" index 4 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 720,570 noenhanced font "sans,10" background rgb "white"
set output "roofline_gflops.png"
set multiplot layout 1,1 title "roofline at the largest data size, a point per number of terms\ntaylor on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",12"
set logscale xy
set xlabel "arithmetic intensity (FLOP/byte)"
set ylabel "throughput (GFLOP/s)"
set grid
set key inside bottom right Left reverse samplen 2 box opaque
set samples 500
set xrange [0.0937497:55.7568]
set yrange [36.5237:133816]
plot (x * 4800 < 66908.16 ? x * 4800 : 66908.16) with lines lw 2 lc rgb "#444444" title "roofline: 66908 GFLOP/s, 4800 GB/s", "roofline_gflops.tsv" index 0 using 1:2 with points pt 7 ps 1.3 lc rgb "#0072B2" title "base", "" index 0 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 1 using 1:2 with points pt 7 ps 1.3 lc rgb "#D55E00" title "vec", "" index 1 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 2 using 1:2 with points pt 7 ps 1.3 lc rgb "#009E73" title "for_consecutive", "" index 2 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 3 using 1:2 with points pt 7 ps 1.3 lc rgb "#CC79A7" title "for_strided", "" index 3 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle, "roofline_gflops.tsv" index 4 using 1:2 with points pt 7 ps 1.3 lc rgb "#E69F00" title "for_vec", "" index 4 using 1:2:(stringcolumn(3) eq "-" ? "" : stringcolumn(3)) with labels offset 0,1.1 center font ",8" notitle
unset multiplot
unset output
