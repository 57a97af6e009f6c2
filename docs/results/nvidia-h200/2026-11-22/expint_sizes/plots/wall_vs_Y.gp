# offload wall time (upload, kernel, download) against Y (mean over work-group sizes)
# Drawn by clx from wall_vs_Y.tsv (beside this file); run 'gnuplot wall_vs_Y.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 940,610 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "wall_vs_Y.svg"
set multiplot layout 1,1 title "offload wall time (upload, kernel, download) against Y (mean over work-group sizes)\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-22\n" font ",12"
set xlabel "Y: the n range split Y ways (work-items in dimension 1)"
set ylabel "wall time with transfers (ms)"
set grid
set key outside right top Left reverse samplen 2
set logscale x 2
set logscale y
set yrange [36.289734:88.212143]
set ytics (50, 70)
plot "wall_vs_Y.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float", "wall_vs_Y.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "double"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 940,610 noenhanced font "sans,10" background rgb "white"
set output "wall_vs_Y.png"
set multiplot layout 1,1 title "offload wall time (upload, kernel, download) against Y (mean over work-group sizes)\nexpint on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-22\n" font ",12"
set xlabel "Y: the n range split Y ways (work-items in dimension 1)"
set ylabel "wall time with transfers (ms)"
set grid
set key outside right top Left reverse samplen 2
set logscale x 2
set logscale y
set yrange [36.289734:88.212143]
set ytics (50, 70)
plot "wall_vs_Y.tsv" index 0 using 1:2 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#0072B2" title "float", "wall_vs_Y.tsv" index 0 using 1:3 with linespoints lw 2 pt 7 ps 0.7 lc rgb "#D55E00" title "double"
unset multiplot
unset output
