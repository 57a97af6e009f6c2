/* jsonval.c — a JSON member as text or a number, with run.json's defaults for what is absent. */
#include "jsonval.h"
#include <limits.h>
#include <math.h>

const char *json_text(const cJSON *x) { return cJSON_IsString(x) && x->valuestring ? x->valuestring : NULL; }
double json_number(const cJSON *x) { return cJSON_IsNumber(x) ? x->valuedouble : NAN; }

void json_add_text(cJSON *o, const char *key, const char *s)
{
    if (s) cJSON_AddStringToObject(o, key, s);
}

void json_add_number(cJSON *o, const char *key, double x)
{
    if (!isnan(x)) cJSON_AddNumberToObject(o, key, x);
}

void json_set(cJSON *o, const char *key, cJSON *x)
{
    if (cJSON_GetObjectItemCaseSensitive(o, key)) cJSON_ReplaceItemInObjectCaseSensitive(o, key, x);
    else cJSON_AddItemToObject(o, key, x);
}

void json_set_text(cJSON *o, const char *key, const char *s) { json_set(o, key, cJSON_CreateString(s)); }
void json_set_number(cJSON *o, const char *key, double x) { json_set(o, key, cJSON_CreateNumber(x)); }

const char *json_str(const cJSON *o, const char *key)
{
    const char *s = json_text(cJSON_GetObjectItemCaseSensitive(o, key));
    return s ? s : "";
}

double json_num(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(x) ? x->valuedouble : 0;
}

/* whole: x truncated toward zero within [lo, hi], 0 where x is not finite. LONG_MAX as a double rounds
 * up to 2^63, which the >= sends to hi before a conversion could overflow. */
static long whole(double x, long lo, long hi)
{
    if (!isfinite(x)) return 0;
    if (x <= (double)lo) return lo;
    if (x >= (double)hi) return hi;
    return (long)x;
}

int json_int(const cJSON *o, const char *key) { return (int)whole(json_num(o, key), INT_MIN, INT_MAX); }

long json_long(const cJSON *o, const char *key) { return whole(json_num(o, key), LONG_MIN, LONG_MAX); }

void json_strings(const cJSON *array, struct strlist *out)
{
    const cJSON *x;
    if (cJSON_IsArray(array)) cJSON_ArrayForEach(x, array) if (cJSON_IsString(x)) sl_push(out, x->valuestring);
}

cJSON *json_string_array(const struct strlist *l)
{
    return l->n ? cJSON_CreateStringArray((const char *const *)l->v, l->n) : cJSON_CreateArray();
}
