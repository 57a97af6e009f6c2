/* expected_probe.h — where a reference writes its answer (filled as the device's output starts),
 * and the check, once a run, that a reference does not read that room before writing it. */
#ifndef EXPECTED_PROBE_H
#define EXPECTED_PROBE_H
#include "expected.h"
#include <stddef.h>

/* answer_room: where a reference writes output d's expected values, filled by fill (the poison, or
 * vacuous_fill for a second run): every element, or only the sampled ones. It lies between
 * inaccessible guards, its end touching one (lib/hostguard.h), so that a write past it is caught as a
 * read past an input's end is, and a write just before its start changes the canary there
 * (reffault_written_before); *bytes gets its size, for answer_free. */
void *answer_room(const struct dbuf *d, const size_t *sample, size_t nsample, void (*fill)(enum cltype, void *, size_t),
                  size_t *bytes);
/* answer_free: frees p, from answer_room when bytes is what it gave (0: from malloc, a read-back's). */
void answer_free(void *p, size_t bytes);
/* expected_ref_where: "SPEC:LINE" of the setting that names s's reference, for its faults' messages (a new
 * string; SPEC alone where the line is not known; NULL for a spec of no file). */
char *expected_ref_where(const struct spec *s);
/* expected_probe_due: whether the next answer of s's reference that x makes is probed
 * (probe_reads_output): s has a reference, and this worker has not probed it (nor been told not to,
 * after a worker before it faulted in the probe). What a configuration needs of the host's memory
 * counts the probe where it is due (memneed_probe). */
int expected_probe_due(const struct expected *x, const struct spec *s);
/* expected_probe_unmade: where the probe never ran because no configuration left the host room for
 * it (in this worker, nor in an earlier one of the run: x->probe_made_before), the sentence a run's
 * end warns with ("the reference's probe (...) never ran: ..."), a new string; NULL where it ran,
 * was never due, or was not made for another reason. */
char *expected_probe_unmade(const struct expected *x);
/* probe_reads_output: the reference run a second time over outputs filled with another pattern
 * than the poison, for the first answer of a run only (a sweep of 64Mi floats is timed for its
 * speed: not every configuration twice): an expected value that differs between the two, and is
 * not each fill left alone, was read from the output, and the answer passes a kernel that writes
 * nothing (2.5 * x + NaN is the NaN the untouched output holds). The finding is x->ref_reads_output.
 * A fault in that second run (the first finished) leaves the question open: x->ref_probe_fault says
 * so, and the first answer is kept (its row is checked against it, as any answer that finished); so
 * does a write before an output's start (its canary changed, as the first run's is checked). The
 * inputs it reads are copies that start at a page's (lib/hostguard.h's hostguard_alloc_start), where
 * the first run's end at one: a fault before an input's start is a read the first made unseen, in
 * the bytes before it in its first page, and x->ref_reads_before says it (the first answer is none).
 * Where bs was made without room for the probe's copies (bufset.probe_no_room), it is postponed
 * instead: nothing runs, the probe stays due for the next answer, and x->probe_postponed keeps the
 * least of those bytes for expected_probe_unmade. Returns x->ref_probe_fault (NULL: no fault). */
const char *probe_reads_output(struct expected *x, const struct spec *s, const struct bufset *bs, const struct vars *vv,
                              void *const *first, const size_t *sample, size_t nsample);
#endif
