#!/usr/bin/env python3
# race_vs_kt.py — issue 46, item 3: clx run --search beside Kernel Tuner on sgemm, from one device
# call's outputs: each clx search folder (search.tsv: every round with the seconds since the run
# began, wall_s, and the best after it) and each Kernel Tuner log of studies/kt_sgemm.py (a JSON
# line per evaluation with its UTC timestamp, and a summary with the harness's start). For each
# run: its evaluations, the best GFLOP/s it found by its own measuring, and the wall seconds it
# took to first hold a configuration within 1% of the best known (the best any run found; pass
# --best G to give one measured apart, e.g. every run's pick measured again by clx in the call).
# Two tools' own figures differ (on the H200 Kernel Tuner's ran 1-3% below clx's for the same
# configuration), so with --measured TSV (columns run and gflops: each pick measured again by one
# tool) each run is also judged by its pick so measured, and timed from when it first held it.
# A median over a tool's runs counts a run that never got within 1% as never (infinite): a median
# of only those that got there would praise a tool for its misses.
# Usage: race_vs_kt.py [--best GFLOPS] [--measured TSV] [--tsv OUT] [--curves OUT] CLX_SEARCH_DIR... KT_LOG.jsonl...
#        (--curves: each run's best so far against its wall seconds, a line a step, for a plot;
#        --ecdf OUT with --measured: for each tool, the share of its runs whose pick, measured again,
#        is within 1% of the best known and held by then, against the wall seconds, a line a step;
#        --medians OUT: for each tool, the median over its runs of the best so far, by each run's own
#        figures, as a share of the best known, every half second)
#        race_vs_kt.py --picks CLX_SEARCH_DIR... KT_LOG.jsonl...   (each run's pick as clx --set
#        options, a line each after the run's label and a tab: to measure them all again with clx)
# Standard library alone.
import csv, datetime, json, os, statistics, sys


def clx_run(d):
    """(label, evaluations, best GFLOP/s, [(wall_s, best GFLOP/s so far)])"""
    js = json.load(open(os.path.join(d, 'run.json')))
    with open(os.path.join(d, 'search.tsv'), newline='') as f:
        steps = list(csv.DictReader(f, delimiter='\t'))
    traj = [(float(s['wall_s']), float(s['best_GFLOP/s'])) for s in steps if s['best_GFLOP/s'] not in ('', 'nan')]
    return ('clx seed %s' % js['search']['seed'], len(steps), max((b for _, b in traj), default=float('nan')), traj)


def kt_run(path):
    lines = [json.loads(l) for l in open(path) if l.strip()]
    summary = next(l for l in lines if l.get('summary'))
    t0 = datetime.datetime.fromisoformat(summary['started_utc'])
    flop = 2.0 * summary['mnk'] ** 3
    traj, best = [], 0.0
    evals = [l for l in lines if not l.get('summary')]
    for e in evals:
        ts = datetime.datetime.fromisoformat(str(e['timestamp']).replace('Z', '+00:00'))
        if e.get('time_ms'):
            best = max(best, flop / (e['time_ms'] * 1e-3) / 1e9)
        traj.append(((ts - t0).total_seconds(), best))
    traj.sort()
    return ('KT %s seed %s' % (summary['strategy'], summary['seed']), len(evals), best, traj)


def held_from(a):
    """The wall seconds from which the run held, as its best, the configuration it ended with."""
    if os.path.isdir(a):
        with open(os.path.join(a, 'search.tsv'), newline='') as f:
            steps = list(csv.DictReader(f, delimiter='\t'))
        last = steps[-1]['best'] if steps else None
        return next((float(s['wall_s']) for s in steps if s['best'] == last), float('nan'))
    lines = [json.loads(l) for l in open(a) if l.strip()]
    summary = next(l for l in lines if l.get('summary'))
    t0 = datetime.datetime.fromisoformat(summary['started_utc'])
    for e in lines:
        if not e.get('summary') and e.get('params') == summary.get('best'):
            return (datetime.datetime.fromisoformat(str(e['timestamp']).replace('Z', '+00:00')) - t0).total_seconds()
    return float('nan')


def pick_of(a):
    """The run's best configuration as its template parameters."""
    if os.path.isdir(a):
        variant = json.load(open(os.path.join(a, 'run.json')))['search'].get('best', '').split(' ')[0]
        return dict(kv.split('=', 1) for kv in variant.split(',') if '=' in kv)
    summary = next(json.loads(l) for l in open(a) if l.strip() and json.loads(l).get('summary'))
    return summary.get('best') or {}


def median_or_never(ts):
    """The median of the seconds, a miss (NaN) counted as never: '-' where the median is a miss."""
    m = statistics.median([t if t == t else float('inf') for t in ts])
    return '%.1f' % m if m != float('inf') else '- (never)'


def main():
    args, best_given, out, curves, ecdf, medians = sys.argv[1:], None, None, None, None, None
    if args and args[0] == '--picks':
        for a in args[1:]:
            label = (clx_run if os.path.isdir(a) else kt_run)(a)[0]
            print('%s\t%s' % (label, ' '.join('--set %s=%s' % kv for kv in sorted(pick_of(a).items()))))
        return
    measured = {}
    for flag in ('--best', '--tsv', '--measured', '--curves', '--ecdf', '--medians'):
        if flag in args:
            i = args.index(flag)
            if flag == '--best':
                best_given = float(args[i + 1])
            elif flag == '--curves':
                curves = args[i + 1]
            elif flag == '--ecdf':
                ecdf = args[i + 1]
            elif flag == '--medians':
                medians = args[i + 1]
            elif flag == '--measured':
                with open(args[i + 1], newline='') as f:
                    measured = {r['run']: float(r['gflops']) for r in csv.DictReader(f, delimiter='\t')}
            else:
                out = args[i + 1]
            del args[i:i + 2]
    runs = [clx_run(a) if os.path.isdir(a) else kt_run(a) for a in args]
    helds = [held_from(a) for a in args]
    if not runs:
        sys.exit('usage: race_vs_kt.py [--best GFLOPS] [--tsv OUT] CLX_SEARCH_DIR... KT_LOG.jsonl...')
    best = best_given or max(r[2] for r in runs)
    if curves:
        with open(curves, 'w') as c:
            print('run\tseconds\tbest_gflops\tshare_of_best_known', file=c)
            for label, _, _, traj in runs:
                for sec, g in traj:
                    print('%s\t%.3f\t%.1f\t%.4f' % (label, sec, g, g / best), file=c)
    if medians:
        with open(medians, 'w') as c:
            print('tool\tseconds\tmedian_share\truns', file=c)
            tools = {}
            for label, _, _, traj in runs:
                tools.setdefault(label.rsplit(' seed', 1)[0], []).append(traj)
            end = max((s for *_, traj in runs for s, _ in traj), default=0)
            for tool, trajs in tools.items():
                for k in range(int(end * 2) + 2):
                    t = k / 2
                    shares = [max((g for s, g in tr if s <= t), default=0) / best for tr in trajs]
                    print('%s\t%.1f\t%.4f\t%d' % (tool, t, statistics.median(shares), len(trajs)), file=c)
    w = open(out, 'w') if out else sys.stdout
    print('run\tevaluations\tbest_gflops\tshare_of_best_known\tto_1pct_s\tpick_measured_gflops\tpick_share\tpick_held_from_s',
          file=w)
    per_tool, per_pick = {}, {}
    for (label, n, b, traj), held in zip(runs, helds):
        t = next((s for s, g in traj if g >= 0.99 * best), float('nan'))
        tool = label.rsplit(' seed', 1)[0]
        per_tool.setdefault(tool, []).append(t)
        m = measured.get(label, float('nan'))
        if m == m:
            per_pick.setdefault(tool, []).append(held if m >= 0.99 * best else float('nan'))
        print('%s\t%d\t%.1f\t%.4f\t%.1f\t%.1f\t%.4f\t%.1f' % (label, n, b, b / best, t, m, m / best, held), file=w)
    print('# best known %.1f GFLOP/s%s' % (best, ' (given)' if best_given else ' (the best any run found)'), file=w)
    for tool, ts in per_tool.items():
        reached = [t for t in ts if t == t]
        print('# %s: %d of %d runs within 1%% by its own figures; median seconds to it %s' % (
            tool, len(reached), len(ts), median_or_never(ts)), file=w)
    for tool, ts in per_pick.items():
        reached = [t for t in ts if t == t]
        print('# %s: %d of %d picks measured again within 1%%; median seconds from which the run held it %s' % (
            tool, len(reached), len(ts), median_or_never(ts)), file=w)
    if ecdf:
        with open(ecdf, 'w') as c:
            print('tool\tseconds\tshare_within_1pct\truns', file=c)
            for tool, ts in per_pick.items():
                print('%s\t0\t0\t%d' % (tool, len(ts)), file=c)
                hits = sorted(t for t in ts if t == t)
                for k, t in enumerate(hits):
                    print('%s\t%.3f\t%.4f\t%d' % (tool, t, (k + 1) / len(ts), len(ts)), file=c)
                # The share held to the end of the longest run: a step plot ends there, not at the last hit.
                end = max((s for *_, traj in runs for s, _ in traj), default=0)
                print('%s\t%.3f\t%.4f\t%d' % (tool, end, len(hits) / len(ts), len(ts)), file=c)


if __name__ == '__main__':
    main()
