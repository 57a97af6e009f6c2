# trajectories.gp — sgemm's ten clx searches at 120 s, before and after the climb in another basin
# (H200): gnuplot trajectories.gp (reads medians.tsv and ecdf.tsv, race_vs_kt.py's --medians and
# --ecdf over each set, each judged against the best pick measured again in its own call).
set terminal pngcairo size 1200,520 font ",11"
set output "trajectories.png"
set termoption noenhanced
set datafile separator "\t"
set multiplot layout 1,2 title "sgemm, M=N=K=2048, NVIDIA H200 (driver 580.159.04), 2026-11-29: clx run --search, 120 s, seeds 1-10"
sets = "before after"
sel(f, i) = "< awk -F'\t' -v t='".word(sets, i)."' 'NR>1 && $1==t {print $2\"\t\"$3}' ".f
set grid
set key bottom right
set xlabel "wall seconds since the run began"
set xrange [0:125]
set title "median over seeds of the best so far (the searches' own figures)"
set ylabel "share of the best known (that call's)"
set yrange [0.5:1.02]
set arrow 1 from 0,0.99 to 125,0.99 nohead dt 2 lc rgb "gray40"
plot for [i=1:2] sel("medians.tsv", i) using 1:2 with steps lw 2 title (i == 1 ? "before (50944d4)" : "after: the climb in another basin (acfab23)")
unset arrow 1
set title "searches holding their pick by then, where it measured again within 1%"
set key top left
set ylabel "share of the 10 searches"
set yrange [0:1.02]
plot for [i=1:2] sel("ecdf.tsv", i) using 1:2 with steps lw 2 title (i == 1 ? "before (50944d4)" : "after: the climb in another basin (acfab23)")
unset multiplot
