# verdicts per variant and build against A
# Drawn by clx from verdicts.tsv (beside this file); run 'gnuplot verdicts.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 912,550 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "verdicts.svg"
set multiplot layout 1,1 title "verdicts per variant and build against A\nA: volkov_fma on Intel(R) Xeon(R) Processor (Intel(R) OpenCL, driver 2026.22.10.0.01_160000), 2026-11-26\n" font ",12"
set ylabel "configurations"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:1.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("ILP=1 ((each))" 0, "ILP=4 ((each))" 1) rotate by 45 right
plot "verdicts.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SAME", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "FASTER", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "SLOWER", "" index 2 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "UNSURE", "" index 3 using 1:2:3 with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 912,550 noenhanced font "sans,10" background rgb "white"
set output "verdicts.png"
set multiplot layout 1,1 title "verdicts per variant and build against A\nA: volkov_fma on Intel(R) Xeon(R) Processor (Intel(R) OpenCL, driver 2026.22.10.0.01_160000), 2026-11-26\n" font ",12"
set ylabel "configurations"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:1.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("ILP=1 ((each))" 0, "ILP=4 ((each))" 1) rotate by 45 right
plot "verdicts.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SAME", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "FASTER", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "SLOWER", "" index 2 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "UNSURE", "" index 3 using 1:2:3 with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
