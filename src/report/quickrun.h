/* quickrun.h — what a --quick run is, said one way wherever a report speaks of one (its atlas, its
 * findings): the small sizes and few trials `make check` uses, not the experiment's. */
#ifndef QUICKRUN_H
#define QUICKRUN_H

/* quick_run_said: "A `--quick` run: small sizes and few trials, not the experiment's" (md: with
 * the Markdown quotes; capital: its first letter upper case), a new string: a sentence goes on
 * from it with what that means where it is said. */
char *quick_run_said(int md, int capital);

/* QUICK_VERDICT: what marks a finding's verdict on a --quick run ("does not hold (quick run)") where
 * the full sweep may give another (not on one that no sweep of the run can check); QUICK_VERDICT_WORDS:
 * the mark as the sentence above the verdicts names it. */
#define QUICK_VERDICT_WORDS "(quick run)"
#define QUICK_VERDICT " " QUICK_VERDICT_WORDS
#endif
