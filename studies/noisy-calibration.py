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
# Options: --runs XYZ: the three runs' letters (jkl by default; call1's abc, call2's def and call3's ghi
# of the same folder, at 44b187e^ too, are three more A/A sets the rule was not chosen on). --se:
# score the standard error recomputed from each row's trials_ms (split into its rounds as clx split
# them) by several estimators of the rounds' scatter (ESTIMATORS below), instead of the rules
# above; the first, the standard deviation, gives back each row's time_se. --trim-table: print the
# table src/measure/rounds.c divides the standard deviation less the farthest round by. With no
# options the output is what it was (docs/timing.md, "What noisy means").
import argparse, csv, math, random, statistics

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
                                         flag=x[c['flag']], trials_ms=x[c['trials_ms']])
    return rows


def rows_of(d, e, letters='jkl'):
    runs = [load(f'{d}/{e}-{r}.tsv') for r in letters]
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


# What follows recomputes a row's standard error as src/measure/rounds.c does (rounds_summarize), with
# the scatter of its round medians taken by one estimator or another; the trials' predicted noise
# floors it as there.

def trials_of(x):
    """The row's trials in rounds (rounds_trials: as even as can be, the earlier rounds taking the
    rest) and each round's median; None where the cells do not say."""
    ms = [float(v) for v in x['trials_ms'].split(';') if v]
    n = x['rounds']
    if n < 1 or len(ms) < n:
        return None
    out, i = [], 0
    for r in range(n):
        m = len(ms) // n + (r < len(ms) % n)
        out.append(ms[i:i + m])
        i += m
    return out


def noise_of(rounds, meds, t):
    """The trials' predicted noise of a round's median, as a share of t (rounds.c's within_scale)."""
    dev = []
    for r, m in zip(rounds, meds):
        if len(r) >= 2:
            dev += [abs(v - m) * math.sqrt(len(r) / (len(r) - 1)) for v in r]
    scale = 1.4826 * statistics.median(dev) if dev else 0
    least = min(len(r) for r in rounds)
    return scale / math.sqrt(least) * (1.2533 if least >= 3 else 1) / t


def sd(v):
    """The sample standard deviation in floats, as rounds.c takes it (statistics.stdev's exact
    arithmetic is slow)."""
    m = sum(v) / len(v)
    return math.sqrt(sum((a - m) * (a - m) for a in v) / (len(v) - 1))


def mad(v):
    m = statistics.median(v)
    return 1.4826 * statistics.median([abs(a - m) for a in v])


def trim_raw(v):
    """The standard deviation of v less the value farthest from v's median."""
    m = statistics.median(v)
    far = max(range(len(v)), key=lambda i: abs(v[i] - m))
    return sd(v[:far] + v[far + 1:])


def trim_ratio(n, unbiased=False, draws=20000):
    """What trim_raw reads of n normal draws, on average: as a share of their standard deviation's
    mean (or, unbiased, of sigma); simulated, seeded by n, so that it is the same every time."""
    key = (n, unbiased, draws)
    if key not in TRIM:
        g = random.Random(n)
        t = s = 0
        for _ in range(draws):
            v = [g.gauss(0, 1) for _ in range(n)]
            t += trim_raw(v)
            s += 1 if unbiased else sd(v)
        TRIM[key] = t / s
    return TRIM[key]


TRIM = {}


def trim_sd(v):
    """From 5 rounds on, the standard deviation of the rounds less the one farthest from their
    median, over trim_ratio: on steady rounds it reads what their standard deviation reads, on
    average; one round far from the rest no longer carries it. Under 5: the standard deviation."""
    return trim_raw(v) / trim_ratio(len(v)) if len(v) >= 5 else sd(v)


def trim_sigma(v):
    """As trim_sd, over what trim_raw reads of sigma instead (so, on steady rounds, above the
    standard deviation of 5 rounds by 6%: its mean is 0.94 sigma)."""
    return trim_raw(v) / trim_ratio(len(v), True) if len(v) >= 5 else sd(v)


ESTIMATORS = {
    'sd (as now, recomputed)': sd,
    'mad': mad,
    'sd less the farthest round, to sigma': trim_sigma,
    'sd less the farthest round (rounds.c since 2026-12-01)': trim_sd,
}


def recompute(x, est):
    """The row's standard error by est, as a share of its time; None where its cells do not say."""
    rounds = trials_of(x)
    if rounds is None:
        return None
    meds = [statistics.median(r) for r in rounds]
    n = len(meds)
    if n < 3:
        return 0.0
    t = statistics.median(meds)
    scatter = max(est(meds) / t, noise_of(rounds, meds, t))
    return 1.2533 * scatter / math.sqrt(n)


def se_rules():
    rules = {}
    for name, est in ESTIMATORS.items():
        def rule(x, est=est, key=name):
            if key not in x:
                x[key] = recompute(x, est)
            se = x[key]
            return se > 0.01 if x['rounds'] >= 3 else x['spread'] > 0.03
        rules[f'time_se by {name} > 1%'] = rule
    return rules


def main():
    ap = argparse.ArgumentParser(description='score rules for the noisy flag on three A/A runs')
    ap.add_argument('dir')
    ap.add_argument('--runs', default='jkl', help="the three runs' letters (EXP-X.tsv)")
    ap.add_argument('--se', action='store_true', help="score standard errors recomputed from each row's trials, in its rounds, by several estimators")
    ap.add_argument('--trim-table', action='store_true', help="print trim_ratio for 5-64 rounds as src/measure/rounds.c's table")
    a = ap.parse_args()
    if a.trim_table:
        for lo in range(5, 65, 10):
            print('    ' + ', '.join(f'{trim_ratio(n):.4f}' for n in range(lo, min(lo + 10, 65))) + ',')
        return
    d = a.dir
    data = {e: rows_of(d, e, a.runs) for e in EXPS}
    rules = se_rules() if a.se else RULES
    if a.se:
        xs = [x for k in EXPS for x in data[k] if x['rounds'] >= 3]
        now = ESTIMATORS['sd (as now, recomputed)']
        same = sum(abs((recompute(x, now) or 0) - x['se']) <= 0.005 * x['se'] + 1e-5 for x in xs)
        print(f'rows of 3 rounds and more: {len(xs)}; the error recomputed by the standard deviation is their time_se (within 0.5%) in {same}\n')
    print("| rule | experiment | rows (each run's) | moved > 2% | flagged noisy | of those moved > 1% | moved > 2% caught (noisy or launch-bound) |")
    print('|---|---|---:|---:|---:|---:|---:|')
    for name, rule in rules.items():
        for e in EXPS + ['all']:
            xs = [x for k in EXPS for x in data[k]] if e == 'all' else data[e]
            big = [x for x in xs if x['moved'] > 0.02]
            fl = [x for x in xs if rule(x)]
            moved1 = f"{100 * sum(x['moved'] > 0.01 for x in fl) / len(fl):.0f}%" if fl else '-'
            caught = f"{100 * sum(rule(x) or 'launch-bound' in x['flag'] for x in big) / len(big):.0f}%" if big else '-'
            print(f'| {name} | {e} | {len(xs)} | {len(big)} | {len(fl)} ({100 * len(fl) / len(xs):.1f}%) | {moved1} | {caught} |')


main()
