# bandwidth per variant and size, % of the datasheet peak (error bars: 1 sd)
# Drawn by clx from bandwidth.tsv (beside this file); run 'gnuplot bandwidth.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 896,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "bandwidth.svg"
set multiplot layout 1,1 title "bandwidth per variant and size, % of the datasheet peak (error bars: 1 sd)\nvecsum on pthread-skylake-avx512-AMD EPYC (Portable Computing Language, driver 3.1+debian), 2026-11-23\n" font ",12"
set ylabel "bandwidth (GB/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key off
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("naive" 0, "gridstride" 1, "float4" 2, "gs_float4" 3, "gs_f4_ilp2" 4, "gs_f4_ilp4" 5) rotate by 45 right
plot "bandwidth.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "N=1000003", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 896,530 noenhanced font "sans,10" background rgb "white"
set output "bandwidth.png"
set multiplot layout 1,1 title "bandwidth per variant and size, % of the datasheet peak (error bars: 1 sd)\nvecsum on pthread-skylake-avx512-AMD EPYC (Portable Computing Language, driver 3.1+debian), 2026-11-23\n" font ",12"
set ylabel "bandwidth (GB/s)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key off
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("naive" 0, "gridstride" 1, "float4" 2, "gs_float4" 3, "gs_f4_ilp2" 4, "gs_f4_ilp4" 5) rotate by 45 right
plot "bandwidth.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "N=1000003", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
