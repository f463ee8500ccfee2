/* trace_decode.c: the renderer's decoding of a trace.dat, alone (open, every event through tboot's handlers), for bench_trace.sh to set beside trace-cmd report. */
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>

#include "diag.h"
#include "slurp.h"
#include "tboot.h"
#include "trace.h"

int
main(int argc, char **argv)
{
	struct tdat *td;
	struct tboot tb;
	struct diag d;
	size_t len;
	char *buf;

	if (argc != 2) {
		fprintf(stderr, "usage: trace_decode TRACE.DAT\n");
		return EXIT_USAGE;
	}
	diag_init(&d, "trace_decode");
	diag_set_file(&d, "%s", argv[1]);
	if ((buf = slurp_exact_at(AT_FDCWD, argv[1], (size_t)1 << 30, &len)) == NULL) {
		fprintf(stderr, "trace_decode: %s: cannot read\n", argv[1]);
		return EXIT_BADINPUT;
	}
	if (tdat_open(&td, buf, len, &d) != 0 || tboot_build(td, &tb, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return EXIT_BADINPUT;
	}
	printf("%llu events, %zu processes, %zu initcalls\n",
	    (unsigned long long)tb.events, tb.n, tb.nic);
	tboot_free(&tb);
	tdat_free(td);
	free(buf);
	return EXIT_OK;
}
