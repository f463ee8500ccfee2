/* tarw_mk.c: test tool: builds a tar.gz with bootchartd's writer from NAME=PATH pairs. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tarw.h"

int
main(int argc, char **argv)
{
	struct tarw t;
	struct stat st;
	char *eq;
	int out, fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: tarw_mk OUT.tgz [NAME=PATH...]\n");
		return 1;
	}
	out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (out < 0 || tarw_open(&t, 6, tarw_fd_sink, &out) != 0) {
		perror(argv[1]);
		return 3;
	}
	for (i = 2; i < argc; i++) {
		if ((eq = strchr(argv[i], '=')) == NULL) {
			fprintf(stderr, "tarw_mk: %s: not NAME=PATH\n", argv[i]);
			return 1;
		}
		*eq = '\0';
		if ((fd = open(eq + 1, O_RDONLY)) < 0 || fstat(fd, &st) != 0 ||
		    tarw_add_fd(&t, argv[i], st.st_mode & 07777, st.st_mtime,
		    fd, (uint64_t)st.st_size) != 0) {
			perror(eq + 1);
			return 3;
		}
		close(fd);
	}
	if (tarw_close(&t) != 0 || close(out) != 0) {
		perror(argv[1]);
		return 3;
	}
	return 0;
}
