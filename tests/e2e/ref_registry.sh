#!/bin/sh
# ref_registry.sh — the generated registry (build/ref_registry.c) holds every reference of templates/*.ref.c and clx lists each as shipped; the generator refuses a name given twice and a file that registers nothing.
. tests/e2e/lib.sh
T=$TMP/ref_registry
rm -rf "$T"; mkdir -p "$T"
$CLX list --refs > "$T/refs.log" 2>&1
count=0
for f in templates/*.ref.c; do
    # The names as a reader sees them, by grep: not through the generator or clx's scanner.
    names=$(grep -E '^[[:space:]]*CLX_REF(_SPLIT)?[[:space:]]*\(' "$f" |
            sed -E 's/^[[:space:]]*CLX_REF(_SPLIT)?[[:space:]]*\([[:space:]]*([A-Za-z_][A-Za-z0-9_]*).*/\2/')
    [ -n "$names" ] || fail "registers_something_$(basename "$f" .ref.c)" "$f declares no CLX_REF"
    for r in $names; do
        count=$((count + 1))
        grep -q "&clx_ref_def_$r," build/ref_registry.c || fail "registry_has_$r" "not in build/ref_registry.c"
        grep -qE "^$r +shipped " "$T/refs.log" || fail "listed_$r" "not shipped in clx list --refs"
    done
done
check every_reference_registered test "$failures" -eq 0 -a "$count" -ge 11
check registry_has_no_other test "$(grep -c '&clx_ref_def_' build/ref_registry.c)" -eq "$count"
# The shipped specs' reference names (unchanged by the move out of src/) are all shipped references.
before=$failures
for s in templates/*.spec; do
    r=$(sed -nE 's/^verify *= *\{ *reference *= *"([^"]*)".*/\1/p' "$s")
    [ -z "$r" ] || grep -qE "^$r +shipped " "$T/refs.log" || fail "spec_reference_$(basename "$s" .spec)" "$r"
done
check spec_references_shipped test "$failures" -eq "$before"
printf '#include <clx/ref.h>\nCLX_REF(dup, "x") { return 0; }\n' > "$T/a.ref.c"
printf '#include <clx/ref.h>\n\nCLX_REF_SPLIT(dup, "y") { return 0; }\n' > "$T/b.ref.c"
mk/ref-registry.sh "$T/a.ref.c" "$T/b.ref.c" > /dev/null 2> "$T/dup.log"; rc=$?
check generator_refuses_duplicate test "$rc" -ne 0 -a -n "$(grep "b.ref.c:3: reference dup is already defined at .*a.ref.c:2" "$T/dup.log")"
printf '/* nothing */\nint x;\n' > "$T/none.ref.c"
mk/ref-registry.sh "$T/a.ref.c" "$T/none.ref.c" > /dev/null 2> "$T/none.log"; rc=$?
check generator_refuses_empty test "$rc" -ne 0 -a -n "$(grep "none.ref.c: registers no reference" "$T/none.log")"
finish
