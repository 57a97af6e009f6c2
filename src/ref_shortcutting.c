/* ref_shortcutting.c — host reference of the shortcutting experiment (being written). */
#include "refs_impl.h"

int ref_shortcutting(struct ref_ctx *c) { return ref_fail(c, "the shortcutting reference is not written yet"); }
