# speed-up over naive, work-groups of 256 (the seed's block size)
# Drawn by clx from speedup.tsv (beside this file); run 'gnuplot speedup.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1216,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "speedup.svg"
set multiplot layout 1,2 title "speed-up over naive, work-groups of 256 (the seed's block size)\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "speed-up over naive (x)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.625:310.86]
set ytics (1, 3, 10, 30, 100, 300)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M"
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M"
plot "speedup.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1216,530 noenhanced font "sans,10" background rgb "white"
set output "speedup.png"
set multiplot layout 1,2 title "speed-up over naive, work-groups of 256 (the seed's block size)\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "speed-up over naive (x)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.625:310.86]
set ytics (1, 3, 10, 30, 100, 300)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M"
plot "speedup.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M"
plot "speedup.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "BINS=32", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "speedup.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "BINS=4096", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
