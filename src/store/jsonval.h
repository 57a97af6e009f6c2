/* jsonval.h — one JSON value of run.json's read or written: a member as text or a number with a
 * default where it is absent or of another type, a member left out where there is nothing to say,
 * a list of strings either way, a member set anew. */
#ifndef JSONVAL_H
#define JSONVAL_H
#include "lib/util.h"
#include <cjson/cJSON.h>

/* json_str, json_num: a member of an object: "" or 0 when it is absent or of another type. */
const char *json_str(const cJSON *o, const char *key);
double json_num(const cJSON *o, const char *key);
/* json_int, json_long: a member as a whole number (truncated toward zero), for a count or an index:
 * 0 where it is absent, of another type or not finite, and clamped to the type's range where it is
 * beyond it (a run.json edited by hand, "1e20"), which a bare (int)json_num(...) would convert with
 * undefined behaviour. */
int json_int(const cJSON *o, const char *key);
long json_long(const cJSON *o, const char *key);
/* json_text, json_number: x's string (NULL) or number (NAN) where x is one, else the default. */
const char *json_text(const cJSON *x);
double json_number(const cJSON *x);
/* json_add_text, json_add_number: key in o, unless s is NULL or x is NAN (nothing said). */
void json_add_text(cJSON *o, const char *key, const char *s);
void json_add_number(cJSON *o, const char *key, double x);
/* json_set: o's member key made x (taken over): in its place where o has one, else added last (no
 * second member of that key); json_set_text, json_set_number: a string's copy, a number. */
void json_set(cJSON *o, const char *key, cJSON *x);
void json_set_text(cJSON *o, const char *key, const char *s);
void json_set_number(cJSON *o, const char *key, double x);
/* json_strings: the strings of an array appended to out; other items, and a non-array, add nothing. */
void json_strings(const cJSON *array, struct strlist *out);
/* json_string_array: l as a new JSON array of strings (empty when l is: cJSON_CreateStringArray
 * gives NULL for no strings). */
cJSON *json_string_array(const struct strlist *l);
#endif
