/* test_irtrim.c — unused global tables left out of LLVM IR (irtrim.c). */
#include "check.h"
#include "device/irtrim.h"
#include <stdlib.h>

static void test_drop(void)
{
    const char *ll = "; ModuleID = 'x'\n"
                     "@used = global i64 0\n"
                     "@TBL = internal constant [2 x float] [float 1.0, float 2.0]\n"
                     "@.str = private constant [4 x i8] c\"nan\\00\"\n"
                     "@NANs = private constant [1 x ptr] [ptr @.str]\n"
                     "@via = private constant [1 x ptr] [ptr @used.x]\n"
                     "@used.x = global i32 1\n"
                     "define void @k() {\n"
                     "  %a = load i64, ptr @used\n"
                     "  %b = load ptr, ptr @via\n"
                     "  ret void\n"
                     "}\n";
    int dropped = -1;
    char *out = ir_drop_unused_globals(ll, &dropped);
    CHECK(dropped == 3);                             /* TBL, .str and NANs: nothing uses them */
    CHECK(strstr(out, "@TBL =") == NULL);
    CHECK(strstr(out, "@NANs =") == NULL && strstr(out, "@.str =") == NULL);
    CHECK_CONTAINS(out, "@used = global i64 0\n");   /* used by the function */
    CHECK_CONTAINS(out, "@via = ");                  /* used by the function ... */
    CHECK_CONTAINS(out, "@used.x = global i32 1\n"); /* ... and what it uses: not @used's prefix */
    CHECK_CONTAINS(out, "define void @k() {\n");
    free(out);
}

int main(void)
{
    RUN(test_drop);
    CHECK_EXIT();
}
