/* bootwatch.c: what a boot log watches besides the samples: the switch to the real root and systemd's end of start-up. */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bootwatch.h"
#include "logfiles.h"

void
bootwatch_init(struct bootwatch *w, int procfd)
{
	struct stat st;

	memset(w, 0, sizeof(*w));
	w->procfd = procfd;
	if (fstatat(procfd, "1/root", &st, 0) != 0)
		return;
	w->root_known = 1;
	w->root_dev = st.st_dev;
	w->root_ino = st.st_ino;
}

/* 1 when PID 1's name is "systemd". */
static int
pid1_is_systemd(int procfd)
{
	char comm[32];
	ssize_t n;
	int fd;

	if ((fd = openat(procfd, "1/comm", O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = read(fd, comm, sizeof(comm) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	comm[n] = '\0';
	return strcmp(comm, "systemd\n") == 0;
}

/* 1 when bootchartd-done.service is in one of systemd's unit directories of init's root. */
static int
done_unit_installed(int procfd)
{
	static const char *const paths[] = {
		"1/root/etc/systemd/system/" DONE_UNIT_NAME,
		"1/root/usr/lib/systemd/system/" DONE_UNIT_NAME,
		"1/root/lib/systemd/system/" DONE_UNIT_NAME,
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (faccessat(procfd, paths[i], F_OK, 0) == 0)
			return 1;
	return 0;
}

void
bootwatch_sample(struct bootwatch *w, uint64_t jiffies)
{
	struct stat st;

	if (w->root_known && w->switch_root == 0 &&
	    fstatat(w->procfd, "1/root", &st, 0) == 0 &&
	    (st.st_dev != w->root_dev || st.st_ino != w->root_ino))
		w->switch_root = jiffies;
	/*
	 * Until found: an initramfs systemd (dracut) has no unit, the real
	 * root's has, so the answer may change at switch_root.
	 */
	if (!w->systemd && pid1_is_systemd(w->procfd) &&
	    done_unit_installed(w->procfd))
		w->systemd = 1;
}

int
bootwatch_done(const struct bootwatch *w)
{
	return faccessat(w->procfd, "1/root/" BOOT_DONE_FILE, F_OK, 0) == 0;
}
