/* test_diskfull.c — a write refused for want of room (lib/diskfull.c): ENOSPC and EDQUOT alike, no
 * other errno, the words for when to go on, and a folder with room probed as having it (the probe
 * removed after). A disk or quota with none is full_disk.sh's and report_disk.sh's (an LD_PRELOAD). */
#include "check.h"
#include "lib/diskfull.h"
#include "lib/util.h"
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

static void test_full_errnos(void)
{
    CHECK(disk_full(ENOSPC));
    CHECK(disk_full(EDQUOT));
    CHECK(!disk_full(0));
    CHECK(!disk_full(EIO));
    CHECK(!disk_full(EACCES));
    CHECK(!disk_full(EROFS));
}

static void test_room_words(void)
{
    CHECK_STR(disk_full_room(ENOSPC), "its disk has room");
    CHECK_STR(disk_full_room(EDQUOT), "its disk quota has room");
    CHECK(disk_full_room(EIO) == NULL);
}

/* entries: how many names dir holds besides . and .. */
static int entries(const char *dir)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.' || (e->d_name[1] && strcmp(e->d_name, ".."));
    if (d) closedir(d);
    return n;
}

static void test_room_probed(void)
{
    char dir[] = "/tmp/test_diskfull.XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    CHECK(disk_room(dir) == 0);
    CHECK(entries(dir) == 0);            /* the probe is gone */
    /* A folder that cannot take the probe for another reason (gone) is no want of room. */
    rmdir(dir);
    CHECK(disk_room(dir) == 0);
}

int main(void)
{
    RUN(test_full_errnos);
    RUN(test_room_words);
    RUN(test_room_probed);
    CHECK_EXIT();
}
