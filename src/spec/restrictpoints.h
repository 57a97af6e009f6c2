/* restrictpoints.h — whether the restrictions that read a launch axis leave a plan any configuration
 * at all: a sweep writes each one they leave out as a skipped row naming the restriction, but a
 * search leaves them out of its space, so a space they empty is refused before anything runs (and
 * by --dry-run), naming the restriction and the options that set the axes it reads. */
#ifndef RESTRICTPOINTS_H
#define RESTRICTPOINTS_H

struct spec;
struct plan;
struct override;

/* restrictions_points_none_left: 0 where some configuration of p meets every restriction of s that
 * reads a launch axis (or an error stops the judging: the run's rows say it); else *err (a new
 * string) saying which restriction leaves out the most of them, at its line, and the overrides of
 * ov (--set MNK=96) that set the launch axes it reads: -2 where there is one (the command line is
 * to blame), else -1. */
int restrictions_points_none_left(const struct spec *s, const struct plan *p, const struct override *ov, int nov,
                                  char **err);
#endif
