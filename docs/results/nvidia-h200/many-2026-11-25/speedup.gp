# speed-up per unit of work against A (geometric mean over the configurations in common)
# Drawn by clx from speedup.tsv (beside this file); run 'gnuplot speedup.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1012,550 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "speedup.svg"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: vecsum on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("naive (default)" 0, "naive (-cl-opt-disable)" 1, "gridstride (default)" 2, "gridstride (-cl-opt-disable)" 3, "float4 (default)" 4, "float4 (-cl-opt-disable)" 5, "gs_float4 (default)" 6, "gs_float4 (-cl-opt-disable)" 7, "gs_f4_ilp2 (default)" 8, "gs_f4_ilp2 (-cl-opt-disable)" 9, "gs_f4_ilp4 (default)" 10, "gs_f4_ilp4 (-cl-opt-disable)" 11) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: NVIDIA H200, 2026-11-25", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1012,550 noenhanced font "sans,10" background rgb "white"
set output "speedup.png"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: vecsum on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("naive (default)" 0, "naive (-cl-opt-disable)" 1, "gridstride (default)" 2, "gridstride (-cl-opt-disable)" 3, "float4 (default)" 4, "float4 (-cl-opt-disable)" 5, "gs_float4 (default)" 6, "gs_float4 (-cl-opt-disable)" 7, "gs_f4_ilp2 (default)" 8, "gs_f4_ilp2 (-cl-opt-disable)" 9, "gs_f4_ilp4 (default)" 10, "gs_f4_ilp4 (-cl-opt-disable)" 11) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: NVIDIA H200, 2026-11-25", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
