/* layoutcheck.c: what every chart layout must keep, asserted by the layout tests. */
#include <string.h>

#include "testutil.h"
#include "layoutcheck.h"

const struct chart_opts plain_opts = { FMT_PNG, 0, 0, 0, NULL, NULL, NULL, 0,
    0 };

int
box_overlap(const struct lt_box *a, const struct lt_box *b)
{
	const double eps = 0.01;

	return a->x < b->x + b->w - eps && b->x < a->x + a->w - eps &&
	    a->y < b->y + b->h - eps && b->y < a->y + a->h - eps;
}

const struct lt_text *
layout_text(const struct layout *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++)
		if (strcmp(l->texts[i].s, s) == 0)
			return &l->texts[i];
	return NULL;
}

void
assert_text_apart(const struct layout *l)
{
	const struct lt_text *a, *b;
	size_t i, j, n = 0;

	for (i = 0; i < l->ntexts; i++) {
		a = &l->texts[i];
		if (a->s[0] == '\0')
			continue;
		n++;
		assert_true(a->box.x >= 0 && a->box.y >= 0);
		assert_true(a->box.x + a->box.w <= l->width + 0.01);
		assert_true(a->box.y + a->box.h <= l->height + 0.01);
		for (j = i + 1; j < l->ntexts; j++) {
			b = &l->texts[j];
			if (b->s[0] == '\0')
				continue;
			if (box_overlap(&a->box, &b->box))
				fail_msg("text \"%s\" (%.1f,%.1f %.1fx%.1f) "
				    "overlaps \"%s\" (%.1f,%.1f %.1fx%.1f)",
				    a->s, a->box.x, a->box.y, a->box.w,
				    a->box.h, b->s, b->box.x, b->box.y,
				    b->box.w, b->box.h);
		}
	}
	assert_true(n > 0);
}

const struct milestones *
ms_of(const struct bootlog *t, const struct proctree *tree)
{
	static struct milestones ms;
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	milestones_make(&ms, t, tree, &d);
	return &ms;
}
