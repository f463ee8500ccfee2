/* config.c: parse /etc/bootchartd.conf (never executed) and the kernel command line. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "outfrom.h"
#include "slurp.h"

#define VALUE_MAX 4096

/*
 * What AUTO_RENDER_FORMAT may name: the renderer's outputs, once, but
 * the trace verbs' (a boot's render runs none).
 */
static const struct {
	const char *name, *ext;
	int verb;
} outputs[] = {
#define OUTPUT(id, fname, fext, from, dest, kind, writer) \
	{ .name = fname, .ext = fext, .verb = ((from) & OF_VERB) != 0 },
#include "outputs.def"
#undef OUTPUT
};

/* Defaults cover text gettys and the greeters of gdm, sddm, lightdm, kdm. */
static const char *const default_exit[] = {
	"agetty", "mingetty", "getty", "mgetty", "fbgetty",
	"gdm-wayland-session", "gdm-x-session", "gdm-simple-greeter",
	"gdmgreeter", "sddm-greeter", "sddm-greeter-qt6",
	"lightdm-gtk-greeter", "unity-greeter", "slick-greeter",
	"kdm_greet",
};

static int
set_format(struct config *c, const char *val)
{
	size_t i;

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		if (!outputs[i].verb && strcmp(val, outputs[i].name) == 0) {
			c->render_format = outputs[i].name;
			c->render_ext = outputs[i].ext;
			return 0;
		}
	return -1;
}

static void
add_exit(struct config *c, const char *name, size_t len)
{
	if (c->nexit >= CONFIG_EXIT_MAX || len == 0)
		return;
	if (len > CONFIG_COMM_LEN)
		len = CONFIG_COMM_LEN;
	memcpy(c->exit_proc[c->nexit], name, len);
	c->exit_proc[c->nexit][len] = '\0';
	c->nexit++;
}

void
config_defaults(struct config *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	c->period_us = 200000;
	c->tmpfs_size = 64ULL << 20;
	c->acct = 0;
	snprintf(c->dest, sizeof(c->dest), "/var/log/bootchart.tgz");
	c->auto_render = 0;
	c->keep_boots = CONFIG_KEEP_BOOTS_DEFAULT;
	set_format(c, "png");
	snprintf(c->render_dir, sizeof(c->render_dir), "/var/log");
	for (i = 0; i < sizeof(default_exit) / sizeof(default_exit[0]); i++)
		add_exit(c, default_exit[i], strlen(default_exit[i]));
	c->settle_us = 5 * 1000000ULL;
	c->max_us = 300 * 1000000ULL;
	c->write_wait_us = 120 * 1000000ULL;
	c->exact = 1;
	c->trace_buffer = CONFIG_TRACE_BUFFER_DEFAULT;
	c->fn_depth = CONFIG_FN_DEPTH_DEFAULT;
	c->fn_thresh_us = CONFIG_FN_THRESH_DEFAULT;
}

int
parse_seconds(const char *s, uint64_t *us)
{
	uint64_t whole = 0, frac = 0, scale = 100000;
	int digits = 0;

	while (*s >= '0' && *s <= '9') {
		if (whole > 100000000)
			return -1;
		whole = whole * 10 + (uint64_t)(*s++ - '0');
		digits++;
	}
	if (*s == '.') {
		s++;
		while (*s >= '0' && *s <= '9') {
			frac += (uint64_t)(*s++ - '0') * scale;
			scale /= 10;
			digits++;
		}
	}
	if (*s != '\0' || digits == 0)
		return -1;
	*us = whole * 1000000 + frac;
	return 0;
}

int
parse_size(const char *s, uint64_t *bytes)
{
	uint64_t v = 0, mul = 1;
	int digits = 0;

	while (*s >= '0' && *s <= '9') {
		if (v > (1ULL << 40))
			return -1;
		v = v * 10 + (uint64_t)(*s++ - '0');
		digits++;
	}
	switch (*s) {
	case 'k': case 'K': mul = 1ULL << 10; s++; break;
	case 'm': case 'M': mul = 1ULL << 20; s++; break;
	case 'g': case 'G': mul = 1ULL << 30; s++; break;
	default: break;
	}
	if (*s != '\0' || digits == 0)
		return -1;
	*bytes = v * mul;
	return 0;
}

int
parse_bool(const char *s)
{
	static const char *const yes[] = { "yes", "true", "on", "1", "y" };
	static const char *const no[] = { "no", "false", "off", "0", "n", "" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (strcasecmp(s, yes[i]) == 0)
			return 1;
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (strcasecmp(s, no[i]) == 0)
			return 0;
	return -1;
}

/* Reads one value starting at *p (quotes, escapes); stops at blank or '#'. */
static int
lex_value(const char **p, const char *end, char *out, size_t outsz)
{
	const char *s = *p;
	size_t n = 0;
	char q = 0, ch;

	while (s < end && *s != '\n') {
		ch = *s;
		if (q == 0 && (ch == ' ' || ch == '\t' || ch == '\r'))
			break;
		if (q == 0 && (ch == '"' || ch == '\'')) {
			q = ch;
			s++;
			continue;
		}
		if (q != 0 && ch == q) {
			q = 0;
			s++;
			continue;
		}
		if (q != '\'' && ch == '\\' && s + 1 < end && s[1] != '\n')
			ch = *++s;
		if (n + 1 >= outsz)
			return -1;
		out[n++] = ch;
		s++;
	}
	out[n] = '\0';
	*p = s;
	return q != 0 ? -1 : 0;
}

static int
is_key_char(char ch, int first)
{
	if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_')
		return 1;
	return !first && ch >= '0' && ch <= '9';
}

/* Lexes one line [s, end) into key and value; -1 when malformed. */
static int
lex_line(const char *s, const char *end, char *key, size_t keysz,
    char *val, size_t valsz)
{
	size_t n = 0;

	if ((size_t)(end - s) > 7 && memcmp(s, "export", 6) == 0 &&
	    (s[6] == ' ' || s[6] == '\t')) {
		s += 7;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
	}
	while (s < end && is_key_char(*s, n == 0)) {
		if (n + 1 >= keysz)
			return -1;
		key[n++] = *s++;
	}
	key[n] = '\0';
	if (n == 0 || s >= end || *s != '=')
		return -1;
	s++;
	if (lex_value(&s, end, val, valsz) != 0)
		return -1;
	while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
		s++;
	if (s < end && *s != '#')
		return -1;
	return 0;
}

int
kv_lex(const char *buf, size_t len, kv_fn fn, void (*bad)(void *, long),
    void *arg)
{
	const char *p = buf, *end = buf + len, *eol, *s;
	char key[64];
	char *val;
	long line = 0;

	if ((val = malloc(VALUE_MAX)) == NULL)
		return -1;
	while (p < end) {
		line++;
		eol = memchr(p, '\n', (size_t)(end - p));
		if (eol == NULL)
			eol = end;
		s = p;
		p = eol < end ? eol + 1 : end;
		while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (s == eol || *s == '#')
			continue;
		if (lex_line(s, eol, key, sizeof(key), val, VALUE_MAX) != 0) {
			bad(arg, line);
			continue;
		}
		fn(arg, key, val, line);
	}
	free(val);
	return 0;
}

struct apply {
	struct config *cfg;
	struct diag *d;
	int nwarn;
};

static void
warn(struct apply *a, long line, const char *msg)
{
	a->nwarn++;
	if (a->nwarn > CONFIG_MAX_WARN)
		return;
	a->d->line = line;
	if (a->nwarn == CONFIG_MAX_WARN)
		diag_warn(a->d, "too many problems; further ones not shown");
	else
		diag_warn(a->d, "%s", msg);
	a->d->line = 0;
}

static void
bad_line(void *arg, long line)
{
	warn(arg, line, "not KEY=VALUE: line ignored");
}

static int
set_path(char *dst, size_t dstsz, const char *val)
{
	if (val[0] != '/' || strlen(val) >= dstsz)
		return -1;
	memcpy(dst, val, strlen(val) + 1);
	return 0;
}

static int
set_exit(struct config *c, const char *val)
{
	const char *p = val, *w;

	c->nexit = 0;
	while (*p != '\0') {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		w = p;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != ',')
			p++;
		if (c->nexit >= CONFIG_EXIT_MAX && p > w)
			return -1;
		add_exit(c, w, (size_t)(p - w));
	}
	return 0;
}

/* TRACE_SCOPE: what a traced profile records (docs/trace.md). */
static int
set_scope(struct config *c, const char *val)
{
	if (strcmp(val, "command") == 0)
		c->trace_system = 0;
	else if (strcmp(val, "system") == 0)
		c->trace_system = 1;
	else
		return -1;
	return 0;
}

static int
set_bool(int *dst, const char *val)
{
	int b = parse_bool(val);

	if (b < 0)
		return -1;
	*dst = b;
	return 0;
}

static int
set_secs(uint64_t *dst, const char *val, uint64_t min, uint64_t max)
{
	uint64_t us;

	if (parse_seconds(val, &us) != 0 || us < min || us > max)
		return -1;
	*dst = us;
	return 0;
}

/* A whole number from min to max, digits only. */
static int
set_uint(unsigned *dst, const char *val, unsigned min, unsigned max)
{
	unsigned long v = 0;
	const char *p;

	for (p = val; *p >= '0' && *p <= '9' && v <= max; p++)
		v = v * 10 + (unsigned long)(*p - '0');
	if (p == val || *p != '\0' || v < min || v > max)
		return -1;
	*dst = (unsigned)v;
	return 0;
}

int
config_fn_depth(struct config *c, const char *n)
{
	return set_uint(&c->fn_depth, n, CONFIG_FN_DEPTH_MIN,
	    CONFIG_FN_DEPTH_MAX);
}

int
config_fn_threshold(struct config *c, const char *us)
{
	return set_uint(&c->fn_thresh_us, us, CONFIG_FN_THRESH_MIN,
	    CONFIG_FN_THRESH_MAX);
}

int
config_period(struct config *c, const char *secs)
{
	return set_secs(&c->period_us, secs, CONFIG_PERIOD_MIN_US,
	    CONFIG_PERIOD_MAX_US);
}

/* Returns 0, -1 for a bad value, 1 for an unknown key. */
static int
apply_key(struct config *c, const char *key, const char *val)
{
	uint64_t sz;

	if (strcmp(key, "SAMPLE_PERIOD") == 0)
		return config_period(c, val);
	if (strcmp(key, "TMPFS_SIZE") == 0) {
		if (parse_size(val, &sz) != 0 || sz < (256ULL << 10))
			return -1;
		c->tmpfs_size = sz;
		return 0;
	}
	if (strcmp(key, "PROCESS_ACCOUNTING") == 0)
		return set_bool(&c->acct, val);
	if (strcmp(key, "BOOTLOG_DEST") == 0)
		return set_path(c->dest, sizeof(c->dest), val);
	if (strcmp(key, "AUTO_RENDER") == 0)
		return set_bool(&c->auto_render, val);
	if (strcmp(key, "KEEP_BOOTS") == 0)
		return set_uint(&c->keep_boots, val, 0, CONFIG_KEEP_BOOTS_MAX);
	if (strcmp(key, "AUTO_RENDER_FORMAT") == 0)
		return set_format(c, val);
	if (strcmp(key, "AUTO_RENDER_DIR") == 0)
		return set_path(c->render_dir, sizeof(c->render_dir), val);
	if (strcmp(key, "EXIT_PROC") == 0)
		return set_exit(c, val);
	if (strcmp(key, "SETTLE_TIME") == 0)
		return set_secs(&c->settle_us, val, 0, 3600000000ULL);
	if (strcmp(key, "MAX_DURATION") == 0)
		return set_secs(&c->max_us, val, 100000, 86400000000ULL);
	if (strcmp(key, "WRITE_TIMEOUT") == 0)
		return set_secs(&c->write_wait_us, val, 0, 3600000000ULL);
	if (strcmp(key, "INIT") == 0)
		return set_path(c->init, sizeof(c->init), val);
	if (strcmp(key, "EXACT_MODE") == 0)
		return set_bool(&c->exact, val);
	if (strcmp(key, "EXACT_FUNCTIONS") == 0)
		return set_bool(&c->functions, val);
	if (strcmp(key, "FUNCTIONS_DEPTH") == 0)
		return config_fn_depth(c, val);
	if (strcmp(key, "FUNCTIONS_THRESHOLD") == 0)
		return config_fn_threshold(c, val);
	if (strcmp(key, "TRACE_SCOPE") == 0)
		return set_scope(c, val);
	if (strcmp(key, "TRACE_BUFFER") == 0) {
		/* The kernel takes 4 KiB pages; 1 GiB per CPU is absurd. */
		if (parse_size(val, &sz) != 0 || sz < (4ULL << 10) ||
		    sz > (1ULL << 30))
			return -1;
		c->trace_buffer = sz;
		return 0;
	}
	return 1;
}

static void
apply_kv(void *arg, const char *key, const char *val, long line)
{
	struct apply *a = arg;
	struct config saved = *a->cfg;
	char msg[200];
	int r;

	r = apply_key(a->cfg, key, val);
	if (r == 1) {
		snprintf(msg, sizeof(msg), "unknown key %s ignored", key);
		warn(a, line, msg);
		return;
	}
	if (r < 0) {
		/* A half-applied value (EXIT_PROC) must not survive. */
		*a->cfg = saved;
		snprintf(msg, sizeof(msg), "bad value for %s (\"%.60s\"): "
		    "ignored", key, val);
		warn(a, line, msg);
	}
}

int
config_parse(struct config *c, const char *buf, size_t len, struct diag *d)
{
	struct apply a = { .cfg = c, .d = d, .nwarn = 0 };

	if (memchr(buf, '\0', len) != NULL) {
		a.nwarn++;
		diag_warn(d, "binary file ignored: defaults kept");
		return a.nwarn;
	}
	kv_lex(buf, len, apply_kv, bad_line, &a);
	return a.nwarn;
}

int
config_load(struct config *c, const char *path, int must, struct diag *d)
{
	const size_t cap = 65536;
	const char *why;
	char *buf;
	size_t n;

	diag_set_file(d, "%s", path);
	/* A regular file only, at most 64 KiB of it: a bounded read. */
	if ((buf = slurp_at(AT_FDCWD, path, cap + 1, &n)) == NULL) {
		if (errno == ENOMEM)
			return diag_error_status(d, EXIT_NOMEM,
			    "out of memory");
		if (!must && errno == ENOENT)
			return 0;
		why = errno == EINVAL ? "not a regular file" : strerror(errno);
		if (must)
			return diag_error_status(d, EXIT_BADINPUT, "%s", why);
		diag_warn(d, "%s; defaults used", why);
		return 0;
	}
	if (n > cap) {
		diag_warn(d, "longer than %zu bytes; the rest is ignored", cap);
		n = cap;
	}
	config_parse(c, buf, n, d);
	free(buf);
	return 0;
}

int
cmdline_get(const char *buf, size_t len, const char *key, char *out,
    size_t outsz)
{
	const char *p = buf, *end = buf + len, *w;
	size_t klen = strlen(key), n;
	int found = -1, q;

	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' ||
		    *p == '\0'))
			p++;
		w = p;
		q = 0;
		while (p < end && (q || (*p != ' ' && *p != '\t' &&
		    *p != '\n' && *p != '\0'))) {
			if (*p == '"')
				q = !q;
			p++;
		}
		if ((size_t)(p - w) <= klen || memcmp(w, key, klen) != 0 ||
		    w[klen] != '=')
			continue;
		w += klen + 1;
		n = (size_t)(p - w);
		if (n >= 2 && w[0] == '"' && w[n - 1] == '"') {
			w++;
			n -= 2;
		}
		if (n >= outsz) {
			found = -1;
			continue;
		}
		memcpy(out, w, n);
		out[n] = '\0';
		found = 0;
	}
	return found;
}
