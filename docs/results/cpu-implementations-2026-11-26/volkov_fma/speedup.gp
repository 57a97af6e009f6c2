# speed-up per unit of work against A (geometric mean over the configurations in common)
# Drawn by clx from speedup.tsv (beside this file); run 'gnuplot speedup.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1096,550 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "speedup.svg"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: volkov_fma on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing Language, driver 3.1+debian), 2026-11-26\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [0.028161216:41.693363]
set ytics (0.03, 0.1, 0.3, 1, 3, 10, 30)
set xtics ("ILP=1 (default)" 0, "ILP=1 (-cl-opt-disable)" 1, "ILP=4 (default)" 2, "ILP=4 (-cl-opt-disable)" 3) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: Intel(R) OpenCL", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "C: rusticl", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1096,550 noenhanced font "sans,10" background rgb "white"
set output "speedup.png"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: volkov_fma on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing Language, driver 3.1+debian), 2026-11-26\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside right top Left reverse samplen 2
set logscale y
set yrange [0.028161216:41.693363]
set ytics (0.03, 0.1, 0.3, 1, 3, 10, 30)
set xtics ("ILP=1 (default)" 0, "ILP=1 (-cl-opt-disable)" 1, "ILP=4 (default)" 2, "ILP=4 (-cl-opt-disable)" 3) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: Intel(R) OpenCL", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "C: rusticl", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
