#!/usr/bin/env python3
# race_landscape.py — a search space's landscape as a device measured it, for replaying searches
# off the device (tests/unit/test_race_landscape.c): every configuration any clx search or Kernel
# Tuner run of sgemm measured, with its GFLOP/s (the median of its rounds or evaluations). Kernel
# Tuner's figures run 1-3% below clx's for the same configuration, so they are scaled by the median
# ratio over the configurations both measured; clx's own figure is kept where it has one.
# Usage: race_landscape.py OUT.tsv CLX_SEARCH... KT_LOG.jsonl[.xz]...   (standard library alone)
#        CLX_SEARCH: a search's folder, or its search.tsv (.xz too: the records under docs/results);
#        a name ending in .jsonl or .jsonl.xz is a Kernel Tuner log
import csv, json, lzma, os, statistics, sys

PARAMS = ['MWG', 'NWG', 'KWG', 'MDIMC', 'NDIMC', 'VWM', 'VWN', 'SA', 'SB', 'KWI', 'PAD']


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: race_landscape.py OUT.tsv CLX_SEARCH... KT_LOG.jsonl[.xz]...')
    clx, kt = {}, {}
    for a in sys.argv[2:]:
        opener = lzma.open if a.endswith('.xz') else open
        if not a.endswith(('.jsonl', '.jsonl.xz')):
            with opener(os.path.join(a, 'search.tsv') if os.path.isdir(a) else a, 'rt', newline='') as f:
                for r in csv.DictReader(f, delimiter='\t'):
                    if r['ok'] == '1':
                        c = dict(kv.split('=', 1) for kv in r['variant'].split(','))
                        clx.setdefault(tuple(int(c[p]) for p in PARAMS), []).append(float(r['round_GFLOP/s']))
            continue
        with opener(a, 'rt') as f:
            lines = [json.loads(l) for l in f if l.strip()]
        summary = next(l for l in lines if l.get('summary'))
        flop = 2.0 * summary['mnk'] ** 3
        for e in lines:
            if not e.get('summary') and e.get('time_ms'):
                kt.setdefault(tuple(int(e['params'][p]) for p in PARAMS), []).append(flop / (e['time_ms'] * 1e-3) / 1e9)
    both = [k for k in kt if k in clx]
    scale = statistics.median(statistics.median(clx[k]) / statistics.median(kt[k]) for k in both) if both else 1
    with open(sys.argv[1], 'w') as w:
        print('\t'.join(PARAMS + ['gflops', 'from']), file=w)
        for k in sorted(set(clx) | set(kt)):
            g, src = (statistics.median(clx[k]), 'clx') if k in clx else (statistics.median(kt[k]) * scale, 'kt')
            print('\t'.join(map(str, k)) + '\t%.1f\t%s' % (g, src), file=w)
    print('%d configurations (%d clx, %d Kernel Tuner only; its figures x %.4f, the median over %d both measured)'
          % (len(set(clx) | set(kt)), len(clx), len(set(kt) - set(clx)), scale, len(both)))


if __name__ == '__main__':
    main()
