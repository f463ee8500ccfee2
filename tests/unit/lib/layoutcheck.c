/* layoutcheck.c: what every chart layout must keep, asserted by the layout tests. */
#include <string.h>

#include "testutil.h"
#include "layoutcheck.h"

const struct chart_opts plain_opts = { .format = FMT_PNG };

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

size_t
layout_shapes(const struct layout *l, int role, int draw,
    const struct lt_shape **v, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < l->nshapes; i++)
		if (l->shapes[i].role == role && l->shapes[i].draw == draw) {
			if (n < max)
				v[n] = &l->shapes[i];
			n++;
		}
	return n;
}

/* A shape's role goes with how it is drawn (layout.h). */
static int
shape_drawn_as(const struct lt_shape *sh)
{
	switch (sh->role) {
	case LR_KERNEL:
		return sh->draw == LD_FILL || sh->draw == LD_FRAME;
	case LR_KBAR:
	case LR_FLAME:
	case LR_CPURUN:
		return sh->draw == LD_FILL;
	case LR_KTICK:
		return sh->draw == LD_LINE;
	case LR_HATCH:
		return sh->draw == LD_HATCH;
	default:
		return 0;
	}
}

/*
 * Every text and rectangle says what it is (the painters read roles,
 * never geometry), a row's label is a row label and no other text is.
 */
static void
assert_roles(const struct layout *l)
{
	size_t i;

	for (i = 0; i < l->ntexts; i++) {
		if (l->texts[i].role == LR_NONE)
			fail_msg("text \"%s\" has no role", l->texts[i].s);
		assert_int_equal(l->texts[i].role == LR_ROW_LABEL,
		    i >= l->nchrome_texts);
	}
	for (i = 0; i < l->nrows; i++)
		if (l->rows[i].text != SIZE_MAX)
			assert_int_equal(l->texts[l->rows[i].text].role,
			    LR_ROW_LABEL);
	for (i = 0; i < l->nswatches; i++)
		assert_true(l->swatches[i].role == LR_SWATCH ||
		    l->swatches[i].role == LR_SWATCH_LINE ||
		    l->swatches[i].role == LR_SWATCH_HATCH);
	for (i = 0; i < l->ncells; i++)
		assert_int_equal(l->cells[i].role, LR_CELL);
	for (i = 0; i < l->nshapes; i++)
		assert_true(shape_drawn_as(&l->shapes[i]));
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
	assert_roles(l);
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
