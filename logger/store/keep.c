/* keep.c: every boot's log kept (KEEP_BOOTS): a copy of each boot's tarball in bootchart/ beside the destination, named by time and boot id, the oldest beyond the count removed. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "keep.h"
#include "slurp.h"

void
keep_boot_id(int procfd, char *out, size_t cap)
{
	size_t len = 0, n = 0;
	char *s = slurp_at(procfd, "sys/kernel/random/boot_id", 256, &len);

	if (s != NULL)
		while (n < len && n + 1 < cap && ((s[n] >= '0' && s[n] <= '9') ||
		    (s[n] >= 'a' && s[n] <= 'f') || s[n] == '-'))
			n++;
	if (cap > 0) {
		if (n > 0)
			memcpy(out, s, n);
		out[n < cap ? n : cap - 1] = '\0';
	}
	free(s);
}

/* Whether a name is one keep_boot gave: the rest of the directory is not ours. */
static int
kept_name(const char *s)
{
	static const char shape[] = "dddddddd-dddddd-xxxxxxxx.tgz";
	size_t i;

	if (strlen(s) != KEEP_NAME_LEN)
		return 0;
	for (i = 0; i < KEEP_NAME_LEN; i++) {
		if (shape[i] == 'd' && (s[i] < '0' || s[i] > '9'))
			return 0;
		if (shape[i] == 'x' && !((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
		if (shape[i] != 'd' && shape[i] != 'x' && s[i] != shape[i])
			return 0;
	}
	return 1;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The kept logs' names in the directory dfd, sorted (oldest first). */
static char **
kept_list(int dfd, size_t *n)
{
	int fd = dup(dfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	if (d == NULL) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		if (!kept_name(e->d_name))
			continue;
		if ((*n == cap && grow_array((void **)&v, &cap, *n,
		    sizeof(*v)) != 0) || (v[*n] = strdup(e->d_name)) == NULL)
			break;
		(*n)++;
	}
	closedir(d);
	if (*n > 0)
		qsort(v, *n, sizeof(*v), by_name);
	return v != NULL ? v : calloc(1, sizeof(*v));
}

/* keep_prune on an open directory. */
static int
prune_at(int dfd, unsigned keep)
{
	size_t n, i;
	char **v = kept_list(dfd, &n);
	int gone = 0;

	if (v == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		if (i + keep < n)
			gone += unlinkat(dfd, v[i], 0) == 0;
		free(v[i]);
	}
	free(v);
	return gone;
}

int
keep_prune(const char *dir, unsigned keep)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int r;

	if (dfd < 0)
		return -1;
	r = prune_at(dfd, keep);
	close(dfd);
	return r;
}

/*
 * The directory, made if missing, opened without following a link, and
 * only when it is ours and no one else may write in it: in a directory
 * others write to, a planted bootchart/ must not take our logs, nor
 * have us remove what it holds.  Its fd, or -1 after a message.
 */
static int
open_kept_dir(const char *kdir, struct diag *d)
{
	struct stat st;
	int dfd;

	if (mkdir(kdir, 0755) != 0 && errno != EEXIST) {
		diag_warn(d, "cannot keep this boot's log in %s: %s", kdir,
		    strerror(errno));
		return -1;
	}
	dfd = open(kdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (dfd < 0 || fstat(dfd, &st) != 0 || st.st_uid != geteuid() ||
	    (st.st_mode & 022) != 0) {
		diag_warn(d, "%s is not a directory of ours alone; this "
		    "boot's log not kept there", kdir);
		if (dfd >= 0)
			close(dfd);
		return -1;
	}
	return dfd;
}

size_t
keep_id8(const char *boot_id, char id[9])
{
	size_t i, k = 0, n;

	/* Eight hex digits of the id: the boots of a set told apart. */
	for (i = 0; boot_id != NULL && boot_id[i] != '\0' && k < 8; i++)
		if (boot_id[i] != '-')
			id[k++] = boot_id[i];
	n = k;
	while (k < 8)
		id[k++] = '0';
	id[8] = '\0';
	return n;
}

int
keep_dir(const char *dir, char *out, size_t cap)
{
	return (size_t)snprintf(out, cap, "%s/%s", strcmp(dir, "/") ? dir :
	    "", KEEP_DIR) < cap ? 0 : -1;
}

void
keep_boot(const char *dir, const char *tmp, const char *boot_id,
    time_t now, unsigned keep, struct diag *d)
{
	char kdir[PATH_MAX], name[96];
	char id[9];
	struct tm tm;
	int dfd;

	if (keep == 0)
		return;
	keep_id8(boot_id, id);
	/*
	 * By hand, not strftime: strftime pulls in libc's time zone code
	 * (some 5 KB of the static logger) for a name that is UTC anyway.
	 */
	if (gmtime_r(&now, &tm) == NULL)
		return;
	keep_dir(dir, kdir, sizeof(kdir));
	if ((dfd = open_kept_dir(kdir, d)) < 0)
		return;
	snprintf(name, sizeof(name), "%04d%02d%02d-%02d%02d%02d-%s.tgz",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
	    tm.tm_min, tm.tm_sec, id);
	if (linkat(AT_FDCWD, tmp, dfd, name, 0) != 0)
		diag_warn(d, "cannot keep this boot's log as %s/%s: %s", kdir,
		    name, strerror(errno));
	else if (prune_at(dfd, keep) < 0)
		diag_warn(d, "cannot list %s: %s", kdir, strerror(errno));
	close(dfd);
}
