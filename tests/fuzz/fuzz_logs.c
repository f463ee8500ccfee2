/* fuzz_logs.c: libFuzzer target: one log member of any kind, fed in two chunks, then the tree. */
#include <stddef.h>
#include <stdint.h>

#include "logfiles.h"
#include "parse.h"
#include "bootlog.h"

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* Every member name the renderer knows; the first input byte picks one. */
static const char *const names[] = {
	LOG_HEADER, LOG_PROC_STAT, LOG_DISKSTATS, LOG_PROC_PS, LOG_PACCT,
	LOG_PIDNAME, LOG_MEMINFO, LOG_CMDLINE2, LOG_PATERNITY, LOG_TASKSTATS,
	LOG_DMESG, LOG_CGROUP, LOG_TASKEXIT,
};
#define NNAMES (sizeof(names) / sizeof(names[0]))

/*
 * Input: kind byte, split byte, then the member.  The split byte cuts
 * the member in two feeds, as archive blocks cut it anywhere.
 */
static int
feed_member(struct logparse *lp, const char *name, const uint8_t *data,
    size_t size, size_t cut, struct diag *d)
{
	struct logstream *ls;

	diag_set_file(d, "%s", name);
	if ((ls = logstream_open(lp, logkind_of(name), d)) == NULL)
		return -1;
	if (logstream_feed(ls, data, cut) != 0 ||
	    logstream_feed(ls, data + cut, size - cut) != 0) {
		logstream_abort(ls);
		return -1;
	}
	return logstream_close(ls);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct logparse lp;
	struct bootlog t;
	struct diag d;
	int parsed;
	const char *name;
	size_t cut;

	if (size < 2)
		return 0;
	name = names[data[0] % NNAMES];
	cut = size > 2 ? data[1] % (size - 2 + 1) : 0;
	fuzz_begin(&t, &d);
	logparse_init(&lp, &t);
	parsed = feed_member(&lp, name, data + 2, size - 2, cut, &d) == 0 &&
	    t.ps_source != PS_NONE && logparse_finish(&lp, &d) == 0;
	logparse_free(&lp);
	fuzz_end(&t, parsed, &d);
	return 0;
}
