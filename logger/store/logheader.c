/* logheader.c: the tarball's `header` member (docs/formats.md). */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "fwtimes.h"
#include "keep.h"
#include "logheader.h"
#include "logfiles.h"
#include "slurp.h"

#define HEADER_MAX 16384

struct hbuf {
	char *p;
	size_t len, cap;
};

/* Appends "key = value\n" with control characters turned into spaces. */
static void
put(struct hbuf *h, const char *key, const char *fmt, ...)
{
	char val[HEADER_VALUE_MAX];
	va_list ap;
	size_t i;
	int n;

	va_start(ap, fmt);
	vsnprintf(val, sizeof(val), fmt, ap);
	va_end(ap);
	for (i = 0; val[i] != '\0'; i++)
		if ((unsigned char)val[i] < 0x20 && val[i] != '\t')
			val[i] = ' ';
	while (i > 0 && val[i - 1] == ' ')
		val[--i] = '\0';
	n = snprintf(h->p + h->len, h->cap - h->len, "%s = %s\n", key, val);
	if (n > 0 && (size_t)n < h->cap - h->len)
		h->len += (size_t)n;
}

void
cpuinfo_summary(const char *buf, size_t len, char *model, size_t msz,
    int *ncpu)
{
	const char *p = buf, *end = buf + len, *eol, *colon, *v;
	size_t n;

	model[0] = '\0';
	*ncpu = 0;
	for (; p < end; p = eol + 1) {
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		if ((size_t)(eol - p) >= 9 && memcmp(p, "processor", 9) == 0 &&
		    (p[9] == '\t' || p[9] == ' ' || p[9] == ':'))
			(*ncpu)++;
		colon = memchr(p, ':', (size_t)(eol - p));
		if (model[0] != '\0' || colon == NULL)
			continue;
		if (strncmp(p, "model name", 10) != 0 &&
		    strncmp(p, "cpu model", 9) != 0 &&
		    strncmp(p, "Model", 5) != 0)
			continue;
		v = colon + 1;
		while (v < eol && (*v == ' ' || *v == '\t'))
			v++;
		n = (size_t)(eol - v) < msz - 1 ? (size_t)(eol - v) : msz - 1;
		memcpy(model, v, n);
		model[n] = '\0';
	}
	if (*ncpu == 0)
		*ncpu = 1;
}

struct osrel {
	char pretty[256];
	char name[128];
	char version[128];
};

static void
osrel_kv(void *arg, const char *key, const char *val, long line)
{
	struct osrel *o = arg;

	if (strcmp(key, "PRETTY_NAME") == 0)
		snprintf(o->pretty, sizeof(o->pretty), "%s", val);
	else if (strcmp(key, "NAME") == 0)
		snprintf(o->name, sizeof(o->name), "%s", val);
	else if (strcmp(key, "VERSION") == 0)
		snprintf(o->version, sizeof(o->version), "%s", val);
}

static void
osrel_bad(void *arg, long line)
{
}

static void
release(char *out, size_t outsz)
{
	struct osrel o;
	char *buf;
	size_t len;

	memset(&o, 0, sizeof(o));
	buf = slurp_at(AT_FDCWD, "/etc/os-release", 65536, &len);
	if (buf == NULL)
		buf = slurp_at(AT_FDCWD, "/usr/lib/os-release", 65536, &len);
	if (buf != NULL) {
		kv_lex(buf, len, osrel_kv, osrel_bad, &o);
		free(buf);
	}
	if (o.pretty[0] != '\0')
		snprintf(out, outsz, "%s", o.pretty);
	else if (o.name[0] != '\0')
		snprintf(out, outsz, "%s %s", o.name, o.version);
	else
		snprintf(out, outsz, "unknown");
}

static void
put_cpu(struct hbuf *h, int procfd)
{
	char model[256];
	char *buf;
	size_t len = 0;
	int ncpu = 1;
	struct utsname u;

	model[0] = '\0';
	if ((buf = slurp_at(procfd, "cpuinfo", 1 << 20, &len)) != NULL) {
		cpuinfo_summary(buf, len, model, sizeof(model), &ncpu);
		free(buf);
	}
	if (model[0] == '\0' && uname(&u) == 0)
		snprintf(model, sizeof(model), "%s", u.machine);
	/* The originals wrote the grep'd cpuinfo line, key included. */
	put(h, HDR_CPU, "model name\t: %s (%d)", model, ncpu);
}

/*
 * What the machine is, for a reader comparing boots of several: DMI's
 * vendor and product on a PC, the device tree's model on a board, which
 * has no DMI.  Left out when /sys is not mounted at the end of the log.
 */
static void
put_model(struct hbuf *h)
{
	char *vendor, *product;
	size_t vl = 0, pl = 0;

	vendor = slurp_at(AT_FDCWD, "/sys/class/dmi/id/sys_vendor", 256, &vl);
	product = slurp_at(AT_FDCWD, "/sys/class/dmi/id/product_name", 256,
	    &pl);
	if (product != NULL && pl > 0) {
		put(h, HDR_MODEL, "%s%s%s", vendor != NULL ? vendor : "",
		    vl > 0 ? " " : "", product);
	} else {
		free(product);
		product = slurp_at(AT_FDCWD,
		    "/sys/firmware/devicetree/base/model", 256, &pl);
		if (product != NULL && pl > 0)
			put(h, HDR_MODEL, "%s", product);
	}
	free(vendor);
	free(product);
}

static void
put_cmdline(struct hbuf *h, int procfd)
{
	const char *file = getenv("BOOTCHARTD_CMDLINE");
	char *buf;
	size_t len = 0;

	buf = file != NULL ? slurp_at(AT_FDCWD, file, 65536, &len) :
	    slurp_at(procfd, "cmdline", 65536, &len);
	put(h, HDR_KOPTS, "%.*s", (int)len, buf != NULL ? buf : "");
	free(buf);
}

/* The firmware's and the loader's seconds, where the machine says. */
static void
put_fw_times(struct hbuf *h)
{
	struct fw_times t;
	int fd = open("/sys/firmware", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	fw_times_read(fd, &t);
	close(fd);
	if (t.from == FW_NONE)
		return;
	put(h, HDR_FW_TIME, "%llu.%06llu",
	    (unsigned long long)(t.firmware_us / 1000000),
	    (unsigned long long)(t.firmware_us % 1000000));
	put(h, HDR_LOADER_TIME, "%llu.%06llu",
	    (unsigned long long)(t.loader_us / 1000000),
	    (unsigned long long)(t.loader_us % 1000000));
	put(h, HDR_FW_FROM, "%s", fw_source_name(t.from));
}

/*
 * What tells one boot from another in a set of boots: its id, the
 * clock the kernel keeps time with, the firmware it came from.  /sys
 * may not be mounted where the logger runs: then those are left out.
 */
static void
put_boot_id(struct hbuf *h, int procfd)
{
	char id[40], *cs;
	size_t len = 0;

	keep_boot_id(procfd, id, sizeof(id));
	if (id[0] != '\0')
		put(h, HDR_BOOT_ID, "%s", id);
	cs = slurp_at(AT_FDCWD, "/sys/devices/system/clocksource/"
	    "clocksource0/current_clocksource", 256, &len);
	while (cs != NULL && len > 0 && (cs[len - 1] == '\n' ||
	    cs[len - 1] == ' '))
		len--;
	if (cs != NULL && len > 0)
		put(h, HDR_CLOCKSOURCE, "%.*s", (int)len, cs);
	free(cs);
	if (faccessat(AT_FDCWD, "/sys/firmware", F_OK, 0) == 0)
		put(h, HDR_FIRMWARE, "%s", faccessat(AT_FDCWD,
		    "/sys/firmware/efi", F_OK, 0) == 0 ? "efi" : "bios");
	put_fw_times(h);
}

/* "12.34" from jiffies. */
static void
put_jiffies(struct hbuf *h, const char *key, uint64_t j)
{
	put(h, key, "%llu.%02llu", (unsigned long long)(j / 100),
	    (unsigned long long)(j % 100));
}

/* The keys of a boot log (docs/formats.md); absent when not known. */
static void
put_boot(struct hbuf *h, const struct run_report *r)
{
	if (r->log_start_us != 0)
		put(h, HDR_LOG_START, "%llu.%06llu",
		    (unsigned long long)(r->log_start_us / 1000000),
		    (unsigned long long)(r->log_start_us % 1000000));
	if (r->switch_root != 0)
		put_jiffies(h, HDR_SWITCH_ROOT, r->switch_root);
	if (r->end_at != 0 && r->log_start_us != 0)
		put_jiffies(h, HDR_END_AT, r->end_at);
	if (r->init_fallback[0] != '\0')
		put(h, HDR_INIT_FALLBACK, "%s", r->init_fallback);
	if (r->dmesg_note[0] != '\0')
		put(h, HDR_DMESG, "%s", r->dmesg_note);
}

/* What a process runs: only when some of it was not logged, and why. */
static void
put_procinfo(struct hbuf *h, const struct run_report *r)
{
	if (r->pi_timeouts == 0 && r->pi_dropped == 0 && r->pi_left_out == 0 &&
	    !r->pi_off)
		return;
	put(h, HDR_PROCINFO, "incomplete: %llu timed out (not read again), "
	    "%llu over their owner's share, %llu not read%s",
	    (unsigned long long)r->pi_timeouts,
	    (unsigned long long)r->pi_left_out,
	    (unsigned long long)r->pi_dropped,
	    r->pi_off ? " (the reader stopped)" : "");
}

/* Exact mode (docs/trace.md): only when it was asked for or a boot. */
static void
put_trace(struct hbuf *h, const struct trace_report *t)
{
	if (t->status[0] == '\0')
		return;
	put(h, HDR_TRACE, "%s", t->status);
	if (t->events[0] == '\0')
		return;
	put(h, HDR_TRACE_EVENTS, "%s", t->events);
	put(h, HDR_TRACE_LOST, "%s", t->lost);
	if (t->lost_start[0] != '\0')
		put(h, HDR_TRACE_LOST_START, "%s", t->lost_start);
	if (t->unread[0] != '\0')
		put(h, HDR_TRACE_UNREAD, "%s", t->unread);
	put(h, HDR_TRACE_SCOPE, "%s", t->scope);
	put(h, HDR_TRACE_CLOCK, "%s", t->clock);
	if (t->sync[0] != '\0')
		put(h, HDR_TRACE_SYNC, "%s", t->sync);
	if (t->absent[0] != '\0')
		put(h, HDR_TRACE_ABSENT, "%s", t->absent);
	put(h, HDR_TRACE_STORE, "%s", t->store);
	put(h, HDR_TRACE_CPU, "%llu.%06llu (drains %llu.%06llu)",
	    (unsigned long long)(t->cpu_ns / 1000000000),
	    (unsigned long long)(t->cpu_ns % 1000000000 / 1000),
	    (unsigned long long)(t->drain_ns / 1000000000),
	    (unsigned long long)(t->drain_ns % 1000000000 / 1000));
}

/*
 * A netlink source's line (fork events, exit records): why it is
 * missing, else what it lost, else none.
 */
static void
put_source(struct hbuf *h, const char *key, const char *note,
    uint64_t overruns, uint64_t lost, const char *what)
{
	if (note[0] != '\0')
		put(h, key, "%s", note);
	else if (overruns > 0 || lost > 0)
		put(h, key, "incomplete: %llu queue overruns, %llu %s "
		    "dropped", (unsigned long long)overruns,
		    (unsigned long long)lost, what);
}

/*
 * "Fri Nov 27 17:01:15 UTC 2026", as date(1) prints it in UTC.  UTC
 * always: at boot there is no time zone to read, and localtime and
 * strftime would bring 6 KiB of time zone code into the static logger
 * (its size budget, docs/packaging.md).
 */
static void
utc_date(time_t now, char *buf, size_t cap)
{
	static const char days[] = "SunMonTueWedThuFriSat";
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	struct tm tm;

	buf[0] = '\0';
	if (gmtime_r(&now, &tm) == NULL || tm.tm_wday < 0 || tm.tm_wday > 6 ||
	    tm.tm_mon < 0 || tm.tm_mon > 11)
		return;
	snprintf(buf, cap, "%.3s %.3s %2d %02d:%02d:%02d UTC %d",
	    days + 3 * tm.tm_wday, months + 3 * tm.tm_mon, tm.tm_mday,
	    tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
}

char *
header_build(const struct run_report *r, const struct config *cfg,
    int procfd, size_t *len)
{
	struct hbuf h;
	struct utsname u;
	char rel[256], date[64];

	if ((h.p = malloc(HEADER_MAX)) == NULL)
		return NULL;
	h.len = 0;
	h.cap = HEADER_MAX;
	if (uname(&u) != 0)
		memset(&u, 0, sizeof(u));
	utc_date(time(NULL), date, sizeof(date));
	release(rel, sizeof(rel));

	put(&h, HDR_VERSION, "%s", BC_VERSION);
	put(&h, HDR_TITLE, "Boot chart for %s (%s)", u.nodename, date);
	put(&h, HDR_UNAME, "%s %s %s %s", u.sysname, u.release, u.version,
	    u.machine);
	put(&h, HDR_RELEASE, "%s", rel);
	put_cpu(&h, procfd);
	put_model(&h);
	put_cmdline(&h, procfd);
	put_boot_id(&h, procfd);
	if (r->profile != NULL && r->profile[0] != '\0')
		put(&h, HDR_PROFILE, "%s", r->profile);
	if (r->profile_cmd != NULL && r->profile_cmd[0] != '\0')
		put(&h, HDR_PROFILE_CMD, "%s", r->profile_cmd);
	if (r->profile_parent > 0)
		put(&h, HDR_PROFILE_PARENT, "%d", r->profile_parent);
	if (r->truncated)
		put(&h, HDR_TRUNCATED, "yes");
	if (r->acct_note[0] != '\0')
		put(&h, HDR_ACCT, "%s", r->acct_note);
	/* Both sources start together, as root with accounting asked for. */
	if (r->pe_wanted) {
		put_source(&h, HDR_PATERNITY, r->pe_note, r->pe_overruns,
		    r->pe_lost, "forks");
		put_source(&h, HDR_TASKEXIT, r->te_note, r->te_overruns,
		    r->te_lost, "records");
	}
	put_procinfo(&h, r);
	put(&h, HDR_PERIOD, "%llu.%06llu",
	    (unsigned long long)(cfg->period_us / 1000000),
	    (unsigned long long)(cfg->period_us % 1000000));
	if (r->why_end != NULL)
		put(&h, HDR_END, "%s%s%s", r->why_end,
		    r->exit_name[0] ? " " : "", r->exit_name);
	put_boot(&h, r);
	put_trace(&h, &r->trace);
	*len = h.len;
	return h.p;
}
