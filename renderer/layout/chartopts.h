/* chartopts.h: what the user asks of a chart: format, width, labels, marks. */
#ifndef BC_CHARTOPTS_H
#define BC_CHARTOPTS_H

#include <stddef.h>

/* Every output, FMT_PNG to FMT_CRITPATH, in src/outputs.def's order. */
enum chart_format {
#define OUTPUT(id, name, ext, from, dest, kind, writer) FMT_##id,
#include "outputs.def"
#undef OUTPUT
	FMT_COUNT
};

/* --width: cairo's image surfaces stop at 32767 pixels. */
#define CHART_WIDTH_MIN	100
#define CHART_WIDTH_MAX	32767

struct chart_opts {
	enum chart_format format;
	int width;		/* pixels; 0 = from the duration */
	int show_pid;		/* "name [pid]" */
	int show_all;		/* full command line where known */
	const char *title;	/* NULL = the header's title */
	const char *crop_after;	/* end the chart when idle after this process */
	const char **annotate;	/* vertical line where each first starts */
	size_t nannotate;
	int strict;		/* Java's shading: CPU only in state R (--strict) */
	int per_cpu;		/* a busy chart per CPU from the trace (--per-cpu) */
	/* --window FROM:TO: the part of the axis drawn, µs from its 0. */
	int window;
	long long win_from_us, win_to_us;
	const char *call_graph;	/* the HTML page's call graph below it (--call-graph); NULL: the heaviest root's */
};

#endif
