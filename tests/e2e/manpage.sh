#!/bin/sh
# manpage.sh — docs/clx.1 keeps up with the code: every command and long option that the running
# clx's help prints, and every environment variable src/ reads, is in the page (the variables in
# docs/environment.md too); the checks catch a page missing one; groff renders it cleanly.
. tests/e2e/lib.sh
PAGE=docs/clx.1
T=$TMP/manpage
rm -rf "$T"; mkdir -p "$T"

# plain FILE: the page as searchable text: roff's \- as -, font changes and \& dropped.
plain() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$1"; }
# missing_words PAGE < WORDS: the words (one a line) that PAGE's text lacks as a whole word ('-' is
# part of a word, so --out is not found inside --output).
missing_words() {
    plain "$1" > "$T/plain.txt"
    while read -r w; do
        grep -qE -- "(^|[^[:alnum:]_-])$w([^[:alnum:]_-]|\$)" "$T/plain.txt" || echo "$w"
    done
}
# missing_commands PAGE < NAMES: the commands without a subsection of their own (.SS "clx NAME").
missing_commands() {
    plain "$1" > "$T/plain.txt"
    while read -r c; do
        grep -qE "^\.SS \"?clx $c([ \",]|\$)" "$T/plain.txt" || echo "$c"
    done
}
# missing_env PAGE < NAMES: the variables without an entry (.B NAME) in the page's ENVIRONMENT.
missing_env() {
    awk '/^\.SH/ { on = ($2 == "ENVIRONMENT") } on && $1 == ".B" { print $2 }' "$1" > "$T/env_entries.txt"
    while read -r v; do grep -qx "$v" "$T/env_entries.txt" || echo "$v"; done
}

# The commands, from the usage the binary prints ("  clx NAME ...").
"$CLX" help > "$T/usage.txt" 2>&1
sed -n 's/^  clx \([a-z][a-z]*\).*/\1/p' "$T/usage.txt" | sort -u > "$T/commands.txt"
check commands_found test "$(wc -l < "$T/commands.txt")" -ge 7
# Every long option that clx help or a command's --help prints (a command that does not know
# --help yet says so, which is harmless here).
cp "$T/usage.txt" "$T/help.txt"
while read -r c; do "$CLX" "$c" --help < /dev/null >> "$T/help.txt" 2>&1; done < "$T/commands.txt"
grep -oE -- '--[a-z][a-z0-9-]*' "$T/help.txt" | sort -u > "$T/options.txt"
check options_found test "$(wc -l < "$T/options.txt")" -ge 20
# Every variable read in src/ (getenv, peak_env.c's env_number, and setenv's "unless already set").
grep -ohE '(getenv|env_number|setenv)\("[A-Za-z_][A-Za-z0-9_]*"' src/*/*.c | sed 's/.*("//; s/"$//' | sort -u > "$T/env.txt"
check env_found test "$(wc -l < "$T/env.txt")" -ge 8

out=$(missing_commands "$PAGE" < "$T/commands.txt")
check every_command_in_page test -z "$out"
[ -n "$out" ] && echo "  commands missing from $PAGE: $out" >&2
out=$(missing_words "$PAGE" < "$T/options.txt")
check every_option_in_page test -z "$out"
[ -n "$out" ] && echo "  options missing from $PAGE:" $out >&2
out=$(missing_env "$PAGE" < "$T/env.txt")
check every_variable_in_page test -z "$out"
[ -n "$out" ] && echo "  variables missing from the ENVIRONMENT of $PAGE:" $out >&2
# docs/environment.md (the README's list of variables until it moved there): each variable in
# backquotes.
check env_doc_found test -s docs/environment.md
out=$(while read -r v; do grep -q "\`$v\`" docs/environment.md || echo "$v"; done < "$T/env.txt")
check every_variable_in_env_doc test -z "$out"
[ -n "$out" ] && echo "  variables missing from docs/environment.md:" $out >&2

# The checks catch a page that lost an option, a command's section or a variable.
grep -v -- '\\-\\-no\\-cache' "$PAGE" > "$T/no_option.1"
check lost_option_caught test "$(echo --no-cache | missing_words "$T/no_option.1")" = --no-cache
check option_prefix_not_enough test "$(echo --no-cache-x | missing_words "$PAGE")" = --no-cache-x
grep -v '^\.SS "clx compare"' "$PAGE" > "$T/no_command.1"
check lost_command_caught test "$(echo compare | missing_commands "$T/no_command.1")" = compare
grep -vx '\.B CLX_PEAK_GBS' "$PAGE" > "$T/no_env.1"
check lost_variable_caught test "$(echo CLX_PEAK_GBS | missing_env "$T/no_env.1")" = CLX_PEAK_GBS

# Every option a command's --help lists is named in that command's own section (.SS "clx NAME"), so
# that man clx says what clx dump and clx expand take: the page named --allow-shell, --m4-timeout and
# --build-unchecked under clx run alone. section PAGE NAME: that section's text.
section() { plain "$1" | awk -v c="$2" '/^\.S[HS]/ { on = ($0 ~ "^\\.SS \"?clx " c "([ \",]|$)") } on'; }
# missing_in_section PAGE NAME < OPTIONS: the options NAME's section lacks as a whole word.
missing_in_section() {
    section "$1" "$2" > "$T/section.txt"
    while read -r w; do grep -qE -- "(^|[^[:alnum:]_-])$w([^[:alnum:]_-]|\$)" "$T/section.txt" || echo "$w"; done
}
out=$(while read -r c; do
    "$CLX" "$c" --help < /dev/null 2>&1 | grep -oE -- '^  --[a-z][a-z0-9-]*' | sed 's/^ *//' | grep -vx -- '--help' |
        missing_in_section "$PAGE" "$c" | sed "s/^/$c /"
done < "$T/commands.txt")
check every_option_in_its_section test -z "$out"
[ -n "$out" ] && echo "  options missing from their command's section of $PAGE:" $out >&2
check lost_section_option_caught test "$(echo --m4-timeout | missing_in_section "$T/no_option.1" run)" = "" -a \
    "$(echo --no-cache | missing_in_section "$T/no_option.1" run)" = --no-cache

# The page renders without a warning (groff -ww) where groff is installed.
if command -v groff > /dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$PAGE" > "$T/groff.log" 2>&1
    check page_renders_cleanly test $? -eq 0 -a ! -s "$T/groff.log"
    [ -s "$T/groff.log" ] && sed 's/^/  /' "$T/groff.log" >&2
else
    echo "  skipping page_renders_cleanly: no groff" >&2
fi
# EXIT STATUS says what clx report exits with, as its --help does: 1 for rows that did not pass,
# 4 for a run that cannot be read whole (a finished run that lost rows among them).
plain "$PAGE" | awk '/^\.SH/ { on = ($2 == "EXIT") } on' | tr '\n' ' ' > "$T/exit.txt"
check page_exit_report_rows grep -q 'clx report exits 0 when every row passed, 1 when some did not' "$T/exit.txt"
check page_exit_report_lost grep -q 'and 4 when the run cannot be read whole: .* results.tsv holds fewer rows than its .*run.json counts' "$T/exit.txt"
# EXIT STATUS gives clx compare --fail-on's reasons in the words --help and the usage error take from
# CMP_FAIL_WORDS (src/report/compare.h), so that a reason added to the gate is not missing here.
# words: the macro's string literals joined; running: the page's text with its font macros' words
# put together as roff sets them (.IR RUN_A 's is RUN_A's), one line.
words=$(sed -n '/#define CMP_FAIL_WORDS/,/[^\\]$/p' src/report/compare.h | sed -e 's/^#define CMP_FAIL_WORDS //' -e 's/\\$//' |
        tr -d '\n' | sed -e 's/" *"//g' -e 's/^ *"//' -e 's/" *$//')
running() {
    plain "$1" | awk '/^\.(B|I) / { sub(/^\.[BI] /, ""); gsub(/"/, ""); print; next }
        /^\.(BR|IR|RB|RI|BI|IB) / { sub(/^\.[A-Z]+ /, ""); out = ""; q = 0
            for (i = 1; i <= length($0); i++) { ch = substr($0, i, 1)
                if (ch == "\"") q = !q; else if (ch != " " || q) out = out ch }
            print out; next }
        { print }' | tr '\n' ' ' | sed 's/  */ /g'
}
check fail_words_read test -n "$(echo "$words" | grep '^a configuration that did not pass on another side')"
running "$PAGE" | awk '{ i = index($0, "EXIT STATUS"); print substr($0, i) }' > "$T/exit_running.txt"
check page_exit_compare_fail_words grep -qF -- "clx compare exits 1 only under --fail-on ($words; with slower" "$T/exit_running.txt"
# The check catches a page whose words lag behind the gate's.
sed 's/measured and another run skipped, or a side whose/measured and another run skipped; or a side whose/' "$PAGE" > "$T/lagging.1"
lag=$(running "$T/lagging.1" | grep -cF -- "--fail-on ($words;")
check page_exit_lag_caught sh -c "! cmp -s '$PAGE' '$T/lagging.1' && test $lag -eq 0"
finish
