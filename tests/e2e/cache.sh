#!/bin/sh
# cache.sh — built programs are kept between runs: a second run compiles nothing and gives the
# same verified rows, a damaged entry is rebuilt (never trusted), --no-cache compiles everything.
# clx-test: long (tests/run.sh starts it first)
. tests/e2e/lib.sh
T=$TMP/cache
rm -rf "$T"; mkdir -p "$T"
XDG_CACHE_HOME=$PWD/$T/store; export XDG_CACHE_HOME
store=$XDG_CACHE_HOME/clx
nbuilds() { tsv_rows "$rundir/kernels.tsv"; }
# Sweeps timed with lib.sh's $FEW: what the cache holds is the builds.

"$CLX" run vecsum --quick $FEW --out "$T/r1" > "$T/r1.log" 2>&1; rc=$?; rundir=$(ls -d "$T"/r1/vecsum-* | head -n 1)
n=$(nbuilds)
[ "$rc" -eq 0 ] && [ "$(tsv_count "$rundir/kernels.tsv" cached 0)" -eq "$n" ] && [ "$n" -gt 0 ] \
    && pass cache-first-run-compiles || fail cache-first-run-compiles "rc $rc, $n builds, kernels.tsv cached column: $(tsv_col "$rundir/kernels.tsv" cached | tr '\n' ' ')"
# Entries are named by their 16-hex-digit key; the folder also keeps other things (hostclock.tsv).
nentries() { ls "$store" | grep -c '^[0-9a-f]\{16\}$'; }
[ "$(nentries)" -eq "$n" ] && pass cache-one-entry-per-build || fail cache-one-entry-per-build "$(nentries) entries for $n builds: $(ls "$store" | tr '\n' ' ')"
grep -q "builds: $n compiled, 0 loaded from the cache" "$T/r1.log" && pass cache-console-line || fail cache-console-line "$(grep builds: "$T/r1.log")"
ok1=$(tsv_count "$rundir/results.tsv" status ok)

"$CLX" run vecsum --quick $FEW --out "$T/r2" > "$T/r2.log" 2>&1; rc=$?; rundir=$(ls -d "$T"/r2/vecsum-* | head -n 1)
[ "$rc" -eq 0 ] && [ "$(tsv_count "$rundir/kernels.tsv" cached 1)" -eq "$n" ] \
    && pass cache-second-run-loads-all || fail cache-second-run-loads-all "rc $rc; $(grep builds: "$T/r2.log")"
[ "$(tsv_count "$rundir/results.tsv" status ok)" -eq "$ok1" ] && pass cache-same-verified-rows \
    || fail cache-same-verified-rows "$ok1 ok rows before, $(tsv_count "$rundir/results.tsv" status ok) now"
ls "$rundir"/bin/* > /dev/null 2>&1 && pass cache-binaries-still-saved || fail cache-binaries-still-saved
grep -Eq "\"builds_from_cache\":[[:space:]]*$n,?\$" "$rundir/run.json" && pass cache-counts-in-run-json || fail cache-counts-in-run-json

# Damage: one entry cut short, another with a flipped byte in its middle.
set -- "$store"/*
head -c 100 "$1" > "$T/cut" && cat "$T/cut" > "$1"
size=$(wc -c < "$2")
printf 'X' | dd of="$2" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
"$CLX" run vecsum --quick $FEW --out "$T/r3" > "$T/r3.log" 2>&1; rc=$?; rundir=$(ls -d "$T"/r3/vecsum-* | head -n 1)
[ "$rc" -eq 0 ] && [ "$(tsv_count "$rundir/kernels.tsv" cached 0)" -eq 2 ] \
    && [ "$(tsv_count "$rundir/results.tsv" status ok)" -eq "$ok1" ] \
    && grep -q "damaged entries replaced: 2" "$T/r3.log" \
    && pass cache-damaged-entries-rebuilt || fail cache-damaged-entries-rebuilt "rc $rc; $(grep builds: "$T/r3.log")"
"$CLX" run vecsum --quick $FEW --out "$T/r4" > "$T/r4.log" 2>&1; rundir=$(ls -d "$T"/r4/vecsum-* | head -n 1)
[ "$(tsv_count "$rundir/kernels.tsv" cached 1)" -eq "$n" ] && pass cache-replaced-entries-load \
    || fail cache-replaced-entries-load "$(grep builds: "$T/r4.log")"

# --no-cache: compiles all, reads and writes nothing.
rm -rf "$store"
"$CLX" run vecsum --quick --no-cache $FEW --out "$T/r5" > "$T/r5.log" 2>&1; rc=$?; rundir=$(ls -d "$T"/r5/vecsum-* | head -n 1)
[ "$rc" -eq 0 ] && [ "$(tsv_count "$rundir/kernels.tsv" cached 0)" -eq "$n" ] && [ ! -e "$store" ] \
    && ! grep -q "builds:" "$T/r5.log" && pass cache-no-cache || fail cache-no-cache "rc $rc"

# No HOME and no XDG_CACHE_HOME: no cache, said once (the builds line was simply missing), nothing stored.
env -u HOME -u XDG_CACHE_HOME "$CLX" run vecsum --quick --set variant=naive --build '' --rounds 1 --out "$T/nohome" > "$T/nohome.log" 2>&1; rc=$?
[ "$rc" -eq 0 ] && [ "$(grep -c '^clx: builds: no cache kept: neither XDG_CACHE_HOME nor HOME is set' "$T/nohome.log")" -eq 1 ] \
    && [ ! -e "$store" ] && pass cache-no-home-said || fail cache-no-home-said "rc $rc; $(grep builds: "$T/nohome.log")"
# Failures are not hidden by the cache: the failed build fails again (failures are not stored) and
# the wrong variant, loaded from the cache, still fails verification.
"$CLX" run tests/e2e/fixtures/broken.spec --out "$T/r6" > /dev/null 2>&1
"$CLX" run tests/e2e/fixtures/broken.spec --out "$T/r7" > "$T/r7.log" 2>&1; rc=$?
rundir=$(ls -d "$T"/r7/*-* | head -n 1)
[ "$rc" -eq 1 ] && [ "$(tsv_count "$rundir/results.tsv" status build-failed)" -eq 1 ] \
    && [ "$(tsv_cell "$rundir/kernels.tsv" wrong default cached)" = 1 ] \
    && [ "$(tsv_count "$rundir/results.tsv" status FAIL)" -gt 0 ] \
    && pass cache-failures-stay-failures || fail cache-failures-stay-failures "rc $rc"
finish
