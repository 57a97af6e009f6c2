#!/usr/bin/env python3
# noisy-calibration.py — how well a rule for the `noisy` flag predicts which rows move between runs:
# over three A/A runs of volkov_fma, vecsum, memcopy_ilp and taylor, the share of flagged rows that
# differ by more than 1% from another run, the share of rows differing by more than 2% that a flag
# (noisy or launch-bound) caught, and the share of memcopy_ilp's rows flagged (docs/timing.md,
# "What noisy means"). Usage: noisy-calibration.py DIR, DIR holding EXP-j.tsv, EXP-k.tsv, EXP-l.tsv
# (the runs of docs/results/nvidia-h200/floor-2026-11-27/call4, whose rows are in git at 44b187e^:
#   for e in memcopy_ilp taylor vecsum volkov_fma; do for r in j k l; do
#     git show 44b187e^:docs/results/nvidia-h200/floor-2026-11-27/call4/$e-$r.tsv.xz | xz -d > DIR/$e-$r.tsv
#   done; done).
import csv, sys

EXPS = ['memcopy_ilp', 'taylor', 'vecsum', 'volkov_fma']


def load(path):
    rows = {}
    with open(path) as f:
        r = csv.reader(f, delimiter='\t')
        head = next(r)
        c = {k: i for i, k in enumerate(head)}
        nkey = head.index('status')   # the columns before status name the configuration
        for x in r:
            if x[c['status']] != 'ok':
                continue
            rows[tuple(x[:nkey])] = dict(t=float(x[c['median_ms']]), spread=float(x[c['spread']] or 0),
                                         se=float(x[c['time_se']] or 0), rounds=int(x[c['rounds']] or 0),
                                         flag=x[c['flag']])
    return rows


def rows_of(d, e):
    runs = [load(f'{d}/{e}-{r}.tsv') for r in 'jkl']
    out = []
    for k in set(runs[0]) & set(runs[1]) & set(runs[2]):
        ts = [run[k]['t'] for run in runs]
        for i in range(3):
            moved = max(abs(ts[i] - ts[j]) / ts[i] for j in range(3) if j != i)
            out.append(dict(moved=moved, **runs[i][k]))
    return out


RULES = {
    'as flagged then (spread > 3%)': lambda x: 'noisy' in x['flag'],
    'time_se > 1% (spread > 3% with two rounds)': lambda x: x['se'] > 0.01 if x['rounds'] >= 3 else x['spread'] > 0.03,
}


def main():
    d = sys.argv[1]
    data = {e: rows_of(d, e) for e in EXPS}
    print("| rule | experiment | rows (each run's) | moved > 2% | flagged noisy | of those moved > 1% | moved > 2% caught (noisy or launch-bound) |")
    print('|---|---|---:|---:|---:|---:|---:|')
    for name, rule in RULES.items():
        for e in EXPS + ['all']:
            xs = [x for k in EXPS for x in data[k]] if e == 'all' else data[e]
            big = [x for x in xs if x['moved'] > 0.02]
            fl = [x for x in xs if rule(x)]
            moved1 = f"{100 * sum(x['moved'] > 0.01 for x in fl) / len(fl):.0f}%" if fl else '-'
            caught = f"{100 * sum(rule(x) or 'launch-bound' in x['flag'] for x in big) / len(big):.0f}%" if big else '-'
            print(f'| {name} | {e} | {len(xs)} | {len(big)} | {len(fl)} ({100 * len(fl) / len(xs):.1f}%) | {moved1} | {caught} |')


main()
