# waits.awk: the wake-up graph's oracle (tests/sh/wakeups_trace.sh): from
# `trace-cmd report -l -t`, each wait (sched_switch's prev_state S or D
# to the sched_waking or sched_wakeup_new of its pid, none across a
# task_newtask or sched_process_exit) and its waker: the latency
# column's h/H [irq], s [softirq], else the event's pid (0 [idle]).
# A thread that writes an event other than its blocking switch's stack,
# or is switched in, while waiting was woken by a wake-up stamped before
# its switch (the two raced): that wait has no known waker and is left
# out, as the renderer leaves it (docs/trace.md, States).
# Prints "WAITER WAKER STATE COUNT TOTAL_MS MAX_MS" per edge, pids as
# threads (the test's processes have one each), ms truncated to the us.
# With -v soft=1 a softirq waker is "[softirq]@PID", the thread whose
# context the softirq ran in (tests/sh/wakeups_reasons.sh).
function ns_of(t,   a) { split(t, a, "."); return a[1] * 1000000000 + a[2] }
function ms(ns,   us) { us = int(ns / 1000); return sprintf("%d.%03d", int(us / 1000), us % 1000) }
function woken(p, ts, cur, fl,   k, d, c) {
	if (!(p in since)) return
	c = substr(fl, 3, 1)
	if (c == "h" || c == "H") k = "[irq]"; else if (c == "s") k = soft ? "[softirq]@" cur : "[softirq]"
	else if (cur == 0) k = "[idle]"; else k = cur
	d = ts - since[p]
	k = p " " k " " st[p]
	n[k]++; tot[k] += d; if (d > mx[k]) mx[k] = d
	delete since[p]
}
function pid_field(s) { match(s, / pid=[0-9]+ /); return substr(s, RSTART + 5, RLENGTH - 6) + 0 }
{
	if (!match($0, / [0-9]+\.[0-9]+: [a-z_]+:/)) next
	hdr = substr($0, 1, RSTART - 1); rest = substr($0, RSTART + 1)
	split(rest, r, " "); ts = ns_of(substr(r[1], 1, length(r[1]) - 1))
	ev = r[2]; sub(/:$/, "", ev)
	# "COMM-PID  CPUFLAGS": flags like d.h2. after the CPU's digits
	nf = split(hdr, h, " "); fl = h[nf]; sub(/^[0-9]+/, "", fl)
	m = hdr; sub(/[ \t]+[^ \t]+[ \t]*$/, "", m); match(m, /-[0-9]+$/)
	cur = substr(m, RSTART + 1) + 0
	if (ev != "kernel_stack" && (cur in since)) delete since[cur]
	if (ev == "sched_switch") {
		match(rest, /:[0-9]+ \[-?[0-9]+\] [^ ]+ ==> /)
		split(substr(rest, RSTART + 1, RLENGTH - 6), a, " ")
		nx = substr(rest, RSTART + RLENGTH)
		match(nx, /:[0-9]+ \[-?[0-9]+\][ \t]*$/)
		nx = substr(nx, RSTART + 1) + 0
		if (nx in since) delete since[nx]
		c = substr(a[3], 1, 1)
		if (c == "S" || c == "D") { since[a[1] + 0] = ts; st[a[1] + 0] = c }
	} else if (ev == "sched_waking")
		woken(pid_field(rest), ts, cur, fl)
	else if (ev == "sched_wakeup_new") {
		match(rest, /:[0-9]+ \[-?[0-9]+\] CPU:/)
		woken(substr(rest, RSTART + 1) + 0, ts, cur, fl)
	} else if (ev == "task_newtask" || ev == "sched_process_exit")
		delete since[pid_field(rest)]
}
END { for (k in n) print k, n[k], ms(tot[k]), ms(mx[k]) }
