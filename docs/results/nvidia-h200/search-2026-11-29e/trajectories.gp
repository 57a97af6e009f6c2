# trajectories.gp — clx run --search (the climb in another basin, this call) beside Kernel Tuner's four strategies
# (their runs of 2026-11-29 18:19-18:47 UTC, search-2026-11-29c), sgemm on H200s, 45 s, 10 seeds each: gnuplot trajectories.gp (reads medians.tsv and ecdf.tsv, race_vs_kt.py's).
set terminal pngcairo size 1200,520 font ",11"
set output "trajectories.png"
set termoption noenhanced
set datafile separator "\t"
set multiplot layout 1,2 title "sgemm, M=N=K=2048, NVIDIA H200 (driver 580.159.04), 2026-11-29: 45 s per run, 10 seeds per tool (clx 23:26 UTC, Kernel Tuner 18:19-18:47)"
tools = "clx KT+dual_annealing KT+genetic_algorithm KT+random_sample KT+bayes_opt"
name(i) = system(sprintf("echo %s | tr '+' ' '", word(tools, i)))
sel(f, i) = "< awk -F'\t' -v t='".name(i)."' 'NR>1 && $1==t {print $2\"\t\"$3}' ".f
set grid
set key bottom right
set xlabel "wall seconds since the run began"
set xrange [0:50]
set title "median over seeds of the best so far (each tool's own figures)"
set ylabel "share of the best known (39,775.6 GFLOP/s)"
set yrange [0.5:1.02]
set arrow 1 from 0,0.99 to 50,0.99 nohead dt 2 lc rgb "gray40"
plot for [i=1:5] sel("medians.tsv", i) using 1:2 with steps lw (i == 1 ? 3 : 1.5) title name(i)
unset arrow 1
set title "runs holding their pick by then, where it measured again within 1%"
set key top left
set ylabel "share of the tool's 10 runs"
set yrange [0:1]
plot for [i=1:5] sel("ecdf.tsv", i) using 1:2 with steps lw (i == 1 ? 3 : 1.5) title name(i)
unset multiplot
