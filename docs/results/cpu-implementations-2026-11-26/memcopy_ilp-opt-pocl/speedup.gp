# speed-up per unit of work against A (geometric mean over the configurations in common)
# Drawn by clx from speedup.tsv (beside this file); run 'gnuplot speedup.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1104,550 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "speedup.svg"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: memcopy_ilp on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing Language, driver 3.1+debian), 2026-11-26\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("VEC=1,ILP=1 ((each))" 0, "VEC=1,ILP=8 ((each))" 1, "VEC=2,ILP=1 ((each))" 2, "VEC=2,ILP=8 ((each))" 3, "VEC=4,ILP=1 ((each))" 4, "VEC=4,ILP=8 ((each))" 5) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: build -cl-opt-disable", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1104,550 noenhanced font "sans,10" background rgb "white"
set output "speedup.png"
set multiplot layout 1,1 title "speed-up per unit of work against A (geometric mean over the configurations in common)\nA: memcopy_ilp on pthread-skylake-avx512-Intel(R) Xeon(R) Processor (Portable Computing Language, driver 3.1+debian), 2026-11-26\n" font ",12"
set ylabel "speed-up per unit of work (geometric mean)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("VEC=1,ILP=1 ((each))" 0, "VEC=1,ILP=8 ((each))" 1, "VEC=2,ILP=1 ((each))" 2, "VEC=2,ILP=8 ((each))" 3, "VEC=4,ILP=1 ((each))" 4, "VEC=4,ILP=8 ((each))" 5) rotate by 45 right
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "B: build -cl-opt-disable", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, 1 with lines dt 2 lc rgb "#444444" notitle
unset multiplot
unset output
