# runtime per kernel (best work-group size)
# Drawn by clx from runtime.tsv (beside this file); run 'gnuplot runtime.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1216,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "runtime.svg"
set multiplot layout 1,2 title "runtime per kernel (best work-group size)\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "median time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.0044:29.24727]
set ytics (0.01, 0.1, 1, 10)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M"
plot "runtime.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "runtime.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
set title "N=100M"
plot "runtime.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "runtime.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1216,530 noenhanced font "sans,10" background rgb "white"
set output "runtime.png"
set multiplot layout 1,2 title "runtime per kernel (best work-group size)\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "median time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.0044:29.24727]
set ytics (0.01, 0.1, 1, 10)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M"
plot "runtime.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "runtime.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
set title "N=100M"
plot "runtime.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "runtime.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
