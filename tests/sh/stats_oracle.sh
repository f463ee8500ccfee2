#!/bin/sh
# stats_oracle.sh: our statistics (renderer/analysis/stats*.c) agree with R's wilcox.test, ks.test, quantile(type = 7), mad, sd and p.adjust("BH") to 1e-9 relative on 300 generated cases (ties, n = 1..60, unequal sizes, a few large), and our exact KS p-values with exact fractions (docs/sets.md).
. tests/sh/lib/tap.sh.inc

T=${BC_TMP:?BC_TMP must be set}
tool=$BC_BUILD/tests/tools/stats_oracle
TOL=1e-9
CASES=300

"$tool" gen 40 $CASES >"$T/cases" || { notok "stats_oracle gen"; exit 1; }
check "$CASES cases generated" [ "$(wc -l <"$T/cases")" -eq $CASES ]
"$tool" run <"$T/cases" >"$T/ours"
check "stats_oracle run reads every case" \
    [ "$(grep -vc '^bh' "$T/ours")" -eq $CASES ]

# What the cases cover, by our own flags (columns 1-4: m n mw_exact
# ks_exact) and the values' ties.
kinds=$(awk '$1 != "bh" { c++; e += $3; k += $4; big += ($1 >= 50 || $2 >= 50) }
    END { printf "%d exact Mann-Whitney, %d normal; %d exact KS, %d limit; %d with a set of 50 or more",
    e, c - e, k, c - k, big }' "$T/ours")
ties=$(awk '{ delete s; t = 0; for (i = 3; i <= NF; i++) { if ($i in s) t = 1; s[$i] } n += t }
    END { print n + 0 }' "$T/cases")
check "the cases cover both ways of each test ($kinds; $ties with ties)" \
    sh -c '[ "$1" -ge 50 ] && ! echo "$2" | grep -Eq "(^| )0 "' _ "$ties" "$kinds"

if ! command -v Rscript >/dev/null 2>&1; then
	ok "agreement with R # SKIP no Rscript (Debian r-base-core; scripts/deps.sh installs it)"
else
	Rscript tests/sh/lib/stats_oracle.R "$T/ours" <"$T/cases" >"$T/r" 2>"$T/r.err"
	check "R read every case ($(R --version | head -n 1))" \
	    [ "$(grep -vc '^bh' "$T/r")" -eq $CASES ]
	awk -v tol=$TOL -f tests/sh/lib/stats_compare.awk "$T/ours" "$T/r" \
	    >"$T/cmp"
	sed 's/^/# /' "$T/cmp"
	max=$(awk '$1 == "max" { print $2, $3, $4 }' "$T/cmp")
	set -- $max
	check "p-values, W, D, HL, Cliff's delta, quantiles, MAD, mean, SD and BH as R's within $TOL relative on $2 cases (max $1; $3 over)" \
	    sh -c '[ "$1" = 0 ] && [ "$2" -eq '$CASES' ]' _ "$3" "$2"
fi

if ! command -v python3 >/dev/null 2>&1; then
	ok "exact KS p-values # SKIP no python3"
else
	python3 tests/sh/lib/ks_exact.py <"$T/cases" >"$T/exact"
	worst=$(grep -v '^bh' "$T/ours" | awk '{ print $8 }' | paste - "$T/exact" |
	    awk '$2 != "NA" { n++; d = $1 - $2; if (d < 0) d = -d
		r = $2 > 0 ? d / $2 : d; if (r > w) w = r }
		END { printf "%d %.3g %d", n, w, (w > 1e-12) }')
	set -- $worst
	check "our exact KS p-values as exact fractions within 1e-12 relative ($1 cases, max $2)" \
	    [ "$3" -eq 0 ]
fi
