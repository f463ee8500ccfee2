# grubwords.awk: splits a grub.cfg command line into the words GRUB's parser gives, one per output line; exits 2 on anything GRUB would expand or treat as syntax.
#
# The rules are the subset of GRUB's lexer a generated line may use:
# blanks separate words, '...' is literal, \c outside quotes is c, and
# "..." is literal except for \\ \" \$.  An unquoted or double-quoted $
# (a variable), an unquoted ; | & < > ( ) { } or # and an unclosed
# quote are errors: generated text must not rely on them.
function fail(msg) {
	printf "grubwords: line %d: %s\n", NR, msg > "/dev/stderr"
	bad = 1
	exit 2
}
{
	s = $0; n = length(s); w = ""; inword = 0; i = 1
	while (i <= n) {
		c = substr(s, i, 1)
		if (c == " " || c == "\t") {
			if (inword) print w
			w = ""; inword = 0; i++; continue
		}
		if (!inword && c == "#") fail("comment")
		inword = 1
		if (c == "'") {
			j = index(substr(s, i + 1), "'")
			if (j == 0) fail("unclosed '")
			w = w substr(s, i + 1, j - 1); i += j + 1; continue
		}
		if (c == "\"") {
			i++
			while (1) {
				if (i > n) fail("unclosed \"")
				c = substr(s, i, 1)
				if (c == "\"") break
				if (c == "$") fail("variable in \"...\"")
				if (c == "\\" && index("\\\"$", substr(s, i + 1, 1)) > 0) {
					i++; c = substr(s, i, 1)
				}
				w = w c; i++
			}
			i++; continue
		}
		if (c == "\\") {
			if (i == n) fail("backslash at end of line")
			w = w substr(s, i + 1, 1); i += 2; continue
		}
		if (c == "$") fail("unquoted variable")
		if (index(";|&<>(){}", c) > 0) fail("unquoted " c)
		w = w c; i++
	}
	if (inword) print w
}
