# verdicts per variant and build against A
# Drawn by clx from verdicts.tsv (beside this file); run 'gnuplot verdicts.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1144,550 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "verdicts.svg"
set multiplot layout 1,1 title "verdicts per variant and build against A\nA: vecsum on llvmpipe (LLVM 15.0.6, 256 bits) (rusticl, driver 22.3.6), 2026-11-26\n" font ",12"
set ylabel "configurations"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("naive ((each))" 0, "gridstride ((each))" 1, "float4 ((each))" 2, "gs_float4 ((each))" 3, "gs_f4_ilp2 ((each))" 4, "gs_f4_ilp4 ((each))" 5) rotate by 45 right
plot "verdicts.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SAME", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "FASTER", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "SLOWER", "" index 2 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "UNSURE", "" index 3 using 1:2:3 with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1144,550 noenhanced font "sans,10" background rgb "white"
set output "verdicts.png"
set multiplot layout 1,1 title "verdicts per variant and build against A\nA: vecsum on llvmpipe (LLVM 15.0.6, 256 bits) (rusticl, driver 22.3.6), 2026-11-26\n" font ",12"
set ylabel "configurations"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.2000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics ("naive ((each))" 0, "gridstride ((each))" 1, "float4 ((each))" 2, "gs_float4 ((each))" 3, "gs_f4_ilp2 ((each))" 4, "gs_f4_ilp4 ((each))" 5) rotate by 45 right
plot "verdicts.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "SAME", "" index 0 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "FASTER", "" index 1 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 2 using 1:2 with boxes lc rgb "#009E73" title "SLOWER", "" index 2 using 1:2:3 with labels offset 0,0.7 font ",8" notitle, "verdicts.tsv" index 3 using 1:2 with boxes lc rgb "#CC79A7" title "UNSURE", "" index 3 using 1:2:3 with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
