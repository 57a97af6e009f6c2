# where.awk — the --where COL=VALUE of tools/table.sh and tools/pivot.sh, one home for both: checked
# against the file's header, then matched row by row. Its caller sets cond[1..m] (split(where, cond, " "))
# and col[NAME] (the header's columns) before calling these.

# where_refused: 0 where every condition names a column the file has; else 2, said on stderr as tool's.
# A column the file lacks (a typo: buidl=default) matched no row: an empty table, exit 0, read as
# "no such rows".
function where_refused(tool,    c, name) {
    for (c = 1; c <= m; c++) {
        if (index(cond[c], "=") < 2) { print tool ": --where " cond[c] ": give COL=VALUE" > "/dev/stderr"; return 2 }
        name = substr(cond[c], 1, index(cond[c], "=") - 1)
        if (!(name in col)) { print tool ": --where " cond[c] ": no column " name > "/dev/stderr"; return 2 }
    }
    return 0
}

# where_matches: whether the current row meets every condition (a value holding "=", as sgemm's
# variant ids, matched whole: the first "=" ends the column's name).
function where_matches(    c, e) {
    for (c = 1; c <= m; c++) {
        e = index(cond[c], "=")
        if ($(col[substr(cond[c], 1, e - 1)]) != substr(cond[c], e + 1)) return 0
    }
    return 1
}
