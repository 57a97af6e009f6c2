#!/bin/sh
# doc_verdicts.sh — the experiment notes say plainly which spec each verdict they record is of: every
# section that gives `clx report`'s verdicts (names `clx report` and says "holds" or "does not hold")
# names the spec's clx commit, or points to the paragraph that does ("Which spec these verdicts are
# of"), and the hand readings of the seed's claims and the probes' tables say they are no report's.
# The specs' findings changed after the runs the notes record (5a948ea1 re-read every experiment's):
# before, a reader running clx report on the same rows with today's spec got other verdicts than
# the notes recorded, with no word of why (expint, histogram, taylor; then the second H200 run's
# section of every other note). Every note is read; those listed must have such sections.
. tests/e2e/lib.sh
T=$TMP/doc_verdicts
rm -rf "$T"; mkdir -p "$T"

RECORDS="expint histogram taylor inline maths memcopy_ilp occupancy_dynamic occupancy_static optflags peaks
shortcutting vecsum volkov_fma"
for f in docs/experiments/*.md; do
    e=$(basename "$f" .md)
    # "SECTION<TAB>ok|unsaid" for each "## " section that records verdicts.
    awk -v spec="templates/$e.spec" '
        function done() {
            if (name != "" && verdicts && report) print name "\t" (said ? "ok" : "unsaid")
        }
        /^## / { done(); name = $0; verdicts = 0; said = 0; report = 0; next }
        /`clx report`/ { report = 1 }
        /(holds|does not hold|do not hold)/ { verdicts = 1 }
        /Which spec these verdicts are of/ { said = 1 }
        /no `clx report` verdict/ { said = 1 }
        END { done() }' "$f" > "$T/$e.txt"
    case " $(echo $RECORDS) " in *" $e "*) check "doc_verdicts_${e}_sections" test -s "$T/$e.txt" ;; esac
    check "doc_verdicts_${e}_each_says_its_spec" sh -c "! grep -q '	unsaid\$' '$T/$e.txt'"
    grep -q 'Which spec these verdicts are of' "$f" &&
        check "doc_verdicts_${e}_names_spec" sh -c "grep -A3 'Which spec these verdicts are of' '$f' | grep -q 'templates/$e.spec'"
done
