#!/usr/bin/env python3
"""ks_exact.py: the exact two-sided two-sample KS p-value of each case on stdin ("m n a... b..."), by counting lattice paths in Python's whole numbers, the p a fraction rounded once: the check of tests/sh/stats_oracle.sh where R's own rounding (1 - P(D < d)) is coarser than 1e-9; NA where m*n >= 10000 (the limit distribution)."""
import sys
from math import comb
from fractions import Fraction
def ksp(a, b):
    """P(D >= the observed D) for the sets a and b, exactly."""
    m, n = len(a), len(b)
    u = sorted([(x, 1) for x in a] + [(x, 0) for x in b])
    N = m + n
    ends = [False] * (N + 1)
    i = j = 0; best = 0
    for k in range(1, N + 1):
        if u[k-1][1]: i += 1
        else: j += 1
        ends[k] = k == N or u[k][0] != u[k-1][0]
        if ends[k]: best = max(best, abs(i*n - j*m))
    # paths that never touch |i n - j m| >= best where a run of equal
    # values ends (ties: the ECDFs jump over a run as one)
    row = [0] * (n + 1)
    for i in range(m + 1):
        for j in range(n + 1):
            if i == 0 and j == 0: row[j] = 1
            else: row[j] = (row[j] if i > 0 else 0) + (row[j-1] if j > 0 else 0)
            if i + j > 0 and ends[i+j] and abs(i*n - j*m) >= best: row[j] = 0
    return Fraction(comb(N, m) - row[n], comb(N, m))
for line in sys.stdin:
    v = line.split(); m, n = int(v[0]), int(v[1])
    a = [float(x) for x in v[2:2+m]]; b = [float(x) for x in v[2+m:2+m+n]]
    print("%.17g" % float(ksp(a, b)) if m*n < 10000 else "NA")
