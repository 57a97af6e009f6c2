/* opcount.h — instruction counts a spec expects in a variant's optimised binary (docs/spec.md,
 * "Expected instructions"): counted in binaries clx can read as text, compared, flagged. */
#ifndef OPCOUNT_H
#define OPCOUNT_H
#include "lib/util.h"

/* opcount_readable: whether clx can count instructions in a binary of this format (a name
 * binary_format gives: "PTX" can be read, "PoCL binary" cannot). */
int opcount_readable(const char *format);
/* opcount_readable_formats: the formats clx reads, comma-separated ("PTX"), for messages. */
const char *opcount_readable_formats(void);
/* opcount_in: the instructions of kernel entry whose opcode starts with op, in a binary of
 * format (NUL-terminated text); -1 when clx cannot read that format or the entry is not in it. */
int opcount_in(const char *format, const char *bin, const char *entry, const char *op);
/* opcount_op_of: the opcode prefix an entry's op names for a variant: op itself, or, when op names
 * one of the variant's template parameters (upper case, as PTX_OP), that parameter's value; NULL
 * when the variant does not set it (no expectation). */
const char *opcount_op_of(const char *op, const struct strlist *keys, const struct strlist *values);
/* opcount_pruned: when found instructions are fewer than want, the row's flag "pruned:OP FOUND<WANT"
 * (a new string); else NULL. want <= 0 (no expectation) or found < 0 (not counted) never flag. */
char *opcount_pruned(const char *op, int found, double want);
#endif
