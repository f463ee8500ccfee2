/* wakedot.c: --wake-graph's DOT of the wake-up edges, and the same drawn (graphdraw.c) or kept for the HTML page (docs/wakeups.md). */
#include <stdlib.h>
#include <string.h>

#include "caps.h"
#include "escape.h"
#include "tboot.h"
#include "treason.h"
#include "graphdraw.h"
#include "twake.h"
#include "wakeups.h"
#include "wakeups_int.h"

/* A profile's command's nodes: the chart's own light blue. */
#define MINE_FILL	"#cfe0f3"

/* A node's name: "p" and its index, or its context's ("[irq]"). */
static void
dot_id(FILE *f, int32_t w)
{
	if (w >= 0) {
		fprintf(f, "\"p%d\"", (int)w);
		return;
	}
	putc('"', f);
	graph_dot_str(f, twake_context_name(w));
	putc('"', f);
}

/*
 * A node, the first time an edge names it; a profile's command's
 * processes filled (docs/wakeups.md).
 */
static void
dot_node(FILE *f, const struct tboot *tb, const struct wake_opts *o,
    int32_t w, uint8_t *seen)
{
	char name[NAME_MAX_ESC];
	size_t k = w < 0 ? tb->n + (size_t)-w : (size_t)w;

	if (seen[k])
		return;
	seen[k] = 1;
	wk_node_name(tb, w, name, sizeof(name));
	putc('\t', f);
	dot_id(f, w);
	fputs(" [label=\"", f);
	graph_dot_str(f, name);
	if (w >= 0 && o->mine != NULL && o->mine[w])
		fprintf(f, " %d\", style=filled, fillcolor=\"%s\"];\n",
		    tb->v[w].pid, MINE_FILL);
	else if (w >= 0)
		fprintf(f, " %d\"];\n", tb->v[w].pid);
	else
		fputs("\", shape=ellipse];\n", f);
}

/* An edge's state, count and times: "S 3, 1.000 ms, max 0.500 ms". */
static void
dot_numbers(FILE *f, const struct twedge *e)
{
	fprintf(f, "%c %u, ", e->state == TS_WAITING ? 'D' : 'S', e->count);
	wk_put_ms(f, e->total_ns);
	fputs(" ms, max ", f);
	wk_put_ms(f, e->max_ns);
	fputs(" ms", f);
}

/*
 * An edge's tooltip: the stack of its own longest wait (tboot.h); on
 * the page (o->page) its numbers first, the label holding the total
 * alone.
 */
static void
dot_tooltip(FILE *f, const struct tboot *tb, const struct wake_opts *o,
    const struct twedge *e)
{
	char text[FRAMES_ESC];
	int stack = e->stack != 0 && e->stack <= tb->nstacks;

	if (!stack && !o->page)
		return;
	fputs(", tooltip=\"", f);
	if (o->page) {
		dot_numbers(f, e);
		if (stack)
			fputs("\\nkernel stack (innermost first): ", f);
	}
	if (stack) {
		escape_text(text, sizeof(text),
		    tb->stacks[e->stack - 1].frames);
		graph_dot_str(f, text);
	}
	putc('"', f);
}

/*
 * An edge: its reason, state, count and times, its stack as tooltip;
 * on the page its reason and total, as a wide label would shrink the
 * graph's text below reading size at the page's width.
 */
static void
dot_edge(FILE *f, const struct tboot *tb, const struct wake_opts *o,
    const struct twedge *e)
{
	putc('\t', f);
	dot_id(f, e->waker);
	fputs(" -> ", f);
	dot_id(f, (int32_t)e->waiter);
	fputs(" [label=\"", f);
	if (e->reason != TR_NONE) {
		graph_dot_str(f, treason_name(e->reason));
		putc(' ', f);
	}
	if (o->page) {
		wk_put_ms(f, e->total_ns);
		fputs(" ms\"", f);
	} else {
		dot_numbers(f, e);
		putc('"', f);
	}
	dot_tooltip(f, tb, o, e);
	fputs("];\n", f);
}

/* The digraph of the edges wk_kept, at most max of them (0: all). */
int
wk_graph(const struct tboot *tb, const struct wake_opts *o, size_t max,
    FILE *f)
{
	const struct twedge *e;
	uint8_t *seen;
	size_t i, shown = 0;

	if ((seen = calloc(tb->n + 5, 1)) == NULL)
		return -1;
	fputs("digraph wakeups {\n\tnode [shape=box];\n", f);
	for (i = 0; i < tb->nwake; i++) {
		e = &tb->wake[i];
		if (!wk_kept(o, e->count, e->total_ns) ||
		    !wk_mine(o, e->waiter) || (max > 0 && shown >= max))
			continue;
		shown++;
		dot_node(f, tb, o, e->waker, seen);
		dot_node(f, tb, o, (int32_t)e->waiter, seen);
		dot_edge(f, tb, o, e);
	}
	fputs("}\n", f);
	free(seen);
	return 0;
}

/* The DOT of the edges o keeps, at most CAP_WAKE_DRAW_EDGES; 0, or -1 (no memory). */
static int
dot_text(const struct tboot *tb, const struct wake_opts *o, char **dot,
    size_t *len)
{
	FILE *m;
	int r;

	*dot = NULL;
	*len = 0;
	if ((m = open_memstream(dot, len)) == NULL)
		return -1;
	r = wk_graph(tb, o, CAP_WAKE_DRAW_EDGES, m);
	if (fclose(m) != 0 || r != 0) {
		free(*dot);
		*dot = NULL;
		return -1;
	}
	return 0;
}

int
wk_draw(const struct tboot *tb, const struct wake_opts *o, FILE *f,
    struct diag *d)
{
	char *dot;
	size_t len, n, i;
	int r;

	for (i = n = 0; i < tb->nwake; i++)
		n += wk_kept(o, tb->wake[i].count, tb->wake[i].total_ns) &&
		    wk_mine(o, tb->wake[i].waiter);
	if (n > CAP_WAKE_DRAW_EDGES)
		diag_warn(d, "%zu edges of the wake-up graph: the %d of the "
		    "most time are drawn (--min-count, --min-time keep fewer)",
		    n, CAP_WAKE_DRAW_EDGES);
	if (dot_text(tb, o, &dot, &len) != 0)
		return diag_error_status(d, EXIT_NOMEM, "out of memory");
	r = graphdraw(dot, len, o->draw, "wake-up graph", f, d);
	free(dot);
	return r;
}

int
wakeups_dot(const struct tboot *tb, const uint8_t *mine, char **dot,
    size_t *len)
{
	const struct wake_opts all = { 1, 0, 1, NULL, mine, 1 };

	return dot_text(tb, &all, dot, len);
}
