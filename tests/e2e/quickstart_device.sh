# quickstart_device.sh — tools/quickstart.sh runs the quick configuration by the device the run
# takes, not by whether the machine has a GPU anywhere; and clx devices --device, which tells it.
. tests/e2e/lib.sh
T=$TMP/quickstart_device
rm -rf "$T" && mkdir -p "$T/qs/tools" "$T/bin"
# The script in a tree of its own, around a stub clx on a machine whose GPU is listed second (0:0 a
# CPU, 0:1 a GPU: clx's default is the GPU); install-deps and make do nothing there.
cp tools/quickstart.sh "$T/qs/tools/"
printf '#!/bin/sh\nexit 0\n' > "$T/qs/tools/install-deps.sh"
printf '#!/bin/sh\nexit 0\n' > "$T/bin/make"
cat > "$T/qs/clx" <<'SH'
#!/bin/sh
# A stub clx: devices (all, or the one --device picks) and run (its arguments kept in run.args).
table() { printf 'device (--device)  %s\ntype               %s\n' "$1" "$2"; }
if [ "$1" = devices ]; then
    [ "$2" = --device ] || { table "0:0  0:1" "CPU  GPU"; exit 0; }
    case $3 in 0:0|cpu) table 0:0 CPU ;; 0:1|gpu|'') table 0:1 GPU ;; *) echo "clx: --device $3: no such device" >&2; exit 4 ;; esac
    exit 0
fi
echo "$*" > "$(dirname "$0")/run.args"
SH
chmod +x "$T/qs/clx" "$T/qs/tools/install-deps.sh" "$T/bin/make"
qs() { rm -f "$T/qs/run.args"; PATH="$PWD/$T/bin:$PATH" sh "$T/qs/tools/quickstart.sh" "$@" > "$T/qs.log" 2>&1; }
unset CLX_DEVICE
qs --device 0:0
check quickstart_cpu_picked_quick grep -q -- '^run vecsum --quick --report --device 0:0$' "$T/qs/run.args"
qs
check quickstart_default_gpu_full grep -q -- '^run vecsum --report$' "$T/qs/run.args"
qs --device=gpu
check quickstart_gpu_picked_full grep -q -- '^run vecsum --report --device=gpu$' "$T/qs/run.args"
CLX_DEVICE=0:0 qs
check quickstart_env_cpu_quick grep -q -- '^run vecsum --quick --report$' "$T/qs/run.args"
qs --device all
check quickstart_list_with_cpu_quick grep -q -- '^run vecsum --quick --report --device all$' "$T/qs/run.args"
qs --device nosuch; rc=$?
check quickstart_bad_device_stops test "$rc" -eq 4 -a ! -e "$T/qs/run.args"
# clx devices --device: the one device a run would take, in the table and the JSON; a device not
# here is exit 4 as for a run, a list exit 2.
POCL_DEVICES="pthread pthread" "$CLX" devices --device 0:1 > "$T/one.out" 2>&1
check devices_device_one_column grep -q '^device (--device) *0:1 *$' "$T/one.out"
POCL_DEVICES="pthread pthread" "$CLX" devices --json --device 0:1 > "$T/one.json" 2>&1
check devices_device_json_one test "$(grep -c '"device":' "$T/one.json")" -eq 1 -a -n "$(grep '"device":.*"0:1"' "$T/one.json")"
"$CLX" devices --device nosuch > "$T/none.out" 2>&1
check devices_device_absent_exit test $? -eq 4
"$CLX" devices --device all > "$T/all.out" 2>&1
check devices_device_list_refused test $? -eq 2
finish
