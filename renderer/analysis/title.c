/* title.c: what a chart or report of a log is called (title.h). */
#include <stdio.h>
#include <string.h>

#include "logfiles.h"
#include "pidstat.h"
#include "title.h"

void
log_title(const struct bootlog *t, const struct proctree *tree,
    const char *user, char *buf, size_t len)
{
	static const char boot[] = "Boot chart for ";
	const char *title = bootlog_header(t, HDR_TITLE), *cmd;
	char decoded[1024];	/* a title is cut far shorter when drawn */

	if (user != NULL) {
		snprintf(buf, len, "%s", user);
		return;
	}
	if (tree->readable) {
		cmd = bootlog_header(t, HDR_PROFILE_CMD);
		if (cmd == NULL || cmd[0] == '\0')
			cmd = tree->profile;
		/* bootchartd writes control bytes as \ooo. */
		log_label(decoded, sizeof(decoded), cmd, strlen(cmd));
		cmd = decoded;
		if (title != NULL && strncmp(title, boot, sizeof(boot) - 1) == 0)
			snprintf(buf, len, "Profile of %s on %s", cmd,
			    title + sizeof(boot) - 1);
		else
			snprintf(buf, len, "Profile of %s", cmd);
		return;
	}
	snprintf(buf, len, "%s", title != NULL ? title : "Boot chart");
}

