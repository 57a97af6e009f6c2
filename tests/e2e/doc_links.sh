#!/bin/sh
# doc_links.sh — every relative link and image of the Markdown files (docs/, README.md, CHANGELOG.md
# and the rest in git) names a file or folder that exists, so moving or compressing a file under
# docs/results/ cannot leave a report pointing at nothing; every spec recorded there loads from
# where it is; and no raw results.tsv is back in docs/ (the run folders there keep results.tsv.xz:
# `xz -dc results.tsv.xz | head`).
. tests/e2e/lib.sh
T=$TMP/doc_links
rm -rf "$T"; mkdir -p "$T"

# The Markdown files: git's list where this is a clone, else every *.md outside build/ and tests/tmp.
if git ls-files '*.md' > "$T/md.txt" 2>/dev/null && [ -s "$T/md.txt" ]; then :; else
    find . -name '*.md' ! -path './build*' ! -path './tests/tmp/*' | sed 's|^\./||' > "$T/md.txt"
fi
check md_files_found test "$(wc -l < "$T/md.txt")" -ge 20

# "FILE<TAB>TARGET" for every ](TARGET) of each file: a title ("...") and a #fragment dropped;
# URLs (scheme:) and links within the page (#...) left out.
while read -r f; do
    grep -o '](\([^)]*\))' "$f" | sed -e 's/^](//' -e 's/)$//' -e 's/ ".*"$//' -e 's/#.*//' |
        grep -v -e '^[a-z][a-z]*:' -e '^$' | sed "s|^|$f	|"
done < "$T/md.txt" > "$T/links.txt"
check links_found test "$(wc -l < "$T/links.txt")" -ge 500

# A target resolves against its file's folder (a leading / against the repository root).
while IFS='	' read -r f t; do
    case "$t" in /*) p=.$t ;; *) p=$(dirname "$f")/$t ;; esac
    [ -e "$p" ] || echo "$f: $t"
done < "$T/links.txt" > "$T/missing.txt"
check links_resolve test ! -s "$T/missing.txt"
[ -s "$T/missing.txt" ] && sed 's/^/  missing: /' "$T/missing.txt" >&2

# A spec recorded with a run loads from where it is (its template beside it, or among clx's
# templates/): clx expand reads the spec and expands its template as clx run would, with no device.
find docs -name '*.spec' | sort > "$T/specs.txt"
while read -r spec; do
    "$CLX" expand "$spec" --out "$T/expand" > "$T/expand.log" 2>&1 || echo "$spec: $(tail -n 1 "$T/expand.log")"
done < "$T/specs.txt" > "$T/unloadable.txt"
check docs_specs_load test -s "$T/specs.txt" -a ! -s "$T/unloadable.txt"
[ -s "$T/unloadable.txt" ] && sed 's/^/  does not load: /' "$T/unloadable.txt" >&2

# Recorded runs keep their rows compressed; a plain results.tsv under docs/ is a run copied in as it was.
find docs -name results.tsv > "$T/raw.txt"
check no_raw_results_in_docs test ! -s "$T/raw.txt"
[ -s "$T/raw.txt" ] && sed 's/^/  uncompressed: /' "$T/raw.txt" >&2
finish
