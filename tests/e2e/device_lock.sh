# device_lock.sh — the device's turn is the hardware's, not the ICD loader's index: one PoCL device
# that is 0:0 under one ICD folder and 1:0 under another is one turn, and so are two CPU devices of
# the host (PoCL's basic and pthread devices): a second clx waits for the first, saying who holds
# it. Both runs are clx; the first is held inside its turn by the host lock (its host reference
# waits there), which this test holds with flock(1), so the order is fixed and no timing counts.
. tests/e2e/lib.sh
T=$TMP/device_lock
rm -rf "$T"; mkdir -p "$T"
own_locks

# Two ICD folders of this test's own, from PoCL's .icd file (tests/run.sh's folder holds it alone):
# icd1 lists PoCL once (its device is 0:0), icd2 twice (the same device is 0:0 and 1:0).
from=${OCL_ICD_VENDORS:-/etc/OpenCL/vendors}
pocl=""
for f in "$from"/*.icd "$from"; do [ -f "$f" ] && grep -qi pocl "$f" && { pocl=$f; break; }; done
if [ -z "$pocl" ]; then
    skip device_lock "no PoCL .icd file in $from"
    exit 0
fi
mkdir -p "$T/icd1" "$T/icd2"
cp "$pocl" "$T/icd1/pocl.icd"
cp "$pocl" "$T/icd2/a-pocl.icd"; cp "$pocl" "$T/icd2/b-pocl.icd"
check icd2_two_platforms test "$(OCL_ICD_VENDORS=$PWD/$T/icd2 "$CLX" devices 2>/dev/null | grep -c '^[01]:0  .*(Portable Computing Language)$')" -eq 2

# turn NAME ICD_A ENV_A DEV_A ICD_B ENV_B DEV_B: clx A (POCL_DEVICES=ENV_A, --device DEV_A under ICD
# folder ICD_A) takes its turn and is held in it at the host lock; then clx B must wait for A, and
# says A holds the device (A's command line, written in the lock file, has --device DEV_A).
turn() {
    c=$1
    hold_lock -x "$TMPDIR/clx-host-$(id -u).lock"
    OCL_ICD_VENDORS=$PWD/$T/$2 POCL_DEVICES=$3 "$CLX" run vecsum --quick --set variant=naive --device "$4" \
        --out "$T/$c-a" --quiet > "$T/$c-a.log" 2>&1 & a=$!
    # A holds its turn once its lock file names it ("pid N, DEVICE: COMMAND").
    i=0; while ! cat "$TMPDIR"/clx-device-*.lock 2>/dev/null | grep -q '^pid ' && [ $i -lt 600 ]; do
        sleep 0.1; i=$((i + 1)); done
    OCL_ICD_VENDORS=$PWD/$T/$5 POCL_DEVICES=$6 "$CLX" run vecsum --quick --set variant=naive --device "$7" \
        --out "$T/$c-b" --quiet > "$T/$c-b.log" 2>&1 & b=$!
    waiting_in "$T/$c-b.log"
    kill $holder; wait $holder 2>/dev/null
    wait $a; rca=$?
    wait $b; rcb=$?
    check "${c}_exits" test "$rca" -eq 0 -a "$rcb" -eq 0
    check "${c}_b_waited_for_a" grep -q "is being timed by another clx (pid [0-9]*, .*--device $4 .*); waiting for its turn" "$T/$c-b.log"
    check "${c}_b_went_on" grep -q 'is free now; this run goes on' "$T/$c-b.log"
    # --quiet after the wait as before it: no device or peaks line, on either stream.
    check "${c}_b_quiet_no_device_line" test -z "$(grep -e '^clx: vecsum on ' -e '^clx: theoretical peaks' "$T/$c-b.log")"
    check "${c}_a_did_not_wait" test -z "$(grep 'waiting for its turn' "$T/$c-a.log")"
    la=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$T/$c-a"/*-*-*/run.json)
    lb=$(sed -n 's/.*"device_lock":[[:space:]]*"\([^"]*\)".*/\1/p' "$T/$c-b"/*-*-*/run.json)
    check "${c}_one_lock_file" test -n "$la" -a "$la" = "$lb"
    check "${c}_not_shared" test -z "$(grep -l shared "$T/$c"-[ab]/*-*-*/results.tsv)"
    rm -f "$TMPDIR"/clx-device-*.lock*
}

# One PoCL device at 0:0 (icd1) and at 1:0 (icd2).
turn icd icd1 pthread 0:0 icd2 pthread 1:0
# Two CPU devices of the host: PoCL's basic device and its pthread device, on the same cores.
turn cpus icd1 basic 0:0 icd1 pthread 0:0
finish
