/* series.h: `bootchartd series`: boot the machine N times, one log kept per boot, for sets of boots (bootchartd(8), docs/sets.md). */
#ifndef BCD_SERIES_H
#define BCD_SERIES_H

/* Where an armed series is kept: its file's existence arms it. */
#define SERIES_STATE	"/var/lib/bootchart/series"
/* Boots a series may ask for. */
#define SERIES_MAX	100
/* A step waits this long for its boot's log (s), and this long before rebooting. */
#define SERIES_WAIT_S	900
#define SERIES_DELAY_S	10
/* The kernel's command line word that stops a series from the boot menu. */
#define SERIES_OFF_WORD	"bootchart.series=off"

/*
 * `bootchartd series N|status|cancel|step [OPTIONS]` (argv[0] is
 * "series"): the exit status.
 */
int series_main(int argc, char **argv);

#endif
