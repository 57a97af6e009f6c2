# devices_clocks.sh — clx devices shows each device's present clocks only where a clock source
# serves it (NVML, amdgpu sysfs): a device without one (PoCL) gets one "not available" line with
# the reason and JSON nulls, never a number.
. tests/e2e/lib.sh
T=$TMP/devices_clocks
rm -rf "$T"; mkdir -p "$T"

$CLX devices > "$T/dev.out" 2> "$T/dev.err"; rc=$?
check devices_clocks_exit test $rc -eq 0
# The section: from "clocks now" to the blank line before the extensions.
awk '/^clocks now$/ { on = 1; next } on && /^$/ { exit } on' "$T/dev.out" > "$T/clocks.txt"
check devices_clocks_section test -s "$T/clocks.txt"
# One entry per device listed at the top ("P:D  name (platform)" lines before the table).
ndev=$(awk '/^\(--device takes/ { exit } /^[0-9]+:[0-9]+  / { n++ } END { print n + 0 }' "$T/dev.out")
check devices_clocks_line_per_device test "$(grep -cE '^[0-9]+:[0-9]+  ' "$T/clocks.txt")" -eq "$ndev"
# A device without a source: the reason, and no value in its entry (its line and the ones folded under it).
awk '/^[0-9]+:[0-9]+  / { cur = /not available: / } cur' "$T/clocks.txt" > "$T/none.txt"
if grep -q '^platform  *Portable Computing Language' "$T/dev.out"; then
    check devices_clocks_pocl_not_available grep -q '^0:0  not available: no clock source for this device' "$T/clocks.txt"
fi
if [ -s "$T/none.txt" ]; then
    check devices_clocks_none_no_values test -z "$(grep -E '[0-9] (MHz|C|W)([ ,)]|$)' "$T/none.txt")"
else
    pass "devices_clocks_none_no_values (every device has a clock source)"
fi

$CLX devices --json > "$T/dev.json" 2> "$T/json.err"; rc=$?
check devices_clocks_json_exit test $rc -eq 0
check devices_clocks_json_key grep -qE '"clocks":[[:space:]]*\{' "$T/dev.json"
if command -v python3 > /dev/null 2>&1; then
    # Without a source: source and every value null, why a sentence. With one: numbers or null,
    # the present clock never above the source's maximum.
    check devices_clocks_json_honest python3 -c '
import json, sys
keys = ("sm_mhz", "max_sm_mhz", "mem_mhz", "max_mem_mhz", "temp_c", "power_w")
for p in json.load(open(sys.argv[1])):
    for d in p["devices"]:
        c = d["clocks"]
        assert set(c) == {"source", "why"} | set(keys), c
        if c["source"] is None:
            assert isinstance(c["why"], str) and c["why"], c
            assert all(c[k] is None for k in keys), c
        else:
            assert c["why"] is None, c
            assert all(c[k] is None or (isinstance(c[k], (int, float)) and c[k] > 0) for k in keys), c
            if c["sm_mhz"] and c["max_sm_mhz"]:
                assert c["sm_mhz"] <= c["max_sm_mhz"] * 1.01, c
' "$T/dev.json"
    if grep -q '^platform  *Portable Computing Language' "$T/dev.out"; then
        check devices_clocks_json_pocl_null python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))[0]["devices"][0]["clocks"]
assert c["source"] is None and c["why"].startswith("no clock source for this device"), c
' "$T/dev.json"
    fi
else
    # Without python3: no clock key of a device without a source holds a number.
    check devices_clocks_json_honest test -z "$(grep -A8 '"source":[[:space:]]*null' "$T/dev.json" |
        grep -E '"(sm_mhz|max_sm_mhz|mem_mhz|max_mem_mhz|temp_c|power_w)":[[:space:]]*[0-9]')"
fi
finish
