/* specrefused.h — where in the spec file a refused resume's settings differ, with both texts: a
 * refusal that names a setting names its file and line too, and what it said and says. */
#ifndef SPECREFUSED_H
#define SPECREFUSED_H
#include "specdiff.h"

/* specrefused_said: what of d (specdiff_make of texts was and now) a resume refuses, its work and
 * what it runs: "the spec's bytes (FILE:21: '12 * N' there, '16 * N' here)"; more than one, each
 * named in the parentheses, "the spec's bytes and warmups (FILE:21: bytes '12 * N' there, '16 * N'
 * here; FILE:24: warmups '1' there, '2' here)"; a setting of one value said by its values, one of
 * many lines (launch, variants) by its first line that differs; what no row reads that differs
 * beside them named as not why ("; beside its findings, which alone a resume goes on past"). LINE:
 * the setting's line in now, file's text; a setting taken out, FILE alone. NULL where d was not read
 * or nothing refused differs (a new string). */
char *specrefused_said(const struct specdiff *d, const char *was, const char *now, const char *file);
#endif
