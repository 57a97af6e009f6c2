/* expandsame.h — whether two expansions of one variant are one kernel: the source a run saved in its
 * cl/ and the one the template makes now (clx run --resume), so that an edit of a file the template
 * includes (m4/clx.m4), or another m4, cannot put rows of two kernels in one results.tsv. */
#ifndef EXPANDSAME_H
#define EXPANDSAME_H

/* expandsame_first_line: where two expanded sources of one variant (there: the run's cl/ copy;
 * here: the expansion now) differ as kernels, as lib/spectext.h says it ("line N: 'A' there, 'B'
 * here"); NULL where they are the same kernel (a new string). Where they differ only in the paths
 * they name, they are the same: the header's first line (it names the template's path) and the
 * folders of m4's #line markers (the same experiment found on another path, or a clx installed
 * elsewhere); a #line's number and file name are compared. */
char *expandsame_first_line(const char *there, const char *here);
#endif
