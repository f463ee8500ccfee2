/* trace_decode.c: the renderer's decoding of a trace.dat, alone (open, every event through tboot's handlers), for bench_trace.sh to set beside trace-cmd report; -i lists the initcalls it made (start ns, duration ns, name), -c the function_graph calls nested (trace_functions.sh). */
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

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
	int list = argc == 3 && strcmp(argv[1], "-i") == 0;
	int calls = argc == 3 && strcmp(argv[1], "-c") == 0;
	size_t i;

	if (argc != 2 && !list && !calls) {
		fprintf(stderr, "usage: trace_decode [-i | -c] TRACE.DAT\n");
		return EXIT_USAGE;
	}
	argv += list || calls;
	diag_init(&d, "trace_decode");
	diag_set_file(&d, "%s", argv[1]);
	if ((buf = slurp_exact_at(AT_FDCWD, argv[1], (size_t)1 << 30, &len)) == NULL) {
		fprintf(stderr, "trace_decode: %s: cannot read\n", argv[1]);
		return EXIT_BADINPUT;
	}
	if (tdat_open(&td, buf, len, &d) != 0 || tboot_build(td, &tb, 0, 0, &d) != 0) {
		fprintf(stderr, "%s\n", d.msg);
		return EXIT_BADINPUT;
	}
	printf("%llu events, %zu processes, %zu initcalls\n",
	    (unsigned long long)tb.events, tb.n, tb.nic);
	for (i = 0; list && i < tb.nic; i++)
		printf("%lld\t%lld\t%s\n", (long long)tb.ic[i].start_ns,
		    (long long)(tb.ic[i].end_ns - tb.ic[i].start_ns),
		    tb.ic[i].func);
	/* index pid depth call_ns ret_ns parent(-1) func_address */
	for (i = 0; calls && i < tb.calls.n; i++)
		printf("%zu\t%d\t%u\t%lld\t%lld\t%d\t%llx\n", i,
		    (int)tb.calls.v[i].pid, (unsigned)tb.calls.v[i].depth,
		    (long long)tb.calls.v[i].call_ns,
		    (long long)tb.calls.v[i].ret_ns, (int)tb.calls.v[i].parent,
		    (unsigned long long)tb.calls.v[i].func);
	tboot_free(&tb);
	tdat_free(td);
	free(buf);
	return EXIT_OK;
}
