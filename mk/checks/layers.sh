#!/bin/sh
# layers.sh — checks src/ against its floors (src/README.md's table, top to bottom): no file
# includes or calls a file of a folder above its own, and no two files call each other, directly
# or round a circle. Calls are read from the built objects (nm), so run it after `make clx`.
# Prints each arrow that runs up and each circle; exits 1 when there is any. Usage:
#   mk/checks/layers.sh [BUILD_DIR [SRC_DIR]]     (default: build and src of this checkout)
# LAYERS_GRAPH=FILE also writes every arrow between files ("from to", by calls) to FILE.
cd "$(dirname "$0")/../.." || exit 2
build=${1:-build}
src=${2:-src}
floors=$(awk -F'|' '/^\| *[0-9]+ *\| *[a-z]+ *\|/ { gsub(/ /, "", $3); print $3 }' "$src/README.md")
[ -n "$floors" ] || { echo "layers: no floors table in $src/README.md"; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
echo "$floors" > "$tmp/floors"

# Every folder of src/ holding C has a floor, and every floor a folder.
bad=0
for d in "$src"/*/; do
    f=$(basename "$d")
    ls "$d"*.[ch] > /dev/null 2>&1 || continue
    grep -qx "$f" "$tmp/floors" || { echo "layers: $src/$f/ is on no floor of $src/README.md"; bad=1; }
done
for f in $floors; do [ -d "$src/$f" ] || { echo "layers: floor $f has no folder $src/$f/"; bad=1; }; done

# Arrows by include: "folder/file.h" names a folder of src/ (clx/ref.h, the public header in
# include/, is below every floor); a plain name is the file's own folder.
awk 'match($0, /^[ \t]*#[ \t]*include[ \t]*"[a-z_]+\//) {
         to = substr($0, RSTART, RLENGTH); sub(/.*"/, "", to); sub(/\/$/, "", to)
         from = FILENAME; sub(/\/[^\/]*$/, "", from); sub(/.*\//, "", from)
         if (to != "clx") print FILENAME, from, to
     }' "$src"/*/*.[ch] > "$tmp/includes"

# Arrows by call: the symbols an object uses that another object of src/ defines. One nm for all
# the objects (-A: each line names its file): one nm per object took 17 s for 400 of them here.
for o in "$build"/*/*.o; do
    [ -f "$o" ] || continue
    m=${o#"$build"/}; m=${m%.o}
    [ -f "$src/$m.c" ] && echo "$o"
done > "$tmp/objects"
# (A path may hold spaces: the file is the line up to ".o:", the type and symbol its last two fields.)
[ -s "$tmp/objects" ] && tr '\n' '\0' < "$tmp/objects" | xargs -0 nm -A |
    awk -v b="$build/" '{ f = $0; sub(/\.o:.*/, "", f); if (index(f, b) == 1) f = substr(f, length(b) + 1) }
                        $(NF - 1) ~ /^[TDBRCG]$/ { def[$NF] = f; next } $(NF - 1) == "U" { use[++n] = $NF; by[n] = f }
                        END { for (i = 1; i <= n; i++) if ((use[i] in def) && def[use[i]] != by[i]) print by[i], def[use[i]] }' |
    sort -u > "$tmp/calls"
[ -s "$tmp/calls" ] || { echo "layers: no objects under $build/ (run make clx first)"; exit 2; }
[ -n "${LAYERS_GRAPH:-}" ] && cp "$tmp/calls" "$LAYERS_GRAPH"

awk -v bad="$bad" '
    FILENAME ~ /floors$/ { rank[$1] = ++nf; next }
    FILENAME ~ /includes$/ {
        if (!($3 in rank)) { printf "layers: %s includes from %s/, which is on no floor\n", $1, $3; bad = 1 }
        else if (rank[$3] < rank[$2]) { printf "layers: %s (%s) includes from %s/, a floor above\n", $1, $2, $3; bad = 1 }
        next
    }
    {   # calls: from to
        split($1, a, "/"); split($2, b, "/")
        if (rank[b[1]] < rank[a[1]]) { printf "layers: %s calls %s, a floor above\n", $1, $2; bad = 1 }
        node[$1]; node[$2]; edge[$1, $2] = 1
    }
    END {
        # Circles: files that reach each other (the closure of the call arrows).
        for (k in node) for (i in node) if (edge[i, k]) for (j in node) if (edge[k, j]) edge[i, j] = 1
        for (i in node) if (edge[i, i] && !(i in said)) {
            line = i; said[i]
            for (j in node) if (j != i && edge[i, j] && edge[j, i]) { line = line " " j; said[j] }
            printf "layers: a circle of calls: %s\n", line; bad = 1
        }
        exit bad
    }' "$tmp/floors" "$tmp/includes" "$tmp/calls"
