/* svg_put.c: the SVG painter's element writers (numbers, boxes, fills, texts, zoomed layers), shared by svg.c and svg_rows.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "svg_int.h"
#include "xmltext.h"

/* A coordinate with at most two decimals and no trailing zeros. */
void
svg_num(FILE *f, double v)
{
	char b[48];
	size_t n;

	if (!isfinite(v))
		v = 0;
	n = (size_t)snprintf(b, sizeof(b), "%.2f", v);
	if (n >= sizeof(b))
		n = sizeof(b) - 1;
	while (n > 0 && b[n - 1] == '0')
		n--;
	if (n > 0 && b[n - 1] == '.')
		n--;
	b[n] = '\0';
	fputs(strcmp(b, "-0") == 0 ? "0" : b, f);
}

/* ` class="kN"` for a fill colour (plus extra classes), or a style. */
void
svg_fill(struct svg *s, uint32_t rgb, const char *extra)
{
	size_t i;

	for (i = 0; i < s->npal; i++)
		if (s->pal[i] == rgb) {
			fprintf(s->f, " class=\"k%zu%s%s\"", i,
			    extra[0] ? " " : "", extra);
			return;
		}
	if (extra[0])
		fprintf(s->f, " class=\"%s\"", extra);
	fprintf(s->f, " style=\"fill:#%06x\"", (unsigned)(rgb & 0xffffff));
}

void
svg_box(struct svg *s, const struct lt_box *b)
{
	fputs(" x=\"", s->f);
	svg_num(s->f, b->x);
	fputs("\" y=\"", s->f);
	svg_num(s->f, b->y);
	fputs("\" width=\"", s->f);
	svg_num(s->f, b->w);
	fputs("\" height=\"", s->f);
	svg_num(s->f, b->h);
	putc('"', s->f);
}

void
svg_rect(struct svg *s, const struct lt_box *b, const char *cls)
{
	fputs("<rect", s->f);
	svg_box(s, b);
	fprintf(s->f, " class=\"%s\"/>\n", cls);
}

static void
layer_open(struct svg *s, const char *clip, const char *cls)
{
	fprintf(s->f, "<g clip-path=\"url(#%s)\"><g class=\"%s\">\n", clip,
	    cls);
}

/* A layer that follows the time axis when zoomed, clipped to clip. */
void
svg_zoom_open(struct svg *s, const char *clip)
{
	layer_open(s, clip, "z");
}

/*
 * The layer of texts that belong to a time: zoomed in a document; in
 * the page only moved (class zt), as a text under a changing scale is
 * laid out anew at every zoom step (see svg_rows.c's bands()).
 */
void
svg_timed_open(struct svg *s)
{
	layer_open(s, "plot", s->doc == SVG_INLINE ? "zt" : "z");
}

void
svg_zoom_close(struct svg *s)
{
	fputs("</g></g>\n", s->f);
}

/* A vertical line at x (on a pixel centre) from y0 to y1, in a path. */
void
svg_vline(FILE *f, double x, double y0, double y1)
{
	putc('M', f);
	svg_num(f, floor(x) + 0.5);
	putc(' ', f);
	svg_num(f, y0);
	putc('V', f);
	svg_num(f, y1);
}

/* One text; timed ones sit at their anchor, which the script keeps. */
void
svg_text(struct svg *s, const struct lt_text *t)
{
	static const char *const font_cls[LF_NFONTS] = { "F0", "F1", "" };
	static const char *const anchor_cls[] = { "", "", "tm", "te" };
	char cls[24];
	double x = t->box.x;
	int a = t->anchor >= LT_FIXED && t->anchor <= LT_END ? t->anchor :
	    LT_FIXED;

	if (t->s[0] == '\0')
		return;
	if (a == LT_MIDDLE)
		x += t->box.w / 2;
	else if (a == LT_END)
		x += t->box.w;
	snprintf(cls, sizeof(cls), "%s%s%s%s", font_cls[t->font % LF_NFONTS],
	    font_cls[t->font % LF_NFONTS][0] && anchor_cls[a][0] ? " " : "",
	    anchor_cls[a], t->role == LR_AXIS ? " ax" : "");
	fputs("<text x=\"", s->f);
	svg_num(s->f, x);
	fputs("\" y=\"", s->f);
	svg_num(s->f, t->baseline);
	putc('"', s->f);
	if (t->rgb != COL_TEXT)
		svg_fill(s, t->rgb, cls);
	else if (cls[0])
		fprintf(s->f, " class=\"%s\"", cls);
	putc('>', s->f);
	xml_puts(s->f, t->s);
	fputs("</text>\n", s->f);
}
