# Load latency against footprint
# Drawn by clx from latency.tsv (beside this file); run 'gnuplot latency.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 800,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "latency.svg"
set multiplot layout 1,1 title "Load latency against footprint (pointer chase, one work-item)\nNVIDIA H100 80GB HBM3, driver 580.159.04\n" font ",12"
set logscale x 2
set logscale y
set xlabel "footprint (bytes)"
set ylabel "latency per load (ns)"
set grid xtics ytics
set key top left Left reverse
set format x "%.0b%B"
set xrange [3150.769231:348966092.8]
set yrange [14.241071:560.6048]
set ytics (20, 50, 100, 200, 500)
set xtics ("4 KiB" 4096, "16 KiB" 16384, "64 KiB" 65536, "256 KiB" 262144, "1 MiB" 1048576, "4 MiB" 4194304, "16 MiB" 16777216, "64 MiB" 67108864, "256 MiB" 268435456)
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 2 lc rgb "#444444"
set label "last-level cache 50 MiB" at 52428800, graph 0.96 right offset -0.5,0 font ",9"
plot "latency.tsv" index 1 using 1:2 with lines lw 5 lc rgb "#D55E00" title "levels (median of each plateau)", "latency.tsv" index 0 using 1:2:3:4 with yerrorlines lw 1.5 pt 7 ps 0.6 lc rgb "#0072B2" title "median of the trials (bars: their range)"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 800,530 noenhanced font "sans,10" background rgb "white"
set output "latency.png"
set multiplot layout 1,1 title "Load latency against footprint (pointer chase, one work-item)\nNVIDIA H100 80GB HBM3, driver 580.159.04\n" font ",12"
set logscale x 2
set logscale y
set xlabel "footprint (bytes)"
set ylabel "latency per load (ns)"
set grid xtics ytics
set key top left Left reverse
set format x "%.0b%B"
set xrange [3150.769231:348966092.8]
set yrange [14.241071:560.6048]
set ytics (20, 50, 100, 200, 500)
set xtics ("4 KiB" 4096, "16 KiB" 16384, "64 KiB" 65536, "256 KiB" 262144, "1 MiB" 1048576, "4 MiB" 4194304, "16 MiB" 16777216, "64 MiB" 67108864, "256 MiB" 268435456)
set arrow from 52428800, graph 0 to 52428800, graph 1 nohead dt 2 lc rgb "#444444"
set label "last-level cache 50 MiB" at 52428800, graph 0.96 right offset -0.5,0 font ",9"
plot "latency.tsv" index 1 using 1:2 with lines lw 5 lc rgb "#D55E00" title "levels (median of each plateau)", "latency.tsv" index 0 using 1:2:3:4 with yerrorlines lw 1.5 pt 7 ps 0.6 lc rgb "#0072B2" title "median of the trials (bars: their range)"
unset multiplot
unset output
