/* autorender.c: AUTO_RENDER: run bootchart-render on the tarball just written. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "autorender.h"
#include "dest.h"

/* The output shows what the log holds: it gets the log's owner and mode. */
static void
protect(const char *path, struct diag *d)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;

	if (fd < 0 && errno == ENOENT)
		return;
	if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
	if (fd < 0 || dest_protect(fd) != 0)
		diag_warn(d, "AUTO_RENDER: %s: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
}

int
auto_render(const struct config *cfg, struct diag *d)
{
	static const char *const dirs[] = {
		"/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin",
		"/usr/sbin", "/sbin"
	};
	char out[PATH_MAX + 32], prog[64];
	size_t i;
	pid_t pid;
	int st;

	snprintf(out, sizeof(out), "%s/bootchart.%s", cfg->render_dir,
	    cfg->render_ext);
	if ((pid = fork()) < 0) {
		diag_warn(d, "AUTO_RENDER: fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* Ours alone until protect() says who else may read it. */
		umask(077);
		/* $PATH first; at boot it may be unset, hence the list. */
		execlp("bootchart-render", "bootchart-render", "-f",
		    cfg->render_format, "-o", out, cfg->dest, (char *)NULL);
		for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
			snprintf(prog, sizeof(prog), "%s/bootchart-render",
			    dirs[i]);
			execl(prog, "bootchart-render", "-f",
			    cfg->render_format, "-o", out, cfg->dest,
			    (char *)NULL);
		}
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		diag_warn(d, "AUTO_RENDER: bootchart-render failed "
		    "(status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		return -1;
	}
	protect(out, d);
	if (cfg->verbose > 0)
		diag_info(d, "rendered %s", out);
	return 0;
}
