/* layoutcheck.h: what every chart layout must keep, asserted by the layout tests. */
#ifndef BC_LAYOUTCHECK_H
#define BC_LAYOUTCHECK_H

#include "layout.h"

/*
 * The milestones of a log and its tree (milestones_make, warnings
 * dropped), in a buffer of its own that the next call overwrites.
 */
const struct milestones *ms_of(const struct bootlog *, const struct proctree *);

/* The default options: PNG, nothing asked for. */
extern const struct chart_opts plain_opts;

/* Whether two boxes overlap (by more than rounding). */
int box_overlap(const struct lt_box *, const struct lt_box *);
/* The text of the layout equal to s, or NULL. */
const struct lt_text *layout_text(const struct layout *, const char *s);
/*
 * The shapes of a role drawn so (enum lt_role, enum lt_draw): how many,
 * the first max of them in v.
 */
size_t layout_shapes(const struct layout *, int role, int draw,
    const struct lt_shape **v, size_t max);
/*
 * No two texts overlap and every text lies inside the image; every text
 * and rectangle has its role (enum lt_role).
 */
void assert_text_apart(const struct layout *);

#endif
