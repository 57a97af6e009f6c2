# mean time +/- sd per variant and size (the seed's table)
# Drawn by clx from time.tsv (beside this file); run 'gnuplot time.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 896,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "time.svg"
set multiplot layout 1,1 title "mean time +/- sd per variant and size (the seed's table)\nvecsum on pthread-skylake-avx512-AMD EPYC (Portable Computing Language, driver 3.1+debian), 2026-11-23\n" font ",12"
set ylabel "mean time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key off
set logscale y
set yrange [0.11451437:10.490285]
set ytics (0.2, 0.5, 1, 2, 5, 10)
set xtics ("naive" 0, "gridstride" 1, "float4" 2, "gs_float4" 3, "gs_f4_ilp2" 4, "gs_f4_ilp4" 5) rotate by 45 right
plot "time.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "N=1000003", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 896,530 noenhanced font "sans,10" background rgb "white"
set output "time.png"
set multiplot layout 1,1 title "mean time +/- sd per variant and size (the seed's table)\nvecsum on pthread-skylake-avx512-AMD EPYC (Portable Computing Language, driver 3.1+debian), 2026-11-23\n" font ",12"
set ylabel "mean time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:5.6]
set grid ytics
set key off
set logscale y
set yrange [0.11451437:10.490285]
set ytics (0.2, 0.5, 1, 2, 5, 10)
set xtics ("naive" 0, "gridstride" 1, "float4" 2, "gs_float4" 3, "gs_f4_ilp2" 4, "gs_f4_ilp4" 5) rotate by 45 right
plot "time.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "N=1000003", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
