# parents.awk: turns `bootchart-render --dump-tree` output (pre-order, tab
# separated: pid name start duration children samples) into lines
# "pid<TAB>name<TAB>parent pid<TAB>parent name" (parent "-" for roots).
BEGIN { FS = "\t"; OFS = "\t"; depth = 0 }
NF >= 6 {
	# Leave every ancestor whose children have all been listed.
	while (depth > 0 && left[depth] == 0)
		depth--
	if (depth > 0) {
		print $1, $2, spid[depth], sname[depth]
		left[depth]--
	} else
		print $1, $2, "-", "-"
	depth++
	spid[depth] = $1
	sname[depth] = $2
	left[depth] = $5 + 0
}
