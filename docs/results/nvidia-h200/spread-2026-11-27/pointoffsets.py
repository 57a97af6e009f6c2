# pointoffsets.py — how much of two runs' per-row difference is one offset per launch point, and
# whether consecutive points share it (a spell longer than a point). Used on taylor's 5-50 us rows
# for docs/timing.md; run as: python3 pointoffsets.py A.tsv B.tsv (results.tsv of two runs, or
# these extracts unpacked by zcat).
import csv, math, statistics as st, sys
def load(f):
    rows, order = {}, []
    for r in csv.DictReader(open(f), delimiter='\t'):
        if r['status'] != 'ok': continue
        pt = (r['N'], r['TERMS'])
        if pt not in order: order.append(pt)
        rows[(r['variant'], r['N'], r['TERMS'], r['local'])] = float(r['median_ms'])
    return rows, order
a, order = load(sys.argv[1]); b, _ = load(sys.argv[2])
keys = [k for k in a if k in b and 0.005 <= a[k] < 0.05]
lr = {k: math.log(b[k] / a[k]) for k in keys}
off = {}
for k in keys: off.setdefault((k[1], k[2]), []).append(lr[k])
off = {p: st.median(v) for p, v in off.items() if len(v) > 5}
q95 = lambda v: sorted(v)[int(0.95 * len(v))]
print('p95 per-row difference %.4f; with each point\'s offset taken out %.4f' %
      (q95([math.exp(abs(x)) - 1 for x in lr.values()]), q95([math.exp(abs(lr[k] - off[(k[1], k[2])])) - 1 for k in keys if (k[1], k[2]) in off])))
o = [off[p] for p in order if p in off]; mu = st.mean(o)
c0 = sum((x - mu) ** 2 for x in o); c1 = sum((o[i] - mu) * (o[i + 1] - mu) for i in range(len(o) - 1))
print('point offsets: sd %.4f, lag-one correlation %.2f over %d points' % (math.sqrt(c0 / len(o)), c1 / c0, len(o)))
