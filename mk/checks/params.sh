#!/bin/sh
# params.sh — checks that src/'s calls stay readable by someone other than their author: no
# function takes more than 8 parameters, and no struct literal fills more than 3 fields by
# position. Prints file:line: what for each, and exits 1 when there is any. Usage:
#   mk/checks/params.sh [SRC_DIR]     (default: src of this checkout; reads SRC_DIR/*/*.c and *.h)
# make check runs it through tests/e2e/params.sh, as tests/e2e/layers.sh runs mk/checks/layers.sh.
# Why (issue 44): past a few, arguments and fields by position can be read only by counting commas
# against the declaration (`1, 0, ..., NULL, env, 0`), while up to three (`{ x, y, z }`, a
# timespec's `{ 0, 5000000 }`) still read as what they are. Past 8 parameters a function wants a
# struct that names what is asked of it (trials.c's batch_request); past 3 fields a literal wants
# .field = value.
#
# What it counts (comments, strings and preprocessor lines are read past first):
#  - parameters: every parameter list written at file scope or in a struct or union body (function
#    definitions and prototypes, function-pointer typedefs and members): its commas + 1, where it
#    is not empty or (void). `...` counts as one. Calls are not counted: a call with more than 8
#    arguments is either to a function this rule already reaches or to one outside src/ (printf,
#    clEnqueueNDRangeKernel). Function-like macros are not read.
#  - positional fields: the brace list of a struct literal, that is a compound literal of a struct
#    or union type `(struct x){ ... }`, or the initialiser of a declared object that is not an array
#    (`struct x v = { ... }`, or a typedef'd name's). Its elements that do not start with a
#    designator (`.field =` or `[k] =`) are positional; more than 3 is reported.
#  - not counted: the rows of an array's initialiser (`static const struct row rows[] = {
#    { "name", fn, ... }, ... }`, or `(struct x[]){ ... }`): a table's rows are read down their
#    columns, which the comment above the table names, and a designator on every cell would only
#    make them wide. A brace list nested inside a struct literal is not counted either: it may be an
#    array member, whose elements are positional by nature, and the checker does not see types.
cd "$(dirname "$0")/../.." || exit 2
src=${1:-src}
set --
for f in "$src"/*/*.c "$src"/*/*.h; do [ -f "$f" ] && set -- "$@" "$f"; done
[ $# -gt 0 ] || { echo "params: no C files under $src/"; exit 2; }

awk -v maxp=8 -v maxpos=3 '
# tokenize LINE: appends the tokens of one source line to tok[]/tl[] (comments, strings and
# character constants past; a string or character constant becomes the one token "S").
function tokenize(s, ln,    i, n, c, c2, j) {
    n = length(s); i = 1
    while (i <= n) {
        if (incomment) {
            j = index(substr(s, i), "*/")
            if (!j) return
            i += j + 1; incomment = 0; continue
        }
        c = substr(s, i, 1); c2 = substr(s, i, 2)
        if (c2 == "/*") { incomment = 1; i += 2; continue }
        if (c2 == "//") return
        if (c == "\"" || c == "\047") {
            for (j = i + 1; j <= n; j++) {
                if (substr(s, j, 1) == "\\") { j++; continue }
                if (substr(s, j, 1) == c) break
            }
            tok[++nt] = "S"; tl[nt] = ln; i = j + 1; continue
        }
        if (c ~ /[A-Za-z0-9_]/) {
            for (j = i; j <= n && substr(s, j, 1) ~ /[A-Za-z0-9_.]/; j++) ;
            tok[++nt] = substr(s, i, j - i); tl[nt] = ln; i = j; continue
        }
        if (c ~ /[ \t\r\f]/) { i++; continue }
        if (substr(s, i, 3) == "...") { tok[++nt] = "..."; tl[nt] = ln; i += 3; continue }
        tok[++nt] = c; tl[nt] = ln; i++
    }
}
function report(ln, what) { printf "%s:%d: %s\n", fname, ln, what; bad = 1 }
function qualifier(t) { return t ~ /^(static|const|volatile|extern|register|_Thread_local|inline|for|\()$/ }
# parse: walks the tokens of one file. bkind[] says what each open brace is: "block" (a body or a
# statement), "aggregate" (a struct or union body), "struct" (a struct literal), "array" (the
# initialiser of an array) or "nested" (a list inside either of those); none open is file scope.
function parse(    i, t, k, j, kind, top, params, list) {
    bd = 0; pd = 0; stmt = 1
    for (i = 1; i <= nt; i++) {
        t = tok[i]
        list = bd && bkind[bd] ~ /^(struct|array|nested)$/ && pd == bbase[bd]
        # The first token of an element of a brace list: positional unless a designator.
        if (list && t != "," && t != "}" && bstart[bd]) {
            bstart[bd] = 0
            if (t !~ /^\./ && t != "[") bpos[bd]++
        }
        if (t == "(") { pstart[++pd] = i; pcomma[pd] = 0; continue }
        if (t == ")") {
            if (pd < 1 || (bd && pd == bbase[bd])) continue
            # A parameter list: a group written at file scope or in a struct or union body.
            top = bd ? bkind[bd] : "file"
            if (top == "file" || top == "aggregate") {
                k = pstart[pd]
                if (i > k + 1 && !(i == k + 2 && tok[k + 1] == "void")) {
                    params = pcomma[pd] + 1
                    if (params > maxp) report(tl[k], params " parameters (at most " maxp "; pass a struct)")
                }
            }
            lastopen = pstart[pd]; lastclose = i
            pd--
            continue
        }
        if (t == ",") {
            if (list) bstart[bd] = 1
            else if (pd > 0) pcomma[pd]++
            continue
        }
        if (t == "{") {
            kind = "block"
            top = bd ? bkind[bd] : "file"
            if (list) {
                kind = "nested"
            } else if (i > 1 && tok[i - 1] == "=") {
                # An initialiser: of an array (its rows are a table) or of one object.
                kind = "struct"
                for (j = stmt; j < i; j++) if (tok[j] == "[") kind = "array"
            } else if (i > 1 && tok[i - 1] == ")" && lastclose == i - 1) {
                # A compound literal when the group before it is a type name alone.
                k = lastopen + 1
                while (k < i - 1 && tok[k] ~ /^(const|volatile)$/) k++
                if (tok[k] ~ /^(struct|union)$/ && k + 1 < i - 1) {
                    kind = "struct"
                    for (j = k + 2; j < i - 1; j++) {
                        if (tok[j] == "[") kind = "array"
                        else if (tok[j] != "]" && tok[j] !~ /^[0-9A-Za-z_]+$/) { kind = "block"; break }
                    }
                }
            } else if (i > 1 && (tok[i - 1] ~ /^(struct|union)$/ || (i > 2 && tok[i - 2] ~ /^(struct|union)$/))) {
                kind = "aggregate"
            }
            bd++; bkind[bd] = kind; bline[bd] = tl[i]; bpos[bd] = 0; bstart[bd] = 1; bbase[bd] = pd
            stmt = i + 1
            continue
        }
        if (t == "}") {
            if (bd < 1) continue
            if (bkind[bd] == "struct" && bpos[bd] > maxpos)
                report(bline[bd], "a struct literal fills " bpos[bd] " fields by position (at most " maxpos "; name them: .field = ...)")
            pd = bbase[bd]; bd--
            stmt = i + 1
            continue
        }
        if (t == ";" && !list) stmt = i + 1
    }
}
FNR == 1 {
    if (NR > 1) parse()
    fname = FILENAME; nt = 0; incomment = 0; inpp = 0
}
{
    line = $0
    # Preprocessor lines (and their continuations) are not read.
    if (!incomment && (inpp || line ~ /^[ \t]*#/)) { inpp = (line ~ /\\$/); next }
    tokenize(line, FNR)
}
END { if (NR > 0) parse(); exit bad }
' "$@"
