/* test_args.c — one option found in an argument list, and the list less some options; a word of a
 * command a message suggests, quoted for a shell where it must be. */
#include "check.h"
#include "lib/args.h"
#include "lib/calledas.h"
#include <stdlib.h>

static char *joined(const struct strlist *l)
{
    struct sbuf b = {0};
    for (int i = 0; i < l->n; i++) sb_printf(&b, "%s%s", i ? " " : "", l->v[i]);
    return b.s ? b.s : xstrdup("");
}

/* Both spellings of an option with a value, a flag, and a name that only starts the same. */
static void test_option_at(void)
{
    char *a[] = { "vecsum", "--shard", "2/8", "--shard=slurm", "--quiet", "--shards", "--shard" };
    const struct args_option shard = { "--shard", 1 }, quiet = { "--quiet", 0 };
    int span;
    const char *value;
    CHECK(!args_option_at(a, 7, 0, &shard, &span, &value));
    CHECK(args_option_at(a, 7, 1, &shard, &span, &value) && span == 2 && !strcmp(value, "2/8"));
    CHECK(args_option_at(a, 7, 3, &shard, &span, &value) && span == 1 && !strcmp(value, "slurm"));
    CHECK(args_option_at(a, 7, 4, &quiet, &span, &value) && span == 1 && value == NULL);
    CHECK(!args_option_at(a, 7, 5, &shard, &span, &value));
    CHECK(args_option_at(a, 7, 6, &shard, &span, &value) && value == NULL);   /* its value missing at the end */
}

static void test_without(void)
{
    char *a[] = { "vecsum", "--quick", "--device", "0:1", "--split", "--out=x", "--set", "ILP=1", "--resume" };
    const struct args_option drop[] = { {"--device", 1}, {"--split", 0}, {"--out", 1}, {"--resume", 1} };
    struct strlist out = {0};
    args_without(a, 9, drop, 4, &out);
    char *t = joined(&out);
    CHECK_STR(t, "vecsum --quick --set ILP=1");
    free(t);
    sl_free(&out);
    args_without(a, 9, drop, 0, &out);
    CHECK(out.n == 9);
    sl_free(&out);
}

/* What a shell reads as itself stays bare; anything else, the empty word too, is single-quoted,
 * a quote in it closed, escaped and opened again. */
static void test_shell_word(void)
{
    static const char *const cases[][2] = {
        { "ILP=1,4,8", "ILP=1,4,8" }, { "/tmp/my-runs/v.spec", "/tmp/my-runs/v.spec" }, { "0:0", "0:0" },
        { "", "''" }, { ",-cl-opt-disable", ",-cl-opt-disable" }, { "-cl-mad-enable -cl-fast-relaxed-math", "'-cl-mad-enable -cl-fast-relaxed-math'" },
        { "a*b", "'a*b'" }, { "it's", "'it'\\''s'" }, { "~/x", "'~/x'" }, { "$HOME", "'$HOME'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *w = shell_word(cases[i][0]);
        CHECK_STR(w, cases[i][1]);
        free(w);
    }
}

/* The one table of options that set an axis: by option, by axis (--set for any other), the axis an
 * option given a value sets, and the words that set one. */
static void test_shaping(void)
{
    CHECK_STR(args_shaping_of("--size")->axis, "N");
    CHECK_STR(args_shaping_of("--build")->override, "builds");
    CHECK(args_shaping_of("--quick") == NULL);
    CHECK_STR(args_shaping_for("local")->o.name, "--local");
    CHECK_STR(args_shaping_for("N")->o.name, "--size");
    CHECK_STR(args_shaping_for("ILP")->o.name, "--set");
    char *a = args_shaping_axis(args_shaping_of("--set"), "ILP=1,4");
    CHECK_STR(a, "ILP");
    free(a);
    a = args_shaping_axis(args_shaping_of("--size"), "1M");
    CHECK_STR(a, "N");
    free(a);
    struct sbuf b = {0};
    args_shaping_words(&b, "N", "1M,200M");
    args_shaping_words(&b, "build", ",-cl-opt-disable");
    args_shaping_words(&b, "build", "");
    args_shaping_words(&b, "variant", "naive,float4");
    args_shaping_words(&b, "X", "a b");
    CHECK_STR(b.s, " --size 1M,200M --build ,-cl-opt-disable --build '' --set variant=naive,float4 --set 'X=a b'");
    sb_free(&b);
    char *shaped[] = { "vecsum", "--quick", "--size=1M" }, *plain[] = { "vecsum", "--quick", "--sizes" };
    CHECK(args_shaped(shaped, 3) && !args_shaped(plain, 3));
}

/* The commands messages suggest quote their paths with shell_word: a --resume of a folder with a
 * space and a quote in it, and the words sb_word appends. */
static void test_commands_quoted(void)
{
    called_as_set("./clx");
    char *r = clx_resume_cmd("runs/my runs/it's");
    CHECK_STR(r, "./clx run --resume 'runs/my runs/it'\\''s'");
    free(r);
    r = clx_resume_cmd("results/vecsum-x");
    CHECK_STR(r, "./clx run --resume results/vecsum-x");
    free(r);
    struct sbuf b = {0};
    sb_printf(&b, "clx run");
    sb_word(&b, "--out");
    sb_word(&b, "a b");
    CHECK_STR(b.s, "clx run --out 'a b'");
    sb_free(&b);
}

/* One table of the options that measure nothing, read three ways: a resume takes --timeout and
 * --dir-file again but not --out; shards may differ in both and in --shard; a comparison does not
 * call commands other for --timeout or --device, but does for --shard. */
static void test_neutral(void)
{
    char *args[] = { "vecsum", "--out", "r", "--timeout=5", "--dir-file", "f", "--shard", "1/2", "--trials", "3",
                     "--device", "0:0", "--quiet" };
    int n = (int)(sizeof args / sizeof *args);
    struct strlist a = {0}, b = {0}, c = {0};
    args_without_neutral(args, n, ARGS_RESUMED, &a);
    CHECK(a.n == 7 && !strcmp(a.v[1], "--out") && !strcmp(a.v[3], "--shard") && !strcmp(a.v[5], "--trials"));
    args_without_neutral(args, n, ARGS_SHARDS, &b);
    CHECK(b.n == 3 && !strcmp(b.v[0], "vecsum") && !strcmp(b.v[1], "--trials") && !strcmp(b.v[2], "3"));
    args_without_neutral(args, n, ARGS_COMPARED, &c);
    CHECK(c.n == 5 && !strcmp(c.v[1], "--shard") && !strcmp(c.v[2], "1/2") && !strcmp(c.v[3], "--trials"));
    sl_free(&a);
    sl_free(&b);
    sl_free(&c);
    char *said = args_neutral_said(ARGS_RESUMED);
    CHECK_STR(said, "--quiet, --report, --no-cache, --dir-file, --device and --timeout");
    free(said);
}

int main(void)
{
    RUN(test_neutral);
    RUN(test_option_at);
    RUN(test_without);
    RUN(test_shell_word);
    RUN(test_shaping);
    RUN(test_commands_quoted);
    CHECK_EXIT();
}
