/* title.c: what a chart or report of a log, or a comparison of two, is called (title.h). */
#include <stdio.h>
#include <string.h>

#include "logfiles.h"
#include "pidstat.h"
#include "title.h"

/* A profile's command as typed: the header's, else the process's name. */
static void
profile_command(const struct bootlog *t, const struct proctree *tree,
    char *buf, size_t len)
{
	const char *cmd = bootlog_header(t, HDR_PROFILE_CMD);

	if (cmd == NULL || cmd[0] == '\0')
		cmd = tree->profile != NULL ? tree->profile : "";
	/* bootchartd writes control bytes as \ooo. */
	log_label(buf, len, cmd, strlen(cmd));
}

void
log_title(const struct bootlog *t, const struct proctree *tree,
    const char *user, char *buf, size_t len)
{
	static const char boot[] = "Boot chart for ";
	const char *title = bootlog_header(t, HDR_TITLE);
	char cmd[1024];	/* a title is cut far shorter when drawn */

	if (user != NULL) {
		snprintf(buf, len, "%s", user);
		return;
	}
	if (tree->readable) {
		profile_command(t, tree, cmd, sizeof(cmd));
		if (title != NULL && strncmp(title, boot, sizeof(boot) - 1) == 0)
			snprintf(buf, len, "Profile of %s on %s", cmd,
			    title + sizeof(boot) - 1);
		else
			snprintf(buf, len, "Profile of %s", cmd);
		return;
	}
	snprintf(buf, len, "%s", title != NULL ? title : "Boot chart");
}

void
compare_title(const struct bootlog *ot, const struct proctree *otree,
    const struct bootlog *nt, const struct proctree *ntree, const char *user,
    char *buf, size_t len)
{
	char o[1024], n[1024];

	if (user != NULL) {
		snprintf(buf, len, "%s", user);
		return;
	}
	if (otree->profile == NULL && ntree->profile == NULL) {
		snprintf(buf, len, "Boot comparison");
		return;
	}
	if (otree->profile != NULL)
		profile_command(ot, otree, o, sizeof(o));
	if (ntree->profile != NULL)
		profile_command(nt, ntree, n, sizeof(n));
	if (otree->profile == NULL)
		snprintf(buf, len, "Comparison of a boot with a profile of %s",
		    n);
	else if (ntree->profile == NULL)
		snprintf(buf, len, "Comparison of a profile of %s with a boot",
		    o);
	else if (strcmp(o, n) == 0)
		snprintf(buf, len, "Comparison of profiles of %s", o);
	else
		snprintf(buf, len, "Comparison of profiles: %s vs %s", o, n);
}
