/* layout_parts.h: what the parts of the layout share: sizes, adders, and each part's entry (not for outside layout*.c). */
#ifndef BC_LAYOUT_PARTS_H
#define BC_LAYOUT_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"

/* Only pointers to these pass through here. */
struct chart_opts;
struct diag;
struct layout;
struct lt_poly;
struct pnode;
struct proctree;
struct trace;

#define MARGIN		10.0
#define LEGEND_GAP	4.0
#define ROW_H		16.0

/*
 * Adds text at (x, top of line y); takes ownership of s (clean UTF-8).
 * Returns its index, or SIZE_MAX on no memory.
 */
size_t lt_add_text(struct layout *, struct measure *, char *s, double x,
    double y, int font, uint32_t rgb);
/* Cleans raw text, fits it to maxw and adds it; SIZE_MAX on no memory. */
size_t lt_add_raw(struct layout *, struct measure *, const char *raw,
    double x, double y, double maxw, int font, uint32_t rgb);
int lt_add_swatch(struct layout *, double x, double y, double w, double h,
    uint32_t rgb);
int lt_add_pt(struct lt_poly *, double x, double y);
/*
 * Appends a horizontal step [xa, xb] at height y, extending the last
 * step instead when it is at the same height (long flat runs stay small).
 */
int lt_add_step(struct lt_poly *, double xa, double xb, double y);
/* Clips the interval [a, b] to the drawn span; 0 when nothing is left. */
int lt_clip_span(const struct layout *, int64_t *a, int64_t *b);
double lt_clamp01(double);
/* Whether the node is alive at some time of the drawn span. */
int lt_visible(const struct layout *, const struct pnode *);

/* The chart's chrome: header, legends, time axis, annotation marks. */
enum lt_legend { LEG_CPU, LEG_DISK, LEG_PROC };
int chrome_header(struct layout *, struct measure *, const struct trace *,
    const struct proctree *, const struct chart_opts *, double *y);
int chrome_legend(struct layout *, struct measure *, enum lt_legend,
    double *y);
int chrome_time_axis(struct layout *, struct measure *, double y);
/* Places the marks at y; *band_h is the height their labels take. */
int chrome_marks(struct layout *, struct measure *, const struct proctree *,
    const struct chart_opts *, double y, double *band_h, struct diag *);

/* The CPU and disk charts in l->cpu_box and l->disk_box. */
int charts_cpu(struct layout *, const struct trace *);
/* legend0: the first text of the disk chart's legend (the peak label avoids it). */
int charts_disk(struct layout *, struct measure *, const struct trace *,
    size_t legend0);

/* One row per visible node from l->proc_box.y down: box, cells, label, parent line. */
int rows_place(struct layout *, struct measure *, const struct proctree *,
    const struct chart_opts *, struct diag *);

#endif
