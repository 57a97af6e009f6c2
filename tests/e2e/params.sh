#!/bin/sh
# params.sh — src/'s calls stay readable (issue 44): mk/checks/params.sh finds no function of more
# than 8 parameters and no struct literal of more than 3 fields by position in clx's sources, and it
# does find each kind in a small made-up tree while letting tables, designated fields, strings and
# comments by (so a clean result means something).
. tests/e2e/lib.sh
T=$TMP/params
rm -rf "$T"; mkdir -p "$T/src/top"

mk/checks/params.sh > "$T/clx.log" 2>&1; rc=$?
check params_clx_clean test "$rc" -eq 0
[ "$rc" -ne 0 ] && sed 's/^/  /' "$T/clx.log" >&2

# What may stay: 8 parameters, (void), 3 fields by position, any number named, a table's rows, a
# string or comment with commas in it.
cat > "$T/src/top/ok.c" <<'EOF'
struct p { int a, b, c, d; const char *s; };
int eight(int a, int b, int c, int d, int e, int f, int g, int h);
int none(void);
typedef void (*cb)(int a, int b);
/* a comment, with, many, commas, in, it, that, is, not, a, list */
static const struct p rows[] = {
    { 1, 2, 3, 4, "a, b, c" },
    { 5, 6, 7, 8, "d" },
};
struct p make(int a)
{
    struct p x = { 1, 2, 3 };
    struct p y = { .a = a, .b = 2, .c = 3, .d = 4, .s = "x, y, z, w" };
    struct p z[2] = { { 1, 2, 3, 4, "" }, { 5, 6, 7, 8, "" } };
    const struct p *t = (const struct p[]){ { 1, 2, 3, 4, "" } };
    if (a) { x = (struct p){ a, 2, "e, f, g" [0] }; }
    if (a > 1) { x = (struct p){ .a = a, 2, 3, 4 }; }
    (void)y; (void)z; (void)t; (void)rows;
    return x;
}
EOF
mk/checks/params.sh "$T/src" > "$T/ok.log" 2>&1
check params_tree_clean test $? -eq 0
[ -s "$T/ok.log" ] && sed 's/^/  /' "$T/ok.log" >&2

# What may not: each said with its file and line, exit 1.
cat > "$T/src/top/bad.h" <<'EOF'
struct q { int a, b, c, d; };
int nine(int a, int b, int c, int d, int e, int f, int g, int h,
         int i);
struct ops { void (*run)(int a, int b, int c, int d, int e, int f, int g, int h, int i, int j); };
EOF
cat > "$T/src/top/bad.c" <<'EOF'
#include "bad.h"
int nine(int a, int b, int c, int d, int e, int f, int g, int h, int i) { return a + b + c + d + e + f + g + h + i; }
struct q positional(void)
{
    struct q x = { 1, 2, 3, 4 };
    (void)x;
    return (struct q){ 1, 2, 3, 4 };
}
EOF
mk/checks/params.sh "$T/src" > "$T/bad.log" 2>&1; rc=$?
check params_bad_exit_1 test "$rc" -eq 1
check params_prototype_said grep -q "top/bad.h:2: 9 parameters" "$T/bad.log"
check params_member_said grep -q "top/bad.h:4: 10 parameters" "$T/bad.log"
check params_definition_said grep -q "top/bad.c:2: 9 parameters" "$T/bad.log"
check params_initialiser_said grep -q "top/bad.c:5: a struct literal fills 4 fields by position" "$T/bad.log"
check params_compound_said grep -q "top/bad.c:7: a struct literal fills 4 fields by position" "$T/bad.log"
check params_said_five test "$(wc -l < "$T/bad.log")" -eq 5
finish
