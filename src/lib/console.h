/* console.h — the descriptor clx's own messages (warn, die) are written on: 2, or, while a catch has
 * descriptor 2 on a file (stderrcatch.h: a driver's stray lines during builds, which builds ahead
 * make on threads of their own while the main thread goes on saying things), the console's own. */
#ifndef CONSOLE_H
#define CONSOLE_H
#include <stdarg.h>

/* console_vsay: "clx: " fmt "\n" written at once on the console's descriptor. */
void console_vsay(const char *fmt, va_list ap);
/* console_to: clx's messages written on fd from now on (2: where descriptor 2 is); returns once no
 * message is being written on the one before, so that the caller may close it. */
void console_to(int fd);
#endif
