# memory streams against the datasheet bandwidth
# Drawn by clx from stream_gbs.tsv (beside this file); run 'gnuplot stream_gbs.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 972,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "stream_gbs.svg"
set multiplot layout 1,1 title "memory streams against the datasheet bandwidth\npeaks on NVIDIA H100 80GB HBM3 (NVIDIA CUDA, driver 580.159.04), 2026-11-26\n" font ",12"
set ylabel "bandwidth (GB/s)"
set xlabel "variant"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("read_f" 0, "read_f4" 1, "read_d" 2, "write_f" 3, "write_f4" 4, "write_d" 5, "copy_f" 6, "copy_f4" 7, "copy_d" 8, "triad_f" 9, "triad_f4" 10, "triad_d" 11) rotate by 45 right
plot "stream_gbs.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "bandwidth", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, 3350 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 3350 GB/s"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 972,530 noenhanced font "sans,10" background rgb "white"
set output "stream_gbs.png"
set multiplot layout 1,1 title "memory streams against the datasheet bandwidth\npeaks on NVIDIA H100 80GB HBM3 (NVIDIA CUDA, driver 580.159.04), 2026-11-26\n" font ",12"
set ylabel "bandwidth (GB/s)"
set xlabel "variant"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:11.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("read_f" 0, "read_f4" 1, "read_d" 2, "write_f" 3, "write_f4" 4, "write_d" 5, "copy_f" 6, "copy_f4" 7, "copy_d" 8, "triad_f" 9, "triad_f4" 10, "triad_d" 11) rotate by 45 right
plot "stream_gbs.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "bandwidth", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, 3350 with lines dt 2 lw 1.5 lc rgb "#444444" title "bandwidth peak 3350 GB/s"
unset multiplot
unset output
