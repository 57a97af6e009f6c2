#!/usr/bin/env python3
# ad-table.py — call ad's taylor runs, A (f658ab2) against B (9066f17), three each: by row time, the
# 95th percentile of the per-row difference within each arm's pairs, B over A in the median (the
# geometric means of each arm's three), and the median spread of the rows' rounds in each arm.
# Usage: ad-table.py DIR (DIR holding tay-A1 ... tay-B3, each with one run folder *-2026*)
import csv, glob, statistics as st, sys
d = sys.argv[1]
def load(n):
    f = glob.glob(f'{d}/tay-{n}/*-2026*/results.tsv')[0]
    lines = [l for l in open(f) if not l.startswith('#')]
    r = csv.DictReader(lines, delimiter='\t'); cols = r.fieldnames; ks = cols.index('status')
    return {tuple(x[c] for c in cols[:ks]): x for x in r if x['status'] == 'ok'}
R = {n: load(n) for n in ['A1', 'A2', 'A3', 'B1', 'B2', 'B3']}
def p95(a, b, lo, hi):
    v = sorted(max(t) / min(t) - 1 for k in R[a] for t in [(float(R[a][k]['median_ms']), float(R[b][k]['median_ms']))] if lo <= min(t) < hi)
    return 100 * v[int(0.95 * len(v))], len(v)
print('| rows | n | A-A p95 | B-B p95 | B over A | spread A, B |')
print('|---|---:|---|---|---:|---|')
for name, lo, hi in [('under 5 us', 0, 0.005), ('5-50 us', 0.005, 0.05), ('50-200 us', 0.05, 0.2), ('0.2-1 ms', 0.2, 1), ('1 ms and more', 1, 1e9), ('50 us and more', 0.05, 1e9)]:
    aa = [p95(x, y, lo, hi)[0] for x, y in [('A1', 'A2'), ('A1', 'A3'), ('A2', 'A3')]]
    bb = [p95(x, y, lo, hi)[0] for x, y in [('B1', 'B2'), ('B1', 'B3'), ('B2', 'B3')]]
    gm = lambda k, arm: (float(R[arm + '1'][k]['median_ms']) * float(R[arm + '2'][k]['median_ms']) * float(R[arm + '3'][k]['median_ms'])) ** (1 / 3)
    ks = [k for k in R['A1'] if lo <= gm(k, 'A') < hi]
    rs = [gm(k, 'B') / gm(k, 'A') - 1 for k in ks]
    sp = lambda arm: 100 * st.median([st.median([float(R[arm + i][k]['spread']) for k in ks]) for i in '123'])
    print(f"| {name} | {len(ks)} | {', '.join(f'{x:.2f}%' for x in aa)} | {', '.join(f'{x:.2f}%' for x in bb)} | {100 * st.median(rs):+.2f}% | {sp('A'):.2f}%, {sp('B'):.2f}% |")
