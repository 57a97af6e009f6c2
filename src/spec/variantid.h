/* variantid.h — the one grammar of variant ids, read by filters, `clx dump`, `--set variant=` and
 * compare alike: "NAME" (a named variant, whatever its parameters), "NAME:K=V,K=V" (that variant at
 * those parameter values), "K=V,K=V" (any variant at those values). Ids printed in results.tsv are
 * of this form, so any id a run prints picks its own rows back. */
#ifndef VARIANTID_H
#define VARIANTID_H
#include "lib/util.h"

/* A parsed id or pattern: name NULL when there is none; keys[i]=vals[i] its parameters. */
struct vid { char *name; struct strlist keys, vals; };

/* vid_parse: splits text into a name and K=V pairs; -1 and *err (a new string) when a pair has no
 * key or no value ("naive:=2"), or the name holds '='. */
int vid_parse(const char *text, struct vid *out, char **err);
void vid_free(struct vid *v);
/* vid_split_list: a comma-separated list of ids, where an id's own pairs are commas too:
 * "naive:EXTRA=2,ILP=1,float4" -> "naive:EXTRA=2,ILP=1", "float4" (a K=V item belongs to the id
 * before it when that one has pairs, unless that one has its key already: "A=1,B=2,A=3" is "A=1,B=2"
 * and "A=3"). ';' parts ids whatever they hold ("A=1;B=2" is two). Items are trimmed; empty ones
 * dropped. */
void vid_split_list(const char *text, struct strlist *out);
/* vid_values_equal: whether two parameter values are the same (as text, or as numbers: "16" and
 * "16.0", "1M" and "1000000"). */
int vid_values_equal(const char *a, const char *b);
/* vid_lookup: the value of parameter key for the thing being matched, or NULL when it has none. */
typedef const char *(*vid_lookup)(void *ctx, const char *key);
/* vid_match: whether a variant named name (NULL for none) with the values lookup gives satisfies
 * pattern: the same name when the pattern has one, and every pair of the pattern equal. */
int vid_match(const struct vid *pattern, const char *name, vid_lookup lookup, void *ctx);
/* vid_value: the value the id gives parameter key, or NULL. */
const char *vid_value(const struct vid *v, const char *key);
/* vid_match_id: vid_match against another id's own name and pairs (text pattern; 0 when either
 * does not parse). */
int vid_match_id(const char *pattern, const char *id);
/* vid_without: id less the pairs of the parameters named in keys, in the same grammar
 * ("tiled:TILE=16,UNROLL=4" less TILE is "tiled:UNROLL=4", "naive:TILE=8" less TILE "naive"); bare
 * where nothing is left (an unnamed variant's "ILP=4" less ILP), id itself where it does not parse.
 * A new string. What a plot groups by when another of its dimensions shows those parameters. */
char *vid_without(const char *id, const struct strlist *keys, const char *bare);
#endif
