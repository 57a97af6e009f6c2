# deviation from the row average, base
# Drawn by clx from dev_row_avg-base.tsv (beside this file); run 'gnuplot dev_row_avg-base.gp' here to draw it again.
set datafile separator "\t"
set termoption noenhanced
set terminal svg size 1764,1170 dynamic noenhanced font "Helvetica,12" background rgb "white"
set output "dev_row_avg-base.svg"
set multiplot layout 2,2 title "deviation from the row average, base\ntaylor on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "data size (x read + y written)"
set cblabel "deviation from the row average"
set palette defined (0 "#2166ac", 0.25 "#92c5de", 0.5 "#f7f7f7", 0.75 "#f4a582", 1 "#b2182b")
set cbrange [-1.466:1.466]
set xrange [-0.5:15.5]
set yrange [-0.5:14.5]
unset key
set tics scale 0
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set xtics ("64" 0, "128" 1, "192" 2, "256" 3, "320" 4, "384" 5, "448" 6, "512" 7, "576" 8, "640" 9, "704" 10, "768" 11, "832" 12, "896" 13, "960" 14, "1024" 15) rotate by 45 right
set ytics ("8 KiB" 0, "16 KiB" 1, "32 KiB" 2, "64 KiB" 3, "128 KiB" 4, "256 KiB" 5, "512 KiB" 6, "1 MiB" 7, "2 MiB" 8, "4 MiB" 9, "8 MiB" 10, "16 MiB" 11, "32 MiB" 12, "128 MiB" 13, "256 MiB" 14)
set title "TERMS=1"
plot "dev_row_avg-base.tsv" index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 0 using 1:2:4 with labels font ",7"
set title "TERMS=2"
plot "dev_row_avg-base.tsv" index 1 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 1 using 1:2:4 with labels font ",7"
set title "TERMS=4"
plot "dev_row_avg-base.tsv" index 2 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 2 using 1:2:4 with labels font ",7"
set title "TERMS=8"
plot "dev_row_avg-base.tsv" index 3 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 3 using 1:2:4 with labels font ",7"
unset multiplot
unset output
reset
set datafile separator "\t"
set terminal pngcairo size 1764,1170 noenhanced font "sans,10" background rgb "white"
set output "dev_row_avg-base.png"
set multiplot layout 2,2 title "deviation from the row average, base\ntaylor on NVIDIA H200 (NVIDIA CUDA, driver 580.159.04), 2026-11-25\n" font ",13"
set xlabel "work-group size (work-items)"
set ylabel "data size (x read + y written)"
set cblabel "deviation from the row average"
set palette defined (0 "#2166ac", 0.25 "#92c5de", 0.5 "#f7f7f7", 0.75 "#f4a582", 1 "#b2182b")
set cbrange [-1.466:1.466]
set xrange [-0.5:15.5]
set yrange [-0.5:14.5]
unset key
set tics scale 0
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set xtics ("64" 0, "128" 1, "192" 2, "256" 3, "320" 4, "384" 5, "448" 6, "512" 7, "576" 8, "640" 9, "704" 10, "768" 11, "832" 12, "896" 13, "960" 14, "1024" 15) rotate by 45 right
set ytics ("8 KiB" 0, "16 KiB" 1, "32 KiB" 2, "64 KiB" 3, "128 KiB" 4, "256 KiB" 5, "512 KiB" 6, "1 MiB" 7, "2 MiB" 8, "4 MiB" 9, "8 MiB" 10, "16 MiB" 11, "32 MiB" 12, "128 MiB" 13, "256 MiB" 14)
set title "TERMS=1"
plot "dev_row_avg-base.tsv" index 0 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 0 using 1:2:4 with labels font ",7"
set title "TERMS=2"
plot "dev_row_avg-base.tsv" index 1 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 1 using 1:2:4 with labels font ",7"
set title "TERMS=4"
plot "dev_row_avg-base.tsv" index 2 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 2 using 1:2:4 with labels font ",7"
set title "TERMS=8"
plot "dev_row_avg-base.tsv" index 3 using 1:2:(0.5):(0.5):3 with boxxyerror fillcolor palette fillstyle solid 1.0 noborder, "" index 3 using 1:2:4 with labels font ",7"
unset multiplot
unset output
