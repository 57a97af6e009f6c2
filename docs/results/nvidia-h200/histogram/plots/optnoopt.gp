# optimised vs -cl-opt-disable
# Drawn by clx from optnoopt.tsv (beside this file); run 'gnuplot optnoopt.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1216,970 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "optnoopt.svg"
set multiplot layout 2,2 title "optimised vs -cl-opt-disable\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "median time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.0044:50.88182]
set ytics (0.01, 0.1, 1, 10)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M BINS=32"
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=1M BINS=4096"
plot "optnoopt.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M BINS=32"
plot "optnoopt.tsv" index 4 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 4 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 4 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 5 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 5 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 5 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M BINS=4096"
plot "optnoopt.tsv" index 6 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 6 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 6 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 7 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 7 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 7 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1216,970 noenhanced font "sans,10" background rgb "white"
set output "optnoopt.png"
set multiplot layout 2,2 title "optimised vs -cl-opt-disable\nhistogram on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "median time (ms)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:3.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.0044:50.88182]
set ytics (0.01, 0.1, 1, 10)
set xtics ("naive" 0, "coalesced" 1, "gridstride" 2, "private" 3) rotate by 45 right
set title "N=1M BINS=32"
plot "optnoopt.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=1M BINS=4096"
plot "optnoopt.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M BINS=32"
plot "optnoopt.tsv" index 4 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 4 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 4 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 5 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 5 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 5 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "N=100M BINS=4096"
plot "optnoopt.tsv" index 6 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 6 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 6 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "optnoopt.tsv" index 7 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 7 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 7 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
