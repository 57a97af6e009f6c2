#!/bin/sh
# resume_comments.sh — clx run --resume of a run whose spec was edited since in its comments and
# blank lines alone goes on (it changes nothing measured), says so once, and keeps the run's spec in
# run.json; an edit of a line that says something is refused, naming it with the difference shown.
. tests/e2e/lib.sh
T=$TMP/resume_comments
rm -rf "$T"; mkdir -p "$T"
cp tests/e2e/fixtures/checks.spec "$T/sweep.spec"; cp tests/e2e/fixtures/broken.cl.m4 "$T/"
# Stopped after its first round (deterministic): the sweep of 4 has one row, cut short.
CLX_STOP_AFTER_ROUNDS=1 $CLX run "$T/sweep.spec" --set variant=good --local 1:4:1 --out "$T/out" > "$T/stop.log" 2>&1; rc=$?
d=$(ls -d "$T"/out/sweep-*)
check comments_stopped sh -c "test $rc -ne 0 && grep -q '\"interrupted\"' '$d/run.json'"
cp "$T/sweep.spec" "$T/sweep.spec.orig"

# A long line of what runs (a buffer's), edited past its 60th character: refused, naming the setting
# at the spec's line, both excerpts showing the difference (before, both were cut at the 57th and read alike). An edit of what no row
# reads, the description's, goes on: resume_unread.sh.
sed -i 's/^\(  { name = "a"; .*init = "random";\) },$/\1 range = [ -1.0, 1.0 ]; },/' "$T/sweep.spec"
$CLX run --resume "$d" --quiet > "$T/long.log" 2>&1; rc=$?
check comments_code_edit_refused test "$rc" -eq 4
check comments_code_edit_shown grep -qF "in the spec's buffers ($T/sweep.spec:16: '... = \"N\"; init = \"random\"; },' there, '... = \"N\"; init = \"random\"; range = [ -1.0, 1.0 ]; },' here" "$T/long.log"
cp "$T/sweep.spec.orig" "$T/sweep.spec"

# Comments alone: the first line's edited, one added, a blank line added; the resume goes on.
sed -i -e '1s/$/ (a word added)/' -e 's/^builds = /# a comment added\n\nbuilds = /' "$T/sweep.spec"
check comments_edited sh -c "! cmp -s '$T/sweep.spec' '$T/sweep.spec.orig'"
$CLX run --resume "$d" > "$T/resume.log" 2>&1; rc=$?
check comments_resume_exit_0 test "$rc" -eq 0
check comments_resume_no_refusal sh -c "! grep -q 'cannot resume' '$T/resume.log'"
check comments_said_once test "$(grep -c "the spec's comments or blank lines differ from the run's" "$T/resume.log")" -eq 1
check comments_all_rows test "$(tsv_rows "$d/results.tsv")" -eq 4
# run.json keeps the run's spec as it began (one spec for the run, and for a shard's hash).
check comments_spec_kept python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["spec"] != open(sys.argv[2]).read())' "$d/run.json" "$T/sweep.spec.orig"

# A shard of the same sweep: its run.json's sweep hash covers the spec, and a comment-only edit
# refused its resume at --shard (the hash made of the edited text); now made of the run's own.
cp "$T/sweep.spec.orig" "$T/sweep.spec"
CLX_STOP_AFTER_ROUNDS=1 $CLX run "$T/sweep.spec" --set variant=good --local 1:4:1 --shard 1/2 --out "$T/sh" > "$T/shstop.log" 2>&1
s=$(ls -d "$T"/sh/sweep-* | head -n 1)
sed -i '1i # a comment added before the first line' "$T/sweep.spec"
$CLX run --resume "$s" > "$T/shresume.log" 2>&1; rc=$?
check comments_shard_resume_exit_0 test "$rc" -eq 0
check comments_shard_no_refusal sh -c "! grep -q 'cannot resume' '$T/shresume.log'"
check comments_shard_spec_kept python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["spec"] != open(sys.argv[2]).read())' "$s/run.json" "$T/sweep.spec.orig"

# A spec converted to CRLF line ends, its last newline taken away, says the same: the resume goes on,
# says that its line ends differ (not its comments), and run.json keeps the spec as the run began.
cp "$T/sweep.spec.orig" "$T/sweep.spec"
CLX_STOP_AFTER_ROUNDS=1 $CLX run "$T/sweep.spec" --set variant=good --local 1:4:1 --out "$T/crlf" > "$T/crlfstop.log" 2>&1
c=$(ls -d "$T"/crlf/sweep-*)
python3 -c 'import sys
t = open(sys.argv[1], newline="").read().replace("\n", "\r\n")
open(sys.argv[2], "w", newline="").write(t[:-2] if t.endswith("\r\n") else t)' "$T/sweep.spec.orig" "$T/sweep.spec"
check comments_crlf_converted python3 -c 'import sys
t = open(sys.argv[1], "rb").read()
sys.exit(not (b"\r\n" in t and not t.endswith(b"\n")))' "$T/sweep.spec"
$CLX run --resume "$c" > "$T/crlfresume.log" 2>&1; rc=$?
check comments_crlf_resume_exit_0 test "$rc" -eq 0
check comments_crlf_no_refusal sh -c "! grep -q 'cannot resume' '$T/crlfresume.log'"
check comments_crlf_said_once test "$(grep -c "the spec's line ends (CRLF or LF, or a newline at the end) differ from the run's" "$T/crlfresume.log")" -eq 1
check comments_crlf_all_rows test "$(tsv_rows "$c/results.tsv")" -eq 4
check comments_crlf_spec_kept python3 -c 'import json, sys
sys.exit(json.load(open(sys.argv[1]))["spec"] != open(sys.argv[2]).read())' "$c/run.json" "$T/sweep.spec.orig"
finish
