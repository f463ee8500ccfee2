/* outfrom.h: what an output of src/outputs.def is made from (its `from` column), for the renderer's table and the logger's AUTO_RENDER_FORMAT check. */
#ifndef BC_OUTFROM_H
#define BC_OUTFROM_H

/*
 * OF_TRACE: written from the log's kernel trace's model (refused
 * without one); OF_VERB: a trace verb's row, or a form only the verbs
 * write (-f dot, folded, speedscope with --wake-graph, --call-graph,
 * --functions); OF_EVENTS: its writer reads the trace's events again
 * (its own reader over the log's bytes, so they are kept whole).
 */
enum { OF_LAYOUT = 1, OF_REPORT = 2, OF_TREE = 4, OF_TRACE = 8, OF_VERB = 16,
    OF_EVENTS = 32 };

#endif
