#!/bin/sh
# bad_numbers.sh — no silent substitutions: a number that is out of range or of the wrong type is
# refused where it is read (the flag, or the spec's file:line), never replaced by a default or
# wrapped around.
. tests/e2e/lib.sh
T=$TMP/bad_numbers
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/broken.cl.m4 "$T/"

# refused NAME EXPECTED_TEXT ARGS...: clx exits non-zero and says EXPECTED_TEXT.
refused() {
    n=$1 want=$2; shift 2
    "$CLX" "$@" > "$T/$n.log" 2>&1; rc=$?
    if [ "$rc" -ne 0 ] && grep -q -- "$want" "$T/$n.log"; then pass "$n"; else fail "$n" "rc $rc: $(head -2 "$T/$n.log")"; fi
}
run="run vecsum --quick --set variant=naive --local 64 --out $T/r --quiet"
refused flag_trials_huge "--trials needs a whole number from 1 to 1000000, not '99999999999999999999'" $run --trials 99999999999999999999
refused flag_trials_wraps "not '4294967297'" $run --trials 4294967297
refused flag_trials_zero "not '0'" $run --trials 0
refused flag_trials_negative "not '-3'" $run --trials -3
# A CLX_ variable is named as it is set, not as an option.
export CLX_SETUP_LATENCIES=2
refused env_whole_number "^clx run: CLX_SETUP_LATENCIES needs a whole number from 0 to 1, not '2'" $run
unset CLX_SETUP_LATENCIES
export CLX_LAUNCH_LIMIT=-1
refused env_number "^clx run: CLX_LAUNCH_LIMIT needs " $run
unset CLX_LAUNCH_LIMIT
refused flag_warmups_word "--warmups needs a whole number" $run --warmups x
refused flag_max_time_nan "--max-time needs seconds" $run --max-time nan
# Beyond long long: refused by the range check before any conversion (UBSan stopped on it before).
refused flag_size_huge "'1e+30' is not a problem size" $run --size 1e30
refused flag_local_huge "is not a work-group size" $run --local 1e300
refused flag_rounds_zero "--rounds needs a whole number from 1 to 1000, not '0'" $run --rounds 0
refused flag_batch_huge "--batch needs a whole number from 1 to 4096" $run --batch 5000

# spec_with KEY VALUE: the checks fixture with KEY = VALUE; (added, or replacing the line)
spec_with() {
    grep -v "^$1 = " tests/e2e/fixtures/checks.spec > "$T/s.spec"
    echo "$1 = $2;" >> "$T/s.spec"
    line=$(grep -n "^$1 = " "$T/s.spec" | cut -d: -f1)
}
for case in 'trials|"ten"|trials must be a whole number, not "ten"' 'trials|2.5|trials must be a whole number, not 2.5' \
            'trials|3000000000|trials is too large' 'trials|0|trials = 0 is outside 1..1000000' \
            'warmups|-1|warmups = -1 is outside 0..1000000' 'transfers|"yes"|transfers must be true or false'; do
    key=${case%%|*}; rest=${case#*|}; value=${rest%%|*}; want=${rest#*|}
    spec_with "$key" "$value"
    refused "spec_${key}_$(echo "$value" | tr -c 'a-z0-9' '_')" "s.spec:$line: $want" expand "$T/s.spec" --out "$T/x"
done
# The verify group's numbers too.
sed 's|verify = { reference = "vecsum"; };|verify = { reference = "vecsum"; tolerance = "1e-5"; };|' tests/e2e/fixtures/checks.spec > "$T/s.spec"
refused spec_tolerance_string 'tolerance must be a number, not "1e-5"' expand "$T/s.spec" --out "$T/x"
sed 's|verify = { reference = "vecsum"; };|verify = { reference = "vecsum"; sample = 2.5; };|' tests/e2e/fixtures/checks.spec > "$T/s.spec"
refused spec_sample_fraction 'sample must be a whole number, not 2.5' expand "$T/s.spec" --out "$T/x"
# A good value still runs.
spec_with trials 3
"$CLX" expand "$T/s.spec" --out "$T/x" > "$T/good.log" 2>&1 && pass spec_trials_good || fail spec_trials_good "$(cat "$T/good.log")"
finish
