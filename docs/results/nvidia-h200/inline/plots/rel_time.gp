# time relative to the #define form, per build
# Drawn by clx from rel_time.tsv (beside this file); run 'gnuplot rel_time.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1380,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "rel_time.svg"
set multiplot layout 1,2 title "time relative to the #define form, per build\ninline on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "time / time of #define, same build"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:4.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.6229375:73.744]
set ytics (1, 3, 10, 30)
set xtics ("define" 0, "func" 1, "static_inline" 2, "always_inline" 3, "noinline" 4) rotate by 45 right
set title "local=64"
plot "rel_time.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "rel_time.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "local=256"
plot "rel_time.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "rel_time.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1380,530 noenhanced font "sans,10" background rgb "white"
set output "rel_time.png"
set multiplot layout 1,2 title "time relative to the #define form, per build\ninline on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",13"
set ylabel "time / time of #define, same build"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:4.6]
set grid ytics
set key outside top center horizontal Left reverse samplen 2 font ",9" maxcols 4
set logscale y
set yrange [0.6229375:73.744]
set ytics (1, 3, 10, 30)
set xtics ("define" 0, "func" 1, "static_inline" 2, "always_inline" 3, "noinline" 4) rotate by 45 right
set title "local=64"
plot "rel_time.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "rel_time.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
set title "local=256"
plot "rel_time.tsv" index 2 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 2 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 2 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle, "rel_time.tsv" index 3 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 3 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 3 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels offset 0,0.7 font ",8" notitle
unset multiplot
unset output
