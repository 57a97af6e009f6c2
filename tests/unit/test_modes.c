/* test_modes.c — the range arithmetic of modes: parts cover the dim-0 range in order, cut at
 * multiples of the work-group size; chunks cover their part; the read of a part's columns is a
 * rectangle of the row-major output, or a slice when it is one row. */
#include "check.h"
#include "spec/modes.h"

/* covers: ranges r[0..n) are in order, meet, and cover [0, extent). */
static int covers(const struct mode_range *r, int n, size_t from, size_t to)
{
    size_t at = from;
    for (int i = 0; i < n; i++) {
        if (r[i].a != at || r[i].b < r[i].a) return 0;
        at = r[i].b;
    }
    return at == to;
}

static void test_halves_at_local_multiples(void)
{
    double sh[2] = { 0.5, 0.5 };
    struct mode_range r[2];
    modes_part_ranges(1000, 256, sh, 2, r);
    CHECK(covers(r, 2, 0, 1000));
    CHECK(r[0].b == 512);          /* 500 rounds to the nearest multiple of 256 */
    modes_part_ranges(16384, 256, sh, 2, r);
    CHECK(r[0].b == 8192 && r[1].b == 16384);
}

static void test_uneven_shares_and_many_parts(void)
{
    for (size_t extent = 1; extent < 3000; extent += 37)
        for (size_t local = 1; local <= 512; local *= 4) {
            double sh[4] = { 0.1, 0.2, 0.3, 0.4 };
            struct mode_range r[4];
            modes_part_ranges(extent, local, sh, 4, r);
            CHECK(covers(r, 4, 0, extent));
            for (int i = 0; i < 3; i++) CHECK(r[i].b % local == 0 || r[i].b == extent);
        }
}

static void test_one_part_is_everything(void)
{
    double sh = 1;
    struct mode_range r;
    modes_part_ranges(777, 64, &sh, 1, &r);
    CHECK(r.a == 0 && r.b == 777);
}

static void test_chunks_cover_their_part(void)
{
    for (size_t a = 0; a < 2048; a += 256)
        for (size_t len = 1; len < 3000; len += 113)
            for (int c = 1; c <= 6; c++) {
                struct mode_range part = { a, a + len }, ch[6];
                int n = modes_chunks(part, 64, c, ch);
                CHECK(n >= 1 && n <= c);
                CHECK(covers(ch, n, part.a, part.b));
                for (int i = 0; i < n; i++) CHECK(ch[i].b > ch[i].a);
            }
    struct mode_range part = { 0, 1000 }, ch[4];
    CHECK(modes_chunks(part, 256, 4, ch) == 4);
    CHECK(ch[0].b == 256 && ch[1].b == 512 && ch[2].b == 768 && ch[3].b == 1000);
    /* A part shorter than a work-group is one chunk. */
    struct mode_range small = { 512, 600 };
    CHECK(modes_chunks(small, 256, 4, ch) == 1 && ch[0].a == 512 && ch[0].b == 600);
}

static void test_rect_read_of_columns(void)
{
    struct mode_read rd;
    struct mode_range r = { 512, 1000 };
    /* expint: ORDERS = 48 rows of SAMPLES = 1000 doubles. */
    CHECK(modes_read_region(48 * 1000, 1000, 8, r, &rd) == 0);
    CHECK(!rd.contiguous);
    CHECK(rd.origin[0] == 512 * 8 && rd.origin[1] == 0 && rd.origin[2] == 0);
    CHECK(rd.region[0] == 488 * 8 && rd.region[1] == 48 && rd.region[2] == 1);
    CHECK(rd.pitch == 1000 * 8);
}

static void test_one_row_is_a_slice(void)
{
    struct mode_read rd;
    struct mode_range r = { 100, 250 };
    CHECK(modes_read_region(1000, 1000, 4, r, &rd) == 0);
    CHECK(rd.contiguous && rd.offset == 400 && rd.bytes == 600);
    /* Not a whole number of rows: the buffer does not follow the dim-0 layout. */
    CHECK(modes_read_region(1500, 1000, 4, r, &rd) == -1);
}

int main(void)
{
    RUN(test_halves_at_local_multiples);
    RUN(test_uneven_shares_and_many_parts);
    RUN(test_one_part_is_everything);
    RUN(test_chunks_cover_their_part);
    RUN(test_rect_read_of_columns);
    RUN(test_one_row_is_a_slice);
    CHECK_EXIT();
}
