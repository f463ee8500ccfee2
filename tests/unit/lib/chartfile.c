/* chartfile.c: what the chart tests share: a scratch directory, charts rendered into it and PNGs read back; in libtest.a. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

#include "testutil.h"
#include "chartfile.h"
#include "layoutcheck.h"
#include "exact.h"
#include "input.h"

int
chartdir_setup(void **state)
{
	struct chartdir *f = calloc(1, sizeof(*f));

	if (f == NULL)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/bc-chart-XXXXXX");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	*state = f;
	return 0;
}

int
chartdir_teardown(void **state)
{
	struct chartdir *f = *state;
	char cmd[128];

	/* Keep the images for a look when asked. */
	if (getenv("BC_KEEP_CHARTS") == NULL) {
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
		if (system(cmd) != 0)
			return -1;
	} else
		fprintf(stderr, "charts kept in %s\n", f->dir);
	free(f);
	return 0;
}

const char *
path_in(const struct chartdir *f, const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", f->dir, name);
	return buf;
}

void
read_png(const char *path, struct img *im)
{
	png_image pi;

	memset(&pi, 0, sizeof(pi));
	pi.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_file(&pi, path));
	pi.format = PNG_FORMAT_RGB;
	im->w = (int)pi.width;
	im->h = (int)pi.height;
	im->px = malloc(PNG_IMAGE_SIZE(pi));
	assert_non_null(im->px);
	assert_true(png_image_finish_read(&pi, NULL, im->px, 0, NULL));
}

uint32_t
pixel(const struct img *im, int x, int y)
{
	const unsigned char *p = im->px + ((size_t)y * im->w + x) * 3;

	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

void
render_tt(const struct bootlog *t, struct proctree *tree,
    struct chart_opts *o, enum chart_format fmt, const char *path)
{
	struct diag d;

	diag_init(&d, "test");
	o->format = fmt;
	if (chart_write(BOOT_OF(t, tree, ms_of(t, tree)), o, path, &d) != 0)
		fail_msg("chart_write %s: %s", path, d.msg);
}

void
render(const struct synth *s, struct chart_opts *o, enum chart_format fmt,
    const char *path)
{
	render_tt(&s->t, (struct proctree *)&s->tree, o, fmt, path);
}

void
layout_tt(const struct bootlog *t, const struct proctree *tree,
    const struct chart_opts *o, struct layout *l)
{
	struct diag d;

	diag_init(&d, "test");
	d.out = NULL;
	assert_int_equal(layout_make(l, BOOT_OF(t, tree, ms_of(t, tree)), o, &d), 0);
}

void
layout_of(const struct synth *s, const struct chart_opts *o,
    struct layout *l)
{
	layout_tt(&s->t, &s->tree, o, l);
}

/*
 * A log read, its trace (if any) applied as bootchart-render applies it,
 * and turned into the final tree; fails the test on error.
 */
void
load_log(const char *path, struct bootlog *t, struct proctree *tree)
{
	static const struct exact_opts xo;
	char *paths[1] = { (char *)path };
	struct tracefile tf = { 0 };
	struct exact x;
	struct diag d;
	int r;

	diag_init(&d, "test");
	d.out = NULL;
	bootlog_init(t);
	memset(tree, 0, sizeof(*tree));
	memset(&x, 0, sizeof(x));
	r = input_read(t, &tf, paths, 1, 1, &d) != 0 ||
	    exact_open(&x, &tf, &xo, &d) != 0 ||
	    exact_apply(&x, t, &xo, &d) != 0;
	exact_free(&x);
	tracefile_free(&tf);
	if (r || proctree_make(tree, t, &tree_pruned, &d) != 0)
		fail_msg("%s: %s", path, d.msg);
}

/* A bootchart 0.9 example read and turned into the final tree. */
void
load_example(const char *rel, struct bootlog *t, struct proctree *tree)
{
	load_log(shared_path(rel), t, tree);
}
