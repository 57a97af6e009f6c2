# speed-up over all host cores, transfers included (mean over work-group sizes)
# Drawn by clx from speedup_vs_cpu.tsv (beside this file); run 'gnuplot speedup_vs_cpu.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 696,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "speedup_vs_cpu.svg"
set multiplot layout 1,1 title "speed-up over all host cores, transfers included (mean over work-group sizes)\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-22\n" font ",12"
set ylabel "speed-up over the host, transfers included"
set xlabel "Y: the n range split Y ways"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:0.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("128" 0)
plot "speedup_vs_cpu.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "float", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup_vs_cpu.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "double", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 696,530 noenhanced font "sans,10" background rgb "white"
set output "speedup_vs_cpu.png"
set multiplot layout 1,1 title "speed-up over all host cores, transfers included (mean over work-group sizes)\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-22\n" font ",12"
set ylabel "speed-up over the host, transfers included"
set xlabel "Y: the n range split Y ways"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:0.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("128" 0)
plot "speedup_vs_cpu.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "float", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup_vs_cpu.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "double", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
