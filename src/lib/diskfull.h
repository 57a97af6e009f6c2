/* diskfull.h — a write refused for want of room: the one test of an errno for it (a full disk,
 * ENOSPC, or the user's disk quota spent, EDQUOT: both mean the same to what clx says and how it
 * exits), the words that say when to go on, and a folder's room probed where another program (gnuplot)
 * left a file cut short and said nothing of why. */
#ifndef DISKFULL_H
#define DISKFULL_H

/* disk_full: whether err (an errno) is a write refused for want of room: ENOSPC or EDQUOT. */
int disk_full(int err);
/* disk_full_room: when to go on after err, for "once ..." ("its disk has room", "its disk quota
 * has room"), or NULL where err is no want of room. Static text. */
const char *disk_full_room(int err);
/* disk_room: 0 where dir's filesystem takes a probe's write (DISK_ROOM_PROBE bytes, synced, then
 * removed), else the errno of the want of room: ENOSPC where it has no block left (statvfs) or the
 * probe is refused so, EDQUOT where the quota refuses it (which statvfs cannot see). A probe that
 * fails otherwise (a folder not writable) is no want of room: 0. */
int disk_room(const char *dir);
/* The probe's size: more than a picture writer's one buffer, so that a disk or quota that refused
 * gnuplot's last write refuses it too. */
#define DISK_ROOM_PROBE 65536
#endif
