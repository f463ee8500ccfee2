/* chart.h: the cairo sink: a layout painted in a cairo format (out_chart in outputs.h writes it). */
#ifndef BC_CHART_H
#define BC_CHART_H

/*
 * Frees cairo's font caches (and the fontconfig patterns they hold) so a
 * leak checker sees a clean exit.  Call once, at the end of main, after
 * the last chart is written.
 */
void chart_release_fonts(void);

#endif
