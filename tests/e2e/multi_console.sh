#!/bin/sh
# multi_console.sh — what a run on several devices (--device all) prints, with and without --quiet:
# each device's lines together (its exit line, then its summary's WARNING lines indented under it:
# the same lines its console.log has), the side-by-side summary as clx compare prints it (under
# --quiet its counts alone, no table), and at the end every device's folder with the comparison's
# letter, the wall line last. On PoCL's two pthread devices (else the first two listed); skipped
# where there are not two.
# Nothing here depends on the load: the warnings are compared with the device's own console.log.
. tests/e2e/lib.sh
T=$TMP/multi_console
rm -rf "$T"; mkdir -p "$T"

# Two devices: PoCL shows its CPU twice. Where the ICD loader shows more platforms than PoCL's
# (OCL_ICD_VENDORS unset), the first two devices listed, named (--device all takes every one).
POCL_DEVICES="pthread pthread"; export POCL_DEVICES
"$CLX" devices > "$T/devices" 2>&1
grep -E '^[0-9]+:[0-9]+  ' "$T/devices" > "$T/listed"
ndev=$(wc -l < "$T/listed")
if [ "$ndev" -lt 2 ]; then
    for c in quiet_exit quiet_blocks quiet_compare_counts quiet_no_table quiet_folders quiet_wall_last loud_blocks \
             loud_table loud_folders; do
        skip "$c" "$ndev device(s) here: a run on several devices needs two (POCL_DEVICES=\"pthread pthread\" gives PoCL's)"
    done
    finish
fi
d0=$(sed -n '1s/  .*//p' "$T/listed"); d1=$(sed -n '2s/  .*//p' "$T/listed")
if [ "$ndev" -eq 2 ]; then devices=all; else devices=$d0,$d1; fi

# dir_of OUT P:D: the run folder under OUT whose run.json names device P:D.
dir_of() { _f=$(grep -l "\"device_index\":[[:space:]]*\"$2\"" "$1"/vecsum-*/run.json | head -n 1); echo "${_f%/run.json}"; }
# block LOG P:D: the lines after the device's exit line that are indented (its own), without the indent.
block() { awk -v d="$2" 'on && /^    / { sub(/^    /, ""); print; next } { on = 0 }
                         index($0, "clx: " d " ") == 1 && / exit [0-9]+ \(/ { on = 1 }' "$1"; }
# blocks_are_consoles LOG OUT: for each device, one exit line naming its folder, and under it exactly
# the WARNING lines of its console.log, in order; at least one such line among them (the premise:
# vecsum --quick's rows fit PoCL's cache, flag cache-resident).
blocks_are_consoles() {
    _any=0
    for _d in "$d0" "$d1"; do
        _dir=$(dir_of "$2" "$_d")
        [ -n "$_dir" ] || return 1
        [ "$(grep -c "^clx: $_d .*: exit 0 (all ok: 4 ok.*; results in $_dir\$" "$1")" -eq 1 ] || return 1
        block "$1" "$_d" > "$T/block"
        grep '^WARNING: ' "$_dir/console.log" > "$T/console-warnings"
        cmp -s "$T/block" "$T/console-warnings" || return 1
        [ -s "$T/block" ] && _any=1
    done
    [ "$_any" -eq 1 ]
}
# name_in DIR: the device's name as DIR/run.json records it.
name_in() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["device"]["name"])' "$1/run.json"; }
# folders_at_end LOG OUT: the lines before the last name each device's folder with its letter.
folders_at_end() {
    _a=$(dir_of "$2" "$d0"); _b=$(dir_of "$2" "$d1")
    tail -n 3 "$1" | head -n 2 > "$T/tail"
    printf 'clx: %s %s (A): %s\nclx: %s %s (B): %s\n' "$d0" "$(name_in "$_a")" "$_a" "$d1" "$(name_in "$_b")" "$_b" > "$T/want"
    cmp -s "$T/tail" "$T/want"
}

"$CLX" run vecsum --quick --set variant=naive --device "$devices" --quiet --out "$T/q" > "$T/q.log" 2>&1
check quiet_exit test $? -eq 0
check quiet_blocks blocks_are_consoles "$T/q.log" "$T/q"
check quiet_compare_counts grep -qE '^clx: compare vecsum: B against A: 4 configurations in common: [0-9]+ SAME, ' "$T/q.log"
check quiet_no_table sh -c "! grep -qE '^(Verdicts against A|  A  |  variant )' '$T/q.log'"
check quiet_folders folders_at_end "$T/q.log" "$T/q"
check quiet_wall_last sh -c "tail -n 1 '$T/q.log' | grep -qE '^clx: vecsum on 2 devices: wall .*; exit 0\$'"

"$CLX" run vecsum --quick --set variant=naive --device "$devices" --out "$T/l" > "$T/l.log" 2>&1
check loud_blocks blocks_are_consoles "$T/l.log" "$T/l"
check loud_table grep -q '^Verdicts against A per configuration' "$T/l.log"
check loud_folders folders_at_end "$T/l.log" "$T/l"
finish
