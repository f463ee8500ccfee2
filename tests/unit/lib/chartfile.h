/* chartfile.h: what the chart tests share: a scratch directory, charts rendered into it and PNGs read back; in libtest.a. */
#ifndef BC_CHARTFILE_H
#define BC_CHARTFILE_H

#include <stdint.h>

#include "chart.h"
#include "outputs.h"
#include "layout.h"
#include "proctree.h"
#include "synth.h"
#include "bootlog.h"

/* An RGB image read back from a PNG file with libpng. */
struct img {
	int w, h;
	unsigned char *px;	/* w * h * 3 */
};

/* The scratch directory of one test binary (cmocka group state). */
struct chartdir {
	char dir[64];
};

/*
 * Group setup and teardown: make the directory; remove it unless
 * BC_KEEP_CHARTS is set.
 */
int chartdir_setup(void **state);
int chartdir_teardown(void **state);
/* name inside the directory; static buffer. */
const char *path_in(const struct chartdir *f, const char *name);
/* A PNG file as RGB; fails the test when unreadable. */
void read_png(const char *path, struct img *im);
/* The pixel at x, y as 0xRRGGBB. */
uint32_t pixel(const struct img *im, int x, int y);
/* chart_write in format fmt to path; fails the test on error. */
void render_tt(const struct bootlog *t, struct proctree *tree,
    struct chart_opts *o, enum chart_format fmt, const char *path);
void render(const struct synth *s, struct chart_opts *o,
    enum chart_format fmt, const char *path);
/* layout_make; fails the test on error. */
void layout_tt(const struct bootlog *t, const struct proctree *tree,
    const struct chart_opts *o, struct layout *l);
void layout_of(const struct synth *s, const struct chart_opts *o,
    struct layout *l);
/* A log (a path) read and turned into the final tree; fails the test on error. */
void load_log(const char *path, struct bootlog *t, struct proctree *tree);
/*
 * A bootchart 0.9 example under ../shared read and turned into the
 * final tree (skips the test without ../shared).
 */
void load_example(const char *rel, struct bootlog *t, struct proctree *tree);

#endif
