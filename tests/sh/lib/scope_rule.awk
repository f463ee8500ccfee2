# scope_rule.awk: reads `bootchart-render --dump-events` of a trace kept
# to one command's tree (-v root=PID) and prints every event the
# kernel's pid filter should not have let through, by its rule
# (docs/trace.md, "Exact mode and other users"): a switch needs a side
# in the tree, a wake-up the woken task or the waker, any other event
# its task; the tree is ROOT and what its members forked.  Trace
# markers and the switch trigger's stacks are ftrace's own, not events
# the filter sees.  The last line: "events N outside M".
BEGIN { FS = "\t"; tree[root] = 1 }
function val(key,   i) {
	for (i = 5; i <= NF; i++)
		if (index($i, key "=") == 1)
			return substr($i, length(key) + 2)
	return ""
}
{ n++ }
$4 == "print" || $4 == "kernel_stack" { next }
$4 == "sched_process_fork" {
	if (val("parent_pid") in tree)
		tree[val("child_pid")] = 1
}
$4 == "sched_switch" {
	if (!(val("prev_pid") in tree) && !(val("next_pid") in tree)) {
		bad++
		print
	}
	next
}
$4 ~ /^sched_wak/ {
	if (!(val("pid") in tree) && !($3 in tree)) {
		bad++
		print
	}
	next
}
!($3 in tree) { bad++; print }
END { print "events " n + 0 " outside " bad + 0 }
