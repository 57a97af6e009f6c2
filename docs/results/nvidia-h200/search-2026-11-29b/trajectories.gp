# trajectories.gp — best GFLOP/s so far against wall seconds, each run by its own tool's figures
# (Kernel Tuner's run 1.2-3.1% below clx's for the same configuration): gnuplot trajectories.gp
set terminal pngcairo size 1100,650 font ",11"
set output "trajectories.png"
set termoption noenhanced
set datafile separator "\t"
set title "sgemm, M=N=K=2048, H200, 2026-11-29: the best so far, by each tool's own figures"
set xlabel "wall seconds since the run began"
set ylabel "best GFLOP/s so far"
set xrange [0:115]
set yrange [20000:41000]
set key bottom right
set grid
best = 39923.5
set arrow from 0, best*0.99 to 115, best*0.99 nohead dt 2 lc rgb "gray40"
set label "99% of the best known (39,923.5, clx's pick measured again)" at 40, best*0.99 - 600 textcolor rgb "gray30"
runs = "clx+seed+1 clx+seed+2 clx+seed+3 clx+seed+4 clx+seed+5 KT+dual_annealing+seed+1 KT+dual_annealing+seed+2 KT+dual_annealing+seed+3 KT+dual_annealing+seed+4 KT+random_sample+seed+1 KT+genetic_algorithm+seed+1 KT+bayes_opt+seed+1"
name(i) = system(sprintf("echo %s | tr '+' ' '", word(runs, i)))
sel(i) = "< xz -dc curves.tsv.xz | awk -F'\t' -v r='".name(i)."' 'NR>1 && $1==r {print $2\"\t\"$3}'"
plot for [i=1:5] sel(i) using 1:2 with steps lw 2.5 dt 1 title name(i), \
     for [i=6:12] sel(i) using 1:2 with steps lw 1.5 dt 2 title name(i)
