# arithmetic chains: GFLOP/s (integer rows: operations per second, counted alike)
# Drawn by clx from chain_gflops.tsv (beside this file); run 'gnuplot chain_gflops.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 916,530 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "chain_gflops.svg"
set multiplot layout 1,1 title "arithmetic chains: GFLOP/s (integer rows: operations per second, counted alike)\npeaks on NVIDIA H100 80GB HBM3 (NVIDIA CUDA, driver 580.159.04), 2026-11-26\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "variant"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:10.6]
set grid ytics
set key off
set logscale y
set yrange [5200.175:1692821]
set ytics (10000, 30000, 100000, 300000, 1e+06)
set xtics ("fp32_fma" 0, "int16_mad" 1, "int32_mad" 2, "int64_mad" 3, "int8_dot" 4, "fp16_hfma2" 5, "bf16_fma2" 6, "mma_f16" 7, "mma_bf16" 8, "mma_tf32" 9, "mma_s8" 10) rotate by 45 right
plot "chain_gflops.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "throughput", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 916,530 noenhanced font "sans,10" background rgb "white"
set output "chain_gflops.png"
set multiplot layout 1,1 title "arithmetic chains: GFLOP/s (integer rows: operations per second, counted alike)\npeaks on NVIDIA H100 80GB HBM3 (NVIDIA CUDA, driver 580.159.04), 2026-11-26\n" font ",12"
set ylabel "throughput (GFLOP/s)"
set xlabel "variant"
set style fill solid 0.85 border lc rgb "#333333"
set boxwidth 0.8000 absolute
set xrange [-0.6:10.6]
set grid ytics
set key off
set logscale y
set yrange [5200.175:1692821]
set ytics (10000, 30000, 100000, 300000, 1e+06)
set xtics ("fp32_fma" 0, "int16_mad" 1, "int32_mad" 2, "int64_mad" 3, "int8_dot" 4, "fp16_hfma2" 5, "bf16_fma2" 6, "mma_f16" 7, "mma_bf16" 8, "mma_tf32" 9, "mma_s8" 10) rotate by 45 right
plot "chain_gflops.tsv" index 0 using 1:2 with boxes lc rgb "#0072B2" title "throughput", "" index 0 using 1:($2-$3 > 0 ? $2-$3 : $2/100):(0):($2+$3-($2-$3 > 0 ? $2-$3 : $2/100)) with vectors heads size screen 0.006,90 lc rgb "black" notitle
unset multiplot
unset output
