/* fuzz_pacct.c: libFuzzer target: the kernel_pacct parser on a buffer, with a proc_ps.log to attach forks to. */
#include <stddef.h>
#include <stdint.h>

#include "logfiles.h"
#include "parse.h"
#include "bootlog.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A small fixed process log so the fork records reach the tree code. */
static const char ps_log[] =
    "100\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 5 3 0 0 20 0 1 0 1 0 0\n"
    "2 (sh) S 1 2 2 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 20 0 0\n"
    "\n"
    "120\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 1 0 0\n"
    "2 (sh) R 1 2 2 0 -1 0 0 0 0 0 9 1 0 0 20 0 1 0 20 0 0\n"
    "7 (cat) D 5 7 7 0 -1 0 0 0 0 0 1 1 0 0 20 0 1 0 110 0 0\n"
    "\n"
    "140\n"
    "1 (init) S 0 1 1 0 -1 0 0 0 0 0 6 3 0 0 20 0 1 0 1 0 0\n"
    "7 (cat) R 5 7 7 0 -1 0 0 0 0 0 3 1 0 0 20 0 1 0 110 0 0\n"
    "\n";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	int parsed;

	fuzz_begin(&t, &d);
	logparse_init(&lp, &t);
	parsed = logstream_buffer(&lp, LOG_PACCT, data, size, &d) == 0 &&
	    logstream_buffer(&lp, LOG_PROC_PS, ps_log, sizeof(ps_log) - 1,
	    &d) == 0 && logparse_finish(&lp, &d) == 0;
	logparse_free(&lp);
	fuzz_end(&t, parsed, &d);
	return 0;
}
