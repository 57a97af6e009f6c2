# each row's share of its speed of light against its time, a colour per bound, default
# Drawn by clx from sol.tsv (beside this file); run 'gnuplot sol.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 860,630 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "sol.svg"
set multiplot layout 1,1 title "each row's share of its speed of light against its time, a colour per bound, default\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set xlabel "median time (ms)"
set ylabel "of the speed of light (%)"
set grid
set key outside right top Left reverse samplen 2
set logscale x
set yrange [0:110 < * ]
plot "sol.tsv" index 0 using 1:2 with points pt 7 ps 1.1 lc rgb "#0072B2" title "bound=local", "sol.tsv" index 1 using 1:2 with points pt 7 ps 1.1 lc rgb "#D55E00" title "bound=fp32", 100 with lines dt 2 lw 1.5 lc rgb "#444444" title "peak 100 %"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 860,630 noenhanced font "sans,10" background rgb "white"
set output "sol.png"
set multiplot layout 1,1 title "each row's share of its speed of light against its time, a colour per bound, default\nsgemm on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-29\n" font ",12"
set xlabel "median time (ms)"
set ylabel "of the speed of light (%)"
set grid
set key outside right top Left reverse samplen 2
set logscale x
set yrange [0:110 < * ]
plot "sol.tsv" index 0 using 1:2 with points pt 7 ps 1.1 lc rgb "#0072B2" title "bound=local", "sol.tsv" index 1 using 1:2 with points pt 7 ps 1.1 lc rgb "#D55E00" title "bound=fp32", 100 with lines dt 2 lw 1.5 lc rgb "#444444" title "peak 100 %"
unset multiplot
unset output
