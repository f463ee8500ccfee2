/* tracefn.c: `start --functions`: the top-level tracing buffer borrowed for function_graph below chosen functions while a run lasts, and given back as it was (docs/trace.md). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdio.h"
#include "slurp.h"
#include "tracefn.h"
#include "tracefs_text.h"

#define TEXT_MAX	(1 << 20)

/*
 * What is taken, given back last to first: the settings exact mode's
 * buffer sets (tracerec.c) and function_graph's.  Kernels such as
 * Debian 12's 6.1 have function_graph only in the top-level buffer,
 * and max_graph_depth and tracing_thresh are global on every kernel:
 * so the whole buffer is borrowed when it is free, never shared.
 */
static const char *const files[TRACEFN_SAVED] = {
	"tracing_on", "set_event", "trace_clock", "options/record-tgid",
	"options/overwrite", "buffer_size_kb", "set_graph_function",
	"max_graph_depth", "tracing_thresh",
};
enum { F_ON, F_EVENTS, F_CLOCK, F_TGID, F_OVERWRITE, F_SIZE, F_GRAPH,
    F_DEPTH, F_THRESH };

/* Whether the whitespace-separated list in text has word w. */
static int
has_word(const char *text, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = text; (p = strstr(p, w)) != NULL; p += n)
		if ((p == text || p[-1] == ' ' || p[-1] == '\n') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
			return 1;
	return 0;
}

int
tracefn_check(const char *roots, char *why, size_t cap)
{
	const char *p = roots;
	size_t len = 0, n = 1;

	for (; *p != '\0'; p++) {
		if (*p == ',') {
			if (len == 0)
				break;
			len = 0;
			n++;
			continue;
		}
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && *p != '_' && *p != '.' &&
		    *p != '*')
			break;
		if (++len >= TRACEFN_NAME)
			break;
	}
	if (*p == '\0' && len > 0 && n <= TRACEFN_ROOTS)
		return 0;
	snprintf(why, cap, "--functions: want 1 to %d function names "
	    "(letters, digits, _ . *) separated by commas, each under %d "
	    "bytes", TRACEFN_ROOTS, TRACEFN_NAME);
	return -1;
}

/*
 * Whether the buffer is free: no tracer, and no event or tracing off
 * (what a boot's trace_event= leaves once bootchartd has read it: its
 * events are enabled again afterwards).  1 when it is.
 */
static int
idle(int rootfd, char *why, size_t cap)
{
	size_t len;
	char *tr = slurp_at(rootfd, "current_tracer", TEXT_MAX, &len);
	char *ev = slurp_at(rootfd, "set_event", TEXT_MAX, &len);
	char *on = slurp_at(rootfd, "tracing_on", TEXT_MAX, &len);
	int events = ev != NULL && ev[strspn(ev, " \n")] != '\0';
	int ok = tr != NULL && ev != NULL && on != NULL &&
	    strcmp(tr, "nop") == 0 && (!events || strcmp(on, "0") == 0);

	if (!ok)
		snprintf(why, cap, "the top-level tracing buffer is in use "
		    "(tracer %.32s%s): not borrowed", tr != NULL ? tr : "?",
		    events ? ", events recorded" : "");
	free(tr);
	free(ev);
	free(on);
	return ok;
}

/* Writes each root to set_graph_function; -1 with why on the first refused. */
static int
set_roots(const struct tracefn *f, int rootfd, char *why, size_t cap)
{
	char name[TRACEFN_NAME + 1];
	const char *p = f->roots, *e;
	int first = 1;

	for (; *p != '\0'; p = *e == ',' ? e + 1 : e) {
		e = p + strcspn(p, ",");
		snprintf(name, sizeof(name), "%.*s\n", (int)(e - p), p);
		if (write_file_at(rootfd, "set_graph_function", name,
		    !first) != 0) {
			snprintf(why, cap, "--functions: %.*s: %s", (int)(e - p),
			    p, errno == EINVAL ? "not a function this kernel "
			    "can trace (available_filter_functions)" :
			    strerror(errno));
			return -1;
		}
		first = 0;
	}
	return 0;
}

/* The settings kept, dropped: given back, or never changed. */
static void
forget(struct tracefn *f)
{
	size_t i;

	for (i = 0; i < TRACEFN_SAVED; i++) {
		free(f->saved[i]);
		f->saved[i] = NULL;
	}
	f->taken = 0;
}

/*
 * Reads every setting it will change; -1 when one cannot be read (why
 * set, none kept).
 */
static int
save(struct tracefn *f, int rootfd, char *why, size_t cap)
{
	size_t len, i;

	for (i = 0; i < TRACEFN_SAVED; i++)
		if ((f->saved[i] = slurp_at(rootfd, files[i], TEXT_MAX,
		    &len)) == NULL) {
			snprintf(why, cap, "tracefs %s: %s", files[i],
			    strerror(errno));
			forget(f);
			return -1;
		}
	f->taken = 1;
	return 0;
}

int
tracefn_take(struct tracefn *f, int rootfd, char *why, size_t cap)
{
	size_t len;
	char *avail = slurp_at(rootfd, "available_tracers", TEXT_MAX, &len);
	char num[32];
	int has = avail != NULL && has_word(avail, "function_graph");

	free(avail);
	if (!has) {
		snprintf(why, cap, "this kernel has no function_graph tracer "
		    "(CONFIG_FUNCTION_GRAPH_TRACER)");
		return 1;
	}
	if (!idle(rootfd, why, cap))
		return 1;
	if (save(f, rootfd, why, cap) != 0)
		return 1;
	if (write_file_at(rootfd, "tracing_on", "0", 0) != 0)
		goto fail;
	/* A function it cannot trace: said, and the run goes on without. */
	if (set_roots(f, rootfd, why, cap) != 0) {
		tracefn_give_back(f, rootfd);
		return 1;
	}
	snprintf(num, sizeof(num), "%u", f->depth);
	if (write_file_at(rootfd, "max_graph_depth", num, 0) != 0)
		goto fail;
	snprintf(num, sizeof(num), "%u", f->thresh_us);
	if (write_file_at(rootfd, "tracing_thresh", num, 0) != 0 ||
	    write_file_at(rootfd, "current_tracer", "function_graph", 0) != 0)
		goto fail;
	return 0;
fail:
	snprintf(why, cap, "tracefs: %s", strerror(errno));
	tracefn_give_back(f, rootfd);
	return -1;
}

/* Setting i as it was. */
static int
restore(const struct tracefn *f, int rootfd, int i)
{
	const char *s = f->saved[i];
	char v[64];

	switch (i) {
	case F_CLOCK:
		if (tracefs_chosen(s, v, sizeof(v)) != 0)
			snprintf(v, sizeof(v), "local");
		return write_file_at(rootfd, files[i], v, 0);
	case F_SIZE:
		/* The size the kernel expands to on first use, not its stub. */
		snprintf(v, sizeof(v), "%llu",
		    (unsigned long long)tracefs_size_kb(s));
		return write_file_at(rootfd, files[i], v, 0);
	case F_GRAPH:
		/* "#### all functions enabled ####": none were set. */
		return write_file_at(rootfd, files[i], s[0] == '#' ? "" : s, 0);
	case F_EVENTS:
		/*
		 * Opened with O_TRUNC, set_event turns every event off
		 * (ours too); then the list enables those that were on.
		 */
		return write_file_at(rootfd, files[i], s, 0);
	default:
		snprintf(v, sizeof(v), "%.*s", (int)strcspn(s, "\n"), s);
		return write_file_at(rootfd, files[i], v, 0);
	}
}

void
tracefn_give_back(struct tracefn *f, int rootfd)
{
	int k;

	if (!f->taken)
		return;
	if (write_file_at(rootfd, "current_tracer", "nop", 0) != 0)
		fprintf(stderr, "bootchartd: cannot stop the function_graph "
		    "tracer: %s\n", strerror(errno));
	for (k = TRACEFN_SAVED - 1; k >= 0; k--)
		if (restore(f, rootfd, k) != 0)
			fprintf(stderr, "bootchartd: tracefs %s not given back: "
			    "%s\n", files[k], strerror(errno));
	forget(f);
}
