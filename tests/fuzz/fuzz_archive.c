/* fuzz_archive.c: libFuzzer target: archive bytes through the parsers to the finished tree. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "input.h"
#include "proctree.h"
#include "trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace t;
	struct proctree pt;
	struct diag d;

	diag_init(&d, "fuzz");
	d.out = NULL;
	trace_init(&t);
	memset(&pt, 0, sizeof(pt));
	if (input_read_memory(&t, data, size, "fuzz.tgz", &d) == 0 &&
	    proctree_make(&pt, &t, 1, &d) == 0)
		(void)proctree_count(&pt);
	proctree_free(&pt);
	trace_free(&t);
	return 0;
}
