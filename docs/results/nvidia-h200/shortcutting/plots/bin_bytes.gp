# program binary (PTX text on NVIDIA, .func helpers included), optimised vs -cl-opt-disable
# Drawn by clx from bin_bytes.tsv (beside this file); run 'gnuplot bin_bytes.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1440,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "bin_bytes.svg"
set multiplot layout 1,1 title "program binary (PTX text on NVIDIA, .func helpers included), optimised vs -cl-opt-disable\nshortcutting on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "program binary size (bytes)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:13.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("const_one" 0, "dead_const" 1, "dead_input" 2, "dead_loop" 3, "one_loc" 4, "four_float" 5, "four_int" 6, "fold_const" 7, "const_loop" 8, "local_unread" 9, "gid_once" 10, "gid_repeat" 11, "lid_once" 12, "lid_repeat" 13) rotate by 45 right
plot "bin_bytes.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "bin_bytes.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1440,530 noenhanced font "sans,10" background rgb "white"
set output "bin_bytes.png"
set multiplot layout 1,1 title "program binary (PTX text on NVIDIA, .func helpers included), optimised vs -cl-opt-disable\nshortcutting on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-23\n" font ",12"
set ylabel "program binary size (bytes)"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.4000 absolute
set xrange [-0.6:13.6]
set grid ytics
set key outside right top Left reverse samplen 2
set yrange [0:*]
set offsets 0, 0, graph 0.15, 0
set xtics ("const_one" 0, "dead_const" 1, "dead_input" 2, "dead_loop" 3, "one_loc" 4, "four_float" 5, "four_int" 6, "fold_const" 7, "const_loop" 8, "local_unread" 9, "gid_once" 10, "gid_repeat" 11, "lid_once" 12, "lid_repeat" 13) rotate by 45 right
plot "bin_bytes.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "default", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 0 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle, "bin_bytes.tsv" index 1 using 1:2 with boxes lc rgb "#D55E00" title "-cl-opt-disable", "" index 1 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle, "" index 1 using 1:($2+$3):(stringcolumn(4) eq "-" ? "" : stringcolumn(4)) with labels rotate by 90 left offset 0,0.4 font ",8" notitle
unset multiplot
unset output
