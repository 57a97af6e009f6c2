#!/usr/bin/env python3
# race_landscape.py — a search space's landscape as a device measured it, for replaying searches
# off the device (tests/unit/test_race_landscape.c): every configuration any clx search or Kernel
# Tuner run of sgemm measured, with its GFLOP/s (the median of its rounds or evaluations). Kernel
# Tuner's figures run 1-3% below clx's for the same configuration, so they are scaled by the median
# ratio over the configurations both measured; clx's own figure is kept where it has one.
# Usage: race_landscape.py [--fill SPACE] OUT.tsv CLX_SEARCH... KT_LOG.jsonl[.xz]...   (standard library alone)
#        CLX_SEARCH: a search's folder, or its search.tsv (.xz too: the records under docs/results);
#        a name ending in .jsonl or .jsonl.xz is a Kernel Tuner log
#        --fill SPACE: every configuration of the space (SPACE: `clx dump sgemm`'s list, one
#        PARAM=VALUE,... a line) that nothing measured joins, its figure drawn (seeded) from what
#        Kernel Tuner's random_sample runs measured under 30 TFLOP/s: those draw uniformly from the
#        space, and the searches measured nearly all of its few faster places. A landscape as large
#        as the space, where a random draw is as rarely fast as on the device ('from' = fill).
import csv, json, lzma, os, random, statistics, sys

PARAMS = ['MWG', 'NWG', 'KWG', 'MDIMC', 'NDIMC', 'VWM', 'VWN', 'SA', 'SB', 'KWI', 'PAD']


def main():
    args, space = sys.argv[1:], None
    if args[:1] == ['--fill']:
        space, args = args[1], args[2:]
    if len(args) < 2:
        sys.exit('usage: race_landscape.py [--fill SPACE] OUT.tsv CLX_SEARCH... KT_LOG.jsonl[.xz]...')
    clx, kt, drawn = {}, {}, []
    for a in args[1:]:
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
                if summary.get('strategy') == 'random_sample':
                    drawn.append(flop / (e['time_ms'] * 1e-3) / 1e9)
    both = [k for k in kt if k in clx]
    scale = statistics.median(statistics.median(clx[k]) / statistics.median(kt[k]) for k in both) if both else 1
    filled = 0
    with open(args[0], 'w') as w:
        print('\t'.join(PARAMS + ['gflops', 'from']), file=w)
        for k in sorted(set(clx) | set(kt)):
            g, src = (statistics.median(clx[k]), 'clx') if k in clx else (statistics.median(kt[k]) * scale, 'kt')
            print('\t'.join(map(str, k)) + '\t%.1f\t%s' % (g, src), file=w)
        if space:
            low = sorted(v * scale for v in drawn if v * scale < 30000)
            if not low:
                sys.exit('--fill: no random_sample evaluations among the Kernel Tuner logs')
            rng = random.Random(5)
            for line in open(space):
                if '=' not in line or line.startswith('e.g.'):
                    continue
                c = dict(kv.split('=', 1) for kv in line.strip().split(','))
                k = tuple(int(c[p]) for p in PARAMS)
                if k not in clx and k not in kt:
                    print('\t'.join(map(str, k)) + '\t%.1f\tfill' % rng.choice(low), file=w)
                    filled += 1
    print('%d configurations (%d clx, %d Kernel Tuner only; its figures x %.4f, the median over %d both measured)%s'
          % (len(set(clx) | set(kt)), len(clx), len(set(kt) - set(clx)), scale, len(both),
             '; %d more filled from %d random draws' % (filled, len(drawn)) if space else ''))


if __name__ == '__main__':
    main()
