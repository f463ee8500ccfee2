# cmd_wakeups.awk: from a profile's --dump-events (first file) and its
# --wakeups --whole-system (second), the lines --wakeups keeps by
# default: the comments, and the blocked, edge and stack lines whose
# waiter (the second column) is a process the command's forks made:
# a child of ROOT (-v root=PID, the launcher, not itself the
# command's) or of such a child, by sched_process_fork.  A pid used
# again by a process outside is not the command's any more.
BEGIN { FS = "\t" }
function val(key,   i) {
	for (i = 5; i <= NF; i++)
		if (index($i, key "=") == 1)
			return substr($i, length(key) + 2)
	return ""
}
FNR == NR {
	if ($4 == "sched_process_fork") {
		p = val("parent_pid")
		c = val("child_pid")
		mine[c] = (p == root || (p in mine && mine[p]))
	}
	next
}
/^#/ { print; next }
$2 in mine && mine[$2] { print }
